"""What a card of the study deck asks, and the drills a player adds: plain values, so that the
command line can offer them without loading the word lists that answer them.

    >>> DrillChoice("7+1").name
    'PLUS_ONE'
"""

from __future__ import annotations

from enum import Enum


class CardKind(Enum):
    """What a card asks (the value is what the deck stores and the JSON shows)."""

    ANAGRAM = "anagram"  # a draw (``?`` for a joker): every word using all its tiles
    PLUS_ONE = "plus_one"  # « 7+1 »: a 7-tile draw, every 8-letter word one more letter makes
    HOOK = "hook"  # a word: every word made by one letter before or after it (« rallonges »)
    TWO_LETTERS = "two_letters"  # a letter: every two-letter word starting with it


class DrillChoice(Enum):
    """The drills a player adds to their deck (the value is the command line's word)."""

    ANAGRAMS = "anagrammes"
    PLUS_ONE = "7+1"
    HOOKS = "rallonges"
    SHORT = "courts"
