"""Faults at a club duplicate table: the arbitrator's process killed mid-coup and restarted,
PostgreSQL restarted between two coups, and bad input on the command line (one line, exit 2,
nothing written).

Seed 1: the first draw is ERZAGEP and its top H6 ARPEGEZ, 108 (the first coup pays a word its
best score wherever it is written); H4 PAGE is worth 14 there.
"""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from scrabble_fr.cli import main
from scrabble_fr.table import TableError, open_store
from scrabble_fr.table.duplicate import DuplicateTable, DuplicateTableSettings, create_duplicate_table

from .conftest import until_back


@pytest.fixture(scope="module")
def french():
    from scrabble_fr.lexicon import Lexicon

    return Lexicon.builtin("fr")


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    return main(list(argv), out=out, err=err), out.getvalue(), err.getvalue()


def kinds(base: str, table_id: str) -> list[str]:
    return [row.payload["type"] for row in open_store(base).rows(table_id)]


def coup_in_play(base: str, french):  # type: ignore[no-untyped-def]
    """A club table (seed 1, Alice and Bruno, no clock), its arbitrator's and Alice's seats, coup 1
    started and read by Alice."""
    created = create_duplicate_table(open_store(base), DuplicateTableSettings(["Alice", "Bruno"], seed=1,
                                                                              seconds=None))
    arbiter = DuplicateTable.join(open_store(base), created.codes[2], french)
    alice = DuplicateTable.join(open_store(base), created.codes[0])
    arbiter.start_coup()
    alice.poll(timeout=2.0)
    return created, arbiter, alice


_ARBITRATOR = textwrap.dedent(
    """
    import sys
    from scrabble_fr.lexicon import Lexicon
    from scrabble_fr.table import open_store
    from scrabble_fr.table.duplicate import DuplicateTable
    arbiter = DuplicateTable.join(open_store(sys.argv[1]), sys.argv[2], Lexicon.builtin("fr"))
    arbiter.start_coup()
    print("started", flush=True)
    while True:  # the arbitrator's screen following the table, until killed
        arbiter.poll(timeout=0.2)
    """
)


@pytest.mark.timeout(90)
def test_the_arbitrator_killed_mid_coup_restarts_with_the_proposals_and_closes_once(tmp_path, french):
    base = str(tmp_path / "tables.sqlite3")
    created = create_duplicate_table(open_store(base), DuplicateTableSettings(["Alice", "Bruno"], seed=1,
                                                                              seconds=None))
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2]))
    process = subprocess.Popen([sys.executable, "-c", _ARBITRATOR, base, created.codes[2]], stdout=subprocess.PIPE,
                               text=True, env=env)
    try:
        assert process.stdout is not None and process.stdout.readline().strip() == "started"
        alice = DuplicateTable.join(open_store(base), created.codes[0])
        bruno = DuplicateTable.join(open_store(base), created.codes[1])
        alice.propose("H4 PAGE")
        alice.propose("H2 ARPEGEZ")  # replaces PAGE
        bruno.propose("H4 PAGE")
        process.send_signal(signal.SIGKILL)  # mid-coup: the proposals are in, nothing closed
        process.wait(timeout=10)
    finally:
        process.kill()
        process.wait()
    # The arbitrator starts again; the killed process's lease still runs: --forcer takes the seat.
    with pytest.raises(TableError) as held:
        DuplicateTable.join(open_store(base), created.codes[2], french)
    assert held.value.code == "seat_taken"
    arbiter = DuplicateTable.join(open_store(base), created.codes[2], french, force=True)
    coup = arbiter.current
    assert coup is not None and coup.number == 1 and coup.proposals == {0: "H2 ARPEGEZ", 1: "H4 PAGE"}
    arbiter.close_coup()
    # A second close sent at once (the command line's --fermer) is refused: closed once.
    status, _out, err = run("table", "arbitrer", created.codes[2], "--fermer", "1", "--base", base)
    assert status == 2 and err.count("\n") == 1 and "déjà" in err
    assert kinds(base, created.table.id).count("close") == 1
    assert kinds(base, created.table.id).count("results") == 1
    alice.poll(timeout=2.0)
    assert [alice.coups[0].points(seat) for seat in (0, 1)] == [108, 14]
    assert alice.total(0) == 108 and alice.total(1) == 14


