"""Pilot-test helpers: a small word list and a way to open the app on a known game."""

from __future__ import annotations

import pytest

from scrabble_fr.engine.rules import Rules
from scrabble_fr.match.config import GameConfig
from scrabble_fr.tui.app import ScrabbleApp


class SmallLexicon:
    """A word list of a few words, enough to judge the moves these tests make."""

    name = "mini"
    is_builtin_french = False

    def __init__(self, words: set[str]) -> None:
        self.words_set = {w.upper() for w in words}

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and word.upper() in self.words_set

    def __len__(self) -> int:
        return len(self.words_set)

    def words(self):
        return iter(sorted(self.words_set))


@pytest.fixture
def make_app():
    def make(players: str = "Alice,Bruno", seed: int = 7, verification: str = "auto",
             words: set[str] | None = None, rules: str = "ffsc", **options) -> ScrabbleApp:
        config = GameConfig.from_spec(players, seed=seed, verification=verification,
                                      rules=Rules.preset(rules), **options)
        return ScrabbleApp(config, lexicon=SmallLexicon(words or set()))

    return make
