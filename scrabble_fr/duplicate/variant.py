"""The duplicate's variants (« formules originales », FISF rules §3.8): one value of the game's
rules, saying how each coup is drawn and what happens on the board between coups.

    >>> Variant.parse("7sur8").draw_size(7), Variant.JOKER.joker_in_every_draw, Variant.CLASSIC.draw_size(7)
    (8, True, 7)

- **classique**: the competition duplicate, seven tiles a coup (§3.1, §3.2).
- **joker**: one joker in every draw; before the next draw, a joker on the board is exchanged for
  the letter it stands for when the bag still holds that letter, and goes back to the draw.
- **7sur8**: eight tiles a coup, a move places seven of them at most; the tiles not played stay in
  the leftover like any other.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

from scrabble_fr.duplicate.errors import DuplicateError
from scrabble_fr.i18n import N_, _

if TYPE_CHECKING:
    from scrabble_fr.engine.move import Move


class Variant(enum.StrEnum):
    """A duplicate game's variant, as ``--variante`` names it and a save keeps it."""

    CLASSIC = "classique"
    JOKER = "joker"
    SEVEN_OF_EIGHT = "7sur8"

    @classmethod
    def parse(cls, text: str | None) -> Variant:
        """The variant named ``text`` (None or empty: the classic duplicate); anything else is
        refused with the names that are known.

            >>> Variant.parse(None), Variant.parse(" Joker ")
            (<Variant.CLASSIC: 'classique'>, <Variant.JOKER: 'joker'>)
        """
        try:
            return cls((text or "").strip().lower() or cls.CLASSIC)
        except ValueError:
            raise DuplicateError("unknown_variant", text=text, known=", ".join(v.value for v in cls)) from None

    def draw_size(self, rack_size: int) -> int:
        """Tiles in a coup's draw: one more than the rack in 7sur8, else the rack's own size. A
        move never places more than ``rack_size`` tiles, whatever the variant."""
        return rack_size + 1 if self is Variant.SEVEN_OF_EIGHT else rack_size

    @property
    def joker_in_every_draw(self) -> bool:
        return self is Variant.JOKER

    @property
    def swaps_jokers(self) -> bool:
        """Whether a joker on the board is exchanged for its letter before the next draw."""
        return self is Variant.JOKER

    @property
    def text(self) -> str:
        """The variant's name for a player, in their language."""
        return _(_TEXTS[self])


def within_play_limit(move: Move | None, limit: int | None) -> bool:
    """Whether ``move`` places ``limit`` tiles of the draw at most (None: no limit; no move:
    nothing placed). The one rule behind 7sur8, whoever applies it: a judged proposal, a marked
    slip, the top looked for.

        >>> within_play_limit(None, 7), within_play_limit(None, None)
        (True, True)
    """
    return limit is None or move is None or len(move.tiles) <= limit


_TEXTS = {
    Variant.CLASSIC: N_("Classic duplicate"),
    Variant.JOKER: N_("Joker game"),
    Variant.SEVEN_OF_EIGHT: N_("7 out of 8"),
}

__all__ = ["Variant", "within_play_limit"]