@pytest.mark.timeout(120)
def test_postgresql_restarted_between_two_coups_loses_nothing(postgres, french):
    base = postgres.schema_url("club_faults")
    created = create_duplicate_table(open_store(base), DuplicateTableSettings(["Alice", "Bruno"], seed=1,
                                                                              seconds=None))
    arbiter = DuplicateTable.join(open_store(base), created.codes[2], french)
    alice = DuplicateTable.join(open_store(base), created.codes[0])
    bruno = DuplicateTable.join(open_store(base), created.codes[1])
    arbiter.start_coup()
    alice.propose("H6 ARPEGEZ")
    bruno.propose("H4 PAGE")
    arbiter.poll(timeout=2.0)
    arbiter.close_coup()
    before = open_store(base).rows(created.table.id)
    postgres.stop("immediate")  # a crash between the two coups
    try:
        outcome = alice.poll(timeout=0.5)
        assert outcome is not None and outcome.warning and "perdue" in outcome.warning
        with pytest.raises(TableError):
            arbiter.start_coup()  # cannot be written: nothing is
    finally:
        postgres.start()
    deadline = time.monotonic() + 20
    for table in (arbiter, alice, bruno):  # each screen reads the table again: reconnected
        table.poll(timeout=0.2)
        while table.offline:
            assert time.monotonic() < deadline, "the table did not come back"
            table.poll(timeout=0.2)
    assert open_store(base).rows(created.table.id) == before  # every acknowledged row, nothing more
    arbiter.start_coup()
    for table in (alice, bruno):
        table.poll(timeout=2.0)
    assert alice.current is not None and alice.current.number == 2
    assert [alice.coups[0].points(seat) for seat in (0, 1)] == [108, 14]
    alice.propose("-")
    bruno.propose("-")
    arbiter.poll(timeout=2.0)
    arbiter.close_coup()
    bruno.poll(timeout=2.0)
    assert kinds(base, created.table.id).count("close") == 2 and bruno.total(0) == 108 and bruno.total(1) == 14


# -- bad input: one line, exit 2, nothing written ------------------------------------------------------------
@pytest.fixture
def club(base: str, french) -> dict:
    status, out, err = run("table", "creer", "--duplicate", "--graine", "1", "--temps", "0", "--base", base, "--json")
    assert status == 0, err
    data = json.loads(out)  # an open table: players join with its code and a name
    data["base"] = base
    arbiter = DuplicateTable.join(open_store(base), data["arbiter"], french)
    alice = DuplicateTable.join(open_store(base), data["code"], name="Alice")
    data["alice"] = alice.code
    arbiter.start_coup()
    alice.propose("H4 PAGE")
    arbiter.close_coup()  # coup 1 is closed; coup 2 not started yet
    alice.close()  # her screen is closed: the command line acts for her seat
    arbiter.close()
    return data


def _snapshot(base: str) -> tuple[list, list]:
    store = open_store(base)
    return [(t.id, t.events, [s.name for s in t.seats]) for t in store.tables()], \
        [r.payload for t in store.tables() for r in store.rows(t.id)]


@pytest.mark.parametrize("argv, said", [
    (("jouer", "abcd-efgh-jkmn-pqrs-tuvw", "H4 PAGE"), "code"),  # an unknown code
    (("arbitrer", "abcd-efgh-jkmn-pqrs-tuvw", "--fermer", "1"), "code"),
    (("rejoindre", "abcd-efgh-jkmn-pqrs-tuvw"), "code"),
    (("rejoindre", "{code}", "--nom", "alice"), "déjà alice"),  # a name already taken (case aside)
    (("rejoindre", "{code}"), "--nom"),  # the table's code without a name
    (("jouer", "{alice}", "H4 PAGE"), "fermé"),  # a proposal after the close
    (("arbitrer", "{arbiter}", "--fermer", "1"), "déjà"),  # coup 1 closed already
    (("creer", "--duplicate", "--club", "--temps", "0:45"), "3:00, 2:30, 2:00 ou 1:00"),  # not the rules' time
    (("creer", "--duplicate", "--club", "--temps", "0"), "3:00, 2:30, 2:00 ou 1:00"),  # no clock in a club game
])
def test_bad_input_at_a_club_table_is_one_line_exit_2_and_writes_nothing(club, argv, said):
    before = _snapshot(club["base"])
    status, out, err = run("table", *(a.format(**club) for a in argv), "--base", club["base"])
    assert status == 2 and out == "" and err.count("\n") == 1 and err.startswith("scrabble-fr table:"), err
    assert said in err
    assert "Traceback" not in err
    assert _snapshot(club["base"]) == before


