"""Shared tables on a PostgreSQL server: processes on several machines share them through it.

    $ scrabble-fr table creer --joueurs Alice,Bruno --base postgresql://club@serveur/scrabble

Each row written is announced with ``NOTIFY`` on its table's own channel (``scrabble_fr_<table
id>``), which the processes following that table ``LISTEN`` to, so another seat's move reaches them
at once and wakes no other table's processes (a hundred seats on one server); the channel
``scrabble_fr`` hears every table, for a process that follows them all. The schema is created and versioned by
the program (under an advisory lock, so two first starts do not race); a schema newer than the
program is refused with a clear line. A server that goes away is retried at each call: the
interface says the connection is lost, and the game goes on when it is back.
"""

from __future__ import annotations

import json
import select
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import Any

import psycopg
import psycopg.sql
from psycopg.rows import tuple_row

from scrabble_fr.table.address import shown_text, unreachable
from scrabble_fr.table.errors import TableError
from scrabble_fr.table.store import Conflict, Created, NewTable, Row, Run, TableStore

CHANNEL = "scrabble_fr"


def table_channel(table_id: str) -> str:
    """The channel a table's writes are announced on (``LISTEN`` takes it quoted, as written)."""
    return f"{CHANNEL}_{table_id}"


QUIET = ":quiet"  # after the table's id in a notification: a quiet row (a club player's proposal)
CONNECT_SECONDS = 5
_MIGRATION_LOCK = 741_962_034  # pg_advisory_lock key of the schema's creation
# How a server says it has no connection slot left (53300, which libpq does not hand over at
# connection time, only the text): in English and in French, whichever lc_messages it speaks.
_FULL_SIGNS = ("too many clients", "remaining connection slots are reserved", "trop de clients",
               "emplacements de connexions restants sont réservés")
# The connections a newcomer's join leaves free: one for the arbitrator's or the host's own
# command (a reconnection, ``tables``), so the table's life never depends on the last slot.
SPARE_CONNECTIONS = 1
# The connection slots a role may use, and those in use: a client's session has a database;
# the server's own processes (checkpointer, launchers) have none. Another role's session shows
# no backend_type to an ordinary role: counted as a client's.
_ROOM = ("SELECT current_setting('max_connections')::int "
         "- CASE WHEN (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN 0 "
         "ELSE current_setting('superuser_reserved_connections')::int "
         "+ COALESCE(current_setting('reserved_connections', true)::int, 0) END, "
         "(SELECT count(*) FROM pg_stat_activity WHERE datid IS NOT NULL "
         "AND COALESCE(backend_type, 'client backend') = 'client backend')")


def _fetched(cursor: psycopg.Cursor[Any]) -> list[tuple[Any, ...]]:
    """The rows a statement returned (none for a statement that returns none)."""
    return cursor.fetchall() if cursor.description is not None else []


