"""Computer players, from beginner to champion.

Like the French Scrabble programs, a level below the top plays a move *around a share of the
best score* on offer: the lower the level, the further from the top it aims, so its play looks
like a person's who sees fewer of the good moves. The top level plays for *equity*: the score
plus the worth of the tiles it keeps (a joker or an S kept is worth points later, a Q or three
I's cost points), exchanges when that is clearly better, and passes when nothing is legal.

    >>> import random; from scrabble_fr.engine.position import Position; from scrabble_fr.words import WordSet
    >>> p = Position.from_cgp("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 EKNSTXZ/ 0/0 0",
    ...                       lexicon=WordSet(["NET", "NETS", "SENT", "SEXT", "ZEK"]))
    >>> [str(ComputerPlayer(level, random.Random(1)).choose(p, bag_count=80)) for level in (1, 4)]
    ['H5 SENT', 'H6 ZEK']

The levels (French name, then what it does):

1. **Débutant** (*Beginner*): aims at a third of the best score; spots one invalid word in three
   when it may contest, and sometimes doubts a long valid word.
2. **Amateur** (*Amateur*): aims at half the best score; spots half the invalid words.
3. **Joueur de club** (*Club player*): aims at three quarters of the best score; spots most
   invalid words.
4. **Expert** (*Expert*): always plays the best score; contests every invalid word it sees.
5. **Champion** (*Champion*): plays the best score plus the value of the tiles kept, exchanges
   when the rack is clearly worth more than any move, passes when nothing is legal; contests
   exactly the words outside its list.
6. **Maître** (*Master*): weighs the tiles kept with values fitted on thousands of the
   Champion's games where the tile set has some (French), finer than the Champion's hand-set
   ones (:mod:`scrabble_fr.player.leaves`); takes its best candidates and *simulates* them: for each,
   the opponent's rack is drawn from the tiles it cannot see, the opponent replies as the
   Champion would, then it answers the same way, many times within a time budget (2 seconds a
   move by default, the rounds going to the candidates still in question); it plays the
   candidate whose playouts end best on average (see
   :meth:`ComputerPlayer.simulate`). At the end of a two-player game it searches instead: with
   the bag empty it solves the endgame exactly, with one tile left it weighs every draw followed
   by the exact endgame (:mod:`scrabble_fr.player.endgame`), within the same budget.

Every level plays only moves the generator finds, so only words of its word list. With no
placement possible, a player exchanges (if the bag allows) or passes.
"""

from __future__ import annotations

import heapq
import itertools
import random
import time
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from scrabble_fr.engine.move import Move, MoveKind
from scrabble_fr.engine.position import Position
from scrabble_fr.i18n import N_, _
from scrabble_fr.player.chances import win_chance
from scrabble_fr.player.generator import rack_search, search_position, search_rack
from scrabble_fr.player.leaves import Leaves
from scrabble_fr.player.movegen import (
    BLANK,
    BoardView,
    Raw,
    board_tile,
    collector_paused,
    dawg_of,
    placement_of,
    tiles_used,
    to_move,
)
from scrabble_fr.player.native import RackSearch, board_codes
from scrabble_fr.words import ALPHABET, dawg_for

if TYPE_CHECKING:
    from scrabble_fr.engine.board import Board
    from scrabble_fr.engine.rules import Rules
    from scrabble_fr.engine.wordlist import WordList
    from scrabble_fr.words import Dawg


@dataclass(frozen=True)
class Level:
    """How a level plays. ``name`` and ``description`` are message ids: show them with ``_()``."""

    number: int
    name: str
    description: str
    aim: float  # share of the best score aimed at (1.0: the best)
    spread: int  # how many moves nearest the aim it picks among, at random
    equity: bool  # weigh the tiles kept (and consider exchanging)
    spot_invalid: float  # chance of noticing a word outside its list in a move to contest
    doubt_valid: float  # chance, per letter beyond four, of wrongly doubting a valid word
    simulate: bool = False  # choose among the best candidates by playing the next turns out
    fitted_leaves: bool = False  # weigh the tiles kept with the values fitted on self-play, where there are some


LEVELS: dict[int, Level] = {
    1: Level(1, N_("Beginner"), N_("Plays about a third of the best score and misses most invalid words."),
             0.33, 5, False, 0.33, 0.04),
    2: Level(2, N_("Amateur"), N_("Plays about half of the best score."), 0.5, 4, False, 0.5, 0.02),
    3: Level(3, N_("Club player"), N_("Plays about three quarters of the best score."), 0.75, 3, False, 0.8, 0.01),
    4: Level(4, N_("Expert"), N_("Always plays the best score."), 1.0, 1, False, 0.95, 0.0),
    5: Level(5, N_("Champion"), N_("Plays the best score and the best rack to keep; exchanges when it pays."),
             1.0, 1, True, 1.0, 0.0),
    6: Level(6, N_("Master"), N_("Plays out the next turns of its best candidate moves and keeps the one "
                                 "that does best on average."),
             1.0, 1, True, 1.0, 0.0, simulate=True, fitted_leaves=True),
}
TOP_LEVEL = max(LEVELS)

