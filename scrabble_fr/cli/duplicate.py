"""``scrabble-fr duplicate``: a duplicate game in the app, or a published sheet replayed.

    $ scrabble-fr duplicate --joueurs Alice,Bruno --graine 3 --temps 2:30
    $ scrabble-fr duplicate --club --temps 1:00
    $ scrabble-fr duplicate --tirages partie.txt --json
    $ scrabble-fr duplicate --variante joker

With ``--json`` nothing opens: the game is computed (each coup's top, the move the board
receives) and printed as one JSON object.
"""

from __future__ import annotations

import argparse
import json
from typing import Any, TextIO

from scrabble_fr.cli.common import (
    add_variant_option,
    lexicon_for_args,
    require_terminal,
    resolve_rules,
    resume_saved,
    seed_option,
)
from scrabble_fr.cli.play import add_lexicon_options
from scrabble_fr.i18n import _


def parse_time(text: str, club: bool = False) -> float | None:
    """Seconds for a coup from ``3:00``, ``2:30`` or ``1`` (minutes); ``0`` is no clock. The
    rule of the allowed times lives with the duplicate game (:mod:`scrabble_fr.duplicate.timing`).

        >>> parse_time("2:30"), parse_time("1"), parse_time("0")
        (150.0, 60.0, None)
    """
    from scrabble_fr.duplicate.timing import parse_time as parse

    return parse(text, club)


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "duplicate",
        help=_("play duplicate: every player has the same draw, the board receives the top"),
        description=_("Opens a duplicate game: alone against the top, or several players at one keyboard, "
                      "each entering a move privately within the time of the coup. With --tirages, replays "
                      "a published game; with --json, computes it without opening the app."),
        add_help=False,
    )
    parser.add_argument("--joueurs", metavar=_("NAMES"), help=_("players separated by commas (default: one player)"))
    parser.add_argument("--graine", type=seed_option(), metavar="N", help=_("seed of the bag, to replay the same game"))
    parser.add_argument("--temps", default="3:00", metavar="M:SS",
                        help=_("time for each coup: 3:00 (default), 2:30, 2:00, 1:00 blitz; in training any "
                               "time from 0:10, or 0 for no clock"))
    parser.add_argument("--club", action="store_true",
                        help=_("club game: only the times of the rules (3:00, 2:30, 2:00, 1:00)"))
    parser.add_argument("--tirages", metavar=_("FILE"),
                        help=_("replay a published game: one coup per line, TIRAGE [REF MOT], "
                               "such as EEU+ESI? H4 ChACUNE"))
    add_variant_option(parser, _("a published game marked « # partie joker » is a joker game"))
    parser.add_argument("--json", action="store_true",
                        help=_("compute the game without opening the app and print it as JSON"))
    parser.add_argument("--reprendre", nargs="?", const="", metavar="ID",
                        help=_("resume the last unfinished duplicate game (or the game ID)"))
    add_lexicon_options(parser)
    return parser


def run(args: argparse.Namespace, out: TextIO) -> int:
    from scrabble_fr.duplicate import DuplicateGame, DuplicateSettings, Variant, load_sheet, replay_data
    from scrabble_fr.duplicate.game import check_names

    if args.reprendre is not None:
        return _resume(args)
    # The language chooses the rules, here as everywhere (--regles says otherwise).
    rules = resolve_rules(getattr(args, "regles", None))
    seconds = parse_time(args.temps, args.club)
    names = check_names(args.joueurs.split(",")) if args.joueurs is not None else [_("Player 1")]
    if not names:
        names = [_("Player 1")]
    variant = Variant.parse(args.variante) if args.variante is not None else None
    sheet = None
    if args.tirages:
        # A published game's own « # partie joker » line says its variant unless one is given.
        sheet, variant = load_sheet(args.tirages, variant, rules.rack_size)
    variant = variant or Variant.CLASSIC
    lexicon = lexicon_for_args(args, rules)
    # The whole game computed first: with a sheet, a line that cannot be read or a move that
    # cannot be played is one error naming the line, before any screen opens.
    game = DuplicateGame([], lexicon=lexicon, rules=rules, seed=args.graine, sheet=sheet, seconds=None,
                         variant=variant)
    if args.json or sheet is not None:
        while not game.is_over:
            game.close_coup()
    if args.json:
        out.write(json.dumps(replay_data(game), ensure_ascii=False) + "\n")
        return 0
    require_terminal()
    from scrabble_fr.tui.app import ScrabbleApp

    settings = DuplicateSettings(names, seed=game.seed, seconds=seconds, sheet=sheet,
                                 lexicon=getattr(args, "lexique", None), rules=rules, club=args.club,
                                 variant=variant)
    ScrabbleApp(lexicon=lexicon, duplicate=settings).run()
    return 0


def _resume(args: argparse.Namespace) -> int:
    from scrabble_fr.duplicate import DuplicateRecord

    return resume_saved(args, DuplicateRecord)
