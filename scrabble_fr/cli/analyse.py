"""``scrabble-fr analyser`` (the best moves of a position) and ``scrabble-fr autojeu`` (a whole
computer-against-computer game, printed in the rule set's notation).

    $ scrabble-fr analyser --position "15/…/15 AEIMNOS/ 0/0 0" --top 5
    $ scrabble-fr autojeu --graine 7
"""

from __future__ import annotations

import argparse
import json
import math
import textwrap
from typing import Any, TextIO

from scrabble_fr import texts
from scrabble_fr.cli.common import lexicon_for_args, resolve_rules, seed_option
from scrabble_fr.cli.play import add_lexicon_options
from scrabble_fr.engine.game import Game
from scrabble_fr.engine.position import Position
from scrabble_fr.engine.rules import Rules
from scrabble_fr.engine.wordlist import WordList
from scrabble_fr.i18n import _, format_number, ngettext, points

LEGEND_WIDTH = 79  # a legend's lines, to fit a terminal of 80 columns


def add_analyser_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "analyser", help=_("the best moves of a position"), add_help=False,
        description=_("Lists the best placements of the player to move in a CGP position, with their "
                      "score and the words they form."),
    )
    parser.add_argument("--position", required=True, metavar="CGP", help=_("the board, racks and scores as a CGP line"))
    parser.add_argument("--top", type=int, default=10, metavar="N", help=_("how many moves (default 10)"))
    parser.add_argument("--simulation", action="store_true",
                        help=_("play out the best candidates as the Master does and show their equity"))
    parser.add_argument("--finale", action="store_true",
                        help=_("solve the end of the game exactly (the bag empty, both racks given; "
                               "with one tile in the bag, each draw weighed)"))
    add_think_option(parser, _("the Master's thinking time per move, or the endgame solver's with "
                               "--finale, in seconds (default 2)"))
    parser.add_argument("--json", action="store_true", help=_("print the result as JSON"))
    add_lexicon_options(parser)
    return parser


def add_think_option(parser: argparse.ArgumentParser, help_text: str) -> None:
    parser.add_argument("--reflexion", type=think_seconds, default=2.0, metavar=_("SECONDS"), help=help_text)


def think_seconds(text: str) -> float:
    """The type of ``--reflexion``: a number of seconds above 0, and finite (``inf`` would think
    for ever).

        >>> think_seconds("0.5")
        0.5
    """
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not (math.isfinite(seconds) and seconds > 0):
        raise argparse.ArgumentTypeError(_("{text!r} is not a number of seconds above 0").format(text=text))
    return seconds


def add_autojeu_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "autojeu", help=_("a whole game between computer players"), add_help=False,
        description=_("Plays a whole game between computer players and prints it in the rule set's notation."),
    )
    parser.add_argument("--graine", type=seed_option(), default=1, metavar="N",
                        help=_("seed of the bag, to replay the same game"))
    parser.add_argument("--joueurs", type=int, default=2, metavar="N", help=_("number of computer players (1-8)"))
    parser.add_argument("--niveau", type=int, default=5, metavar="N", help=_("level of the computer players (1-6)"))
    # autojeu has no --finale: its Master searches the end of the game within the same time.
    add_think_option(parser, _("the Master's thinking time per move, its endgame search's too, in seconds "
                               "(default 2)"))
    parser.add_argument("--json", action="store_true", help=_("print the result as JSON"))
    add_lexicon_options(parser)
    return parser


def run_analyser(args: argparse.Namespace, out: TextIO) -> int:
    from scrabble_fr.cli import UsageError
    from scrabble_fr.player.generator import best_moves

    rules = resolve_rules(getattr(args, "regles", None))
    if not 1 <= args.top <= 1000:
        raise UsageError(_("--top takes a number from 1 to 1000"))
    position = Position.from_cgp(args.position, rules, lexicon=lexicon_for_args(args, rules))
    if args.simulation:
        return _print_simulation(position, args, out)
    if args.finale:
        return _print_endgame(position, args, out)
    moves = best_moves(position, args.top)
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
    out.write(_("Word list: {name}").format(name=getattr(position.lexicon, "name", "?")) + "\n")
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
    if not 1 <= args.niveau <= 6:
        raise UsageError(_("levels go from 1 to {top}").format(top=6))
    lexicon = lexicon_for_args(args, rules)
    names = [_("Computer {level}").format(level=f"{args.niveau}-{i + 1}") for i in range(args.joueurs)]
    game = play_computer_game(names, rules, args.graine, lexicon, args.niveau, args.reflexion)
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


