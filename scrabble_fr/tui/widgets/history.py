"""The game's history beside the board: a fixed heading over lines that scroll.

The lines are laid out by :func:`scrabble_fr.texts.history_lines` for the width the widget has,
so the points and the running total keep their columns at 80 columns as at 200, whatever the
notes (a challenge, a hint, an undo) beside them. Focused, the arrows and Page Up/Down scroll it.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from scrabble_fr.texts import HistoryRow, history_lines


class HistoryView(Vertical):
    """The history table: ``show(rows)`` draws it, newest row in sight."""

    DEFAULT_CSS = """
    HistoryView { height: 1fr; padding: 0 0 0 1; }
    HistoryView > #history-head { height: 1; text-style: bold; }
    HistoryView > #history-body { height: 1fr; scrollbar-size-vertical: 1; scrollbar-gutter: stable; }
    HistoryView > #history-body > #history-lines { width: 1fr; height: auto; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.rows: list[HistoryRow] = []
        self.turns = True
        self.name_width = 12

    def compose(self) -> ComposeResult:
        yield Static(id="history-head", markup=False)
        with VerticalScroll(id="history-body"):
            yield Static(id="history-lines", markup=False)

    @property
    def lines(self) -> list[str]:
        """The rows as shown (for tests and the screen reader of the future)."""
        return self._laid_out()[1]

    def show(self, rows: Sequence[HistoryRow], turns: bool = True, name_width: int = 12) -> None:
        self.rows = list(rows)
        self.turns = turns
        self.name_width = name_width
        self._draw()

    def on_resize(self) -> None:
        self._draw()

    def _laid_out(self) -> tuple[str, list[str]]:
        body = self.query_one("#history-body", VerticalScroll)
        # One column of the body goes to its scroll bar, kept even when there is nothing to scroll.
        width = max(20, (body.size.width or self.size.width or 40) - 1)
        return history_lines(self.rows, width, self.turns, self.name_width)

    def _draw(self) -> None:
        if not self.is_mounted:
            return
        head, lines = self._laid_out()
        self.query_one("#history-head", Static).update(head)
        self.query_one("#history-lines", Static).update("\n".join(lines))
        self.query_one("#history-body", VerticalScroll).scroll_end(animate=False)
