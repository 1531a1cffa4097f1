"""The club duplicate's screens on a SQLite table, at 80×24, in English: a player joins, proposes,
replaces, is refused; the arbitrator starts, closes with a confirmation, corrects; the projector
follows; the end screen ranks.

Seed 1: the first draw is ERZAGEP and its top H6 ARPEGEZ, 108.
"""

from __future__ import annotations

import pytest
from textual.widgets import DataTable, Digits, Input, Select, Static

from scrabble_fr.i18n import set_language
from scrabble_fr.table import open_store
from scrabble_fr.table.duplicate import DuplicateTable, DuplicateTableSettings, create_duplicate_table
from scrabble_fr.tui.app import ScrabbleApp
from scrabble_fr.tui.screens.club import (
    ArbiterScreen,
    ClubEndScreen,
    CorrectionDialog,
    PlayerScreen,
    ProjectorScreen,
)
from scrabble_fr.tui.screens.dialogs import ConfirmDialog
from scrabble_fr.tui.table_entry import open_table_code

SIZE = (80, 24)


@pytest.fixture(scope="module")
def french():
    from scrabble_fr.lexicon import Lexicon

    return Lexicon.builtin("fr")


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("fr")


def make_table(tmp_path, french, players=("Alice", "Bruno"), **options):  # type: ignore[no-untyped-def]
    base = str(tmp_path / "tables.sqlite3")
    options.setdefault("seconds", None)
    created = create_duplicate_table(open_store(base), DuplicateTableSettings(list(players), seed=1, **options))
    return base, created


def text(app: ScrabbleApp, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


def screen_text(app: ScrabbleApp) -> str:
    return "\n".join(str(w.render()) for w in app.screen.query(Static))


async def until(pilot, condition, seconds: float = 3.0) -> None:  # type: ignore[no-untyped-def]
    for _ in range(int(seconds / 0.05)):
        if condition():
            return
        await pilot.pause(0.05)
    assert condition()


async def test_a_player_proposes_is_refused_replaces_and_sees_the_top_and_rank(tmp_path, french):
    base, created = make_table(tmp_path, french)
    arbiter = DuplicateTable.join(open_store(base), created.codes[2], french)
    alice = DuplicateTable.join(open_store(base), created.codes[0])
    app = ScrabbleApp(table=alice)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PlayerScreen)
        assert "Waiting for the arbitrator to start coup 1" in text(app, "#club-head")
        arbiter.start_coup()
        await until(pilot, lambda: "ERZAGEP" in text(app, "#club-head"))
        field = app.screen.query_one("#club-input", Input)
        assert field.has_focus
        await pilot.press(*"H8 ZEBRE", "enter")
        await pilot.pause()
        said = text(app, "#club-message")
        assert "B" in said and field.value == "H8 ZEBRE"  # refused with its reason, kept to be retyped
        assert not alice.has_proposed(0)
        field.value = ""
        await pilot.press(*"H4 PAGE", "enter")
        await pilot.pause()
        assert "H4 PAGE" in text(app, "#club-info") and field.value == ""
        await pilot.press(*"H2 ARPEGEZ", "enter")  # replaces the first proposal
        await pilot.pause()
        assert "H2 ARPEGEZ" in text(app, "#club-info")
        arbiter.poll(timeout=2.0)
        assert arbiter.current is not None and arbiter.current.proposals[0] == "H2 ARPEGEZ"
        arbiter.close_coup()
        await until(pilot, lambda: "ARPEGEZ 108" in text(app, "#club-info"))
        info = text(app, "#club-info")
        assert "You: 108 points (100%)" in info and "Rank 1 of 2" in info and "A solo!" in info
        assert "Waiting for the arbitrator to start coup 2" in text(app, "#club-head")
        assert "Wait for the next coup" in field.placeholder
        await pilot.press(*"H4 PAGE", "enter")  # between coups: nothing sent
        await pilot.pause()
        assert len(alice.coups) == 1


