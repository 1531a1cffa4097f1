"""Set-up for the training tests: the duplicate tests' small word list, whose tops are worked
out by hand, and a time source the tests move by hand."""

from __future__ import annotations

import pytest

from scrabble_fr.words import WordSet

WORDS = ["AS", "SA", "ES", "ET", "TE", "NET", "NETS", "NEST", "SENT", "BIS", "RUA", "BAS", "TA"]


class FakeTime:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def words() -> WordSet:
    return WordSet(WORDS, "test")


@pytest.fixture
def clock() -> FakeTime:
    return FakeTime()
