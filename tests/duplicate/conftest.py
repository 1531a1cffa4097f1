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


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``scrabble-fr ARGV`` in-process: its status, what it printed and what it said on stderr
    (never a traceback)."""
    from scrabble_fr.cli import main

    status = main(list(argv))
    captured = capsys.readouterr()
    assert "Traceback" not in captured.out + captured.err
    return status, captured.out, captured.err
