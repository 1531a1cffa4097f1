"""The seat suite: the same scenarios over both kinds of table (a classic seat, a club duplicate's
player) and both backends (SQLite, the real PostgreSQL) — a seat lost to another terminal, a busy
store, the store away, a damaged row, a seat's process killed and its seat taken again. What a
player sees is the same on both kinds: the seat core (:mod:`scrabble_fr.table.following`) says it.

Classic: seed 7, Alice plays H4 BALTE first. Duplicate: seed 1, the arbitrator starts coup 1,
Alice proposes H4 PAGE.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from scrabble_fr.messages import describe
from scrabble_fr.table import TableError, TableSession, TableSettings, create_table, following, open_store
from scrabble_fr.table import store as store_module
from scrabble_fr.table.duplicate import DuplicateTable, DuplicateTableSettings, create_duplicate_table
from scrabble_fr.words import WordSet

from .conftest import until_back

WORDS = ["BALTE", "TABLE", "BLET", "BLETS", "ABLE", "ETAL", "TALE", "LATTE", "BALLE", "PELA", "PALE"]
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def french() -> WordSet:
    """The arbitrator's list: a few words, so that its top is found at once (ERZAGEP: ARPEGEZ)."""
    return WordSet(["ARPEGEZ", "PAGE", "GAZE", "PAGER"], "mini")


@dataclass
class Kind:
    """One kind of table as the scenarios drive it: Alice's seat, and the intent she sends."""

    name: str
    french: Any
    table_id: str = ""
    code: str = ""
    other: str = ""  # Bruno's code

    def create(self, base: str) -> None:
        store = open_store(base)
        if self.name == "classic":
            created = create_table(store, TableSettings(["Alice", "Bruno"], seed=7))
        else:
            created = create_duplicate_table(store, DuplicateTableSettings(["Alice", "Bruno"], seed=1, seconds=None))
            arbiter = DuplicateTable.join(open_store(base), created.codes[2], self.french)
            arbiter.start_coup()
            arbiter.close()
        self.table_id, self.code, self.other = created.table.id, created.codes[0], created.codes[1]

    def open(self, base: str, force: bool = False, code: str | None = None) -> Any:
        if self.name == "classic":
            return TableSession.join(open_store(base), code or self.code, WordSet(WORDS, "mini"), force=force)
        return DuplicateTable.join(open_store(base), code or self.code, force=force)

    def act(self, seat: Any) -> None:
        if self.name == "classic":
            seat.match.play("H4 BALTE")
        else:
            seat.propose("H4 PAGE")

    def acted(self, seat: Any) -> bool:
        if self.name == "classic":
            return not seat.match.game.board.is_empty()
        return bool(seat.has_proposed(0))

    def script(self) -> str:
        """Alice's seat in a process of its own: it acts, says so, and follows until killed."""
        if self.name == "classic":
            opened = f"TableSession.join(store, sys.argv[2], WordSet({WORDS!r}, 'mini'))"
            act = "seat.match.play('H4 BALTE')"
        else:
            opened = "DuplicateTable.join(store, sys.argv[2])"
            act = "seat.propose('H4 PAGE')"
        return textwrap.dedent(f"""
            import sys
            from scrabble_fr.table import TableSession, open_store
            from scrabble_fr.table.duplicate import DuplicateTable
            from scrabble_fr.words import WordSet
            store = open_store(sys.argv[1])
            seat = {opened}
            {act}
            print("acted", flush=True)
            while True:
                seat.poll(timeout=0.2)
            """)


@pytest.fixture(params=["classic", "duplicate"])
def kind(request: pytest.FixtureRequest, french: Any) -> Kind:
    return Kind(request.param, french)


def rows(base: str, table_id: str) -> list[Any]:
    return open_store(base).rows(table_id)


def code_of(exc: pytest.ExceptionInfo[BaseException]) -> str | None:
    return getattr(exc.value, "code", None)


