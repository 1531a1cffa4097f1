"""How a topping game is counted: in seconds, the lower the better.

    >>> coup_count(60.0, 12.3, found=True), coup_count(60.0, 60.0, found=False)
    (13, 120)

Topping is a duplicate played alone where a coup ends as soon as the player finds the top, and the
aim is to end the game in the least time. Each coup counts the seconds the player took to find the
top, rounded up to the whole second; a coup whose top was not found within the time counts the
full time of the coup plus :data:`TIMEOUT_PENALTY`. Eliot, the program French club players train
with, counts topping this way (the elapsed time of a found top, and on a time-out a penalty, added
to the elapsed time, that its settings let the player choose); no federation text fixes the
penalty, so this program fixes it at one minute, the time of a blitz coup: missing a top always
costs more than the slowest find. A hint (a letter of the top and its square) takes
:data:`HINT_SECONDS` off the coup's clock, so it counts in the coup's time and can make the time
run out. See ``regles.md`` (« Topping »).
"""

from __future__ import annotations

import math

TIMEOUT_PENALTY = 60  # seconds added to the full time of a coup whose top was not found
HINT_SECONDS = 10.0  # seconds a hint takes off the coup's clock
DEFAULT_SECONDS = 60.0  # a coup's time unless the player chooses another


def coup_count(limit: float, elapsed: float, found: bool) -> int:
    """A coup's count in seconds: the time taken to find the top (``elapsed``, hints included,
    rounded up to the whole second and at most the coup's ``limit``), or, not found, the full
    time plus the penalty.

        >>> coup_count(60.0, 0.2, found=True), coup_count(60.0, 59.99, found=True)
        (1, 60)
        >>> coup_count(90.0, 31.0, found=False)
        150
    """
    full = math.ceil(limit)
    if not found:
        return full + TIMEOUT_PENALTY
    # Rounded to the millisecond first, so that a time read as 12.000000001 counts 12.
    taken = math.ceil(round(elapsed, 3))
    return min(max(taken, 1), full)
