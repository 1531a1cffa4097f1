"""Interface speed: time until the grid is drawn with the French list loaded, and keypress handling.

    python benchmarks/bench_tui.py [--runs 5]

Each start is measured in a fresh process (imports, word list, first frame of the game screen),
headless through Textual's pilot. Prints numbers; asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

START = textwrap.dedent(
    """
    import time
    t0 = time.perf_counter()
    import asyncio, os, tempfile
    os.environ.setdefault("SCRABBLE_FR_PARTIES", tempfile.mkdtemp())
    from scrabble_fr.cli.common import lexicon_loader
    from scrabble_fr.engine.rules import Rules
    from scrabble_fr.tui.app import ScrabbleApp
    from scrabble_fr.match.config import GameConfig

    async def main():
        config = GameConfig.from_spec("Alice,Bruno", seed=7, rules=Rules.preset("ffsc"))
        app = ScrabbleApp(config, lexicon_loader=lexicon_loader(None, None))
        async with app.run_test(size=(100, 30)) as pilot:
            while app.game_screen is None or not app.game_screen.is_mounted:
                await pilot.pause(0.001)
            await pilot.pause()
            drawn = time.perf_counter() - t0
            board = app.game_screen.query_one("#board")
            await pilot.press("f8")
            times = []
            for key in ["p", "i", "l", "e", "backspace", "backspace", "backspace", "backspace"] * 10:
                k0 = time.perf_counter()
                await pilot.press(key)
                await pilot.pause()
                times.append(time.perf_counter() - k0)
            base = []
            for _ in range(40):  # an unbound key: what the pilot itself costs per press
                k0 = time.perf_counter()
                await pilot.press("f12")
                await pilot.pause()
                base.append(time.perf_counter() - k0)
            print(f"{drawn:.4f} {statistics.median(times):.5f} {max(times):.5f} {statistics.median(base):.5f}")

    import statistics
    asyncio.run(main())
    """
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    starts, medians, worsts, bases = [], [], [], []
    for _ in range(args.runs):
        result = subprocess.run(
            [sys.executable, "-c", START], capture_output=True, text=True, cwd=ROOT, check=True,
            env={**__import__("os").environ, "PYTHONPATH": str(ROOT)},
        )
        drawn, median, worst, base = map(float, result.stdout.split())
        bases.append(base)
        starts.append(drawn)
        medians.append(median)
        worsts.append(worst)
    print(f"grid drawn after start (French list loaded): median {statistics.median(starts):.3f} s, "
          f"worst {max(starts):.3f} s over {args.runs} fresh processes")
    print(f"keypress on the board (place/take back, with redraw): median {statistics.median(medians) * 1000:.1f} ms, "
          f"worst {max(worsts) * 1000:.1f} ms; the pilot's own cost per press (unbound key): "
          f"{statistics.median(bases) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
