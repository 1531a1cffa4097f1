"""The meeting point of a shared table: one interface, two backends (SQLite, PostgreSQL).

    >>> store = open_store(":memory:")
    >>> created = store.create_table(NewTable("classic", {"seed": 1}, [SeatSpec("Alice"), SeatSpec("Bruno")]))
    >>> store.append(created.table.id, 1, {"type": "hello"}).seq
    1

A table is its configuration (rules, word list, clock, club mode, the seed sealed under the codes
that need it — :mod:`.seal` —: JSON), its seats (a name, a computer level or a human, a role, a
join code stored only as a hash, and the lease of the process that holds the seat), and an
append-only log of events, each with a sequence number unique within the table and the
database's own timestamp. Writing an intent is inserting the next number: when two processes act
at the same instant, exactly one insert succeeds and the other gets :class:`Conflict` and nothing
written. Every process rebuilds the game from the log and follows it (:meth:`TableStore.changed`:
a cheap poll on SQLite, LISTEN/NOTIFY on PostgreSQL).

The store is chosen by an address (:func:`open_store`, :mod:`.address`): ``postgresql://…`` for a
server that several machines share, a path for a SQLite file (the default, in the user's data
folder); any other scheme is refused, and a message names a store without its password.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import secrets
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import groupby
from pathlib import Path
from typing import Any

from scrabble_fr.engine.players import check_names
from scrabble_fr.table.address import Backend, StoreAddress, parse_address, shown_text, unreachable
from scrabble_fr.table.errors import TableError
from scrabble_fr.table.rows import ClassicRow, RowType, read_classic_row, row_type
from scrabble_fr.table.secrets import clean_code, derive_secret

SCHEMA_VERSION = 1
BASE_ENV = "SCRABBLE_FR_BASE"
LEASE_SECONDS = 8.0  # a seat whose process stops renewing is free again after this long
RENEW_SECONDS = 2.0  # how often a process renews its seats
_CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0/o, 1/l/i: codes are typed by hand
OPEN_TABLE_LABEL = "open table code"  # derive_secret's label for an open table's own code


class Role(StrEnum):
    """What a seat does at the table."""

    PLAYER = "player"
    ARBITER = "arbiter"  # judges challenged words (manual verification), plays no tiles


@dataclass(frozen=True)
class SeatSpec:
    """A seat to create: a name, a computer level (None: a human), a role."""

    name: str
    computer_level: int | None = None
    role: Role = Role.PLAYER

    @property
    def is_computer(self) -> bool:
        return self.computer_level is not None


@dataclass(frozen=True, kw_only=True)
class Seat(SeatSpec):
    """A seat as stored: what it was made as, its number, and whether a process holds it."""

    number: int
    present: bool = False  # a live process holds it (its lease runs)
    joined_ms: int | None = None  # when a process first took it (the database's clock)


@dataclass(frozen=True)
class NewTable:
    kind: str  # "classic" or "duplicate"
    config: dict[str, Any]
    seats: list[SeatSpec]
    open: bool = False  # players may join with the table's own code and a name (a club's duplicate)
    id: str | None = None  # the table's id, chosen beforehand (a rematch's, named in its old table)
    coded: bool = True  # False: the human seats get no code now; each claims its own (a rematch)
    #: What the configuration gets once the store has chosen the table's id and the human seats'
    #: codes (``seal(table_id, codes)``): a secret sealed under codes (:mod:`.seal`), written with
    #: the table in the same transaction.
    seal: Callable[[str, Mapping[int, str]], Mapping[str, Any]] | None = None

    def config_for(self, table_id: str, codes: Mapping[int, str]) -> dict[str, Any]:
        """The configuration as stored: :attr:`config` and what :attr:`seal` adds."""
        return {**self.config, **(self.seal(table_id, codes) if self.seal is not None else {})}


@dataclass(frozen=True)
class TableInfo:
    """A table as listed: its id, kind, configuration, seats, whether it is over, its activity."""

    id: str
    kind: str
    config: dict[str, Any]
    seats: tuple[Seat, ...]
    created_ms: int
    updated_ms: int
    events: int
    over: bool

    def seat(self, number: int) -> Seat:
        return self.seats[number]

    @property
    def arbiter(self) -> Seat | None:
        """The arbiter's seat, if the table has one."""
        return next((s for s in self.seats if s.role is Role.ARBITER), None)

    @property
    def started_ms(self) -> int | None:
        """When the last human seat was first taken: the table's clocks run from then."""
        humans = [s for s in self.seats if not s.is_computer]
        if not humans or any(s.joined_ms is None for s in humans):
            return None
        return max(int(s.joined_ms or 0) for s in humans)


