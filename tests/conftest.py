"""Shared test set-up: every test starts in French (the default), whatever the machine's locale."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pytest

from scrabble_fr.i18n import set_language

SHARED = Path(__file__).resolve().parents[1].parent / "shared"


@pytest.fixture(autouse=True)
def _french_by_default(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    # A developer's own configuration, language or saved games must not leak into the tests.
    monkeypatch.setenv("SCRABBLE_FR_PARTIES", str(tmp_path / "parties"))
    monkeypatch.setenv("SCRABBLE_FR_LEXIQUES", str(tmp_path / "lexiques"))
    monkeypatch.setenv("SCRABBLE_FR_CACHE", str(tmp_path.parent / "cache"))
    monkeypatch.delenv("SCRABBLE_FR_LANGUE", raising=False)
    monkeypatch.delenv("SCRABBLE_FR_LEXIQUE", raising=False)
    monkeypatch.setenv("SCRABBLE_FR_CONFIG", str(Path(__file__).parent / "does-not-exist.toml"))
    set_language("fr")
    yield
    set_language("fr")


@pytest.fixture
def shared_dir() -> Path:
    if not SHARED.is_dir():
        pytest.skip("../shared (reference data) is not beside the project")
    return SHARED
