"""A duplicate's final ranking in a grid: the local game's end and the club table's end show it alike."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widgets import DataTable

from scrabble_fr.duplicate.export import percent_text
from scrabble_fr.duplicate.ranking import RankingLine
from scrabble_fr.i18n import _, format_number


def fill_ranking(grid: DataTable[str | Text], lines: Sequence[RankingLine], seat: int | None = None, *,
                 warnings: bool = False) -> int:
    """The ranking's lines in ``grid`` (place, name, total, share of the top, solos and, with
    ``warnings``, each line's warnings as ``table resultats`` gives them: the numbers
    right-aligned); returns the row of ``seat`` (0 when absent) for the caller's cursor."""
    heads = [_("Rank"), _("Player"), _("Score"), _("% of the top"), _("Solos")]
    # Abbreviated as the HTML results head it: the grid stays whole at 80 columns.
    grid.add_columns(*heads, *([_("Warn.")] if warnings else []))
    mine = 0
    for index, line in enumerate(lines):
        cells: list[str | Text] = [
            Text(str(line.rank), justify="right"), line.name, Text(format_number(line.total), justify="right"),
            Text(percent_text(line.percent), justify="right"), Text(str(line.solos), justify="right")]
        if warnings:
            cells.append(Text(str(line.warnings), justify="right"))
        grid.add_row(*cells)
        if line.seat == seat:
            mine = index
    return mine