EXCHANGE_MARGIN = 8.0  # an exchange must beat the best move's equity by this much
THINK_SECONDS = 2.0  # the Master's time budget per move, by default
# How many of the best moves by equity the Master plays out, at most, and only those within this
# many points of the best: 15 within 30 won 62.1 % of 1,000 games against the Champion where 6
# within 12 won 57.0 % (32 and 8 playouts; bench_maitre.py); 64 playouts of 6 won 56.7 %.
CANDIDATES = 15
CANDIDATE_MARGIN = 30.0
PLIES = 2  # turns a playout plays after the candidate: the opponent's reply and the player's answer
GUARD = 1.0  # standard errors by which a candidate must beat the static choice (0.5, 1.5, 2: worse, bench_maitre)
PRUNE_EVERY = 4  # rounds between two looks for candidates clearly behind
PRUNE_ERRORS = 2.0  # … behind by more than this many standard errors: no more playouts
GOING_OUT = 10.0  # worth of playing out with the bag empty, beyond the move's score
WIN_WEIGHT = 1000.0  # points a playout is worth per unit of the chances of winning it leaves
END_PLAYOUTS_BAG = 7  # with this many tiles in the bag or fewer, playouts go on to the end of the game
END_PLAYOUT_TURNS = 40  # a bound on a playout to the end (each turn lays a tile, or two in a row pass)
ENDGAME_NODES = 30_000  # the Master's endgame budget in positions with fixed playouts (under 0.1 s; 800,000: no better)
ENDGAME_CEILING = 60.0  # … and then its time ceiling, in seconds
CONTEST_STEP = 4  # letters beyond which a weaker player may doubt a valid word


_MODELS: dict[tuple[object, ...], Leaves] = {}


def leaves_for(rules: Rules, fitted: bool) -> Leaves:
    """The leave values for the rules' tile set (made once): the fitted ones where ``fitted`` and
    there are some, else the hand-set ones (:mod:`scrabble_fr.player.leaves`)."""
    key = (fitted, rules.tile_set.name, tuple(sorted(rules.tile_set.values.items())), rules.rack_size)
    model = _MODELS.get(key)
    if model is None:
        model = _MODELS[key] = Leaves.best(rules) if fitted else Leaves.hand(rules)
    return model


@dataclass(frozen=True, slots=True)
class Simulated:
    """A candidate move and what its playouts gave: ``equity`` is the mean over ``playouts`` of
    its score, less the opponent's reply, plus the player's next score and the worth of the
    tiles then kept (or, played out to the end of the game, the spread it leads to: see
    :meth:`ComputerPlayer.simulate`); ``static`` is the score plus the worth of the tiles kept,
    without playouts."""

    move: Move
    score: int
    static: float
    equity: float
    playouts: int
    rating: float  # how clearly it beats the static choice (0 for that one); the order of choice
    chances: float | None = None  # the mean chance of winning its playouts leave (None: more than two players)


