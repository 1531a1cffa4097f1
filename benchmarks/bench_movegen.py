"""Benchmark of the move generator, against a naive Appel-Jacobson over a dict trie.

    python benchmarks/bench_movegen.py --lang fr            # measure on the stored positions
    python benchmarks/bench_movegen.py --regenerate         # remake positions_fr.txt / _en.txt
    python benchmarks/bench_movegen.py --compare main       # this code against another commit's

Each figure is measured for both engines in the same run, the compiled one (through the one
boundary, ``scrabble_fr.player.generator``) and the Python one (``player/movegen.py``, its
reference), each as a ratio of the naive baseline's time measured in that run: the issue's peer,
Quackle's generator, runs at about 0.03 x the naive baseline.

Measured on 2 December 2026 (two shared cores, busy: three runs, the ratios' range), the compiled
engine, medians of the 20 positions: every move with every ``Move`` built, 0.007-0.020 x in French
and 0.006-0.015 x in English, the moves made on the C side in the list's order (``move_list``);
before, when Python made them from the search's records, 0.039-0.068 x and 0.025-0.146 x. The
best move: 0.003-0.009 x and 0.004-0.008 x.

``--compare REF`` puts the figures the move generator is held to side by side for the code at
``REF`` (exported with ``git archive`` into a temporary folder, never into the project) and the
code here, each in fresh processes taking turns, repeated ``--repeat`` times: medians with their
spread, against the naive baseline measured in the same run.

The positions come from seeded self-play (the best move each turn), kept as CGP lines in
``tests/data/positions_<lang>.txt``: 20 positions, then 20 in which the player to move holds two
jokers (``# two jokers`` separates them). Each measurement that needs a fresh process (building
the structure, memory) runs in one; each time is the shortest of three runs (other work on the
machine only ever adds time). Numbers are printed, never asserted. Without the shipped word
lists (``lexiques/``), give one with ``--words FILE`` (one word per line, gzip or plain).
"""

from __future__ import annotations

import argparse
import gzip
import io
import json
import os
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
# The positions live with the tests, which read them too (and ship in the source archive).
POSITIONS_DIR = ROOT / "tests" / "data"
# ``--compare`` runs this file against another copy of the code: BENCH_CODE names its folder.
CODE = Path(os.environ.get("BENCH_CODE") or ROOT)
sys.path.insert(0, str(CODE))

from scrabble_fr.engine.game import Game  # noqa: E402
from scrabble_fr.engine.position import Position  # noqa: E402
from scrabble_fr.player import movegen  # noqa: E402
from scrabble_fr.player.movegen import Raw, _search, rack_counts, view_of  # noqa: E402

try:  # the one boundary: the compiled engine where it is there, else Python's
    from scrabble_fr.player import generator
    from scrabble_fr.player.generator import best_moves, generate_moves
except ImportError:  # ``--compare`` with a commit from before it
    generator = None  # type: ignore[assignment]
    from scrabble_fr.player.movegen import best_moves, generate_moves  # type: ignore[assignment]

try:
    from scrabble_fr.words import WordSet, dawg_for
except ImportError:  # ``--compare`` with a commit from before the words room
    from scrabble_fr.player.dawg import WordSet, dawg_for  # type: ignore[import-not-found,no-redef]

if TYPE_CHECKING:
    from scrabble_fr.engine.wordlist import WordList

RULES = {"fr": "ffsc", "en": "hasbro"}
SEPARATOR = "# two jokers"
POSITION_COUNT = 20


# -- word lists ----------------------------------------------------------------------------
def read_words(path: Path) -> list[str]:
    opener: Callable[..., Any] = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as handle:
        return [line.strip().upper() for line in handle if line.strip()]


def load_lexicon(lang: str, words_file: str | None) -> WordList:
    """The shipped lexicon when present, else the ``--words`` file as a plain word set."""
    if words_file:
        return WordSet(read_words(Path(words_file)), Path(words_file).name)
    try:
        from scrabble_fr.lexicon import Lexicon

        return Lexicon.builtin(lang)
    except (ImportError, AttributeError, OSError) as exc:
        raise SystemExit(f"no {lang} word list ({exc}); give one with --words FILE") from None


