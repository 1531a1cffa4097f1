"""A duplicate game: every player faces the same draw on the same board; the board receives the top.

    >>> from scrabble_fr.words import WordSet
    >>> g = DuplicateGame(["Alice"], lexicon=WordSet(["NET", "NETS", "SENT", "NEST"]), seed=1, seconds=None)
    >>> g.current.number, len(g.current.draw.tiles), g.current.top is not None or g.current.draw.rejets > 0
    (1, 7, True)

Each coup (FISF rules, chapter 3): the draw is made (:mod:`.draw`) and the top chosen
(:mod:`.top`) before the clock starts; each player proposes one placement or nothing within the
time, marked as chapter 5 pays it (:mod:`.marking`: an invalid word or a wrong placement scores 0,
verified against the word list; a joker left unmarked is paid with a warning, and warnings cost 5
points from the fourth); :meth:`DuplicateGame.close_coup` credits the solo, places the top (or the
published move, when replaying a sheet), and makes the next draw. The game ends when no valid draw can be
made from the leftover and the bag (§3.7), or at the end of a replayed sheet.

Everything follows from the seed (and the sheet, when one is replayed): the same seed and the
same proposals give the same game, which is how a saved game is resumed.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from scrabble_fr.duplicate.draw import MAX_REJETS, Draw, make_draw, remove_tiles, required, sort_leftover
from scrabble_fr.duplicate.errors import DuplicateError
from scrabble_fr.duplicate.jokers import Swap, swap_jokers, swapped_letters
from scrabble_fr.duplicate.marking import (
    FREE_WARNINGS,
    FREE_WARNINGS_BLITZ,
    WarningKind,
    mark,
    read_placement,
)
from scrabble_fr.duplicate.paid import PlacedMove, SeatResult
from scrabble_fr.duplicate.ranking import Ranked
from scrabble_fr.duplicate.sheet import SheetCoup
from scrabble_fr.duplicate.slip import SlipMarking, mark_slip, read_slip
from scrabble_fr.duplicate.timing import check_time
from scrabble_fr.duplicate.top import Top, choose_top
from scrabble_fr.duplicate.variant import Variant, within_play_limit
from scrabble_fr.engine.errors import ScrabbleError
from scrabble_fr.engine.move import Move
from scrabble_fr.engine.notation import format_coordinate
from scrabble_fr.engine.players import check_names as check_player_names
from scrabble_fr.engine.position import Position
from scrabble_fr.engine.ranking import Standing
from scrabble_fr.engine.rules import Rules
from scrabble_fr.engine.wordlist import WordList
from scrabble_fr.match.clock import Clocks
from scrabble_fr.messages import describe

MAX_PLAYERS = 24  # at one keyboard
CLUB_MAX_PLAYERS = 200  # at a shared table, each at their own terminal
SOLO_BONUS = 10
SOLO_BONUS_PLAYERS = 16  # the solo bonus is paid from this many players (§3.5)
# Blitz is one minute a coup (§1.3), two more warnings free (:func:`.marking.warning_penalty`);
# a shorter training time counts as blitz too.
BLITZ_SECONDS = 60.0
DEFAULT_SECONDS = 180.0



class DuplicateEnd(StrEnum):
    """Why a duplicate game ended."""

    NO_DRAW = "no_draw"  # the leftover and the bag cannot give a valid draw (§3.7)
    NO_MOVE = "no_move"  # no word can be placed and no different draw can be made (§3.6, §3.7)
    SHEET = "sheet"  # the replayed sheet has no more lines


@dataclass(frozen=True)
class Proposal:
    """A player's proposal as judged: the ``text`` typed, the move as paid (None: nothing
    proposed, or no move could be read on this board), its ``score`` (0 when invalid), why it is
    invalid (``error``, None when valid), and its ``warnings`` (empty, or the one warning a coup
    can earn, FISF §5.5 and §5.8).

    The move as paid is the one :mod:`.marking` pays: on the first coup the word at its best
    place, later the word at its place with its jokers where the payment puts them."""

    text: str
    move: Move | None
    score: int
    error: ScrabbleError | None = None
    warnings: list[WarningKind] = field(default_factory=list)

    @property
    def is_empty(self) -> bool:
        return not self.text


@dataclass
class Coup:
    """One coup: its draw, our top, the published move (replays), the proposals, what was placed."""

    number: int
    draw: Draw
    top: Top | None
    published: Move | None
    proposals: list[Proposal | None]
    placed: Move | None = None
    solo: int | None = None  # the player credited with a solo
    started: bool = False
    # The joker game: the jokers the board exchanged after this coup, (row, column, letter) each,
    # which a shared table's results row carries so that every process swaps the same squares.
    swaps: list[Swap] = field(default_factory=list)

    @property
    def closed(self) -> bool:
        return self.placed is not None

    @property
    def swapped(self) -> str:
        """The letters that replaced jokers on the board after this coup (the sheet's column)."""
        return swapped_letters(self.swaps)

    @property
    def board_move(self) -> Move | None:
        """The move the board receives: the published one when a sheet gives it, else our top."""
        if self.published is not None:
            return self.published
        return self.top.move if self.top is not None else None

    def points(self, player: int) -> int:
        proposal = self.proposals[player]
        return proposal.score if proposal is not None else 0

    def warnings(self, player: int) -> list[WarningKind]:
        proposal = self.proposals[player]
        return list(proposal.warnings) if proposal is not None else []

    def paid(self, player: int, notation: str) -> SeatResult:
        """A player's line on this closed coup as published (a shared table's results row): the
        points, the move as paid (none when invalid), the text, why it scored nothing, the one
        warning, the solo."""
        proposal, solo = self.proposals[player], self.solo == player
        if proposal is None:
            return SeatResult(self.points(player), solo=solo)
        error = proposal.error
        return SeatResult(self.points(player), PlacedMove.of(proposal.move, notation) if error is None else None,
                          proposal.text, describe(error) if error is not None else None,
                          proposal.warnings[0].value if proposal.warnings else None, solo)


def reference(move: Move, notation: str = "fr") -> str:
    """A placement's reference: in French ``H4`` across, ``4H`` down (English: ``4H`` across)."""
    return format_coordinate(move.row, move.col, move.across, notation)


def check_play_limit(move: Move | None, limit: int) -> None:
    """Refuse a move placing more than ``limit`` tiles of the draw: in 7sur8, a move of all eight
    is refused at once, like a letter not in the draw (whoever checks it: the local game, or a
    player's process at a shared table)."""
    if not within_play_limit(move, limit):
        raise DuplicateError("too_many_tiles", maximum=limit)


def judge(position: Position, text: str, play_limit: int) -> Proposal:
    """What ``text`` is worth on ``position`` (its board, its one rack the coup's draw), as
    :meth:`DuplicateGame.judge` says it; a shared table's player process judges with a position
    that takes every word, the words being the arbitrator's to judge."""
    stripped = text.strip()
    if stripped in ("", "-"):
        return Proposal("", None, 0)
    command = read_placement(stripped, position.rules.notation, position.board.size)
    marking = mark(position, stripped, command)
    check_play_limit(marking.move, play_limit)
    return Proposal(stripped, marking.move, marking.score, marking.error, list(marking.warnings))


def check_names(names: Sequence[str], maximum: int = MAX_PLAYERS) -> list[str]:
    """The players' names, stripped and checked like every game's
    (:func:`scrabble_fr.engine.players.check_names`), up to ``maximum``; none at all is a game
    of tops alone."""
    return check_player_names(names, maximum) if names else []


class DuplicateGame(Ranked):
    """A duplicate game for ``players`` (none: the tops alone, as ``--tirages --json`` computes),
    ``seconds`` a coup (None: no clock), a ``club`` game keeping to the times of the rules, in
    one ``variant`` (:class:`.Variant`: the classic duplicate, the joker game, 7 out of 8)."""

    def __init__(
        self,
        players: Sequence[str],
        *,
        lexicon: WordList,
        rules: Rules | None = None,
        seed: int | None = None,
        sheet: Sequence[SheetCoup] | None = None,
        seconds: float | None = DEFAULT_SECONDS,
        club: bool = False,
        now: Callable[[], float] = time.monotonic,
        max_players: int = MAX_PLAYERS,
        variant: Variant = Variant.CLASSIC,
        blitz: bool | None = None,
    ) -> None:
        if lexicon is None:
            raise DuplicateError("no_word_list")
        self.max_players = max_players
        self.players = check_names(players, max_players)
        # A club game keeps to the times of the rules (§1.3); training takes any from 10 s.
        self.club = club
        self.seconds = check_time(seconds, club)
        self.blitz = blitz  # None: blitz when ``seconds`` is a minute or less (a table keeps its clock itself)
        self.rules = rules if rules is not None else Rules.preset("ffsc")
        self.variant = Variant(variant)
        self.seed = seed if seed is not None else random.randrange(2**31)
        self.rng = random.Random(self.seed)
        self.bag: list[str] = self.rules.tile_set.full_bag()
        self.position = Position(self.rules, racks=[""], lexicon=lexicon)
        self.sheet = list(sheet) if sheet is not None else None
        self._now = now
        self.clocks: Clocks | None = None
        self.coups: list[Coup] = []
        self.leftover = ""
        self.end_reason: DuplicateEnd | None = None
        self._next_coup()

    # -- state -----------------------------------------------------------------------------
    @property
    def rack_size(self) -> int:
        """Tiles in a coup's draw (eight in 7sur8)."""
        return self.variant.draw_size(self.rules.rack_size)

    @property
    def play_limit(self) -> int:
        """The most tiles a move places from the draw: the rules' rack, whatever the variant."""
        return self.rules.rack_size

    @property
    def is_over(self) -> bool:
        return self.end_reason is not None

    @property
    def current(self) -> Coup | None:
        """The coup being played (None once the game is over)."""
        if self.coups and not self.coups[-1].closed:
            return self.coups[-1]
        return None

    @property
    def closed_coups(self) -> list[Coup]:
        return [coup for coup in self.coups if coup.closed]

    @property
    def solo_bonus(self) -> int:
        return SOLO_BONUS if len(self.players) >= SOLO_BONUS_PLAYERS else 0

    def total(self, player: int) -> int:
        """A player's score: their points on every closed coup and their solo bonuses, less the
        penalty of their warnings (:meth:`penalty`: 5 for each one after the free ones, §5.9;
        the rules take the sum off at the end of the game, here it is off the total as soon as
        it is due, which comes to the same final score)."""
        points = sum(coup.points(player) + (self.solo_bonus if coup.solo == player else 0)
                     for coup in self.closed_coups)
        return points - self.penalty(player)

    @property
    def is_blitz(self) -> bool:
        """One minute a coup or less (or a table's word for it): two more warnings free."""
        return self.blitz if self.blitz is not None else self.seconds is not None and self.seconds <= BLITZ_SECONDS

    @property
    def free_warnings(self) -> int:
        """How many warnings cost nothing: 3, or 5 in blitz (one minute a coup or less)."""
        return FREE_WARNINGS_BLITZ if self.is_blitz else FREE_WARNINGS

    def warnings(self, player: int) -> int:
        """How many warnings a player has had on the closed coups (one a coup at most, §5.8)."""
        return sum(1 for coup in self.closed_coups if coup.warnings(player))

    def add_player(self, name: str) -> int:
        """A player arriving late (a club's open table): nothing on the coups already played,
        the coup in progress theirs to play. Returns their number."""
        self.players = check_names([*self.players, name], self.max_players)
        for coup in self.coups:
            coup.proposals.append(None)
        return len(self.players) - 1

    def reference(self, move: Move) -> str:
        """A placement's reference in the game's notation."""
        return reference(move, self.rules.notation)

    def solos(self, player: int) -> int:
        return sum(1 for coup in self.closed_coups if coup.solo == player)

    @property
    def top_total(self) -> int:
        """The total of the moves the board received (the game's top score)."""
        return sum(coup.placed.score or 0 for coup in self.closed_coups if coup.placed is not None)

    def ranking(self) -> list[Standing[int]]:
        """``(rank, player, total)`` best first; equal totals share a rank (ex aequo), in the
        table's order."""
        return [Standing(line.rank, line.seat, line.total) for line in self.standings()]

    def named(self) -> list[tuple[int, str]]:
        return list(enumerate(self.players))

    @property
    def actions(self) -> list[dict[str, Any]]:
        """Each closed coup's proposals as typed (None: nothing proposed): what a save keeps."""
        return [{"proposals": [p.text if p is not None else None for p in coup.proposals]}
                for coup in self.closed_coups]

    # -- the clock -------------------------------------------------------------------------
    def start_coup(self) -> None:
        """Announce the draw and start the coup's clock (a no-op if it already runs)."""
        coup = self._require_current()
        if coup.started:
            return
        coup.started = True
        if self.seconds:
            self.clocks = Clocks([self.seconds], self._now)
            self.clocks.run(0)

    def remaining(self) -> float | None:
        """Seconds left for the current coup (None: no clock, or the coup not started)."""
        coup = self.current
        if coup is None or not coup.started or self.clocks is None:
            return None
        return self.clocks.remaining(0)

    @property
    def time_is_up(self) -> bool:
        left = self.remaining()
        return left is not None and left <= 0

    # -- proposals -------------------------------------------------------------------------
    def judge(self, text: str) -> Proposal:
        """What ``text`` is worth on the current coup's board and draw, without recording it.

        Empty text or ``-`` is no proposal. Text that is not a placement at all raises
        :class:`InvalidMoveError` or :class:`DuplicateError` (the player retypes it); a placement
        is marked as the FISF rules pay it (:mod:`.marking`): on the first coup the word's best
        score wherever it is written, later the word at its place, a joker left unmarked paid
        with a warning; a placement the board or the draw does not allow, or a word outside the
        list, scores 0.

            >>> from scrabble_fr.words import WordSet
            >>> g = DuplicateGame(["A"], lexicon=WordSet(["NET", "NETS"]), seed=1, seconds=None)
            >>> g.judge("-").warnings, g.judge("-").score
            ([], 0)
        """
        self._require_current()
        return judge(self.position, text, self.play_limit)

    def propose(self, player: int, text: str) -> Proposal:
        """Record ``player``'s proposal for the current coup (replacing an earlier one); raises
        when the time is up or the text is not a placement, the game then unchanged."""
        coup = self._require_current()
        if not 0 <= player < len(self.players):
            raise DuplicateError("unknown_player", player=player + 1)
        if self.time_is_up:
            raise DuplicateError("time_up")
        proposal = self.judge(text)
        coup.proposals[player] = proposal
        return proposal

    def mark_slip(self, player: int, text: str) -> SlipMarking:
        """A paper slip of ``player`` (``[REF] WORD [SCORE]``) marked on the current coup as FISF
        chapter 5 pays it (:mod:`.slip`), with the warnings they had before it."""
        self._require_current()
        return mark_slip(self.position, read_slip(text), warnings_so_far=self.warnings(player), blitz=self.is_blitz,
                         max_tiles=self.play_limit)

    def take_slip(self, player: int, text: str) -> Proposal:
        """Record a paper slip as ``player``'s proposal (replacing an earlier one): what it pays
        before the penalty of its warnings, which the total takes off with the others'."""
        coup = self._require_current()
        marking = self.mark_slip(player, text)
        proposal = Proposal(marking.slip.text, marking.move, marking.score - marking.reference_penalty, marking.error,
                            list(marking.warnings))
        coup.proposals[player] = proposal
        return proposal

    # -- closing ---------------------------------------------------------------------------
    def close_coup(self) -> Coup:
        """End the current coup: score, credit the solo, place the top, draw the next coup."""
        coup = self._require_current()
        move = coup.board_move
        assert move is not None  # a coup is only opened with a move to place
        if self.clocks is not None:
            self.clocks.run(None)
        scores = [coup.points(p) for p in range(len(self.players))]
        if len(scores) >= 2:
            best = max(scores)
            # A solo: a score above every other player's, even below the top (§3.5).
            if best > 0 and scores.count(best) == 1:
                coup.solo = scores.index(best)
        self.position.board.place(move.tiles)
        left = Counter(coup.draw.tiles)
        left.subtract(move.rack_letters)
        self.leftover = sort_leftover("".join((+left).elements()))
        coup.placed = move
        if self.variant.swaps_jokers:
            coup.swaps = swap_jokers(self.position.board, self.bag)
        self._next_coup()
        return coup

    # -- drawing ---------------------------------------------------------------------------
    def _require_current(self) -> Coup:
        coup = self.current
        if coup is None:
            raise DuplicateError("game_over")
        return coup

    def _ends_game(self, number: int, draw: str) -> Callable[[Move], bool]:
        def ends(move: Move) -> bool:
            left = Counter(draw)
            left.subtract(move.rack_letters)
            pool = list((+left).elements()) + self.bag
            return required(number + 1, pool, self.rack_size) == 0

        return ends

    def _next_coup(self) -> None:
        number = len(self.coups) + 1
        if self.sheet is not None:
            self._next_sheet_coup(number)
            return
        first = self.position.board.is_empty()
        leftover = self.leftover
        rejets = 0
        while True:
            draw = make_draw(leftover, self.bag, self.rng, number, self.rack_size,
                             joker=self.variant.joker_in_every_draw)
            if draw is None:
                self.end_reason = DuplicateEnd.NO_DRAW
                return
            rejets += draw.rejets
            self.position.racks[0] = draw.tiles
            top = choose_top(self.position, first, self._ends_game(number, draw.tiles), self.play_limit)
            if top is not None:
                break
            # No word can be placed: every tile of the coup goes back and a new draw is made
            # (§3.6), unless the bag cannot give a different one (§3.7).
            self.bag.extend(draw.tiles)
            if len(self.bag) <= self.rack_size or rejets >= MAX_REJETS:
                self.end_reason = DuplicateEnd.NO_MOVE
                return
            leftover = ""
            rejets += 1
        self.leftover = ""
        draw = Draw(draw.leftover, draw.new, rejets, draw.need)
        self.coups.append(Coup(number, draw, top, None, [None] * len(self.players)))

    def _next_sheet_coup(self, number: int) -> None:
        assert self.sheet is not None
        if number > len(self.sheet):
            self.end_reason = DuplicateEnd.SHEET
            return
        line = self.sheet[number - 1]
        if not line.rejet and not line.leftover and self.leftover and not Counter(self.leftover) - Counter(line.new):
            # Many sheets write a draw without "+" when the bag is empty or the leftover is not
            # marked: the previous coup's leftover is then read out of the tiles written.
            kept = Counter(self.leftover)
            new = []
            for tile in line.new:
                if kept[tile] > 0:
                    kept[tile] -= 1
                else:
                    new.append(tile)
            line = replace(line, leftover=self.leftover, new="".join(new))
        if line.rejet:
            # The leftover went back to the bag with the rejected draw.
            self.bag.extend(self.leftover)
        elif Counter(line.leftover) != Counter(self.leftover):
            raise DuplicateError("sheet_leftover", line=line.line, written=line.leftover or "-",
                                 expected=self.leftover or "-")
        missing = remove_tiles(self.bag, line.new)
        if missing:
            if line.rejet:
                remove_tiles(self.bag, self.leftover)  # the state as it was
            raise DuplicateError("sheet_tiles", line=line.line, draw=line.draw_text, missing=missing)
        draw = Draw(line.leftover, line.new, 1 if line.rejet else 0, 0)
        first = self.position.board.is_empty()
        self.position.racks[0] = draw.tiles
        top = choose_top(self.position, first, self._ends_game(number, draw.tiles), self.play_limit)
        published = None
        if line.move is not None:
            published = self._published_move(line, draw)
        elif top is None:
            raise DuplicateError("sheet_no_move", line=line.line, draw=line.draw_text)
        self.leftover = ""
        self.coups.append(Coup(number, draw, top, published, [None] * len(self.players)))

    def _published_move(self, line: SheetCoup, draw: Draw) -> Move:
        assert line.move is not None
        try:
            move = self.position.parse_move(line.move)
            self.position.check(move)
        except ScrabbleError as exc:
            raise DuplicateError("sheet_move", line=line.line, move=line.move, detail=describe(exc)) from None
        return move