class ComputerPlayer:
    """A computer opponent of level 1 (beginner) to 6 (master); see :data:`LEVELS`.

    ``think_seconds`` is the Master's time budget per move; ``playouts``, if given, fixes how
    many playouts it runs instead (the same choice on any machine, for seeded matches), the
    budget then being a ceiling only.

    >>> ComputerPlayer(5).level.number, ComputerPlayer.levels()[0].number
    (5, 1)
    """

    def __init__(
        self,
        level: int = 5,
        rng: random.Random | None = None,
        think_seconds: float = THINK_SECONDS,
        playouts: int | None = None,
        endgame: bool = True,
        endgame_nodes: int | None = None,
        leaves: Leaves | None = None,
        to_the_end: bool = False,
        win_chances: bool = False,
        candidates: int = CANDIDATES,
        exchanges: bool = False,
        compiled: bool = True,
        candidate_margin: float = CANDIDATE_MARGIN,
        plies: int = PLIES,
    ) -> None:
        if level not in LEVELS:
            raise ValueError(f"level {level!r} is not one of {sorted(LEVELS)}")
        if candidates < 1:
            raise ValueError(f"candidates must be at least 1, not {candidates!r}")
        if plies < 2 or plies % 2:
            raise ValueError(f"plies must be even and at least 2, not {plies!r}")
        self.level = LEVELS[level]
        self.rng = rng if rng is not None else random.Random()
        self.think_seconds = think_seconds
        self.playouts = playouts
        self.endgame = endgame
        # With a fixed number of playouts the solvers stop at a number of positions, not at the
        # clock, so that a seeded game replays.
        self.endgame_nodes = endgame_nodes if endgame_nodes is not None else (
            ENDGAME_NODES if playouts is not None else None)
        self._leaves = leaves  # None: the level's own (see leaves_of)
        self.to_the_end = to_the_end  # near the end, playouts to the end of the game (see simulate)
        self.win_chances = win_chances  # the playouts weighed by the chances of winning they leave (see simulate)
        self.candidates = candidates  # how many placements the simulation plays out, at most
        self.candidate_margin = candidate_margin  # … within this many points of the best by equity
        self.plies = plies  # the turns a playout plays after the candidate (the player has the last)
        self.exchanges = exchanges  # the best exchange played out among them (see simulate)
        self.compiled = compiled  # the searches compiled where the library is there (the same choices)
        self._search: tuple[Rules, Dawg, RackSearch | None] | None = None  # the last one, by rules and graph

    def leaves_of(self, rules: Rules) -> Leaves:
        """The leave values this player weighs its racks with under ``rules``: those it was given,
        else its level's (fitted ones for the Master where there are some, hand-set otherwise)."""
        if self._leaves is not None:
            return self._leaves
        return leaves_for(rules, fitted=self.level.fitted_leaves)

    @staticmethod
    def levels() -> list[Level]:
        return [LEVELS[n] for n in sorted(LEVELS)]

    @property
    def name(self) -> str:
        """The level's name in the reader's language."""
        return _(self.level.name)

    def choose(self, position: Position, bag_count: int) -> Move:
        """The move to play for the player to move (their rack must be known)."""
        rules = position.rules
        rack = position.rack.upper()
        can_exchange = bag_count >= rules.exchange_min_bag and bool(rack)
        if self.level.equity and not self.level.simulate:
            search = self._compiled_search(position)
            if search is not None:
                return self._choose_compiled(position, search, rack, bag_count, can_exchange)
        view, found = search_position(position)
        if not found:
            if can_exchange:
                return Move.exchange(self._tiles_to_exchange(rack, self.leaves_of(rules)))
            return Move.pass_()
        if self.level.simulate and position.lexicon is not None:
            # The unseen tiles must fit on the opponent's rack and in the bag (a bag count that
            # says otherwise is not one the solvers can trust).
            if (self.endgame and len(position.racks) == 2 and bag_count <= 1
                    and 0 < sum(position.unseen().values()) <= rules.rack_size + bag_count):
                return self.solve_end(position, bag_count)[0]
            static = self._choose_equity(position, view, found, rack, bag_count, can_exchange)
            if static.kind is not MoveKind.PLACE and not self.exchanges:
                return static  # the static judgement already found an exchange clearly better
            results = self.simulate(position, bag_count, self.candidates, view=view, found=found)
            return results[0].move if results else static
        if self.level.equity:
            return self._choose_equity(position, view, found, rack, bag_count, can_exchange)
        best = max(item[0] for item in found)
        aim = self.level.aim * best
        # The moves nearest the aimed score; among them, chance decides.
        nearest = heapq.nsmallest(
            self.level.spread, found, key=lambda item: (abs(item[0] - aim), -item[0], item[1], item[3])
        )
        pick = nearest[self.rng.randrange(len(nearest))]
        return to_move(view, pick)

    def _compiled_search(self, position: Position) -> RackSearch | None:
        """The compiled search of racks for the position's rules and word list, kept from one
        move to the next; None without the library or when ``compiled`` is False."""
        if not self.compiled or position.lexicon is None:
            return None
        dawg = dawg_of(position)
        kept = self._search
        if kept is None or kept[0] != position.rules or kept[1] is not dawg:
            kept = self._search = (position.rules, dawg, rack_search(position.rules, dawg))
        return kept[2]

    def _choose_compiled(self, position: Position, search: RackSearch, rack: str, bag_count: int,
                         can_exchange: bool) -> Move:
        """:meth:`_choose_equity` through the compiled search: the best placement of each set of
        rack tiles is enough to find the best by equity (:func:`_best_by_tiles`); the same move."""
        leaves = self.leaves_of(position.rules)
        chosen = _best_by_tiles(search.best_by_tiles(board_codes(position.board), rack), rack, bag_count, leaves)
        if chosen is None:
            return Move.exchange(self._tiles_to_exchange(rack, leaves)) if can_exchange else Move.pass_()
        _score, squares, codes, _kept, equity = chosen
        kept = _exchange_instead(rack, leaves, equity) if can_exchange else None
        if kept is not None:
            return Move.exchange(_remove(rack, kept))
        tiles = ((square, board_tile(code)) for square, code in zip(squares, codes, strict=True))
        return position.describe(placement_of(tiles, position.board.size))

    def solve_end(self, position: Position, bag_count: int) -> tuple[Move, float, bool]:
        """The Master's move with at most one tile in the bag, from the exact solvers: the move,
        the final spread it leads to for the player to move (expected, with one tile in the bag),
        and whether the search was complete.

        With the bag empty the opponent's rack is the tiles the player cannot see, and the endgame
        is solved (:func:`~scrabble_fr.player.endgame.solve`); with one tile left, each draw is
        weighed (:func:`~scrabble_fr.player.endgame.solve_pre_endgame`). The budget is the time
        per move, or with a fixed number of playouts a number of positions searched.
        """
        from scrabble_fr.player.endgame import solve, solve_pre_endgame

        seconds = self.think_seconds if self.endgame_nodes is None else ENDGAME_CEILING
        me = position.to_move
        if bag_count == 0:
            known = position.copy()
            known.racks = list(position.racks)
            known.racks[1 - me] = "".join(sorted(position.unseen(me).elements()))
            result = solve(known, seconds=seconds, max_nodes=self.endgame_nodes)
            return result.move, float(result.value), result.proven
        pre = solve_pre_endgame(position, seconds=seconds, max_nodes=self.endgame_nodes)
        if pre is None:
            return Move.pass_(), float(position.scores[me] - position.scores[1 - me]), False
        return pre.move, pre.expected, pre.proven

    def _choose_equity(
        self, position: Position, view: BoardView, found: list[Raw], rack: str, bag_count: int, can_exchange: bool
    ) -> Move:
        top, _equity, kept = equity_choice(view, found, rack, bag_count, self.leaves_of(position.rules), can_exchange)
        return Move.exchange(_remove(rack, kept)) if kept is not None else to_move(view, top)

    def simulate(
        self,
        position: Position,
        bag_count: int,
        candidates: int = CANDIDATES,
        view: BoardView | None = None,
        found: list[Raw] | None = None,
    ) -> list[Simulated]:
        """The best placements by score plus leave, each played out, in the order it rates them.

        The candidates are the best ``candidates`` by score plus leave, within the player's
        ``candidate_margin`` points of the best (:data:`CANDIDATE_MARGIN` by default). A playout
        draws the opponent's rack from the
        tiles the player cannot see (the bag and the opponent's rack, whose size is public) and
        the bag's order; the candidate is laid and the rack refilled from that bag; the opponent
        replies as the Champion would (best score plus the worth of the tiles kept,
        :func:`best_by_equity`) and draws; the player answers the same way. The value is the
        candidate's score less the reply's, plus the answer's and the worth of the tiles the
        player then keeps. Every candidate meets the same draws in a round (common random
        numbers), and rounds go on while the time budget lasts (or ``playouts`` rounds).

        With ``to_the_end`` and :data:`END_PLAYOUTS_BAG` tiles in the bag or fewer, a playout goes
        on, both players choosing the same way, to the end of the game: its value is then the
        spread the candidate leads to, going out (twice the rack left) or a blocked end (each
        player's own rack) counted. It is off by default: over 1,000 seeded games against the
        Champion it did no better than two turns and the worth of the tiles kept (-0.30 points
        of spread a game, 95 % interval -1.15 to +0.55; ``benchmarks/bench_maitre.py``).

        In a two-player game each playout also gives the chances of winning it leaves
        (:func:`~scrabble_fr.player.chances.win_chance` of the spread then, with the tiles then in
        the bag), averaged in :attr:`Simulated.chances`. With ``win_chances`` the choice weighs
        them too: a playout counts its value plus :data:`WIN_WEIGHT` times its chances, so that
        near the end of a close game the chances decide, far ahead or far behind the points. It
        is off by default: over 1,000 seeded games against the Champion it won no more (571.5
        against 572.5; -0.10 points of win rate, 95 % interval -1.80 to +1.60).

        With ``exchanges`` (the player's option) the best exchange by the worth of the tiles kept
        is played out too, as a placement is (no score, the tiles drawn, those given back to the
        bag after): the reference if the static judgement exchanges, a candidate if its worth is
        near the best. It is off by default: over 179 seeded games against the Champion it did no
        better (-5.7 points of spread a game, 95 % interval -14.2 to +2.9).

        The playouts' moves are found by the compiled search where it is there
        (:class:`~scrabble_fr.player.native.RackSearch`, unless ``compiled`` is False): the same
        choices, the same values, some seven times as many playouts within the budget.

        A few dozen playouts leave much to chance, so a candidate is rated by how far it beats
        the static choice (the first candidate) in the same rounds, less :data:`GUARD` standard
        errors of that difference: the static choice is left only for a move that beats it
        clearly. Every :data:`PRUNE_EVERY` rounds, a candidate clearly behind (its mean plus
        :data:`PRUNE_ERRORS` standard errors below the best rating) is played out no more: the
        rounds go to the candidates still in question.
        """
        rules = position.rules
        rack = position.rack.upper()
        if view is None or found is None:
            view, found = search_position(position)
        if not found:
            return []
        leaves = self.leaves_of(rules)

        def static(item: Raw) -> tuple[float, str]:
            kept = _remove(rack, tiles_used(view, item))
            return item[0] + (leaves.value(kept) if bag_count else (0.0 if kept else GOING_OUT)), kept

        ranked = heapq.nlargest(candidates, found, key=lambda item: (static(item)[0], item[0], -item[1]))
        top = static(ranked[0])[0]
        me = position.to_move
        opponent = (me + 1) % len(position.racks)
        # The spread now, for the chances of winning the playouts leave (two players only).
        spread = position.scores[me] - position.scores[opponent] if len(position.racks) == 2 else None
        weight = WIN_WEIGHT if self.win_chances and spread is not None else 0.0
        playouts = []
        for item in ranked:
            equity, kept = static(item)
            if equity >= top - self.candidate_margin:
                move = to_move(view, item)
                board = position.board.copy()
                board.place(move.tiles)
                playouts.append(_Playout(move, equity, kept, board, view.after(board, _squares(move, board.size)),
                                         weight))
        if self.exchanges and bag_count >= rules.exchange_min_bag and rack:
            # The best exchange by the worth of the tiles kept, played out as a placement is: the
            # reference if the static judgement prefers it, else a candidate if near enough.
            kept = self._kept_for_exchange(rack, leaves)
            equity = leaves.value(kept)
            exchange = _Playout(Move.exchange(_remove(rack, kept)), equity, kept, position.board, view, weight)
            if _prefers_exchange(equity, top):
                playouts.insert(0, exchange)
            elif equity >= top - self.candidate_margin:
                playouts.append(exchange)
        unseen = sorted(position.unseen(me).elements())
        opponent_size = len(position.racks[opponent]) or min(rules.rack_size, len(unseen))
        opponent_size = min(opponent_size, len(unseen))
        # What the playouts' searches read once per list (the anagram keys for the bingo bounds)
        # is loaded before the clock starts: the budget is for thinking.
        dawg_for(position.lexicon).anagram_keys()  # type: ignore[arg-type]
        # The playouts' placements found by the compiled search where it is there: the same
        # choices, about ten times as fast (its word graph laid out once per process, first).
        compiled = self._compiled_search(position)
        deadline = time.perf_counter() + self.think_seconds
        wanted = self.playouts
        # With the bag empty the opponent's rack is known: one round says all.
        exact = len(unseen) <= opponent_size
        most = 1 if exact else (wanted if wanted is not None else 1_000_000)
        live = list(range(len(playouts)))
        rounds = 0
        # To the end of the game only when asked, near it, in a two-player game.
        to_end = self.to_the_end and bag_count <= END_PLAYOUTS_BAG and len(position.racks) == 2
        values = rules.tile_set.values
        with collector_paused():
            while rounds < most and (len(live) > 1 or not rounds):
                if rounds and wanted is None and time.perf_counter() >= deadline:
                    break
                tiles = list(unseen)
                self.rng.shuffle(tiles)
                for index in live:
                    left: int | None = None  # the tiles in the bag after the playout (None: the game over)
                    if to_end:
                        value = _playout_to_end(playouts[index], tiles, opponent_size, leaves, values)
                    else:
                        value, left = self._playout(playouts[index], tiles, opponent_size, leaves, compiled,
                                                    self.plies)
                    playouts[index].values.append(value)
                    if spread is not None:
                        playouts[index].chances.append(win_chance(spread + value, left))
                rounds += 1
                if not rounds % PRUNE_EVERY:
                    live = _still_in_question(playouts, live)
                if wanted is not None and time.perf_counter() >= deadline + self.think_seconds:
                    break  # a fixed number of playouts, but never far beyond twice the budget
        results = []
        for index, playout in enumerate(playouts):
            count = len(playout.values)
            mean, error = _versus(playout, playouts[0])
            if index == 0:
                rating = 0.0
            elif count < 2:
                rating = mean if exact else float("-inf")  # exact, or unknown
            else:
                rating = mean - GUARD * error
            results.append(Simulated(playout.move, playout.move.score or 0, playout.static,
                                     sum(playout.values) / count, count, rating,
                                     sum(playout.chances) / count if playout.chances else None))
        results.sort(key=lambda r: -r.rating)
        return results

    @staticmethod
    def _playout(playout: _Playout, tiles: list[str], opponent_size: int, leaves: Leaves,
                 search: RackSearch | None = None, plies: int = PLIES) -> tuple[float, int | None]:
        """One playout of a candidate with the unseen ``tiles`` in this order: the opponent's
        rack first, then the bag. Its value, and the tiles then left in the bag (None if the
        game ended in it). After the candidate come ``plies`` turns (an even number: the player
        has the last), the opponent's first, each the Champion's choice (:func:`best_by_equity`),
        found by the compiled ``search`` when given, else by the Python search (:func:`_turn`):
        the same choices. A player going out before the last turn ends the game; the last turn
        is worth its score and the tiles then kept."""
        bag = tiles[opponent_size:]
        drawn = playout.drawn
        racks = [playout.kept + "".join(bag[:drawn]), "".join(tiles[:opponent_size])]  # the player's, the opponent's
        bag = bag[drawn:] + list(playout.move.exchanged)  # exchanged tiles go back after the draw
        value = float(playout.move.score or 0)
        if not racks[0] and not bag:
            return value + GOING_OUT, None  # out: the game ends on this move
        board: _Board = _Codes(search, playout.codes) if search is not None else (playout.board, playout.view)
        left = len(bag)  # set again by each turn: the tiles left once the last has drawn
        for turn in range(1, plies + 1):
            player = turn % 2  # the opponent first
            sign = -1 if player else 1
            left = len(bag)
            found = _turn(board, racks[player], len(bag), leaves)
            if found is None:
                continue  # no placement: a pass
            score, laid, kept, after = found
            value += sign * score
            if turn == plies:
                left = max(0, left - laid)
                racks[player] = kept
                break
            if not kept and not bag:
                return value + sign * GOING_OUT, None  # out: the game ends on this turn
            board = after()
            racks[player] = kept + "".join(bag[:laid])
            bag = bag[laid:]
        if bag:
            value += leaves.value(racks[0])
        return value, left

    def _tiles_to_exchange(self, rack: str, leaves: Leaves) -> str:
        if not self.level.equity:
            return rack
        return _remove(rack, self._kept_for_exchange(rack, leaves)) or rack

    @staticmethod
    def _kept_for_exchange(rack: str, leaves: Leaves) -> str:
        """The best tiles to keep when exchanging (at least one tile goes back)."""
        best_kept, best_value = "", leaves.value("")
        for size in range(1, len(rack)):
            # In a fixed order (a set's would follow the per-process string hash): among tied
            # leaves the first kept is the same in every run, so a seeded game replays.
            for kept in dict.fromkeys(itertools.combinations(sorted(rack), size)):
                value = leaves.value("".join(kept))
                if value > best_value:
                    best_kept, best_value = "".join(kept), value
        return best_kept

    def should_contest(self, position_before: Position, move: Move, lexicon: WordList) -> bool:
        """Whether to contest ``move`` (played on ``position_before``), checking ``lexicon``.

        The champion contests exactly the moves with a word outside the list; weaker levels
        notice such a word only some of the time, and sometimes doubt a long valid word.
        """
        if move.kind is not MoveKind.PLACE:
            return False
        words = [word.letters for word in position_before.placement(move).words]
        level = self.level
        for word in words:
            if word not in lexicon:
                if self.rng.random() < level.spot_invalid:
                    return True
            elif level.doubt_valid and self.rng.random() < level.doubt_valid * max(0, len(word) - CONTEST_STEP):
                return True
        return False


