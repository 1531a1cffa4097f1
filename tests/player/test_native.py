"""Where the compiled engine comes from: the package's build, never the game. A game without it
(no compiler at install, a checkout not installed, or turned off) searches in Python, compiles
nothing and says which engine it uses."""

from __future__ import annotations

import io
import subprocess
import types
from array import array
from contextlib import redirect_stdout
from pathlib import Path
from types import ModuleType

import pytest

from scrabble_fr.cli import main
from scrabble_fr.engine.position import Position
from scrabble_fr.engine.rules import Rules
from scrabble_fr.player import generator, movegen, native
from scrabble_fr.player.endgame import solve
from scrabble_fr.words import Dawg, WordSet

ENDGAME = "15/15/15/15/15/15/15/7OS6/15/15/15/15/15/15/15 T/N 10/10 0"
WORDS = ["OS", "OST", "ON", "TO", "NO", "OT"]


@pytest.fixture
def fresh_loader(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """The loader as if the process had just started, with its own empty cache folder, and no
    process may be started (a compiler would be one)."""
    monkeypatch.setattr(generator, "_tried", False)
    monkeypatch.setattr(generator, "_library", None)
    monkeypatch.delenv(generator.NATIVE_ENV, raising=False)
    cache = tmp_path / "cache"
    monkeypatch.setenv("SCRABBLE_FR_CACHE", str(cache))

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError(f"a process was started: {args}")

    monkeypatch.setattr(subprocess, "Popen", refuse)
    return cache


def version(*args: str) -> str:
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["--version", *args]) == 0
    return out.getvalue()


def test_without_the_compiled_engine_the_python_search_answers(monkeypatch: pytest.MonkeyPatch,
                                                               fresh_loader: Path) -> None:
    monkeypatch.setattr(generator, "EXTENSION", "scrabble_fr.player._not_built")
    assert generator.compiled() is None
    assert generator.engine() == "Python"
    position = Position.from_cgp(ENDGAME, lexicon=WordSet(WORDS))
    result = solve(position)
    assert (result.value, result.proven, [m.notation() for m in result.moves]) == (5, True, ["H8 OST"])
    assert native.search(position, start_run=0) is None
    assert not fresh_loader.exists()  # nothing built, nothing written


def test_an_engine_built_from_older_sources_is_not_used(monkeypatch: pytest.MonkeyPatch,
                                                       fresh_loader: Path) -> None:
    """An extension left from before the move lists were made on the C side (a checkout not built
    again) has no bind_moves: the Python search answers rather than a game failing."""
    monkeypatch.setattr(generator.importlib, "import_module", lambda name: types.ModuleType(name))
    assert generator.compiled() is None and generator.engine() == "Python"
    position = Position.from_cgp(ENDGAME, lexicon=WordSet(WORDS))
    assert [m.notation() for m in generator.generate_moves(position)][:1] == ["H8 OST"]


def test_an_engine_whose_calls_changed_since_it_was_built_is_not_used(monkeypatch: pytest.MonkeyPatch,
                                                                      fresh_loader: Path) -> None:
    """An extension built before its move lists gave their records as one block (it has
    bind_moves, but its move_list answers as it used to): the Python search answers rather than
    the first move's word failing."""
    older = types.ModuleType("older")
    older.bind_moves = lambda *types: None  # type: ignore[attr-defined]
    monkeypatch.setattr(generator.importlib, "import_module", lambda name: older)
    assert generator.compiled() is None and generator.engine() == "Python"


def test_the_version_names_the_engine_in_use(monkeypatch: pytest.MonkeyPatch, fresh_loader: Path) -> None:
    monkeypatch.setattr(generator, "EXTENSION", "scrabble_fr.player._not_built")
    assert version() == "scrabble-fr 0.1.0 (moteur Python)\n"
    assert version("--langue", "en") == "scrabble-fr 0.1.0 (Python engine)\n"


def test_the_version_says_compiled_when_it_is(compiled_engine: ModuleType, fresh_loader: Path) -> None:
    assert version() == "scrabble-fr 0.1.0 (moteur compilé)\n"
    assert version("--langue", "en") == "scrabble-fr 0.1.0 (compiled engine)\n"


