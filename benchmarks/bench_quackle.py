"""Our move generator side by side with Quackle's (C++, GADDAG), the peer the issue names.

    python benchmarks/bench_quackle.py --quackle-driver /tmp/quackle-build/quackle_driver

On the 20 English positions of ``tests/data/positions_en.txt`` (and the 20 where the player to
move holds two jokers), in the same run: Quackle's times as ``benchmarks/quackle_driver.cpp``
measures them, and ours through the one boundary (``scrabble_fr.player.generator``: the
compiled engine where it is built, else Python's), with the same word list, the shipped
``lexiques/en.txt.gz``. For each figure, the median over the positions of each position's
median time, and the ratio ours / Quackle:

- every move, search only: our raw placements, no ``Move`` made (the lazy search);
- every move, every ``Move`` built: ``list(generate_moves(position))``;
- the best move: ``best_moves(position, 1)``, best by score; Quackle's is best by score too (its
  base ``Evaluator``, whose equity is the score: no leave values), exchanges turned off.

Quackle's figure for every move is its whole list of ``Move`` objects, filtered and sorted
(``Generator::kibitz`` with a list longer than one). Our search works out the board's
cross-checks on every call; Quackle keeps its cross-sets up to date move by move in a game, so
they are timed apart (``GamePosition::ensureBoardIsPreparedForAnalysis``) and shown both ways:
the ratios are against Quackle's search plus its cross-sets (the same work from the same board
and rack), and, in brackets, against its search alone. What we keep from one call to the next
on the same position is what Quackle's prepared board is: the board written as the C side reads
it (``native.board_codes_kept``, written again when a square changes), the rack's counts, and
the search and word graph found for the position's word list and rules
(``generator._prepared``); never a result: every call searches the board again, its
cross-checks and the ``Move`` objects included. Before timing, each position's move lists
are compared: the same placements, each with the same score, on both sides. Times are printed,
never asserted. Without a driver the benchmark says so and stops.

Building Quackle and the driver (outside the project; Debian 12, g++ 12, CMake, Ninja; on a
shared machine keep to ``nice`` and two jobs). Quackle's core library needs no Qt; its tools
that write word graphs (makeminidawg, makegaddag) need Qt 5 Core (``apt-get install
qtbase5-dev``)::

    git clone https://github.com/quackle/quackle /tmp/quackle-src      # measured at 87ffbe5
    cmake -S /tmp/quackle-src/quacker -B /tmp/quackle-build -G Ninja \\
          -DCMAKE_BUILD_TYPE=Release -DQT_VERSION=5                    # Release: -O3 -DNDEBUG
    nice cmake --build /tmp/quackle-build -j 2 --target quackle makegaddag makeminidawg
    # The word graphs of our English list. The tools read ../data/alphabets/ and their inputs
    # from the folder they run in; Quackle reads a GADDAG only after the DAWG of the same words.
    mkdir -p /tmp/quackle-lex/work && ln -s /tmp/quackle-src/data /tmp/quackle-lex/data
    cd /tmp/quackle-lex/work
    zcat PROJECT/lexiques/en.txt.gz > dawginput.raw
    cp dawginput.raw smaller.raw && cp dawginput.raw gaddaginput.raw && : > playabilities.raw
    /tmp/quackle-build/makeminidawg/makeminidawg --alphabet english   # writes output.dawg
    /tmp/quackle-build/makegaddag/makegaddag --alphabet english -f gaddaginput.raw -o en.gaddag
    cp output.dawg /tmp/quackle-build/en.dawg && cp en.gaddag /tmp/quackle-build/en.gaddag
    cd PROJECT && g++ -O3 -DNDEBUG -std=c++17 -isystem /tmp/quackle-src benchmarks/quackle_driver.cpp \\
          /tmp/quackle-build/libquackle/libquackle.a -pthread -o /tmp/quackle-build/quackle_driver

``--dawg`` and ``--gaddag`` default to ``en.dawg`` and ``en.gaddag`` beside the driver. Both
tools report 248,105 words of 248,105 encoded (hash 6f68dca8f3d8416db3235b085db453b8); the GADDAG
has 6,106,697 nodes (24 MB). The issue's figures were measured with a 269,870-word list, not
ours (the shipped English list is SCOWL's, 248,105 words; see lexiques/README.md): only ratios
measured in one run compare.

Measured on 2 December 2026 (2 cores shared with other work, load 3 to 9; defaults, ``--rounds
3 --repeat 5``; Quackle at commit 87ffbe5, our compiled engine), the median over the positions of
each one's median time, in ms; the ratio is ours / (Quackle's search + its cross-sets), in
brackets ours / its search alone. Before: main at 03710bb. Then: main at 63eac6d, where the
compiled engine builds every ``Move`` of a list on its C side. Now: the best moves built on the
C side too (their words made when read), the list's objects kept out of the cyclic collector's
walks, the board's codes and the position's search kept between calls. Two runs each, the
ratios of both, the times of the first:

    20 positions (324 placements median, 56 to 11,463)  Quackle  +crosses    ours   ratio
    before  every move, search only                       0.111     0.154   0.369   2.4 x (3.3 x)
            every move, every Move built                  0.111     0.154   1.197   7.8 x (10.8 x)
            best move (by score)                          0.058     0.115   0.174   1.5 x (3.0 x)
    then    every move, search only                       0.193     0.234   0.509   2.2 x (2.6-2.8 x)
            every move, every Move built                  0.193     0.234   0.375   1.6-1.8 x (1.9-2.3 x)
            best move (by score)                          0.095     0.151   0.195   1.3-1.7 x (2.1-3.0 x)
    now     every move, search only                       0.154     0.194   0.413   2.1-2.9 x (2.7-3.6 x)
            every move, every Move built                  0.154     0.194   0.219   1.1-1.8 x (1.4-2.2 x)
            best move (by score)                          0.069     0.104   0.099   0.86-0.95 x (1.4-1.6 x)
    20 positions, two jokers (15,216 placements median)
    before  every move, search only                      30.648    30.783  50.848   1.7 x
            every move, every Move built                 30.648    30.783 252.387   8.2 x
            best move (by score)                         17.269    17.402   3.628   0.21 x
    then    every move, search only                      33.460    33.608  59.073   1.8-2.4 x
            every move, every Move built                 33.460    33.608 135.210   4.0-5.5 x
            best move (by score)                         16.294    16.442   6.636   0.40-0.52 x
    now     every move, search only                      16.627    16.755  23.001   1.4-1.8 x
            every move, every Move built                 16.627    16.755  35.045   2.1-2.6 x
            best move (by score)                          9.589     9.716   2.005   0.21-0.22 x

Three more runs the same day, between the changes, gave for every ``Move`` built 1.2 to 1.4 x
and for the best move 0.5 to 0.8 x. Where the time goes now (perf, a list of 300 moves): the
search about a third, making the ``Move`` objects and their tuples about half (eight attribute
sets, four tuples a move), the call from Python a tenth. The search follows the word graph from
every square a word may start on (a DAWG; Quackle's GADDAG starts from the anchors), and a
Python ``Move`` costs more than Quackle's C++ one: every move with every ``Move`` built is still
above Quackle's time.

Since (main at 7862371, then this): a move list's placements found from the anchor each reaches
first, a word's left part walked once for all its start squares (a fifth fewer word graph steps
with two jokers); put in order by a radix sort of number keys; the records kept as the C side
wrote them, in one bytes object, a record made only when read (two tuples a move fewer); the
list of the moves kept out of the collector's walks. The same day, load 2.5 to 7, ours /
(Quackle + its cross-sets), a run of before, then six of after:

    every move, every Move built     before 1.04 x, two jokers 1.50 x
                                     after  0.82-0.93 x, two jokers 0.81-1.23 x
                                     (two jokers 1.14-1.23 x in the two runs at the lowest load)
    best move                        before 0.64 x, two jokers 0.19 x
                                     after  0.62-0.70 x, two jokers 0.20-0.38 x

Where the time of a two-joker list goes now (perf): the search about 45 % (the right parts
through the anchors two thirds of it), making and freeing the ``Move`` objects about half, of
which the eight attribute sets a move a fifth.

Quackle's cross-sets alone: 0.04 to 0.09 ms (0.10 to 0.14 ms with two jokers). The move lists
agree on all 20 positions and on the 20 with two jokers, in every run: the same placements
(Quackle's one-tile plays counted once, as ours are), each with the same score. With two jokers
our best move is found by a bounded search and beats Quackle's ``kibitz(1)``, which still scores
every placement. The machine's load moves single figures by up to half from run to run; the
ratios, measured taking turns, move less.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

# bench_movegen puts the project first on the path; its positions are the ones read here.
from bench_movegen import RULES, load_lexicon, read_positions  # noqa: E402

from scrabble_fr.engine.position import Position  # noqa: E402
from scrabble_fr.player import generator  # noqa: E402

LANG = "en"
# (our figure, its label, the driver's figure it is held to).
FIGURES = [
    ("search", "every move, search only", "all_ms"),
    ("built", "every move, every Move built", "all_ms"),
    ("best", "best move", "best_ms"),
]


def tiles_key(tiles: Any) -> str:
    """The squares a placement fills, as the driver writes them: "row,col,L" (lowercase for a
    joker), sorted, joined with spaces."""
    squares = sorted(f"{t.row},{t.col},{t.letter.lower() if t.is_blank else t.letter}" for t in tiles)
    return " ".join(squares)


def ours_moves(position: Position) -> Counter[tuple[str, int]]:
    return Counter((tiles_key(move.tiles), move.score) for move in generator.generate_moves(position))


def run_driver(driver: Path, dawg: Path, gaddag: Path, cgps: list[str], repeat: int,
               moves: bool = False) -> list[dict[str, Any]]:
    """One JSON object a position, as the driver prints them."""
    command = [str(driver), "--dawg", str(dawg), "--gaddag", str(gaddag), "--repeat", str(repeat)]
    if moves:
        command.append("--moves")
    output = subprocess.run(command, input="\n".join(cgps) + "\n", capture_output=True, text=True,
                            check=True).stdout
    return [json.loads(line) for line in output.splitlines() if line.startswith("{")]


def agreement(quackle: list[dict[str, Any]], positions: list[Position]) -> list[str]:
    """What differs between the two move lists, position by position (nothing when they agree)."""
    differences = []
    for index, (theirs, position) in enumerate(zip(quackle, positions, strict=True)):
        ours = ours_moves(position)
        quackle_moves = Counter((key, score) for key, score in theirs["moves"])
        if ours != quackle_moves:
            only_ours = sorted((ours - quackle_moves).elements())[:3]
            only_quackle = sorted((quackle_moves - ours).elements())[:3]
            differences.append(f"position {index}: {sum(ours.values())} moves here, "
                               f"{sum(quackle_moves.values())} in Quackle; only here {only_ours}, "
                               f"only in Quackle {only_quackle}")
    return differences


def timed_ms(function: Callable[[], Any]) -> float:
    start = time.perf_counter()
    function()
    return (time.perf_counter() - start) * 1000


def our_times(position: Position, repeat: int) -> dict[str, list[float]]:
    """Each of our figures on ``position``, ``repeat`` times."""
    work: dict[str, Callable[[], Any]] = {
        "search": lambda: generator.search_position(position),
        "built": lambda: list(generator.generate_moves(position)),
        "best": lambda: generator.best_moves(position, 1),
    }
    return {key: [timed_ms(function) for _ in range(repeat)] for key, function in work.items()}


def measure(driver: Path, dawg: Path, gaddag: Path, cgps: list[str], positions: list[Position],
            rounds: int, repeat: int) -> tuple[dict[str, list[float]], dict[str, list[float]]]:
    """Per position, the median times of both sides (ms), over ``rounds`` taking turns: Quackle's
    figures (the driver's ``crosses_ms``, ``all_ms``, ``best_ms``, and the last two with the
    first added, as ``all_ms+crosses``, ``best_ms+crosses``), and ours (``FIGURES``)."""
    quackle_runs: list[list[dict[str, Any]]] = []
    our_runs: list[list[dict[str, list[float]]]] = []
    for _ in range(rounds):
        # Taking turns, so that the other work on the machine weighs on both alike.
        quackle_runs.append(run_driver(driver, dawg, gaddag, cgps, repeat))
        our_runs.append([our_times(position, repeat) for position in positions])
    quackle: dict[str, list[float]] = {}
    for key in ("crosses_ms", "all_ms", "best_ms"):
        quackle[key] = [statistics.median(run[i][key] for run in quackle_runs) for i in range(len(cgps))]
    for key in ("all_ms", "best_ms"):
        quackle[key + "+crosses"] = [a + c for a, c in zip(quackle[key], quackle["crosses_ms"], strict=True)]
    ours: dict[str, list[float]] = {}
    for key, _label, _theirs in FIGURES:
        ours[key] = [statistics.median(t for run in our_runs for t in run[i][key]) for i in range(len(positions))]
    return quackle, ours


def report(title: str, quackle: dict[str, list[float]], ours: dict[str, list[float]]) -> None:
    def ms(values: list[float]) -> float:
        return statistics.median(values)

    print(f"-- {title}: median over the positions of each one's median time")
    print(f"{'figure (ms)':30} {'Quackle':>8} {'+crosses':>9} {'ours':>8}   ours / Quackle+crosses (/ Quackle)")
    for key, label, theirs in FIGURES:
        alone, with_crosses, mine = ms(quackle[theirs]), ms(quackle[theirs + "+crosses"]), ms(ours[key])
        print(f"{label:30} {alone:8.3f} {with_crosses:9.3f} {mine:8.3f}   "
              f"{mine / with_crosses:6.2f} x   ({mine / alone:.2f} x)")
    print(f"{'Quackle cross-sets alone':30} {ms(quackle['crosses_ms']):8.3f}")


def report_each(counts: list[int], quackle: dict[str, list[float]], ours: dict[str, list[float]]) -> None:
    """Each position's median times (ms): which positions weigh, on which side."""
    print(f"{'#':>3} {'moves':>6} {'Quackle all':>11} {'+crosses':>9} {'search':>8} {'built':>8} "
          f"{'Quackle best':>12} {'best':>7}")
    for i, count in enumerate(counts):
        print(f"{i:3} {count:6} {quackle['all_ms'][i]:11.3f} {quackle['all_ms+crosses'][i]:9.3f} "
              f"{ours['search'][i]:8.3f} {ours['built'][i]:8.3f} {quackle['best_ms'][i]:12.3f} {ours['best'][i]:7.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quackle-driver", metavar="PATH", help="the built benchmarks/quackle_driver.cpp")
    parser.add_argument("--dawg", metavar="FILE", help="Quackle's DAWG of the list (default: en.dawg by the driver)")
    parser.add_argument("--gaddag", metavar="FILE", help="its GADDAG (default: en.gaddag by the driver)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds, the two sides taking turns (default 3)")
    parser.add_argument("--repeat", type=int, default=5, help="runs of each figure a round (default 5)")
    parser.add_argument("--each", action="store_true", help="also each position's times")
    args = parser.parse_args()
    driver = Path(args.quackle_driver) if args.quackle_driver else None
    if driver is None or not driver.is_file():
        print("no Quackle driver (--quackle-driver PATH; how to build it: the top of this file): skipped")
        return
    dawg = Path(args.dawg) if args.dawg else driver.parent / "en.dawg"
    gaddag = Path(args.gaddag) if args.gaddag else driver.parent / "en.gaddag"
    for path in (dawg, gaddag):
        if not path.is_file():
            print(f"no {path} (Quackle's word graphs: the top of this file): skipped")
            return

    lexicon = load_lexicon(LANG, None)
    plain, jokers = read_positions(LANG)
    word_count = sum(1 for _ in lexicon.words())
    engine = "compiled" if generator.compiled() is not None else "Python"
    print(f"== {LANG}: {word_count} words, {len(plain)} positions + {len(jokers)} with two jokers; "
          f"our engine: {engine}")
    for title, cgps in (("positions", plain), ("two jokers", jokers)):
        positions = [Position.from_cgp(text, RULES[LANG], lexicon=lexicon) for text in cgps]
        listed = run_driver(driver, dawg, gaddag, cgps, 1, moves=True)  # also loads our word graph
        differences = agreement(listed, positions)
        counts = [entry["placements"] for entry in listed]
        print(f"-- {title}: move lists agree on {len(cgps) - len(differences)} of {len(cgps)} "
              f"(placements and scores; {statistics.median(counts):.0f} placements median, "
              f"{min(counts)}-{max(counts)})")
        for difference in differences:
            print(f"   {difference}")
        quackle, ours = measure(driver, dawg, gaddag, cgps, positions, args.rounds, args.repeat)
        report(title, quackle, ours)
        if args.each:
            report_each(counts, quackle, ours)


if __name__ == "__main__":
    main()
