"""Scrabble spelling of a word: no accents, no ligatures, capitals A to Z only.

French words are played without accents or cedilla (É→E, Ç→C) and ligatures are spelt out
(Œ→OE, Æ→AE, ß→SS). The shipped lists and every user file go through :func:`normalize_word`, so
a word typed by the player always meets the list in the same spelling.

    >>> normalize_word("  Cœur ")
    'COEUR'
"""

from __future__ import annotations

import unicodedata

MIN_LENGTH = 2
MAX_LENGTH = 15

# Ligatures NFD leaves alone; the upper-case ß (ẞ) has no decomposition either.
_LIGATURES = str.maketrans({"Œ": "OE", "œ": "oe", "Æ": "AE", "æ": "ae", "ß": "ss", "ẞ": "SS"})


def strip_accents(text: str) -> str:
    """``text`` with ligatures spelt out and combining marks (accents, cedilla) removed.

        >>> strip_accents("Noël à l'œil")
        "Noel a l'oeil"
    """
    if text.isascii():
        return text
    decomposed = unicodedata.normalize("NFD", text.translate(_LIGATURES))
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def is_scrabble_word(word: str) -> bool:
    """True for 2 to 15 capitals A to Z, the only spelling a word of the lists has.

        >>> is_scrabble_word("MAISON"), is_scrabble_word("L'EAU")
        (True, False)
    """
    # isascii + isalpha + isupper together mean "only A to Z": cheaper than a regular expression.
    return MIN_LENGTH <= len(word) <= MAX_LENGTH and word.isascii() and word.isalpha() and word.isupper()


def normalize_word(text: str) -> str | None:
    """The Scrabble spelling of one word, or None when it is not 2 to 15 letters A to Z.

        >>> normalize_word("Éléphant"), normalize_word("aujourd'hui")
        ('ELEPHANT', None)
    """
    word = strip_accents(text.strip()).upper()
    return word if is_scrabble_word(word) else None