class _Playout:
    """A candidate of the simulation: the move, its static equity and the tiles it keeps, the
    board and search view after it (made once, read by every playout), and the playouts' values."""

    __slots__ = ("_codes", "board", "chances", "kept", "move", "static", "values", "view", "weight")

    def __init__(self, move: Move, static: float, kept: str, board: Board, view: BoardView,
                 weight: float = 0.0) -> None:
        self.move, self.static, self.kept, self.board, self.view = move, static, kept, board, view
        self._codes: bytearray | None = None
        self.weight = weight  # points per unit of a playout's chances of winning, in what the choice compares
        self.values: list[float] = []  # in points of spread
        self.chances: list[float] = []  # the chances of winning each leaves (two players)

    @property
    def codes(self) -> bytearray:
        """The board for the compiled search (:class:`_Codes`): a byte a square, 255 empty."""
        if self._codes is None:
            self._codes = board_codes(self.board)
        return self._codes

    @property
    def drawn(self) -> int:
        """How many tiles the player draws after the candidate: as many as it lays or exchanges."""
        return len(self.move.tiles) or len(self.move.exchanged)

    def compared(self) -> list[float]:
        """What the choice compares of each playout: its value, and its chances weighed in."""
        if not self.weight:
            return self.values
        return [value + self.weight * chance for value, chance in zip(self.values, self.chances, strict=True)]


