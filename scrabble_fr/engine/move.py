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
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, NamedTuple


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


class _Found:
    """Where a :meth:`Move.found_all` move makes its ``word`` and ``words`` from: the maker and
    its context (one pair shared by a whole list), and what the move was found as. Slots only,
    outside the dataclass's fields: a move built otherwise leaves them empty."""

    __slots__ = ("_found_from", "_found_source")


@dataclass(frozen=True, slots=True, weakref_slot=True)
class Move(_Found):
    """A move. Build with :meth:`place`, :meth:`exchange` or :meth:`pass_`.

    A value type with a slot a field (no instance dictionary): a move list holds thousands."""

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
    def found_all(cls, make: Callable[[str, Any, Any], Any], context: object,
                  found: Iterable[tuple[tuple[PlacedTile, ...], tuple[int, int, bool], int, object]]) -> list[Move]:
        """Placements as a move generator found them, each ``(tiles, (row, col, across), score,
        source)``: equal in every field to the moves :meth:`place` and
        :meth:`Position.describe` make, but each built in one step. Their ``tiles`` are already
        checked and sorted; their ``word`` and ``words`` are made when first read, as
        ``make("word", context, source)`` and ``make("words", context, source)``: a full move
        list is built by the thousand and mostly read for scores and tiles. The compiled
        engine's move lists make their moves the same way on its C side (``player/_c/binding.c``,
        ``move_of``): a change to the fields kept here is a change there too.

            >>> tiles = (PlacedTile(7, 7, "O", False), PlacedTile(7, 8, "U", False))
            >>> made = {"word": "OU", "words": (Word("OU", 7, 7, True, 4),)}
            >>> [m] = Move.found_all(lambda name, context, source: made[name], None, [(tiles, (7, 7, True), 4, None)])
            >>> m == Move.place(tiles), m, m.words == made["words"]
            (True, <Move H8 OU 4>, True)
        """
        moves: list[Move] = []
        append = moves.append
        kind = MoveKind.PLACE
        maker = (make, context)
        # Straight into the instance's slots, through their own setters: the frozen dataclass's
        # __init__ would set every field (word and words too), and sort and check tiles made checked.
        set_kind, set_tiles, set_exchanged, set_row, set_col, set_across, set_score, set_from, set_source = _SETTERS
        for tiles, (row, col, across), score, source in found:
            move = _new(cls)
            set_kind(move, kind)
            set_tiles(move, tiles)
            set_exchanged(move, "")
            set_row(move, row)
            set_col(move, col)
            set_across(move, across)
            set_score(move, score)
            set_from(move, maker)
            set_source(move, source)
            append(move)
        return moves

    if not TYPE_CHECKING:  # to the type checker, a Move has its fields and no other attribute

        def __getattr__(self, name: str) -> Any:
            """A found move's ``word`` or ``words``, made on the first read and kept in its slot,
            which answers every later read by itself (only a slot left empty comes here)."""
            if name in _LATER:
                try:
                    make, context = _get(self, "_found_from")
                except AttributeError:
                    pass
                else:
                    value = make(name, context, _get(self, "_found_source"))
                    _set(self, name, value)  # two threads: the same value, twice
                    return value
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def __getstate__(self) -> dict[str, Any]:
        """The fields alone (for ``copy`` and ``pickle``): a found move's words made first."""
        return {name: getattr(self, name) for name in _FIELDS}

    def __setstate__(self, state: dict[str, Any]) -> None:
        """The fields :meth:`__getstate__` gives (also the moves pickled with an instance
        dictionary, whose state was the same)."""
        for name, value in state.items():
            _set(self, name, value)

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


_new = object.__new__
_set = object.__setattr__
_get = object.__getattribute__
_LATER = frozenset(("word", "words"))  # the fields a found move makes when first read
_FIELDS = tuple(f.name for f in fields(Move))
# The setters of the slots Move.found_all fills, in its order.
_SETTERS = tuple(getattr(Move, name).__set__ for name in (
    "kind", "tiles", "exchanged", "row", "col", "across", "score", "_found_from", "_found_source"))
