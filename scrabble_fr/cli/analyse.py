"""``scrabble-fr analyser`` (the best moves of a position) and ``scrabble-fr autojeu`` (a whole
computer-against-computer game, printed in the rule set's notation).

    $ scrabble-fr analyser --position "15/…/15 AEIMNOS/ 0/0 0" --top 5
    $ scrabble-fr autojeu --graine 7
"""

from __future__ import annotations

import argparse
import json
from typing import Any, TextIO

from scrabble_fr.cli.common import lexicon_for_args, resolve_rules
from scrabble_fr.cli.play import add_lexicon_options
from scrabble_fr.engine.game import Game
from scrabble_fr.engine.position import Position
from scrabble_fr.i18n import _, format_number, points
from scrabble_fr import texts


def add_analyser_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "analyser", help=_("the best moves of a position"), add_help=False,
        description=_("Lists the best placements of the player to move in a CGP position, with their "
                      "score and the words they form."),
    )
    parser.add_argument("--position", required=True, metavar="CGP", help=_("the board, racks and scores as a CGP line"))
    parser.add_argument("--top", type=int, default=10, metavar="N", help=_("how many moves (default 10)"))
    parser.add_argument("--json", action="store_true", help=_("print the result as JSON"))
    add_lexicon_options(parser)
    return parser


def add_autojeu_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "autojeu", help=_("a whole game between computer players"), add_help=False,
        description=_("Plays a whole game between computer players and prints it in the rule set's notation."),
    )
    parser.add_argument("--graine", type=int, default=1, metavar="N", help=_("seed of the bag, to replay the same game"))
    parser.add_argument("--joueurs", type=int, default=2, metavar="N", help=_("number of computer players (1-8)"))
    parser.add_argument("--niveau", type=int, default=5, metavar="N", help=_("level of the computer players (1-5)"))
    parser.add_argument("--json", action="store_true", help=_("print the result as JSON"))
    add_lexicon_options(parser)
    return parser


def run_analyser(args: argparse.Namespace, out: TextIO) -> int:
    from scrabble_fr.cli import UsageError

    rules = resolve_rules(getattr(args, "regles", None))
    if not 1 <= args.top <= 1000:
        raise UsageError(_("--top takes a number from 1 to 1000"))
    position = Position.from_cgp(args.position, rules)
    position.lexicon = lexicon_for_args(args, rules)
    moves = position.best_moves(args.top)
    style = rules.notation
    if args.json:
        payload = [
            {
                "move": move.notation(style),
                "score": move.score,
                "words": [word.text for word in move.words],
                "tiles": [list(tile) for tile in move.tiles],
            }
            for move in moves
        ]
        out.write(json.dumps(payload, ensure_ascii=False) + "\n")
        return 0
    out.write(_("Word list: {name}").format(name=position.lexicon.name) + "\n")
    if not moves:
        out.write(_("No legal placement.") + "\n")
        return 0
    for rank, move in enumerate(moves, 1):
        words = ", ".join(word.text for word in move.words)
        out.write(f"{rank:>3}. {move.notation(style):<20} {points(move.score or 0):>12}   {words}\n")
    return 0


def run_autojeu(args: argparse.Namespace, out: TextIO) -> int:
    from scrabble_fr.cli import UsageError

    rules = resolve_rules(getattr(args, "regles", None))
    if not 1 <= args.joueurs <= 8:
        raise UsageError(_("a game has 1 to 8 players, not {count}").format(count=args.joueurs))
    if not 1 <= args.niveau <= 5:
        raise UsageError(_("levels go from 1 to 5"))
    lexicon = lexicon_for_args(args, rules)
    names = [_("Computer {level}").format(level=f"{args.niveau}-{i + 1}") for i in range(args.joueurs)]
    game = play_computer_game(names, rules, args.graine, lexicon, args.niveau)
    if args.json:
        payload = {
            "seed": args.graine,
            "rules": rules.name,
            "players": names,
            "events": [
                {
                    "player": names[e.player],
                    "kind": e.kind.value,
                    "move": texts.event_move_text(game, e, reveal=True),
                    "points": e.points,
                    "total": e.total,
                }
                for e in game.history
            ],
            "scores": game.scores,
            "termination": game.termination.value if game.termination else None,
        }
        out.write(json.dumps(payload, ensure_ascii=False) + "\n")
        return 0
    for event in game.history:
        out.write(
            f"{event.number:>3}. {names[event.player]:<12} {texts.event_move_text(game, event, reveal=True):<24} "
            f"{event.points:>+5} {format_number(event.total):>6}\n"
        )
    out.write("\n")
    for rank, player, score in game.ranking():
        out.write(f"{rank}. {names[player]} {points(score)}\n")
    return 0


def play_computer_game(names: list[str], rules: Any, seed: int, lexicon: Any, level: int) -> Game:
    """A whole game between computer players of one level, reproducible from the seed."""
    from scrabble_fr.player.selfplay import new_computer_game, play_out

    return play_out(new_computer_game(names, rules, seed, lexicon, [level] * len(names)))