# -- positions -----------------------------------------------------------------------------
def self_play_positions(lang: str, lexicon: WordList, count: int = POSITION_COUNT) -> tuple[list[str], list[str]]:
    """``count`` mid-game positions from seeded greedy self-play, and ``count`` with ``??`` racks."""
    rules = RULES[lang]
    plain: list[str] = []
    jokers: list[str] = []
    seed = 0
    while len(plain) < count or len(jokers) < count:
        rng = random.Random(1000 + seed)
        game = Game(["A", "B"], rules, seed=seed)
        game.position.lexicon = lexicon
        turns = rng.randrange(3, 18)
        for _ in range(turns):
            moves = best_moves(game.position, 1)
            if moves:
                game.play(moves[0])
                if not game.is_over:
                    game.accept()
            else:
                game.pass_()
            if game.is_over:
                break
        seed += 1
        if game.is_over:
            continue
        position = game.position
        if len(plain) < count:
            plain.append(position.to_cgp())
        # The two-joker variant: only where no joker is already out, so the CGP stays valid.
        others = [r for i, r in enumerate(position.racks) if i != position.to_move]
        jokers_out = any(s and s.islower() for s in position.board.squares) or "?" in "".join(others)
        if len(jokers) < count and not jokers_out:
            copy = position.copy()
            copy.racks[copy.to_move] = position.rack.replace("?", "")[:5] + "??"
            jokers.append(copy.to_cgp())
    return plain, jokers


def read_positions(lang: str) -> tuple[list[str], list[str]]:
    path = POSITIONS_DIR / f"positions_{lang}.txt"
    plain: list[str] = []
    jokers: list[str] = []
    target = plain
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() == SEPARATOR:
            target = jokers
        elif line.strip() and not line.startswith("#"):
            target.append(line.strip())
    return plain, jokers


def write_positions(lang: str, plain: list[str], jokers: list[str]) -> None:
    path = POSITIONS_DIR / f"positions_{lang}.txt"
    header = f"# {lang}: seeded greedy self-play (benchmarks/bench_movegen.py --regenerate)"
    path.write_text("\n".join([header, *plain, SEPARATOR, *jokers]) + "\n", encoding="utf-8")


# -- the naive baseline ----------------------------------------------------------------------
END = "$"


def naive_trie(words: Iterable[str]) -> dict[str, Any]:
    root: dict[str, Any] = {}
    for word in words:
        node = root
        for letter in word:
            node = node.setdefault(letter, {})
        node[END] = True
    return root


@dataclass
class NaiveBoard:
    grid: list[list[str | None]]  # as the board stores tiles (lowercase = joker)
    layout: tuple[str, ...]