def test_a_proposal_after_the_close_is_refused_even_from_a_process_that_missed_the_close(base, french):
    created, arbiter, alice = coup_in_play(base, french)
    arbiter.close_coup()  # Alice's process has not read the close yet
    rows = open_store(base).rows(created.table.id)
    alice.store.changed = lambda *args, **kwargs: False  # type: ignore[method-assign]  # its look misses it
    with pytest.raises(Exception) as refused:
        alice.propose("H4 PAGE")
    assert getattr(refused.value, "code", None) == "coup_closed"
    assert open_store(base).rows(created.table.id) == rows


# -- an intent the store does not take: refused at once, « pas enregistré », sent again by hand ------------
def _said(exc: BaseException) -> str:
    from scrabble_fr.messages import describe

    assert isinstance(exc, TableError)
    return describe(exc)


@pytest.mark.timeout(120)
def test_a_proposal_and_a_close_while_postgresql_is_stopped_are_refused_at_once_and_sent_again_later(
        postgres, french):
    base = postgres.schema_url("club_outage")
    created, arbiter, alice = coup_in_play(base, french)
    before = open_store(base).rows(created.table.id)
    postgres.stop("fast")
    try:
        # Not yet known to be away: the proposal is refused, and says so; nothing kept to be sent.
        with pytest.raises(TableError) as refused:
            alice.propose("H4 PAGE")
        assert refused.value.code == "not_recorded" and "pas enregistré" in _said(refused.value)
        assert not alice.has_proposed(0)
        # Known to be away: refused at once, before any connection attempt.
        start = time.monotonic()
        with pytest.raises(TableError) as again:
            alice.propose("H4 PAGE")
        assert again.value.code == "not_recorded" and time.monotonic() - start < 0.5
        assert alice.poll() is None  # the refusal said it: no second warning
        # The arbitrator's close: the first look says the loss (never « nouvel essai… » alone) ...
        lost = arbiter.poll(timeout=0.2)
        assert lost is not None and lost.warning and "pas enregistrée" in lost.warning
        # ... and the close is refused at once, nothing of it kept.
        start = time.monotonic()
        with pytest.raises(TableError) as closing:
            arbiter.close_coup()
        assert closing.value.code == "not_recorded" and "pas enregistré" in _said(closing.value)
        assert time.monotonic() - start < 0.5
        assert arbiter.current is not None and arbiter.current.number == 1
    finally:
        postgres.start()
    for table in (alice, arbiter):
        assert until_back(table)[0] == "La base des tables répond de nouveau."
    assert open_store(base).rows(created.table.id) == before  # nothing of the refused intents
    alice.propose("H4 PAGE")  # sent again, by hand: recorded
    arbiter.poll(timeout=2.0)
    assert arbiter.current is not None and arbiter.current.proposals == {0: "H4 PAGE"}
    arbiter.close_coup()  # sent again: closed, and the results follow
    assert kinds(base, created.table.id)[len(before):] == ["proposal", "close", "results"]
    alice.poll(timeout=2.0)
    assert alice.coups[0].points(0) == 14


