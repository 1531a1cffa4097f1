"""Fit the leave values of a tile set on the Champion's own games (scrabble_fr/player/fitted_leaves/).

    python tools/leaves.py generate --games 6000 --part 0/2 > turns0.jsonl
    python tools/leaves.py generate --games 6000 --part 1/2 > turns1.jsonl
    python tools/leaves.py fit turns0.jsonl turns1.jsonl > scrabble_fr/player/fitted_leaves/french.json
    python tools/leaves.py check turns0.jsonl turns1.jsonl --pairs --ridge 100

``generate`` plays the Champion (level 5, hand-set leave values) against itself, game ``g`` from
seed ``SEED_BASE + g`` (seeds apart from the benchmarks'), and writes one JSON line a game: each
turn as ``[player, tiles kept, score, tiles in the bag before the turn, kind]``.

``fit`` takes every turn played with at least ``--min-bag`` tiles in the bag, followed by a turn
of the same player, and fits the leave model of :mod:`scrabble_fr.player.leaves` (each tile, each
repeated copy, the vowels and consonants kept, a Q without a U) by ridge least squares to what
followed: the next turn's score plus the worth of the leave kept then (by the previous fit, the
first fit counting the score alone: ``--rounds`` fits in all). The constant of the fit (what a
player keeping nothing scores next) is left out: a leave's worth is what it adds to that.
``--pairs`` adds a term for each pair of different tiles kept together (ER, CH, QU…: 351 more
unknowns). Only the standard library: each leave's row of the normal equations is added once,
however often it was kept, and a few hundred unknowns are solved in seconds.

``check`` (the same options as ``fit``) fits the model asked for and the plain one on the games
whose seed is not a multiple of 5, and tells how well each foretells the turns of the others.

Measured on 27 November 2026, on 9,056 games (``generate --games 8946 --part 0/2`` and
``--games 9166 --part 1/2``, the run stopped there; the shipped values come from the first
6,000): the pairs (``--ridge 100``) foretell the fifth's turns a little better, 644.72 points
squared against 646.36 (difference -1.64, 95 % interval -2.67 to -0.62; on the 6,000 games alone
-0.45, -1.92 to +1.01). In play (``benchmarks/bench_maitre.py --player 5 --playouts 0 --leaves
FILE`` against ``--leaves fitted``, 4,000 games on the same seeds), the Champion weighing its racks
with the plain values refit on the 9,056 games gains +1.37 points of spread a game (95 % interval
-0.34 to +3.08), with the pairs +3.05 (-0.13 to +6.24), 2,185 wins against 2,163.5; the Master
with the pairs, 8 playouts, 56.9 % of 904 games, and on the 891 seeds the shipped Master played
-2.74 points of spread a game (95 % interval -9.91 to +4.43), 508 wins against 511. The values
fitted on the 6,000 games stay.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scrabble_fr.engine.move import MoveKind  # noqa: E402
from scrabble_fr.player.leaves import Leaves, terms  # noqa: E402

if TYPE_CHECKING:
    from scrabble_fr.player.selfplay import ComputerGame

SEED_BASE = 100_000
RIDGE = 20.0  # the plain model's (the shipped values')


def champion_games(games: int, part: str, rules: str, seed_base: int) -> Iterator[ComputerGame]:
    """The Champion against itself, game ``g`` (of those with ``g % n == i`` for ``part`` "i/n")
    from seed ``seed_base + g``, with the word list of the rules' language."""
    from scrabble_fr.lexicon import Lexicon
    from scrabble_fr.player.selfplay import new_computer_game

    index, count = (int(x) for x in part.split("/"))
    lexicon = Lexicon.builtin("fr" if rules == "ffsc" else "en")
    for game_number in range(index, games, count):
        yield new_computer_game(["A", "B"], rules, seed_base + game_number, lexicon, [5, 5])


