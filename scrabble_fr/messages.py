"""Errors worded for players, in their language.

The engine raises errors with a code and parameters; this is where they become sentences:

    >>> from scrabble_fr.i18n import set_language
    >>> from scrabble_fr.engine.errors import IllegalMoveError
    >>> set_language("fr"); describe(IllegalMoveError("occupied", square="H8"))
    'la case H8 est déjà occupée'
"""

from __future__ import annotations

import errno

from scrabble_fr.engine.errors import N_, ScrabbleError, format_message
from scrabble_fr.i18n import _, elide_fields, printable

# A player's text quoted back in a message is cut, so the message stays readable on one line.
MAX_QUOTED = 40


def _short(key: str, value: object, template: str) -> object:
    # Only what the player typed (``text``) is cut: a path or a name must stay whole.
    if key == "text" and isinstance(value, str) and len(value) > MAX_QUOTED:
        value = value[: MAX_QUOTED - 1] + "…"
    # What was typed (a name, a word, a path) is shown, never obeyed by the terminal; a field
    # quoted with !r is escaped by repr itself.
    if isinstance(value, str) and "{" + key + "!r}" not in template:
        return printable(value)
    return value


# What the system says of a file it cannot read or write, in the player's language (the system's
# own text, strerror, is English on most machines).
_SYSTEM_ERRORS: dict[int, str] = {
    errno.ENOENT: N_("no such file or folder"),
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("operation not permitted"),
    errno.EISDIR: N_("it is a folder"),
    errno.ENOTDIR: N_("a part of the path is not a folder"),
    errno.ENOSPC: N_("no space left on the disk"),
    errno.EROFS: N_("the file system is read-only"),
    errno.EEXIST: N_("it exists already"),
    errno.ENAMETOOLONG: N_("the name is too long"),
    errno.EIO: N_("the disk could not be read or written"),
    errno.EMFILE: N_("too many files are open"),
    errno.EDQUOT: N_("the disk quota is exceeded"),
}
# Details the program itself gives, as message ids (translated when shown).
DETAILS = (N_("is a folder"), N_("events differ"), N_("sheet differs"), N_("no word list"), N_("format"),
           N_("version"), N_("kind"))


def system_error_detail(error: OSError) -> str:
    """Why the system refused, as a message id when it is a known reason (``describe`` and
    :func:`system_error_text` translate it), else the system's own text."""
    known = _SYSTEM_ERRORS.get(error.errno or -1)
    return known or error.strerror or str(error)


def system_error_text(error: OSError) -> str:
    """Why the system refused, in the player's language.

        >>> from scrabble_fr.i18n import set_language; set_language("fr")
        >>> system_error_text(IsADirectoryError(errno.EISDIR, "Is a directory"))
        "c'est un dossier"
    """
    return _(system_error_detail(error))


def describe(error: ScrabbleError) -> str:
    """The error's message, translated, with its parameters filled in (long texts cut, control
    characters shown escaped, a French « de » elided before a value that starts with a vowel).

        >>> from scrabble_fr.engine.errors import InvalidMoveError
        >>> len(describe(InvalidMoveError("bad_command", text="X" * 500))) < 120
        True
    """
    template = _(error.template)
    params = {key: _short(key, value, template) for key, value in error.params.items()}
    detail = error.params.get("detail")
    if isinstance(detail, str):
        params["detail"] = printable(_(detail))  # a known reason, in the player's language
    # « la place d'Alice »: a name put after « de » in French is elided as a writer would.
    return format_message(elide_fields(template, params), params)
