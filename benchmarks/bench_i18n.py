"""Start-up cost of the translations: importing ``scrabble_fr.i18n`` and choosing a language.
Prints, never asserts.

    $ python benchmarks/bench_i18n.py                         # this checkout (reads the .po)
    $ python benchmarks/bench_i18n.py --python VENV/bin/python  # an installed wheel (its .mo)

Every figure is the median of fresh processes, because a player waits for exactly that when the
game starts. Beside it runs a bare interpreter start (``python -c pass``), the baseline the ratio
is taken to: it moves with the machine's load, the ratio much less.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNS = 15

# Times, inside a fresh interpreter, the package (the engine, which every command imports anyway),
# then what the translations add: their import, the first language (its catalogue is read then),
# the first number written in that language, and the switch to English.
_CHILD = """
import json, time
start = time.perf_counter()
import scrabble_fr
package = time.perf_counter()
import scrabble_fr.i18n as i18n
imported = time.perf_counter()
i18n.set_language("fr")
french = time.perf_counter()
i18n.format_number(1034)
number = time.perf_counter()
i18n.set_language("en")
english = time.perf_counter()
print(json.dumps({"package": package - start, "import": imported - package, "fr": french - imported,
                  "number": number - french, "en": english - number, "file": i18n.__file__}))
"""


def _wall(command: list[str], env: dict[str, str]) -> tuple[float, str]:
    start = time.perf_counter()
    # Run away from the checkout, so an installed interpreter does not import it from the cwd.
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True, cwd=tempfile.gettempdir())
    return time.perf_counter() - start, done.stdout


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--python", default=sys.executable,
                        help="the interpreter to measure (default: this one, on this checkout)")
    parser.add_argument("--runs", type=int, default=RUNS)
    args = parser.parse_args()
    env = dict(os.environ)
    if args.python == sys.executable:
        env["PYTHONPATH"] = str(ROOT)
    bare: list[float] = []
    walls: list[float] = []
    parts: dict[str, list[float]] = {"package": [], "import": [], "fr": [], "number": [], "en": []}
    where = ""
    for _ in range(args.runs):
        # Interleaved, so both feel the same load.
        bare.append(_wall([args.python, "-c", "pass"], env)[0])
        wall, out = _wall([args.python, "-c", _CHILD], env)
        walls.append(wall)
        data = json.loads(out)
        where = data["file"]
        for key in parts:
            parts[key].append(data[key])
    ms = {key: statistics.median(values) * 1000 for key, values in parts.items()}
    translations = statistics.median(
        [sum(values) for values in zip(parts["import"], parts["fr"], parts["number"], strict=True)]) * 1000
    bare_ms = statistics.median(bare) * 1000
    wall_ms = statistics.median(walls) * 1000
    print(f"scrabble_fr.i18n from {where}")
    print(f"median of {args.runs} fresh processes (a bare interpreter start: {bare_ms:.1f} ms)")
    print(f"  import scrabble_fr (the engine)   {ms['package']:7.1f} ms")
    print(f"  then import scrabble_fr.i18n      {ms['import']:7.1f} ms")
    print(f"  set_language('fr')                {ms['fr']:7.1f} ms   (the French catalogue is read)")
    print(f"  first format_number               {ms['number']:7.1f} ms")
    print(f"  set_language('en')                {ms['en']:7.1f} ms")
    print(f"  translations, up to a first French number: {translations:.1f} ms "
          f"= {translations / bare_ms:.2f} × a bare interpreter start")
    print(f"  whole process                     {wall_ms:7.1f} ms = {wall_ms / bare_ms:.2f} × a bare interpreter start")
    return 0


if __name__ == "__main__":
    sys.exit(main())
