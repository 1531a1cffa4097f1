"""Pilot-test helpers: a small word list and a way to open the app on a known game."""

from __future__ import annotations

import re

import pytest
from textual.app import App
from textual.css.query import NoMatches
from textual.geometry import Region
from textual.widgets import Static

from scrabble_fr.engine.rules import Rules
from scrabble_fr.i18n import set_language
from scrabble_fr.match.config import GameConfig
from scrabble_fr.tui.app import ScrabbleApp
from scrabble_fr.tui.policy import AppPolicy
from scrabble_fr.words import WordSet

# The word list a browser visitor's seats are given (enough for the tables these tests make).
VISITOR_WORDS = WordSet(["CALE", "CALEZ"])


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


@pytest.fixture
def english() -> None:
    """The app in English for a test (tests/conftest.py puts French back after each test)."""
    set_language("en")


def visitor(base: str, policy: AppPolicy | None = None) -> ScrabbleApp:
    """The app as ``serveur --visiteur`` opens it, on the tables of ``base`` (``policy``: SERVED
    unless told otherwise, as for every code-entry app)."""
    app = ScrabbleApp(lexicon_loader=lambda wanted, shipped=False: (VISITOR_WORDS, None), code_entry=True,
                      offer_resume=False, policy=policy)
    app.table_base = base
    return app


async def until(pilot, condition, seconds: float = 5.0) -> None:  # type: ignore[no-untyped-def]
    """Let the app run until ``condition()`` holds (asserted once more after ``seconds``)."""
    for _ in range(int(seconds / 0.05)):
        try:
            if condition():
                return
        except NoMatches:  # a screen pushed but not composed yet, on a busy machine
            pass
        await pilot.pause(0.05)
    assert condition()


def text(app: App[object], selector: str) -> str:
    """What the Static ``selector`` of the app's current screen shows."""
    return str(app.screen.query_one(selector, Static).render())


# French typography: no line starts with « : », « ; », « ! », « ? », « % » or « » », and a French
# screen shows no English word of the program's (tests/tui/test_typography_pilot.py; the help's
# rules, laid out once for the layout's checks, are checked in tests/tui/test_layout_pilot.py).
FORBIDDEN_STARTS = tuple(":;!?%»")
ENGLISH = re.compile(r"\b(Challenge|Accept|Exchange|Pass|Hint|Settings|Search for|Dismiss|Focus|Rack of|blank|"
                     r"took back|asked for|Close|Cancel|Quit|Help|Sheet|Export)\b")


def screen_lines(app: App[object]) -> list[tuple[str, str]]:
    """Every line every visible widget of the screen draws, with the widget's name."""
    found = []
    for widget in [app.screen, *app.screen.walk_children()]:
        if not widget.display or not widget.size.area or not widget.is_mounted:
            continue
        try:
            strips = widget.render_lines(Region(0, 0, widget.size.width, widget.size.height))
        except Exception:  # a container that draws nothing of its own
            continue
        found.extend((repr(widget), strip.text) for strip in strips)
    return found


def check_typography(app: App[object], where: str) -> None:
    """The screen's every line follows French typography and has no English word of the program's."""
    problems = []
    for widget, line in screen_lines(app):
        # A line's text starts after any border or scroll bar drawn at its left.
        text = line.lstrip(" │┃║▌▐▕▏|▔▁▂▃▄▅▆▇█╭╮╰╯─━")
        # (a premium square's marker, % for a triple letter, may start a line of the board's legend)
        is_marker = text.rstrip() == "%" or text.startswith("% lettre")
        if text.startswith(FORBIDDEN_STARTS) and not is_marker:
            problems.append(f"{where}: {widget}: {line!r}")
        english = ENGLISH.search(line)
        if english:
            problems.append(f"{where}: {widget}: English {english.group(0)!r} in {line!r}")
    assert problems == [], "\n".join(problems)