@dataclass(frozen=True)
class Created:
    """A new table and the join code of each human seat (known only now: the store keeps hashes)."""

    table: TableInfo
    codes: dict[int, str] = field(default_factory=dict)
    table_code: str | None = None  # an open table's code, with which a player joins under a name


@dataclass(frozen=True)
class Row:
    """One event of a table's log."""

    seq: int
    ts_ms: int  # the database's clock, milliseconds since 1970
    payload: dict[str, Any]

    @classmethod
    def read(cls, seq: int, ts_ms: int, text: str) -> Row:
        """The row as stored (its payload JSON text); a payload that does not read as an object
        becomes ``{"damaged": …}``, which marks the table damaged when it is replayed."""
        try:
            payload = json.loads(text)
        except ValueError:
            payload = {"damaged": text[:80]}
        return cls(int(seq), int(ts_ms), payload if isinstance(payload, dict) else {"damaged": str(payload)})

    @property
    def kind(self) -> RowType | None:
        """The row's type (None: a row that does not read), without reading the rest of it."""
        return row_type(self.payload)

    def classic(self) -> ClassicRow:
        """The row as a classic table's typed row; raises for a row that does not read."""
        return read_classic_row(self.payload)


class Conflict(Exception):
    """Another process wrote this sequence number first: nothing was written."""

    def __init__(self, seq: int) -> None:
        super().__init__(f"sequence {seq} is taken")
        self.seq = seq


def new_code() -> str:
    """A join code: 20 characters of a 31-letter alphabet (99 bits), in groups of four."""
    return _grouped("".join(secrets.choice(_CODE_ALPHABET) for _ in range(20)))


def _grouped(raw: str) -> str:
    return "-".join(raw[i:i + 4] for i in range(0, 20, 4))


