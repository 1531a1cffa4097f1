"""Where the compiled endgame search comes from: the shipped library first, a build in the cache
folder only without one, the Python search when neither can be had."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from scrabble_fr.engine.position import Position
from scrabble_fr.player import native
from scrabble_fr.player.endgame import solve
from scrabble_fr.player.native_build import LIBRARY_NAME, library_suffix
from scrabble_fr.words import WordSet

ENDGAME = "15/15/15/15/15/15/15/7OS6/15/15/15/15/15/15/15 T/N 10/10 0"
WORDS = ["OS", "OST", "ON", "TO", "NO", "OT"]


def restart(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[tuple[Path, Path]]:
    """The loader as if the process had just started, with its own cache folder; the builds it
    asks for are recorded (and refused)."""
    monkeypatch.setattr(native, "_tried", False)
    monkeypatch.setattr(native, "_library", None)
    monkeypatch.setenv("SCRABBLE_FR_CACHE", str(tmp_path / "cache"))
    monkeypatch.delenv(native.NATIVE_ENV, raising=False)
    builds: list[tuple[Path, Path]] = []

    def refuse(source: Path, target: Path) -> bool:
        builds.append((source, target))
        return False

    monkeypatch.setattr(native, "compile_library", refuse)
    return builds


def test_a_shipped_library_is_loaded_without_building(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    existing = native.library()
    if existing is None:
        pytest.skip("no compiled endgame search here to ship")
    shipped = tmp_path / "shipped"
    shipped.mkdir()
    shutil.copy(existing._name, shipped / f"{LIBRARY_NAME}{library_suffix()}")
    builds = restart(monkeypatch, tmp_path)
    monkeypatch.setattr(native, "SHIPPED", shipped)
    assert native.library() is not None
    assert builds == []  # nothing compiled, nothing written to the cache
    assert not (tmp_path / "cache" / "native").exists()


def test_without_a_library_the_python_search_answers(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    builds = restart(monkeypatch, tmp_path)
    monkeypatch.setattr(native, "SHIPPED", tmp_path / "nothing-shipped")
    assert native.library() is None
    assert len(builds) == 1  # one build tried, refused
    position = Position.from_cgp(ENDGAME, lexicon=WordSet(WORDS))
    result = solve(position)
    assert (result.value, result.proven, [m.notation() for m in result.moves]) == (5, True, ["H8 OST"])


def test_it_can_be_turned_off(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    builds = restart(monkeypatch, tmp_path)
    monkeypatch.setenv(native.NATIVE_ENV, "off")
    assert native.library() is None
    assert builds == []
