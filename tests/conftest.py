"""Shared test set-up: every test starts in French (the default), whatever the machine's locale;
and helpers for games with known racks (rigging a game's racks and bag, small tile sets).

The whole suite runs in about two minutes on two cores; what keeps it there:
- a store on both backends is ``base`` (tests/table/conftest.py: a fresh one each test, one
  PostgreSQL cluster per test process); tests that only check that a refusal writes nothing
  share a module's store, ``module_base``, and the tables made in it once;
- a pilot test starts an app (about a second of processor time each): a new check of a screen
  another test already opens in the same state goes into that test, as a helper it calls;
- the browser (tests/web) is one chromium per module and one server per module where the tests
  can share it; waits poll for what they expect, never sleep a fixed time.
"""

from __future__ import annotations

import asyncio
import inspect
import os
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from types import ModuleType

import pytest
import textual._wait as _textual_wait

from scrabble_fr.engine.game import Game
from scrabble_fr.engine.rules import Rules
from scrabble_fr.engine.tiles import TileSet
from scrabble_fr.i18n import set_language

SHARED = Path(__file__).resolve().parents[1].parent / "shared"

# Textual's pilot waits for the app to go idle after every key and pause: it sleeps a window
# and calls the app idle when it used under a twentieth of it in CPU. Its 20 ms window made the
# pilot tests sleep most of their time (a drill typed key by key: 9 s, of which 7.6 s asleep);
# a 5 ms window with the same twentieth judges the same way, four times sooner.
_textual_wait.SLEEP_GRANULARITY = 0.005
_textual_wait.SLEEP_IDLE = _textual_wait.SLEEP_GRANULARITY / 20


@pytest.fixture(scope="session")
def graph_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The word graphs' cache folder of the whole run, never the user's. Under xdist each test
    process's temporary folder is one of the run's: the run's own is shared, so the French and
    English graphs are built once a run (a second of processor time each), not once a process."""
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent
    return base / "cache"


def _isolate(monkeypatch: pytest.MonkeyPatch, folder: Path, cache: Path) -> None:
    # A developer's own configuration, language or saved games must not leak into the tests.
    monkeypatch.setenv("SCRABBLE_FR_PARTIES", str(folder / "parties"))
    monkeypatch.setenv("SCRABBLE_FR_LEXIQUES", str(folder / "lexiques"))
    monkeypatch.setenv("SCRABBLE_FR_CARTES", str(folder / "cartes"))
    monkeypatch.setenv("SCRABBLE_FR_CACHE", str(cache))
    monkeypatch.delenv("SCRABBLE_FR_LANGUE", raising=False)
    monkeypatch.delenv("SCRABBLE_FR_LEXIQUE", raising=False)
    monkeypatch.setenv("SCRABBLE_FR_CONFIG", str(Path(__file__).parent / "does-not-exist.toml"))
    set_language("fr")


@pytest.fixture(autouse=True)
def _french_by_default(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, graph_cache: Path) -> Iterator[None]:
    _isolate(monkeypatch, tmp_path, graph_cache)
    yield
    set_language("fr")


@pytest.fixture(scope="module")
def module_environment(tmp_path_factory: pytest.TempPathFactory, graph_cache: Path) -> Iterator[None]:
    """The same isolation for what a module-scoped fixture prepares (a table shared by a module's
    tests), which runs before any test's own."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        _isolate(monkeypatch, tmp_path_factory.mktemp("module"), graph_cache)
        yield
    set_language("fr")


def require_shared(path: Path, what: str) -> Path:
    """``path`` under ../shared, or skip with a reason; under CI (``CI`` set), which always has
    ../shared beside the project, its absence fails instead of passing unnoticed."""
    if not path.exists():
        shown = path.relative_to(SHARED.parent) if path.is_relative_to(SHARED.parent) else path
        message = f"{what} ({shown}) is not beside the project"
        if os.environ.get("CI"):
            pytest.fail(message + ": CI must have ../shared", pytrace=False)
        pytest.skip(message)
    return path


@pytest.fixture
def compiled_engine() -> ModuleType:
    """The compiled engine, or skip with a reason; under CI, whose install builds it, its absence
    fails: the tests that hold it to the Python search never pass unnoticed without it."""
    from scrabble_fr.player import generator

    found = generator.compiled()
    if found is None:
        message = "the compiled engine is not built here (`pip install -e .` builds it)"
        if os.environ.get("CI"):
            pytest.fail(message + ": CI's install must build it", pytrace=False)
        pytest.skip(message)
    return found


@pytest.fixture
def shared_dir() -> Path:
    return require_shared(SHARED, "the reference data")


@pytest.fixture(scope="session")
def gcg_corpus() -> Path:
    return require_shared(SHARED / "corpus" / "gcg", "the game-record corpus")


def _rig(game: Game, racks: Sequence[str], next_draws: str = "") -> Game:
    """Give each player the rack named and put ``next_draws`` on top of the bag, in drawing order.

    Tiles only move between the racks and the bag, so the tile set is still conserved. The rest
    of the bag keeps a fixed (sorted) order so that a test's draws are predictable.
    """
    pool = Counter(game.bag)
    for rack in game.racks:
        pool.update(rack)
    wanted = Counter("".join(racks)) + Counter(next_draws)
    missing = wanted - pool
    assert not missing, f"the tile set lacks {dict(missing)}"
    rest = sorted((pool - wanted).elements())
    # The game draws with list.pop(), from the end of the bag.
    game._bag = rest + list(reversed(next_draws))
    game.position.racks[:] = list(racks)
    assert game.tiles_conserved()
    return game


@pytest.fixture
def rig() -> Callable[..., Game]:
    return _rig


def _mini_rules(base: str, letters: str, **changes: object) -> Rules:
    """A preset played with a small tile set: exactly ``letters``, valued as in the preset's set."""
    rules = Rules.preset(base)
    values = {letter: rules.tile_set.values[letter] for letter in set(letters)}
    tile_set = TileSet("mini", Counter(letters), values)
    return replace(rules, tile_set=tile_set, **changes)


@pytest.fixture
def mini_rules() -> Callable[..., Rules]:
    return _mini_rules


def snapshot(game: Game) -> tuple[object, ...]:
    """Everything a player or an undo can observe of a game."""
    return (
        game.position.to_cgp(),
        game.bag,
        game.history,
        game.phase,
        game.pending,
        game.termination,
        game.passes_in_a_row,
        game.scoreless_in_a_row,
        game.wordless_in_a_row,
        list(game.racks),
        list(game.scores),
        game.to_move,
    )


@pytest.fixture
def game_snapshot() -> Callable[[Game], tuple[object, ...]]:
    return snapshot


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> bool | None:
    """Run ``async def`` tests in a fresh event loop (Textual's pilot is asynchronous)."""
    if inspect.iscoroutinefunction(pyfuncitem.obj):
        names = pyfuncitem._fixtureinfo.argnames
        asyncio.run(pyfuncitem.obj(**{name: pyfuncitem.funcargs[name] for name in names}))
        return True
    return None
