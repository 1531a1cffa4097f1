"""The first best move and the first tirage of a fresh install, with and without the word graphs
built into the wheel. Prints, never asserts.

    $ python benchmarks/bench_fresh_install.py            # builds the wheel of this checkout
    $ python benchmarks/bench_fresh_install.py --wheel dist/scrabble_fr-0.1.0-py3-none-any.whl

A wheel is built from the checkout (``pip wheel``, which runs ``setup.py``) and unpacked
into a temporary folder, as ``pip install`` would lay it out in ``site-packages``; a second copy
has its ``scrabble_fr/_data/graphs`` removed: the wheel as it was before the graphs were shipped.
Each run is a fresh interpreter on that folder with an empty cache (``XDG_CACHE_HOME``, which
platformdirs follows, pointed at a new empty folder; ``SCRABBLE_FR_CACHE`` unset), which loads the
French list, finds the best move of a rack on the empty board, then lists a rack with two jokers
(the tirage). It reports the time of both and the peak resident memory of the process
(``ru_maxrss``). "warm" is a second run on the cache the first one filled: what every later start
costs, the baseline the ratios are given against. Times are the median of ``--runs`` runs.

Measured on 25 November 2026 (two shared cores, busy: the ratios matter more than the seconds),
French list, rack AEINRST then AEIRS??:

                                       cache   graph  move s  tirage s  total s  peak MB  x warm
    without shipped graphs (before)    fresh   built    3.58      0.12     3.67    188.2    9.20
    without shipped graphs (before)    warm     disk    0.35      0.05     0.40     86.3    1.00
    with shipped graphs (after)        fresh    ship    0.49      0.06     0.55     86.5    1.08
    with shipped graphs (after)        warm     ship    0.45      0.05     0.51     86.5    1.00
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RACK = "AEINRST"
DRAW = "AEIRS??"

_CHILD = """
import json, resource, sys, time
start = time.perf_counter()
import scrabble_fr
from scrabble_fr.engine.position import Position
from scrabble_fr.lexicon import Lexicon, anagrams
try:
    from scrabble_fr.player.generator import best_moves, engine
except ImportError:  # a wheel from before the one boundary: the Python engine only
    from scrabble_fr.player.movegen import best_moves
    engine = lambda: "Python"
lexicon = Lexicon.builtin("fr")
best = best_moves(Position(racks=(sys.argv[1], ""), lexicon=lexicon), 1)[0]
moved = time.perf_counter()
found = anagrams(lexicon, sys.argv[2])
done = time.perf_counter()
print(json.dumps({
    "module": scrabble_fr.__file__, "best": str(best), "engine": engine(), "words": sum(map(len, found.values())),
    "graph": lexicon.word_graph().source, "shipped": lexicon.word_graph().shipped is not None,
    "move": moved - start, "tirage": done - moved, "total": done - start,
    "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
}))
"""


def build_wheel(folder: Path) -> Path:
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "--wheel-dir", str(folder), str(ROOT)],
        check=True,
    )
    return next(folder.glob("scrabble_fr-*.whl"))


def unpack(wheel: Path, folder: Path, with_graphs: bool) -> Path:
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(folder)
    graphs = folder / "scrabble_fr" / "_data" / "graphs"
    if not with_graphs:
        shutil.rmtree(graphs, ignore_errors=True)
    return folder


def run_once(site: Path, cache_home: Path, native: str) -> dict[str, object]:
    env = {key: value for key, value in os.environ.items() if key not in ("SCRABBLE_FR_CACHE", "PYTHONPATH")}
    env.update(PYTHONPATH=str(site), XDG_CACHE_HOME=str(cache_home), SCRABBLE_FR_NATIVE=native)
    with tempfile.TemporaryDirectory() as elsewhere:  # not the checkout: only the unpacked wheel imports
        result = subprocess.run(
            [sys.executable, "-c", _CHILD, RACK, DRAW], cwd=elsewhere, env=env, capture_output=True, text=True,
            check=True,
        )
    data: dict[str, object] = json.loads(result.stdout)
    if not str(data["module"]).startswith(str(site)):
        raise SystemExit(f"the run imported {data['module']}, not the unpacked wheel")
    return data


def measure(site: Path, runs: int, native: str) -> dict[str, list[dict[str, object]]]:
    found: dict[str, list[dict[str, object]]] = {"fresh": [], "warm": []}
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as cache_home:
            found["fresh"].append(run_once(site, Path(cache_home), native))
            found["warm"].append(run_once(site, Path(cache_home), native))
    return found


def _median(rows: list[dict[str, object]], key: str) -> float:
    return statistics.median(float(row[key]) for row in rows)  # type: ignore[arg-type]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wheel", type=Path, help="a built wheel (default: build one from this checkout)")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        base = Path(work)
        wheel = args.wheel or build_wheel(base / "wheel")
        without = unpack(wheel, base / "before", with_graphs=False)
        shipped = unpack(wheel, base / "after", with_graphs=True)
        # The engine the first move is found by: the compiled one where the wheel has it, and the
        # Python one (SCRABBLE_FR_NATIVE=off), which found every move list before it did.
        sites = {
            "without shipped graphs": (without, "on"),
            "shipped graphs, Python engine": (shipped, "off"),
            "shipped graphs, engine in use": (shipped, "on"),
        }
        results = {name: measure(site, args.runs, native) for name, (site, native) in sites.items()}
    first = next(iter(results.values()))["fresh"][0]
    print(f"wheel {wheel.name}; rack {RACK} (best move {first['best']}), tirage {DRAW} ({first['words']} words);")
    print(f"median of {args.runs} fresh processes each; Python {sys.version.split()[0]}")
    print()
    print(f"{'':34} {'cache':6} {'graph':>6} {'engine':>9} {'move s':>7} {'tirage s':>9} {'total s':>8} "
          f"{'peak MB':>8} {'x warm':>7}")
    for name, found in results.items():
        warm_total = _median(found["warm"], "total")
        for state in ("fresh", "warm"):
            rows = found[state]
            source = "ship" if all(row["shipped"] for row in rows) else str(rows[0]["graph"])
            total = _median(rows, "total")
            engine = rows[0].get("engine", "Python")
            print(f"{name:34} {state:6} {source:>6} {engine:>9} {_median(rows, 'move'):7.2f} "
                  f"{_median(rows, 'tirage'):9.2f} {total:8.2f} {max(float(row['peak_mb']) for row in rows):8.1f} "
                  f"{total / warm_total:7.2f}")


if __name__ == "__main__":
    main()