@dataclass(frozen=True, slots=True)
class _Codes:
    """A board for the compiled search: a byte a square (255 empty), and the search."""

    search: RackSearch
    codes: bytearray


# A board as a playout's turns read it: the Python search's (the board and its search view), or
# the compiled one's. A turn: the score of the Champion's choice, the tiles it lays, the tiles it
# keeps, and the board after it (made only when asked for).
_Board = _Codes | tuple["Board", BoardView]
_Turn = tuple[int, int, str, Callable[[], _Board]]


def _turn(board: _Board, rack: str, bag_count: int, leaves: Leaves) -> _Turn | None:
    """The Champion's choice for ``rack`` on ``board`` (None: no placement): through the compiled
    search (:func:`_best_by_tiles`) or the Python one (:func:`best_by_equity`), the same."""
    if isinstance(board, _Codes):
        chosen = _best_by_tiles(board.search.best_by_tiles(board.codes, rack), rack, bag_count, leaves)
        if chosen is None:
            return None
        score, squares, codes, kept, _equity = chosen

        def after_codes() -> _Board:
            laid = bytearray(board.codes)
            for square, code in zip(squares, codes, strict=True):
                laid[square] = code
            return _Codes(board.search, laid)

        return score, len(squares), kept, after_codes
    tiles_now, view = board
    found = search_rack(view, rack)
    if not found:
        return None
    item, _equity, kept = best_by_equity(view, found, rack, bag_count, leaves)
    move = to_move(view, item)

    def after() -> _Board:
        laid = tiles_now.copy()
        laid.place(move.tiles)
        return laid, view.after(laid, _squares(move, laid.size))

    return item[0], len(move.tiles), kept, after


