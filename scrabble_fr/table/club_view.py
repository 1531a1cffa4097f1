"""What the club duplicate's screens show, read from a :class:`DuplicateTable` (no rule here, no
Textual): the phase of the table, a seat's line on a closed coup, the ranking, the sheet.

    >>> from scrabble_fr.table.store import open_store
    >>> from scrabble_fr.table.duplicate import DuplicateTableSettings, create_duplicate_table
    >>> store = open_store(":memory:")
    >>> created = create_duplicate_table(store, DuplicateTableSettings(["Alice"], seconds=None, seed=4))
    >>> phase(DuplicateTable.join(store, created.codes[0])).value
    'waiting'
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from scrabble_fr.duplicate.errors import DuplicateError
from scrabble_fr.duplicate.export import SheetLine, sheet_cell, sheet_table
from scrabble_fr.duplicate.followed import CoupView
from scrabble_fr.duplicate.jokers import swapped_letters
from scrabble_fr.duplicate.paid import PlacedMove
from scrabble_fr.duplicate.texts import swapped_text
from scrabble_fr.duplicate.variant import Variant
from scrabble_fr.engine.move import Move, PlacedTile
from scrabble_fr.i18n import _, colon, format_number, ngettext
from scrabble_fr.match.entry import check_tile
from scrabble_fr.table.duplicate import DuplicateTable
from scrabble_fr.table.results import coup_figures, coup_lines, found_text, placed_squares, seat_coup


class Phase(StrEnum):
    """Where a duplicate table stands."""

    WAITING = "waiting"  # no coup in play: the arbitrator starts the next one
    PLAYING = "playing"  # a coup in play: the players propose
    CLOSING = "closing"  # the coup is closed, its results not written yet
    OVER = "over"  # the last coup's results are in


def phase(table: DuplicateTable) -> Phase:
    if table.over:
        return Phase.OVER
    if table.current is not None:
        return Phase.PLAYING
    last = table.last
    if last is not None and last.results is None:
        return Phase.CLOSING
    return Phase.WAITING


def clock_text(seconds: float | None) -> str:
    """``2:31`` (rounded up, never below 0:00)."""
    if seconds is None:
        return ""
    whole = max(0, int(seconds + 0.999))
    return f"{whole // 60}:{whole % 60:02d}"


def time_per_coup_text(table: DuplicateTable) -> str:
    """The time of the coups to come: ``3:00 a coup`` or ``no clock``."""
    seconds = table.coup_seconds
    if not seconds:
        return _("no clock")
    return _("{time} a coup").format(time=clock_text(seconds))


def rejets_text(count: int) -> str:
    """``2 rejets`` when a draw was thrown back ``count`` times (too few vowels or consonants),
    else ``""``."""
    if not count:
        return ""
    return ngettext("Drawn again once (rejet)", "Drawn again {n} times (rejets)", count).format(n=count)


def top_text(top: PlacedMove) -> str:
    """A coup's top as the screens write it: ``H6 ARPEGEZ 108``."""
    return f"{top.text} {format_number(top.score)}"


def top_lines(coup: CoupView | None) -> list[str]:
    """The top of a coup whose results are in, and in the joker game the letters that replaced
    the board's jokers (the player's screen and the projector); nothing before its results."""
    top = coup.top if coup is not None else None
    lines = [_("Top{colon} {top}").format(colon=colon(), top=top_text(top))] if top is not None else []
    swapped = swap_text(coup)
    return [*lines, swapped] if swapped else lines


@dataclass(frozen=True)
class AgainstTop:
    """A seat's coup beside the top: what the seat played (None: nothing valid), what it scored."""

    number: int
    top: PlacedMove
    move: str | None
    points: int

    @property
    def missed(self) -> int:
        """The points left on the coup (0: the top found)."""
        return max(0, self.top.score - self.points)


def against_top(table: DuplicateTable, seat: int) -> list[AgainstTop]:
    """Each coup with results of a seat that played it, beside its top (the player's end screen)."""
    lines = []
    for coup in table.coups:
        top = coup.top
        line = seat_coup(table, coup, seat)
        if top is not None and line.result is not None:  # in, and the seat played it (a late player)
            lines.append(AgainstTop(coup.number, top, line.move, line.points))
    return lines


def proposed(table: DuplicateTable) -> list[int]:
    """The seats with a proposal (or a paper slip) in on the coup in play (never what they proposed)."""
    return [seat for seat in table.players if table.has_proposed(seat)]


def own_proposal(table: DuplicateTable) -> str | None:
    """This seat's proposal on the coup in play."""
    coup = table.current
    if coup is None or table.seat is None:
        return None
    return coup.proposals.get(table.seat)


