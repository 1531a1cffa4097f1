"""The seat core: what every process following one table does besides its own intents,
whatever the kind of seat (:class:`~scrabble_fr.table.session.TableSession`, a classic seat;
:class:`~scrabble_fr.table.duplicate.DuplicateTable`, a club duplicate's player, arbitrator or
projector), written once: the seat's lease and token (taken, renewed, lost, left), the rows read
and their sequence, the replay that marks a row it cannot read as damage, sync and rebuild, the
look at the table (``poll``), waiting for the others' writes, writing a row, and a store that goes
away or is held by another terminal's write.

A kind of seat is a subclass that says only what differs: how it goes back to the table as
created (``_reset``), how one row changes its state (``_apply``, raising on a row it cannot
read), and what a look tells its player (``_before_look``, ``_news``). It is a base class rather
than a composed object because the two kinds' state (a match, coups) is replayed by the core's
loop and read by the core's look: hooks on one object say that with no forwarding.

Every behaviour a player sees holds on both kinds: a lost seat is said once and the seat only
watches from then on; a damaged row is said once, the table is then refused; the store away or
busy is said as below.

    >>> not_recorded(TableError("base_busy", seconds="5")).code
    'not_recorded_busy'

An intent either reaches the table or is refused at once, and says so; nothing is queued to be sent
later. While the store is known to be away (a look or a write met it out of reach), a row is
refused before any connection attempt (``not_recorded``); a write that fails is refused the same
way (``not_recorded_busy`` for a store held by another terminal's write: send it again in a
moment), and the screen gives the typed line back. A look at the table says the loss once and the
return once; a row the server took just before it went, whose answer was lost, is said on return
to have reached the table after all. A look that meets a busy store reads at the next one.
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from typing import Any, TypeVar

from scrabble_fr.engine.errors import ScrabbleError
from scrabble_fr.i18n import _
from scrabble_fr.match.outcome import Outcome
from scrabble_fr.messages import describe
from scrabble_fr.table.errors import OUT_OF_REACH, TableError
from scrabble_fr.table.rows import RowType
from scrabble_fr.table.store import RENEW_SECONDS, Conflict, Row, TableInfo, TableStore

# What a store says when it does not take a row: away, or held by another terminal's write.
STORE_FAILURES = OUT_OF_REACH | {"base_busy"}
# A busy store, as a look or a write meets it: the next look reads, the intent is sent again.
BUSY = frozenset({"base_busy", "not_recorded_busy"})
# How many times an intent is written again while the other processes' rows keep coming first
# (then « not recorded », busy): a whole club proposing at a coup's close fits in it.
WRITE_ATTEMPTS = 50

T = TypeVar("T")


def not_recorded(exc: TableError) -> TableError:
    """What an intent whose row the store did not take says: « not recorded », nothing queued
    (the store's own wording, « retrying… », would promise a retry no one makes); any other
    refusal as it is."""
    if exc.code == "base_busy":
        return TableError("not_recorded_busy")
    return TableError("not_recorded") if exc.code in STORE_FAILURES else exc


# What a row that does not replay raises: the table is damaged (this table only).
ROW_ERRORS = (ScrabbleError, KeyError, TypeError, ValueError, IndexError)


class TableClock:
    """The table's time, by which its clocks run (a classic match's, a coup's): a row's database
    time while the log is replayed, then the database's clock as this process estimates it (its
    last reading plus the time since)."""

    def __init__(self) -> None:
        self._pinned: float | None = None
        self._base = 0.0
        self._since = time.monotonic()

    def __call__(self) -> float:
        if self._pinned is not None:
            return self._pinned
        return self._base + (time.monotonic() - self._since)

    def pin(self, ms: int) -> None:
        self._pinned = ms / 1000.0

    def follow(self, ms: int) -> None:
        self._pinned = None
        self._base = ms / 1000.0
        self._since = time.monotonic()

    def release(self) -> None:
        """Follow the database's clock again from the last reading (no reading possible now)."""
        self._pinned = None


