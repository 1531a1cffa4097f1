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

# A player's text quoted back in a message is cut, so the message stays readable on one line.
MAX_QUOTED = 40


def _short(key: str, value: object) -> object:
    # Only what the player typed (``text``) is cut: a path or a name must stay whole.
    if key == "text" and isinstance(value, str) and len(value) > MAX_QUOTED:
        return value[: MAX_QUOTED - 1] + "…"
    return value


def describe(error: ScrabbleError) -> str:
    """The error's message, translated, with its parameters filled in (long texts cut).

        >>> from scrabble_fr.engine.errors import InvalidMoveError
        >>> len(describe(InvalidMoveError("bad_command", text="X" * 500))) < 120
        True
    """
    return format_message(_(error.template), {key: _short(key, value) for key, value in error.params.items()})
