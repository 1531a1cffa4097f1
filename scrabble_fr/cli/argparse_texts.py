"""argparse's own texts (the usage line, group titles, its errors) in the player's language.

argparse words them with ``_()`` and ``ngettext()`` imported from :mod:`gettext` when it is
first imported, and looks those two names up each time it writes a text: :func:`bind` points
them at this program's translator, so the texts come from our catalogue, where they are listed
below (marked ``N_`` so that ``tools/catalogues.py`` extracts them). English needs nothing: an
English catalogue gives each text back as argparse wrote it.

    >>> from scrabble_fr.i18n import set_language
    >>> bind(); set_language("fr")
    >>> argparse.ArgumentParser(prog="demo", add_help=False).format_usage()
    'usage\\xa0: demo\\n'

The messages argparse has for a mistake in a program's own parser (a conflicting option, a
``type`` that is not callable…) are left out: no player can meet them (``tests/cli`` checks that
every text of the running Python's argparse is either listed here or in :data:`NOT_FOR_PLAYERS`).
"""

from __future__ import annotations

import argparse

from scrabble_fr.i18n import N_, _, ngettext

__all__ = ["NOT_FOR_PLAYERS", "TEXTS", "bind"]

TEXTS = (
    # Help
    N_("usage: "),
    N_("%(heading)s:"),
    N_("positional arguments"),
    N_("options"),
    N_("subcommands"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
    N_(" (default: %(default)s)"),
    # Errors: each one follows "scrabble-fr: " on a line of its own
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("unexpected option string: %s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid choice: %(value)r, maybe you meant %(closest)r? (choose from %(choices)s)"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_("can't open '%(filename)s': %(error)s"),
    N_("option '%(option)s' is deprecated"),
    N_("argument '%(argument_name)s' is deprecated"),
    N_("command '%(parser_name)s' is deprecated"),
    N_("%(prog)s: warning: %(message)s\n"),
)


def _plural_texts(n: int) -> tuple[str, ...]:
    # Never called: it lists argparse's plural texts where tools/catalogues.py extracts them.
    return (ngettext("expected %s argument", "expected %s arguments", n),)


# argparse's texts for a mistake in a program's parser, or that this program's parsers never
# write (``error()`` is ours): English, as in any traceback a developer reads.
NOT_FOR_PLAYERS = frozenset({
    ".__call__() not defined",
    "conflicting subparser: %s",
    "conflicting subparser alias: %s",
    'argument "-" with mode %r',
    "cannot merge actions - two groups are named %r",
    "'required' is an invalid argument for positionals",
    "invalid option string %(option)r: must start with a character %(prefix_chars)r",
    "dest= is required for options like %r",
    "invalid conflict_resolution value: %r",
    "conflicting option string: %s",
    "conflicting option strings: %s",
    "mutually exclusive arguments must be optional",
    "cannot have multiple subparser arguments",
    "%r is not callable",
    "%(prog)s: error: %(message)s\n",
})


def bind() -> None:
    """Make argparse write its texts through this program's translator (for every parser, and
    in whatever language :func:`scrabble_fr.i18n.set_language` last chose)."""
    setattr(argparse, "_", _)  # noqa: B010 -- the module's own global, which mypy does not know
    setattr(argparse, "ngettext", ngettext)  # noqa: B010