def derived_code(code: str, label: str, table_id: str) -> str:
    """A join code only the holder of ``code`` can work out, for the use ``label`` at table
    ``table_id`` (:func:`~scrabble_fr.table.secrets.derive_secret`), written as a drawn code."""
    number = int.from_bytes(derive_secret(code, label, table_id), "big")
    base = len(_CODE_ALPHABET)
    # The 20 low digits in base 31 of 256 bits: 99 bits, as a drawn code, with no measurable bias.
    return _grouped("".join(_CODE_ALPHABET[number // base**i % base] for i in range(20)))


def open_table_code(arbiter_code: str, table_id: str) -> str:
    """An open table's own code, derived from its arbitrator's code: the arbitrator's process
    derives it again to show it to late players, while the store keeps only its hash, as it
    does of every code; the join code tells nothing of the arbitrator's."""
    return derived_code(arbiter_code, OPEN_TABLE_LABEL, table_id)


def new_codes(table: NewTable, table_id: str) -> tuple[dict[int, str], str | None]:
    """A new table's codes: each human seat's, and an open table's own (derived from the
    arbitrator's code when the table has an arbitrator, see :func:`open_table_code`)."""
    if not table.coded:
        return {}, None  # each human seat claims its own code later (a rematch; never an open table)
    codes = {number: new_code() for number, spec in enumerate(table.seats) if not spec.is_computer}
    if not table.open:
        return codes, None
    arbiter = next((number for number, spec in enumerate(table.seats) if spec.role is Role.ARBITER), None)
    return codes, open_table_code(codes[arbiter], table_id) if arbiter is not None else new_code()


def code_hash(code: str) -> str:
    """What the store keeps of a code: a SHA-256 of it as it is read (:func:`~.secrets.clean_code`)."""
    return hashlib.sha256(clean_code(code).encode("utf-8")).hexdigest()


def check_new_seat(table_id: str, spec: SeatSpec, seated: Iterable[tuple[str, str]],
                   max_players: int | None) -> str:
    """Raise unless ``spec`` may sit at a table whose seats are ``seated`` (name, role): a name the
    rules take and nobody there bears (case aside), a player within ``max_players``; returns the
    name as the rules take it (:func:`~scrabble_fr.engine.players.check_names`). The store
    checks it in the transaction that writes the seat, so that two newcomers at the same instant
    cannot both pass, and the replay never meets a seat it would refuse (it would mark the table
    damaged for good)."""
    name = check_names([spec.name], 1)[0]
    seated = list(seated)
    if any(other.casefold() == name.casefold() for other, _role in seated):
        raise TableError("name_taken", table=table_id, name=name)
    players = sum(1 for _name, role in seated if role == Role.PLAYER.value)
    if spec.role is Role.PLAYER and max_players is not None and players >= max_players:
        raise TableError("table_full", table=table_id, maximum=max_players)
    return name


def new_table_id() -> str:
    return "".join(secrets.choice(_CODE_ALPHABET) for _ in range(8))


# A statement run in a backend's transaction: its SQL and parameters, the rows it returns.
Run = Callable[[str, tuple[Any, ...]], list[tuple[Any, ...]]]

# The tables of both backends, in the backend's names and column types (:attr:`TableStore.TYPES`).
SCHEMA = [
    "CREATE TABLE IF NOT EXISTS {meta} (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    """CREATE TABLE IF NOT EXISTS {tables} (
        id TEXT PRIMARY KEY, kind TEXT NOT NULL, config {json} NOT NULL,
        created_ms {ms} NOT NULL, updated_ms {ms} NOT NULL,
        events INTEGER NOT NULL DEFAULT 0, over {bool} NOT NULL DEFAULT {false}, join_hash TEXT UNIQUE)""",
    """CREATE TABLE IF NOT EXISTS {seats} (
        table_id TEXT NOT NULL REFERENCES {tables}(id), seat INTEGER NOT NULL, name TEXT NOT NULL,
        computer_level INTEGER, role TEXT NOT NULL, code_hash TEXT UNIQUE,
        lease_token TEXT, lease_until_ms {ms} NOT NULL DEFAULT 0, joined_ms {ms},
        PRIMARY KEY (table_id, seat))""",
    """CREATE TABLE IF NOT EXISTS {events} (
        table_id TEXT NOT NULL REFERENCES {tables}(id), seq INTEGER NOT NULL, ts_ms {ms} NOT NULL,
        payload TEXT NOT NULL, PRIMARY KEY (table_id, seq))""",
]


class TableStore(ABC):
    """A store of tables, and what both backends write in the same SQL: the schema, a table
    created, a seat added, taken or left, a seat's code set, a code looked up, the tables and the
    log read. Every method raises :class:`TableError` for a store it cannot reach
    (``base_unreachable``, ``base_lost``), and writes nothing then.

    A statement here names the backend's tables ``{tables}``, ``{seats}``, ``{events}`` and
    ``{meta}``, its clock ``{now}``, its column types (:attr:`TYPES`) and a parameter ``%s``;
    :meth:`_sql` says it in the backend's dialect. A backend says how it runs a statement and a
    transaction, and what it adds to one (:meth:`_announce`, the checks of a newcomer)."""

    address: str
    TABLES = "tables"
    SEATS = "seats"
    EVENTS = "events"
    META = "meta"
    PARAMETER = "%s"
    NOW_MS: str  # the database's clock, milliseconds since 1970, as an SQL expression
    TYPES: dict[str, str]  # the schema's column types: "json", "ms" (milliseconds), "bool", "false"
    SET_ENTRY: str  # the configuration with ``config[key][seat] = value`` set (parameters: key, seat, value)
    #: Whether :meth:`wait` returns as soon as another process writes (a server that announces
    #: its writes); otherwise a process follows a table by calling :meth:`changed` on a timer.
    wakes: bool = False

    def _sql(self, text: str) -> str:
        # The parameters first: a name or a clock put in after holds no placeholder to rewrite.
        return text.replace("%s", self.PARAMETER).format(tables=self.TABLES, seats=self.SEATS, events=self.EVENTS,
                                                         meta=self.META, now=self.NOW_MS, **self.TYPES)

    @abstractmethod
    def _run(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """One statement on its own (reads, and writes of one statement)."""

    @abstractmethod
    def _transaction(self) -> AbstractContextManager[Run]:
        """A write transaction: what runs in it is written together, or nothing is."""

    @abstractmethod
    def _seat_change(self, table_id: str) -> AbstractContextManager[Run]:
        """Where a seat is taken or left: its statements, then the processes following
        ``table_id`` told (nothing is told if a statement raises)."""

    def _announce(self, run: Run, table_id: str) -> None:  # noqa: B027 (a file has none)
        """Tell the processes following ``table_id`` that a seat came, went, or was added (a
        server's notification; a file's commit is seen without one)."""

    def _check_room(self, run: Run) -> None:  # noqa: B027 (a file has none)
        """Refuse a newcomer the store has no room for (a server's connections; a file has room)."""

    def _make_schema(self, run: Run, extra: Iterable[str] = ()) -> None:
        """Create what :data:`SCHEMA` and the backend's ``extra`` statements lack, and record the
        schema's version, in the caller's transaction."""
        for statement in [*map(self._sql, SCHEMA), *extra]:
            run(statement, ())
        found = run(self._sql("SELECT value FROM {meta} WHERE key = 'schema'"), ())
        if not found:
            run(self._sql("INSERT INTO {meta} VALUES ('schema', %s)"), (str(SCHEMA_VERSION),))
        self._check_version(found)

    def _check_version(self, found: list[tuple[Any, ...]]) -> bool:
        """Raise ``schema_newer`` if the schema version ``found`` is a newer program's; True if it
        is this program's."""
        if found and int(found[0][0]) > SCHEMA_VERSION:
            raise TableError("schema_newer", base=shown_text(self.address), found=found[0][0],
                             supported=SCHEMA_VERSION)
        return bool(found) and int(found[0][0]) == SCHEMA_VERSION

    # -- tables ------------------------------------------------------------------------------
    def create_table(self, table: NewTable) -> Created:
        """Create the table (``table_exists`` if ``table.id`` is taken: nothing written)."""
        with self._transaction() as run:
            table_id = table.id or new_table_id()
            while run(self._sql("SELECT 1 FROM {tables} WHERE id = %s"), (table_id,)):
                if table.id is not None:
                    raise TableError("table_exists", table=table_id)
                table_id = new_table_id()
            codes, table_code = new_codes(table, table_id)
            run(self._sql("INSERT INTO {tables} (id, kind, config, created_ms, updated_ms, join_hash) "
                          "VALUES (%s, %s, %s, {now}, {now}, %s)"),
                (table_id, table.kind, json.dumps(table.config_for(table_id, codes), ensure_ascii=False),
                 code_hash(table_code) if table_code else None))
            for number, spec in enumerate(table.seats):
                self._insert_seat(run, table_id, number, spec, codes.get(number))
            self._announce(run, table_id)
        return Created(self.table(table_id), codes, table_code)

    def _insert_seat(self, run: Run, table_id: str, number: int, spec: SeatSpec, code: str | None) -> None:
        run(self._sql("INSERT INTO {seats} (table_id, seat, name, computer_level, role, code_hash) "
                      "VALUES (%s, %s, %s, %s, %s, %s)"),
            (table_id, number, spec.name, spec.computer_level, spec.role.value, code_hash(code) if code else None))

    def add_seat(self, table_id: str, spec: SeatSpec, max_players: int | None = None) -> tuple[int, str]:
        """A new seat at an open table, and its code, checked in the transaction that writes it
        (:func:`check_new_seat`): raises ``name_taken`` for a name already seated (case aside),
        ``table_full`` past ``max_players`` players. A server may also refuse a newcomer it has
        no connection left for (``base_full``)."""
        code = new_code()
        with self._transaction() as run:
            # The table's activity first: the update holds its row until the transaction ends (a
            # file's transaction holds the whole file already), so that newcomers sit one at a
            # time: two players joining at once get two numbers, the second counting the first.
            run(self._sql("UPDATE {tables} SET updated_ms = {now} WHERE id = %s"), (table_id,))
            seated = run(self._sql("SELECT name, role FROM {seats} WHERE table_id = %s"), (table_id,))
            check_new_seat(table_id, spec, seated, max_players)
            self._check_room(run)
            seat = int(run(self._sql("SELECT COALESCE(MAX(seat), -1) + 1 FROM {seats} WHERE table_id = %s"),
                           (table_id,))[0][0])
            self._insert_seat(run, table_id, seat, spec, code)
            self._announce(run, table_id)
        return seat, code

    def _tables(self, clauses: str, params: tuple[Any, ...] = ()) -> list[TableInfo]:
        """The tables ``clauses`` select, with their seats and the clock, in one round trip (a
        seat reads its table every few seconds): a row per seat, one for a table without."""
        rows = self._run(self._sql("SELECT t.id, t.kind, t.config, t.created_ms, t.updated_ms, t.events, t.over, "
                                   "{now}, s.seat, s.name, s.computer_level, s.role, s.lease_until_ms, s.joined_ms "
                                   "FROM {tables} t LEFT JOIN {seats} s ON s.table_id = t.id " + clauses), params)
        return [self._info(list(table)) for _id, table in groupby(rows, key=lambda row: row[0])]

    def _info(self, rows: list[tuple[Any, ...]]) -> TableInfo:
        table_id, kind, config, created, updated, events, over, now = rows[0][:8]
        seats = tuple(Seat(name, level, Role(role), number=number, present=until > now, joined_ms=joined)
                      for number, name, level, role, until, joined in (row[8:] for row in rows) if number is not None)
        data = config if isinstance(config, dict) else json.loads(config)  # a server's JSONB reads as a dict
        return TableInfo(table_id, kind, data, seats, int(created), int(updated), int(events), bool(over))

    def table(self, table_id: str) -> TableInfo:
        """The table; raises ``table_unknown``."""
        found = self._tables("WHERE t.id = %s ORDER BY s.seat", (table_id,))
        if not found:
            raise TableError("table_unknown", table=table_id)
        return found[0]

    def tables(self) -> list[TableInfo]:
        """Every table, the most recently active first."""
        return self._tables("ORDER BY t.updated_ms DESC, t.id, s.seat")

    def find_code(self, code: str) -> tuple[TableInfo, int | None]:
        """The table and seat a join code opens (None: an open table's own code, which gives a
        seat to a name, :meth:`add_seat`); raises ``table_unknown_code``."""
        rows = self._run(self._sql("SELECT table_id, seat FROM {seats} WHERE code_hash = %s"), (code_hash(code),))
        if rows:
            return self.table(rows[0][0]), int(rows[0][1])
        tables = self._run(self._sql("SELECT id FROM {tables} WHERE join_hash = %s"), (code_hash(code),))
        if tables:
            return self.table(tables[0][0]), None
        raise TableError("table_unknown_code")

    def set_over(self, table_id: str) -> None:
        self._run(self._sql("UPDATE {tables} SET over = TRUE WHERE id = %s"), (table_id,))

    def set_seat_code(self, table_id: str, seat: int, hash_: str, seals: Mapping[str, str] | None = None) -> bool:
        """Give a seat created without a code (``NewTable.coded`` false) the code whose hash is
        ``hash_``; True if the seat has that code now, False if it has another one. ``seals``
        (configuration key: hex) are this seat's entries of those keys (a rematch's seals, which
        only this seat can make), set in the same write; each key's object must exist. Two seats
        setting theirs at once both keep them (the configuration is changed in place, not rewritten)."""
        with self._transaction() as run:
            done = bool(run(self._sql("UPDATE {seats} SET code_hash = %s WHERE table_id = %s AND seat = %s "
                                      "AND computer_level IS NULL AND (code_hash IS NULL OR code_hash = %s) "
                                      "RETURNING seat"), (hash_, table_id, seat, hash_)))
            for key, value in (seals or {}).items() if done else ():
                # One entry set on the row as it stands once its write lock is had: another seat's stays.
                run(self._sql("UPDATE {tables} SET config = " + self.SET_ENTRY + " WHERE id = %s"),
                    (key, str(seat), value, table_id))
        return done

    # -- the log -----------------------------------------------------------------------------
    @abstractmethod
    def append(self, table_id: str, seq: int, payload: dict[str, Any], quiet: bool = False) -> Row:
        """Insert event ``seq``; raises :class:`Conflict` if it exists. A ``quiet`` row (a club
        player's proposal) need not wake the processes that do not follow quiet rows (see
        :meth:`changed`): they read it with the next row that does."""

    def rows(self, table_id: str, after: int = 0) -> list[Row]:
        """The events after ``after``, in order."""
        return self.rows_now(table_id, after)[0]

    def rows_now(self, table_id: str, after: int = 0) -> tuple[list[Row], int]:
        """:meth:`rows` and the database's clock together, in one round trip (what a process
        following a table asks at every change)."""
        # The clock rides along on a row of its own (no event after ``after``: that row only).
        found = self._run(self._sql("SELECT {now}, e.seq, e.ts_ms, e.payload FROM (SELECT 1) AS one "
                                    "LEFT JOIN {events} e ON e.table_id = %s AND e.seq > %s ORDER BY e.seq"),
                          (table_id, after))
        return [Row.read(seq, ts, text) for _now, seq, ts, text in found if seq is not None], int(found[-1][0])

    @abstractmethod
    def changed(self, timeout: float = 0.0, table_id: str | None = None, quiet: bool = True) -> bool:
        """True if some table (``table_id``: that table) may have new events or seats since the
        last call (waits up to ``timeout``). A process follows one table: the others' writes
        must not wake it, or a hundred terminals each read back every table's every row.
        ``quiet=False``: quiet rows need not wake it (a backend may still say True for them).
        The store's own writes do not count: a store is one follower's connection (a second
        session following the same table in one process opens a store of its own)."""

    def wait(self, timeout: float, table_id: str | None = None) -> bool:
        """Block until another process's write to ``table_id`` (any table without) may be
        waiting to be read — True, then :meth:`changed` says whether it is — or until
        ``timeout`` — False. The connection is not held meanwhile: another thread may use the
        store. A store that cannot be woken (:attr:`wakes` false) sleeps out the timeout."""
        time.sleep(timeout)
        return False

    # -- seats -------------------------------------------------------------------------------
    def take_seat(self, table_id: str, seat: int, token: str, force: bool = False) -> None:
        """Hold a seat for this process; raises ``seat_taken`` if a live process holds it."""
        condition = "" if force else " AND (lease_until_ms < {now} OR lease_token = %s)"
        with self._seat_change(table_id) as run:
            run(self._sql("UPDATE {seats} SET lease_token = %s, lease_until_ms = {now} + %s, "
                          "joined_ms = COALESCE(joined_ms, {now}) WHERE table_id = %s AND seat = %s" + condition),
                (token, int(LEASE_SECONDS * 1000), table_id, seat) + (() if force else (token,)))
            held = run(self._sql("SELECT lease_token, name FROM {seats} WHERE table_id = %s AND seat = %s"),
                       (table_id, seat))
            if not held or held[0][0] != token:
                raise TableError("seat_taken", name=held[0][1] if held else "?")

    def renew_seat(self, table_id: str, seat: int, token: str) -> bool:
        """Keep holding the seat; False if another process took it."""
        return bool(self._run(self._sql("UPDATE {seats} SET lease_until_ms = {now} + %s WHERE table_id = %s "
                                        "AND seat = %s AND lease_token = %s RETURNING seat"),
                              (int(LEASE_SECONDS * 1000), table_id, seat, token)))

    def leave_seat(self, table_id: str, seat: int, token: str) -> None:
        with self._seat_change(table_id) as run:
            run(self._sql("UPDATE {seats} SET lease_until_ms = 0 WHERE table_id = %s AND seat = %s "
                          "AND lease_token = %s"), (table_id, seat, token))

    def close(self) -> None:  # noqa: B027 (a backend with nothing to let go keeps it)
        """Let the connection go."""


def default_address() -> str:
    """The SQLite file in the user's data folder."""
    from platformdirs import user_data_dir

    return str(Path(user_data_dir("scrabble_fr")) / "tables.sqlite3")


def check_address(address: str | None = None) -> StoreAddress:
    """The store ``address`` names (None: ``SCRABBLE_FR_BASE``, else the default), checked
    without opening it. An address that names neither backend is refused (``base_unknown``), as
    is a SQLite file in a folder that does not exist (``base_no_folder``): a mistyped ``--base``
    makes no folder and no file. Only the default store, in the user's data folder, makes its
    folder."""
    given = address or os.environ.get(BASE_ENV)
    parsed = parse_address(given or default_address())
    folder = parsed.folder
    if given and folder is not None and not folder.is_dir():
        raise TableError("base_no_folder", folder=shown_text(str(folder)))
    if folder is not None and Path(parsed.text).is_dir():  # a folder given for the file
        from scrabble_fr.messages import system_error_text

        raise unreachable(parsed.text, system_error_text(IsADirectoryError(errno.EISDIR, "")))
    return parsed


def open_store(address: str | None = None) -> TableStore:
    """The store at ``address`` (``postgresql://…`` or a SQLite file; None: the default), checked
    by :func:`check_address`. A SQLite file is made by the first table created in it: a command
    that only reads creates nothing."""
    parsed = check_address(address)
    if parsed.backend is Backend.POSTGRESQL:
        try:
            from scrabble_fr.table.postgres import PostgresStore
        except ImportError:
            raise TableError("base_needs_psycopg") from None
        return PostgresStore(parsed.text)
    from scrabble_fr.table.sqlite import SqliteStore

    return SqliteStore(parsed.text, make_folder=not (address or os.environ.get(BASE_ENV)))