class PostgresStore(TableStore):
    """Tables on a PostgreSQL server (psycopg 3)."""

    TABLES = "scrabble_tables"
    SEATS = "scrabble_seats"
    EVENTS = "scrabble_events"
    META = "scrabble_meta"
    NOW_MS = "(extract(epoch from clock_timestamp()) * 1000)::bigint"
    TYPES = {"json": "JSONB", "ms": "BIGINT", "bool": "BOOLEAN", "false": "FALSE"}
    SET_ENTRY = "jsonb_set(config, ARRAY[%s::text, %s::text], to_jsonb(%s::text))"
    wakes = True

    def __init__(self, address: str) -> None:
        self.address = address
        self._lock = threading.RLock()
        self._notified = False
        self._conn: psycopg.Connection[Any] | None = None
        self._pid = 0
        self._channels: set[str] = set()  # listened to on every connection (again after a new one)
        self._connect()
        self._migrate()

    # -- plumbing ----------------------------------------------------------------------------
    def _connect(self) -> psycopg.Connection[Any]:
        try:
            conn = psycopg.connect(self.address, autocommit=True, connect_timeout=CONNECT_SECONDS,
                                   row_factory=tuple_row)
        except psycopg.Error as exc:
            raise self._refusal(exc) from None
        # Notifications that arrive during other queries wait in psycopg's backlog until
        # ``notifies()`` is next called (changed()): none is lost between two calls.
        for channel in self._channels:
            conn.execute(psycopg.sql.SQL("LISTEN {}").format(psycopg.sql.Identifier(channel)))
        self._conn = conn
        self._pid = conn.info.backend_pid  # this connection's server process: its own notifications
        self._notified = True  # anything may have happened while we were away
        return conn

    def _refusal(self, exc: psycopg.Error) -> TableError:
        """What a failed connection means to a player: a server with no slot left for another
        terminal is said so; anything else is the server's reason, its password taken out (libpq
        quotes a malformed address whole)."""
        text = str(exc).strip()
        if any(sign in text.casefold() for sign in _FULL_SIGNS):
            return TableError("base_full", base=shown_text(self.address))
        detail = text.splitlines()[0] if text else type(exc).__name__
        return unreachable(self.address, detail)

    def _connection(self) -> psycopg.Connection[Any]:
        if self._conn is not None and not self._conn.closed and not self._conn.broken:
            return self._conn
        self._drop()
        try:
            return self._connect()
        except TableError:
            raise TableError("base_lost") from None  # a server full for now too: retried

    def _run(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        # Reads and the seats' updates may be tried twice: a server restarted since the last call
        # broke the connection, and a new one answers (never an event's insert: see append).
        with self._lock:
            try:
                return _fetched(self._connection().execute(sql, params))
            except psycopg.OperationalError:
                self._drop()
            with self._lost():
                return _fetched(self._connection().execute(sql, params))

    @contextmanager
    def _lost(self) -> Iterator[None]:
        # A connection that breaks is let go, and the call refused: the next one makes a new one.
        try:
            yield
        except psycopg.OperationalError:
            self._drop()
            raise TableError("base_lost") from None

    def _drop(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            with suppress(psycopg.Error):
                conn.close()

    def _migrate(self) -> None:
        if self._current():
            return  # nothing to create: a hundred terminals opening the store do not queue for its lock
        with self._transaction() as run:
            run("SELECT pg_advisory_xact_lock(%s)", (_MIGRATION_LOCK,))
            self._make_schema(run)

    def _current(self) -> bool:
        """True if the server already holds this program's schema (a read: the schema is made in
        one transaction with its version row, so the row says the rest is there)."""
        try:
            found = self._run("SELECT value FROM scrabble_meta WHERE key = 'schema'")
        except psycopg.errors.UndefinedTable:
            return False  # no schema yet
        return self._check_version(found)

    @contextmanager
    def _transaction(self) -> Iterator[Run]:
        with self._lock, self._lost():
            conn = self._connection()
            with conn.transaction():
                yield lambda sql, params: _fetched(conn.execute(sql, params))

    @contextmanager
    def _seat_change(self, table_id: str) -> Iterator[Run]:
        # Each statement on its own, tried again over a new connection (see _run).
        yield self._run
        self._announce(self._run, table_id)

    def _announce(self, run: Run, table_id: str) -> None:
        # A table-level change (created, joined, a seat taken or left) told on both channels.
        run("SELECT pg_notify(%s, %s), pg_notify(%s, %s)", (CHANNEL, table_id, table_channel(table_id), table_id))

    def _check_room(self, run: Run) -> None:
        """Refuse a newcomer (``base_full``) when the server's connection slots in use, this
        process's own included, leave fewer than :data:`SPARE_CONNECTIONS` free: every player's
        terminal holds one connection all through the game."""
        found = run(_ROOM, ())
        if found and int(found[0][1]) + SPARE_CONNECTIONS > int(found[0][0]):
            raise TableError("base_full", base=shown_text(self.address))

    # -- tables ------------------------------------------------------------------------------
    def create_table(self, table: NewTable) -> Created:
        for _draw in range(3):
            try:
                return super().create_table(table)
            except psycopg.errors.UniqueViolation:
                # Two processes creating the same named table (a rematch) at once: one did.
                if table.id is not None:
                    raise TableError("table_exists", table=table.id) from None
                # Another process drew the same random id or code at the same instant: draw again.
        raise TableError("not_recorded")

    # -- the log -----------------------------------------------------------------------------
    def append(self, table_id: str, seq: int, payload: dict[str, Any], quiet: bool = False) -> Row:
        text = json.dumps(payload, ensure_ascii=False)
        # One statement, one round trip, its own transaction: the row, its table's count and
        # activity, and the others woken (the notification leaves at the commit).
        with self._lock, self._lost():
            found = self._connection().execute(
                f"WITH added AS (INSERT INTO scrabble_events (table_id, seq, ts_ms, payload) "
                f"VALUES (%s, %s, {self.NOW_MS}, %s) ON CONFLICT DO NOTHING RETURNING table_id, seq, ts_ms), "
                f"counted AS (UPDATE scrabble_tables SET events = added.seq, updated_ms = added.ts_ms "
                f"FROM added WHERE id = added.table_id RETURNING 1) "
                f"SELECT ts_ms, pg_notify(%s, table_id || %s), pg_notify(%s, table_id || %s), "
                f"(SELECT count(*) FROM counted) FROM added",
                (table_id, seq, text, table_channel(table_id), QUIET if quiet else "",
                 CHANNEL, QUIET if quiet else "")).fetchone()
        if found is None:
            raise Conflict(seq)
        return Row(seq, int(found[0]), payload)

    def changed(self, timeout: float = 0.0, table_id: str | None = None, quiet: bool = True) -> bool:
        with self._lock:
            conn = self._connection()
            channel = CHANNEL if table_id is None else table_channel(table_id)
            deadline = time.monotonic() + timeout
            try:
                if channel not in self._channels:  # the first look at this table: listen from now on
                    self._channels.add(channel)  # a new connection listens to it too
                    self._notified = True  # what came before listening is read with the next rows
                    conn.execute(psycopg.sql.SQL("LISTEN {}").format(psycopg.sql.Identifier(channel)))
                # Every notification already received, then (none for this table yet) those
                # within the timeout. Another table's are read and let go: the payload is the
                # table. ``timeout=0`` reads what is there without waiting (a short timeout
                # would cost milliseconds a call, a hundred seats ten times a second).
                self._take(conn.notifies(timeout=0), table_id, quiet)
                while not self._notified:
                    left = deadline - time.monotonic()
                    if left <= 0 or not self._take(conn.notifies(timeout=left, stop_after=1), table_id, quiet):
                        break
                    self._take(conn.notifies(timeout=0), table_id, quiet)
            except psycopg.OperationalError:
                self._drop()
                self._connection()  # raises base_lost while the server is away
                self._notified = True  # back: anything may have happened meanwhile
            changed, self._notified = self._notified, False
            return changed

    def wait(self, timeout: float, table_id: str | None = None) -> bool:
        with self._lock:
            try:
                conn = self._connection()
                # What already arrived (read during another query, or waiting in the socket).
                self._take(conn.notifies(timeout=0), table_id, True)
            except (TableError, psycopg.OperationalError):
                conn = None
            if self._notified:
                return True
            descriptor = conn.fileno() if conn is not None else -1
        if descriptor < 0:  # the server is away: the caller's next look says so, and retries
            time.sleep(timeout)
            return False
        # The socket becomes readable when the server sends a notification. Waiting on it holds
        # no lock, so the screen's own queries go on meanwhile (one of them may read the
        # notification first: the screen's timer then has it within its tick).
        try:
            readable, _w, _x = select.select([descriptor], [], [], timeout)
        except (OSError, ValueError):  # the connection was closed meanwhile (a new one replaced it)
            return True
        return bool(readable)

    def _take(self, notifies: Iterator[psycopg.Notify], table_id: str | None, quiet: bool) -> bool:
        """Read every notification ``notifies`` yields (stopping early would lose the rest of a
        batch); True if there was any. One for ``table_id`` (or any, without) marks a change,
        a quiet row's only if ``quiet``; never one of this connection's own writes: the process
        that wrote a row has it already (as SQLite's ``data_version`` ignores the connection's own
        commits), and reading it back would cost every writer two round trips for nothing."""
        received = False
        for notify in notifies:
            received = True
            if notify.pid == self._pid:
                continue
            table, is_quiet, _rest = notify.payload.partition(QUIET)
            if (table_id is None or table == table_id) and (quiet or not is_quiet):
                self._notified = True
        return received

    def close(self) -> None:
        with self._lock:
            self._drop()
