"""The review of a game, move by move: what each player played, the best move they had, what it
cost them, the scrabbles they missed and, in the endgame, the solver's line.

A classic game (saved, at a shared table, or a GCG file) is read as its GCG record: every move
whose rack is known is judged on the board it was played on. The static best is the placement
ranked first by its score plus the worth of the tiles it keeps (the leave values the Master
uses, :func:`~scrabble_fr.player.computer.leaves_for`; with the bag empty, going out counts
instead), and ``loss = best_score - score``: it can be negative when the move played scores more
than the best but keeps worse tiles. A move whose rack is unknown (an unfinished table's export
leaves them out) is not judged: ``best`` is None, never a guess. With ``simulation`` the best is
the Master's choice after its playouts, with the chances of winning it leaves.

A duplicate game is reviewed coup by coup against the top (its rule: the highest score, the
leave counts for nothing there): each player's proposal, its points, the top and its points,
and the words of the top the proposal lacked.

    >>> from scrabble_fr.records.gcg import parse_gcg
    >>> from scrabble_fr.words import WordSet
    >>> record = parse_gcg(">ana: ENSTUUV 8H NET +6 6\\n")
    >>> review = review_game(record, WordSet(["NET", "NETS", "SENT", "TENS", "VENT", "VENTS"]))
    >>> [(m.played, m.score, m.best, m.best_score, m.loss) for m in review.moves]
    [('8H NET', 6, '8D VENTS', 24, 18)]
    >>> review.missed_words("ana")
    ['VENTS']
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from scrabble_fr.engine.errors import ScrabbleError
from scrabble_fr.engine.move import Move, MoveKind, PlacedTile
from scrabble_fr.engine.position import Position
from scrabble_fr.engine.rules import Rules
from scrabble_fr.engine.wordlist import WordList
from scrabble_fr.records.gcg import GcgEvent, GcgGame
from scrabble_fr.records.replay import steps

if TYPE_CHECKING:
    from scrabble_fr.duplicate.game import DuplicateGame

Squares = tuple[str | None, ...]
ENDGAME_SECONDS = 2.0  # the solver's time for one endgame move (two searches), by default
SIMULATION_SECONDS = 2.0  # the Master's thinking time per move with ``simulation``
JUDGED_KINDS = ("place", "pass", "exchange")  # the GCG lines that are a player's choice


@dataclass(frozen=True)
class EndgameLine:
    """The solver's view of an endgame move: its best line and the final spread it leads to,
    the spread the move played led to, and whether every line was searched to the end."""

    line: tuple[str, ...]
    best_value: int
    played_value: int
    proven: bool

    @property
    def cost(self) -> int:
        return max(0, self.best_value - self.played_value)


@dataclass(frozen=True)
class MoveReview:
    """One move of one player, judged (``best`` None: the rack is unknown, it cannot be)."""

    number: int
    player: str
    rack: str | None
    played: str  # in the rules' notation; ``-`` a pass, ``-ABC`` an exchange
    score: int
    best: str | None
    best_score: int | None
    missed_bingo: str | None  # the best scrabble the rack had, when the move played is none
    played_words: tuple[str, ...] = ()
    best_words: tuple[str, ...] = ()
    bingo_words: tuple[str, ...] = ()
    before: Squares = ()  # the board the move was played on
    played_tiles: tuple[PlacedTile, ...] = ()
    best_tiles: tuple[PlacedTile, ...] = ()
    win_chance: float | None = None  # with simulation: the chances the move played leaves (if a candidate)
    best_win_chance: float | None = None  # … and those of the Master's choice
    endgame: EndgameLine | None = None

    @property
    def judged(self) -> bool:
        return self.best is not None

    @property
    def loss(self) -> int | None:
        """``best_score - score`` (None when the move is not judged)."""
        return None if self.best_score is None else self.best_score - self.score

    @property
    def chances_lost(self) -> float | None:
        if self.win_chance is None or self.best_win_chance is None:
            return None
        return max(0.0, self.best_win_chance - self.win_chance)

    @property
    def missed_words(self) -> list[str]:
        """The words of the best move the move played lacked, when the best scored more (a move
        that scored more but kept worse tiles missed no word), then those of a missed scrabble."""
        played = set(self.played_words)
        words: list[str] = []
        best = self.best_words if (self.loss or 0) > 0 else ()
        for word in (*best, *self.bingo_words):
            if word not in played and word not in words:
                words.append(word)
        return words

    def as_json(self) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "n": self.number, "player": self.player, "played": self.played, "score": self.score,
            "best": self.best, "best_score": self.best_score, "loss": self.loss,
            "missed_bingo": self.missed_bingo, "rack": self.rack,
        }
        if self.win_chance is not None or self.best_win_chance is not None:
            payload["win_chance"] = _rounded(self.win_chance)
            payload["best_win_chance"] = _rounded(self.best_win_chance)
        if self.endgame is not None:
            payload["endgame"] = {"line": list(self.endgame.line), "cost": self.endgame.cost,
                                  "proven": self.endgame.proven}
        return payload


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 3)


@dataclass(frozen=True)
class PlayerSummary:
    loss: int  # the points lost over the judged moves
    missed_bingos: int
    moves: int  # the moves played (judged or not)
    judged: int


@dataclass
class GameReview:
    """A reviewed game: its moves in order and the players' names (as the record gives them)."""

    rules: Rules
    players: list[str]
    moves: list[MoveReview] = field(default_factory=list)
    duplicate: bool = False

    def moves_of(self, player: str) -> list[MoveReview]:
        return [move for move in self.moves if move.player == player]

    def missed_words(self, player: str) -> list[str]:
        """The words ``player`` missed over the game (each once, in the game's order): those of
        each best move their move lacked, and the words of the scrabbles they missed."""
        words: list[str] = []
        for move in self.moves_of(player):
            for word in move.missed_words:
                if word not in words:
                    words.append(word)
        return words

    def summary(self, player: str) -> PlayerSummary:
        moves = self.moves_of(player)
        return PlayerSummary(
            loss=sum(move.loss or 0 for move in moves),
            missed_bingos=sum(1 for move in moves if move.missed_bingo),
            moves=len(moves),
            judged=sum(1 for move in moves if move.judged),
        )

    def as_json(self) -> dict[str, Any]:
        players = {}
        for name in self.players:
            summary = self.summary(name)
            players[name] = {"loss": summary.loss, "missed_bingos": summary.missed_bingos, "moves": summary.moves,
                             "judged": summary.judged, "missed_words": self.missed_words(name)}
        return {"moves": [move.as_json() for move in self.moves], "players": players,
                "kind": "duplicate" if self.duplicate else "classic"}


