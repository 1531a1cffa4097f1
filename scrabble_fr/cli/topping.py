"""``scrabble-fr topping``: the top of each draw against the clock, alone, in the app.

    $ scrabble-fr topping --graine 3 --temps 1:00
    $ scrabble-fr topping --reprendre

Each draw must be answered by its top; the count is the time taken (see
:mod:`scrabble_fr.training.count`). Bad options are one line and exit 2 before any screen opens.
"""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from scrabble_fr.cli.common import lexicon_for_args, require_terminal, resolve_rules, seed_option
from scrabble_fr.cli.play import add_lexicon_options
from scrabble_fr.i18n import _


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "topping",
        help=_("topping: find the top of each draw against the clock"),
        description=_("Opens a topping game: a duplicate alone where each draw must be answered by its top. "
                      "Propose as often as you like within the time; the count is the time taken to find "
                      "each top, the full time and a penalty when it is not found; a hint costs time."),
        add_help=False,
    )
    parser.add_argument("--graine", type=seed_option(), metavar="N", help=_("seed of the bag, to replay the same game"))
    parser.add_argument("--temps", default="1:00", metavar="M:SS",
                        help=_("time for each coup: 1:00 (default), any time from 0:10 to 30:00"))
    parser.add_argument("--reprendre", nargs="?", const="", metavar="ID",
                        help=_("resume the last unfinished topping game (or the game ID)"))
    add_lexicon_options(parser)
    return parser


def run(args: argparse.Namespace, out: TextIO) -> int:
    from scrabble_fr.training.topping import ToppingSettings, parse_seconds

    if args.reprendre is not None:
        return _resume(args)
    rules = resolve_rules(getattr(args, "regles", None))
    seconds = parse_seconds(args.temps)
    lexicon = lexicon_for_args(args, rules)
    require_terminal()
    from scrabble_fr.tui.app import ScrabbleApp

    settings = ToppingSettings(_("Player 1"), seed=args.graine, seconds=seconds,
                               lexicon=getattr(args, "lexique", None), rules=rules)
    ScrabbleApp(lexicon=lexicon, topping=settings).run()
    return 0


def _resume(args: argparse.Namespace) -> int:
    from scrabble_fr.cli.common import resume_saved
    from scrabble_fr.training.save import ToppingRecord

    return resume_saved(args, ToppingRecord)
