"""A duplicate table's results as every output writes them (``table resultats`` as text, CSV,
JSON and HTML; the desk, the projector and the players' end screens read the per-coup figures):
the ranking, and per coup the draw, the top, how many players found it, the spread of the scores,
the best moves below the top, the solo and the warnings, and the board the top was laid on.

    >>> from scrabble_fr.table.store import open_store
    >>> from scrabble_fr.table.duplicate import DuplicateTable, DuplicateTableSettings, create_duplicate_table
    >>> store = open_store(":memory:")
    >>> created = create_duplicate_table(store, DuplicateTableSettings(["Alice"], seconds=None, seed=4))
    >>> results = table_results(DuplicateTable(store, created.table, None, spectator=True))
    >>> results.top_total, [line.name for line in results.ranking], results.coups
    (0, ['Alice'], [])

Everything is read from the rows (no word list): a spectator's view of the table is enough.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from scrabble_fr.duplicate.followed import CoupView
from scrabble_fr.duplicate.jokers import swapped_letters
from scrabble_fr.duplicate.marking import WarningKind
from scrabble_fr.duplicate.paid import PaidCoup
from scrabble_fr.duplicate.ranking import RankingLine, share
from scrabble_fr.duplicate.variant import Variant
from scrabble_fr.engine.board import Board
from scrabble_fr.engine.game import move_from_data
from scrabble_fr.i18n import _, format_number, ngettext
from scrabble_fr.table.duplicate import DuplicateTable
from scrabble_fr.table.rows import PlacedMove, SeatResult
from scrabble_fr.table.slips import SlipRecord

SUBTOPS_SHOWN = 3  # the best moves below the top a coup lists


@dataclass(frozen=True)
class PlayedMove:
    """A move some players played on a coup: who, where, what, for how much."""

    names: tuple[str, ...]
    ref: str
    word: str
    score: int

    def data(self) -> dict[str, Any]:
        return {"ref": self.ref, "word": self.word, "score": self.score, "players": list(self.names)}


@dataclass(frozen=True)
class Spread:
    """The players' scores on a coup: lowest, median, highest."""

    low: int
    median: float
    high: int

    def data(self) -> dict[str, Any]:
        return {"min": self.low, "median": self.median, "max": self.high}


def found_text(found: int, seated: int) -> str:
    """``Top found by 2 of 5``: how many of the players seated for a coup scored its top."""
    return ngettext("Top found by {n} of {total}", "Top found by {n} of {total}", found).format(n=found, total=seated)


def spread_text(spread: Spread) -> str:
    """``min 0 · median 14 · max 108``: the players' scores on a coup."""
    return _("min {low} · median {median} · max {high}").format(
        low=format_number(spread.low), median=format_number(spread.median), high=format_number(spread.high))


def warning_text(value: str) -> str:
    """A warning as the results row records it (:class:`WarningKind`'s value), said to the reader."""
    try:
        return WarningKind(value).text
    except ValueError:
        return value  # a kind this version does not know: as written


@dataclass(frozen=True)
class SeatCoup:
    """A seat's line on a coup, as every output of the coup reads it: the arbitrator's results line
    (``result``; None: not in yet, or the seat not seated then), what was proposed, the points after
    the arbitrator's correction and its reason, the paper slip typed at the desk."""

    seat: int
    proposal: str | None  # what the seat proposed (None: nothing)
    points: int
    percent: float  # of the coup's top
    result: SeatResult | None
    correction: str | None  # the arbitrator's reason, when the score was corrected
    slip: SlipRecord | None
    placed: PlacedMove | None  # the move read from the proposal (None: nothing valid)
    move: str | None  # ... as ``H8 MOT``
    solo: bool
    error: str | None  # why the proposal scored nothing
    warning: str | None

    def data(self) -> dict[str, Any]:
        """The line in ``resultats --json``: as the arbitrator wrote it, with what the desk added."""
        line: dict[str, Any] = self.result.to_json() if self.result is not None else {}
        line["points"] = self.points
        if self.correction is not None:
            line["correction"] = self.correction
        if self.slip is not None:  # a player on paper: what was typed, paid and why
            line["slip"] = self.slip.to_json()
        return line


def seat_coup(table: DuplicateTable, coup: CoupView, seat: int) -> SeatCoup:
    result = coup.line(seat)
    line = result or SeatResult()
    points = coup.points(seat)
    correction = coup.corrections.get(seat)
    slip = coup.slips.get(seat)
    proposal = result.text if result is not None else coup.proposals.get(seat)
    return SeatCoup(seat, proposal or None, points, share(points, coup.top_score), result,
                    correction.reason if correction is not None else None,
                    SlipRecord.from_row(table, slip) if slip is not None else None,
                    line.move, line.move.text if line.move else None, line.solo, line.error, line.warning)


def coup_lines(table: DuplicateTable, coup: CoupView, seats: Sequence[int] | None = None) -> list[SeatCoup]:
    """The lines of ``seats`` (None: every player, in the table's order) on ``coup``."""
    return [seat_coup(table, coup, seat) for seat in (table.players if seats is None else seats)]


