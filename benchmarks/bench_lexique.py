"""Word-list benchmarks: load time, word checks, draw searches, memory. Prints, never asserts.

    $ python benchmarks/bench_lexique.py
    fr: load 0.21 s (median of 7 fresh processes) …

Load times are measured in fresh processes (the interpreter start is counted apart), because a
player waits for exactly that when the game starts; the other timings run in this process.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scrabble_fr.engine.tiles import FRENCH, JOKER  # noqa: E402
from scrabble_fr.lexicon import Lexicon, anagrams, anagrams_with_board_letter  # noqa: E402

LOAD_RUNS = 7
CHECKS = 20_000
DRAWS = 200
SEED = 20240611

# Run in a fresh interpreter: times the import and the load, then reads the resident memory.
_CHILD = """
import json, sys, time
start = time.perf_counter()
from scrabble_fr.lexicon import Lexicon
imported = time.perf_counter()
lexicon = Lexicon.builtin(sys.argv[1])
loaded = time.perf_counter()
rss = next(int(line.split()[1]) for line in open("/proc/self/status") if line.startswith("VmRSS:"))
print(json.dumps({"import": imported - start, "load": loaded - imported, "rss_kb": rss,
                  "words": len(lexicon)}))
"""


@dataclass(frozen=True)
class LoadTiming:
    """Medians over several fresh processes."""

    language: str
    words: int
    wall: float
    import_time: float
    load: float
    rss_mb: float


def measure_load(language: str, runs: int = LOAD_RUNS) -> LoadTiming:
    walls, imports, loads, rss = [], [], [], []
    for _ in range(runs):
        start = time.perf_counter()
        result = subprocess.run(
            [sys.executable, "-c", _CHILD, language],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        walls.append(time.perf_counter() - start)
        data = json.loads(result.stdout)
        imports.append(data["import"])
        loads.append(data["load"])
        rss.append(data["rss_kb"] / 1024)
    return LoadTiming(
        language,
        data["words"],
        statistics.median(walls),
        statistics.median(imports),
        statistics.median(loads),
        statistics.median(rss),
    )


def per_call_us(function: Callable[[str], object], items: list[str]) -> float:
    """Mean time of one call over ``items``, in microseconds (best of 5 passes)."""
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        for item in items:
            function(item)
        best = min(best, time.perf_counter() - start)
    return best / len(items) * 1e6


def rss_mb() -> float:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def bench_checks(lexicon: Lexicon, rng: random.Random) -> None:
    words = list(lexicon.words())
    hits = rng.sample(words, CHECKS)
    # A miss that looks like a word: one letter of a real word replaced.
    misses = []
    while len(misses) < CHECKS:
        word = rng.choice(words)
        position = rng.randrange(len(word))
        candidate = word[:position] + rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ") + word[position + 1 :]
        if candidate not in lexicon:
            misses.append(candidate)
    lower = [word.lower() for word in hits]
    contains = lexicon.__contains__
    print(
        f"  check: hit {per_call_us(contains, hits):.2f} µs, miss {per_call_us(contains, misses):.2f} µs, "
        f"lower case {per_call_us(contains, lower):.2f} µs"
    )


def french_draws(rng: random.Random, jokers: int, count: int) -> list[str]:
    """Random 7-tile draws from the French bag holding exactly ``jokers`` jokers."""
    letters = [tile for tile in FRENCH.full_bag() if tile != JOKER]
    return ["".join(rng.sample(letters, 7 - jokers)) + JOKER * jokers for _ in range(count)]


def bench_draws(lexicon: Lexicon, rng: random.Random) -> None:
    start = time.perf_counter()
    lexicon.anagram_index()
    built = time.perf_counter() - start
    print(f"  draw index: built in {built:.2f} s (once, on the first search); RSS now {rss_mb():.0f} MB")
    for jokers in (0, 1, 2):
        times, board_times = [], []
        for draw in french_draws(rng, jokers, DRAWS):
            start = time.perf_counter()
            anagrams(lexicon, draw)
            middle = time.perf_counter()
            anagrams_with_board_letter(lexicon, draw)
            times.append(middle - start)
            board_times.append(time.perf_counter() - middle)
        print(
            f"  draw of 7 with {jokers} joker(s): median {statistics.median(times) * 1000:.2f} ms, "
            f"max {max(times) * 1000:.2f} ms; 8 letters through a board letter: median "
            f"{statistics.median(board_times) * 1000:.2f} ms ({DRAWS} draws)"
        )


def main() -> int:
    # A first run warms the file cache for the interpreter itself.
    subprocess.run([sys.executable, "-c", "pass"], check=True)
    start = time.perf_counter()
    for _ in range(LOAD_RUNS):
        subprocess.run([sys.executable, "-c", "pass"], check=True)
    interpreter = (time.perf_counter() - start) / LOAD_RUNS
    print(f"bare interpreter start: {interpreter * 1000:.0f} ms")

    for language in ("fr", "en"):
        timing = measure_load(language)
        print(
            f"{language}: {timing.words} words; fresh process {timing.wall:.3f} s wall "
            f"(import {timing.import_time:.3f} s + load {timing.load:.3f} s), "
            f"RSS after load {timing.rss_mb:.0f} MB (medians of {LOAD_RUNS})"
        )

    rng = random.Random(SEED)
    for language in ("fr", "en"):
        lexicon = Lexicon.builtin(language)
        print(f"{language} in this process:")
        bench_checks(lexicon, rng)
        if language == "fr":
            bench_draws(lexicon, rng)
    bench_player_list()
    return 0


def bench_player_list() -> None:
    """``scrabble-fr lexiques ajouter`` on an ODS-sized file, then loading the stored list.

    The file is the shipped French list written in lower case with a few accents back, so the
    reader does the normalisation a real ODS file asks for.
    """
    import tempfile

    from scrabble_fr.lexicon.catalogue import Catalogue

    words = list(Lexicon.builtin("fr").words())
    accents = str.maketrans({"E": "é", "A": "à", "C": "ç"})
    with tempfile.TemporaryDirectory() as temp:
        source = Path(temp) / "liste.txt"
        source.write_text("\n".join(w.lower().translate(accents) for w in words) + "\n", encoding="utf-8")
        catalogue = Catalogue(Path(temp) / "lexiques")
        start = time.perf_counter()
        report = catalogue.add(source, "banc", "fr")
        added = time.perf_counter() - start
        stored = (catalogue.directory / report.info.file).stat().st_size
        start = time.perf_counter()
        catalogue.load(report.info)
        loaded = time.perf_counter() - start
    print(
        f"player's list ({report.info.words} words, UTF-8 with accents): added in {added:.2f} s, "
        f"stored in {stored / 1e6:.2f} MB; loaded in {loaded:.2f} s"
    )


if __name__ == "__main__":
    raise SystemExit(main())