async def test_the_arbitrator_starts_closes_after_confirming_and_corrects(tmp_path, french):
    base, created = make_table(tmp_path, french)
    arbiter = DuplicateTable.join(open_store(base), created.codes[2], french)
    alice = DuplicateTable.join(open_store(base), created.codes[0])
    bruno = DuplicateTable.join(open_store(base), created.codes[1])
    app = ScrabbleApp(lexicon=french, table=arbiter)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ArbiterScreen)
        players = text(app, "#club-players")
        assert "Alice" in players and "Bruno" in players and "●" in players  # present: their seats are open
        await pilot.press("f3")  # no coup in play: nothing to close
        await pilot.pause()
        assert isinstance(app.screen, ArbiterScreen)
        await pilot.press("f2")
        await pilot.pause()
        assert "ERZAGEP" in text(app, "#club-head") and "Proposed: 0 of 2" in text(app, "#club-head")
        alice.poll(timeout=2.0)
        alice.propose("H6 ARPEGEZ")
        await until(pilot, lambda: "Proposed: 1 of 2" in text(app, "#club-head"))
        assert "✓ Alice" in text(app, "#club-players") and "ARPEGEZ" not in text(app, "#club-players")
        await pilot.press("f3")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ConfirmDialog) and "1 player has not proposed" in dialog.question
        await pilot.press("escape")  # not yet
        await pilot.pause()
        assert arbiter.current is not None
        bruno.poll(timeout=2.0)
        bruno.propose("H4 PAGE")
        await pilot.press("f3")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("shift+tab", "enter")  # from Cancel to Close
        await pilot.pause()
        assert isinstance(app.screen, ArbiterScreen) and arbiter.current is None
        said = text(app, "#club-message")
        assert "H6 ARPEGEZ 108" in said and "Solo: Alice" in said
        players = text(app, "#club-players")
        assert "Alice" in players.splitlines()[2] and "108" in players
        # Bruno's score on coup 1 corrected, with a reason.
        await pilot.press("f4")
        await pilot.pause()
        assert isinstance(app.screen, CorrectionDialog)
        app.screen.query_one("#corr-player", Select).value = 1
        app.screen.query_one("#corr-points", Input).value = "20"
        reason = app.screen.query_one("#corr-reason", Input)
        reason.focus()
        await pilot.press("enter")  # no reason yet: asked for
        await pilot.pause()
        assert isinstance(app.screen, CorrectionDialog)
        assert "why" in str(app.screen.query_one("#corr-error", Static).render())
        reason.value = "bulletin misread"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ArbiterScreen)
        assert arbiter.coups[0].points(1) == 20 and arbiter.total(1) == 20
        assert "Bruno's score on coup 1 is now 20" in text(app, "#club-message")
        bruno.poll(timeout=2.0)
        assert bruno.coups[0].corrections[1]["reason"] == "bulletin misread"


async def test_the_projector_follows_the_table(tmp_path, french):
    base, created = make_table(tmp_path, french, seconds=180.0)
    arbiter = DuplicateTable.join(open_store(base), created.codes[2], french)
    alice = DuplicateTable.join(open_store(base), created.codes[0])
    store = open_store(base)
    wall = DuplicateTable(store, store.table(created.table.id), None, spectator=True)
    app = ScrabbleApp(table=wall)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ProjectorScreen)
        assert "Next: coup 1" in text(app, "#club-head")
        arbiter.start_coup()
        await until(pilot, lambda: "ERZAGEP" in text(app, "#club-head"))
        clock = app.screen.query_one("#club-clock", Digits)
        assert clock.display and clock.value.startswith(("3:00", "2:5"))
        alice.poll(timeout=2.0)
        alice.propose("H6 ARPEGEZ")
        arbiter.poll(timeout=2.0)
        arbiter.close_coup()
        await until(pilot, lambda: "H6 ARPEGEZ 108" in text(app, "#club-top"))
        ranking = text(app, "#club-ranking").splitlines()
        assert "Alice" in ranking[1] and "108" in ranking[1] and "Bruno" in ranking[2]
        assert not app.screen.query_one("#club-clock", Digits).display
        assert wall.board[7, 5] == "A"
        # Everything fits 80×24: the ranking is inside the screen.
        region = app.screen.query_one("#club-ranking").region
        assert region.right <= 80 and region.y < 23


async def test_a_code_typed_in_the_app_opens_an_open_tables_new_seat(tmp_path, french):
    base = str(tmp_path / "tables.sqlite3")
    created = create_duplicate_table(open_store(base), DuplicateTableSettings([], seed=1, seconds=None))
    assert created.table_code is not None
    app = ScrabbleApp(offer_resume=False)
    app.table_base = base
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert not open_table_code(app, "nope-nope")  # said, nothing opened
        await pilot.pause()
        assert open_table_code(app, created.table_code, name="Chloé")
        await pilot.pause()
        assert isinstance(app.screen, PlayerScreen) and app.screen.table.names[app.screen.table.seat] == "Chloé"
        assert "Chloé" in text(app, "#club-head")


async def test_the_end_screen_ranks_and_shows_the_sheet(tmp_path, french):
    base, created = make_table(tmp_path, french)
    arbiter = DuplicateTable.join(open_store(base), created.codes[2], french)
    alice = DuplicateTable.join(open_store(base), created.codes[0])
    app = ScrabbleApp(table=alice)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        while not arbiter.over:  # a whole game, Alice playing the first coup only
            arbiter.start_coup()
            if len(arbiter.coups) == 1:
                alice.propose("H6 ARPEGEZ")
                arbiter.poll(timeout=2.0)
            arbiter.close_coup()
        await until(pilot, lambda: isinstance(app.screen, ClubEndScreen), seconds=5.0)
        await pilot.pause()
        end = app.screen
        grid = end.query_one("#club-ranking", DataTable)
        assert grid.row_count == 2
        you = str(end.query_one("#club-end-you", Static).render())
        assert "rank 1 of 2" in you and "108" in you
        await pilot.press("enter")  # the Sheet button
        await pilot.pause()
        sheet = str(app.screen.query_one("#sheet-text", Static).render())
        assert "ERZAGEP" in sheet and "ARPEGEZ" in sheet and "Alice" in sheet and "Bruno" not in sheet
