"""``scrabble-fr tirage LETTRES``: every word the letters can spell, jokers ``?`` included."""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from scrabble_fr.cli.common import lexicon_for_args
from scrabble_fr.cli.play import add_lexicon_options
from scrabble_fr.i18n import _


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "tirage", help=_("every word a rack can spell (anagrams, blanks ? included)"), add_help=False,
        description=_("Lists every word of 2 to 15 letters the letters can spell, grouped by length, "
                      "the 7- and 8-letter scrabbles first. ? is a joker."),
    )
    parser.add_argument("lettres", metavar=_("LETTERS"), help=_("the letters of the rack, ? for a blank"))
    parser.add_argument("--json", action="store_true", help=_("print the result as JSON"))
    add_lexicon_options(parser)
    return parser


def run(args: argparse.Namespace, out: TextIO) -> int:
    from scrabble_fr.cli.lexique_cmds import run_tirage  # the word lists' code, when a command needs it

    lexicon = lexicon_for_args(args)
    return run_tirage(args.lettres, lexicon, args.json, out)