# -- a seat lost to another terminal -------------------------------------------------------------------
def test_a_seat_taken_by_another_terminal_is_said_once_and_writes_nothing(base, kind, monkeypatch):
    kind.create(base)
    old = kind.open(base)
    new = kind.open(base, force=True)  # « --forcer » at another terminal
    monkeypatch.setattr(following, "RENEW_SECONDS", 0.0)  # the next look renews the lease
    lost = old.poll()
    assert lost is not None and lost.warning is not None
    assert lost.warning.startswith("Un autre terminal a pris cette place")
    again = old.poll()
    assert again is None or again.warning is None  # said once
    before = rows(base, kind.table_id)
    with pytest.raises(TableError) as refused:
        kind.act(old)
    assert code_of(refused) == "seat_taken" and "Alice" in describe(refused.value)
    assert rows(base, kind.table_id) == before and not kind.acted(old)
    kind.act(new)
    assert kind.acted(new) and len(rows(base, kind.table_id)) == len(before) + 1


def test_a_seat_taken_by_another_terminal_is_no_longer_renewed_at_each_look(base, kind, monkeypatch):
    kind.create(base)
    old = kind.open(base)
    kind.open(base, force=True)  # « --forcer » at another terminal
    monkeypatch.setattr(following, "RENEW_SECONDS", 0.0)  # every look is time to renew
    assert old.poll() is not None and old.lost_seat
    renewals: list[int] = []
    renew = old.store.renew_seat
    monkeypatch.setattr(old.store, "renew_seat", lambda *args: renewals.append(1) or renew(*args))
    for _look in range(3):
        old.poll()
    assert renewals == []  # the seat is another terminal's: nothing to renew, the screen only watches


# -- a terminal gone without a row ----------------------------------------------------------------------
def test_a_seat_whose_terminal_dies_is_seen_away_by_the_next_look_without_any_row(base, kind, monkeypatch):
    kind.create(base)
    monkeypatch.setattr(store_module, "LEASE_SECONDS", 0.3)  # Alice's lease, taken now, runs out soon
    alice = kind.open(base)
    monkeypatch.setattr(store_module, "LEASE_SECONDS", 8.0)
    bruno = kind.open(base, code=kind.other)
    assert bruno.present(alice.seat)
    before = rows(base, kind.table_id)
    time.sleep(0.5)  # Alice's process stopped renewing, as a killed one does: nothing is written
    monkeypatch.setattr(following, "RENEW_SECONDS", 0.0)  # Bruno's next look reads who is at the table
    look = bruno.poll()
    assert look is not None and look.warning is None  # a screen redraws its seats on it
    assert not bruno.present(alice.seat) and bruno.present(bruno.seat)
    assert bruno.poll() is None  # said once: nobody came or went since
    assert rows(base, kind.table_id) == before