def naive_moves(position: Position, trie: dict[str, Any]) -> dict[tuple[tuple[int, int, str, bool], ...], int]:
    """Appel-Jacobson as the textbook writes it: sets for cross-checks, the rack as a list,
    recursion on strings, each move scored after it is found."""
    size = position.board.size
    values = position.rules.tile_set
    layout = position.board.layout
    rack_size, bonus = position.rules.rack_size, position.rules.bingo_bonus
    board = [[position.board[r, c] for c in range(size)] for r in range(size)]
    found: dict[tuple[tuple[int, int, str, bool], ...], int] = {}
    empty = all(t is None for row in board for t in row)
    centre = position.rules.centre
    rack = list(position.rack.upper())
    letter_factor = {"&": 2, "%": 3}
    word_factor = {"@": 2, "#": 2, "§": 3}

    def one_direction(across: bool) -> None:
        grid = board if across else [list(col) for col in zip(*board)]

        def at(r: int, c: int) -> str | None:
            return grid[r][c] if 0 <= r < size and 0 <= c < size else None

        def real(r: int, c: int) -> tuple[int, int]:
            return (r, c) if across else (c, r)

        def cross_set(r: int, c: int) -> set[str] | None:
            up, down = [], []
            i = r - 1
            while at(i, c):
                up.append(at(i, c).upper())  # type: ignore[union-attr]
                i -= 1
            i = r + 1
            while at(i, c):
                down.append(at(i, c).upper())  # type: ignore[union-attr]
                i += 1
            if not up and not down:
                return None
            prefix = "".join(reversed(up))
            allowed = set()
            for letter in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
                node = trie
                for ch in prefix + letter + "".join(down):
                    node = node.get(ch)  # type: ignore[assignment]
                    if node is None:
                        break
                if node is not None and node.get(END):
                    allowed.add(letter)
            return allowed

        checks = {(r, c): cross_set(r, c) for r in range(size) for c in range(size) if grid[r][c] is None}

        def is_anchor(r: int, c: int) -> bool:
            if grid[r][c] is not None:
                return False
            if empty:
                return real(r, c) == centre
            return any(at(r + dr, c + dc) for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)))

        def score(r: int, placed: list[tuple[int, str, bool]], first: int, last: int) -> int:
            new = {c: (letter, blank) for c, letter, blank in placed}
            main, mult, total = 0, 1, 0
            for c in range(first, last + 1):
                if c in new:
                    letter, blank = new[c]
                    marker = layout[real(r, c)[0]][real(r, c)[1]]
                    main += (0 if blank else values.value(letter)) * letter_factor.get(marker, 1)
                    mult *= word_factor.get(marker, 1)
                    if checks[r, c] is not None:
                        side = 0
                        i = r - 1
                        while at(i, c):
                            side += values.value(at(i, c))  # type: ignore[arg-type]
                            i -= 1
                        i = r + 1
                        while at(i, c):
                            side += values.value(at(i, c))  # type: ignore[arg-type]
                            i += 1
                        tile = 0 if blank else values.value(letter) * letter_factor.get(marker, 1)
                        total += (side + tile) * word_factor.get(marker, 1)
                else:
                    main += values.value(grid[r][c])  # type: ignore[arg-type]
            return main * mult + total + (bonus if len(placed) >= rack_size else 0)

        def record(r: int, placed: list[tuple[int, str, bool]], last: int) -> None:
            if len(placed) == 1 and not across and checks[r, placed[0][0]] is not None:
                return  # found across already
            first = min(c for c, _letter, _blank in placed)
            while at(r, first - 1):
                first -= 1
            key = tuple(sorted((*real(r, c), letter, blank) for c, letter, blank in placed))
            found[key] = score(r, placed, first, last)

        def extend_right(
            r: int, c: int, node: dict[str, Any], placed: list[tuple[int, str, bool]], anchor: int
        ) -> None:
            if c >= size or grid[r][c] is None:
                if c > anchor and node.get(END):
                    record(r, placed, c - 1)
                if c >= size:
                    return
                allowed = checks[r, c]
                for letter, child in node.items():
                    if letter == END or (allowed is not None and letter not in allowed):
                        continue
                    for tile in (letter, "?"):
                        if tile in rack:
                            rack.remove(tile)
                            placed.append((c, letter, tile == "?"))
                            extend_right(r, c + 1, child, placed, anchor)
                            placed.pop()
                            rack.append(tile)
            else:
                child = node.get(grid[r][c].upper())  # type: ignore[union-attr]
                if child is not None:
                    extend_right(r, c + 1, child, placed, anchor)

        def left_part(
            r: int, anchor: int, node: dict[str, Any], placed: list[tuple[int, str, bool]], limit: int
        ) -> None:
            shifted = [(anchor - len(placed) + i, letter, blank) for i, (_c, letter, blank) in enumerate(placed)]
            extend_right(r, anchor, node, shifted, anchor)
            if limit > 0:
                for letter, child in node.items():
                    if letter == END:
                        continue
                    for tile in (letter, "?"):
                        if tile in rack:
                            rack.remove(tile)
                            placed.append((0, letter, tile == "?"))
                            left_part(r, anchor, child, placed, limit - 1)
                            placed.pop()
                            rack.append(tile)

        for r in range(size):
            for c in range(size):
                if not is_anchor(r, c):
                    continue
                if c > 0 and grid[r][c - 1] is not None:
                    first = c - 1
                    while at(r, first - 1):
                        first -= 1
                    node: dict[str, Any] | None = trie
                    for i in range(first, c):
                        node = node.get(grid[r][i].upper())  # type: ignore[union-attr]
                        if node is None:
                            break
                    if node is not None:
                        extend_right(r, c, node, [], c)
                else:
                    limit = 0
                    while c - limit - 1 >= 0 and grid[r][c - limit - 1] is None and not is_anchor(r, c - limit - 1):
                        limit += 1
                    left_part(r, c, trie, [], min(limit, len(rack) - 1))

    for direction in (True, False):
        one_direction(direction)
    return found


