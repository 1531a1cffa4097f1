"""The club duplicate's screens on a SQLite table, at 80×24, in English: a player joins, proposes,
replaces, is refused; the arbitrator starts, closes with a confirmation, corrects; the projector
follows; the end screen ranks.

Seed 1: the first draw is ERZAGEP and its top H6 ARPEGEZ, 108.
"""

from __future__ import annotations

import pytest
from textual.widgets import Button, DataTable, Digits, Input, Select, Static

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
    TimeDialog,
)
from scrabble_fr.tui.screens.dialogs import ConfirmDialog

from .conftest import text, until

SIZE = (80, 24)


@pytest.fixture(scope="module")
def french():
    from scrabble_fr.lexicon import Lexicon

    return Lexicon.builtin("fr")


pytestmark = pytest.mark.usefixtures("english")


def make_table(tmp_path, french, players=("Alice", "Bruno"), **options):  # type: ignore[no-untyped-def]
    base = str(tmp_path / "tables.sqlite3")
    options.setdefault("seconds", None)
    created = create_duplicate_table(open_store(base), DuplicateTableSettings(list(players), seed=1, **options))
    return base, created


def desk_and_alice(tmp_path, french, players=("Alice", "Bruno"), **options):  # type: ignore[no-untyped-def]
    """A table of ``make_table``, its arbitrator's seat and Alice's (the first), each on a
    connection of its own: the arbitrator's code comes after the players'."""
    base, created = make_table(tmp_path, french, players, **options)
    arbiter = DuplicateTable.join(open_store(base), created.codes[len(players)], french)
    alice = DuplicateTable.join(open_store(base), created.codes[0])
    return base, created, arbiter, alice


def screen_text(app: ScrabbleApp) -> str:
    return "\n".join(str(w.render()) for w in app.screen.query(Static))


async def test_a_player_proposes_is_refused_replaces_and_sees_the_top_and_rank(tmp_path, french):
    base, created, arbiter, alice = desk_and_alice(tmp_path, french)
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
        field.value = "H4 PAGE"
        await pilot.press("enter")
        await pilot.pause()
        assert "H4 PAGE" in text(app, "#club-info") and field.value == ""
        field.value = "H2 ARPEGEZ"
        await pilot.press("enter")  # replaces the first proposal
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
        field.value = "H4 PAGE"
        await pilot.press("enter")  # between coups: nothing sent
        await pilot.pause()
        assert len(alice.coups) == 1


async def test_the_arbitrator_starts_closes_after_confirming_and_corrects(tmp_path, french):
    base, created, arbiter, alice = desk_and_alice(tmp_path, french)
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
        await pilot.press("f6")  # the time of the coups: 2:00 instead of no clock
        await pilot.pause()
        assert isinstance(app.screen, TimeDialog)
        app.screen.query_one("#time-120", Button).press()
        await pilot.pause()
        assert "2:00 a coup" in text(app, "#club-head")
        await pilot.press("f2")
        await pilot.pause()
        assert "ERZAGEP" in text(app, "#club-head") and "Proposed: 0 of 2" in text(app, "#club-head")
        assert "Time left: 2:00" in text(app, "#club-head") or "Time left: 1:59" in text(app, "#club-head")
        alice.poll(timeout=2.0)
        alice.propose("H6 ARPEGEZ")
        await until(pilot, lambda: "Proposed: 1 of 2" in text(app, "#club-head"))
        assert "✓ Alice" in text(app, "#club-players") and "ARPEGEZ" not in text(app, "#club-players")
        await pilot.press("f3")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ConfirmDialog) and "1 player has not proposed" in dialog.question
        await pilot.press("escape")  # not yet: said so
        await pilot.pause()
        assert arbiter.current is not None and "Coup 1 stays open." in text(app, "#club-message")
        bruno.poll(timeout=2.0)
        bruno.propose("H4 PAGE")
        await pilot.press("f3")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("enter")  # Close has the focus: what the question proposes
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
        assert bruno.coups[0].corrections[1].reason == "bulletin misread"


