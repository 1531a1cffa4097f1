"""Set-up for the move generator and computer player tests.

Word structures are cached on disk only in the run's temporary folder (tests/conftest.py), never
in the user's cache. The full word lists are used when they are there (the shipped
``lexiques/``); tests that need one skip with the reason otherwise.
"""

from __future__ import annotations

import gzip
import sys
from pathlib import Path

import pytest

from scrabble_fr.engine.wordlist import WordList
from scrabble_fr.words import WordSet

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
# The reference generator beside these tests is imported by name.
sys.path.insert(0, str(HERE))

_lexicons: dict[str, WordList] = {}


def full_lexicon(lang: str) -> WordList:
    """The shipped word list of ``lang``, loaded once per test run; skip if it is not there."""
    if lang in _lexicons:
        return _lexicons[lang]
    lexicon: WordList | None = None
    try:
        from scrabble_fr.lexicon import Lexicon  # type: ignore[attr-defined]

        lexicon = Lexicon.builtin(lang)
    except (ImportError, AttributeError, OSError, ValueError):  # no lexicon package: read the file
        path = ROOT / "lexiques" / f"{lang}.txt.gz"
        if path.is_file():
            with gzip.open(path, "rt", encoding="utf-8") as handle:
                lexicon = WordSet(line.strip() for line in handle if line.strip())
    if lexicon is None:
        pytest.skip(f"the {lang} word list (lexiques/{lang}.txt.gz) is not there")
    _lexicons[lang] = lexicon
    return lexicon


@pytest.fixture
def french() -> WordList:
    return full_lexicon("fr")


@pytest.fixture
def english() -> WordList:
    return full_lexicon("en")