@dataclass(frozen=True)
class _Judgement:
    best: Move | None
    missed_bingo: Move | None
    played_chance: float | None = None
    best_chance: float | None = None


class _Judge:
    """The best move of a rack on a board: static, or the Master's with ``simulation``."""

    def __init__(self, rules: Rules, lexicon: WordList, players: int, simulation: bool, seconds: float) -> None:
        self.rules = rules
        self.lexicon = lexicon
        self.players = max(1, players)
        self.simulation = simulation
        self.seconds = seconds

    def position(self, before: Squares, rack: str) -> Position:
        racks = [rack] + [""] * (self.players - 1)
        position = Position(self.rules, racks=racks, lexicon=self.lexicon)
        position.board.squares = list(before)
        return position

    def judge(self, position: Position, played: Move | None) -> _Judgement:
        from scrabble_fr.player.computer import best_by_equity, leaves_for
        from scrabble_fr.player.generator import search_position
        from scrabble_fr.player.movegen import tiles_used, to_move

        view, found = search_position(position)
        if not found:
            return _Judgement(Move.pass_(), None)
        rack = position.rack.upper()
        bag = position.bag_estimate()
        raw, _equity, _kept = best_by_equity(view, found, rack, bag, leaves_for(self.rules, fitted=True))
        best = to_move(view, raw)
        bingo = None
        if _is_bingo(best, self.rules):
            bingo = best  # the best itself is the scrabble missed (when the move played is none)
        elif len(rack) == self.rules.rack_size:
            bingos = [item for item in found if len(tiles_used(view, item)) == self.rules.rack_size]
            if bingos:
                bingo = to_move(view, max(bingos, key=lambda item: item[0]))
        if played is not None and _is_bingo(played, self.rules):
            bingo = None
        if not self.simulation:
            return _Judgement(best, bingo)
        from scrabble_fr.player.computer import ComputerPlayer

        master = ComputerPlayer(6, random.Random(0), think_seconds=self.seconds)
        results = master.simulate(position, bag, view=view, found=found)
        if not results:
            return _Judgement(best, bingo)
        chosen = results[0]
        played_chance = next((r.chances for r in results if played is not None and r.move.tiles == played.tiles
                              and played.is_place), None)
        return _Judgement(chosen.move, bingo, played_chance, chosen.chances)


