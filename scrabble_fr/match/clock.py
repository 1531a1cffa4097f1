"""The players' clocks (French *pendule*): one countdown each, read from a monotonic time source.

    >>> t = [0.0]; clocks = Clocks([60.0, 60.0], now=lambda: t[0])
    >>> clocks.run(0); t[0] = 75.0; clocks.remaining(0), clocks.overrun(0)
    (-15.0, 15.0)

Only one clock runs at a time, the one of the player who must act; :meth:`pause` stops it while
nobody can play (a dialog, the private-screen hand-over). Time is read, never counted in ticks, so
a late or missed refresh of the screen cannot make a clock wrong.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence


class Clocks:
    """Countdowns in seconds, one per player; negative once a player is over their time."""

    def __init__(self, seconds: Sequence[float], now: Callable[[], float] = time.monotonic) -> None:
        self._left = [float(s) for s in seconds]
        self._now = now
        self._running: int | None = None
        self._since = 0.0
        self._pauses = 0

    @property
    def running(self) -> int | None:
        """Whose clock runs now (None: stopped or paused)."""
        return self._running if self._pauses == 0 else None

    def remaining(self, player: int) -> float:
        """Seconds left to ``player`` (negative: overtime), the running clock read now."""
        left = self._left[player]
        if player == self.running:
            left -= self._now() - self._since
        return left

    def overrun(self, player: int) -> float:
        return max(0.0, -self.remaining(player))

    def snapshot(self) -> list[float]:
        """Every clock as it reads now (what a saved game keeps)."""
        return [self.remaining(p) for p in range(len(self._left))]

    def run(self, player: int | None) -> None:
        """Stop the running clock and start ``player``'s (None: all stopped)."""
        self._settle()
        self._running = player

    def pause(self) -> None:
        """Stop time until :meth:`resume` (pauses nest: each needs its resume)."""
        self._settle()
        self._pauses += 1

    def resume(self) -> None:
        if self._pauses:  # paused, no clock ran: time counts again from now
            self._pauses -= 1
            self._since = self._now()

    def _settle(self) -> None:
        # Book the time spent so far to the running clock, so the next reading starts from now.
        now = self._now()
        running = self.running
        if running is not None:
            self._left[running] -= now - self._since
        self._since = now
