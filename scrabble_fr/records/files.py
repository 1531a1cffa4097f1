"""Reading a record file whole, with a size limit, every failure turned into a :class:`RecordError`.

    >>> read_limited("/nonexistent/partie.gcg", 1000)
    Traceback (most recent call last):
    ...
    scrabble_fr.records.errors.RecordError: file /nonexistent/partie.gcg not found: check the path
"""

from __future__ import annotations

from pathlib import Path

from scrabble_fr.messages import system_error_detail
from scrabble_fr.records.errors import RecordError


def read_limited(path: str | Path, limit: int, missing: str = "file_missing") -> bytes:
    """The file's bytes; raises ``missing`` (a code), ``file_is_directory``, ``file_unreadable``
    (also for a path the system refuses, such as one holding a NUL) or ``file_too_large``."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(limit + 1)
    except FileNotFoundError:
        raise RecordError(missing, path=str(path)) from None
    except IsADirectoryError:
        raise RecordError("file_is_directory", path=str(path)) from None
    except OSError as exc:
        raise RecordError("file_unreadable", path=str(path), detail=system_error_detail(exc)) from None
    except ValueError as exc:
        raise RecordError("file_unreadable", path=repr(str(path)), detail=str(exc)) from None
    if len(data) > limit:
        raise RecordError("file_too_large", path=str(path), limit=limit)
    return data
