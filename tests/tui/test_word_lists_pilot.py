"""The player's word lists in the app: the set-up screen offers them by name, the settings dialog
makes one the default, and a game judged by one records its name and word count."""

from __future__ import annotations

import os
from pathlib import Path

from textual.widgets import Button, Select

from scrabble_fr.cli.common import lexicon_loader, resolve_rules
from scrabble_fr.i18n import set_language
from scrabble_fr.lexicon.catalogue import Catalogue
from scrabble_fr.match.config import GameConfig
from scrabble_fr.tui.app import ScrabbleApp
from scrabble_fr.tui.screens.panels import SettingsScreen
from scrabble_fr.tui.screens.setup import SetupScreen


def _club(tmp_path: Path) -> Catalogue:
    words = tmp_path / "club.txt"
    words.write_text("maison\nzorglub\nchat\n", encoding="utf-8")
    catalogue = Catalogue(Path(os.environ["SCRABBLE_FR_LEXIQUES"]))
    catalogue.add(words, "Club", "fr")
    return catalogue


async def test_setup_lists_the_lists_by_name_and_starts_with_the_chosen_one(tmp_path):
    set_language("fr")
    _club(tmp_path)
    app = ScrabbleApp(lexicon_loader=lexicon_loader(None, None))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        select = app.screen.query_one("#lexicon-list", Select)
        values = [value for _label, value in select._options]
        assert values == ["", "grammalecte", "scowl", "Club"]
        labels = [str(label) for label, _value in select._options]
        assert labels[3] == "Club (fr, 3 mots)"
        select.value = "Club"
        app.screen.query_one("#start", Button).press()
        await pilot.pause()
        await pilot.pause()
        assert app.lexicon is not None and app.lexicon.name == "Club"
        assert "ZORGLUB" in app.lexicon and "ANANAS" not in app.lexicon
        match = app.game_screen.match
        match.pass_()  # any change is saved
        assert match.record.settings["lexicon_name"] == "Club"
        assert match.record.settings["lexicon_words"] == 3


async def test_settings_make_a_list_the_default(tmp_path):
    set_language("fr")
    catalogue = _club(tmp_path)
    config = GameConfig.from_spec("Alice,Bruno", seed=3, rules=resolve_rules(None))
    app = ScrabbleApp(config, lexicon_loader=lexicon_loader(None, None))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert app.lexicon is not None and app.lexicon.name.startswith("Grammalecte")
        await pilot.press("f9")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        select = app.screen.query_one("#lexicon-default", Select)
        # Only the lists of the game's language (French), by name.
        assert [value for _label, value in select._options] == ["grammalecte", "Club"]
        assert select.value == "grammalecte"
        select.value = "Club"
        await pilot.pause()
        assert catalogue.default_name("fr") == "Club"
        assert catalogue.default_name("en") == "scowl"


async def test_a_slow_list_build_is_announced_in_a_notice(tmp_path, monkeypatch):
    """A list built the first time in the app (a path typed, an emptied cache) takes seconds: a
    notice says so while the build runs in a worker's thread."""
    import threading

    from scrabble_fr.lexicon import Lexicon
    from scrabble_fr.words import cache as cache_module

    set_language("fr")
    import time

    monkeypatch.setattr(cache_module, "SLOW_BUILD_SECONDS", 0.0)
    real_build = cache_module.build
    monkeypatch.setattr(cache_module, "build", lambda *a: (time.sleep(0.3), real_build(*a))[1])  # a slow build
    chosen = Lexicon.from_words(["maison", "raison"], "demo")
    app = ScrabbleApp(lexicon=chosen)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        worker = threading.Thread(target=chosen.word_graph)
        worker.start()
        worker.join(5)
        await pilot.pause()
        await pilot.pause()
        said = " ".join(str(toast.message) for toast in app._notifications)
        assert "Préparation de la liste de mots (2\u00a0mots), une seule fois\u00a0: quelques secondes…" in said
    assert cache_module._listener is None  # the app, gone, listens no more


async def test_the_end_screen_reviews_a_game_judged_by_hand_with_the_app_s_loader():
    # No list judged the game: the review asks the app's loader for its rules' list, and says why
    # it has none in the loader's words rather than a bare refusal.
    from textual.widgets import Input, Static

    from scrabble_fr.tui.screens.end import EndScreen

    set_language("en")
    asked: list[str] = []

    def loader(wanted: str, shipped: bool = False):  # type: ignore[no-untyped-def]
        asked.append(wanted)
        return None, "the list is not installed"

    config = GameConfig.from_spec("Alice,Bruno", seed=3, verification="manuelle", rules=resolve_rules(None))
    app = ScrabbleApp(config, lexicon_loader=loader)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert app.game_screen is not None and app.game_screen.match.lexicon is None
            for _ in range(6):
                app.screen.query_one("#command", Input).value = "pass"
                await pilot.press("enter")
                await pilot.pause()
            await pilot.press("tab", "enter")  # the pass that ends the game, confirmed
            await pilot.pause()
            assert isinstance(app.screen, EndScreen)
            asked.clear()
            app.screen.query_one("#review", Button).press()
            await pilot.pause()
            assert asked == [config.rules.lexicon]
            assert str(app.screen.query_one("#export-result", Static).render()) == "the list is not installed"
    finally:
        set_language("fr")