async def test_the_projector_follows_the_table(tmp_path, french):
    base, created, arbiter, alice = desk_and_alice(tmp_path, french, seconds=180.0)
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
        assert not app.open_table_code("nope-nope")  # said, nothing opened
        await pilot.pause()
        assert app.open_table_code(created.table_code, name="Chloé")
        await pilot.pause()
        assert isinstance(app.screen, PlayerScreen) and app.screen.table.names[app.screen.table.seat] == "Chloé"
        assert "Chloé" in text(app, "#club-head")


async def test_the_end_screen_ranks_and_shows_the_sheet(tmp_path, french):
    base, created, arbiter, alice = desk_and_alice(tmp_path, french)
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
        assert grid.row_count == 2 and grid.region.height == 3  # the header and both rows in sight
        you = str(end.query_one("#club-end-you", Static).render())
        assert "rank 1 of 2" in you and "108" in you
        await pilot.press("enter")  # the Sheet button
        await pilot.pause()
        sheet = str(app.screen.query_one("#sheet-text", Static).render())
        assert "ERZAGEP" in sheet and "ARPEGEZ" in sheet and "Alice" in sheet and "Bruno" not in sheet


async def test_a_player_types_the_move_on_the_board(tmp_path, french):
    base, created, arbiter, alice = desk_and_alice(tmp_path, french)
    app = ScrabbleApp(table=alice)
    async with app.run_test(size=SIZE) as pilot:
        arbiter.start_coup()
        await until(pilot, lambda: "ERZAGEP" in text(app, "#club-head"))
        await pilot.press("tab")  # from the line to the board, its cursor on H8 across
        await pilot.press("b")  # no B in the draw: refused at once
        await pilot.pause()
        assert "B" in text(app, "#club-message") and not app.screen.tentative
        await pilot.press(*"gazer")
        await pilot.pause()
        assert len(app.screen.tentative) == 5
        await pilot.press("enter")
        await pilot.pause()
        assert "H8 GAZER" in text(app, "#club-info") and not app.screen.tentative
        assert alice.current is not None and alice.current.proposals[0] == "H8 GAZER"


async def test_the_projector_turns_the_pages_of_a_long_ranking(tmp_path, french):
    names = [f"Player{n:02d}" for n in range(1, 31)]
    base, created = make_table(tmp_path, french, players=names)
    store = open_store(base)
    app = ScrabbleApp(table=DuplicateTable(store, store.table(created.table.id), None, spectator=True))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        first = text(app, "#club-ranking").splitlines()
        assert first[0].endswith("(1/2)") and "Player01" in first[1]
        app.screen.turn_page()
        await pilot.pause()
        second = text(app, "#club-ranking").splitlines()
        assert second[0].endswith("(2/2)") and "Player30" in second[-1]
        assert len(first) + len(second) - 2 == 30  # every player on one page or the other


def check(app: ScrabbleApp, where: str) -> None:
    """The typography test's check, the clock's large digits aside (their strokes are no text)."""
    from .conftest import ENGLISH, FORBIDDEN_STARTS, screen_lines

    problems = []
    for widget, line in screen_lines(app):
        if widget.startswith("Digits"):
            continue
        text = line.lstrip(" │┃║▌▐▕▏|▔▁▂▃▄▅▆▇█╭╮╰╯─━")
        if text.startswith(FORBIDDEN_STARTS) and text.rstrip() != "%":
            problems.append(f"{where}: {widget}: {line!r}")
        if ENGLISH.search(line):
            problems.append(f"{where}: {widget}: English in {line!r}")
    assert problems == [], "\n".join(problems)


