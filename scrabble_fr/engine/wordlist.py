"""The one word-list interface: what every part of the program asks of a list of words.

    >>> class Tiny:
    ...     name = "tiny"
    ...     def __contains__(self, word): return word in {"ME", "MOT"}
    ...     def __len__(self): return 2
    ...     def words(self): return iter(["ME", "MOT"])
    >>> isinstance(Tiny(), WordList), "MOT" in Tiny()
    (True, True)

A word list has a name to show and record, a size, membership (uppercase A-Z words, as played),
and its words in alphabetical order (the word graph is built from them). The shipped and the
player's lists (:class:`scrabble_fr.lexicon.Lexicon`) and a plain list for tests
(:class:`scrabble_fr.words.WordSet`) are word lists; the engine judges, the move generator
searches and a saved game records the name and size of the same object.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol, runtime_checkable


@runtime_checkable
class WordList(Protocol):
    """A list of words: ``name``, ``len()``, ``"WORD" in``, and :meth:`words` (sorted)."""

    @property
    def name(self) -> str: ...

    def __contains__(self, word: object) -> bool: ...

    def __len__(self) -> int: ...

    def words(self) -> Iterable[str]: ...
