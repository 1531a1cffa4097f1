"""Pilot-test helpers: a small word list and a way to open the app on a known game."""

from __future__ import annotations

import asyncio
import inspect

import pytest

from scrabble_fr.engine.rules import Rules
from scrabble_fr.tui.app import ScrabbleApp
from scrabble_fr.match.config import GameConfig


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


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> bool | None:
    """Run ``async def`` tests in a fresh event loop (Textual's pilot is asynchronous)."""
    if inspect.iscoroutinefunction(pyfuncitem.obj):
        names = pyfuncitem._fixtureinfo.argnames
        asyncio.run(pyfuncitem.obj(**{name: pyfuncitem.funcargs[name] for name in names}))
        return True
    return None
