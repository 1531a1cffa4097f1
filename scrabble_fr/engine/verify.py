"""Verifiers: who decides whether the words of a contested move are valid.

*Automatic* verification asks a word list (:class:`LexiconVerifier`); *manual* verification
takes the players' answers, each having looked the words up in their own dictionary
(:class:`AnswersVerifier`).

    >>> LexiconVerifier({"MAISON"}).invalid_words(["MAISON", "MAIZON"])  # a set has all it needs
    ['MAIZON']
    >>> AnswersVerifier({"MAIZON": False, "MAISON": True}).invalid_words(["MAISON", "MAIZON"])
    ['MAIZON']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Protocol

from scrabble_fr.engine.errors import GameStateError
from scrabble_fr.engine.wordlist import WordList


class Verifier(Protocol):
    def invalid_words(self, words: Iterable[str]) -> list[str]:
        """The words (uppercase) judged not valid, in the order given."""
        ...


class LexiconVerifier:
    """Automatic verification against a word list."""

    def __init__(self, lexicon: WordList) -> None:
        self.lexicon = lexicon

    def invalid_words(self, words: Iterable[str]) -> list[str]:
        return [word.upper() for word in words if word.upper() not in self.lexicon]


class AnswersVerifier:
    """Manual verification: the players' answer for each word (True = valid)."""

    def __init__(self, answers: Mapping[str, bool]) -> None:
        self.answers = {word.upper(): valid for word, valid in answers.items()}

    def invalid_words(self, words: Iterable[str]) -> list[str]:
        invalid = []
        for word in words:
            key = word.upper()
            if key not in self.answers:
                raise GameStateError("missing_answer", word=key)
            if not self.answers[key]:
                invalid.append(key)
        return invalid
