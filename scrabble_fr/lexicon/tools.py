"""The word tools a player uses beside the board: is this word valid, what does this tirage spell.

    >>> from scrabble_fr.lexicon import Lexicon
    >>> WordTools(Lexicon.builtin("fr")).lookup(["Été", "zzz"])
    [('ETE', True), ('ZZZ', False)]

During a game the match answers through the same tools and notes each look-up in the history
(:meth:`scrabble_fr.match.Match.lookup`); outside a game the set-up screen asks them directly.
"""

from __future__ import annotations

from collections.abc import Iterable

from scrabble_fr.engine.notation import fold_letters
from scrabble_fr.engine.wordlist import WordList
from scrabble_fr.lexicon.anagram import anagrams
from scrabble_fr.lexicon.errors import LexiconError


class WordTools:
    """Look-ups in one word list (None: there is none, and every look-up says so)."""

    def __init__(self, word_list: WordList | None) -> None:
        self.word_list = word_list

    def _list(self) -> WordList:
        if self.word_list is None:
            raise LexiconError("no_word_list")
        return self.word_list

    def lookup(self, words: Iterable[str]) -> list[tuple[str, bool]]:
        """Each word as it is played (accents and case folded) and whether the list has it."""
        word_list = self._list()
        keys = (fold_letters(word).upper() for word in words)
        return [(key, key in word_list) for key in keys if key]

    def anagrams(self, letters: str) -> dict[int, list[str]]:
        """Every word the tirage spells, by length (jokers ``?`` in lower case in the words)."""
        word_list = self._list()
        if not hasattr(word_list, "anagram_index"):
            raise LexiconError("no_anagram_search")
        return anagrams(word_list, letters)  # type: ignore[arg-type]
