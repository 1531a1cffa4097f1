"""What the tiles kept on a rack are worth in later turns: the computer players' leave values.

A *leave* is what stays on the rack after a move. A joker or an S kept makes the next racks
better, three I's or a Q without a U make them worse; the strongest levels play the move whose
score plus the worth of its leave is highest. A leave is valued here by one linear model over
the tiles kept: each tile's own worth, a term for each copy of a letter beyond the first, a term
for the number of vowels and consonants kept, and one for a Q kept without a U or a joker; a
model may add a term for each pair of different tiles kept together (``tools/leaves.py fit
--pairs``: E and R kept together are worth more than each alone says, C and G less).

Two sets of values have that form:

* the hand-set one (:meth:`Leaves.hand`): rough values in the spirit of the published single-tile
  leaves, with the same cost for any repeated letter and for an unbalanced rack;
* for the French tile set, one *fitted* on the Champion's own games (:meth:`Leaves.fitted`,
  ``fitted_leaves/french.json``, made by ``tools/leaves.py``): each leave's worth is what its holder
  scored at the next turn, plus the worth of the leave then kept, on average over the games,
  less what a player keeping nothing scores.

    >>> from scrabble_fr.engine.rules import Rules
    >>> hand = Leaves.hand(Rules.preset("ffsc")); hand.value("ERS") > hand.value("UUV")
    True
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scrabble_fr.engine.tiles import JOKER

if TYPE_CHECKING:
    from scrabble_fr.engine.rules import Rules

VOWELS = frozenset("AEIOUY")
_FITTED = Path(__file__).resolve().parent / "fitted_leaves"
_MEMO_LIMIT = 200_000  # leaves remembered by a model; far more than a game meets

# The hand-set worth of each tile kept, in points (letters not listed are worth nothing).
_HAND_TILES: dict[str, dict[str, float]] = {
    "english": {
        "?": 24.0, "S": 7.5, "Z": 3.0, "X": 3.5, "E": 4.0, "R": 1.0, "H": 0.5, "N": 0.5, "A": 1.0,
        "C": -0.5, "T": -1.0, "L": -1.0, "I": -1.0, "M": -1.0, "P": -1.5, "D": 0.0, "O": -2.5,
        "B": -3.5, "F": -3.0, "G": -3.5, "J": -3.0, "K": -2.5, "U": -4.5, "V": -6.5, "W": -4.0,
        "Y": -2.5, "Q": -11.5,
    },
    "french": {
        "?": 25.0, "S": 8.0, "E": 4.0, "R": 2.0, "A": 1.0, "N": 1.0, "T": 1.0, "L": 0.5, "I": 0.0,
        "X": 1.5, "Z": 1.0, "C": -0.5, "D": -0.5, "M": -0.5, "P": -1.0, "O": -1.5, "U": -2.5,
        "B": -2.5, "F": -2.5, "G": -2.5, "H": -2.0, "J": -3.0, "V": -4.0, "Q": -6.0, "K": -7.0,
        "W": -8.0, "Y": -5.0,
    },
}


def terms(kept: str, pairs: bool = False) -> Counter[str]:
    """The model's terms for a leave, with their counts: ``t:X`` a tile X, ``r:X`` a copy of X
    beyond the first, ``b:V,C`` V vowels and C consonants kept (the joker is neither; nothing
    kept has no such term), ``q`` a Q without a U or a joker; with ``pairs``, ``p:XY`` two
    different tiles X and Y (in alphabetical order, the joker first) kept together. The fitting
    tool reads them too.

    >>> sorted(terms("EEQ").items())
    [('b:2,1', 1), ('q', 1), ('r:E', 1), ('t:E', 2), ('t:Q', 1)]
    >>> sorted(term for term in terms("ERS", pairs=True) if term.startswith("p:"))
    ['p:ER', 'p:ES', 'p:RS']
    """
    counts = Counter(kept)
    found: Counter[str] = Counter()
    vowels = 0
    for tile, n in counts.items():
        found[f"t:{tile}"] = n
        if n > 1:
            found[f"r:{tile}"] = n - 1
        if tile in VOWELS:
            vowels += n
    if kept:
        found[f"b:{vowels},{len(kept) - vowels - counts[JOKER]}"] = 1
    if counts["Q"] and not counts["U"] and not counts[JOKER]:
        found["q"] = 1
    if pairs:
        for pair in _pairs(counts):
            found[f"p:{pair}"] = 1
    return found


def _pairs(counts: Counter[str]) -> Iterator[str]:
    """Each pair of different tiles among ``counts``, its two tiles in alphabetical order."""
    distinct = sorted(counts)
    for i, first in enumerate(distinct):
        for second in distinct[i + 1:]:
            yield first + second


@dataclass(frozen=True)
class Leaves:
    """A leave model: ``tiles`` (each tile's worth), ``repeats`` (each copy of a letter beyond
    the first), ``balance`` (by the number of vowels and of consonants kept, the joker being
    neither) and ``q_without_u``; ``pairs`` (two different tiles kept together, ``"ES"``), where
    the model has them; ``name`` says which values they are."""

    name: str
    tiles: Mapping[str, float]
    repeats: Mapping[str, float]
    balance: Mapping[tuple[int, int], float]
    q_without_u: float
    pairs: Mapping[str, float] = field(default_factory=dict)
    _memo: dict[str, float] = field(default_factory=dict, compare=False, repr=False)
    _balance_top: float = field(default=0.0, init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        # The best balance term, read by every ceiling (once per move choice in the playouts).
        object.__setattr__(self, "_balance_top", max([0.0, *self.balance.values()]))

    def worth(self, term: str) -> float:
        """The worth of one of the model's terms (:func:`terms`)."""
        kind, _colon, what = term.partition(":")
        if kind == "t":
            return self.tiles.get(what, 0.0)
        if kind == "r":
            return self.repeats.get(what, 0.0)
        if kind == "b":
            return self.balance.get(_counts_of(what), 0.0)
        if kind == "p":
            return self.pairs.get(what, 0.0)
        return self.q_without_u

    def value(self, kept: str) -> float:
        """The worth of keeping the tiles ``kept`` (``?`` for a joker), in points.

        >>> from scrabble_fr.engine.rules import Rules
        >>> Leaves.hand(Rules.preset("ffsc")).value("EEQ")  # 4 + 4 - 6, -3 for the second E, -5 for the Q
        -6.0
        """
        memo = self._memo
        worth = memo.get(kept)
        if worth is None:
            worth = sum((n * self.worth(term) for term, n in terms(kept, bool(self.pairs)).items()), 0.0)
            if len(memo) > _MEMO_LIMIT:
                memo.clear()
            memo[kept] = worth
        return worth

    def ceiling(self, rack: str) -> float:
        """An upper bound on the worth of any tiles kept from ``rack`` (none kept: 0).

        >>> from scrabble_fr.engine.rules import Rules
        >>> Leaves.hand(Rules.preset("ffsc")).ceiling("?SQ")  # the joker's 25 and the S's 8
        33.0
        """
        counts = Counter(rack)
        bound = sum(max(0.0, self.tiles.get(tile, 0.0)) for tile in rack)
        bound += sum(max(0.0, self.repeats.get(tile, 0.0)) * (n - 1) for tile, n in counts.items() if n > 1)
        if self.pairs:
            bound += sum(max(0.0, self.pairs.get(pair, 0.0)) for pair in _pairs(counts))
        return bound + self._balance_top + max(0.0, self.q_without_u)

    @classmethod
    def hand(cls, rules: Rules) -> Leaves:
        """The hand-set values for the rules' tile set: each tile's own worth, 3 points less for
        each repeated copy, 2 points less for each vowel or consonant beyond one more than the
        other kind, 5 less for a Q without a U. A custom tile set: its dear letters are the hard
        ones to place."""
        tiles = _HAND_TILES.get(rules.tile_set.name)
        if tiles is None:
            tiles = {letter: -0.7 * (value - 1) for letter, value in rules.tile_set.values.items()}
            tiles.update({JOKER: 24.0, "S": 7.0})
        letters = set(rules.tile_set.values) - {JOKER}
        size = rules.rack_size
        balance = {(v, c): -2.0 * max(0, abs(v - c) - 1) for v in range(size + 1) for c in range(size + 1 - v)}
        return cls("hand", tiles, {letter: -3.0 for letter in letters}, balance, -5.0)

    @classmethod
    def fitted(cls, rules: Rules) -> Leaves | None:
        """The values fitted on self-play for the rules' tile set, if there are any."""
        path = _FITTED / f"{rules.tile_set.name}.json"
        if not path.is_file():
            return None
        return cls.from_json(json.loads(path.read_text(encoding="utf-8")))

    @classmethod
    def best(cls, rules: Rules) -> Leaves:
        """The fitted values where there are some, else the hand-set ones."""
        return cls.fitted(rules) or cls.hand(rules)

    @classmethod
    def from_worths(cls, name: str, worths: Mapping[str, float]) -> Leaves:
        """A model from the worth of each of its terms (:func:`terms`; a term left out is worth 0).

        >>> Leaves.from_worths("demo", {"t:S": 8.0, "b:0,1": -1.0}).value("S")
        7.0
        """
        parts: dict[str, dict[str, float]] = {"t": {}, "r": {}, "b": {}, "q": {}, "p": {}}
        for term, worth in worths.items():
            kind, _colon, what = term.partition(":")
            parts[kind][what] = worth
        balance = {_counts_of(key): worth for key, worth in parts["b"].items()}
        return cls(name, parts["t"], parts["r"], balance, parts["q"].get("", 0.0), parts["p"])

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Leaves:
        """A model from its JSON form (:meth:`to_json`)."""
        balance = {_counts_of(key): float(worth) for key, worth in data["balance"].items()}
        return cls(str(data["name"]), {t: float(w) for t, w in data["tiles"].items()},
                   {t: float(w) for t, w in data["repeats"].items()}, balance, float(data["q_without_u"]),
                   {t: float(w) for t, w in data.get("pairs", {}).items()})

    def to_json(self) -> dict[str, Any]:
        """The model as JSON data: ``{"name", "tiles", "repeats", "balance": {"vowels,consonants": worth},
        "q_without_u"}``, and ``"pairs"`` where it has them."""
        data: dict[str, Any] = {"name": self.name, "tiles": dict(sorted(self.tiles.items())),
                                "repeats": dict(sorted(self.repeats.items())),
                                "balance": {f"{v},{c}": worth for (v, c), worth in sorted(self.balance.items())},
                                "q_without_u": self.q_without_u}
        if self.pairs:
            data["pairs"] = dict(sorted(self.pairs.items()))
        return data


def _counts_of(key: str) -> tuple[int, int]:
    """``(vowels, consonants)`` from their written form ``"V,C"``."""
    vowels, consonants = key.split(",")
    return int(vowels), int(consonants)