@dataclass(frozen=True)
class CoupResults:
    """One coup as the results tell it (``top`` None: its results are not in yet)."""

    number: int
    draw: str
    board: Board  # the board once the top is laid
    slips: tuple[str, ...]  # the paper slips typed at the desk, a line each (:mod:`.slips`)
    lines: dict[str, SeatCoup]  # every player's line, by name
    top: PlacedMove | None = None
    players: int = 0  # the players seated for this coup
    found: int = 0  # of them, how many scored the top
    spread: Spread | None = None
    subtops: tuple[PlayedMove, ...] = ()
    solo: str | None = None
    warnings: tuple[tuple[str, str], ...] = ()  # (name, warning as said)
    corrections: tuple[tuple[str, int, str], ...] = ()  # (name, points, reason)
    placed: frozenset[tuple[int, int]] = frozenset()  # the squares the top took
    swapped: str = ""  # the joker game: the letters that replaced the board's jokers after the coup

    def data(self) -> dict[str, Any]:
        """The coup in ``resultats --json`` (its first keys as they always were)."""
        return {"n": self.number, "draw": self.draw, "top": self.top.to_json() if self.top else None,
                "found": self.found, "seated": self.players,
                "spread": self.spread.data() if self.spread is not None else None,
                "subtops": [move.data() for move in self.subtops], "solo": self.solo,
                "warnings": [{"name": name, "warning": text} for name, text in self.warnings],
                "players": {name: line.data() for name, line in self.lines.items()},
                # The joker game: the letters that replaced the board's jokers, as the local sheet says them.
                **({"jokers_swapped": self.swapped} if self.swapped else {})}


@dataclass(frozen=True)
class TableResults:
    table: str
    top_total: int
    over: bool
    ranking: list[RankingLine]
    coups: list[CoupResults]
    notation: str  # the references' (``H4`` across in French, ``4H`` in English rules)
    variant: Variant = Variant.CLASSIC


def coup_figures(lines: Sequence[SeatCoup], top_score: int) -> tuple[int, int, Spread | None]:
    """How a coup whose results are in went (the desk and the projector show it at once): the
    players seated for it, how many of them scored the top, the spread of their scores."""
    scores = [line.points for line in lines if line.result is not None]  # the seats playing the coup
    spread = Spread(min(scores), statistics.median(scores), max(scores)) if scores else None
    return len(scores), sum(1 for p in scores if p >= top_score), spread


def placed_squares(results: PaidCoup) -> frozenset[tuple[int, int]]:
    """The squares the top of a coup's results took."""
    return frozenset((tile[0], tile[1]) for tile in move_from_data(results.placed).tiles)


def _coup_results(table: DuplicateTable, coup: CoupView, board: Board) -> CoupResults:
    results = coup.results
    lines = coup_lines(table, coup)
    slips = tuple(line.slip.text_line() for line in lines if line.slip is not None)
    named = {table.names[line.seat]: line for line in lines}
    if results is None:
        return CoupResults(coup.number, coup.draw_text, board.copy(), slips, named)
    top_score = coup.top_score
    board.place(move_from_data(results.placed).tiles)
    # A seat not playing the coup has no move, solo nor warning.
    moves: dict[tuple[str, str, int], list[str]] = {}
    for name, line in named.items():
        if line.placed and 0 < line.points < top_score:
            moves.setdefault((line.placed.ref, line.placed.word, line.points), []).append(name)
    solo = next((name for name, line in named.items() if line.solo), None)
    warnings = tuple((name, warning_text(line.warning)) for name, line in named.items() if line.warning)
    subtops = sorted((PlayedMove(tuple(names), ref, word, score) for (ref, word, score), names in moves.items()),
                     key=lambda move: -move.score)[:SUBTOPS_SHOWN]
    corrections = tuple((table.names[seat], c.points, c.reason)
                        for seat, c in coup.corrections.items() if seat in table.names)
    seated, found, spread = coup_figures(lines, top_score)
    return CoupResults(coup.number, coup.draw_text, board.copy(), slips, named, coup.top or PlacedMove("", "", 0),
                       seated, found, spread, tuple(subtops), solo, warnings, corrections,
                       placed_squares(results), swapped_letters(results.swapped))


def table_results(table: DuplicateTable) -> TableResults:
    """The results of ``table`` as its rows say, every coup started in order; raises its damage
    (``table_damaged``) rather than posting a ranking read from the rows before it."""
    if table.damaged is not None:
        raise table.damaged
    board = Board(table.rules.layout)  # built up top by top
    return TableResults(table.table_id, table.top_total, table.over, table.standings(),
                        [_coup_results(table, coup, board) for coup in table.coups], table.rules.notation,
                        table.variant)


def variant_entry(variant: Variant) -> dict[str, str]:
    """A duplicate table's variant as the JSON of ``tables``, ``etat`` and ``resultats`` names it:
    only a variant is named, so that a classic table's JSON is as it always was."""
    return {} if variant is Variant.CLASSIC else {"variant": variant.value}


def results_data(results: TableResults) -> dict[str, Any]:
    """``resultats --json``: the ranking, and per coup the top, each player's line and the coup's
    figures; ``"variant"`` when the table plays one."""
    return {"table": results.table, **variant_entry(results.variant), "top_total": results.top_total,
            "over": results.over, "ranking": [line.data() for line in results.ranking],
            "coups": [coup.data() for coup in results.coups]}


def sheet_rows(results: TableResults) -> list[list[Any]]:
    """``resultats --feuille``: the sheet flattened, a row per coup and player, in the coups' order
    then the table's (the coup in play has no row yet)."""
    rows: list[list[Any]] = []
    for coup in results.coups:
        if coup.top is None:
            continue  # the coup in play: nothing paid yet
        for name, line in coup.lines.items():
            played = line.move or (line.result.text if line.result is not None else None) or ""
            warning = warning_text(line.warning) if line.warning else ""
            rows.append([coup.number, coup.draw, coup.top.ref, coup.top.word, coup.top.score, name, played,
                         line.points, int(line.solo), warning, line.correction if line.correction is not None else ""])
    return rows
