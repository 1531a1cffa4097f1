"""The board: a square grid of premium squares and the tiles laid on it.

A square holds ``None`` or a one-letter string: uppercase for a tile, lowercase for a joker
standing for that letter (worth 0 for the rest of the game).

    >>> b = Board(); b.place([(7, 7, "A", False)]); b[7, 7], b.marker(0, 0)
    ('A', '§')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from scrabble_fr.engine.rules import PLAIN, STANDARD_LAYOUT

# (row, col, letter, is_blank) — the shape of scrabble_fr.engine.move.PlacedTile.
TileTuple = tuple[int, int, str, bool]


class Board:
    """A mutable grid; the rules engine is the only code that changes it during a game."""

    __slots__ = ("layout", "size", "squares")

    def __init__(self, layout: tuple[str, ...] = STANDARD_LAYOUT) -> None:
        self.layout = layout
        self.size = len(layout)
        self.squares: list[str | None] = [None] * (self.size * self.size)

    def __getitem__(self, rc: tuple[int, int]) -> str | None:
        row, col = rc
        return self.squares[row * self.size + col]

    def __setitem__(self, rc: tuple[int, int], tile: str | None) -> None:
        row, col = rc
        self.squares[row * self.size + col] = tile

    def inside(self, row: int, col: int) -> bool:
        return 0 <= row < self.size and 0 <= col < self.size

    def marker(self, row: int, col: int) -> str:
        """The premium marker of a square (``# & % @ §``, or ``.`` for a plain square)."""
        return self.layout[row][col]

    def premium(self, row: int, col: int) -> str:
        """The marker if the premium still counts (the square is empty), else ``.``."""
        return PLAIN if self[row, col] is not None else self.layout[row][col]

    def is_empty(self) -> bool:
        return all(square is None for square in self.squares)

    def tile_count(self) -> int:
        return sum(square is not None for square in self.squares)

    def place(self, tiles: Iterable[TileTuple]) -> None:
        for row, col, letter, is_blank in tiles:
            self[row, col] = letter.lower() if is_blank else letter.upper()

    def remove(self, tiles: Iterable[TileTuple]) -> None:
        for row, col, _letter, _blank in tiles:
            self[row, col] = None

    def tiles(self) -> Iterator[tuple[int, int, str]]:
        """Every occupied square as (row, col, tile)."""
        for index, square in enumerate(self.squares):
            if square is not None:
                yield index // self.size, index % self.size, square

    def copy(self) -> Board:
        other = Board(self.layout)
        other.squares = list(self.squares)
        return other

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and self.layout == other.layout and self.squares == other.squares

    def __str__(self) -> str:
        """The grid as text: tiles as letters, empty squares as their markers."""
        lines = []
        for row in range(self.size):
            lines.append(
                "".join(self[row, col] or self.layout[row][col] for col in range(self.size))
            )
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<Board {self.tile_count()} tiles>"
