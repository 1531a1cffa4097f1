"""The rack (*tirage*) of the player to move, with each tile's value; a tile can be clicked."""

from __future__ import annotations

from rich.segment import Segment
from textual import events
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from scrabble_fr.tui.widgets.board import tile_text

TILE = 4


class RackView(Widget):
    COMPONENT_CLASSES = {"rack--tile", "rack--used", "rack--selected", "rack--hidden"}
    DEFAULT_CSS = """
    RackView { height: 1; width: 32; }
    RackView > .rack--tile { background: #e8d8a8; color: black; text-style: bold; }
    RackView > .rack--used { color: $text-muted; }
    RackView > .rack--selected { background: #70c070; color: black; text-style: bold; }
    RackView > .rack--hidden { color: $text-muted; }
    """

    tiles: reactive[tuple[tuple[str, int], ...]] = reactive((), always_update=True)  # (tile, value)
    used: reactive[frozenset[int]] = reactive(frozenset(), always_update=True)
    selected: reactive[int | None] = reactive(None)
    hidden: reactive[bool] = reactive(False)

    class TileClicked(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return max(TILE * 8, 1)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return 1

    def render_line(self, y: int) -> Strip:
        if y != 0:
            return Strip.blank(self.size.width)
        if self.hidden:
            return Strip([Segment(" ▒▒ " * len(self.tiles), self.get_component_rich_style("rack--hidden"))])
        segments = []
        for index, (tile, value) in enumerate(self.tiles):
            if index == self.selected:
                cls = "rack--selected"
            elif index in self.used:
                cls = "rack--used"
            else:
                cls = "rack--tile"
            segments.append(Segment(tile_text(tile, value), self.get_component_rich_style(cls)))
            segments.append(Segment(" "))
        return Strip(segments)

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or self.hidden:
            return
        index = offset.x // TILE
        if 0 <= index < len(self.tiles):
            self.post_message(self.TileClicked(index))
