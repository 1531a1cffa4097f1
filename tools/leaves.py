"""Fit the leave values of a tile set on the Champion's own games (scrabble_fr/player/fitted_leaves/).

    python tools/leaves.py generate --games 6000 --part 0/2 > turns0.jsonl
    python tools/leaves.py generate --games 6000 --part 1/2 > turns1.jsonl
    python tools/leaves.py fit turns0.jsonl turns1.jsonl > scrabble_fr/player/fitted_leaves/french.json

``generate`` plays the Champion (level 5, hand-set leave values) against itself, game ``g`` from
seed ``SEED_BASE + g`` (seeds apart from the benchmarks'), and writes one JSON line a game: each
turn as ``[player, tiles kept, score, tiles in the bag before the turn, kind]``.

``fit`` takes every turn played with at least ``--min-bag`` tiles in the bag, followed by a turn
of the same player, and fits the leave model of :mod:`scrabble_fr.player.leaves` (each tile, each
repeated copy, the vowels and consonants kept, a Q without a U) by ridge least squares to what
followed: the next turn's score plus the worth of the leave kept then (by the previous fit, the
first fit counting the score alone: ``--rounds`` fits in all). The constant of the fit (what a
player keeping nothing scores next) is left out: a leave's worth is what it adds to that.
Only the standard library: the normal equations are small (a hundred unknowns).
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
    for name in files:
        for line in Path(name).read_text().splitlines():
            turns = json.loads(line)["turns"]
            for player in (0, 1):
                mine = [turn for turn in turns if turn[0] == player]
                for turn, following in zip(mine, mine[1:], strict=False):
                    if turn[3] >= min_bag:
                        yield turn[1], following[2], following[1] if following[3] >= min_bag else None


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """The solution of a small symmetric positive system (Gauss-Jordan with pivoting)."""
    size = len(vector)
    rows = [row[:] + [vector[i]] for i, row in enumerate(matrix)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda r: abs(rows[r][column]))
        rows[column], rows[pivot] = rows[pivot], rows[column]
        head = rows[column]
        for r in range(size):
            factor = rows[r][column] / head[column] if r != column else 0.0
            if factor:
                row = rows[r]
                for k in range(column, size + 1):
                    row[k] -= factor * head[k]
    return [rows[i][size] / rows[i][i] for i in range(size)]


def fit(data: list[tuple[str, int, str | None]], rounds: int, ridge: float) -> tuple[dict[str, float], float]:
    """The terms' worths and the constant, fitted ``rounds`` times (see the module's text)."""
    names = sorted({name for kept, _score, _next in data for name in terms(kept)})
    column = {name: i + 1 for i, name in enumerate(names)}  # 0: the constant
    rows = [[(0, 1.0)] + [(column[name], float(x)) for name, x in terms(kept).items()] for kept, _s, _n in data]
    size = len(names) + 1
    normal = [[0.0] * size for _ in range(size)]
    for row in rows:
        for i, x in row:
            line = normal[i]
            for j, z in row:
                line[j] += x * z
    for i in range(1, size):
        normal[i][i] += ridge
    worth: dict[str, float] = {}
    constant = 0.0
    for _round in range(rounds):
        right = [0.0] * size
        previous = Leaves.from_worths("previous round", worth)
        for row, (_kept, score, after) in zip(rows, data, strict=True):
            target = score + (previous.value(after) if after is not None else 0.0)
            for i, x in row:
                right[i] += x * target
        solution = solve(normal, right)
        constant = solution[0]
        worth = {name: solution[column[name]] for name in names}
    return worth, constant


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    add_generate(commands, "the Champion's self-play turns, one JSON line a game", 6000)
    fitting = commands.add_parser("fit", help="the leave values, as JSON")
    fitting.add_argument("files", nargs="+")
    fitting.add_argument("--min-bag", type=int, default=10, help="turns with at least this many tiles in the bag")
    fitting.add_argument("--rounds", type=int, default=3)
    fitting.add_argument("--ridge", type=float, default=20.0)
    args = parser.parse_args()
    if args.command == "generate":
        generate(args.games, args.part, args.rules)
        return
    data = list(samples(args.files, args.min_bag))
    worth, constant = fit(data, args.rounds, args.ridge)
    games = sum(len(Path(name).read_text().splitlines()) for name in args.files)
    rounded = {term: round(value, 2) for term, value in worth.items()}
    payload: dict[str, Any] = Leaves.from_worths("fitted", rounded).to_json()
    payload["fitted_on"] = {"games": games, "turns": len(data), "min_bag": args.min_bag, "rounds": args.rounds,
                            "ridge": args.ridge, "next_score_keeping_nothing": round(constant, 2)}
    print(json.dumps(payload, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
