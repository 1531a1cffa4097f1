"""A browser's visitor (``scrabble-fr serveur``) is confined to the seat its code opened: every
route to the host's settings, the word tools, a game of its own is closed — the command palette,
F9, F7, the end screen's « Revanche » and « Nouvelle partie », the set-up screen, and the methods
behind them — while the same app at a player's own terminal keeps them all."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from textual.command import CommandList

from scrabble_fr.match import Match
from scrabble_fr.match.config import GameConfig
from scrabble_fr.table import TableSettings, create_table, open_store
from scrabble_fr.tui.app import ScrabbleApp
from scrabble_fr.tui.policy import LOCAL, SERVED, Opening
from scrabble_fr.tui.screens.end import EndScreen
from scrabble_fr.tui.screens.game import GameScreen
from scrabble_fr.tui.screens.panels import HelpScreen, SettingsScreen, ToolsScreen, keys_help
from scrabble_fr.tui.screens.setup import SetupScreen
from scrabble_fr.tui.screens.table_code import TableCodeScreen

from .conftest import visitor

SIZE = (80, 24)


pytestmark = pytest.mark.usefixtures("english")


def classic_table(tmp_path, club: bool = False):  # type: ignore[no-untyped-def]
    base = str(tmp_path / "tables.sqlite3")
    created = create_table(open_store(base), TableSettings(["Alice", "Bruno"], seed=7, club=club,
                                                           lexicon_name="mini"))
    return base, created


async def palette_titles(pilot, search: str) -> list[str]:  # type: ignore[no-untyped-def]
    """The commands the palette offers for ``search``, as a player types it (then closed)."""
    await pilot.press("ctrl+p")
    await pilot.pause()
    await pilot.press(*search)
    await pilot.pause(0.3)
    commands = pilot.app.screen.query_one(CommandList)
    titles = [str(commands.get_option_at_index(i).prompt).split("\n")[0] for i in range(commands.option_count)]
    await pilot.press("escape")
    await pilot.pause()
    return titles


async def open_seat(pilot, code: str) -> None:  # type: ignore[no-untyped-def]
    await pilot.press(*code, "enter")
    await pilot.pause()


def test_the_served_policy_closes_every_opening_and_the_local_one_none():
    assert all(not SERVED.allows(opening) and LOCAL.allows(opening) for opening in Opening)
    assert SERVED.refusal(Opening.SETTINGS).startswith("The settings are the host's")


@pytest.mark.parametrize("policy, offered", [(SERVED, False), (LOCAL, True)])
async def test_a_visitor_with_no_code_finds_no_settings_tools_or_new_game_in_the_palette(tmp_path, policy, offered):
    base, _created = classic_table(tmp_path)
    app = visitor(base, policy)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TableCodeScreen)
        for search, title in (("settings", "Settings"), ("word tools", "Word tools"), ("new game", "New game")):
            assert (title in await palette_titles(pilot, search)) is offered, title
        assert "Help" in await palette_titles(pilot, "help")  # the palette itself still works
        if policy is SERVED:
            # Called directly, the methods behind them open nothing and say why in one line.
            app.action_settings()
            app.action_tools()
            await pilot.pause()
            assert isinstance(app.screen, TableCodeScreen)
            said = [n.message for n in app._notifications]
            assert said == ["The settings are the host's: they change on the host's command line, not in a browser.",
                            "The word tools are not offered here: only a table that allows them gives them."]


# One visitor at a seat of a classic table (not in club mode) meets in turn: F7 on the code
# screen, F9 and the palette at the seat, the word tools, the help, the table's end screen and an
# end screen of a local game reached anyway.
async def test_a_visitor_at_a_table_seat_gets_no_settings_no_local_game_but_the_table_s_own(tmp_path):
    base, created = classic_table(tmp_path)
    app = visitor(base)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f7")  # on the code screen: nothing
        await pilot.pause()
        assert isinstance(app.screen, TableCodeScreen)
        await open_seat(pilot, created.codes[0])
        assert isinstance(app.screen, GameScreen)
        await f9_in_a_table_game_opens_no_settings_and_leaves_the_footer(app, pilot)
        await pilot.press("f7")  # a table not in club mode allows the word tools, through its match
        await pilot.pause()
        assert isinstance(app.screen, ToolsScreen)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("f1")  # the help says what a visitor does not have
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and app.screen.confined
        assert "In a browser served by a club host" in keys_help("fr", app.screen.confined)
        await pilot.press("escape")
        await pilot.pause()
        await the_end_of_a_table_offers_its_seat_the_rematch_but_no_new_game(app, pilot)
        app.pop_screen()
        await pilot.pause()
        await a_local_end_screen_offers_no_rematch_nor_new_game_to_a_visitor(app, pilot)
    local = visitor(base, LOCAL)
    async with local.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await open_seat(pilot, created.codes[1])
        assert "f9" in local.screen.active_bindings
        await pilot.press("f9")
        await pilot.pause()
        assert isinstance(local.screen, SettingsScreen)


async def f9_in_a_table_game_opens_no_settings_and_leaves_the_footer(app, pilot):  # type: ignore[no-untyped-def]
    assert "f9" not in app.screen.active_bindings
    await pilot.press("f9")
    await pilot.pause()
    assert isinstance(app.screen, GameScreen)
    assert "Settings" not in await palette_titles(pilot, "settings")


async def test_f7_gives_no_word_tools_at_a_table_in_club_mode(tmp_path):
    base, created = classic_table(tmp_path, club=True)
    app = visitor(base)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await open_seat(pilot, created.codes[0])
        await pilot.press("f7")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


async def a_local_end_screen_offers_no_rematch_nor_new_game_to_a_visitor(app, pilot):  # type: ignore[no-untyped-def]
    table_match = app.game_screen.match
    # An end screen of a game of the app's own (reached anyway): its rematch would be a new
    # game on the host's machine.
    app.push_screen(EndScreen(Match(GameConfig.from_spec("Alice,Bruno", seed=7))))
    await pilot.pause()
    end = app.screen
    assert not end.query_one("#revanche").display and not end.query_one("#new").display
    assert "r" not in end.active_bindings and "n" not in end.active_bindings
    await pilot.press("r", "n")
    await pilot.pause()
    assert app.screen is end and app.game_screen is not None and app.game_screen.match is table_match
    # « Revanche » reached anyway (a button forgotten, a key added later): no game opens.
    end.action_revanche()
    await pilot.pause()
    assert app.screen is end
    assert app.store.records() == []  # no local game was saved on the host's machine
    assert [n.message for n in app._notifications][-1].startswith("This window plays only the table")


async def test_at_the_players_own_terminal_the_end_screen_offers_the_new_game(tmp_path):
    app = ScrabbleApp(offer_resume=False)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(EndScreen(Match(GameConfig.from_spec("Alice,Bruno", seed=7))))
        await pilot.pause()
        end = app.screen
        assert end.query_one("#new").display and "n" in end.active_bindings
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)


async def the_end_of_a_table_offers_its_seat_the_rematch_but_no_new_game(app, pilot):  # type: ignore[no-untyped-def]
    app.push_screen(EndScreen(app.game_screen.match))
    await pilot.pause()
    end = app.screen
    assert end.query_one("#revanche").display and not end.query_one("#new").display
    assert "r" in end.active_bindings and "n" not in end.active_bindings


async def test_a_served_app_never_shows_the_set_up_screen(tmp_path):
    base, _created = classic_table(tmp_path)
    app = ScrabbleApp(offer_resume=False, policy=SERVED)  # even without asking for the code entry
    app.table_base = base
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TableCodeScreen)
        app.action_new_game()
        app.start_game(GameConfig.from_spec("Alice,Bruno", seed=7))
        await pilot.pause()
        assert isinstance(app.screen, TableCodeScreen)
        assert not any(isinstance(screen, (SetupScreen, GameScreen)) for screen in app.screen_stack)


async def test_the_settings_screen_pushed_anyway_changes_no_default_list(tmp_path, monkeypatch):
    from scrabble_fr.lexicon.catalogue import Catalogue

    chosen: list[str] = []
    monkeypatch.setattr(Catalogue, "choose", lambda self, name: chosen.append(name) or SimpleNamespace(name=name))
    base, _created = classic_table(tmp_path)
    for policy in (SERVED, LOCAL):
        app = visitor(base, policy)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = SettingsScreen("auto", "en", None)
            app.push_screen(screen)
            await pilot.pause()
            screen._lexicon_default(SimpleNamespace(value="another"))  # type: ignore[arg-type]
    assert chosen == ["another"]  # the local app's only
