"""A plain word list: the :class:`~scrabble_fr.engine.wordlist.WordList` of a few given words.

    >>> w = WordSet(["mot", "ME"], "mini"); "MOT" in w, list(w.words()), len(w), w.name
    (True, ['ME', 'MOT'], 2, 'mini')

For tests, examples and small lists; the shipped and the player's lists are
:class:`scrabble_fr.lexicon.Lexicon` objects.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator


class WordSet:
    """Words given in any case and order, kept uppercase, unique and sorted."""

    def __init__(self, words: Iterable[str], name: str = "") -> None:
        self._words = sorted({word.upper() for word in words})
        self._set = frozenset(self._words)
        self.name = name

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and word.upper() in self._set

    def __len__(self) -> int:
        return len(self._words)

    def words(self) -> Iterator[str]:
        return iter(self._words)

    def __repr__(self) -> str:
        return f"<WordSet {self.name or len(self._words)}>"
