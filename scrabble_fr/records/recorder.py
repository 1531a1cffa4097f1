"""Where a game session records its changes: a port, and the local save that fills it.

    >>> import tempfile, pathlib; from scrabble_fr.records.save import SavedGame; from scrabble_fr import Game
    >>> record = SavedGame.new(Game(["Ana", "Bob"], seed=7), [("Ana", None), ("Bob", None)])
    >>> save = LocalSave(RecordStore(pathlib.Path(tempfile.mkdtemp())), record, lambda r: None)
    >>> save.save(), save.lock.holds(), (save.store.directory / f"{record.id}.json").exists()
    (None, True, True)

A session (a classic :class:`~scrabble_fr.match.Match`, a duplicate's
:class:`~scrabble_fr.duplicate.DuplicateSession`) calls :meth:`Recorder.save` after every change
and :meth:`Recorder.close` when the table is left; what it is told back is a warning to show the
players, never an exception. :class:`LocalSave` records a game in the store of saved games, for
one process at a time: it takes the game's lock when it opens (another process holding it refuses
the opening; ``take_over``, the ``--forcer`` of the command line, takes it over), checks at every
save that nobody took it over since, and says the first failure once (a full disk must not repeat
itself after every move). A shared table's log is another recorder of the same shape
(:mod:`scrabble_fr.table.classic_seat`): each change a row of the log, a change another seat
recorded first refused by raising, and leaving releases the seat.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, Protocol, TypeVar

from scrabble_fr.engine.errors import ScrabbleError
from scrabble_fr.i18n import _
from scrabble_fr.messages import describe, system_error_text
from scrabble_fr.records.errors import RecordError
from scrabble_fr.records.lock import SaveLock
from scrabble_fr.records.store import RecordStore, SavedRecord


class Recorder(Protocol):
    """Where a session's changes go."""

    def save(self) -> str | None:
        """Record the session as it stands; a warning for the players if that failed, else None.
        A recorder that may refuse the change (a shared table's log) raises a
        :class:`~scrabble_fr.engine.errors.ScrabbleError` and puts the session back as recorded."""
        ...

    def close(self) -> None:
        """The session is left: another process may record it now."""
        ...

    def postponed(self, error: ScrabbleError) -> bool:
        """True if ``error``, raised by :meth:`save`, says the change was not recorded for now
        and will be made again (a table: another seat recorded first, or its store is away), so
        that a change nobody asked for (a computer's move, a time penalty) is dropped quietly."""
        ...


Record = TypeVar("Record", bound=SavedRecord)


class LocalSave(Generic[Record]):
    """``record`` saved in ``store`` by this process alone; ``refresh`` brings the record up to
    the session's state before each save."""

    def __init__(self, store: RecordStore, record: Record, refresh: Callable[[Record], None], *,
                 take_over: bool = False) -> None:
        self.store = store
        self.record = record
        self._refresh = refresh
        self._failed = False
        self.lock: SaveLock | None = store.lock(record.id)
        try:
            self.lock.acquire(take_over=take_over)  # raises save_locked: nothing opened
        except RecordError as exc:
            if exc.code != "save_lock_failed":
                raise
            # The folder cannot be written: the game is still played, and the first save says
            # what is wrong with the folder.
            self.lock = None

    def save(self) -> str | None:
        """Save the record; a failure is returned once as a warning and never stops the game."""
        self._refresh(self.record)
        try:
            if self.lock is not None and not self.lock.holds():
                raise RecordError("save_taken_over", id=self.record.id)
            self.store.save(self.record)
        except (OSError, ScrabbleError) as exc:
            if self._failed:
                return None
            self._failed = True
            error = describe(exc) if isinstance(exc, ScrabbleError) else system_error_text(exc)
            return _("The game could not be saved: {error}").format(error=error)
        return None

    def close(self) -> None:
        """Release the game for another process (the file of the lock stays)."""
        if self.lock is not None:
            self.lock.release()

    def postponed(self, error: ScrabbleError) -> bool:
        return False  # a local save never raises: it warns


class Unrecorded:
    """A session kept nowhere (a test, a game played without a store): nothing to say, ever."""

    def save(self) -> str | None:
        return None

    def close(self) -> None:
        pass

    def postponed(self, error: ScrabbleError) -> bool:
        return False