def add_generate(commands: Any, description: str, games: int) -> None:
    """The ``generate`` command of a tool fitting on :func:`champion_games`."""
    gen = commands.add_parser("generate", help=description)
    gen.add_argument("--games", type=int, default=games)
    gen.add_argument("--part", default="0/1", help="i/n: the games g with g %% n == i")
    gen.add_argument("--rules", default="ffsc")


def generate(games: int, part: str, rules: str) -> None:
    for match in champion_games(games, part, rules, SEED_BASE):
        game = match.game
        turns: list[tuple[int, str, int, int, str]] = []
        while not game.is_over:
            if game.pending is not None:
                game.accept()
                continue
            me, rack, bag = game.to_move, game.racks[game.to_move], len(game.bag)
            move = match.players[me].choose(game.position.copy(lexicon=match.lexicon), bag)
            game.play(move)
            left = Counter(rack)
            if move.kind is MoveKind.PLACE:
                left.subtract(move.rack_letters)
            elif move.kind is MoveKind.EXCHANGE:
                left.subtract(move.exchanged)
            kept = "".join(sorted(left.elements()))
            turns.append((me, kept, (move.score or 0) if move.kind is MoveKind.PLACE else 0, bag, move.kind.value))
        print(json.dumps({"seed": game.seed, "rules": rules, "turns": turns}), flush=True)


def samples(files: list[str], min_bag: int) -> Iterator[tuple[str, int, str | None]]:
    """(tiles kept, the same player's next score, the tiles they kept then, or None when that
    turn came with fewer than ``min_bag`` tiles in the bag)."""
    for _seed, sample in seeded_samples(files, min_bag):
        yield sample


def seeded_samples(files: list[str], min_bag: int) -> Iterator[tuple[int, tuple[str, int, str | None]]]:
    """Each of :func:`samples` with the seed of its game."""
    for name in files:
        for line in Path(name).read_text().splitlines():
            game = json.loads(line)
            turns = game["turns"]
            for player in (0, 1):
                mine = [turn for turn in turns if turn[0] == player]
                for turn, following in zip(mine, mine[1:], strict=False):
                    if turn[3] >= min_bag:
                        after = following[1] if following[3] >= min_bag else None
                        yield game["seed"], (turn[1], following[2], after)


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """The solution of a symmetric positive definite system (Cholesky: a few hundred unknowns
    in seconds)."""
    size = len(vector)
    lower = [[0.0] * size for _ in range(size)]
    for i in range(size):
        row = lower[i]
        for j in range(i + 1):
            other = lower[j]
            total = matrix[i][j] - sum(row[k] * other[k] for k in range(j))
            row[j] = total ** 0.5 if i == j else total / other[j]
    forward = [0.0] * size
    for i in range(size):
        forward[i] = (vector[i] - sum(lower[i][k] * forward[k] for k in range(i))) / lower[i][i]
    solution = [0.0] * size
    for i in reversed(range(size)):
        solution[i] = (forward[i] - sum(lower[k][i] * solution[k] for k in range(i + 1, size))) / lower[i][i]
    return solution


def fit(data: list[tuple[str, int, str | None]], rounds: int, ridge: float,
        pairs: bool = False) -> tuple[dict[str, float], float]:
    """The terms' worths and the constant, fitted ``rounds`` times (see the module's text); with
    ``pairs``, the pairs of different tiles kept together too (:func:`terms`)."""
    # The same leave comes back thousands of times: its terms are read, and its row of the
    # normal equations added, once.
    followed: dict[str, list[tuple[int, str | None]]] = {}
    for kept, score, after in data:
        followed.setdefault(kept, []).append((score, after))
    names = sorted({name for kept in followed for name in terms(kept, pairs)})
    column = {name: i + 1 for i, name in enumerate(names)}  # 0: the constant
    rows = {kept: [(0, 1.0)] + [(column[name], float(x)) for name, x in terms(kept, pairs).items()]
            for kept in followed}
    size = len(names) + 1
    normal = [[0.0] * size for _ in range(size)]
    for kept, row in rows.items():
        count = len(followed[kept])
        for i, x in row:
            line = normal[i]
            for j, z in row:
                line[j] += count * x * z
    for i in range(1, size):
        normal[i][i] += ridge
    worth: dict[str, float] = {}
    constant = 0.0
    for _round in range(rounds):
        right = [0.0] * size
        previous = Leaves.from_worths("previous round", worth)
        for kept, row in rows.items():
            target = sum(score + (previous.value(after) if after is not None else 0.0)
                         for score, after in followed[kept])
            for i, x in row:
                right[i] += x * target
        solution = solve(normal, right)
        constant = solution[0]
        worth = {name: solution[column[name]] for name in names}
    return worth, constant


