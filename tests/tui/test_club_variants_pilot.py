"""The variants on the club's screens at 80×24: the arbitrator's desk, the wall and each player's
screen head the table with its variant, in English and in French; after a joker coup each screen
says which jokers became which letters, and the boards show the letters; in 7 out of 8 the player's
rack holds eight tiles and a move of the eight is refused on the player's own screen.

Seed 6 of the joker game: ?RBO?GA, top H2 GABbROs, jokers swapped for B and S. Seed 1 of 7 out of
8: ERZAGEPO.
"""

from __future__ import annotations

import pytest
from textual.widgets import Input

from scrabble_fr.duplicate import Variant
from scrabble_fr.i18n import set_language
from scrabble_fr.table import open_store
from scrabble_fr.table.duplicate import DuplicateTable, DuplicateTableSettings, create_duplicate_table
from scrabble_fr.tui.app import ScrabbleApp
from scrabble_fr.tui.screens.club import ArbiterScreen, PlayerScreen, ProjectorScreen
from scrabble_fr.tui.widgets.rack import RackView

from .conftest import text, until

SIZE = (80, 24)


@pytest.fixture(scope="module")
def french():
    from scrabble_fr.lexicon import Lexicon

    return Lexicon.builtin("fr")


def seats(tmp_path, french, variant: Variant, seed: int):  # type: ignore[no-untyped-def]
    base = str(tmp_path / "tables.sqlite3")
    created = create_duplicate_table(open_store(base), DuplicateTableSettings(["Alice"], seconds=None, seed=seed,
                                                                              variant=variant))
    arbiter = DuplicateTable.join(open_store(base), created.codes[1], french)
    alice = DuplicateTable.join(open_store(base), created.codes[0])
    store = open_store(base)
    wall = DuplicateTable(store, store.table(created.table.id), None, spectator=True)
    return arbiter, alice, wall


# In French, the wall alone: the three screens share the texts, and each screen costs a second.
@pytest.mark.parametrize(("language", "heading", "swapped", "screens"), [
    ("en", "Joker game", "Jokers swapped: B, S", ("desk", "player", "wall")),
    ("fr", "Partie joker", "Jokers échangés\u00a0: B, S", ("wall",))])
async def test_every_screen_heads_the_joker_game_and_says_the_jokers_swapped(tmp_path, french, language, heading,
                                                                              swapped, screens):
    set_language(language)
    arbiter, alice, wall = seats(tmp_path, french, Variant.JOKER, 6)
    apps = {"desk": ScrabbleApp(lexicon=french, table=arbiter), "player": ScrabbleApp(table=alice),
            "wall": ScrabbleApp(table=wall)}
    apps = {name: app for name, app in apps.items() if name in screens}
    where = {"desk": ("#club-head", ArbiterScreen), "player": ("#club-info", PlayerScreen),
             "wall": ("#club-top", ProjectorScreen)}
    for name, app in apps.items():
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, where[name][1])
            assert heading in text(app, "#club-head").splitlines()[0 if name != "player" else 1], name
            if not arbiter.coups:
                arbiter.start_coup()
                alice.poll(timeout=2.0)
                alice.propose("H2 GABbROs")
                arbiter.poll(timeout=2.0)
                arbiter.close_coup()
            await until(pilot, lambda app=app, name=name: swapped in text(app, where[name][0]))
            table = app.screen.table  # type: ignore[attr-defined]
            assert (table.board[7, 4], table.board[7, 7]) == ("B", "S")


async def test_a_seven_of_eight_player_has_eight_tiles_and_cannot_send_the_eight(tmp_path, french):
    set_language("en")
    arbiter, alice, _wall = seats(tmp_path, french, Variant.SEVEN_OF_EIGHT, 1)
    app = ScrabbleApp(table=alice)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "7 out of 8" in text(app, "#club-head")
        arbiter.start_coup()
        await until(pilot, lambda: "ERZAGEPO" in text(app, "#club-head"))
        rack = app.screen.query_one(RackView)
        # The eight tiles whole at 80 columns, the last one's value too.
        assert len(rack.tiles) == 8 and rack.region.right <= 80 and rack.region.width >= 31
        await pilot.press(*"H1 ERZAGEPO", "enter")
        await pilot.pause()
        assert "7 tiles of the draw at most" in text(app, "#club-message")
        assert app.screen.query_one("#club-input", Input).value == "H1 ERZAGEPO" and not alice.has_proposed(0)
