"""The word structure the move generator walks: :mod:`scrabble_fr.wordgraph`, under its old name.

The DAWG lives outside this package since the word lists (:mod:`scrabble_fr.lexicon`) answer
from it too: membership and the tirage search, so that a list is held once.
"""

from scrabble_fr.wordgraph import (
    ALL_LETTERS,
    ALPHABET,
    CACHE_ENV,
    CODES,
    DISK_CACHE_MIN_WORDS,
    KEEP_FILES,
    Dawg,
    WordSet,
    WordSource,
    cache_dir,
    dawg_for,
    key_search,
    load_or_build,
)

__all__ = [
    "ALL_LETTERS", "ALPHABET", "CACHE_ENV", "CODES", "DISK_CACHE_MIN_WORDS", "KEEP_FILES", "Dawg", "WordSet",
    "WordSource", "cache_dir", "dawg_for", "key_search", "load_or_build",
]