def _is_bingo(move: Move, rules: Rules) -> bool:
    return move.kind is MoveKind.PLACE and len(move.tiles) == rules.rack_size


def _words(move: Move | None) -> tuple[str, ...]:
    if move is None or move.kind is not MoveKind.PLACE:
        return ()
    return tuple(word.text.upper() for word in move.words)


def _move_text(move: Move, style: str) -> str:
    if move.kind is MoveKind.PASS:
        return "-"
    if move.kind is MoveKind.EXCHANGE:
        return "-" + move.exchanged
    return move.notation(style)


def review_game(
    source: GcgGame | DuplicateGame,
    lexicon: WordList,
    *,
    simulation: bool = False,
    seconds: float = SIMULATION_SECONDS,
    endgame_seconds: float | None = ENDGAME_SECONDS,
    progress: Callable[[int, int], None] | None = None,
    rules: Rules | None = None,
) -> GameReview:
    """The review of a classic game's GCG record or of a duplicate game (its closed coups).

    ``simulation`` (the Master's thinking ``seconds`` a move) and ``endgame_seconds`` (None leaves
    the endgame solver out) judge a classic game; a duplicate's best is the top, by its rule.
    ``progress(done, total)`` is told after each move judged (a screen shows it); ``rules``: those a
    classic game was played under, when known (a GCG record only tells its tile set)."""
    if isinstance(source, GcgGame):
        return _review_classic(source, lexicon, simulation, seconds, endgame_seconds, progress, rules)
    return _review_duplicate(source, lexicon, progress)


def _review_classic(record: GcgGame, lexicon: WordList, simulation: bool, seconds: float,
                    endgame_seconds: float | None, progress: Callable[[int, int], None] | None,
                    known_rules: Rules | None) -> GameReview:
    rules, record_steps = steps(record, known_rules)
    if rules is None:
        from scrabble_fr.records.errors import RecordError

        raise RecordError("gcg_unsupported_distribution", name=record.tile_distribution)
    names = dict(record.players)
    players = [full for _nick, full in record.players] or list(dict.fromkeys(s.event.nick for s in record_steps))
    review = GameReview(rules, players)
    judge = _Judge(rules, lexicon, len(players), simulation, seconds)
    style = rules.notation
    turns = [index for index, step in enumerate(record_steps) if step.event.kind in JUDGED_KINDS]
    totals: dict[str, int] = {}
    for index, step in enumerate(record_steps):
        event = step.event
        if event.kind == "withdrawn" and review.moves and review.moves[-1].player == names.get(event.nick, event.nick):
            # A placement taken back after a challenge scored nothing in the end.
            last = review.moves[-1]
            review.moves[-1] = _replace_score(last, last.score + event.score)
        if event.kind in JUDGED_KINDS:
            move = _judged_move(review, judge, record, record_steps, index, totals, names, style, endgame_seconds)
            review.moves.append(move)
            if progress is not None:
                progress(len(review.moves), len(turns))
        totals[event.nick] = event.total
    return review


def _replace_score(move: MoveReview, score: int) -> MoveReview:
    from dataclasses import replace

    return replace(move, score=score)


def _played_move(position: Position, event: GcgEvent, tiles: tuple[PlacedTile, ...]) -> Move | None:
    if event.kind == "pass":
        return Move.pass_()
    if event.kind == "exchange":
        return Move.exchange(event.exchanged) if event.exchanged.isalpha() or "?" in event.exchanged else None
    if not tiles:
        return None
    try:
        return position.describe(Move.place(tiles))
    except ScrabbleError:
        return None


