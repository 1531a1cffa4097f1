"""``scrabble-fr verifier MOT…``: is each word valid for the active word list? (exit status 1 if not)"""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from scrabble_fr.cli.common import lexicon_for_args
from scrabble_fr.cli.play import add_lexicon_options
from scrabble_fr.i18n import _


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "verifier", help=_("check words against the word list"), add_help=False,
        description=_("Says for each word whether the active word list accepts it. Exit status 1 if one is not valid."),
    )
    parser.add_argument("mots", nargs="+", metavar=_("WORD"), help=_("the words to check"))
    parser.add_argument("--json", action="store_true", help=_("print the result as JSON"))
    add_lexicon_options(parser)
    return parser


def run(args: argparse.Namespace, out: TextIO) -> int:
    from scrabble_fr.cli.lexique_cmds import run_verifier  # the word lists' code, when a command needs it

    lexicon = lexicon_for_args(args)
    return run_verifier(args.mots, lexicon, args.json, out)
