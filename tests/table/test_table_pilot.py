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
        assert isinstance(app.screen, GameScreen) and app.screen.match.table.seat == 0
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
