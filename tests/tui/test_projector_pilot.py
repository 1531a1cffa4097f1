"""The club room's projector on a large wall (120×40): the board drawn larger takes the height,
and the ranking beside it reads in order — one column down, and only when it does not fit, side by
side left to right then down. At 80×24 the board keeps its compact size."""

from __future__ import annotations

import pytest

from scrabble_fr.table import open_store
from scrabble_fr.table.duplicate import DuplicateTable, DuplicateTableSettings, create_duplicate_table
from scrabble_fr.tui.app import ScrabbleApp
from scrabble_fr.tui.screens.club import ProjectorScreen, WallBoard, ranking_lines

pytestmark = pytest.mark.usefixtures("english")


def projector(tmp_path, players: int) -> tuple[ScrabbleApp, DuplicateTable]:  # type: ignore[no-untyped-def]
    store = open_store(str(tmp_path / "tables.sqlite3"))
    created = create_duplicate_table(store, DuplicateTableSettings([f"Player{n:02d}" for n in range(1, players + 1)],
                                                                   seconds=None, seed=1))
    table = DuplicateTable(store, store.table(created.table.id), None, spectator=True)
    return ScrabbleApp(table=table), table


def names_in_reading_order(app: ScrabbleApp) -> list[str]:
    lines = str(app.screen.query_one("#club-ranking").render()).splitlines()[1:]
    return [word for line in lines for word in line.split() if word.startswith("Player")]


async def test_a_large_wall_shows_a_larger_board_and_the_ranking_in_reading_order(tmp_path):
    app, table = projector(tmp_path, 30)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, ProjectorScreen)
        board = app.screen.query_one(WallBoard)
        assert board.zoom == 2
        assert board.region.height == 31 and board.region.width == 79  # 15 squares of 2 lines by 5 columns
        head = str(app.screen.query_one("#club-ranking").render()).splitlines()[0]
        assert "(1/" not in head  # the whole ranking on one page
        assert names_in_reading_order(app) == [line.name for line in table.standings()]
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert board.zoom == 1 and board.region.height == 16


def test_a_ranking_side_by_side_reads_left_to_right_then_down():
    rows = [f"{n:>3}. Player{n:02d}" for n in range(1, 8)]
    lines = ranking_lines(rows, height=4, columns=3)
    assert [line.split()[1::2] for line in lines] == [["Player01", "Player02"], ["Player03", "Player04"],
                                                      ["Player05", "Player06"], ["Player07"]]
    assert ranking_lines(rows, height=10, columns=3) == rows  # one column while it fits