def _best_by_tiles(placements: list[tuple[int, tuple[int, ...], tuple[int, ...]]], rack: str, bag_count: int,
                   leaves: Leaves) -> tuple[int, tuple[int, ...], tuple[int, ...], str, float] | None:
    """The Champion's choice (:func:`best_by_equity`) among ``placements``, the best of ``rack``
    for each set of tiles they use (:meth:`RackSearch.best_by_tiles`, best score first): the
    placement as (score, squares, codes), the tiles kept and its equity; None if there is none. The first
    of the equal best is chosen, as :func:`best_by_equity` chooses among all placements: a
    placement that is not the first of its tiles is worth no more than that one, and after it."""
    if not placements:
        return None
    ceiling = GOING_OUT if bag_count == 0 else leaves.ceiling(rack)
    top_equity = float("-inf")
    top = placements[0]
    top_kept = ""
    for placement in placements:
        score = placement[0]
        if score + ceiling <= top_equity:
            break
        kept = _remove(rack, "".join("?" if code >= BLANK else ALPHABET[code] for code in placement[2]))
        equity = score + (leaves.value(kept) if bag_count else (0.0 if kept else GOING_OUT))
        if equity > top_equity:
            top, top_equity, top_kept = placement, equity, kept
    return top[0], top[1], top[2], top_kept, top_equity


