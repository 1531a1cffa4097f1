"""Fixtures of the word-list tests: the shipped lists (loaded once), a small list, files to read."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from scrabble_fr.lexicon import Lexicon


@pytest.fixture(scope="session")
def french() -> Lexicon:
    return Lexicon.builtin("fr")


@pytest.fixture(scope="session")
def english() -> Lexicon:
    return Lexicon.builtin("en")


@pytest.fixture
def small() -> Lexicon:
    """A handful of words, enough to check the searches by hand."""
    return Lexicon.from_words(
        ["maison", "aimons", "Été", "CHIEN", "niche", "chine", "ananas", "na", "an", "cœur"], "demo"
    )


@pytest.fixture
def write_file(tmp_path: Path) -> Callable[[str, str | bytes], Path]:
    """Write a file in the test's folder (text as UTF-8, or the bytes given) and return its path."""

    def write(name: str, content: str | bytes) -> Path:
        path = tmp_path / name
        if isinstance(content, str):
            path.write_text(content, encoding="utf-8")
        else:
            path.write_bytes(content)
        return path

    return write
