"""Word lists: the shipped French and English lists, a player's own list, and the draw search.

    >>> from scrabble_fr.lexicon import Lexicon
    >>> "ZYTHUMS" in Lexicon.builtin("fr")
    True

A list is held once, as a DAWG (:mod:`scrabble_fr.words`) that the move generator walks too.
"""

from scrabble_fr.lexicon.anagram import Draw, anagrams, anagrams_with_board_letter, parse_draw
from scrabble_fr.lexicon.errors import LexiconError
from scrabble_fr.lexicon.lexicon import Lexicon
from scrabble_fr.lexicon.normalize import normalize_word
from scrabble_fr.lexicon.tools import WordTools

__all__ = [
    "Draw",
    "Lexicon",
    "LexiconError",
    "WordTools",
    "anagrams",
    "anagrams_with_board_letter",
    "normalize_word",
    "parse_draw",
]