async def test_the_club_screens_in_french_keep_french_typography(tmp_path, french):
    set_language("fr")
    base, created, arbiter, alice = desk_and_alice(tmp_path, french, seconds=120.0)
    store = open_store(base)
    wall = DuplicateTable(store, store.table(created.table.id), None, spectator=True)
    apps = {"player": ScrabbleApp(table=alice), "arbitrator": ScrabbleApp(lexicon=french, table=arbiter),
            "projector": ScrabbleApp(table=wall)}
    for where, app in apps.items():
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            check(app, where + ", before the first coup")
            if arbiter.current is None and not arbiter.coups:
                arbiter.start_coup()
            await until(pilot, lambda app=app: "ERZAGEP" in screen_text(app))
            if where == "player":
                assert "Temps restant" in text(app, "#club-head")
                await pilot.press(*"H8 ZEBRE", "enter")
                await pilot.pause()
                assert text(app, "#club-message").startswith("Il manque B")
                check(app, where + ", a move refused")
                app.screen.query_one("#club-input", Input).value = ""
                await pilot.press(*"H6 ARPEGEZ", "enter")
                await pilot.pause()
            check(app, where + ", during the coup")
            if where == "projector":
                arbiter.poll(timeout=2.0)
                arbiter.close_coup()
                await until(pilot, lambda app=app: "ARPEGEZ 108" in text(app, "#club-top"))
                check(app, where + ", after the close")
    end = ScrabbleApp(table=alice)
    async with end.run_test(size=SIZE) as pilot:
        await pilot.pause()
        end.push_screen(ClubEndScreen(alice))
        await pilot.pause()
        check(end, "the end screen")


async def test_the_arbitrator_sees_players_join_an_open_table_late_ones_too(tmp_path, french):
    base = str(tmp_path / "tables.sqlite3")
    created = create_duplicate_table(open_store(base), DuplicateTableSettings([], seed=1, seconds=None))
    assert created.table_code is not None
    arbiter = DuplicateTable.join(open_store(base), created.codes[0], french)
    app = ScrabbleApp(lexicon=french, table=arbiter)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Nobody yet" in text(app, "#club-players")
        alice = DuplicateTable.join(open_store(base), created.table_code, name="Alice")
        await until(pilot, lambda: "Alice" in text(app, "#club-players"))
        await pilot.press("f2")
        await pilot.pause()
        alice.poll(timeout=2.0)
        alice.propose("H6 ARPEGEZ")
        bruno = DuplicateTable.join(open_store(base), created.table_code, name="Bruno")  # during coup 1
        await until(pilot, lambda: "Bruno" in text(app, "#club-players"))
        assert "1 of 2" in text(app, "#club-head")
        await pilot.press("f3")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        bruno.poll(timeout=2.0)
        assert bruno.rank(bruno.seat) == 2 and bruno.total(alice.seat) == 108
        players = text(app, "#club-players")
        assert "Alice" in players.splitlines()[2] and "Bruno" in players.splitlines()[3]


async def test_the_players_screen_closes_the_coup_when_the_time_is_up(tmp_path, french):
    import sqlite3

    base, created, arbiter, alice = desk_and_alice(tmp_path, french, seconds=60.0)
    app = ScrabbleApp(table=alice)
    async with app.run_test(size=SIZE) as pilot:
        arbiter.start_coup()
        await until(pilot, lambda: "Time left: 1:00" in text(app, "#club-head") or "0:5" in text(app, "#club-head"))
        app.screen.query_one("#club-input", Input).value = "H6 ARPEGEZ"
        await pilot.press("enter")
        await pilot.pause()
        with sqlite3.connect(base) as db:  # the coup started 61 s ago, by the database's clock
            db.execute("UPDATE events SET ts_ms = ts_ms - 61000 WHERE payload LIKE '%\"coup\"%'")
        alice.rebuild()
        await until(pilot, lambda: "Time is up" in text(app, "#club-message"))
        assert "the top is being computed" in text(app, "#club-head")  # the arbitrator's process publishes it
        arbiter.poll(timeout=2.0)
        await until(pilot, lambda: "ARPEGEZ 108" in text(app, "#club-info"))
        types = [row.payload["type"] for row in open_store(base).rows(created.table.id)]
        assert types.count("close") == 1


