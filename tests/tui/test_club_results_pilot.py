"""Per coup, at 80×24: the desk and the projector say how many found the top and the spread of the
scores; a player's end screen lists their coups beside each top.

Seed 1: coup 1 draws ERZAGEP (top H6 ARPEGEZ, 108), coup 2 OOUMEDR (top 12B MOUDREZ, 36).
"""

from __future__ import annotations

import pytest
from textual.widgets import Button, DataTable, Static

from scrabble_fr.i18n import set_language
from scrabble_fr.table import open_store
from scrabble_fr.table.duplicate import DuplicateTable, DuplicateTableSettings, create_duplicate_table
from scrabble_fr.tui.app import ScrabbleApp
from scrabble_fr.tui.screens.club import ArbiterScreen, ClubEndScreen, ProjectorScreen
from scrabble_fr.words import WordSet

from .conftest import until

SIZE = (80, 24)
WORDS = WordSet(["ARPEGEZ", "PAGE", "GAZER", "MOUDREZ"], "fr")  # each top is the whole list's


pytestmark = pytest.mark.usefixtures("english")


def three_players(tmp_path):  # type: ignore[no-untyped-def]
    base = str(tmp_path / "tables.sqlite3")
    created = create_duplicate_table(open_store(base), DuplicateTableSettings(["Alice", "Bruno", "Chloé"], seed=1,
                                                                              seconds=None))
    arbiter = DuplicateTable.join(open_store(base), created.codes[3], WORDS)
    seats = [DuplicateTable.join(open_store(base), created.codes[n]) for n in range(3)]
    return base, created, arbiter, seats


def play(arbiter, seats, proposals) -> None:  # type: ignore[no-untyped-def]
    arbiter.start_coup()
    for seat, text in zip(seats, proposals, strict=True):
        seat.poll()
        if text:
            seat.propose(text)
    arbiter.poll()
    arbiter.close_coup()
    for seat in seats:
        seat.poll()


def shown_lines(app: ScrabbleApp, selector: str) -> list[str]:
    widget = app.screen.query_one(selector, Static)
    assert widget.region.right <= SIZE[0] and widget.region.bottom <= SIZE[1]
    return str(widget.render()).splitlines()


def fits(app: ScrabbleApp, selector: str, line: str) -> bool:
    """``line`` is shown whole on one line of the widget (neither wrapped nor cut)."""
    widget = app.screen.query_one(selector, Static)
    return line in shown_lines(app, selector) and len(line) <= widget.content_region.width



async def test_the_desk_and_the_projector_say_how_many_found_the_top_and_the_spread(tmp_path):
    base, created, arbiter, seats = three_players(tmp_path)
    store = open_store(base)
    wall = ScrabbleApp(table=DuplicateTable(store, store.table(created.table.id), None, spectator=True))
    desk = ScrabbleApp(table=arbiter)
    async with desk.run_test(size=SIZE) as pilot, wall.run_test(size=SIZE) as wall_pilot:
        await pilot.pause()
        assert isinstance(desk.screen, ArbiterScreen) and isinstance(wall.screen, ProjectorScreen)
        await pilot.press("f2")
        for seat, text in zip(seats, ("H6 ARPEGEZ", "H4 PAGE", ""), strict=True):
            seat.poll(timeout=1.0)
            if text:
                seat.propose(text)
        await until(pilot, lambda: arbiter.has_proposed(1))
        arbiter.close_coup()
        await until(pilot, lambda: fits(desk, "#club-head", "Top found by 1 of 3"))
        assert fits(desk, "#club-head", "Scores 0–108, median 14")
        await until(wall_pilot, lambda: fits(wall, "#club-top", "Scores 0–108, median 14"))
        assert shown_lines(wall, "#club-top") == ["Top: H6 ARPEGEZ 108", "Top found by 1 of 3",
                                                  "Scores 0–108, median 14"]


@pytest.mark.parametrize("language", ["en", "fr"])
async def test_a_players_end_screen_shows_each_coup_beside_its_top(tmp_path, language):
    set_language(language)
    _base, _created, arbiter, seats = three_players(tmp_path)
    play(arbiter, seats, ("H6 ARPEGEZ", "H4 PAGE", ""))
    play(arbiter, seats, ("12B MOUDREZ", "12B MOUDREZ", ""))
    bruno = seats[1]
    app = ScrabbleApp(table=bruno)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(ClubEndScreen(bruno))
        await pilot.pause()
        grid = app.screen.query_one("#club-end-coups", DataTable)
        rows = [[str(cell) for cell in grid.get_row_at(index)] for index in range(grid.row_count)]
        assert rows == [["1", "H6 ARPEGEZ 108", "H5 PAGE 14", "−94"], ["2", "12B MOUDREZ 36", "12B MOUDREZ 36", "✓"]]
        assert grid.region.right <= SIZE[0] and grid.region.bottom <= SIZE[1] - 2  # above the buttons and keys
        assert grid.region.height >= 3  # the header and both coups in sight
        buttons = [button.region for button in app.screen.query(Button)]  # Sheet and Quit, on one line below
        assert len(buttons) == 2 and all(b.height == 1 and b.right <= SIZE[0] and b.y == grid.region.bottom + 1
                                         for b in buttons), buttons
        title = "Your coups against the top" if language == "en" else "Vos coups face au top"
        assert title in "\n".join(str(label.render()) for label in app.screen.query(".section-title"))


@pytest.mark.parametrize("language", ["fr", "en"])
async def test_the_end_screens_ranking_has_the_warnings_of_the_results(tmp_path, language):
    # Chloé plays on paper: her slip without its score is paid with a warning (§5.5); the end
    # screen's ranking shows it as ``table resultats`` does, every column whole at 80×24.
    from scrabble_fr.table.results import table_results
    from scrabble_fr.table.slips import type_slip

    set_language(language)
    base = str(tmp_path / "tables.sqlite3")
    created = create_duplicate_table(open_store(base), DuplicateTableSettings(["Alice", "Bruno"], seed=1,
                                                                              seconds=None))
    arbiter = DuplicateTable.join(open_store(base), created.codes[2], WORDS)
    alice = DuplicateTable.join(open_store(base), created.codes[0])
    chloe = arbiter.add_paper_player("Chloé")
    arbiter.start_coup()
    alice.poll(timeout=1.0)
    alice.propose("H4 PAGE")
    type_slip(arbiter, "Chloé", "H4 ARPEGEZ")
    arbiter.poll()
    arbiter.close_coup()
    alice.poll(timeout=1.0)
    expected = [(line.name, line.warnings) for line in table_results(alice).ranking]
    assert ("Chloé", 1) in expected and ("Alice", 0) in expected  # the results' own count
    app = ScrabbleApp(table=alice)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(ClubEndScreen(alice))
        await pilot.pause()
        grid = app.screen.query_one("#club-ranking", DataTable)
        heads = [str(column.label) for column in grid.columns.values()]
        assert heads[-1] == ("Avert." if language == "fr" else "Warn.")
        rows = [[str(cell) for cell in grid.get_row_at(index)] for index in range(grid.row_count)]
        assert [(row[1], int(row[-1])) for row in rows] == expected
        assert chloe in alice.names and grid.region.right <= SIZE[0]
        assert sum(column.get_render_width(grid) for column in grid.columns.values()) <= grid.region.width
