"""Fit the Master's chances of winning (scrabble_fr/player/chances.py) on the Champion's own games.

    python tools/win_chances.py generate --games 3000 --part 0/2 > states0.jsonl
    python tools/win_chances.py generate --games 3000 --part 1/2 > states1.jsonl
    python tools/win_chances.py fit states0.jsonl states1.jsonl

``generate`` plays the Champion (level 5) against itself, game ``g`` from seed ``SEED_BASE + g``
(seeds apart from the benchmarks'), and writes one JSON line a game: after each turn, the tiles
in the bag and the spread of the player who just played (their score less the other's), and the
game's final spread for that player.

``fit`` models what is still to come after a turn as normal: the final spread less the spread
now has a mean (the other player moves next: ``tempo``) and a variance: with the bag empty, what
the endgames gave (``endgame_variance``); otherwise growing with the tiles left in the bag,
``base_variance + variance_per_tile * bag`` (each tile drawn is part of a turn still to be
played), fitted by least squares on each bag count's variance, weighed by its number of turns.
Prints the four constants and, per tens of tiles, the measured and fitted standard deviations.
Only the standard library.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import TYPE_CHECKING

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from leaves import add_generate, champion_games  # noqa: E402  (tools/, beside this one)

if TYPE_CHECKING:
    from scrabble_fr.engine.game import Game
    from scrabble_fr.player.selfplay import ComputerGame

SEED_BASE = 200_000


def generate(games: int, part: str, rules: str) -> None:
    for match in champion_games(games, part, rules, SEED_BASE):
        seed = match.game.seed
        print(json.dumps({"seed": seed, "rules": rules, "states": _states(match)}), flush=True)


def _states(match: ComputerGame) -> list[list[int]]:
    """After each turn of ``match`` played out: the tiles in the bag, the spread of the player who
    just played, and their final spread."""
    from scrabble_fr.player.selfplay import play_out

    states: list[tuple[int, int, int]] = []  # (tiles in the bag, who just played, their spread)

    def seen(game: Game) -> None:
        if game.pending is None and not game.is_over:
            mover = 1 - game.to_move
            states.append((len(game.bag), mover, game.scores[mover] - game.scores[1 - mover]))

    final = play_out(match, after_action=seen).scores
    return [[bag, spread, final[mover] - final[1 - mover]] for bag, mover, spread in states]


def fit(files: list[str]) -> tuple[float, float, float, dict[int, tuple[int, float]]]:
    """``(tempo, base_variance, variance_per_tile, {bag: (turns, measured variance)})``, the
    line fitted on the bags holding a tile or more."""
    rest: dict[int, list[float]] = defaultdict(list)
    for name in files:
        for line in Path(name).read_text().splitlines():
            for bag, spread, final in json.loads(line)["states"]:
                rest[bag].append(final - spread)
    every = [value for values in rest.values() for value in values]
    tempo = sum(every) / len(every)
    measured = {bag: (len(values), sum((v - tempo) ** 2 for v in values) / len(values))
                for bag, values in rest.items() if len(values) >= 2}
    # Weighed least squares of variance = a + c * bag, the bag not empty.
    rising = {bag: row for bag, row in measured.items() if bag}
    weight = sum(n for n, _ in rising.values())
    mean_bag = sum(n * bag for bag, (n, _) in rising.items()) / weight
    mean_var = sum(n * var for n, var in rising.values()) / weight
    covariance = sum(n * (bag - mean_bag) * (var - mean_var) for bag, (n, var) in rising.items())
    spread_bag = sum(n * (bag - mean_bag) ** 2 for bag, (n, _) in rising.items())
    per_tile = covariance / spread_bag
    return tempo, mean_var - per_tile * mean_bag, per_tile, measured


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    add_generate(commands, "the Champion's self-play spreads, one JSON line a game", 3000)
    fitting = commands.add_parser("fit", help="the four constants, as JSON")
    fitting.add_argument("files", nargs="+")
    args = parser.parse_args()
    if args.command == "generate":
        generate(args.games, args.part, args.rules)
        return
    tempo, base, per_tile, measured = fit(args.files)
    games = sum(len(Path(name).read_text().splitlines()) for name in args.files)
    print(json.dumps({"games": games, "tempo": round(tempo, 1), "endgame_variance": round(measured[0][1]),
                      "base_variance": round(base), "variance_per_tile": round(per_tile, 1)}))
    print(f"bag  0   : {measured[0][0]:6} turns, sd {measured[0][1] ** 0.5:6.1f}")
    for low in range(0, 100, 10):
        rows = [(bag, n, var) for bag, (n, var) in measured.items() if low <= bag < low + 10 and bag]
        if rows:
            turns = sum(n for _bag, n, _var in rows)
            var = sum(n * v for _bag, n, v in rows) / turns
            fitted = base + per_tile * sum(n * bag for bag, n, _var in rows) / turns
            print(f"bag {max(low, 1):2}-{low + 9:2}: {turns:6} turns, sd {var ** 0.5:6.1f}, "
                  f"fitted {max(fitted, 0) ** 0.5:6.1f}")


if __name__ == "__main__":
    main()