def play_computer_game(
    names: list[str], rules: Rules, seed: int, lexicon: WordList, level: int, think_seconds: float = 2.0
) -> Game:
    """A whole game between computer players of one level, reproducible from the seed (below
    the Master, whose thinking stops with the clock)."""
    from scrabble_fr.player.selfplay import new_computer_game, play_out

    return play_out(new_computer_game(names, rules, seed, lexicon, [level] * len(names), think_seconds))


def _print_simulation(position: Position, args: argparse.Namespace, out: TextIO) -> int:
    """``analyser --simulation``: the Master's candidates with their simulated equity."""
    import random

    from scrabble_fr.duplicate.export import percent_text
    from scrabble_fr.player.computer import ComputerPlayer

    bag = position.bag_estimate()
    master = ComputerPlayer(6, random.Random(0), think_seconds=args.reflexion)
    results = master.simulate(position, bag, candidates=args.top)
    style = position.rules.notation
    if args.json:
        payload = [
            {
                "move": r.move.notation(style),
                "score": r.score,
                "equity": round(r.equity, 1),
                "static": round(r.static, 1),
                "playouts": r.playouts,
                "win_chance": None if r.chances is None else round(r.chances, 3),
                "words": [word.text for word in r.move.words],
            }
            for r in results
        ]
        out.write(json.dumps(payload, ensure_ascii=False) + "\n")
        return 0
    if not results:
        out.write(_("No legal placement.") + "\n")
        return 0
    count = max(r.playouts for r in results)
    legend = ngettext(
        "Up to {count} playout of each move (fewer for a move clearly behind); equity: score, less "
        "the reply, plus the next move and the tiles then kept",
        "Up to {count} playouts of each move (fewer for a move clearly behind); equity: score, less "
        "the reply, plus the next move and the tiles then kept", count)
    # A terminal is often 80 columns: the legend wrapped between words, the columns as wide as
    # their longest entry.
    out.write(textwrap.fill(legend.format(count=format_number(count)), LEGEND_WIDTH) + "\n")
    if any(r.chances is not None for r in results):
        out.write(textwrap.fill(_("wins: the chances of winning each move leaves, as the Champion's games against "
                                  "itself tell them from the spread and the tiles in the bag"), LEGEND_WIDTH) + "\n")
    rows = [(r.move.notation(style), points(r.score),
             _("equity {value}").format(value=format_number(round(r.equity, 1))),
             "" if r.chances is None else _("wins {percent}").format(percent=percent_text(round(100 * r.chances))),
             ", ".join(word.text for word in r.move.words)) for r in results]
    widths = [max(len(row[column]) for row in rows) for column in range(4)]
    for rank, (move, score, equity, chances, words) in enumerate(rows, 1):
        line = f"{rank:>3}. {move:<{widths[0]}}  {score:>{widths[1]}}  {equity:<{widths[2]}}  {chances:<{widths[3]}}"
        out.write(f"{line.rstrip()}  {words}\n")
    return 0