def _judged_move(review: GameReview, judge: _Judge, record: GcgGame, record_steps: Sequence[Any], index: int,
                 totals: dict[str, int], names: dict[str, str], style: str,
                 endgame_seconds: float | None) -> MoveReview:
    step = record_steps[index]
    event: GcgEvent = step.event
    player = names.get(event.nick, event.nick)
    rack = (event.rack or "").upper() or None
    rules = judge.rules
    known = rack is not None and len(rack) <= rules.rack_size and all(ch == "?" or ch.isalpha() for ch in rack)
    board_position = judge.position(step.before, rack if known and rack else "")
    if known and rack is not None and len(rack) < rules.rack_size and board_position.bag_estimate() > 0:
        # Fewer tiles than a full rack with tiles still in the bag: the record shows only part of
        # the rack (a puzzle, an observer's notes), and a best found from part would be a guess.
        known = False
    played = _played_move(board_position, event, step.tiles)
    if played is not None:
        played_text = _move_text(played, style)
    else:  # a placement the board refused: shown as written
        played_text = f"{event.position} {event.word}" if event.kind == "place" else "-"
    number = len(review.moves) + 1
    if not known or rack is None:
        return MoveReview(number, player, rack, played_text, event.score, None, None, None,
                          played_words=_words(played), before=step.before,
                          played_tiles=played.tiles if played is not None else ())
    judgement = judge.judge(board_position, played)
    best = judgement.best or Move.pass_()
    endgame = None
    if endgame_seconds is not None and played is not None:
        endgame = _endgame_line(board_position, played, record, event, totals, style, endgame_seconds)
    bingo = judgement.missed_bingo
    return MoveReview(
        number, player, rack, played_text, event.score, _move_text(best, style), best.score or 0,
        bingo.notation(style) if bingo is not None else None,
        played_words=_words(played), best_words=_words(best), bingo_words=_words(bingo), before=step.before,
        played_tiles=played.tiles if played is not None else (), best_tiles=best.tiles,
        win_chance=judgement.played_chance, best_win_chance=judgement.best_chance, endgame=endgame,
    )


def _endgame_line(position: Position, played: Move, record: GcgGame, event: GcgEvent, totals: dict[str, int],
                  style: str, seconds: float) -> EndgameLine | None:
    """The solver's verdict on a move of a two-player endgame (the bag empty: the tiles the mover
    cannot see fit on one rack, so they are the opponent's), or None elsewhere."""
    if played.kind is MoveKind.EXCHANGE:
        return None
    other = next((nick for nick, _name in record.players if nick != event.nick), "")
    endgame = endgame_of(position, len(record.players), (event.total - event.score, totals.get(other, 0)))
    if endgame is None:
        return None
    from scrabble_fr.player.endgame import judge_move, solve

    try:
        verdict = judge_move(endgame, played, seconds=seconds)
        after = endgame.copy()
        after.push(verdict.best)
        line = solve(after, seconds=seconds / 2) if after.racks[0] and after.racks[1] else None
    except ScrabbleError:
        return None
    moves = [verdict.best, *(line.moves if line is not None else ())]
    return EndgameLine(tuple(_move_text(move, style) for move in moves), verdict.best_value,
                       verdict.played_value, verdict.proven)


def endgame_of(position: Position, players: int, scores: tuple[int, int]) -> Position | None:
    """The endgame to solve from ``position`` (the board and the mover's rack, first), or None
    when it is none: more than two players, or tiles left in the bag (those the mover cannot see
    do not fit on one rack). The opponent's rack is then the tiles the mover cannot see."""
    if players != 2 or not position.racks[0]:
        return None
    unseen = position.unseen(0)
    if not unseen or sum(unseen.values()) > position.rules.rack_size:
        return None
    endgame = position.copy()
    endgame.racks = [position.racks[0], "".join(sorted(unseen.elements()))]
    endgame.scores = list(scores)
    endgame.to_move = 0
    return endgame


def _review_duplicate(game: DuplicateGame, lexicon: WordList,
                      progress: Callable[[int, int], None] | None) -> GameReview:
    """Each coup of each player against the top."""
    rules = game.rules
    review = GameReview(rules, list(game.players), duplicate=True)
    style = rules.notation
    board = Position(rules, racks=[""], lexicon=lexicon)
    coups = game.closed_coups
    for done, coup in enumerate(coups, 1):
        before: Squares = tuple(board.board.squares)
        top = coup.top.move if coup.top is not None else None
        rack = coup.draw.tiles.upper()
        for index, player in enumerate(game.players):
            proposal = coup.proposals[index] if index < len(coup.proposals) else None
            played = proposal.move if proposal is not None and proposal.error is None else None
            played_text = _move_text(played, style) if played is not None else "-"
            score = coup.points(index)
            bingo = None
            if top is not None and _is_bingo(top, rules) and (played is None or not _is_bingo(played, rules)):
                bingo = top
            review.moves.append(MoveReview(
                len(review.moves) + 1, player, rack, played_text, score,
                _move_text(top, style) if top is not None else None, top.score or 0 if top is not None else None,
                bingo.notation(style) if bingo is not None else None,
                played_words=_words(played), best_words=_words(top), bingo_words=_words(bingo), before=before,
                played_tiles=played.tiles if played is not None and played.is_place else (),
                best_tiles=top.tiles if top is not None else (),
            ))
        placed = coup.board_move
        if placed is not None and placed.is_place:
            board.board.place(placed.tiles)
        if progress is not None:
            progress(done, len(coups))
    return review
