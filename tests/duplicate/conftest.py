"""Set-up for the duplicate tests: a small word list whose tops can be worked out by hand, and
the shipped French list for whole games."""

from __future__ import annotations

import pytest

from scrabble_fr.words import WordSet

WORDS = ["AS", "SA", "ES", "ET", "TE", "NET", "NETS", "NEST", "SENT", "BIS", "RUA", "BAS", "TA"]


@pytest.fixture
def words() -> WordSet:
    return WordSet(WORDS, "test")


@pytest.fixture(scope="session")
def french() -> object:
    try:
        from scrabble_fr.lexicon import Lexicon

        return Lexicon.builtin("fr")
    except Exception as exc:  # the shipped list missing from a partial checkout
        pytest.skip(f"the French word list is not there: {exc}")
