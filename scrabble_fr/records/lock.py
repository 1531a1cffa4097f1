"""One writer per saved game: an operating-system lock on a file beside the save.

    >>> import tempfile, pathlib; folder = pathlib.Path(tempfile.mkdtemp())
    >>> lock = SaveLock(folder / "g.lock", game_id="g"); lock.acquire(); lock.holds()
    True

The process that plays a game holds an exclusive ``flock`` on ``ID.lock`` for as long as the game
is open. The kernel releases it when the process ends, however it ends (a crash, a closed
terminal, SIGKILL), so a dead holder never blocks anyone and no process id is ever trusted: the
one written in the file only names the holder in the refusal. A second process is refused.
``take_over`` (``--forcer``) takes a live game over: it locks a new file and renames it over
the old one; the first process then finds, at its next save, that the file at the lock's path is
no longer the one it locked, and stops writing — never two writers. Releasing closes the file
and leaves it in place (removing it could remove a newer holder's file).

On a system without ``fcntl`` the lock is advisory only (the file names its holder).
"""

from __future__ import annotations

import json
import os
import secrets
import tempfile
from pathlib import Path

from scrabble_fr.messages import system_error_detail
from scrabble_fr.records.errors import RecordError

try:
    import fcntl
except ImportError:  # not a POSIX system
    fcntl = None  # type: ignore[assignment]


def _try_lock(fd: int) -> bool:
    if fcntl is None:
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _same_file(fd: int, path: Path) -> bool:
    try:
        mine, there = os.fstat(fd), os.stat(path)
    except OSError:
        return False
    return (mine.st_dev, mine.st_ino) == (there.st_dev, there.st_ino)


class SaveLock:
    """The lock of one saved game, held by this process from :meth:`acquire` to :meth:`release`."""

    def __init__(self, path: Path, game_id: str) -> None:
        self.path = Path(path)
        self.game_id = game_id
        self.token = secrets.token_hex(8)
        self._fd: int | None = None

    def __repr__(self) -> str:
        return f"<SaveLock {self.game_id} {'held' if self._fd is not None else 'free'}>"

    def holder(self) -> int | str:
        """The process id written by the lock's holder, or ``?``."""
        try:
            return int(json.loads(self.path.read_text(encoding="utf-8"))["pid"])
        except (OSError, ValueError, KeyError, TypeError):
            return "?"

    def check(self) -> None:
        """Raise :class:`RecordError` ``save_locked`` if another process holds the lock now."""
        if self._fd is not None:
            return
        try:
            fd = os.open(self.path, os.O_RDONLY)
        except OSError:
            return  # no lock file: nobody holds it
        try:
            if not _try_lock(fd):
                raise RecordError("save_locked", id=self.game_id, pid=self.holder())
        finally:
            os.close(fd)  # closing drops the lock taken just to test it

    def acquire(self, take_over: bool = False) -> None:
        """Take the lock; raises :class:`RecordError` ``save_locked`` if another process holds it
        (unless ``take_over``), ``save_lock_failed`` if the folder cannot be written."""
        if self._fd is not None:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = self._take_over() if take_over else self._take()
        except OSError as exc:  # a folder that cannot be written: said, never a traceback
            raise RecordError("save_lock_failed", id=self.game_id, path=str(self.path.parent),
                              detail=system_error_detail(exc)) from None
        self._fd = fd
        payload = json.dumps({"pid": os.getpid(), "token": self.token}).encode("utf-8")
        try:
            os.ftruncate(fd, 0)
            os.pwrite(fd, payload, 0)
        except OSError:
            pass  # the name in the file is a courtesy; the lock itself is held

    def _take(self) -> int:
        while True:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
            if not _try_lock(fd):
                os.close(fd)
                raise RecordError("save_locked", id=self.game_id, pid=self.holder())
            if _same_file(fd, self.path):
                return fd
            os.close(fd)  # taken over between open and lock: try the new file

    def _take_over(self) -> int:
        fd, temporary = tempfile.mkstemp(prefix=f".{self.path.name}.", dir=self.path.parent)
        try:
            _try_lock(fd)  # a new file: nobody else can hold it
            os.replace(temporary, self.path)
        except BaseException:
            os.close(fd)
            try:
                os.unlink(temporary)
            except OSError:
                pass
            raise
        return fd

    def holds(self) -> bool:
        """True while this process holds the lock and nobody took the game over."""
        return self._fd is not None and _same_file(self._fd, self.path)

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def __del__(self) -> None:
        fd = getattr(self, "_fd", None)
        if fd is not None:
            try:
                os.close(fd)
            except OSError:
                pass