# The desk's dialogs, each left without a change and then used: closing coup 1 (Escape, the
# other button, then Enter), then the time of the coups to come and a correction, both cancelled.
@pytest.mark.parametrize("language", ["fr", "en"])
async def test_the_desks_dialogs_say_when_they_are_cancelled_and_enter_closes_the_coup(tmp_path, french, language):
    set_language(language)
    base, created = make_table(tmp_path, french)
    arbiter = DuplicateTable.join(open_store(base), created.codes[2], french)
    app = ScrabbleApp(lexicon=french, table=arbiter)
    stays_open = {"fr": "Le coup 1 reste ouvert.", "en": "Coup 1 stays open."}[language]
    said = {"fr": ("Temps des prochains coups inchangé\u00a0: sans pendule.", "Aucun score corrigé."),
            "en": ("The time of the coups to come is unchanged: no clock.", "No score corrected.")}[language]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f2")
        await pilot.pause()
        await pilot.press("f3")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        assert app.screen.focused is app.screen.query_one("#yes", Button)  # « Fermer »: what is asked
        await pilot.press("escape")
        await pilot.pause()
        assert arbiter.current is not None and text(app, "#club-message") == stays_open
        app.screen.say("")
        await pilot.press("f3")
        await pilot.pause()
        app.screen.query_one("#no", Button).press()  # the other button
        await pilot.pause()
        assert arbiter.current is not None and text(app, "#club-message") == stays_open
        await pilot.press("f3")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ArbiterScreen) and arbiter.current is None and len(arbiter.coups) == 1
        assert arbiter.coups[0].results is not None
        await pilot.press("f6")
        await pilot.pause()
        assert isinstance(app.screen, TimeDialog)
        await pilot.press("escape")
        await pilot.pause()
        assert text(app, "#club-message") == said[0] and arbiter.coup_seconds is None
        await pilot.press("f4")
        await pilot.pause()
        assert isinstance(app.screen, CorrectionDialog)
        await pilot.press("escape")
        await pilot.pause()
        assert text(app, "#club-message") == said[1] and not arbiter.coups[0].corrections
        await pilot.press("f4")
        await pilot.pause()
        app.screen.query_one("#cancel", Button).press()  # its Cancel button: as Escape
        await pilot.pause()
        assert isinstance(app.screen, ArbiterScreen) and text(app, "#club-message") == said[1]


@pytest.mark.parametrize("language", ["fr", "en"])
async def test_after_a_proposal_the_line_says_the_player_may_replace_it_and_fits(tmp_path, french, language):
    set_language(language)
    base, created, arbiter, alice = desk_and_alice(tmp_path, french)
    app = ScrabbleApp(table=alice)
    async with app.run_test(size=SIZE) as pilot:
        arbiter.start_coup()
        await until(pilot, lambda: "ERZAGEP" in text(app, "#club-head"))
        field = app.screen.query_one("#club-input", Input)
        field.value = "H4 PAGE"
        await pilot.press("enter")
        await pilot.pause()
        expected = {"fr": "Tapez un autre coup pour remplacer le vôtre, jusqu'à la fermeture du coup",
                    "en": "Type another move to replace yours, until the coup closes"}[language]
        assert field.placeholder == expected
        assert len(expected) <= field.content_region.width  # whole at 80 columns


@pytest.mark.parametrize("language", ["fr", "en"])
async def test_the_arbitrators_sheet_at_80_columns_cuts_no_column(tmp_path, french, language):
    set_language(language)
    base, created, arbiter, alice = desk_and_alice(tmp_path, french, players=("Alice", "Bruno", "Chloé"))
    arbiter.start_coup()
    alice.poll(timeout=2.0)
    alice.propose("H6 ARPEGEZ")
    arbiter.poll(timeout=2.0)
    arbiter.close_coup()
    arbiter.start_coup()
    arbiter.close_coup()
    app = ScrabbleApp(lexicon=french, table=arbiter)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f5")
        await pilot.pause()
        await pilot.pause()
        box = app.screen.query_one("#sheet-box")
        sheet = str(app.screen.query_one("#sheet-text", Static).render())
        lines = sheet.splitlines()
        assert max(len(line) for line in lines) <= box.scrollable_content_region.width  # nothing to scroll sideways
        assert box.max_scroll_x == 0
        for name in ("Alice", "Bruno", "Chloé"):
            assert name in sheet
        assert "H6 ARPEGEZ 108" in sheet and sheet.count("(0\u00a0%)" if language == "fr" else "(0%)") == 2
        await pilot.press("f5")
        await pilot.pause()
        assert isinstance(app.screen, ArbiterScreen)


def whole_lines(app: ScrabbleApp, selector: str) -> list[str]:
    """A widget's lines, checked to fit its width (none wraps or is cut) and the screen."""
    widget = app.screen.query_one(selector, Static)
    lines = str(widget.render()).splitlines()
    assert all(len(line) <= widget.content_region.width for line in lines), (lines, widget.content_region)
    assert widget.region.right <= SIZE[0] and widget.region.bottom <= SIZE[1] - 1  # above the key bar
    return lines


