"""A duplicate game as those who follow it know it: a shared table's player (who has no word list),
a watcher, the projector, ``resultats``. Each coup is its draw, the proposals as typed, its close,
what it paid (:mod:`.paid`: the game that judged it published it) and the arbitrator's corrections;
the totals, the solos, the warnings and the places are read from them, ranked as every duplicate is
(:class:`~.ranking.Ranked`).

    >>> from scrabble_fr.duplicate.paid import Correction, PaidCoup, SeatResult
    >>> game = FollowedGame(); game.names = {0: "Alice", 1: "Bruno"}
    >>> game.record_start(1, Draw("", "ERZAGEP"), started_ms=0, seconds=None); game.record_proposal(1, 0, "H6 ARPEGEZ")
    True
    >>> game.record_close(1, closed_ms=1000)
    >>> game.record_results(PaidCoup(1, {"kind": "pass"}, None,
    ...                              {0: SeatResult(108, solo=True), 1: SeatResult(14)}, {0: 108, 1: 14}, 108))
    >>> game.record_correction(Correction(1, 1, 20, "bulletin misread"))
    >>> [(line.rank, line.name, line.total, line.solos) for line in game.standings()]
    [(1, 'Alice', 108, 1), (2, 'Bruno', 20, 0)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from scrabble_fr.duplicate.draw import Draw
from scrabble_fr.duplicate.errors import DuplicateError
from scrabble_fr.duplicate.game import BLITZ_SECONDS, judge
from scrabble_fr.duplicate.jokers import lay_swaps
from scrabble_fr.duplicate.paid import Correction, PaidCoup, PlacedMove, SeatResult
from scrabble_fr.duplicate.ranking import Ranked
from scrabble_fr.duplicate.variant import Variant
from scrabble_fr.engine.board import Board
from scrabble_fr.engine.game import move_from_data
from scrabble_fr.engine.position import Position
from scrabble_fr.engine.rules import Rules


@dataclass
class CoupView:
    """One coup as it is followed."""

    number: int
    draw: Draw
    started_ms: int
    proposals: dict[int, str] = field(default_factory=dict)  # seat -> the last proposal's text
    closed_ms: int | None = None
    results: PaidCoup | None = None
    seconds: float | None = None  # this coup's time (None: no clock)
    corrections: dict[int, Correction] = field(default_factory=dict)  # seat -> the last correction
    slips: dict[int, dict[str, Any]] = field(default_factory=dict)  # seat -> the last paper slip's row

    @property
    def draw_text(self) -> str:
        """The draw as the sheet writes it (``EEU+ESI?``), and as the screens show it."""
        return self.draw.text

    def points(self, seat: int) -> int:
        """A seat's points on this coup, the arbitrator's correction first."""
        if seat in self.corrections:
            return self.corrections[seat].points
        return self.recorded_points(seat)

    def recorded_points(self, seat: int) -> int:
        """A seat's points on this coup as the results wrote them (0: none yet, or no line)."""
        line = self.line(seat)
        return line.points if line is not None else 0

    @property
    def top(self) -> PlacedMove | None:
        """The top its results placed (None: no results yet)."""
        return self.results.top if self.results is not None else None

    @property
    def top_score(self) -> int:
        """The top's score, what a seat's points are a share of (0: no results yet)."""
        top = self.top
        return top.score if top is not None else 0

    def line(self, seat: int) -> SeatResult | None:
        """A seat's line in this coup's results (None: no results yet, or not a player then)."""
        return self.results.line(seat) if self.results is not None else None

    @property
    def closed(self) -> bool:
        """Whether the coup is closed (once: by the arbitrator, or by whoever saw its time up)."""
        return self.closed_ms is not None


class _AnyWord:
    """A follower's word list: it has none; the words are the judging game's."""

    name = ""

    def __contains__(self, word: object) -> bool:
        return True

    def __len__(self) -> int:
        return 0

    def words(self) -> Sequence[str]:
        return ()