def test_it_can_be_turned_off(monkeypatch: pytest.MonkeyPatch, fresh_loader: Path) -> None:
    monkeypatch.setenv(generator.NATIVE_ENV, "off")
    assert generator.compiled() is None
    assert generator.engine() == "Python"


def test_turned_off_every_search_is_python_s(monkeypatch: pytest.MonkeyPatch, fresh_loader: Path) -> None:
    """SCRABBLE_FR_NATIVE=off reaches every caller through the one boundary: the move lists, the
    best moves, the racks' searches and the endgame all answer in Python."""
    monkeypatch.setenv(generator.NATIVE_ENV, "off")
    calls: list[str] = []
    for name in ("search_position", "best_moves", "generate_moves", "search_rack"):
        original = getattr(generator.movegen, name)
        monkeypatch.setattr(generator.movegen, name,
                            lambda *args, _name=name, _original=original: calls.append(_name) or _original(*args))
    position = Position.from_cgp(ENDGAME, lexicon=WordSet(WORDS))
    assert [m.notation() for m in generator.best_moves(position, 1)] == ["H8 OST"]
    assert len(generator.generate_moves(position)) == len(generator.search_position(position)[1])
    assert generator.rack_search(position.rules, Dawg.from_words(WORDS)) is None
    assert not generator.endgame_compiled()
    assert calls == ["best_moves", "generate_moves", "search_position"]


def test_the_compiled_engine_is_the_built_extension(compiled_engine: ModuleType, fresh_loader: Path) -> None:
    assert generator.compiled() is compiled_engine
    assert compiled_engine.__name__ == generator.EXTENSION
    position = Position.from_cgp(ENDGAME, lexicon=WordSet(WORDS))
    found = native.search(position, seconds=5.0, start_run=0)
    assert found is not None and (found.value, found.proven, found.line) == (5, True, (((114, "T"),),))


def test_a_request_is_checked_before_the_search_reads_it(compiled_engine: ModuleType) -> None:
    """The binding reads the request by name and checks each array's length: a mistake is an
    exception, never memory read out of bounds."""
    game = native._game_request(Rules.preset("ffsc"), Dawg.from_words(["OS", "SO"]))
    board = bytearray([255] * 225)
    racks = array("i", [0] * 54)
    state = compiled_engine.rack_state()
    assert compiled_engine.best_by_tiles(state, 1, **game, board=board, racks=racks) == []
    with pytest.raises(ValueError, match="board"):
        compiled_engine.best_by_tiles(state, 1, **game, board=board[:100], racks=racks)
    with pytest.raises(ValueError, match="racks"):
        compiled_engine.best_by_tiles(state, 1, **game, board=board, racks=array("i", [0] * 27))
    with pytest.raises(ValueError, match="child_mask"):
        compiled_engine.best_by_tiles(state, 1, **{**game, "child_mask": array("I")}, board=board, racks=racks)
    with pytest.raises(TypeError, match="unknown keyword"):
        compiled_engine.best_by_tiles(state, 1, **game, board=board, racks=racks, boards=board)
    with pytest.raises(ValueError, match="size"):
        compiled_engine.solve(**{**game, "size": 17}, board=board, racks=racks)
    # The move lists' tiles: one list slot for each square and code of the board, or no search.
    laid, make = movegen.laid_tiles(15), movegen.later_field
    assert compiled_engine.move_list(state, laid, make, None, **game, board=board, racks=racks) == (b"", [])
    with pytest.raises(ValueError, match="laid"):
        compiled_engine.move_list(state, laid[:-1], make, None, **game, board=board, racks=racks)
    with pytest.raises(ValueError, match="board"):
        compiled_engine.move_list(state, laid, make, None, **game, board=board[:100], racks=racks)
    # Their records: a block of whole records, each a word no longer than a line.
    with pytest.raises(ValueError, match="found"):
        compiled_engine.found_records(b"\0" * 63)
    record = array("i", [0, 0, 100, 0]).tobytes() + bytes(48)  # a word of 100 letters
    with pytest.raises(ValueError, match="found"):
        compiled_engine.found_record(record, 0)
    with pytest.raises(ValueError, match="found"):
        compiled_engine.found_records(record)
