"""The duplicate sheet in a window of its own, over a duplicate game's screen, its end screen or
a club table's: scrollable, written for the width it has."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.app import ComposeResult
from textual.containers import ScrollableContainer
from textual.screen import ModalScreen
from textual.widgets import Static

from scrabble_fr.i18n import N_
from scrabble_fr.tui.bindings import LocalizedBindings


class SheetScreen(LocalizedBindings, ModalScreen[None]):
    """The sheet so far, scrollable with the arrows; Escape closes it. Given as a function of
    the width it has, it is written for that width (again when the terminal is resized)."""

    KEYS = [("escape,f5", "dismiss", N_("Close"), True)]
    DEFAULT_CSS = """
    SheetScreen { align: center middle; }
    #sheet-box { width: 96%; height: 90%; border: round $accent; background: $surface; }
    #sheet-text { width: auto; }
    """

    def __init__(self, text: str | Callable[[int], str]) -> None:
        super().__init__()
        self.text = text if isinstance(text, str) else ""
        self.text_for = None if isinstance(text, str) else text

    def compose(self) -> ComposeResult:
        with ScrollableContainer(id="sheet-box"):
            yield Static(self.text, id="sheet-text", markup=False)

    def on_mount(self) -> None:
        self.query_one("#sheet-box").focus()
        self.call_after_refresh(self._fit)

    def on_resize(self) -> None:
        self.call_after_refresh(self._fit)

    def _fit(self) -> None:
        if self.text_for is None:
            return
        box = self.query_one("#sheet-box")
        # Room for the vertical scrollbar, which a long sheet shows.
        width = max(20, box.content_region.width - box.styles.scrollbar_size_vertical)
        self.text = self.text_for(width)
        self.query_one("#sheet-text", Static).update(self.text)

    async def action_dismiss(self, result: Any = None) -> None:
        self.dismiss(None)
