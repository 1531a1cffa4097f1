"""One writer per saved game: a lock file beside the save names the process that plays it.

    >>> import tempfile, pathlib; folder = pathlib.Path(tempfile.mkdtemp())
    >>> lock = SaveLock(folder / "g.lock", game_id="g"); lock.acquire(); lock.holds()
    True

A second process opening the same game is refused with the first one's process id. A lock whose
process is gone (a crash, a closed terminal) is taken over silently. ``take_over`` takes a live
lock: the first process then finds, at its next save, that the lock is no longer its own, and
stops writing — never two writers.
"""

from __future__ import annotations

import json
import os
import secrets
from pathlib import Path

from scrabble_fr.records.errors import RecordError


def _alive(pid: int) -> bool:
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # alive, but someone else's
        return True
    except OSError:
        return False
    return True


class SaveLock:
    """The lock of one saved game, held by this process from :meth:`acquire` to :meth:`release`."""

    def __init__(self, path: Path, game_id: str) -> None:
        self.path = path
        self.game_id = game_id
        self.token = secrets.token_hex(8)
        self._held = False

    def owner(self) -> tuple[int, str] | None:
        """The (pid, token) written in the lock file, or None if there is none or it is unreadable."""
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            return int(data["pid"]), str(data["token"])
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def check(self) -> None:
        """Raise :class:`RecordError` ``save_locked`` if another live process holds the lock."""
        owner = self.owner()
        if owner is not None and owner[1] != self.token and _alive(owner[0]):
            raise RecordError("save_locked", id=self.game_id, pid=owner[0])

    def acquire(self, take_over: bool = False) -> None:
        """Take the lock; raises :class:`RecordError` ``save_locked`` if a live process holds it
        (unless ``take_over``)."""
        if not take_over:
            self.check()
        payload = json.dumps({"pid": os.getpid(), "token": self.token}).encode("utf-8")
        temporary = self.path.with_name(f".{self.path.name}.{self.token}.tmp")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            temporary.write_bytes(payload)
            os.replace(temporary, self.path)
        except OSError as exc:  # a folder that cannot be written: said, never a traceback
            raise RecordError("save_lock_failed", id=self.game_id, path=str(self.path.parent),
                              detail=exc.strerror or str(exc)) from None
        self._held = True
        # Two processes starting at the same instant: the last rename wins, the other says so.
        winner = self.owner()
        if winner is None or winner[1] != self.token:
            self._held = False
            raise RecordError("save_locked", id=self.game_id, pid=winner[0] if winner else "?")

    def holds(self) -> bool:
        """True while the lock file still names this process (nobody took the game over)."""
        owner = self.owner()
        return self._held and owner is not None and owner[1] == self.token

    def release(self) -> None:
        if self.holds():
            try:
                self.path.unlink()
            except OSError:
                pass
        self._held = False