def _playout_to_end(playout: _Playout, tiles: list[str], opponent_size: int, leaves: Leaves,
                    values: Mapping[str, int]) -> float:
    """One playout of a candidate to the end of the game, the unseen ``tiles`` in this order (the
    opponent's rack first, then the bag), both players choosing as the Champion does: the spread
    from here on for the player of the candidate."""
    bag = tiles[opponent_size:]
    drawn = playout.drawn
    racks = [playout.kept + "".join(bag[:drawn]), "".join(tiles[:opponent_size])]  # the player's, the opponent's
    bag = bag[drawn:] + list(playout.move.exchanged)
    spread = float(playout.move.score or 0)
    player = 0
    if racks[0] or bag:
        board, view = playout.board, playout.view
        passes = 0
        player = 1
        for _turn in range(END_PLAYOUT_TURNS):
            rack = racks[player]
            found = search_rack(view, rack)
            if not found:
                passes += 1
                if passes >= 2:  # neither can play: blocked, each loses their own rack
                    return spread + _rack_value(racks[1], values) - _rack_value(racks[0], values)
                player = 1 - player
                continue
            passes = 0
            item, _equity, kept = best_by_equity(view, found, rack, len(bag), leaves)
            spread += item[0] if player == 0 else -item[0]
            move = to_move(view, item)
            racks[player] = kept + "".join(bag[:len(move.tiles)])
            bag = bag[len(move.tiles):]
            if not racks[player] and not bag:
                break  # out
            board = board.copy()
            board.place(move.tiles)
            view = view.after(board, _squares(move, board.size))
            player = 1 - player
        else:
            return spread + _rack_value(racks[1], values) - _rack_value(racks[0], values)
    # ``player`` went out: the spread moves by twice the rack left (FFSc: +v and -v; NASPA: +2v).
    left = 2 * _rack_value(racks[1 - player], values)
    return spread + left if player == 0 else spread - left


