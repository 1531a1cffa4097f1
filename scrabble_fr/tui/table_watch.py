"""How a screen at a shared table follows it: on a timer, and woken by the table's announcements.

A store that announces each write (PostgreSQL's ``NOTIFY``) wakes a screen sooner than its timer: a
thread waits on the store's connection, holding nothing, and when something arrives the screen's
own follow runs on the screen's thread at once. The timer stays: it keeps the seat and sees what a
wake-up missed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.screen import Screen
from textual.worker import get_current_worker

WAIT_SECONDS = 0.5  # the longest a closing screen's thread waits before it sees it is cancelled


def follow_table(screen: Screen[Any], table: Any, follow: Callable[[], None], every: float) -> None:
    """Run ``follow`` on ``screen``'s thread ``every`` seconds and whenever ``table`` (a shared
    table's session, with ``wakes`` and ``wait``) may have been written by another process, for as
    long as the screen lives. A store that cannot wake (SQLite) is followed by the timer alone."""
    screen.set_interval(every, follow)
    if not table.wakes:
        return

    def wait_and_wake() -> None:
        worker = get_current_worker()
        while not worker.is_cancelled:
            if table.wait(WAIT_SECONDS) and not worker.is_cancelled:
                try:
                    screen.app.call_from_thread(follow)
                except RuntimeError:  # the application is closing
                    return

    screen.run_worker(wait_and_wake, thread=True, exclusive=True, group="table-watch", exit_on_error=False)
