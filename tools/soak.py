"""Soak test: many computer-against-computer games per rule preset, every invariant checked.

    python tools/soak.py --parties 1000            # 1,000 games per preset (long)
    python tools/soak.py --parties 20 --regles ffsc

After every event: tile conservation (bag + racks + board = the set); each player's score equals
the sum of their logged events; each event's running total is right. At the end: the game ended
by a player going out with the bag empty, or by the blocked-game rule, and a saved copy replays
to the same events. Prints a summary; exits 1 at the first broken invariant, with its seed.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scrabble_fr.engine.game import Game, Termination  # noqa: E402
from scrabble_fr.engine.rules import PRESETS, Rules  # noqa: E402


class SoakFailure(AssertionError):
    pass


def check(game: Game) -> None:
    if not game.tiles_conserved():
        raise SoakFailure("tiles not conserved")
    totals = [0] * len(game.players)
    for event in game.history:
        totals[event.player] += event.points
        if event.total != totals[event.player]:
            raise SoakFailure(f"event {event.number}: running total {event.total} != {totals[event.player]}")
    if totals != game.scores:
        raise SoakFailure(f"scores {game.scores} != sum of events {totals}")


def play_one(rules: Rules, seed: int, lexicon: object, players: int = 2) -> Game:
    from scrabble_fr.player.selfplay import new_computer_game, play_out

    rng = random.Random(seed)
    names = [f"P{i + 1}" for i in range(players)]
    levels = [rng.randint(1, 5) for _ in range(players)]

    def contester(game: Game) -> int | None:
        # Now and then an opponent contests a valid move, to exercise every contest rule.
        if rules.challenge.kind.value != "void" and rng.random() < 0.1 and players > 1:
            assert game.pending is not None
            return (game.pending.player + 1) % players
        return None

    game = play_out(new_computer_game(names, rules, seed, lexicon, levels), contester, check)
    if not game.is_over:
        raise SoakFailure("the game did not end within 2,000 actions")
    if game.termination is Termination.OUT:
        if game.bag:
            raise SoakFailure("a player went out with tiles left in the bag")
    elif game.termination is not Termination.BLOCKED:
        raise SoakFailure("no termination recorded")
    replayed = Game.replay(names, rules, seed, game.actions)
    if replayed.history != game.history:
        raise SoakFailure("the saved actions do not replay to the same events")
    return game


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--parties", type=int, default=20, help="games per preset")
    parser.add_argument("--regles", action="append", help="preset(s) to soak (default: all)")
    parser.add_argument("--graine", type=int, default=1, help="first seed")
    args = parser.parse_args()
    from scrabble_fr.lexicon import Lexicon

    lexicons = {"fr": Lexicon.builtin("fr"), "en": Lexicon.builtin("en")}
    failures = 0
    for name in args.regles or list(PRESETS):
        rules = Rules.preset(name)
        lexicon = lexicons[rules.lexicon]
        ends: Counter[str] = Counter()
        started = time.perf_counter()
        for offset in range(args.parties):
            seed = args.graine + offset
            try:
                game = play_one(rules, seed, lexicon, players=2 + offset % 3)
            except SoakFailure as exc:
                print(f"{name}: seed {seed}: {exc}")
                failures += 1
                continue
            ends[game.termination.value if game.termination else "?"] += 1
        elapsed = time.perf_counter() - started
        print(f"{name}: {args.parties} games in {elapsed:.1f} s, ends {dict(ends)}, failures so far {failures}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
