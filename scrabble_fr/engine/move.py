"""Moves: a placement of tiles, an exchange, or a pass.

``Move.tiles`` lists only the tiles the move adds, as :class:`PlacedTile` named tuples with 0-based
row and column and, for a joker, the letter it stands for. Two moves are equal when they lay the
same tiles (or exchange the same tiles), whatever their score or the notation used.

    >>> m = Move.place([PlacedTile(7, 7, "O", False), PlacedTile(7, 8, "U", False)])
    >>> m.kind.value, len(m.tiles), m == Move.place(reversed(m.tiles))
    ('place', 2, True)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import NamedTuple


class MoveKind(enum.Enum):
    PLACE = "place"
    EXCHANGE = "exchange"
    PASS = "pass"


class PlacedTile(NamedTuple):
    """One tile laid by a move: 0-based ``row`` and ``col``, the ``letter`` (A-Z) it shows."""

    row: int
    col: int
    letter: str
    is_blank: bool

    @property
    def board_letter(self) -> str:
        """The letter as the board stores it (lowercase for a joker)."""
        return self.letter.lower() if self.is_blank else self.letter.upper()


@dataclass(frozen=True)
class Word:
    """A word formed by a placement, with where it lies and what it scores."""

    text: str  # uppercase letters, lowercase for jokers
    row: int
    col: int
    across: bool
    score: int

    @property
    def letters(self) -> str:
        return self.text.upper()


@dataclass(frozen=True)
class Move:
    """A move. Build with :meth:`place`, :meth:`exchange` or :meth:`pass_`."""

    kind: MoveKind
    tiles: tuple[PlacedTile, ...] = ()
    exchanged: str = ""
    # Where the main word starts and its direction, its text and what it scores; filled in by
    # the position that parsed or scored the move, ignored when comparing moves.
    row: int = field(default=-1, compare=False)
    col: int = field(default=-1, compare=False)
    across: bool = field(default=True, compare=False)
    word: str = field(default="", compare=False)
    score: int | None = field(default=None, compare=False)
    words: tuple[Word, ...] = field(default=(), compare=False)

    @classmethod
    def place(cls, tiles: Iterable[PlacedTile | tuple[int, int, str, bool]]) -> Move:
        placed = tuple(sorted(PlacedTile(r, c, letter.upper(), bool(b)) for r, c, letter, b in tiles))
        return cls(MoveKind.PLACE, placed)

    @classmethod
    def exchange(cls, tiles: str) -> Move:
        """Exchange ``tiles`` (``?`` for a joker)."""
        return cls(MoveKind.EXCHANGE, exchanged="".join(sorted(tiles.upper())))

    @classmethod
    def pass_(cls) -> Move:
        return cls(MoveKind.PASS)

    @property
    def is_place(self) -> bool:
        return self.kind is MoveKind.PLACE

    @property
    def rack_letters(self) -> str:
        """The rack tiles this move uses (``?`` for each joker)."""
        if self.kind is MoveKind.EXCHANGE:
            return self.exchanged
        return "".join("?" if t.is_blank else t.letter for t in self.tiles)

    def notation(self, style: str = "fr", through: str = "full") -> str:
        """The move as a score sheet writes it: ``H4 MAISON`` (French), ``8D WORD`` (English);
        ``through="dot"`` writes letters already on the board as ``.`` (GCG)."""
        from scrabble_fr.engine.notation import format_move

        return format_move(self, style, through)

    def __str__(self) -> str:
        return self.notation("fr")

    def __repr__(self) -> str:
        if self.kind is MoveKind.PLACE:
            if self.word:
                return f"<Move {self.notation('fr')}{'' if self.score is None else f' {self.score}'}>"
            return f"<Move place {list(map(tuple, self.tiles))}>"
        if self.kind is MoveKind.EXCHANGE:
            return f"<Move exchange {self.exchanged}>"
        return "<Move pass>"
