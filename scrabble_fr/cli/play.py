"""``scrabble-fr`` and ``scrabble-fr jouer``: start the game at the terminal.

    $ scrabble-fr jouer --joueurs Alice,Bruno,ordi:3 --graine 7

Without ``--joueurs`` the set-up screen opens; with it, the game opens on the first player's turn.
"""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from scrabble_fr.cli.common import (
    clock_option,
    lexicon_loader,
    load_lexicon,
    require_terminal,
    resolve_rules_file,
    seed_option,
)
from scrabble_fr.i18n import _
from scrabble_fr.match.config import Verification


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "jouer",
        help=_("play a game (the default command)"),
        description=_("Opens the set-up screen, or with --joueurs the game itself on the first player's turn."),
        add_help=False,
    )
    parser.add_argument("--joueurs", metavar=_("NAMES"),
                        help=_("players separated by commas; ordi:N is a computer of level N (1-6)"))
    parser.add_argument("--graine", type=seed_option(), metavar="N", help=_("seed of the bag, to replay the same game"))
    parser.add_argument("--verification", choices=[mode.value for mode in Verification],
                        default=Verification.AUTO.value,
                        help=_("who judges the words of a challenged move: the word list (auto) or the players"))
    parser.add_argument("--pendule", type=clock_option(), metavar=_("MINUTES"),
                        help=_("clock: minutes per player (FFSc: 25)"))
    parser.add_argument("--ecran-prive", action="store_true",
                        help=_("ask each human to take the keyboard before showing their rack"))
    parser.add_argument("--reprendre", nargs="?", const="", metavar="ID",
                        help=_("resume the last unfinished game, classic or duplicate (or the game ID, see parties)"))
    parser.add_argument("--precedente", action="store_true",
                        help=_("with --reprendre: resume the previous save (.bak) of a damaged game"))
    parser.add_argument("--forcer", action="store_true",
                        help=_("with --reprendre: take the game over from another process that has it open"))
    parser.add_argument("--club", action="store_true",
                        help=_("club mode: no hints, no word tools, no undo, the clock on"))
    add_lexicon_options(parser)
    return parser


def add_lexicon_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lexique", metavar=_("NAME or PATH"), default=argparse.SUPPRESS,
                        help=_("the word list: a known list by its name (see scrabble-fr lexiques) or a file, "
                               "one word per line; instead of the language's default list"))
    parser.add_argument("--mots-en-plus", metavar=_("PATH"), default=argparse.SUPPRESS,
                        help=_("a file of extra words added to the list"))


def run(args: argparse.Namespace, out: TextIO) -> int:
    from scrabble_fr.match.config import GameConfig

    if args.reprendre is not None:
        return _resume(args)
    rules, extra = resolve_rules_file(getattr(args, "regles", None))
    config = None
    players = args.joueurs if args.joueurs is not None else ",".join(extra.get("players") or [])
    if players or args.joueurs is not None:
        # Bad players (an empty or repeated name, a level that does not exist) stop here, before
        # any screen: MatchError is worded and exits 2.
        config = GameConfig.from_spec(
            players,
            rules=rules,
            verification=args.verification,
            seed=args.graine,
            clock_minutes=args.pendule,
            private_screen=args.ecran_prive,
            lexicon_path=getattr(args, "lexique", None) or extra.get("lexicon"),
            club=args.club,
        )
    return _run_app(args, config)


def _resume(args: argparse.Namespace) -> int:
    from scrabble_fr import resume
    from scrabble_fr.records.save import SavedGame
    from scrabble_fr.records.store import RecordStore
    from scrabble_fr.tui.app import ScrabbleApp

    store = RecordStore()
    record = resume.find(store, args.reprendre or None, backup=args.precedente)
    lexicon = None
    if not isinstance(record, SavedGame):  # a duplicate game needs its list to replay
        lexicon = load_lexicon(getattr(args, "lexique", None) or resume.lexicon_source(record))
    # A damaged record, a player the save should not hold, or another process playing it: one
    # line, with how to take over, before the screen opens.
    resume.check(record, store, lexicon, take_over=args.forcer or args.precedente)
    require_terminal()
    loader = lexicon_loader(getattr(args, "lexique", None), getattr(args, "mots_en_plus", None))
    app = ScrabbleApp(lexicon=lexicon, lexicon_loader=loader, resume=record, store=store,
                      resume_as_new=args.precedente, take_over=args.forcer)
    app.run()
    return 0


def run_default(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    return _run_app(args, None)


def _run_app(args: argparse.Namespace, config: Any) -> int:
    require_terminal()
    from scrabble_fr.tui.app import ScrabbleApp

    loader = lexicon_loader(getattr(args, "lexique", None), getattr(args, "mots_en_plus", None))
    app = ScrabbleApp(config, lexicon_loader=loader)
    app.run()
    return 0