def check(files: list[str], min_bag: int, rounds: int, ridge: float, pairs: bool) -> None:
    """How well a model fitted on four games in five foretells the fifth: its mean squared error
    on the target of the plain model (the next score plus the worth of the leave then kept, by the
    plain model fitted on the same four fifths), the plain model's, and their difference over the
    same turns with its 95 % interval (negative: the asked model foretells better)."""
    train: list[tuple[str, int, str | None]] = []
    test: list[tuple[str, int, str | None]] = []
    for seed, sample in seeded_samples(files, min_bag):
        (test if seed % 5 == 0 else train).append(sample)
    plain_worth, plain_constant = fit(train, rounds, RIDGE)
    plain = Leaves.from_worths("plain", plain_worth)
    asked_worth, asked_constant = fit(train, rounds, ridge, pairs)
    asked = Leaves.from_worths("asked", asked_worth)
    differences = []
    totals = [0.0, 0.0]
    for kept, score, after in test:
        target = score + (plain.value(after) if after is not None else 0.0)
        plain_error = (target - plain_constant - plain.value(kept)) ** 2
        asked_error = (target - asked_constant - asked.value(kept)) ** 2
        totals[0] += plain_error
        totals[1] += asked_error
        differences.append(asked_error - plain_error)
    mean = sum(differences) / len(differences)
    spread = (sum((d - mean) ** 2 for d in differences) / (len(differences) - 1)) ** 0.5
    print(f"{len(train)} turns fitted, {len(test)} foretold: plain {totals[0] / len(test):.2f}, "
          f"asked (ridge {ridge}{', pairs' if pairs else ''}) {totals[1] / len(test):.2f}, "
          f"difference {mean:+.2f} (95 % interval {mean - 1.96 * spread / len(test) ** 0.5:+.2f} "
          f"to {mean + 1.96 * spread / len(test) ** 0.5:+.2f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    add_generate(commands, "the Champion's self-play turns, one JSON line a game", 6000)
    for command, text in (("fit", "the leave values, as JSON"),
                          ("check", "the model fitted on 4/5 of the games against the plain one on the rest")):
        fitting = commands.add_parser(command, help=text)
        fitting.add_argument("files", nargs="+")
        fitting.add_argument("--min-bag", type=int, default=10, help="turns with at least this many tiles in the bag")
        fitting.add_argument("--rounds", type=int, default=3)
        fitting.add_argument("--ridge", type=float, default=RIDGE)
        fitting.add_argument("--pairs", action="store_true", help="a term for each pair of different tiles kept too")
    args = parser.parse_args()
    if args.command == "generate":
        generate(args.games, args.part, args.rules)
        return
    if args.command == "check":
        check(args.files, args.min_bag, args.rounds, args.ridge, args.pairs)
        return
    data = list(samples(args.files, args.min_bag))
    worth, constant = fit(data, args.rounds, args.ridge, args.pairs)
    games = sum(len(Path(name).read_text().splitlines()) for name in args.files)
    rounded = {term: round(value, 2) for term, value in worth.items()}
    payload: dict[str, Any] = Leaves.from_worths("fitted", rounded).to_json()
    payload["fitted_on"] = {"games": games, "turns": len(data), "min_bag": args.min_bag, "rounds": args.rounds,
                            "ridge": args.ridge, "pairs": args.pairs,
                            "next_score_keeping_nothing": round(constant, 2)}
    print(json.dumps(payload, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
