"""A shared table on screen: two seats' apps follow each other through one store; the set-up
screen creates a table and shows its codes."""

from __future__ import annotations

import pytest
from textual.widgets import Input, Static

from scrabble_fr.table import TableSession, TableSettings, create_table, open_store
from scrabble_fr.tui.app import ScrabbleApp
from scrabble_fr.tui.screens.dialogs import TableCodesDialog
from scrabble_fr.tui.screens.game import GameScreen


async def test_two_seats_follow_each_other_on_screen(tmp_path, words):
    base = str(tmp_path / "tables.sqlite3")
    created = create_table(open_store(base), TableSettings(["Alice", "Bruno"], seed=7))
    alice = TableSession.join(open_store(base), created.codes[0], words)
    bruno = TableSession.join(open_store(base), created.codes[1], words)
    app = ScrabbleApp(lexicon=words, table=bruno)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.match.rack_owner == 1
        alice.match.play("H4 BALTE")  # Alice, at her own terminal
        await pilot.pause(0.3)  # Bruno's screen follows the store a few times a second
        assert bruno.match.game.pending is not None
        assert "BALTE" in str(screen.query_one("#message").render())
        await pilot.press("f2")  # Bruno challenges from his screen
        await pilot.pause()
        alice.poll(timeout=2.0)
        assert alice.match.game.scores == [20, -10]
        command = screen.query_one("#command", Input)
        command.value = "passer"  # FFSc: the challenge lost, his turn is still his
        await pilot.press("enter")
        await pilot.pause()
        alice.poll(timeout=2.0)
        assert alice.match.game.history[-1].kind.value == "pass" and alice.match.current_human == 0


async def test_the_set_up_screen_creates_a_shared_table_and_shows_its_codes(tmp_path, words, monkeypatch):
    base = str(tmp_path / "tables.sqlite3")
    monkeypatch.setenv("SCRABBLE_FR_BASE", base)
    app = ScrabbleApp(lexicon=words, offer_resume=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("f5")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, TableCodesDialog) and len(dialog.seats) == 2
        await pilot.press("enter")  # play as the first player
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.table.seat == 0
        tables = open_store(base).tables()
        assert len(tables) == 1 and tables[0].seats[0].present


async def test_a_screen_is_woken_by_the_others_move_where_the_store_announces_it(base, words, monkeypatch):
    # The timer made slow (30 s): on PostgreSQL the screen still shows Alice's move at once, woken
    # by the server's announcement; SQLite has only its timer.
    from scrabble_fr.tui.screens import game as game_screen

    monkeypatch.setattr(game_screen, "FOLLOW_SECONDS", 30.0)
    created = create_table(open_store(base), TableSettings(["Alice", "Bruno"], seed=7))
    alice = TableSession.join(open_store(base), created.codes[0], words)
    bruno = TableSession.join(open_store(base), created.codes[1], words)
    app = ScrabbleApp(lexicon=words, table=bruno)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.3)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        alice.match.play("H4 BALTE")
        for _ in range(20):
            await pilot.pause(0.05)
            if bruno.match.game.pending is not None:
                break
        followed = bruno.match.game.pending is not None
        assert followed is base.startswith("postgresql")
        if followed:
            assert "BALTE" in str(screen.query_one("#message").render())


