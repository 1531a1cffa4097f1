"""Where a game session records its changes: a port, and the local save that fills it.

    >>> import tempfile, pathlib; from scrabble_fr.records.save import SavedGame; from scrabble_fr import Game
    >>> record = SavedGame.new(Game(["Ana", "Bob"], seed=7), [("Ana", None), ("Bob", None)])
    >>> save = LocalSave(RecordStore(pathlib.Path(tempfile.mkdtemp())))
    >>> save.open(record); save.save(), save.lock.holds(), (save.folder / f"{record.id}.json").exists()
    (None, True, True)

Whoever opens a session (:mod:`scrabble_fr.opening`, :mod:`scrabble_fr.resume`) chooses where it
is recorded and hands the recorder over; the session (a classic
:class:`~scrabble_fr.match.Match`, a duplicate's :class:`~scrabble_fr.duplicate.DuplicateSession`,
a topping's) never builds one. The session calls :meth:`Recorder.open` with its record once it
stands (a saved game replayed, a new one drawn), brings that record up to date and calls
:meth:`Recorder.save` after every change, and :meth:`Recorder.close` when the table is left; what
it is told back is a warning to show the players, never an exception. :class:`LocalSave` records
a game in the store of saved games, for one process at a time: it takes the game's lock when it
opens (another process holding it refuses the opening; ``take_over``, the ``--forcer`` of the
command line, takes it over), checks at every save that nobody took it over since, and says the
first failure once (a full disk must not repeat itself after every move). A shared table's log
is another recorder of the same shape (:mod:`scrabble_fr.table.classic_seat`): each change a row
of the log, a change another seat recorded first refused by raising, and leaving releases the
seat.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from scrabble_fr.engine.errors import ScrabbleError
from scrabble_fr.i18n import _
from scrabble_fr.messages import describe, system_error_text
from scrabble_fr.records.errors import RecordError
from scrabble_fr.records.lock import SaveLock
from scrabble_fr.records.store import RecordStore, SavedRecord


class Recorder(Protocol):
    """Where a session's changes go."""

    @property
    def folder(self) -> Path | None:
        """Where files written from the game go (its GCG, a duplicate's sheets): beside the saved
        games, or None for the working folder."""
        ...

    def open(self, record: SavedRecord | None) -> None:
        """The session starts with ``record`` (None: a session that keeps no record of its own, a
        table's seat). Raises, and nothing is opened, if it may not be recorded here now."""
        ...

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


class LocalSave:
    """The record a session opens it with, saved in ``store`` by this process alone."""

    def __init__(self, store: RecordStore, *, take_over: bool = False) -> None:
        self.store = store
        self.take_over = take_over
        self.record: SavedRecord | None = None
        self.lock: SaveLock | None = None
        self._failed = False

    @property
    def folder(self) -> Path:
        return self.store.directory

    def open(self, record: SavedRecord | None) -> None:
        """Take the game's lock (raises ``save_locked`` if another process has it: nothing opened)."""
        if record is None:
            raise ValueError("a local save keeps a record")
        self.record = record
        lock = self.store.lock(record.id)
        try:
            lock.acquire(take_over=self.take_over)
        except RecordError as exc:
            if exc.code != "save_lock_failed":
                raise
            # The folder cannot be written: the game is still played, and the first save says
            # what is wrong with the folder.
            return
        self.lock = lock

    def save(self) -> str | None:
        """Save the record; a failure is returned once as a warning and never stops the game."""
        record = self.record
        if record is None:
            raise ValueError("a local save is opened before it saves")
        try:
            if self.lock is not None and not self.lock.holds():
                raise RecordError("save_taken_over", id=record.id)
            self.store.save(record)
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

    folder = None

    def open(self, record: SavedRecord | None) -> None:
        pass

    def save(self) -> str | None:
        return None

    def close(self) -> None:
        pass

    def postponed(self, error: ScrabbleError) -> bool:
        return False
