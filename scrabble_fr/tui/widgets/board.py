"""The board on screen: 15×15 squares with their row and column labels and a cursor.

An empty premium square shows its marker (``#`` centre, ``&`` double letter, ``%`` triple letter,
``@`` double word, ``§`` triple word) so the grid reads without colours; a tile shows its letter
and value (a joker shows its letter in lowercase with the value 0). The widget keeps no game
state: the screen hands it what to draw and reacts to its messages.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from scrabble_fr.engine.notation import col_label, row_label
from scrabble_fr.engine.rules import CENTRE, DOUBLE_LETTER, DOUBLE_WORD, STANDARD_LAYOUT, TRIPLE_LETTER, TRIPLE_WORD

if TYPE_CHECKING:
    from scrabble_fr.engine.move import PlacedTile
    from scrabble_fr.engine.rules import Rules

CELL = 3
LABEL = 3
_SUBSCRIPT = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")
_MARKER_CLASS = {
    CENTRE: "board--centre",
    DOUBLE_LETTER: "board--dl",
    TRIPLE_LETTER: "board--tl",
    DOUBLE_WORD: "board--dw",
    TRIPLE_WORD: "board--tw",
}


def tile_text(tile: str, value: int) -> str:
    """Three characters for a tile: ``M₂ ``, ``K₁₀``, ``e₀ `` for a joker."""
    return f"{tile}{str(value).translate(_SUBSCRIPT)}".ljust(CELL)


@dataclass(frozen=True)
class BoardPicture:
    """Everything the board draws, handed over by the screen."""

    squares: tuple[str | None, ...] = (None,) * 225
    layout: tuple[str, ...] = STANDARD_LAYOUT
    values: tuple[tuple[str, int], ...] = ()
    style: str = "fr"
    last_move: frozenset[tuple[int, int]] = frozenset()
    tentative: tuple[tuple[int, int, str], ...] = ()  # (row, col, board letter) not yet announced

    @classmethod
    def of(cls, squares: Sequence[str | None], rules: Rules, last: Iterable[tuple[int, int]] = (),
           tentative: Iterable[PlacedTile] = ()) -> BoardPicture:
        """A board of ``rules`` (its layout, tile values and notation): ``last`` the last move's
        squares, ``tentative`` tiles typed but not yet announced."""
        return cls(
            squares=tuple(squares),
            layout=rules.layout,
            values=tuple(rules.tile_set.values.items()),
            style=rules.notation,
            last_move=frozenset(last),
            tentative=tuple((t.row, t.col, t.board_letter) for t in tentative),
        )

    # Looked up for every square of every line drawn: built once per picture, not per line.
    @cached_property
    def value_of(self) -> dict[str, int]:
        return dict(self.values)

    @cached_property
    def tentative_at(self) -> dict[tuple[int, int], str]:
        return {(r, c): letter for r, c, letter in self.tentative}


class BoardView(Widget, can_focus=True):
    """The grid. Arrows move the cursor; letters, ``?``, space, Backspace and Enter are posted."""

    COMPONENT_CLASSES = {
        "board--label", "board--plain", "board--centre", "board--dl", "board--tl", "board--dw",
        "board--tw", "board--tile", "board--joker", "board--last", "board--tentative", "board--cursor",
    }
    DEFAULT_CSS = """
    BoardView { width: 49; height: 16; }
    BoardView > .board--label { color: $text-muted; }
    BoardView > .board--plain { color: $text-muted; }
    BoardView > .board--centre { background: #b05070; color: white; text-style: bold; }
    BoardView > .board--dl { background: #3a6f9a; color: white; }
    BoardView > .board--tl { background: #1f3f8f; color: white; text-style: bold; }
    BoardView > .board--dw { background: #9a4a6a; color: white; }
    BoardView > .board--tw { background: #a02828; color: white; text-style: bold; }
    BoardView > .board--tile { background: #e8d8a8; color: black; text-style: bold; }
    BoardView > .board--joker { background: #e8d8a8; color: #a02828; text-style: bold italic; }
    BoardView > .board--last { background: #f0b840; color: black; text-style: bold; }
    BoardView > .board--tentative { background: #70c070; color: black; text-style: bold; }
    BoardView > .board--cursor { text-style: reverse; }
    """

    cursor: reactive[tuple[int, int]] = reactive((7, 7))
    across: reactive[bool] = reactive(True)
    picture: reactive[BoardPicture] = reactive(BoardPicture, always_update=True)

    class Typed(Message):
        """A letter typed on the board (``joker`` when preceded by ``?``)."""

        def __init__(self, letter: str, joker: bool) -> None:
            super().__init__()
            self.letter = letter
            self.joker = joker

    class TakeBack(Message):
        """Backspace: take the last tentative tile back."""

    class Announce(Message):
        """Enter: announce the tentative move."""

    class Clear(Message):
        """Escape: take every tentative tile back."""

    class SquareClicked(Message):
        def __init__(self, row: int, col: int) -> None:
            super().__init__()
            self.row = row
            self.col = col

    # A wall's board may be drawn larger: each square ZOOM_WIDTH columns by `zoom` lines.
    ZOOM_WIDTH = {1: CELL, 2: 5}

    zoom: reactive[int] = reactive(1, layout=True)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._joker_next = False

    @property
    def size_n(self) -> int:
        return len(self.picture.layout)

    @property
    def cell(self) -> int:
        return self.ZOOM_WIDTH[self.zoom]

    def board_size(self, zoom: int) -> Size:
        """The columns and lines the board takes at ``zoom`` (its labels included)."""
        return Size(LABEL + self.ZOOM_WIDTH[zoom] * self.size_n + 1, zoom * self.size_n + 1)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self.board_size(self.zoom).width

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self.board_size(self.zoom).height

    def render_line(self, y: int) -> Strip:
        pic = self.picture
        n = len(pic.layout)
        cell = self.cell
        label = self.get_component_rich_style("board--label")
        if y == 0:
            text = " " * LABEL + "".join(col_label(c, pic.style).center(cell) for c in range(n))
            return Strip([Segment(text, label)])
        row, line = divmod(y - 1, self.zoom)
        if row >= n:
            return Strip.blank(self.size.width)
        # A zoomed square shows its letter on its first line; the lines below keep its colour.
        shown = line == 0
        segments = [Segment(row_label(row, pic.style).rjust(2) + " " if shown else " " * LABEL, label)]
        values = pic.value_of
        tentative = pic.tentative_at
        cursor_style = self.get_component_rich_style("board--cursor") if self.has_focus else Style(underline=True)
        for col in range(n):
            tile = pic.squares[row * n + col]
            if (row, col) in tentative:
                tile = tentative[row, col]
                cls = "board--tentative"
            elif tile is not None:
                if (row, col) in pic.last_move:
                    cls = "board--last"
                else:
                    cls = "board--joker" if tile.islower() else "board--tile"
            else:
                marker = pic.layout[row][col]
                cls = _MARKER_CLASS.get(marker, "board--plain")
            if tile is not None:
                text = tile_text(tile, 0 if tile.islower() else values.get(tile, 0))
            else:
                marker = pic.layout[row][col]
                text = f" {marker if marker != '.' else '·'} "
            style = self.get_component_rich_style(cls)
            if (row, col) == self.cursor:
                arrow = "→" if self.across else "↓"
                style = style + cursor_style
                if tile is None:
                    text = f"{text[0]}{text[1]}{arrow}"
            if cell != CELL:
                text = text.center(cell) if shown else " " * cell
            segments.append(Segment(text, style))
        return Strip(segments)

    def watch_cursor(self) -> None:
        self.refresh()

    def watch_across(self) -> None:
        self.refresh()

    def move_cursor(self, dr: int, dc: int) -> None:
        n = self.size_n
        row, col = self.cursor
        self.cursor = (min(max(row + dr, 0), n - 1), min(max(col + dc, 0), n - 1))

    def on_key(self, event: events.Key) -> None:
        moves = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
        if event.key in moves:
            self.move_cursor(*moves[event.key])
        elif event.key == "space":
            self.across = not self.across
        elif event.key == "backspace":
            self._joker_next = False
            self.post_message(self.TakeBack())
        elif event.key == "enter":
            self.post_message(self.Announce())
        elif event.key == "escape":
            self._joker_next = False
            self.post_message(self.Clear())
        elif event.character == "?":
            self._joker_next = True
        elif event.character and event.character.isalpha() and len(event.character) == 1:
            from scrabble_fr.engine.notation import fold_letters

            letter = fold_letters(event.character).upper()
            if len(letter) == 1 and "A" <= letter <= "Z":
                self.post_message(self.Typed(letter, self._joker_next))
            self._joker_next = False
        else:
            return
        event.stop()
        event.prevent_default()

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        row = offset.y - 1
        col = (offset.x - LABEL) // CELL
        if 0 <= row < self.size_n and 0 <= col < self.size_n and offset.x >= LABEL:
            self.cursor = (row, col)
            self.post_message(self.SquareClicked(row, col))

    def advance(self) -> None:
        """Move the cursor past the square just filled, skipping squares already holding tiles."""
        dr, dc = (0, 1) if self.across else (1, 0)
        n = self.size_n
        row, col = self.cursor
        tentative = self.picture.tentative_at
        while True:
            row, col = row + dr, col + dc
            if not (0 <= row < n and 0 <= col < n):
                return
            if self.picture.squares[row * n + col] is None and (row, col) not in tentative:
                self.cursor = (row, col)
                return