def _held(base: str):  # type: ignore[no-untyped-def]
    """Another terminal's write holding the SQLite file (until its ``ROLLBACK``)."""
    import sqlite3

    holder = sqlite3.connect(base, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    return holder


def test_a_proposal_and_a_close_on_a_held_sqlite_file_are_refused_and_go_when_sent_again(tmp_path, french,
                                                                                         monkeypatch):
    from scrabble_fr.table import sqlite as sqlite_store

    monkeypatch.setattr(sqlite_store, "BUSY_SECONDS", 0.2)
    base = str(tmp_path / "tables.sqlite3")
    created = create_duplicate_table(open_store(base), DuplicateTableSettings(["Alice", "Bruno"], seed=1,
                                                                              seconds=None))
    arbiter = DuplicateTable.join(open_store(base), created.codes[2], french)
    alice = DuplicateTable.join(open_store(base), created.codes[0])
    arbiter.start_coup()
    before = open_store(base).rows(created.table.id)
    holder = _held(base)
    try:
        with pytest.raises(TableError) as refused:
            alice.propose("H4 PAGE")
        assert refused.value.code == "not_recorded_busy"
        said = _said(refused.value)
        assert "occupée" in said and "pas enregistré" in said and "Renvoyez" in said
        with pytest.raises(TableError) as closing:
            arbiter.close_coup()
        assert closing.value.code == "not_recorded_busy"
        assert arbiter.current is not None and not alice.offline and not arbiter.offline  # busy is not away
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert open_store(base).rows(created.table.id) == before
    alice.propose("H4 PAGE")
    arbiter.poll()
    arbiter.close_coup()
    assert kinds(base, created.table.id)[len(before):] == ["proposal", "close", "results"]


def test_a_close_whose_results_the_store_does_not_take_is_said_closed_and_published_later(tmp_path, french):
    base = str(tmp_path / "tables.sqlite3")
    created = create_duplicate_table(open_store(base), DuplicateTableSettings(["Alice", "Bruno"], seed=1,
                                                                              seconds=None))
    arbiter = DuplicateTable.join(open_store(base), created.codes[2], french)
    arbiter.start_coup()
    store = arbiter.store
    written = store.append

    def close_then_lose(table_id, seq, payload, quiet=False):  # type: ignore[no-untyped-def]
        if payload["type"] != "close":
            raise TableError("base_lost")  # the server went after the close
        return written(table_id, seq, payload, quiet)

    store.append = close_then_lose  # type: ignore[method-assign]
    outcome = arbiter.close_coup()
    assert outcome.messages[0] == "Le coup 1 est fermé." and "résultats" in outcome.messages[1]
    assert arbiter.last is not None and arbiter.last.closed and arbiter.last.results is None
    del store.append
    messages = until_back(arbiter)  # the look that finds the store back publishes them
    assert messages[0] == "La base des tables répond de nouveau." and any("ARPEGEZ" in m for m in messages)
    assert kinds(base, created.table.id) == ["coup", "close", "results"]


# -- on screen: the refusal said, the typed line kept ----------------------------------------------------------
async def _until(pilot, condition, seconds: float = 20.0) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline
        await pilot.pause(0.1)


@pytest.mark.timeout(120)
async def test_a_players_proposal_while_postgresql_is_stopped_is_refused_on_screen_and_the_line_kept(
        postgres, french):
    from textual.widgets import Input, Static

    from scrabble_fr.tui.app import ScrabbleApp
    from scrabble_fr.tui.screens.club import PlayerScreen

    base = postgres.schema_url("club_outage_screen")
    created = create_duplicate_table(open_store(base), DuplicateTableSettings(["Alice", "Bruno"], seed=1,
                                                                              seconds=None))
    arbiter = DuplicateTable.join(open_store(base), created.codes[2], french)
    arbiter.start_coup()
    alice = DuplicateTable.join(open_store(base), created.codes[0])
    app = ScrabbleApp(table=alice)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PlayerScreen)
        field = screen.query_one("#club-input", Input)

        def message() -> str:
            return str(screen.query_one("#club-message", Static).render())

        postgres.stop("fast")
        try:
            field.value = "H4 PAGE"
            await pilot.press("enter")
            await pilot.pause()
            assert "pas enregistré" in message() and "nouvel essai" not in message()
            assert field.value == "H4 PAGE"  # kept, to send again as it is
            assert not alice.has_proposed(0)
        finally:
            postgres.start()
        await _until(pilot, lambda: "répond de nouveau" in message())  # the screen says the store is back
        assert field.value == "H4 PAGE"
        await pilot.press("enter")  # sent again
        await pilot.pause()
        assert field.value == "" and alice.has_proposed(0)
        assert kinds(base, created.table.id) == ["coup", "proposal"]


async def test_the_arbitrators_close_on_a_held_sqlite_file_is_refused_on_screen_and_goes_when_sent_again(
        tmp_path, french, monkeypatch):
    from textual.widgets import Static

    from scrabble_fr.table import sqlite as sqlite_store
    from scrabble_fr.tui.app import ScrabbleApp
    from scrabble_fr.tui.screens.club import ArbiterScreen
    from scrabble_fr.tui.screens.dialogs import ConfirmDialog

    monkeypatch.setattr(sqlite_store, "BUSY_SECONDS", 0.2)
    base = str(tmp_path / "tables.sqlite3")
    created = create_duplicate_table(open_store(base), DuplicateTableSettings(["Alice", "Bruno"], seed=1,
                                                                              seconds=None))
    arbiter = DuplicateTable.join(open_store(base), created.codes[2], french)
    arbiter.start_coup()
    app = ScrabbleApp(table=arbiter)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ArbiterScreen)
        holder = _held(base)
        try:
            await pilot.press("f3")
            await pilot.pause()
            assert isinstance(app.screen, ConfirmDialog)
            await pilot.press("enter")  # Close
            await pilot.pause()
            said = str(screen.query_one("#club-message", Static).render())
            assert "pas enregistré" in said and "Renvoyez" in said
            assert arbiter.current is not None  # still in play
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        assert kinds(base, created.table.id) == ["coup"]
        await pilot.press("f3")
        await pilot.pause()
        await pilot.press("enter")  # sent again
        await pilot.pause()
        assert arbiter.current is None and kinds(base, created.table.id) == ["coup", "close", "results"]
