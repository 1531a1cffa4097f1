"""The clock of a topping coup: the time taken so far, read from an injectable time source.

    >>> t = [0.0]; watch = StopWatch(now=lambda: t[0])
    >>> watch.start(); t[0] = 12.5; watch.charge(10.0); watch.elapsed()
    22.5
    >>> watch.pause(); t[0] = 100.0; watch.elapsed()
    22.5

The session owns it, not the screen: a test moves the time source instead of waiting, and a late
refresh of the screen cannot make it wrong (time is read, never counted in ticks). A hint
:meth:`charge`\\ s it; a resumed coup starts from the time it had taken when it was saved.

It is the players' :class:`~scrabble_fr.match.clock.Clocks` with one clock, which already runs,
stops and pauses (nested) that way: the countdown starts from minus the time already taken, so
what it reads, negated, is the time taken.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from scrabble_fr.match.clock import Clocks


class StopWatch:
    """Seconds taken, counting while started and not paused."""

    def __init__(self, now: Callable[[], float] = time.monotonic, elapsed: float = 0.0) -> None:
        self._clock = Clocks([-float(elapsed)], now)
        self._charged = 0.0  # hints' costs, added to the time counted

    @property
    def running(self) -> bool:
        return self._clock.running == 0

    def elapsed(self) -> float:
        """The seconds taken so far, the running time read now."""
        return self._charged - self._clock.remaining(0)

    def start(self) -> None:
        """Start counting (when it already counts, it goes on counting)."""
        self._clock.run(0)

    def stop(self) -> None:
        self._clock.run(None)

    def charge(self, seconds: float) -> None:
        """Add ``seconds`` to the time taken (a hint's cost)."""
        self._charged += seconds

    def pause(self) -> None:
        """Stop time until :meth:`resume` (pauses nest: each needs its resume)."""
        self._clock.pause()

    def resume(self) -> None:
        self._clock.resume()
