"""The locale brings its rules: English means 100 tiles and English labels, French 102."""

from __future__ import annotations

from textual.widgets import Input, Select

from scrabble_fr.cli.common import resolve_rules
from scrabble_fr.i18n import get_language, set_language
from scrabble_fr.match.config import GameConfig
from scrabble_fr.tui.app import ScrabbleApp
from scrabble_fr.tui.screens.panels import SettingsScreen
from scrabble_fr.tui.widgets.board import BoardView

from .conftest import SmallLexicon


def _app_for_language(language: str) -> ScrabbleApp:
    set_language(language)
    config = GameConfig.from_spec("Alice,Bruno", seed=3, rules=resolve_rules(None))
    return ScrabbleApp(config, lexicon=SmallLexicon(set()))


async def test_english_game_has_100_tiles_and_english_labels():
    app = _app_for_language("en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        game = app.game_screen.game
        assert game.rules.name == "hasbro"
        assert game.rules.tile_set.total_tiles == 100 and len(game.bag) == 86
        board = app.game_screen.query_one("#board", BoardView)
        assert board.picture.style == "en"
        header = "".join(segment.text for segment in board.render_line(0))
        assert header.split()[:3] == ["A", "B", "C"]
        first_row = "".join(segment.text for segment in board.render_line(1))
        assert first_row.split()[0] == "1"
        assert "Your move" in app.game_screen.query_one("#command", Input).placeholder


async def test_french_game_has_102_tiles_and_french_labels():
    app = _app_for_language("fr")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        game = app.game_screen.game
        assert game.rules.name == "ffsc" and len(game.bag) == 88
        board = app.game_screen.query_one("#board", BoardView)
        header = "".join(segment.text for segment in board.render_line(0))
        assert header.split()[:3] == ["1", "2", "3"]
        assert "".join(segment.text for segment in board.render_line(1)).split()[0] == "A"


async def test_switching_language_in_settings_rerenders_but_keeps_the_rules():
    app = _app_for_language("fr")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("f9")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        app.screen.query_one("#language", Select).value = "en"
        await pilot.pause()
        assert get_language() == "en"
        await pilot.press("escape")
        await pilot.pause()
        screen = app.game_screen
        assert "Your move" in screen.query_one("#command", Input).placeholder
        assert screen.game.rules.name == "ffsc"  # the game in progress keeps its rules
        descriptions = [b.description for _key, b in screen._bindings]
        assert "Challenge" in descriptions and "Contester" not in descriptions


async def test_a_missing_word_list_is_named_and_the_shipped_list_judges(tmp_path):
    from scrabble_fr.cli.common import lexicon_loader

    set_language("fr")
    missing = tmp_path / "ods.txt"
    config = GameConfig.from_spec("Alice,Bruno", seed=3, rules=resolve_rules(None))
    app = ScrabbleApp(config, lexicon_loader=lexicon_loader(str(missing), None))
    notes = []
    app.notify = lambda message, **kw: notes.append(message)  # type: ignore[method-assign]
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert app.lexicon is not None and "MAISON" in app.lexicon
        assert any(str(missing) in note and "Grammalecte" in note for note in notes)


async def test_textual_s_own_texts_speak_french():
    from textual.widgets import Select

    from scrabble_fr.i18n import set_language
    from scrabble_fr.tui.app import ScrabbleApp
    from scrabble_fr.tui.textual_texts import LocalizedCommandPalette

    set_language("fr")
    app = ScrabbleApp(offer_resume=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        descriptions = {b.binding.description for b in app.screen.active_bindings.values()}
        assert "Élément suivant" in descriptions and "Focus Next" not in descriptions
        select = app.screen.query(Select).first()
        select.focus()
        await pilot.press("enter")  # the list opens: the footer offers to close it
        await pilot.pause()
        assert "Fermer la liste" in {b.binding.description for b in app.screen.active_bindings.values()}
        await pilot.press("escape")
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, LocalizedCommandPalette)
        assert app.screen.query_one("CommandInput").placeholder == "Chercher une commande…"
