"""A series at 80×24: the desk's end screen starts the next game (N), a player's follows it once
started, the projector shows the cumulative ranking between games and moves to the next one.

A short bag (tests/table/test_series.py): each game is ARPEGEZ 108 then MOUDREZ 36.
"""

from __future__ import annotations

import pytest

from scrabble_fr.table import open_store
from scrabble_fr.table.duplicate import DuplicateTable, DuplicateTableSettings
from scrabble_fr.table.series import create_series, next_game
from scrabble_fr.tui.app import ScrabbleApp
from scrabble_fr.tui.screens.club import ArbiterScreen, ClubEndScreen, PlayerScreen, ProjectorScreen
from scrabble_fr.words import WordSet
from tests.table.test_results import WORDS
from tests.table.test_series import SHORT_RULES, play_game

from .conftest import text, until

SIZE = (80, 24)


pytestmark = pytest.mark.usefixtures("english")


def series(tmp_path):  # type: ignore[no-untyped-def]
    base = str(tmp_path / "tables.sqlite3")
    made = create_series(open_store(base), DuplicateTableSettings(["Alice", "Bruno"], seed=2, seconds=None,
                                                                  rules=SHORT_RULES), 2)
    words = WordSet(WORDS, "fr")
    arbiter = DuplicateTable.join(open_store(base), made.codes[2], words)
    alice = DuplicateTable.join(open_store(base), made.codes[0])
    return base, made, arbiter, alice


async def test_the_desk_starts_the_next_game_and_the_wall_follows_with_the_series_ranking(tmp_path):
    base, made, arbiter, alice = series(tmp_path)
    store = open_store(base)
    desk = ScrabbleApp(table=arbiter)
    wall = ScrabbleApp(table=DuplicateTable(store, store.table(made.table.id), None, spectator=True))
    async with desk.run_test(size=SIZE) as pilot, wall.run_test(size=SIZE) as wall_pilot:
        await pilot.pause()
        play_game(arbiter, alice, "H6 ARPEGEZ")
        # Pushed is not composed yet on a busy machine: wait for the line itself.
        await until(pilot, lambda: isinstance(desk.screen, ClubEndScreen)
                    and bool(desk.screen.query("#club-end-series")))
        assert "N starts game 2" in text(desk, "#club-end-series")
        await until(wall_pilot, lambda: "Series (1/2) — top 144" in text(wall, "#club-ranking"))
        ranking = text(wall, "#club-ranking").splitlines()
        assert "Alice" in ranking[1] and "108" in ranking[1] and "Bruno" in ranking[2]
        await pilot.press("n")
        await until(pilot, lambda: isinstance(desk.screen, ArbiterScreen) and desk.screen.table.table_id
                    == arbiter.next_table)
        assert desk.screen.table.is_arbiter and desk.screen.table.names == {0: "Alice", 1: "Bruno"}
        # The wall moved to game 2 and, before its first coup, still shows the series' ranking.
        await until(wall_pilot, lambda: isinstance(wall.screen, ProjectorScreen)
                    and wall.screen.table.table_id == arbiter.next_table)
        await until(wall_pilot, lambda: "Series (1/2)" in text(wall, "#club-ranking"))
        region = wall.screen.query_one("#club-ranking").region
        assert region.right <= SIZE[0] and region.bottom <= SIZE[1]


async def test_a_player_sits_at_the_next_game_once_the_arbitrator_started_it(tmp_path):
    base, made, arbiter, alice = series(tmp_path)
    app = ScrabbleApp(table=alice)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, PlayerScreen))
        play_game(arbiter, alice, "H6 ARPEGEZ", follow=False)  # the screen reads the end
        await until(pilot, lambda: isinstance(app.screen, ClubEndScreen)
                    and "Game 1 of 2 of the series" in text(app, "#club-end-series"))
        await pilot.press("n")  # too early: said, nothing written
        assert "has not started game 2" in text(app, "#club-end-series")
        next_id, _code = next_game(arbiter)
        await until(pilot, lambda: "Game 2 has started" in text(app, "#club-end-series"))
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, PlayerScreen)
                    and "Your seat's code, to rejoin" in text(app, "#club-message"))
        screen = app.screen
        assert screen.table.table_id == next_id and screen.table.names[screen.table.seat] == "Alice"
        assert "Your seat's code, to rejoin" in text(app, "#club-message")


async def test_a_seat_opened_on_a_finished_game_shows_one_end_screen(tmp_path):
    base, made, arbiter, alice = series(tmp_path)
    play_game(arbiter, alice, "H6 ARPEGEZ")
    alice.close()
    app = ScrabbleApp(table=DuplicateTable.join(open_store(base), made.codes[0]))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ClubEndScreen))
        await pilot.pause(0.5)  # every look at the finished table taken
        assert sum(isinstance(screen, ClubEndScreen) for screen in app.screen_stack) == 1


async def test_the_wall_keeps_its_game_ranking_while_the_series_cannot_be_read(tmp_path, monkeypatch):
    from scrabble_fr.table.errors import TableError
    from scrabble_fr.tui.screens import club

    base, made, arbiter, alice = series(tmp_path)
    store = open_store(base)
    wall = ScrabbleApp(table=DuplicateTable(store, store.table(made.table.id), None, spectator=True))
    busy = [True]

    def series_results(*args):  # type: ignore[no-untyped-def]
        if busy[0]:
            raise TableError("base_busy", seconds="5")  # another terminal writing
        return real(*args)

    real = club.series_results
    monkeypatch.setattr(club, "series_results", series_results)
    async with wall.run_test(size=SIZE) as pilot:
        await pilot.pause()
        play_game(arbiter, alice, "H6 ARPEGEZ")
        await until(pilot, lambda: "Final ranking" in text(wall, "#club-ranking"))
        assert isinstance(wall.screen, ProjectorScreen)
        busy[0] = False
        wall.screen.turn_page()  # the pages turn by themselves: the next turn reads the series
        await until(pilot, lambda: "Series (1/2) — top 144" in text(wall, "#club-ranking"))