# -- measurements --------------------------------------------------------------------------
def timed(function: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    result = function()
    return time.perf_counter() - start, result


def search_only(position: Position) -> list[Raw]:
    """The search without making Move objects: what the naive baseline does too."""
    return _search(view_of(position), rack_counts(position.rack), None)


def best_of(function: Callable[[], Any], repeats: int = 3) -> float:
    """The shortest of a few runs: the machine's other work only ever adds time."""
    return min(timed(function)[0] for _ in range(repeats))


def fresh_process(lang: str, words_file: str | None, what: str) -> dict[str, float]:
    """Run ``--child WHAT`` in a new interpreter and read its JSON line."""
    command = [sys.executable, str(Path(__file__).resolve()), "--lang", lang, "--child", what]
    if words_file:
        command += ["--words", words_file]
    output = subprocess.run(command, check=True, capture_output=True, text=True, env={**os.environ}).stdout
    return json.loads(output.strip().splitlines()[-1])  # type: ignore[no-any-return]


def rss_mb() -> float:
    with open("/proc/self/status", encoding="ascii") as handle:
        for line in handle:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def child(lang: str, words_file: str | None, what: str) -> None:
    lexicon = load_lexicon(lang, words_file)
    list(lexicon.words())  # the lexicon's own loading is not the generator's cost
    if what == "build":
        os.environ["SCRABBLE_FR_CACHE"] = "off"
    elapsed, dawg = timed(lambda: dawg_for(lexicon))
    result = {"seconds": elapsed, "nodes": dawg.node_count, "source": dawg.source}
    if what == "memory":
        plain, _jokers = read_positions(lang)
        for text in plain:
            best_moves(Position.from_cgp(text, RULES[lang], lexicon=lexicon), 1)
        result["rss_mb"] = rss_mb()
    print(json.dumps(result))


def _ms(runs: list[dict[str, float]]) -> str:
    times = sorted(run["seconds"] * 1000 for run in runs)
    return f"best {times[0]:7.0f} ms   median {statistics.median(times):7.0f} ms"


def pct(values: list[float]) -> str:
    return f"median {statistics.median(values) * 1000:7.1f} ms   worst {max(values) * 1000:7.1f} ms"


def search_only_compiled(position: Position) -> list[Raw]:
    """The compiled search without making Move objects."""
    return generator.search_position(position)[1]


# The engines measured side by side: (search only, every move built, the best n moves).
Functions = tuple[Callable[[Position], Any], Callable[[Position], Any], Callable[[Position, int], Any]]


def engines() -> dict[str, Functions]:
    found: dict[str, Functions] = {"Python": (search_only, lambda p: list(movegen.generate_moves(p)),
                                              movegen.best_moves)}
    if generator is not None and generator.compiled() is not None:
        found["compiled"] = (search_only_compiled, lambda p: list(generator.generate_moves(p)),
                             generator.best_moves)
    return found


def measure(lang: str, words_file: str | None, naive: bool) -> None:
    lexicon = load_lexicon(lang, words_file)
    plain, jokers = read_positions(lang)
    rules = RULES[lang]
    word_count = sum(1 for _ in lexicon.words())
    print(f"== {lang}: {word_count} words, {len(plain)} positions + {len(jokers)} with two jokers")

    builds = [fresh_process(lang, words_file, "build") for _ in range(3)]
    fresh_process(lang, words_file, "cached")  # writes the cache file if it is not there yet
    loads = [fresh_process(lang, words_file, "cached") for _ in range(3)]
    print(f"structure, built in a fresh process     {_ms(builds)} ({builds[0]['nodes']} nodes)")
    print(f"structure, from the disk cache          {_ms(loads)} ({loads[0]['source']})")

    positions = [Position.from_cgp(t, rules, lexicon=lexicon) for t in plain]
    joker_positions = [Position.from_cgp(t, rules, lexicon=lexicon) for t in jokers]
    best_moves(positions[0], 1)  # what the searches load once (the word graph, its flat arrays)
    counts = [len(generate_moves(p)) for p in positions]
    slow: list[float] = []
    if naive:
        trie = naive_trie(lexicon.words())
        slow = [best_of(partial(naive_moves, p, trie)) for p in positions]
        slow_j = [best_of(partial(naive_moves, p, trie), 1) for p in joker_positions]
        agree = all(
            naive_moves(p, trie) == {tuple(map(tuple, m.tiles)): m.score for m in generate_moves(p)}
            for p in positions[:5] + joker_positions[:2]
        )
        print(f"naive dict-trie Appel-Jacobson          {pct(slow)}")
        print(f"naive, two jokers                       {pct(slow_j)}")
        print(f"naive and fast agree move for move      {agree} (7 positions)")
    base = statistics.median(slow) if slow else None

    def line(label: str, times: list[float], note: str = "") -> None:
        ratio = f"   {statistics.median(times) / base:5.3f} x naive" if base else ""
        print(f"{label:40}{pct(times)}{ratio}{note}")

    for name, (search, every_move, best) in engines().items():
        print(f"-- {name} engine")
        line("all moves, search only", [best_of(partial(search, p)) for p in positions])
        line("all moves, every Move built", [best_of(partial(every_move, p)) for p in positions],
             f"   ({statistics.median(counts):.0f} moves median)")
        line("best move, no joker in hand", [best_of(partial(best, p, 1)) for p in positions])
        line("best move, two jokers", [best_of(partial(best, p, 1)) for p in joker_positions])
        line("all moves, two jokers, search only", [best_of(partial(search, p)) for p in joker_positions])
    memory = fresh_process(lang, words_file, "memory")
    print(f"resident memory after the searches      {memory['rss_mb']:7.0f} MB")


# -- before and after ------------------------------------------------------------------------
DRAW = "AEINR??"  # the tirage: five letters and two jokers


def compare_child(what: str) -> None:
    """One measurement of ``--compare`` in this fresh process, printed as a JSON line."""
    result: dict[str, float] = {}
    if what == "speed":
        lexicon = load_lexicon("en", None)
        plain, jokers = read_positions("en")
        positions = [Position.from_cgp(t, RULES["en"], lexicon=lexicon) for t in plain]
        joker_positions = [Position.from_cgp(t, RULES["en"], lexicon=lexicon) for t in jokers]
        best_moves(positions[0], 1)  # loads what the generator needs (from the disk cache)
        result["generate"] = sum(best_of(partial(generate_moves, p)) for p in positions)
        result["generate_read"] = sum(best_of(lambda p=p: list(generate_moves(p))) for p in positions)
        result["best1"] = sum(best_of(partial(best_moves, p, 1)) for p in positions)
        result["best10"] = sum(best_of(partial(best_moves, p, 10)) for p in positions)
        result["jokers"] = statistics.median(best_of(partial(best_moves, p, 1)) for p in joker_positions)
    elif what == "naive":
        lexicon = load_lexicon("en", None)
        plain, _jokers = read_positions("en")
        trie = naive_trie(lexicon.words())
        positions = [Position.from_cgp(t, RULES["en"], lexicon=lexicon) for t in plain]
        result["naive"] = sum(best_of(partial(naive_moves, p, trie)) for p in positions)
    elif what == "load":
        start = time.perf_counter()
        from scrabble_fr.lexicon import Lexicon

        lexicon = Lexicon.builtin("fr")
        dawg_for(lexicon)
        result["load"] = time.perf_counter() - start
    elif what == "memory":
        from scrabble_fr.lexicon import Lexicon, anagrams, anagrams_with_board_letter

        lexicon = Lexicon.builtin("fr")
        plain, _jokers = read_positions("fr")
        best_moves(Position.from_cgp(plain[0], RULES["fr"], lexicon=lexicon), 1)
        anagrams(lexicon, DRAW)
        anagrams_with_board_letter(lexicon, DRAW)
        result["peak_mb"] = peak_rss_mb()
    print(json.dumps(result))


def peak_rss_mb() -> float:
    with open("/proc/self/status", encoding="ascii") as handle:
        for line in handle:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def run_side(code: Path, cache: Path, what: str) -> dict[str, float]:
    """``compare_child(what)`` for the code in ``code``, in a fresh interpreter."""
    env = {**os.environ, "BENCH_CODE": str(code), "PYTHONPATH": str(code), "SCRABBLE_FR_CACHE": str(cache)}
    if what == "tirage":
        # The command as a player types it, interpreter start included.
        command = [sys.executable, "-m", "scrabble_fr", "tirage", DRAW]
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True, env=env, cwd=cache)
        return {"tirage": time.perf_counter() - start}
    command = [sys.executable, str(Path(__file__).resolve()), "--compare-child", what]
    output = subprocess.run(command, check=True, capture_output=True, text=True, env=env).stdout
    return json.loads(output.strip().splitlines()[-1])  # type: ignore[no-any-return]


