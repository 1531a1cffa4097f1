"""The words room: the word graph of a list, how it is built, and where it is kept.

    >>> from scrabble_fr.words import WordSet, dawg_for
    >>> dawg_for(WordSet(["MOT", "MOTS", "TE"])).spellings("STOM")
    ['MOTS']

One structure per word list, a minimal DAWG (:class:`Dawg`, :mod:`.graph`), answers membership,
the move generator's "which letters may follow" and, with its anagram-key graph, the tirage
search; :mod:`.build` makes it from sorted words and :mod:`.cache` keeps it in memory and on
disk. A word list is anything with the :class:`~scrabble_fr.engine.wordlist.WordList` interface;
:class:`WordSet` is the plain one. Both the lexicon and the player use this room, which uses
neither: it stands apart, on the engine's word-list protocol and the one atomic write only.
"""

from scrabble_fr.words.cache import (
    CACHE_ENV,
    DISK_CACHE_MIN_WORDS,
    KEEP_FILES,
    BuildNotice,
    GraphKind,
    announce_slow_builds,
    cache_dir,
    dawg_for,
    load_or_build,
    ship_graphs,
)
from scrabble_fr.words.graph import ALL_LETTERS, ALPHABET, CODES, Dawg, key_search
from scrabble_fr.words.wordset import WordSet

__all__ = [
    "ALL_LETTERS", "ALPHABET", "CACHE_ENV", "CODES", "DISK_CACHE_MIN_WORDS", "KEEP_FILES", "BuildNotice", "Dawg",
    "GraphKind", "WordSet", "announce_slow_builds", "cache_dir", "dawg_for", "key_search", "load_or_build",
    "ship_graphs",
]
