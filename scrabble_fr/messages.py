"""Errors worded for players, in their language.

The engine raises errors with a code and parameters; this is where they become sentences:

    >>> from scrabble_fr.i18n import set_language
    >>> from scrabble_fr.engine.errors import IllegalMoveError
    >>> set_language("fr"); describe(IllegalMoveError("occupied", square="H8"))
    'la case H8 est déjà occupée'
"""

from __future__ import annotations

from scrabble_fr.engine.errors import ScrabbleError, format_message
from scrabble_fr.i18n import _


def describe(error: ScrabbleError) -> str:
    """The error's message, translated, with its parameters filled in."""
    return format_message(_(error.template), error.params)
