"""A duplicate's final ranking in a grid: the local game's end and the club table's end show it alike."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widgets import DataTable

from scrabble_fr.duplicate.export import percent_text
from scrabble_fr.duplicate.ranking import RankingLine
from scrabble_fr.i18n import _, format_number


def fill_ranking(grid: DataTable[str | Text], lines: Sequence[RankingLine], seat: int | None = None) -> int:
    """The ranking's lines in ``grid`` (place, name, total, share of the top, solos: the numbers
    right-aligned); returns the row of ``seat`` (0 when absent) for the caller's cursor."""
    grid.add_columns(_("Rank"), _("Player"), _("Score"), _("% of the top"), _("Solos"))
    mine = 0
    for index, line in enumerate(lines):
        grid.add_row(Text(str(line.rank), justify="right"), line.name, Text(format_number(line.total), justify="right"),
                     Text(percent_text(line.percent), justify="right"), Text(str(line.solos), justify="right"))
        if line.seat == seat:
            mine = index
    return mine
