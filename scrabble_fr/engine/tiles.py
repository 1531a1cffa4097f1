"""Tile sets: how many of each letter, what each is worth.

A *joker* (English *blank*) is written ``?`` on a rack; once played it stands for a letter and is
written in lowercase on the board. It is worth 0 wherever it lies.

    >>> FRENCH.total_tiles, FRENCH.value("Z"), FRENCH.value("z")
    (102, 10, 0)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

JOKER = "?"


@dataclass(frozen=True)
class TileSet:
    """A distribution of tiles: ``counts`` and ``values`` by uppercase letter, ``?`` for jokers."""

    name: str
    counts: Mapping[str, int]
    values: Mapping[str, int]

    def __post_init__(self) -> None:
        object.__setattr__(self, "counts", MappingProxyType(dict(self.counts)))
        values = dict(self.values)
        values[JOKER] = 0
        object.__setattr__(self, "values", MappingProxyType(values))

    @property
    def total_tiles(self) -> int:
        return sum(self.counts.values())

    @property
    def total_value(self) -> int:
        return sum(self.values[letter] * n for letter, n in self.counts.items())

    @property
    def letters(self) -> str:
        """Every letter of the set, in alphabetical order, without the joker."""
        return "".join(sorted(letter for letter in self.counts if letter != JOKER))

    def value(self, tile: str) -> int:
        """The value of a tile: an uppercase letter, ``?``, or a lowercase (played joker) letter."""
        if tile == JOKER or tile.islower():
            return 0
        return self.values.get(tile, 0)

    def rack_value(self, rack: str) -> int:
        return sum(self.value(tile) for tile in rack)

    def as_counter(self) -> Counter[str]:
        return Counter(dict(self.counts))

    def full_bag(self) -> list[str]:
        """Every tile of the set, in alphabetical order (jokers last)."""
        tiles: list[str] = []
        for letter in sorted(self.counts, key=lambda t: (t == JOKER, t)):
            tiles.extend(letter * self.counts[letter])
        return tiles


def _spec(groups: dict[int, str]) -> tuple[dict[str, int], dict[str, int]]:
    """Read ``{value: "A9 E15 …"}`` into counts and values."""
    counts: dict[str, int] = {}
    values: dict[str, int] = {}
    for value, text in groups.items():
        for item in text.split():
            letter, count = item[0], int(item[1:])
            counts[letter] = count
            values[letter] = value
    return counts, values


FRENCH = TileSet(
    "french",
    *_spec(
        {
            0: "?2",
            1: "A9 E15 I8 L5 N6 O6 R6 S6 T6 U6",
            2: "D3 G2 M3",
            3: "B2 C2 P2",
            4: "F2 H2 V2",
            8: "J1 Q1",
            10: "K1 W1 X1 Y1 Z1",
        }
    ),
)

ENGLISH = TileSet(
    "english",
    *_spec(
        {
            0: "?2",
            1: "A9 E12 I9 L4 N6 O8 R6 S4 T6 U4",
            2: "D4 G3",
            3: "B2 C2 M2 P2",
            4: "F2 H2 V2 W2 Y2",
            5: "K1",
            8: "J1 X1",
            10: "Q1 Z1",
        }
    ),
)

TILE_SETS: Mapping[str, TileSet] = MappingProxyType({"french": FRENCH, "english": ENGLISH})

