"""Every screen by keyboard alone (Tab, Shift+Tab, arrows, Enter, Space, Escape), at 80×24:
the set-up, the game and its dialogs, the settings, the word tools, the resume offer, the end."""

from __future__ import annotations

from textual.widgets import Checkbox, Input, Select

from scrabble_fr.engine.game import EventKind
from scrabble_fr.tui.app import ScrabbleApp
from scrabble_fr.tui.screens.dialogs import ExchangeDialog, ResumeDialog
from scrabble_fr.tui.screens.end import EndScreen, SheetScreen
from scrabble_fr.tui.screens.game import GameScreen
from scrabble_fr.tui.screens.panels import SettingsScreen, ToolsScreen
from scrabble_fr.tui.screens.setup import SetupScreen

from .conftest import SmallLexicon

SIZE = (80, 24)


async def _type(pilot, text: str) -> None:
    await pilot.press(*["space" if ch == " " else ch for ch in text])


async def test_setup_by_keyboard_names_a_computer_and_starts():
    app = ScrabbleApp(lexicon=SmallLexicon({"PILE"}), offer_resume=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        await _type(pilot, "Alice")  # the pre-filled name is selected: typing replaces it
        await pilot.press("tab", "tab")  # past Alice's kind, to the second name
        await _type(pilot, "Bruno")
        await pilot.press("tab", "enter", "down", "down", "down", "enter")  # Bruno: computer, level 3
        await pilot.pause()
        screen = app.screen
        assert screen.query_one("#name-0", Input).value == "Alice"
        assert screen.query_one("#name-1", Input).value == "Bruno"
        assert screen.query_one("#kind-1", Select).value == "cpu3"
        # Tab on to the club-mode box, Space ticks it; then Start by Tab and Enter.
        while app.focused is not screen.query_one("#club", Checkbox):
            await pilot.press("tab")
        await pilot.press("space")
        while app.focused is None or app.focused.id != "start":
            await pilot.press("tab")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        match = app.screen.match
        assert [p.name for p in match.config.players] == ["Alice", "Bruno"]
        assert match.config.players[1].computer_level == 3
        assert match.config.club and match.config.clock_minutes == 25


# One game for the dialogs, the settings and the word tools, one after the other (the settings
# first seen with manual verification, which the exchange does not touch).
async def test_game_dialogs_settings_and_word_tools_by_keyboard(make_app):
    app = make_app(words={"PILE"}, verification="manuelle")
    notes = []
    app.notify = lambda message, **kw: notes.append(message)  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game = app.screen.match.game
        # F4, Space on the first tile, Tab to the third, Space, then Tab to Exchange and Enter.
        await pilot.press("f4")
        await pilot.pause()
        assert isinstance(app.screen, ExchangeDialog)
        rack = game.racks[0]
        await pilot.press("space", "tab", "tab", "space")
        while app.focused is None or app.focused.id != "confirm":
            await pilot.press("tab")
        await pilot.press("enter")
        await pilot.pause()
        assert game.history[-1].kind is EventKind.EXCHANGE
        assert game.history[-1].move.exchanged == rack[0] + rack[2]
        # Escape closes every dialog and changes nothing.
        for key, screen_type in (("f4", ExchangeDialog), ("f7", ToolsScreen), ("f9", SettingsScreen)):
            before = len(game.history)
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, screen_type)
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, GameScreen) and len(game.history) == before
        await settings_show_their_values_and_opening_them_changes_nothing(app, pilot, notes)
        await word_tools_by_keyboard(app, pilot)


async def settings_show_their_values_and_opening_them_changes_nothing(app, pilot, notes: list[str]) -> None:
    notes.clear()
    await pilot.press("f9")
    await pilot.pause()
    screen = app.screen
    assert screen.query_one("#verification", Select).value == "manuelle"
    assert screen.query_one("#language", Select).value == "fr"
    assert screen.query_one("#theme", Select).value == app.theme
    await pilot.press("escape")
    await pilot.pause()
    assert app.screen.match.verification == "manuelle" and notes == []
    # Changing one by keyboard: Enter opens the list, Up picks automatic, Enter chooses.
    await pilot.press("f9")
    await pilot.pause()
    await pilot.press("enter", "up", "enter")
    await pilot.pause()
    await pilot.press("escape")
    await pilot.pause()
    assert app.screen.match.verification == "auto"


async def word_tools_by_keyboard(app, pilot) -> None:
    await pilot.press("f7")
    await pilot.pause()
    await _type(pilot, "pile plie")
    await pilot.press("enter")
    await pilot.pause()
    result = str(app.screen.query_one("#check-result").render())
    assert "PILE\u00a0: valable" in result and "PLIE\u00a0: non valable" in result
    await pilot.press("tab")
    assert app.focused is not None and app.focused.id == "tirage"


async def test_resume_offer_and_end_screen_by_keyboard(make_app):
    app = make_app(words={"PILE"})
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        command = app.screen.query_one("#command", Input)
        for _ in range(6):
            command.value = "passer"
            await pilot.press("enter")
            await pilot.pause()
        await pilot.press("tab", "enter")  # the pass that ends the game, confirmed
        await pilot.pause()
        assert isinstance(app.screen, EndScreen)
        assert "bloquée" in str(app.screen.query_one("#ending").render())
        await pilot.press("f")  # the game sheet
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        await pilot.press("escape")
        await pilot.pause()
        seed = app.screen.match.game.seed
        await pilot.press("r")  # the rematch: same players, a new draw
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.match.game.players == ["Alice", "Bruno"]
        assert app.screen.match.game.seed != seed
        command = app.screen.query_one("#command", Input)
        command.value = "passer"  # a first turn: the rematch is saved, unfinished
        await pilot.press("enter")
        await pilot.pause()

    # An unfinished game is offered at start; Escape declines the offer.
    fresh = ScrabbleApp(lexicon=SmallLexicon({"PILE"}))
    async with fresh.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(fresh.screen, ResumeDialog)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(fresh.screen, SetupScreen)


async def test_club_mode_footer_offers_only_what_applies(make_app):
    from textual.widgets._footer import FooterKey

    app = make_app(words={"PILE"}, club=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        keys = {key.key for key in app.screen.query(FooterKey)}
        assert "f6" not in keys and "f7" not in keys and "ctrl+z" not in keys
        assert "f8" in keys and "f2" in keys
        await pilot.press("f6")  # not bound in club mode: nothing happens
        await pilot.pause()
        assert app.screen is app.game_screen


async def test_choosing_manual_verification_against_a_computer_says_who_judges(make_app):
    app = make_app(players="Alice,ordi:3", words={"PILE"})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.set_verification("manuelle")
        await pilot.pause()
        said = " ".join(str(toast.message) for toast in app._notifications)
        assert "manuelle" in said and "liste de mots tranche" in said