def _print_endgame(position: Position, args: argparse.Namespace, out: TextIO) -> int:
    """``analyser --finale``: the exact endgame, its value and its best sequence; with one tile
    in the bag, the pre-endgame (:func:`_print_pre_endgame`)."""
    from scrabble_fr.cli import UsageError
    from scrabble_fr.player.endgame import solve

    if len(position.racks) != 2 or not position.rack:
        raise UsageError(_("--finale needs a two-player position giving both racks"))
    bag = position.bag_estimate()
    if bag == 1:
        return _print_pre_endgame(position, args, out)
    if bag:
        raise UsageError(ngettext(
            "--finale needs an empty bag or a single tile in it: {count} tile is neither on the board nor on a rack",
            "--finale needs an empty bag or a single tile in it: {count} tiles are neither on the board nor on a rack",
            bag,
        ).format(count=bag))
    if not all(position.racks):
        raise UsageError(_("--finale needs a two-player position giving both racks"))
    result = solve(position, seconds=args.reflexion)
    style = position.rules.notation
    sequence = [move.notation(style) for move in result.moves]
    if args.json:
        payload = {"value": result.value, "proven": result.proven, "sequence": sequence,
                   "nodes": result.nodes, "seconds": round(result.seconds, 3)}
        out.write(json.dumps(payload, ensure_ascii=False) + "\n")
        return 0
    out.write(_("Final spread for the player to move: {spread}").format(spread=_signed(result.value)) + "\n")
    if result.proven:
        out.write(_("Proven: every line was searched to the end of the game.") + "\n")
    else:
        out.write(ngettext("Not proven: the search stopped after looking {depth} turn ahead.",
                           "Not proven: the search stopped after looking {depth} turns ahead.",
                           result.depth).format(depth=result.depth) + "\n")
    out.write(_("{nodes} positions searched in {seconds} s").format(
        nodes=format_number(result.nodes), seconds=format_number(round(result.seconds, 2))) + "\n")
    players = [_("player to move"), _("opponent")]
    for number, move in enumerate(result.moves, 1):
        text = move.notation(style) if move.is_place else _("pass")
        out.write(f"{number:>3}. {text:<20} {points(move.score or 0):>12}   {players[(number - 1) % 2]}\n")
    return 0


def _print_pre_endgame(position: Position, args: argparse.Namespace, out: TextIO) -> int:
    """``analyser --finale`` with one tile in the bag: each candidate placement weighed over
    every tile the bag may hold, each draw followed by the exact endgame (the opponent's rack,
    if given, is not used: the player to move cannot see it)."""
    from scrabble_fr.player.endgame import solve_pre_endgame

    result = solve_pre_endgame(position, seconds=args.reflexion)
    style = position.rules.notation
    if args.json:
        if result is None:
            payload: dict[str, Any] = {"value": None, "proven": True, "sequence": [], "nodes": 0, "seconds": 0.0,
                                       "candidates": []}
        else:
            payload = {"value": round(result.expected, 2), "proven": result.proven,
                       "sequence": [result.move.notation(style)], "nodes": result.nodes,
                       "seconds": round(result.seconds, 3),
                       "candidates": [{"move": move.notation(style), "expected": round(expected, 2)}
                                      for move, expected in result.candidates]}
        out.write(json.dumps(payload, ensure_ascii=False) + "\n")
        return 0
    if result is None:
        out.write(_("No legal placement.") + "\n")
        return 0
    out.write(_("One tile in the bag: each placement weighed over every tile the bag may hold, each draw "
                "followed by the exact endgame.") + "\n")
    out.write(_("Best move: {move}, expected final spread {spread}").format(
        move=result.move.notation(style), spread=_signed(round(result.expected, 2))) + "\n")
    if result.proven:
        out.write(_("Proven: every endgame was searched to the end of the game.") + "\n")
    else:
        out.write(_("Not proven: some endgames were not searched to the end.") + "\n")
    out.write(_("{nodes} positions searched in {seconds} s").format(
        nodes=format_number(result.nodes), seconds=format_number(round(result.seconds, 2))) + "\n")
    for rank, (move, expected) in enumerate(result.candidates, 1):
        out.write(f"{rank:>3}. {move.notation(style):<20} {points(move.score or 0):>12}   "
                  f"{_signed(round(expected, 2)):>10}\n")
    return 0


def _signed(value: float) -> str:
    """A spread in the language's numbers, with its sign when it is a gain."""
    text = format_number(value)
    return "+" + text if value > 0 else text