async def test_a_move_the_store_does_not_take_is_refused_and_the_typed_line_kept(tmp_path, words, monkeypatch):
    import sqlite3

    from scrabble_fr.table import sqlite as sqlite_store

    monkeypatch.setattr(sqlite_store, "BUSY_SECONDS", 0.2)
    base = str(tmp_path / "tables.sqlite3")
    created = create_table(open_store(base), TableSettings(["Alice", "Bruno"], seed=7))
    alice = TableSession.join(open_store(base), created.codes[0], words)
    app = ScrabbleApp(lexicon=words, table=alice)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        command = screen.query_one("#command", Input)
        holder = sqlite3.connect(base, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")  # another terminal's write holds the file
        try:
            command.value = "H4 BALTE"
            await pilot.press("enter")
            await pilot.pause()
            assert "pas enregistré" in str(screen.query_one("#message").render())
            assert command.value == "H4 BALTE"  # kept, to send again as it is
            assert alice.match.game.pending is None
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        await pilot.press("enter")  # sent again
        await pilot.pause()
        assert command.value == "" and alice.match.game.pending is not None
        assert [row.payload["type"] for row in open_store(base).rows(created.table.id)] == ["move"]


async def test_a_watcher_is_offered_only_what_a_watcher_can_do(tmp_path, words):
    base = str(tmp_path / "tables.sqlite3")
    created = create_table(open_store(base), TableSettings(["Alice", "Bruno"], seed=7))
    watcher = TableSession.watch(open_store(base), created.table.id, None)
    app = ScrabbleApp(table=watcher)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        keys = set(screen._bindings.key_to_bindings)
        shown = {key for key, bindings in screen._bindings.key_to_bindings.items() if any(b.show for b in bindings)}
        assert not keys & {"f2", "f3", "f4", "f5", "f6", "f7", "f9", "ctrl+z"} and "f1" in shown
        command = screen.query_one("#command", Input)
        assert command.disabled and "Vous regardez" in command.placeholder
        assert "Votre coup" not in command.placeholder
        await pilot.press("f3", "f6")  # nothing to accept, nothing to hint: the keys do nothing
        await pilot.pause()
        assert app.screen is screen and open_store(base).rows(created.table.id) == []


async def test_f6_out_of_turn_says_whose_turn_it_is(tmp_path, words):
    base = str(tmp_path / "tables.sqlite3")
    created = create_table(open_store(base), TableSettings(["Alice", "Bruno"], seed=7))
    TableSession.join(open_store(base), created.codes[0], words)
    bruno = TableSession.join(open_store(base), created.codes[1], words)
    app = ScrabbleApp(lexicon=words, table=bruno)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("f6")
        await pilot.pause()
        message = str(app.screen.query_one("#message").render())
        assert "tour" in message and "Alice" in message and "liste" not in message


async def test_the_history_shows_its_entries_whole_at_80_by_24(tmp_path, words):
    from scrabble_fr.tui.widgets.history import HistoryView

    base = str(tmp_path / "tables.sqlite3")
    created = create_table(open_store(base), TableSettings(["Joueur 1", "Bernadette"], seed=7))
    alice = TableSession.join(open_store(base), created.codes[0], words)
    bruno = TableSession.join(open_store(base), created.codes[1], words)
    alice.match.play("H4 BALTE")
    bruno.poll(timeout=1.0)
    bruno.match.contest(1)  # a lost challenge: « contestation perdue » under Bernadette's name
    alice.poll(timeout=1.0)
    app = ScrabbleApp(lexicon=words, table=alice)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        history = app.screen.query_one("#history", HistoryView)
        room = history.query_one("#history-body").size.width - 1
        text = "\n".join(history.lines)
        assert "…" not in text and all(len(line) <= room for line in history.lines)
        assert "Joueur 1" in text and "Bernadette" in text and "contestation perdue" in text
        assert "+20" in text and "-10" in text


async def test_rematch_at_a_table_takes_each_seat_to_a_new_table_never_a_local_game(tmp_path, words):
    from textual.widgets import Button, Static

    from scrabble_fr.tui.screens.end import EndScreen

    from .test_rematch import finished

    base = str(tmp_path / "tables.sqlite3")
    created, (alice, bruno) = finished(base, words)
    app = ScrabbleApp(lexicon=words, table=bruno)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        end = app.screen
        assert isinstance(end, EndScreen)
        alice_app = ScrabbleApp(lexicon=words, table=alice)
        async with alice_app.run_test(size=(80, 24)) as alice_pilot:
            await alice_pilot.pause()
            assert isinstance(alice_app.screen, EndScreen)
            await alice_pilot.press("r")  # Alice asks for the rematch
            await alice_pilot.pause()
            screen = alice_app.screen
            assert isinstance(screen, GameScreen) and screen.table.table_id != created.table.id
            new_table = screen.table.table_id
            said = " ".join(screen.match.log)
            assert new_table in said and screen.table.code in said  # her code, said to her alone
            assert screen.table.me == 0 and not screen.match.game.is_over
        await pilot.pause(0.3)  # Bruno's screen follows the old table: he is told
        assert "Alice demande une revanche" in str(end.query_one("#export-result", Static).render())
        await pilot.press("r")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.table.table_id == new_table
        assert screen.table.me == 1
        assert screen.table.code not in " ".join(alice.match.log)
    assert not list((tmp_path / "parties").glob("*"))  # no local game was started
    watcher = TableSession.watch(open_store(base), created.table.id, None)
    app = ScrabbleApp(table=watcher)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, EndScreen) and not app.screen.query(Button).filter("#revanche")
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, EndScreen)