# -- a busy store: another terminal's write holds the SQLite file -----------------------------------------
def test_an_intent_on_a_held_sqlite_file_is_refused_and_goes_when_sent_again(tmp_path, kind, monkeypatch):
    # PostgreSQL has no such state: a writer waits for the row it needs, never for the whole store.
    import sqlite3

    from scrabble_fr.table import sqlite as sqlite_store

    monkeypatch.setattr(sqlite_store, "BUSY_SECONDS", 0.2)
    base = str(tmp_path / "tables.sqlite3")
    kind.create(base)
    seat = kind.open(base)
    before = rows(base, kind.table_id)
    holder = sqlite3.connect(base, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        with pytest.raises(TableError) as refused:
            kind.act(seat)
        said = describe(refused.value)
        assert code_of(refused) == "not_recorded_busy" and "pas enregistré" in said and "Renvoyez" in said
        assert not kind.acted(seat) and not seat.offline  # busy is not away
        assert seat.poll() is None  # a look meets it too: nothing said, read at the next one
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert rows(base, kind.table_id) == before
    kind.act(seat)  # sent again
    assert kind.acted(seat) and len(rows(base, kind.table_id)) == len(before) + 1


# -- the store away ----------------------------------------------------------------------------------------
@pytest.mark.timeout(60)
def test_an_intent_while_postgresql_is_stopped_is_refused_at_once_and_the_return_said(postgres, kind):
    base = postgres.schema_url(f"seats_outage_{kind.name}")
    kind.create(base)
    seat = kind.open(base)
    before = rows(base, kind.table_id)
    postgres.stop("fast")
    try:
        with pytest.raises(TableError) as refused:
            kind.act(seat)
        assert code_of(refused) == "not_recorded" and "pas enregistré" in describe(refused.value)
        start = time.monotonic()
        with pytest.raises(TableError) as again:  # known to be away: refused before any connection
            kind.act(seat)
        assert code_of(again) == "not_recorded" and time.monotonic() - start < 0.5
        assert not kind.acted(seat)
        assert seat.poll() is None  # the refusal said it: no second warning
    finally:
        postgres.start()
    assert until_back(seat)[0] == "La base des tables répond de nouveau."
    assert rows(base, kind.table_id) == before
    kind.act(seat)
    assert kind.acted(seat) and len(rows(base, kind.table_id)) == len(before) + 1


def test_a_row_the_store_took_as_it_went_is_said_to_have_reached_the_table(base, kind):
    kind.create(base)
    seat = kind.open(base)
    written = seat.store.append

    def append_then_lose(*args: Any, **kwargs: Any) -> Any:
        written(*args, **kwargs)
        raise TableError("base_lost")  # the answer lost with the connection

    seat.store.append = append_then_lose
    with pytest.raises(TableError) as refused:
        kind.act(seat)
    assert code_of(refused) == "not_recorded" and not kind.acted(seat)
    del seat.store.append
    said = until_back(seat)
    assert said[0] == "La base des tables répond de nouveau."
    assert any("a bien atteint la table" in line for line in said) and kind.acted(seat)


# -- a damaged row -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("row", [{"type": "nonsense"}, {"damaged": "x"}, {"type": "move", "by": 0, "drop": "x"}])
def test_a_damaged_row_is_said_once_and_every_intent_is_refused_with_it(base, kind, row):
    kind.create(base)
    seat = kind.open(base)
    store = open_store(base)
    store.append(kind.table_id, len(store.rows(kind.table_id)) + 1, row)
    seen = seat.poll(timeout=2.0)
    assert seen is not None and seen.warning is not None and "endommagée" in seen.warning
    assert seat.damaged is not None and seat.damaged.code == "table_damaged"
    later = seat.poll()
    assert later is None or later.warning is None  # said once
    before = rows(base, kind.table_id)
    with pytest.raises(TableError) as refused:
        kind.act(seat)
    assert code_of(refused) == "table_damaged"
    assert rows(base, kind.table_id) == before
    # Another terminal opening the table finds it damaged too, at the same row.
    other = kind.open(base, force=True).damaged
    assert other is not None and describe(other) == describe(seat.damaged)


def test_a_duplicate_row_naming_a_coup_never_played_damages_the_table_as_any_bad_row(base, french):
    kind = Kind("duplicate", french)
    kind.create(base)
    seat = kind.open(base)
    store = open_store(base)
    store.append(kind.table_id, len(store.rows(kind.table_id)) + 1,
                 {"type": "correction", "n": 9, "seat": 0, "points": 3, "reason": "?"})  # no coup 9: IndexError
    seen = seat.poll(timeout=2.0)
    assert seen is not None and seen.warning is not None and seat.damaged is not None


# -- a seat's process killed, its seat taken again -------------------------------------------------------------
@pytest.fixture
def killed(base: str, kind: Kind) -> Iterator[subprocess.Popen[str]]:
    kind.create(base)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    process = subprocess.Popen([sys.executable, "-c", kind.script(), base, kind.code], stdout=subprocess.PIPE,
                               text=True, env=env)
    try:
        assert process.stdout is not None and process.stdout.readline().strip() == "acted"
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)
        yield process
    finally:
        process.kill()
        process.wait()


@pytest.mark.timeout(60)
def test_a_killed_seat_is_held_until_its_lease_ends_and_taken_again_by_force_where_it_was(base, kind, killed):
    with pytest.raises(TableError) as held:  # its lease still runs: a plain rejoin is refused
        kind.open(base)
    assert code_of(held) == "seat_taken" and "--forcer" in describe(held.value)
    before = rows(base, kind.table_id)
    again = kind.open(base, force=True)
    assert again.damaged is None and kind.acted(again)  # where the killed process left it
    look = again.poll()
    assert (look is None or look.warning is None) and again.held and not again.lost_seat
    assert rows(base, kind.table_id) == before
