"""A club duplicate table that runs itself: the arbitrator's process without a desk
(``table arbitrer CODE --automatique [--pause 0:30]``).

Each coup starts ``pause`` after the close of the one before (the first, ``pause`` after the first
player sat down, or at once when the players were named at the table's creation), closes when its
time is up, and its results are published; the loop ends with the game. Everything it waits for
is read from the table's rows and the database's clock, never from the process's memory: a process
stopped (Ctrl+C, SIGTERM) or killed (SIGKILL) and started again goes on where the table is. A
coup is closed at most once whoever closes it (the store writes one row a number), and results
are published once (the same).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from scrabble_fr.duplicate.timing import read_minutes
from scrabble_fr.engine.errors import ScrabbleError
from scrabble_fr.i18n import _
from scrabble_fr.table.errors import TableError
from scrabble_fr.table.rows import RowType

if TYPE_CHECKING:
    from scrabble_fr.table.duplicate import DuplicateTable

MAX_PAUSE = 60 * 60.0
LOOK_SECONDS = 0.2  # how often the loop reads the table between two moments it waits for


def parse_pause(text: str) -> float:
    """Seconds between a coup's close and the next start, written ``M:SS`` or ``M`` (minutes).

        >>> parse_pause("0:30"), parse_pause("1"), parse_pause("0")
        (30.0, 60.0, 0.0)
    """
    seconds = read_minutes(text)
    if seconds is None or seconds > MAX_PAUSE:
        raise TableError("bad_pause", text=text)
    return float(seconds)


def next_start_ms(table: DuplicateTable, pause: float) -> int | None:
    """When (the database's clock) the next coup may start: ``pause`` after the last close, or
    after the first player's arrival; None while a coup is in play, its results not yet out,
    nobody is seated, or the game is over."""
    if table.over or table.current is not None or not table.players:
        return None
    last = table.last
    if last is not None:
        if last.results is None or last.closed_ms is None:
            return None
        return last.closed_ms + int(pause * 1000)
    joined = next((row.ts_ms for row in table.rows if row.kind is RowType.JOIN), None)
    return joined + int(pause * 1000) if joined is not None else 0


def check_runnable(table: DuplicateTable) -> None:
    """Refuse a table that cannot run itself: not the arbitrator's process, or coups without a
    clock (nothing would ever close them)."""
    table.arbiters_game()
    check_clock(table)


def check_clock(table: DuplicateTable) -> None:
    """Refuse a table whose coup in play, or whose next coup, has no clock."""
    seconds = table.current.seconds if table.current is not None else table.coup_seconds
    if not table.over and seconds is None:
        raise TableError("autorun_no_clock")


def _wait(table: DuplicateTable, start: int | None) -> float:
    """How long to wait for the others' rows before looking again: not past the coup's time nor
    the next start (so that each happens on time), nor more than :data:`LOOK_SECONDS`."""
    left = table.remaining()
    until_start = (start - table.now_ms()) / 1000.0 if start is not None else LOOK_SECONDS
    return max(0.0, min(LOOK_SECONDS, until_start, left if left is not None else LOOK_SECONDS))


def run(table: DuplicateTable, pause: float, say: Callable[[str], None],
        sleep: Callable[[float], None] = time.sleep) -> None:
    """Run the table until its game is over, saying each event through ``say``."""
    check_runnable(table)
    start: int | None = None
    while True:
        # A look says the store away (once) rather than raise it: look again in a moment.
        outcome = table.poll(timeout=_wait(table, start))
        if outcome is not None:
            for message in outcome.messages:
                say(message)
            if outcome.warning:
                say(outcome.warning)
        if table.offline:
            sleep(LOOK_SECONDS)
            continue
        if table.damaged is not None:
            raise table.damaged
        if table.lost_seat:
            raise TableError("seat_taken", name=table.info.arbiter.name if table.info.arbiter else "")
        if table.over:
            say(_("The game is over."))
            return
        start = next_start_ms(table, pause)
        if start is None or table.now_ms() < start:
            continue
        check_runnable(table)
        try:
            said = table.start_coup()
        except ScrabbleError as exc:
            if getattr(exc, "code", "") != "coup_running":  # another process started it: follow it
                raise
            continue
        for message in said.messages:
            say(message)


__all__ = ["check_clock", "check_runnable", "next_start_ms", "parse_pause", "run"]
