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
from dataclasses import dataclass, field
from typing import Any, NamedTuple


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
        for tiles, (row, col, across), score, source in found:
            move = _new(cls)
            # Straight into the instance's fields: the frozen dataclass's __init__ would set
            # them one by one through object.__setattr__, and sort and check tiles made checked.
            vars(move).update({"kind": kind, "tiles": tiles, "exchanged": "", "row": row, "col": col,
                               "across": across, "score": score, _FOUND_FROM: (make, context, source)})
            append(move)
        return moves

    def __getstate__(self) -> dict[str, Any]:
        """The fields alone (for ``copy`` and ``pickle``): a found move's words made first."""
        state = {name: getattr(self, name) for name in _LATER}
        state.update((key, value) for key, value in vars(self).items() if key != _FOUND_FROM)
        return state

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
_FOUND_FROM = "_found_from"  # a found move's maker of its word and words, and what from
_LATER = ("word", "words")  # the fields a found move makes when first read


class _Later:
    """A field of :class:`Move` (``word``, ``words``) where the instance has no value yet (a
    :meth:`Move.found_all` move): made on the first read and kept in the instance, which answers
    every later read by itself."""

    def __init__(self, name: str, default: object) -> None:
        self.name = name
        self.default = default

    def __get__(self, move: Move | None, owner: type[Move]) -> Any:
        if move is None:
            return self.default
        state = vars(move)
        make, context, source = state[_FOUND_FROM]
        value = state[self.name] = make(self.name, context, source)  # two threads: the same value, twice
        return value


# Set after the dataclass is made: its __init__ keeps the defaults and sets both fields in every
# move it builds, so these only answer for the moves built by :meth:`Move.found_all` (and by the
# compiled engine's move lists, which build them the same way).
for _name in _LATER:
    setattr(Move, _name, _Later(_name, Move.__dataclass_fields__[_name].default))
