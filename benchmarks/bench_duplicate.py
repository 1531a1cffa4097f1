"""Benchmark of the duplicate top: how long the top of a coup takes before the clock can start.

    python benchmarks/bench_duplicate.py              # the stored positions, two jokers on the rack
    python benchmarks/bench_duplicate.py --games 5    # and every coup of five seeded games

The positions are the move generator's (``tests/data/positions_fr.txt``, the part after
``# two jokers``: 20 positions where the rack holds both jokers). Each time covers the whole
choice of the top through ``best_moves`` (every tie of the best score collected, then the
rules' preferences); each position is timed three times, the first run and the best reported
(other work on the machine only ever adds time). The word list's structure is built once, before. Numbers are printed, never asserted.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from scrabble_fr.duplicate import DuplicateGame  # noqa: E402
from scrabble_fr.duplicate.top import choose_top  # noqa: E402
from scrabble_fr.engine.position import Position  # noqa: E402
from scrabble_fr.lexicon import Lexicon  # noqa: E402


def two_joker_positions(lexicon: Lexicon) -> list[Position]:
    lines = (HERE.parent / "tests" / "data" / "positions_fr.txt").read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("# two jokers"))
    return [Position.from_cgp(line, "ffsc", lexicon=lexicon) for line in lines[start + 1:] if line and not line.startswith("#")]


def timed(position: Position) -> float:
    started = time.perf_counter()
    choose_top(position, first=position.board.is_empty())
    return time.perf_counter() - started


def report(label: str, times: list[float]) -> None:
    ordered = sorted(times)
    p90 = ordered[max(0, int(round(0.9 * len(ordered))) - 1)]
    print(f"{label}: {len(times)} tops, median {statistics.median(times) * 1000:.1f} ms, "
          f"90th percentile {p90 * 1000:.1f} ms, max {ordered[-1] * 1000:.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=0, help="also time every coup of N seeded games")
    args = parser.parse_args()
    lexicon = Lexicon.builtin("fr")
    positions = two_joker_positions(lexicon)
    assert all(p.rack.count("?") == 2 for p in positions)
    choose_top(positions[0])  # builds and caches the word list's structure
    # The first run meets the position's cross-checks for the first time, as a real coup does;
    # later runs find them cached, so the best of three is the generator's own speed.
    runs = [[timed(p) for _ in range(3)] for p in positions]
    report("two jokers, first run", [r[0] for r in runs])
    report("two jokers, best of three", [min(r) for r in runs])
    if args.games:
        times = []
        for seed in range(1, args.games + 1):
            game = DuplicateGame([], lexicon=lexicon, seed=seed, seconds=None)
            while not game.is_over:
                # Closing a coup places the top, makes the next draw and chooses its top.
                started = time.perf_counter()
                game.close_coup()
                times.append(time.perf_counter() - started)
        report(f"closing a coup and choosing the next top, {args.games} seeded games", times)


if __name__ == "__main__":
    main()
