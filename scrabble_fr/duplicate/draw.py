"""Draws in duplicate (FISF rules §3.1, §3.2 and §3.7): the leftover, new tiles, and rejets.

    >>> rng = random.Random(1); bag = list("AEIOU" + "BCDFG" * 3)
    >>> d = make_draw("", bag, rng, number=1); len(d.tiles), minimum_met(d.tiles, 2)
    (7, True)

Each coup's draw is the *leftover* (French *reliquat*: the tiles the previous top did not use)
completed from the bag to seven tiles. For the first fifteen coups it must hold at least two
vowels and two consonants, then at least one of each; a joker and the Y count as whichever is
missing. A draw that falls short goes back to the bag whole, leftover included, and seven tiles
are drawn afresh: a *rejet*, marked ``-`` on the sheet. When the leftover and the bag together
cannot give a valid draw at all, the game is over.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from scrabble_fr.engine.tiles import JOKER

VOWELS = frozenset("AEIOU")
EITHER = frozenset(("Y", JOKER))  # a vowel or a consonant, as the draw needs (§3.2)
RACK_SIZE = 7
STRICT_COUPS = 15  # two vowels and two consonants up to this coup
# A valid draw is usually found at the first or second try; the bound only guards against a
# pathological pool, where the game then ends as if no valid draw were possible.
MAX_REJETS = 1000


def kinds(tiles: Iterable[str]) -> tuple[int, int, int]:
    """(vowels, consonants, either) among ``tiles`` (``?`` a joker).

        >>> kinds("EEUAEI?"), kinds("KWYZ")
        ((6, 0, 1), (0, 3, 1))
    """
    vowels = consonants = either = 0
    for tile in tiles:
        tile = tile.upper()
        if tile in EITHER:
            either += 1
        elif tile in VOWELS:
            vowels += 1
        else:
            consonants += 1
    return vowels, consonants, either


def minimum_met(tiles: Iterable[str], need: int) -> bool:
    """Whether ``tiles`` hold ``need`` vowels and ``need`` consonants, jokers and Y filling in.

        >>> minimum_met("EEUAEI?", 2), minimum_met("EEUAEI?", 1)
        (False, True)
    """
    vowels, consonants, either = kinds(tiles)
    # Each joker or Y stands for one missing vowel or one missing consonant, not both.
    return max(0, need - vowels) + max(0, need - consonants) <= either


def possible(pool: Iterable[str], need: int, size: int = RACK_SIZE) -> bool:
    """Whether some draw of ``size`` tiles (or all of ``pool`` if fewer) from ``pool`` meets the minimum.

        >>> possible("AEIOUB", 1), possible("AEIOU?", 1), possible("?", 1), possible("", 1)
        (True, True, False, False)
    """
    tiles = list(pool)
    if min(size, len(tiles)) < 2 * need:
        return False
    return minimum_met(tiles, need)


def required(number: int, pool: Iterable[str], size: int = RACK_SIZE) -> int:
    """The minimum of vowels and of consonants for coup ``number`` with this pool, or 0 when no
    valid draw can be made (the end of the game, §3.7).

        >>> required(1, "AEBC??"), required(16, "AEBCDF"), required(3, "AEIOUUB"), required(9, "AEIO")
        (2, 1, 1, 0)
    """
    tiles = list(pool)
    if number <= STRICT_COUPS and possible(tiles, 2, size):
        return 2
    # From the sixteenth coup, or earlier when the pool cannot give two of each (§3.2).
    return 1 if possible(tiles, 1, size) else 0


@dataclass(frozen=True)
class Draw:
    """One coup's draw: the ``leftover`` kept, the ``new`` tiles drawn, and how many rejets
    (whole draws sent back to the bag) came before it."""

    leftover: str
    new: str
    rejets: int = 0
    need: int = 2

    @property
    def tiles(self) -> str:
        return self.leftover + self.new

    @property
    def text(self) -> str:
        """As a sheet prints it: ``EEU+ESI?``, ``-AEIRSTU`` after a rejet, ``AEIRSTU`` at the start."""
        return format_draw(self.leftover, self.new, self.rejets > 0)


def sort_leftover(tiles: str) -> str:
    """The leftover as it is announced: alphabetical order, the joker last (§3.1).

        >>> sort_leftover("?EUA")
        'AEU?'
    """
    return "".join(sorted(tiles, key=lambda t: (t == JOKER, t)))


def format_draw(leftover: str, new: str, rejet: bool = False) -> str:
    """``EEU+ESI?``: the leftover, ``+``, the new tiles; ``-`` first after a rejet.

        >>> format_draw("EEU", "ESI?"), format_draw("", "AEIRSTU", True)
        ('EEU+ESI?', '-AEIRSTU')
    """
    prefix = "-" if rejet else ""
    return f"{prefix}{leftover}+{new}" if leftover else f"{prefix}{new}"


def _take(bag: list[str], count: int, rng: random.Random) -> str:
    # One tile at a time at random, as the referee draws them from the bag (§3.1).
    taken = []
    for _ in range(min(count, len(bag))):
        taken.append(bag.pop(rng.randrange(len(bag))))
    return "".join(taken)


def make_draw(leftover: str, bag: list[str], rng: random.Random, number: int, size: int = RACK_SIZE,
              joker: bool = False) -> Draw | None:
    """Complete ``leftover`` from ``bag`` (changed in place) into a valid draw for coup ``number``;
    None when the pool cannot give one (the game is over; the bag is left as it was).

    With ``joker`` (the joker game), a draw whose leftover holds no joker takes one from the bag
    first, then the other tiles at random; after a rejet the joker goes back with the rest and is
    taken again first, so every draw holds one while the bag has one.

        >>> bag = list("BCDFGHAEIO?"); d = make_draw("", bag, random.Random(2), 1, joker=True)
        >>> d.new[0], "?" in bag
        ('?', False)
    """
    need = required(number, list(leftover) + bag, size)
    if need == 0:
        return None
    kept = sort_leftover(leftover)
    rejets = 0
    while True:
        forced = ""
        if joker and JOKER not in kept and JOKER in bag:
            bag.remove(JOKER)
            forced = JOKER
        new = forced + _take(bag, size - len(kept) - len(forced), rng)
        if minimum_met(kept + new, need):
            return Draw(kept, new, rejets, need)
        # A rejet: everything goes back, the leftover too, and seven tiles are drawn afresh (§3.2).
        bag.extend(kept + new)
        kept = ""
        rejets += 1
        if rejets > MAX_REJETS:
            return None


def remove_tiles(bag: list[str], tiles: str) -> str:
    """Take ``tiles`` out of ``bag``; returns the tiles the bag lacks (then the bag is unchanged).

        >>> bag = list("AAB?"); remove_tiles(bag, "A?"), bag, remove_tiles(bag, "BZ"), bag
        ('', ['A', 'B'], 'Z', ['A', 'B'])
    """
    missing = Counter(tiles) - Counter(bag)
    if missing:
        return "".join(tile for tile in tiles if missing[tile] > 0)
    for tile in tiles:
        bag.remove(tile)
    return ""