class FollowedGame(Ranked):
    """The coups followed, the players' names by seat, the board as the tops made it, whether the
    game is over; the rules, the time of a coup and the variant are the game's. Each published
    step comes in by a method that checks it follows the last one (``ValueError``: it does not,
    the record is damaged); a proposal is judged as far as the rules go without the word list."""

    rules: Rules
    coups: list[CoupView]
    names: dict[int, str]
    board: Board
    over: bool
    seconds: float | None  # the time of a coup (None: no clock)
    variant: Variant

    def __init__(self, rules: Rules | None = None, seconds: float | None = None,
                 variant: Variant = Variant.CLASSIC) -> None:
        self.rules = rules if rules is not None else Rules.preset("ffsc")
        self.seconds, self.variant = seconds, variant
        self.restart()

    def restart(self) -> None:
        """Back to the game before its first coup."""
        self.coups, self.names, self.board, self.over = [], {}, Board(self.rules.layout), False

    # -- a proposal, judged without the word list ---------------------------------------------
    def coup_position(self) -> Position:
        """The coup in play as a follower sees it: the board and the draw, every word taken (the
        words are the judging game's: a word outside its list scores 0 at the close)."""
        coup = self.current
        if coup is None:
            raise DuplicateError("coup_closed")
        return Position(self.rules, board=self.board.copy(), racks=[coup.draw.tiles], lexicon=_AnyWord())

    def check_proposal(self, text: str) -> None:
        """Raise unless ``text`` is a placement the rules allow on this coup's board and draw,
        judged as the game that judges it does (7sur8: seven tiles of the eight at most)."""
        proposal = judge(self.coup_position(), text, self.rules.rack_size)
        if proposal.error is not None:
            raise proposal.error

    # -- the game as published, step by step -------------------------------------------------
    def record_start(self, number: int, draw: Draw, started_ms: int, seconds: float | None) -> None:
        """Coup ``number`` starts with ``draw`` (``seconds`` its time, None: no clock)."""
        if number != len(self.coups) + 1 or self.current is not None:
            raise ValueError("coup out of order")
        self.coups.append(CoupView(number, draw, started_ms, seconds=seconds or None))

    def record_proposal(self, number: int, seat: int, text: str) -> bool:
        """A player's proposal for coup ``number`` (the last counts); False when it came too late
        (after the close), and does not count."""
        coup = self.current
        if coup is None or coup.number != number:
            return False
        coup.proposals[seat] = text
        return True

    def record_close(self, number: int, closed_ms: int) -> None:
        coup = self.current
        if coup is None or coup.number != number:
            raise ValueError("close out of order")
        coup.closed_ms = closed_ms

    def results_due(self, number: int) -> CoupView:
        """Coup ``number``, closed and waiting for its results."""
        coup = self.coups[number - 1]
        if not coup.closed or coup.results is not None:
            raise ValueError("results out of order")
        return coup

    def record_results(self, results: PaidCoup) -> None:
        """What a closed coup paid: its top laid on the board, and in the joker game the board's
        jokers exchanged as the game that judged it did (:mod:`.jokers`)."""
        coup = self.results_due(results.n)
        coup.results = results
        self.board.place(move_from_data(results.placed).tiles)
        if results.swapped and not self.variant.swaps_jokers:
            raise ValueError("a joker swapped outside the joker game")
        lay_swaps(self.board, results.swapped)
        self.over = results.over

    def record_correction(self, correction: Correction) -> None:
        """The arbitrator's correction of a player's points (the last counts)."""
        self.coups[correction.n - 1].corrections[correction.seat] = correction

    @property
    def players(self) -> list[int]:
        """The players' seats, in order of arrival."""
        return sorted(self.names)

    def named(self) -> list[tuple[int, str]]:
        return [(seat, self.names[seat]) for seat in self.players]

    @property
    def current(self) -> CoupView | None:
        """The coup started and not closed, if any."""
        last = self.last
        return last if last is not None and not last.closed else None

    @property
    def last(self) -> CoupView | None:
        return self.coups[-1] if self.coups else None

    @property
    def last_results(self) -> CoupView | None:
        """The last coup whose results are in."""
        return next((c for c in reversed(self.coups) if c.results is not None), None)

    def total(self, player: int) -> int:
        """A seat's total: the last results' totals, with the corrections since."""
        last = self.last_results
        total = last.results.totals.get(player, 0) if last is not None and last.results is not None else 0
        for coup in self.coups:
            if player in coup.corrections and coup.results is not None:
                total += coup.corrections[player].points - coup.recorded_points(player)
        return total

    @property
    def top_total(self) -> int:
        last = self.last_results
        return last.results.top_total if last is not None and last.results is not None else 0

    def solos(self, player: int) -> int:
        return sum(1 for c in self.coups if (line := c.line(player)) is not None and line.solo)

    def warnings(self, player: int) -> int:
        """A seat's warnings on the coups whose results are in (one a coup at most, FISF §5.8)."""
        return sum(1 for c in self.coups if (line := c.line(player)) is not None and line.warning)

    @property
    def is_blitz(self) -> bool:
        """One minute a coup or less: two more warnings free (FISF §5.9; the game that judged the
        coups wrote the totals with the penalty taken off)."""
        return self.seconds is not None and self.seconds <= BLITZ_SECONDS


__all__ = ["CoupView", "FollowedGame"]
