"""The Master's playouts: the compiled search of a rack's moves against the Python one, side by side.

    python benchmarks/bench_playouts.py --lang fr
    python benchmarks/bench_playouts.py --lang en --racks 20

A playout asks twice for the Champion's choice of a rack on a board (the opponent's reply, then
the player's answer): every placement found by the Python search and the best by score plus leave
read from them (``search_rack`` and ``best_by_equity``), or, through the compiled library, the best
placement of each set of rack tiles and the choice read from those (``RackSearch.best_by_tiles``
and ``_best_by_tiles``). This script times both on the same racks of the same boards, the positions
the move generator's benchmark keeps (``tests/data/positions_<lang>.txt``: 40 boards of seeded
self-play, 20 of them with two jokers on the rack), with ``--racks`` racks a board drawn from the
tiles the player to move cannot see and their own (seeded). Each time is the shortest of three;
the figures are the medians of each side and of the ratio, rack by rack, with the share of the
choices that agree (they must all: a disagreement is printed). It then times the Master's whole
simulation (``ComputerPlayer.simulate``, 8 playouts, 6 candidates) on every fourth board, both
ways, and checks that the two give the same ratings. Numbers are printed, never asserted.

Measured on 27 November 2026 (two cores, the machine otherwise idle; the Master's 15 candidates
within 30 points):

    fr: a rack's choice, Python 5.67 ms, compiled 0.60 ms, ratio 9.5 (median of 400); 400 of 400
        the same. The simulation, 8 playouts: Python 1.97 s, compiled 0.347 s, ratio 7.0 (median
        of 10 boards); the same ratings on 10 of 10.
    en: a rack's choice, Python 4.61 ms, compiled 0.45 ms, ratio 10.8; 400 of 400 the same. The
        simulation: Python 5.97 s, compiled 0.730 s, ratio 10.7; the same on 10 of 10.

What the simulation does besides the playouts (every placement of the position, each
candidate's board) is still the Python search's. Over whole games against the Champion
(``bench_maitre.py``, 1,000 seeded games, 8 playouts of 6 candidates) the Master with the
compiled playouts played the very same games as before, in 1.3 s a game against 9.8 s. In a game,
on ten moves of one (its 2 s a move, 15 candidates), the candidate played out most got a median of
60 rounds (8 to 717: a move clearly ahead stops the rounds early), where 6 candidates got 12 to 20.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(os.environ.get("BENCH_CODE") or ROOT))

from scrabble_fr.engine.position import Position  # noqa: E402
from scrabble_fr.lexicon import Lexicon  # noqa: E402
from scrabble_fr.player.computer import (  # noqa: E402
    ComputerPlayer,
    _best_by_tiles,
    best_by_equity,
    leaves_for,
)
from scrabble_fr.player.generator import rack_search  # noqa: E402
from scrabble_fr.player.leaves import Leaves  # noqa: E402
from scrabble_fr.player.movegen import BoardView, dawg_of, search_rack, view_of  # noqa: E402
from scrabble_fr.player.native import RackSearch, board_codes  # noqa: E402

POSITIONS = ROOT / "tests" / "data"
RULES = {"fr": "ffsc", "en": "wespa"}
BAG = 40  # the tiles said to be in the bag: the leaves count (a bag of 0 weighs going out instead)


def shortest(function: Callable[[], Any], repeats: int = 3) -> tuple[float, Any]:
    """The shortest of ``repeats`` runs (other work on the machine only ever adds time), and the
    answer."""
    best = float("inf")
    answer = None
    for _ in range(repeats):
        start = time.perf_counter()
        answer = function()
        best = min(best, time.perf_counter() - start)
    return best, answer


def boards(lang: str) -> list[Position]:
    lexicon = Lexicon.builtin(lang)
    lines = (POSITIONS / f"positions_{lang}.txt").read_text(encoding="utf-8").splitlines()
    return [Position.from_cgp(line.strip(), rules=RULES[lang], lexicon=lexicon)
            for line in lines if line.strip() and not line.startswith("#")]


def python_choice(view: BoardView, rack: str, leaves: Leaves) -> tuple[int, str] | None:
    """The Champion's choice through the Python search: its score and the tiles kept."""
    found = search_rack(view, rack)
    if not found:
        return None
    item, _equity, kept = best_by_equity(view, found, rack, BAG, leaves)
    return item[0], kept


def compiled_choice(search: RackSearch, board: bytearray, rack: str, leaves: Leaves) -> tuple[int, str] | None:
    """The same through the compiled search."""
    chosen = _best_by_tiles(search.best_by_tiles(board, rack), rack, BAG, leaves)
    return None if chosen is None else (chosen[0], chosen[3])


def measure(lang: str, racks: int) -> None:
    positions = boards(lang)
    rng = random.Random(20261127)
    python_times: list[float] = []
    compiled_times: list[float] = []
    ratios: list[float] = []
    same = 0
    for position in positions:
        view = view_of(position)
        search = rack_search(position.rules, dawg_of(position))
        if search is None:
            sys.exit("no compiled library here (no C compiler?): nothing to compare")
        board = board_codes(position.board)
        leaves = leaves_for(position.rules, fitted=True)
        pool = sorted(position.unseen(position.to_move).elements()) + list(position.rack)
        for _ in range(racks):
            rack = "".join(rng.sample(pool, min(7, len(pool))))

            slow, expected = shortest(partial(python_choice, view, rack, leaves))
            fast, answer = shortest(partial(compiled_choice, search, board, rack, leaves))
            python_times.append(slow)
            compiled_times.append(fast)
            ratios.append(slow / fast)
            if answer == expected:
                same += 1
            else:
                print(f"  not the same choice for {rack}: Python {expected}, compiled {answer}")
    print(f"{lang}: a rack's choice, Python {statistics.median(python_times) * 1000:.2f} ms, compiled "
          f"{statistics.median(compiled_times) * 1000:.2f} ms, ratio {statistics.median(ratios):.1f} "
          f"(median of {len(ratios)}); {same} of {len(ratios)} the same")
    simulate(positions[::4])


def simulate(positions: list[Position]) -> None:
    slow_times: list[float] = []
    fast_times: list[float] = []
    ratios: list[float] = []
    same = 0
    for position in positions:
        runs = []
        for compiled in (False, True):
            player = ComputerPlayer(6, random.Random(1), think_seconds=600.0, playouts=8, compiled=compiled)
            seconds, results = shortest(partial(player.simulate, position, BAG), repeats=1)
            runs.append((seconds, [(str(r.move), r.equity, r.playouts, r.rating) for r in results]))
        (slow, expected), (fast, answer) = runs
        slow_times.append(slow)
        fast_times.append(fast)
        ratios.append(slow / fast)
        same += answer == expected
    print(f"  the simulation, 8 playouts: Python {statistics.median(slow_times):.2f} s, compiled "
          f"{statistics.median(fast_times):.3f} s, ratio {statistics.median(ratios):.1f} (median of "
          f"{len(ratios)} boards); the same ratings on {same} of {len(ratios)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", choices=sorted(RULES), action="append", help="fr, en (both by default)")
    parser.add_argument("--racks", type=int, default=10, help="racks a board (default 10)")
    args = parser.parse_args()
    if args.racks < 1:
        parser.error("--racks must be at least 1")
    for lang in args.lang or sorted(RULES, reverse=True):
        measure(lang, args.racks)


if __name__ == "__main__":
    main()
