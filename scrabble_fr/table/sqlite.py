"""Shared tables in one SQLite file: any number of terminals on one machine, nothing to start.

    >>> store = SqliteStore(":memory:"); store.tables()
    []

The file is opened in WAL mode (readers never wait for the writer) and created readable by its
owner only (mode 0600: a rack is in it). Another process's commit is noticed by
``PRAGMA data_version``, a read of a counter in shared memory, cheap enough to poll every few
hundredths of a second.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, suppress
from pathlib import Path
from typing import Any

from scrabble_fr.messages import system_error_text
from scrabble_fr.table.address import MEMORY, unreachable
from scrabble_fr.table.errors import TableError
from scrabble_fr.table.store import Conflict, Created, NewTable, Row, Run, TableStore

BUSY_SECONDS = 5.0  # how long a write waits for another terminal's write to end before it is refused
_BUSY_CODES = (5, 6)  # SQLITE_BUSY, SQLITE_LOCKED


def _failure(address: str, exc: sqlite3.Error) -> TableError:
    """What a SQLite error means to a player: a file held too long by another terminal's write
    (try again) is not a file that cannot be reached."""
    if getattr(exc, "sqlite_errorcode", None) in _BUSY_CODES:
        return TableError("base_busy", seconds=f"{BUSY_SECONDS:g}")
    return unreachable(address, str(exc))


# What SQLite adds to the schema both backends share (store.SCHEMA).
SCHEMA = [
    # An event's insert keeps its table's count and activity up to date in the same statement:
    # writing an event is then one statement, the write lock held for no Python in between.
    """CREATE TRIGGER IF NOT EXISTS event_counted AFTER INSERT ON events BEGIN
        UPDATE tables SET events = NEW.seq, updated_ms = NEW.ts_ms WHERE id = NEW.table_id; END""",
]


class SqliteStore(TableStore):
    """Tables in a SQLite file (``:memory:`` for a store of one process, in tests)."""

    PARAMETER = "?"
    TYPES = {"json": "TEXT", "ms": "INTEGER", "bool": "INTEGER", "false": "0"}
    SET_ENTRY = """json_set(config, '$."' || %s || '"."' || %s || '"', %s)"""
    NOW_MS = "CAST(ROUND((julianday('now') - 2440587.5) * 86400000.0) AS INTEGER)"

    def __init__(self, path: str | os.PathLike[str], *, make_folder: bool = False) -> None:
        """The store in the file ``path``. A file that does not exist yet is created by the first
        table written to it, not before: a command that only reads (``tables``, a code that opens
        nothing) leaves no file behind. Its folder is made then only with ``make_folder`` (the
        default store in the user's data folder); a folder given by the player must exist."""
        self.address = str(path)
        self._make_folder = make_folder
        self._lock = threading.RLock()  # one connection, shared by the interface and its workers
        self._absent = self.address != MEMORY and not Path(self.address).exists()
        # An absent file reads as an empty store (a schema in memory) until a table is created.
        self._open(MEMORY if self._absent else self.address)
        self._version = self._data_version()
        self._marks: dict[str, tuple[Any, ...] | None] = {}  # a followed table's (events, activity)

    def _open(self, target: str) -> None:
        try:
            self._db = sqlite3.connect(target, timeout=BUSY_SECONDS, isolation_level=None, check_same_thread=False)
            self._db.execute(f"PRAGMA busy_timeout = {int(BUSY_SECONDS * 1000)}")
            if target != MEMORY:
                self._db.execute("PRAGMA journal_mode = WAL")
                self._db.execute("PRAGMA synchronous = FULL")  # an acknowledged event survives a power cut
            self._migrate()
        except sqlite3.Error as exc:
            raise _failure(self.address, exc) from None

    def _attach(self, create: bool = False) -> None:
        """Leave the empty store of an absent file for the file: once another process made it,
        or (``create``) made here, readable by its owner only (every rack of every table is in it)."""
        if not self._absent:
            return
        target = Path(self.address)
        try:
            if create and not target.exists():
                if self._make_folder:
                    target.parent.mkdir(parents=True, exist_ok=True)
                os.close(os.open(target, os.O_CREAT | os.O_WRONLY, 0o600))
        except OSError as exc:
            raise unreachable(self.address, system_error_text(exc)) from None
        if not target.exists():
            return
        previous = self._db
        self._open(self.address)
        previous.close()
        self._absent = False
        self._version = -1  # the next look at the file sees everything in it as new
        self._marks.clear()

    # -- plumbing ----------------------------------------------------------------------------
    def _run(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            self._attach()  # if another process created the file meanwhile
            try:
                return self._db.execute(sql, params).fetchall()
            except sqlite3.IntegrityError:
                raise
            except sqlite3.Error as exc:
                raise _failure(self.address, exc) from None

    def _migrate(self) -> None:
        if self._current():
            return  # nothing to create: opening the store takes no write lock
        # The connection itself, not _run: the file is being attached.
        with self._immediate(lambda sql, params: self._db.execute(sql, params).fetchall()) as run:
            self._make_schema(run, SCHEMA)

    def _current(self) -> bool:
        """True if the file already holds this program's schema, its last object included (a
        read: a hundred terminals opening the file at once do not queue for its write lock)."""
        try:
            found = self._db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchall()
            last = self._db.execute("SELECT 1 FROM sqlite_master WHERE type = 'trigger' AND name = 'event_counted'"
                                    ).fetchone()
        except sqlite3.OperationalError:
            return False  # no meta table yet
        return self._check_version(found) and last is not None

    def _data_version(self) -> int:
        return int(self._run("PRAGMA data_version")[0][0])

    @contextmanager
    def _immediate(self, run: Run) -> Iterator[Run]:
        # BEGIN IMMEDIATE takes the file's write lock at once: one writer at a time, from the
        # first read of the transaction (a newcomer's seat counts the one before).
        with self._lock:
            run("BEGIN IMMEDIATE", ())
            try:
                yield run
                run("COMMIT", ())
            except BaseException:
                run("ROLLBACK", ())
                raise

    def _transaction(self) -> AbstractContextManager[Run]:
        return self._immediate(self._run)

    @contextmanager
    def _seat_change(self, table_id: str) -> Iterator[Run]:
        with self._transaction() as run:
            yield run
            run(self._sql("UPDATE {tables} SET updated_ms = {now} WHERE id = %s"), (table_id,))  # wakes the others

    # -- tables ------------------------------------------------------------------------------
    def create_table(self, table: NewTable) -> Created:
        with self._lock:
            self._attach(create=True)  # the first table written makes the file
            return super().create_table(table)

    # -- the log -----------------------------------------------------------------------------
    def append(self, table_id: str, seq: int, payload: dict[str, Any], quiet: bool = False) -> Row:
        # Every commit changes the file's data version: a quiet row wakes the followers as any
        # other (each reads one table's count, in its own process: cheap without a server).
        text = json.dumps(payload, ensure_ascii=False)
        with self._lock:
            self._attach()  # made by another process since this one opened it
            if self._absent:
                raise TableError("table_unknown", table=table_id)
            try:
                # One statement, its own transaction: the row, and (the trigger) its table's count.
                found = self._db.execute(f"INSERT INTO events (table_id, seq, ts_ms, payload) "
                                         f"VALUES (?, ?, {self.NOW_MS}, ?) RETURNING ts_ms",
                                         (table_id, seq, text)).fetchall()
            except sqlite3.IntegrityError:
                raise Conflict(seq) from None
            except sqlite3.Error as exc:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise _failure(self.address, exc) from None
        return Row(seq, int(found[0][0]), payload)

    def changed(self, timeout: float = 0.0, table_id: str | None = None, quiet: bool = True) -> bool:
        deadline = time.monotonic() + timeout
        while True:
            version = self._data_version()
            if version != self._version:
                self._version = version
                if table_id is None:
                    return True
                # Some process wrote: this table's count and activity say whether it was here.
                found = self._run("SELECT events, updated_ms FROM tables WHERE id = ?", (table_id,))
                mark = tuple(found[0]) if found else None
                if table_id not in self._marks or self._marks[table_id] != mark:
                    self._marks[table_id] = mark
                    return True
            if time.monotonic() >= deadline:
                return False
            time.sleep(min(0.02, max(0.0, deadline - time.monotonic())))

    # -- seats -------------------------------------------------------------------------------
    def renew_seat(self, table_id: str, seat: int, token: str) -> bool:
        # A lease renewed every few seconds by every seat need not reach the disk at once: committed
        # without its own fsync (a power cut forgets it, and the seat is free a few seconds early),
        # it holds the write lock a tenth of a millisecond instead of an fsync's several. The next
        # event's commit writes it to the disk with its own.
        with self._lock:
            self._run("PRAGMA synchronous = NORMAL")
            try:
                return super().renew_seat(table_id, seat, token)
            finally:
                self._run("PRAGMA synchronous = FULL")

    def close(self) -> None:
        with self._lock, suppress(sqlite3.Error):
            self._db.close()