@pytest.mark.parametrize("language", ["fr", "en"])
async def test_the_desk_shows_the_open_tables_code_and_who_is_away_at_80_columns(tmp_path, french, language):
    set_language(language)
    base = str(tmp_path / "tables.sqlite3")
    created = create_duplicate_table(open_store(base), DuplicateTableSettings([], seed=1, seconds=None))
    arbiter = DuplicateTable.join(open_store(base), created.codes[0], french)
    app = ScrabbleApp(lexicon=french, table=arbiter)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        code = whole_lines(app, "#club-code")
        assert code == [{"fr": "Code de la table, pour la rejoindre\u00a0: ",
                         "en": "The table's code, to join: "}[language] + str(created.table_code)]
        alice = DuplicateTable.join(open_store(base), created.table_code, name="Alice")  # the code read there
        bruno = DuplicateTable.join(open_store(base), created.table_code, name="Bruno")
        bruno.close()  # Bruno's terminal closed: his seat is away, seen by the desk's next look at the seats
        await until(pilot, lambda: "Bruno" in text(app, "#club-players"))
        players = whole_lines(app, "#club-players")
        assert players[0] == {"fr": "2 joueurs, 1 absent (○)", "en": "2 players, 1 away (○)"}[language]
        assert players[1:] == ["●  Alice", "○  Bruno"]
        assert alice.seat in arbiter.players


async def test_the_desk_of_a_table_made_before_says_its_code_was_given_at_its_creation(tmp_path, french,
                                                                                       monkeypatch):
    from scrabble_fr.table import store
    from scrabble_fr.table.store import new_code

    set_language("fr")
    monkeypatch.setattr(store, "new_codes", lambda table, table_id: (
        {n: new_code() for n in range(len(table.seats))}, new_code()))  # the open table's code drawn, as before
    base = str(tmp_path / "tables.sqlite3")
    created = create_duplicate_table(open_store(base), DuplicateTableSettings([], seed=1, seconds=None))
    monkeypatch.undo()
    app = ScrabbleApp(lexicon=french, table=DuplicateTable.join(open_store(base), created.codes[0], french))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert whole_lines(app, "#club-code") == ["Le code de la table a été affiché à sa création."]
        assert str(created.table_code) not in screen_text(app)


async def test_a_close_confirmation_answered_after_the_time_closed_the_coup_says_no_more(tmp_path, french):
    import sqlite3

    base, created = make_table(tmp_path, french, seconds=60.0)
    arbiter = DuplicateTable.join(open_store(base), created.codes[2], french)
    app = ScrabbleApp(lexicon=french, table=arbiter)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f2")
        await pilot.pause()
        await pilot.press("f3")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        with sqlite3.connect(base) as db:  # the coup started 61 s ago, by the database's clock
            db.execute("UPDATE events SET ts_ms = ts_ms - 61000 WHERE payload LIKE '%\"coup\"%'")
        arbiter.rebuild()
        await until(pilot, lambda: arbiter.current is None)  # closed by the time, the dialog still up
        await pilot.press("escape")
        await pilot.pause()
        assert "stays open" not in text(app, "#club-message")
        types = [row.payload["type"] for row in open_store(base).rows(created.table.id)]
        assert types.count("close") == 1


async def test_each_club_screen_follows_its_table_on_one_timer(tmp_path, french, monkeypatch):
    # Textual runs a base class's on_mount itself: a screen that also called it through super()
    # followed the table twice as often and read its seats twice as it opened.
    from scrabble_fr.tui.screens import club

    base, created, arbiter, alice = desk_and_alice(tmp_path, french)
    store = open_store(base)
    wall = DuplicateTable(store, store.table(created.table.id), None, spectator=True)
    followed: list[object] = []
    monkeypatch.setattr(club, "follow_table", lambda screen, *args, **kw: followed.append(screen))
    for table, kind in ((arbiter, ArbiterScreen), (alice, PlayerScreen), (wall, ProjectorScreen)):
        followed.clear()
        app = ScrabbleApp(lexicon=french, table=table)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, kind)
            assert followed == [app.screen]