def export(ref: str, folder: Path) -> None:
    """The files of commit ``ref`` of this repository, written under ``folder``."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", ref], check=True,
                             capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")


# (key, label, target as text, unit): the figures of the comparison table.
FIGURES = [
    ("generate", "generate_moves, total of 20 en positions", "<= 0.25 x naive", "s"),
    ("generate_read", "  … and every move read", "", "s"),
    ("best1", "best_moves(1), total of 20 en positions", "<= 0.12 x naive", "s"),
    ("best10", "best_moves(10), total of 20 en positions", "", "s"),
    ("jokers", "best_moves(1), two jokers, median of 20", "<= 50 ms", "s"),
    ("load", "fr list + generator from the disk cache", "<= 0.3 s", "s"),
    ("peak_mb", "peak RSS: fr load + best move + tirage", "<= 130 MB", "MB"),
    ("tirage", f"one-shot `tirage {DRAW}`, warm cache", "<= 0.4 s", "s"),
]


def compare(ref: str, repeat: int) -> None:
    with tempfile.TemporaryDirectory(prefix="bench-movegen-") as temporary:
        base = Path(temporary)
        before = base / "before"
        export(ref, before)
        sides = {"before": (before, base / "cache-before"), "after": (ROOT, base / "cache-after")}
        kinds = ["speed", "load", "memory", "tirage"]
        for code, cache in sides.values():
            cache.mkdir()
            for what in kinds:
                run_side(code, cache, what)  # fills the disk caches; not counted
        results: dict[str, dict[str, list[float]]] = {name: {} for name in sides}
        naive: list[float] = []
        for round_ in range(repeat):
            naive.extend(run_side(ROOT, sides["after"][1], "naive").values())
            for what in kinds:
                # Taking turns, so that the other work on the machine weighs on both alike.
                order = list(sides) if round_ % 2 == 0 else list(reversed(sides))
                for name in order:
                    for key, value in run_side(*sides[name], what).items():
                        results[name].setdefault(key, []).append(value)
        print(f"== before: {ref}; after: this tree; {repeat} rounds, each figure in a fresh process")
        print(f"naive all-moves total (20 en positions): {_spread(naive, 's')}")
        naive_total = statistics.median(naive)
        print(f"{'figure':45} {'target':17} {'before':31} {'after':31}")
        for key, label, target, unit in FIGURES:
            cells = []
            for name in sides:
                values = results[name].get(key)
                text = _spread(values, unit) if values else "n/a"
                if values and key in ("generate", "generate_read", "best1", "best10"):
                    text += f" ({statistics.median(values) / naive_total:.2f}x)"
                cells.append(text)
            print(f"{label:45} {target:17} {cells[0]:31} {cells[1]:31}")


def _spread(values: list[float], unit: str) -> str:
    """Median and range: the range is the noise of this machine during the run."""
    middle, low, high = statistics.median(values), min(values), max(values)
    if unit == "MB":
        return f"{middle:.0f} MB [{low:.0f}-{high:.0f}]"
    if middle < 1:
        return f"{middle * 1000:.1f} ms [{low * 1000:.1f}-{high * 1000:.1f}]"
    return f"{middle:.2f} s [{low:.2f}-{high:.2f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", choices=sorted(RULES), action="append")
    parser.add_argument("--words", help="a word list (one word a line, .gz allowed) instead of the shipped one")
    parser.add_argument("--regenerate", action="store_true", help="remake the positions files by self-play")
    parser.add_argument("--no-naive", action="store_true", help="skip the slow baseline")
    parser.add_argument("--no-measure", action="store_true", help="only remake the positions (with --regenerate)")
    parser.add_argument("--compare", metavar="REF", help="compare with the code of commit REF (main, a hash…)")
    parser.add_argument("--repeat", type=int, default=5, help="rounds of --compare (default 5)")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--compare-child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.compare_child:
        compare_child(args.compare_child)
        return
    if args.compare:
        compare(args.compare, args.repeat)
        return
    languages = args.lang or ["fr", "en"]
    if args.words and len(languages) > 1:
        parser.error("--words goes with a single --lang")
    if args.child:
        child(languages[0], args.words, args.child)
        return
    for lang in languages:
        if args.regenerate:
            plain, jokers = self_play_positions(lang, load_lexicon(lang, args.words))
            write_positions(lang, plain, jokers)
            print(f"wrote {len(plain)} + {len(jokers)} positions for {lang}")
        if not args.no_measure:
            measure(lang, args.words, naive=not args.no_naive)


if __name__ == "__main__":
    main()
