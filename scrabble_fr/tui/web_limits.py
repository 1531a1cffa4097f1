"""How much of the machine ``scrabble-fr serveur`` lends to strangers' browsers: how many sessions
live at once and how long one may go without a key.

    >>> Limits(max_sessions=40, idle_seconds=1800.0).max_sessions
    40

Each browser session is an app process of its own (some 60 MB, and at a table a connection to its
store), started when its websocket opens: without a cap, a script opening websockets starts as many
processes as it likes. The default cap follows the machine's memory.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

# What one visitor's session costs the machine: its app process measured 55–64 MiB (PSS).
SESSION_BYTES = 64 * 1024 * 1024
# The default cap leaves half the machine's memory to everything else: a club of 200 players and
# its arbitrator is served by default from 26 GB on, a smaller machine serves fewer.
MEMORY_SHARE = 0.5
MIN_SESSIONS, MAX_DEFAULT_SESSIONS = 2, 500


def default_max_sessions(memory: int | None = None) -> int:
    """The sessions ``memory`` bytes (the machine's, by default) hold, at half of it.

        >>> default_max_sessions(24 * 1024 ** 3), default_max_sessions(1024 ** 3), default_max_sessions(1)
        (192, 8, 2)
    """
    if memory is None:
        try:
            memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
        except (ValueError, OSError, AttributeError):
            memory = 4 * 1024 ** 3  # a small machine's, where the system does not say
    return max(MIN_SESSIONS, min(MAX_DEFAULT_SESSIONS, int(memory * MEMORY_SHARE) // SESSION_BYTES))


@dataclass(frozen=True)
class Limits:
    """How many sessions live at once, and how long one may go without a key (None: forever)."""

    max_sessions: int
    idle_seconds: float | None
