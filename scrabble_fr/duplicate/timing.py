"""The time of a coup (FISF rules §1.3): three minutes, reducible to 2:30, 2:00 or 1:00 (blitz).

    >>> parse_time("2:30"), parse_time("1"), parse_time("0"), parse_time("0:45")
    (150.0, 60.0, None, 45.0)
    >>> check_time(45.0, club=True)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    scrabble_fr.duplicate.errors.DuplicateError: in a club game a coup lasts 3:00, 2:30, 2:00 or 1:00 ..., not 0:45

A club game (``--club``) takes only the times of the rules, and always a clock. Training takes any
time from 10 seconds to 30 minutes, or no clock at all.
"""

from __future__ import annotations

import math
import re

from scrabble_fr.duplicate.errors import DuplicateError

# "Le temps de jeu accordé aux joueurs est usuellement de trois minutes par coup. Ce temps peut
# être réduit à deux minutes et trente secondes, à deux minutes (appelé « semi-rapide ») ou à une
# minute (appelé « blitz »)." (§1.3)
CLUB_SECONDS: tuple[float, ...] = (180.0, 150.0, 120.0, 60.0)
MIN_SECONDS = 10.0
MAX_SECONDS = 30 * 60.0

_TIME = re.compile(r"^(\d{1,2})(?::([0-5]\d))?$")


def time_text(seconds: float) -> str:
    """``2:30`` for 150 seconds."""
    whole = int(round(seconds))
    return f"{whole // 60}:{whole % 60:02d}"


def read_minutes(text: str) -> int | None:
    """Seconds from ``M:SS`` or ``M`` (minutes); None for text that is neither."""
    match = _TIME.match(text.strip())
    return int(match.group(1)) * 60 + int(match.group(2) or 0) if match else None


def parse_time(text: str, club: bool = False) -> float | None:
    """Seconds for a coup from ``3:00``, ``2:30`` or ``1`` (minutes); ``0`` is no clock (training
    only). Raises :class:`DuplicateError` for a time that cannot be read or is not allowed."""
    seconds = read_minutes(text)
    if seconds is None:
        raise DuplicateError("bad_time", text=text)
    return check_time(float(seconds) if seconds else None, club)


def check_time(seconds: float | None, club: bool = False) -> float | None:
    """``seconds`` if a coup may last that long (None: no clock), else :class:`DuplicateError`."""
    if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
                                or not math.isfinite(seconds)):
        raise DuplicateError("bad_time", text=str(seconds)[:20])
    if club:
        if seconds is None or float(seconds) not in CLUB_SECONDS:
            raise DuplicateError("time_club", text=time_text(seconds) if seconds is not None else "0")
        return float(seconds)
    if seconds is None:
        return None
    if not MIN_SECONDS <= seconds <= MAX_SECONDS:
        raise DuplicateError("time_range", text=time_text(seconds), low=time_text(MIN_SECONDS),
                             high=time_text(MAX_SECONDS))
    return float(seconds)
