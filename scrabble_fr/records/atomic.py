"""The one atomic write: a file is replaced whole or not at all, and stays replaced after a crash.

    >>> import tempfile, pathlib; target = pathlib.Path(tempfile.mkdtemp()) / "a.json"
    >>> write_atomic(target, b"{}"); target.read_bytes()
    b'{}'

Every file the program writes for keeps (saves, the word-list index, a player's list, the word
graph's cache, the lock's record) goes through :func:`write_atomic`: the bytes go to a temporary
file in the same folder, are flushed and synced to disk, then renamed over the target, and the
folder's entry is synced too, so that a power cut at any moment leaves the old file or the new
one, never half of one. With ``backup``, the file being replaced is first renamed there (the
saves keep their previous version as ``.bak``).

This module imports nothing of the project: the word lists and the word graph use it too.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomic(path: str | os.PathLike[str], data: bytes, *, backup: str | os.PathLike[str] | None = None,
                 mode: int | None = None) -> None:
    """Replace ``path`` with ``data`` atomically and durably.

    ``backup``: where the previous file goes (renamed, not copied) before the new one lands.
    ``mode``: the new file's permissions (``0o600`` for a file only its owner may read); by
    default the temporary file's own, 0600 as :func:`tempfile.mkstemp` makes it, widened by the
    umask as an ordinary file would be.
    Raises :class:`OSError` (the folder cannot be written, the disk is full): the old file is then
    untouched and no temporary file is left behind.
    """
    target = Path(path)
    folder = target.parent
    folder.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fchmod(handle.fileno(), mode if mode is not None else 0o666 & ~_umask())
            os.fsync(handle.fileno())
        if backup is not None and target.exists():
            os.replace(target, backup)
        os.replace(temporary, target)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise
    fsync_directory(folder)


def fsync_directory(folder: str | os.PathLike[str]) -> None:
    """Sync a folder's entries: a rename is only durable once the folder is on disk."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems refuse to sync a folder; the data itself is synced
    finally:
        os.close(fd)


_UMASK: int | None = None


def _umask() -> int:
    # The process's umask can only be read by setting it; read once and put back at once.
    global _UMASK
    if _UMASK is None:
        current = os.umask(0o022)
        os.umask(current)
        _UMASK = current
    return _UMASK