async def test_a_served_seat_follows_its_tables_rematch_and_stays_confined_to_its_seat(tmp_path, words):
    """In a browser (the served policy), « Revanche » at a table's end takes the seat to the same
    seat at the new table; no new game, and a watcher gets no rematch there either."""
    from textual.widgets import Button

    from scrabble_fr.table.rematch import follow_rematch
    from scrabble_fr.tui.policy import SERVED, Opening
    from scrabble_fr.tui.screens.end import EndScreen
    from scrabble_fr.tui.screens.table_code import TableCodeScreen

    from .test_rematch import finished

    base = str(tmp_path / "tables.sqlite3")
    created, (alice, bruno) = finished(base, words)
    bruno.close()  # Bruno left his terminal: he comes back in a browser
    app = ScrabbleApp(lexicon_loader=lambda wanted, shipped=False: (words, None), code_entry=True,
                      offer_resume=False, policy=SERVED)
    app.table_base = base
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TableCodeScreen)
        await pilot.press(*created.codes[1], "enter")  # Bruno's code, typed in the browser
        await pilot.pause()
        end = app.screen
        assert isinstance(end, EndScreen)
        assert end.query_one("#revanche", Button).display and not end.query_one("#new", Button).display
        assert "r" in end.active_bindings and "n" not in end.active_bindings
        rematch = follow_rematch(alice)  # Alice asks at her own terminal
        await pilot.pause(0.5)  # the end screen follows the old table: Bruno is told, truly
        said = str(end.query_one("#export-result", Static).render())
        assert "Alice demande une revanche" in said and "Revanche (r) vous mène" in said
        await pilot.press("r")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.table.table_id == rematch.table
        assert screen.table.me == 1 and not screen.match.game.is_over
        assert not app.may_open(Opening.NEW_GAME) and not app.may_open(Opening.SETTINGS)  # still confined
        assert "f9" not in screen.active_bindings
    assert not list((tmp_path / "parties").glob("*"))  # no local game on the host's machine
    watcher = TableSession.watch(open_store(base), created.table.id, None)
    app = ScrabbleApp(table=watcher, policy=SERVED)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        end = app.screen
        assert isinstance(end, EndScreen) and not end.query(Button).filter("#revanche")
        assert "r" not in end.active_bindings
        await pilot.press("r")
        await pilot.pause()
        assert app.screen is end


async def test_a_classic_tables_arbiter_is_offered_no_move_keys(tmp_path, words):
    from scrabble_fr.match.config import Verification

    base = str(tmp_path / "tables.sqlite3")
    created = create_table(open_store(base), TableSettings(["Alice", "Bruno"], arbiter="Zoé", seed=7,
                                                           verification=Verification.MANUAL))
    arbiter = TableSession.join(open_store(base), created.codes[2], words)
    app = ScrabbleApp(lexicon=words, table=arbiter)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert not set(screen._bindings.key_to_bindings) & {"f2", "f3", "f4", "f5", "f6"}
        command = screen.query_one("#command", Input)
        assert command.disabled and "Vous arbitrez" in command.placeholder


@pytest.mark.parametrize("language", ["fr", "en"])
async def test_a_seat_away_is_said_on_its_own_line_at_80_columns_with_clocks(tmp_path, words, language):
    from scrabble_fr.i18n import set_language

    set_language(language)
    base = str(tmp_path / "tables.sqlite3")
    created = create_table(open_store(base), TableSettings(["Alice", "Bruno"], seed=7, clock_minutes=25))
    alice = TableSession.join(open_store(base), created.codes[0], words)  # Bruno's seat: nobody holds it
    app = ScrabbleApp(lexicon=words, table=alice)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        scores = app.screen.query_one("#scores", Static)
        lines = str(scores.render()).splitlines()
        away = {"fr": "absent", "en": "away"}[language]
        bruno = next(line for line in lines if "Bruno" in line)
        assert bruno.rstrip().endswith("25:00 " + away)  # on Bruno's line, not wrapped below it
        assert all(len(line.rstrip()) <= scores.size.width for line in lines), (lines, scores.size)
        assert not any(line.strip() == away for line in lines)
