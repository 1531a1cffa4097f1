"""What every process following one table does besides its own intents, whatever the kind of
seat (:class:`~scrabble_fr.table.session.TableSession`, a classic seat;
:class:`~scrabble_fr.table.duplicate.DuplicateTable`, a club duplicate's player, arbitrator or
projector): waiting for the others' writes, writing its rows, and a store that goes away or is
held by another terminal's write.

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
from typing import Any

from scrabble_fr.i18n import _
from scrabble_fr.match.outcome import Outcome
from scrabble_fr.table.errors import OUT_OF_REACH, TableError
from scrabble_fr.table.store import Row, TableStore

# What a store says when it does not take a row: away, or held by another terminal's write.
STORE_FAILURES = OUT_OF_REACH | {"base_busy"}
# A busy store, as a look or a write meets it: the next look reads, the intent is sent again.
BUSY = frozenset({"base_busy", "not_recorded_busy"})


def not_recorded(exc: TableError) -> TableError:
    """What an intent whose row the store did not take says: « not recorded », nothing queued
    (the store's own wording, « retrying… », would promise a retry no one makes); any other
    refusal as it is."""
    if exc.code == "base_busy":
        return TableError("not_recorded_busy")
    return TableError("not_recorded") if exc.code in STORE_FAILURES else exc


def lost_notice() -> str:
    """What a seat is told, once, when its look at the table finds the store away."""
    return _("The connection to the table store is lost: retrying. Until it is back, an action is refused and "
             "not recorded.")


class FollowedTable:
    """One process's following of one table: the store's changes, its rows written, the store
    away or busy. A seat's session subclasses it and calls :meth:`_append` for each row it writes,
    :meth:`_look_failed` when a look at the table fails, and :meth:`_back` and
    :meth:`_reached_after_all` after a look that read the table."""

    store: TableStore
    table_id: str
    seat: int | None
    #: The store is known to be away: every row is refused at once until a look reads it again.
    offline = False
    _unread = False  # a change seen but not read (the store was busy): read at the next look
    #: A row written as the connection went (sequence, payload as stored): did the server take it?
    _unsure: tuple[int, Any] | None = None

    # -- waiting for the others --------------------------------------------------------------
    def _has_changed(self, timeout: float, quiet: bool = True) -> bool:
        """Whether the table may have changed since the last look: the store says so, or a look
        that met a busy store (:meth:`_read_later`) left a change unread."""
        changed = self.store.changed(timeout, self.table_id, quiet) or self._unread
        self._unread = False
        return changed

    def _read_later(self) -> None:
        """The look met a busy store (another terminal writing): the next look reads."""
        self._unread = True

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
        store does not take it: at once, with no connection attempt, while it is known to be
        away. A connection lost mid-write may have lost only the answer: the next look that
        reads the table says whether the row is there (:meth:`_reached_after_all`)."""
        if self.offline:
            raise TableError("not_recorded")
        try:
            return self.store.append(self.table_id, seq, payload, quiet)
        except TableError as exc:
            if exc.code in OUT_OF_REACH:
                self.offline = True  # the next look says when it is back
                self._unsure = (seq, json.loads(json.dumps(payload, ensure_ascii=False)))
            raise not_recorded(exc) from None

    # -- looking -----------------------------------------------------------------------------
    def _look_failed(self, exc: TableError) -> Outcome | None:
        """What a look at the table (``poll``) that met ``exc`` says: a busy store, nothing (the
        next look reads); the store away, the loss the first time (a row of the table's own
        doing that it did not take — a coup closed when its time is up, a computer's move —
        is written again by a later look). Any other error is raised."""
        if exc.code in BUSY:
            self._read_later()
            return None
        if exc.code == "not_recorded" or (exc.code in OUT_OF_REACH and not self.offline):
            self.offline = True
            return Outcome(warning=lost_notice())
        if exc.code in OUT_OF_REACH:
            return None  # said already: retried at every look
        raise exc

    def _back(self) -> bool:
        """After a look that read the table: whether the store was away until now (the look
        says it is back, and rows are written again)."""
        was_offline, self.offline = self.offline, False
        return was_offline

    @staticmethod
    def back_notice() -> str:
        return _("The table store is back.")

    def _reached_after_all(self, rows: list[Row]) -> tuple[str, ...]:
        """After a look that read ``rows`` (the table's, so far): the row written as the
        connection went, if the server took it, said to have reached the table after all (it
        was said « not recorded »)."""
        unsure, self._unsure = self._unsure, None
        if unsure is None:
            return ()
        seq, payload = unsure
        if not any(row.seq == seq and row.payload == payload for row in rows):
            return ()
        return (_("Your last action reached the table after all: the store took it just before it went away."),)
