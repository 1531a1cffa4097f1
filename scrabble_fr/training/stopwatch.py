"""The clock of a topping coup: the time taken so far, read from an injectable time source.

    >>> t = [0.0]; watch = StopWatch(now=lambda: t[0])
    >>> watch.start(); t[0] = 12.5; watch.charge(10.0); watch.elapsed()
    22.5
    >>> watch.pause(); t[0] = 100.0; watch.elapsed()
    22.5

The session owns it, not the screen: a test moves the time source instead of waiting, and a late
refresh of the screen cannot make it wrong (time is read, never counted in ticks). A hint
:meth:`charge`\\ s it; a resumed coup starts from the time it had taken when it was saved.
"""

from __future__ import annotations

import time
from collections.abc import Callable


class StopWatch:
    """Seconds taken, counting while started and not paused."""

    def __init__(self, now: Callable[[], float] = time.monotonic, elapsed: float = 0.0) -> None:
        self._now = now
        self._banked = float(elapsed)
        self._since: float | None = None  # when counting last started (None: stopped)
        self._pauses = 0

    @property
    def running(self) -> bool:
        return self._since is not None and self._pauses == 0

    def elapsed(self) -> float:
        """The seconds taken so far, the running time read now."""
        if self.running:
            assert self._since is not None
            return self._banked + self._now() - self._since
        return self._banked

    def start(self) -> None:
        """Start counting (a no-op when it already counts)."""
        if self._since is None:
            self._since = self._now()

    def stop(self) -> None:
        self._settle()
        self._since = None

    def charge(self, seconds: float) -> None:
        """Add ``seconds`` to the time taken (a hint's cost)."""
        self._banked += seconds

    def pause(self) -> None:
        """Stop time until :meth:`resume` (pauses nest: each needs its resume)."""
        self._settle()
        self._pauses += 1

    def resume(self) -> None:
        if self._pauses:
            self._settle()
            self._pauses -= 1

    def _settle(self) -> None:
        # Book the time counted so far, so that the next reading starts from now.
        if self._since is None:
            return
        now = self._now()
        if self._pauses == 0:
            self._banked += now - self._since
        self._since = now