class FollowedTable:
    """One process's seat (``seat``; None: a watcher) at one table (see the module's doc)."""

    #: Whether a look is woken by the quiet rows (a club player's proposal): the arbitrator's.
    follows_quiet = True
    #: Whether the seat holds a lease (False: a command of one row, which writes without taking
    #: the seat from a screen that has it open; the store's one row a number keeps them apart).
    leased = True
    _damage_said = False
    #: The store is known to be away: every row is refused at once until a look reads it again.
    offline = False
    #: A change seen but not read (the store was busy; a seat came that the state follows): the
    #: next look reads the table.
    _unread = False
    #: A row written as the connection went (sequence, payload as stored): did the server take it?
    _unsure: tuple[int, Any] | None = None

    # -- the seat ----------------------------------------------------------------------------
    def _open(self, store: TableStore, info: TableInfo, seat: int | None) -> None:
        """The seat before its state: not held yet (:meth:`_start`), no row read."""
        self.store = store
        self.info = info
        self.table_id = info.id
        self.seat = seat
        self.is_arbiter = info.arbiter is not None and seat == info.arbiter.number
        self.token = secrets.token_hex(12)  # this process's lease on the seat
        self.clock = TableClock()
        self.held = False
        self.lost_seat = False
        self._renewed = 0.0
        self._seats_read = time.monotonic()  # the info just given is who is at the table now
        self.rows: list[Row] = []
        self.seq = 0
        self.damaged: TableError | None = None

    @contextmanager
    def _reading_config(self) -> Iterator[None]:
        """A configuration that does not read is a damaged table, refused at once."""
        try:
            yield
        except ROW_ERRORS as exc:
            raise TableError("table_damaged", table=self.table_id, seq=0, detail=str(exc)) from None

    def _start(self, force: bool, spectator: bool) -> None:
        """The state as created, the seat held for this process (``seat_taken`` if a live one
        holds it, unless forced; a spectator holds none), then every row read."""
        self._restart()
        if self.seat is not None and not spectator:
            if self.leased:
                self.store.take_seat(self.table_id, self.seat, self.token, force=force)
                self._renewed = time.monotonic()
                self._read_seats()  # with this seat's first arrival recorded
            self.held = True
        self.sync()

    def _keep_seat(self) -> str | None:
        """Renew the seat's lease when it is time; what to tell the player the first time
        another terminal has taken the seat (None otherwise: a lease lost is never renewed)."""
        if (not self.held or not self.leased or self.lost_seat
                or time.monotonic() - self._renewed < RENEW_SECONDS):
            return None
        if not self.store.renew_seat(self.table_id, self.seat or 0, self.token):
            self.lost_seat = True
            return _("Another terminal has taken this seat: this screen only watches now.")
        self._renewed = time.monotonic()
        return None

    def _read_seats(self) -> bool:
        """Read who is at the table: the leases, a newcomer. Whether anyone came or went since
        the last read (a killed terminal's lease runs out without a row: only this says it)."""
        before = [(seat.number, seat.present) for seat in self.info.seats]
        self.info = self.store.table(self.table_id)
        self._seats_read = time.monotonic()
        return [(seat.number, seat.present) for seat in self.info.seats] != before

    def refresh_seats(self) -> None:
        """Read again who is at the table, for a screen that shows it (the store away: a look
        says so); each look reads it too, every few seconds."""
        with suppress(TableError):
            self._read_seats()

    def _require_seat(self) -> None:
        """Raise unless this process may write a row: the table readable, the seat held here."""
        if self.damaged is not None:
            raise self.damaged
        if not self.held or self.lost_seat:
            if self.seat is None:
                raise TableError("spectator")
            raise TableError("seat_taken", name=self.info.seat(self.seat).name)

    def present(self, seat: int) -> bool:
        """Whether seat number ``seat`` is taken now (this process's own once it holds it)."""
        info = next((s for s in self.info.seats if s.number == seat), None)
        return bool(info and info.present) or (self.held and seat == self.seat)

    def close(self) -> None:
        """Leave the table: the seat is free at once for another terminal."""
        if self.held and self.leased and not self.lost_seat:
            with suppress(TableError):
                self.store.leave_seat(self.table_id, self.seat or 0, self.token)
        self.held = False

    # -- the rows ----------------------------------------------------------------------------
    def _reset(self) -> None:
        """Back to the table as created, before its first row (a kind of seat's own state)."""
        raise NotImplementedError

    def _apply(self, row: Row) -> None:
        """Change the state by one row (raising one of :data:`ROW_ERRORS` for a row that does
        not read); :meth:`_read` records it."""
        raise NotImplementedError

    def _read(self, row: Row) -> None:
        """Row ``row`` is the last one read."""
        self.rows.append(row)
        self.seq = row.seq

    def _restart(self) -> None:
        """Forget every row read: the table as created."""
        self.rows = []
        self.seq = 0
        self.damaged = None
        self._damage_said = False
        self._reset()

    def _apply_rows(self, rows: Sequence[Row]) -> None:
        """Apply new rows. A row that does not replay marks the table damaged (this table only;
        nothing raised): every later intent is refused with it, and a look says it once."""
        for row in rows:
            if self.damaged is not None:
                return
            if row.kind is RowType.JOIN and row.seq > self.info.events:
                # A newcomer since the seats were read (a row of those read then, replayed as the
                # seat opens or rebuilds, is not): the next look reads who is at the table.
                self._seats_read = 0.0
            try:
                self._apply(row)
            except ROW_ERRORS as exc:
                detail = describe(exc) if isinstance(exc, ScrabbleError) else str(exc) or type(exc).__name__
                self.damaged = TableError("table_damaged", table=self.table_id, seq=row.seq, detail=detail)

    def rebuild_from_known(self) -> None:
        """Put the state back as the rows already read have it (a write that failed)."""
        rows = list(self.rows)
        self._restart()
        self._apply_rows(rows)
        self.clock.release()  # the replay pinned it to the last row's time

    def rebuild(self) -> None:
        """Forget the local state and replay the whole log (after a write that lost a race)."""
        self._restart()
        self.sync()

    # -- looking -----------------------------------------------------------------------------
    def sync(self) -> None:
        """Read the rows written since the last one known."""
        rows, now = self.store.rows_now(self.table_id, self.seq)
        self._unread = False
        self._apply_rows(rows)
        if not self._clocks_follow(now):
            self.rebuild()
            return
        self.clock.follow(now)
        if self._game_over() and not self.info.over:
            self.store.set_over(self.table_id)

    def _game_over(self) -> bool:
        """Whether the table's game is over (the table is then listed as over)."""
        raise NotImplementedError

    def _clocks_follow(self, now: int) -> bool:
        """The rows read, the clocks at the table's time ``now`` (in ms); False if they started
        before rows already replayed (the whole log is replayed again)."""
        return True

    def _before_look(self) -> Any:
        """What a kind of seat keeps from before a look, to say what it changed (:meth:`_news`)."""
        return None

    def _news(self, before: Any, changed: bool) -> tuple[str, ...]:
        """What a look tells the player of the rows it read (``changed``: it read the table);
        it may write a row of the table's own doing (a coup whose time is up)."""
        return ()

    def _told(self, messages: tuple[str, ...]) -> None:
        """A look told the player ``messages`` (a kind of seat may keep them)."""

    def poll(self, timeout: float = 0.0) -> Outcome | None:
        """Keep the seat and follow the table: an outcome telling what changed (None: nothing)."""
        back = changed = False
        reached: tuple[str, ...] = ()
        try:
            lost = self._keep_seat()
            if lost is not None:
                return Outcome(warning=lost)
            # A change left unread (a busy store met by a look, a seat that came) is read now.
            changed = self.store.changed(timeout, self.table_id, self.follows_quiet) or self._unread or self.offline
            before = self._before_look()
            if changed:
                known = self.seq
                self.sync()
                # The look read the table: a store away until now is back, rows are written again.
                back, self.offline = self.offline, False
                if self.seq == known or back:
                    # No row: a seat came or went (a row says nothing of the seats).
                    self._read_seats()
                reached = self._reached_after_all()
            news = self._news(before, changed)
            # Every seat, the spectators' too, sees a terminal go as its lease runs out.
            came_or_went = time.monotonic() - self._seats_read >= RENEW_SECONDS and self._read_seats()
        except TableError as exc:
            return self._look_failed(exc)
        warning = None
        if self.damaged is not None and not self._damage_said:
            self._damage_said = True
            warning = describe(self.damaged)
        if not changed and not news and warning is None and not came_or_went:
            return None
        told = (*reached, *news)
        self._told(told)
        return Outcome((_("The table store is back."), *told) if back else told, warning)

    # -- waiting for the others --------------------------------------------------------------
    @property
    def wakes(self) -> bool:
        """Whether :meth:`wait` returns as soon as another process writes to the table (a
        PostgreSQL server announces each write; a SQLite file is looked at on a timer)."""
        return self.store.wakes

    def wait(self, timeout: float) -> bool:
        """Block until another process may have written to the table (True: ``poll`` reads it)
        or ``timeout`` passed (False). Holds nothing meanwhile: a screen waits in a thread of
        its own and polls on its own thread when woken."""
        return self.store.wait(timeout, self.table_id)

    # -- writing -----------------------------------------------------------------------------
    def _append(self, seq: int, payload: dict[str, Any], quiet: bool = False) -> Row:
        """Write row ``seq`` of the table; raises :class:`~scrabble_fr.table.store.Conflict`
        (another process wrote it first), or ``not_recorded``/``not_recorded_busy`` when the
        store does not take it (see the module's doc)."""
        if self.offline:
            raise TableError("not_recorded")
        try:
            return self.store.append(self.table_id, seq, payload, quiet)
        except TableError as exc:
            if exc.code in OUT_OF_REACH:
                self.offline = True  # the next look says when it is back
                self._unsure = (seq, json.loads(json.dumps(payload, ensure_ascii=False)))
            raise not_recorded(exc) from None

    def _write_retrying(self, write: Callable[[], T], lost: Callable[[], None]) -> T:
        """``write()`` an intent's row. Another process's row first (:class:`Conflict`): ``lost()``
        reads it, raising if the intent no longer holds, and the intent is written again on top;
        « not recorded » (busy) when theirs keep coming first."""
        for _attempt in range(WRITE_ATTEMPTS):
            try:
                return write()
            except Conflict:
                lost()
        raise TableError("not_recorded_busy")  # the others' rows kept coming first

    # -- looking -----------------------------------------------------------------------------
    def _look_failed(self, exc: TableError) -> Outcome | None:
        """What a look at the table (``poll``) that met ``exc`` says: a busy store, nothing (the
        next look reads); the store away, the loss the first time (a row of the table's own
        doing that it did not take — a coup closed when its time is up, a computer's move —
        is written again by a later look). Any other error is raised."""
        if exc.code in BUSY:
            self._unread = True
            return None
        if exc.code == "not_recorded" or (exc.code in OUT_OF_REACH and not self.offline):
            self.offline = True
            return Outcome(warning=_("The connection to the table store is lost: retrying. Until it is back, an "
                                     "action is refused and not recorded."))
        if exc.code in OUT_OF_REACH:
            return None  # said already: retried at every look
        raise exc

    def _reached_after_all(self) -> tuple[str, ...]:
        """After a look that read the table: the row written as the connection went, if the
        server took it, said to have reached the table after all (it was said « not recorded »)."""
        unsure, self._unsure = self._unsure, None
        if unsure is None:
            return ()
        seq, payload = unsure
        if not any(row.seq == seq and row.payload == payload for row in self.rows):
            return ()
        return (_("Your last action reached the table after all: the store took it just before it went away."),)