def sheet_text(table: DuplicateTable, seats: list[int] | None = None, width: int | None = None) -> str:
    """The sheet so far as a plain-text table, as the local duplicate's
    (:func:`~scrabble_fr.duplicate.export.sheet_table`), ``*`` a corrected score: the reasons
    follow, then the paper slips. Within ``width`` columns: the players that do not fit follow below."""
    shown = table.players if seats is None else seats
    lines: list[SheetLine] = []
    notes: list[str] = []
    slips: list[str] = []
    for coup in table.coups:
        top = coup.top
        cells = coup_lines(table, coup, shown)
        slips += [_("Slip") + colon() + " " + line.slip.text_line() for line in cells if line.slip is not None]
        if top is None:
            lines.append(SheetLine(coup.number, coup.draw_text, None, []))
            continue
        lines.append(SheetLine(coup.number, coup.draw_text, (top.word, top.ref, top.score), [
            sheet_cell(line.move or line.proposal, line.points, warned=bool(line.warning), solo=line.solo,
                       corrected=line.correction is not None) for line in cells]))
        notes += [_("* coup {n}, {name}: {points} ({reason})").format(
            n=coup.number, name=table.names[line.seat], points=line.points, reason=line.correction)
            for line in cells if line.correction is not None]
    notes += slips
    if width:  # a note is a sentence: wrapped to the screen, never cut
        notes = [line for note in notes for line in textwrap.wrap(note, width, subsequent_indent="  ")]
    return sheet_table(table.variant, [table.names[s] for s in shown], lines,
                       [(table.total(s), table.percent(s)) for s in shown],
                       [(table.warnings(s), table.penalty(s)) for s in shown], notes, width)


def variant_text(table: DuplicateTable) -> str | None:
    """The table's variant, as the desk, the wall and the players' screens head it (« Partie
    joker », « 7 sur 8 »); None for the classic duplicate, which goes unsaid."""
    return table.variant.text if table.variant is not Variant.CLASSIC else None


def swap_text(coup: CoupView | None) -> str | None:
    """The joker game: the letters that replaced the board's jokers after ``coup``, as its
    results row says (None: none, or no results yet)."""
    if coup is None or coup.results is None:
        return None
    return swapped_text(swapped_letters(coup.results.swapped))


def table_code_text(table: DuplicateTable) -> str | None:
    """The arbitrator's desk at an open table: the code late players join with (a table made
    before the code could be derived from the arbitrator's: where it was given). None elsewhere."""
    if not table.is_arbiter or not table.is_open:
        return None
    if table.table_code is None:
        return _("The table's code was shown when the table was created.")
    return _("The table's code, to join{colon} {code}").format(colon=colon(), code=table.table_code)


def last_squares(table: DuplicateTable) -> frozenset[tuple[int, int]]:
    """The squares of the last top placed (to mark them on the board)."""
    last = table.last_results
    if last is None or last.results is None or not last.results.placed:
        return frozenset()
    return placed_squares(last.results)


def figures_lines(table: DuplicateTable, coup: CoupView | None) -> list[str]:
    """How a coup whose results are in went, in two short lines for the desk and the projector:
    how many found the top, and the players' scores (lowest, median, highest)."""
    if coup is None or coup.results is None:
        return []
    seated, found, spread = coup_figures(coup_lines(table, coup), coup.top_score)
    if spread is None:
        return []
    # Short enough for the desk's side (29 columns at 80): the range first, then the median.
    return [found_text(found, seated),
            _("Scores {low}–{high}, median {median}").format(
                low=format_number(spread.low), high=format_number(spread.high), median=format_number(spread.median))]


def next_draw(table: DuplicateTable) -> tuple[str, int] | None:
    """The arbitrator's process, between coups: the next coup's draw as the sheet writes it and
    its rejets (the arbitrator announces it); None elsewhere, or when the game is over."""
    game = table.game
    if game is None or table.current is not None or game.is_over or game.current is None:
        return None
    draw = game.current.draw
    return draw.text, draw.rejets


def check_board_tile(table: DuplicateTable, tentative: Sequence[PlacedTile], row: int, col: int, letter: str,
                     joker: bool) -> None:
    """Raise unless ``letter`` may be laid on the square for the move a player types on the board
    (their own screen: nobody else sees it)."""
    coup = table.current
    if coup is None:
        raise DuplicateError("coup_closed")
    check_tile(table.board, coup.draw.tiles, tentative, row, col, letter, joker)
    if len(tentative) >= table.rules.rack_size:  # 7sur8: the eighth tile of the draw is refused at once
        raise DuplicateError("too_many_tiles", maximum=table.rules.rack_size)


def board_move_text(table: DuplicateTable, tentative: Sequence[PlacedTile]) -> str:
    """The move typed on the board, written out as the line takes it (``H4 MAISON``)."""
    position = table.coup_position()
    return position.describe(Move.place(list(tentative))).notation(table.rules.notation)