def _prefers_exchange(kept_worth: float, top_equity: float) -> bool:
    """Whether the static judgement exchanges: the tiles it would keep are worth more than the
    best placement's score plus leave by :data:`EXCHANGE_MARGIN`."""
    return kept_worth > top_equity + EXCHANGE_MARGIN


def _rack_value(rack: str, values: Mapping[str, int]) -> int:
    return sum(values.get(tile, 0) for tile in rack)


def _versus(playout: _Playout, base: _Playout) -> tuple[float, float]:
    """The mean of a candidate's values less the static choice's in the same rounds, and the
    standard error of that mean (0 with fewer than two rounds)."""
    differences = [value - reference for value, reference in zip(playout.compared(), base.compared(), strict=False)]
    count = len(differences)
    mean = sum(differences) / count
    if count < 2:
        return mean, 0.0
    variance = sum((d - mean) ** 2 for d in differences) / (count - 1)
    return mean, (variance / count) ** 0.5


def _still_in_question(playouts: list[_Playout], live: list[int]) -> list[int]:
    """The candidates worth more rounds: the static choice (the reference) and those whose mean
    plus :data:`PRUNE_ERRORS` standard errors reaches the best rating among them."""
    rated = {index: _versus(playouts[index], playouts[0]) for index in live}
    best = max([0.0, *(mean - GUARD * error for index, (mean, error) in rated.items() if index)])
    return [index for index in live
            if not index or rated[index][0] + PRUNE_ERRORS * rated[index][1] >= best]


def _squares(move: Move, size: int) -> list[int]:
    """The board squares a placement lays tiles on."""
    return [tile.row * size + tile.col for tile in move.tiles]


def best_by_equity(
    view: BoardView, found: list[Raw], rack: str, bag_count: int, leaves: Leaves
) -> tuple[Raw, float, str]:
    """The Champion's choice among the placements ``found`` for ``rack``: the best score plus the
    worth of the tiles kept (``leaves``), or with the bag empty, the best score plus
    :data:`GOING_OUT` for a move that goes out. Returns the placement, its equity and the tiles
    kept.

    Moves are read best score first, and the reading stops once no leave could lift a move above
    the best found (:meth:`Leaves.ceiling <scrabble_fr.player.leaves.Leaves.ceiling>`).
    """
    ceiling = GOING_OUT if bag_count == 0 else leaves.ceiling(rack)

    def equity(item: Raw) -> tuple[float, str]:
        kept = _remove(rack, tiles_used(view, item))
        if bag_count == 0:
            # The last turns: the tiles kept will not be played with new ones; going out
            # first ends the game and wins the others' racks.
            return item[0] + (0.0 if kept else GOING_OUT), kept
        return item[0] + leaves.value(kept), kept

    top = min(found, key=_score_then_place)
    top_equity, top_kept = equity(top)
    # Only moves within the ceiling of the first one's equity can pass it: those are sorted, not
    # the whole list (thousands of moves with a joker, and this runs twice a playout).
    ordered = sorted((item for item in found if item[0] + ceiling > top_equity), key=_score_then_place)
    for item in ordered:
        if item[0] + ceiling <= top_equity:
            break
        value, kept = equity(item)
        if value > top_equity:
            top, top_equity, top_kept = item, value, kept
    return top, top_equity, top_kept


def equity_choice(
    view: BoardView, found: list[Raw], rack: str, bag_count: int, leaves: Leaves, can_exchange: bool
) -> tuple[Raw, float, str | None]:
    """The Champion's whole judgement of ``rack``: the best placement by equity and its equity
    (:func:`best_by_equity`), and the tiles it would keep by exchanging instead (when
    ``can_exchange`` and they are worth more by :data:`EXCHANGE_MARGIN`), or None if it places."""
    top, top_equity, _kept = best_by_equity(view, found, rack, bag_count, leaves)
    return top, top_equity, _exchange_instead(rack, leaves, top_equity) if can_exchange else None


def _exchange_instead(rack: str, leaves: Leaves, top_equity: float) -> str | None:
    """The tiles the Champion keeps by exchanging instead of placing a move of ``top_equity``, or
    None if the exchange is not worth more by :data:`EXCHANGE_MARGIN`."""
    kept = ComputerPlayer._kept_for_exchange(rack, leaves)
    return kept if _prefers_exchange(leaves.value(kept), top_equity) else None


def _score_then_place(item: Raw) -> tuple[int, int, tuple[int, ...]]:
    return -item[0], item[1], item[3]


def _remove(rack: str, tiles: str) -> str:
    """The rack less ``tiles`` (sorted)."""
    left = Counter(rack)
    left.subtract(tiles)
    return "".join(sorted(left.elements()))
