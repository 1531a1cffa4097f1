"""The code-entry screen of ``scrabble-fr serveur``'s visitors, at 80×24: a code opens its seat —
a duplicate player's, an open table's with a name (and the new seat's own code shown), the
arbitrator's, a classic table's — an unknown code or a name taken is said on the screen and
nothing opens, a seat open elsewhere may be taken here; and the player's process never loads the
word graph or the move generator."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest
from textual.widgets import Input, Static

from scrabble_fr.table import TableSettings, create_table, open_store
from scrabble_fr.table.duplicate import DuplicateTable, DuplicateTableSettings, create_duplicate_table
from scrabble_fr.tui.app import ScrabbleApp
from scrabble_fr.tui.screens.club import ArbiterScreen, PlayerScreen
from scrabble_fr.tui.screens.game import GameScreen
from scrabble_fr.tui.screens.table_code import SeatCodeDialog, TableCodeScreen

from .conftest import visitor

SIZE = (80, 24)


pytestmark = pytest.mark.usefixtures("english")


def message(app: ScrabbleApp) -> str:
    return str(app.screen.query_one("#table-code-message", Static).render())


async def type_code(pilot, code: str) -> None:  # type: ignore[no-untyped-def]
    field = pilot.app.screen.query_one("#code", Input)
    field.value = ""
    field.focus()
    await pilot.press(*code, "enter")
    await pilot.pause()


def duplicate(tmp_path, players=("Alice",)):  # type: ignore[no-untyped-def]
    base = str(tmp_path / "tables.sqlite3")
    created = create_duplicate_table(open_store(base), DuplicateTableSettings(list(players), seconds=None, seed=2))
    return base, created


async def test_an_unknown_code_is_said_and_a_player_code_opens_the_player_screen(tmp_path):
    base, created = duplicate(tmp_path)
    app = visitor(base)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TableCodeScreen)
        assert app.screen.query_one("#code", Input).has_focus
        await pilot.press("enter")
        assert message(app) == "Type your code."
        await type_code(pilot, "abcd-efgh")
        assert isinstance(app.screen, TableCodeScreen)
        assert message(app).startswith("No seat has this code")
        await type_code(pilot, created.codes[0])
        assert isinstance(app.screen, PlayerScreen)
        assert app.table is not None and app.table.seat == 0


async def test_an_open_table_asks_a_name_refuses_one_taken_and_shows_the_new_seat_code(tmp_path):
    base, created = duplicate(tmp_path, players=())
    assert created.table_code is not None
    app = visitor(base)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert not app.screen.query_one("#name-row").display
        await type_code(pilot, created.table_code)
        assert app.screen.query_one("#name-row").display
        assert app.screen.query_one("#name", Input).has_focus
        assert "open table's code" in message(app)
        await pilot.press(*"Zoé", "enter")
        await pilot.pause()
        assert isinstance(app.screen, SeatCodeDialog)
        seat_code = app.screen.code
        await pilot.press("enter")
        assert isinstance(app.screen, PlayerScreen)
    store = open_store(base)
    info, seat = store.find_code(seat_code)
    assert info.seat(seat).name == "Zoé"
    # Zoé is taken now: a second visitor with that name is refused, nothing written.
    app = visitor(base)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await type_code(pilot, created.table_code)
        await pilot.press(*"zoé", "enter")
        await pilot.pause()
        assert isinstance(app.screen, TableCodeScreen)
        assert "already called zoé" in message(app)
    assert [s.name for s in store.table(created.table.id).seats].count("Zoé") == 1


async def test_a_seat_open_elsewhere_is_said_and_taken_here_on_the_button(tmp_path):
    base, created = duplicate(tmp_path)
    DuplicateTable.join(open_store(base), created.codes[0])  # Alice's seat open in another window
    app = visitor(base)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        force = app.screen.query_one("#force")
        assert not force.display
        await type_code(pilot, created.codes[0])
        assert isinstance(app.screen, TableCodeScreen)
        assert message(app) == ("The seat of Alice is open in another window: close it there, "
                                "or take it here.")
        assert force.display
        await pilot.click("#force")
        await pilot.pause()
        assert isinstance(app.screen, PlayerScreen)


async def test_the_arbitrator_code_and_a_classic_seat_code_open_their_screens(tmp_path):
    base, created = duplicate(tmp_path)
    app = visitor(base)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await type_code(pilot, created.codes[1])
        assert isinstance(app.screen, ArbiterScreen)
    classic = create_table(open_store(base), TableSettings(["Alice", "Bruno"], seed=7, lexicon_name="mini"))
    app = visitor(base)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await type_code(pilot, classic.codes[1])
        assert isinstance(app.screen, GameScreen)
        # The visitor's app plays no game of its own: "new game" comes back to the code.
        app.action_new_game()
        await pilot.pause()
        assert isinstance(app.screen, TableCodeScreen)


async def test_f2_switches_the_language_and_says_a_refusal_again_in_the_other(tmp_path):
    base, _created = duplicate(tmp_path)
    app = visitor(base)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert str(app.screen.query_one("#table-code-title", Static).render()) == "Join a table"
        await type_code(pilot, "abcd-efgh")
        assert message(app).startswith("No seat has this code")
        await pilot.press("f2")
        await pilot.pause()
        assert str(app.screen.query_one("#table-code-title", Static).render()) == "Rejoindre une table"
        assert message(app).startswith("Aucune place n'a ce code")


# The process of a browser's visitor, as `scrabble-fr serveur --visiteur` makes it (every command's
# parser built, the app on the code-entry screen), with a player's code typed: what it imported.
VISITOR = textwrap.dedent("""
    import asyncio, json, sys
    from scrabble_fr.cli import build_parser
    from scrabble_fr.tui.app import ScrabbleApp

    async def main():
        build_parser()
        app = ScrabbleApp(code_entry=True, offer_resume=False)
        app.table_base = sys.argv[1]
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press(*sys.argv[2], "enter")
            for _ in range(40):
                await pilot.pause(0.05)
                if type(app.screen).__name__ == "PlayerScreen":
                    break
            screen = type(app.screen).__name__
        modules = sorted(m for m in sys.modules if m.startswith(("scrabble_fr.player", "scrabble_fr.words",
                                                                 "scrabble_fr.lexicon", "psycopg")))
        print(json.dumps({"screen": screen, "modules": modules}))

    asyncio.run(main())
""")


def test_a_player_process_loads_neither_the_word_graph_nor_the_move_generator(tmp_path):
    base, created = duplicate(tmp_path)
    result = subprocess.run([sys.executable, "-c", VISITOR, base, created.codes[0]], capture_output=True,
                            text=True, timeout=60, env=dict(os.environ))
    assert result.returncode == 0, result.stderr
    seen = json.loads(result.stdout.splitlines()[-1])
    assert seen == {"screen": "PlayerScreen", "modules": []}
