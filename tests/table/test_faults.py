"""Faults at a shared table: a seat's process killed mid-challenge, PostgreSQL stopped mid-game."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from scrabble_fr.table import TableError, TableSession, TableSettings, create_table, open_store
from scrabble_fr.table.store import LEASE_SECONDS

_SEAT = textwrap.dedent(
    """
    import sys, time
    from scrabble_fr.words import WordSet
    from scrabble_fr.table import TableSession, open_store
    session = TableSession.join(open_store(sys.argv[1]), sys.argv[2], WordSet(["BALTE", "TABLE"]))
    session.match.play("H4 BALTE")
    print("announced", flush=True)
    while True:  # a screen following the table, until killed
        session.poll(timeout=0.2)
    """
)


@pytest.mark.timeout(60)
def test_a_killed_seat_is_free_within_ten_seconds_and_resumes_exactly(tmp_path, words):
    # On SQLite only: the lease is the same SQL on both backends, and the wait is real time.
    base = str(tmp_path / "tables.sqlite3")
    created = create_table(open_store(base), TableSettings(["Alice", "Bruno"], seed=7))
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2]))
    alice = subprocess.Popen([sys.executable, "-c", _SEAT, base, created.codes[0]], stdout=subprocess.PIPE,
                             text=True, env=env)
    try:
        assert alice.stdout is not None and alice.stdout.readline().strip() == "announced"
        bruno = TableSession.join(open_store(base), created.codes[1], words)
        assert bruno.match.game.pending is not None  # Alice's BALTE waits for Bruno
        with pytest.raises(TableError) as held:
            TableSession.join(open_store(base), created.codes[0], words)
        assert held.value.code == "seat_taken"
        bruno.match.contest(1)  # mid-challenge, Alice's terminal dies
        alice.send_signal(signal.SIGKILL)
        alice.wait(timeout=10)
        killed = time.monotonic()
        while True:
            try:
                again = TableSession.join(open_store(base), created.codes[0], words)
                break
            except TableError as exc:
                assert exc.code == "seat_taken"
                assert time.monotonic() - killed < 10.0, "the seat was not freed within 10 s"
                time.sleep(0.25)
        assert time.monotonic() - killed <= LEASE_SECONDS + 1.5
        assert again.match.game.history == bruno.match.game.history  # resumed exactly
        assert again.match.game.scores == [20, -10] and again.match.game.racks[0] == bruno.match.game.racks[0]
    finally:
        alice.kill()
        alice.wait()


@pytest.mark.timeout(90)
def test_postgresql_stopped_for_five_seconds_loses_nothing(postgres, words):
    base = postgres.schema_url("faults")
    created = create_table(open_store(base), TableSettings(["Alice", "Bruno"], seed=7))
    alice = TableSession.join(open_store(base), created.codes[0], words)
    bruno = TableSession.join(open_store(base), created.codes[1], words)
    alice.match.play("H4 BALTE")  # acknowledged: written before the server goes
    bruno.poll(timeout=2.0)
    postgres.stop("immediate")  # a crash, no checkpoint
    try:
        outcome = bruno.poll(timeout=0.5)
        assert outcome is not None and outcome.warning and "perdue" in outcome.warning
        assert bruno.poll() is None  # said once
        before = bruno.match.game.history
        with pytest.raises(TableError):
            bruno.match.accept()  # cannot be written: nothing changes
        assert bruno.match.game.history == before and bruno.match.game.pending is not None
        time.sleep(5)
    finally:
        postgres.start()
    deadline = time.monotonic() + 20
    outcome = None
    while outcome is None or not outcome.messages:  # « La base des tables répond de nouveau. »
        outcome = bruno.poll(timeout=0.5)
        assert time.monotonic() < deadline, "the table did not come back"
    assert bruno.match.game.pending is not None and bruno.match.game.pending.move.word == "BALTE"
    bruno.match.accept()  # the game goes on
    alice.poll(timeout=2.0)
    assert alice.match.game.pending is None and alice.match.game.scores == [20, 0]


def _not_recorded(exc: TableError) -> str:
    from scrabble_fr.messages import describe

    return describe(exc)


@pytest.mark.timeout(90)
def test_an_action_while_postgresql_is_stopped_is_refused_at_once_and_sent_again_later(postgres, words):
    base = postgres.schema_url("outage")
    created = create_table(open_store(base), TableSettings(["Alice", "Bruno"], seed=7))
    alice = TableSession.join(open_store(base), created.codes[0], words)
    bruno = TableSession.join(open_store(base), created.codes[1], words)
    postgres.stop("fast")
    try:
        # Not yet known to be away: the write fails, and says so; nothing is kept to be sent.
        with pytest.raises(TableError) as refused:
            alice.match.play("H4 BALTE")
        assert refused.value.code == "not_recorded" and "pas enregistré" in _not_recorded(refused.value)
        assert alice.match.game.history == [] and alice.match.game.pending is None
        # Known to be away: refused at once, not after a connection's timeout.
        start = time.monotonic()
        with pytest.raises(TableError) as again:
            alice.match.play("H4 BALTE")
        assert again.value.code == "not_recorded" and time.monotonic() - start < 0.5
        assert alice.poll() is None  # the refusal said it: no second warning
    finally:
        postgres.start()
    deadline = time.monotonic() + 20
    outcome = None
    while outcome is None or not outcome.messages:
        outcome = alice.poll(timeout=0.5)
        assert time.monotonic() < deadline, "the table did not come back"
    assert "répond de nouveau" in outcome.messages[0]
    bruno.poll(timeout=1.0)
    assert bruno.match.game.pending is None  # nothing of the refused move reached the table
    alice.match.play("H4 BALTE")  # sent again, by hand: recorded
    deadline = time.monotonic() + 20
    while bruno.match.game.pending is None:
        bruno.poll(timeout=0.5)
        assert time.monotonic() < deadline
    assert bruno.match.game.pending.move.word == "BALTE"



def test_a_computers_move_the_store_does_not_take_is_played_again_once_it_is_back(tmp_path, words):
    base = str(tmp_path / "tables.sqlite3")
    created = create_table(open_store(base), TableSettings(["Alice", "ordi:1"], seed=7))
    alice = TableSession.join(open_store(base), created.codes[0], words)
    alice.match.play("H4 BALTE")
    task = alice.match.computer_task()
    assert task is not None
    before = list(alice.match.game.history)
    store = alice.store

    def lost(*_args, **_kwargs):  # type: ignore[no-untyped-def]
        raise TableError("base_lost")

    store.append = lost  # type: ignore[method-assign]
    outcome = alice.match.complete_computer(task, task.compute())  # no error reaches the screen
    assert not outcome.messages and alice.match.game.history == before
    assert alice.match.computer_task() is None  # nothing is played while the store is away
    del store.append
    assert alice.poll(timeout=0.5) is not None  # back
    task = alice.match.computer_task()
    assert task is not None
    alice.match.complete_computer(task, task.compute())
    assert len(open_store(base).rows(created.table.id)) == 2
