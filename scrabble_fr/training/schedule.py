"""When a card comes back: a Leitner cardbox, the schedule Zyzzyva's word study made familiar to
Scrabble players.

A card sits in a box, from 0 (new or just missed) to :data:`TOP_BOX`. Answered right, it climbs
one box and comes back after that box's interval; missed, it falls back to box 0 and comes back
the next day. The intervals grow about twofold a box::

    box       0  1  2  3   4   5   6   7
    days      1  2  4  8  16  32  64  128

Why a cardbox rather than SM-2: a club player answers a card a few times a month, too few answers
for SM-2's per-card ease factor to settle; a box is a fact the player reads on the card (« boîte
3 : revient dans 8 jours ») and can check by hand, and a missed word goes back to the daily pile
at once, which is what learning the rare words of a missed top needs.

    >>> from datetime import datetime, timezone
    >>> now = datetime(2026, 1, 1, 9, tzinfo=timezone.utc)
    >>> step = next_step(2, right=True, now=now)
    >>> step.box, step.due.date().isoformat()
    (3, '2026-01-09')
    >>> step = next_step(5, right=False, now=now)
    >>> step.box, step.due.date().isoformat()
    (0, '2026-01-02')

All dates come from an injected clock (:data:`Clock`), so that tests choose the day.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

Clock = Callable[[], datetime]

INTERVAL_DAYS: tuple[int, ...] = (1, 2, 4, 8, 16, 32, 64, 128)  # by box
TOP_BOX = len(INTERVAL_DAYS) - 1
LEARNED_BOX = 4  # a card that comes back after 16 days or more is counted as learned


def system_clock() -> datetime:
    """Now, in UTC (the deck stores UTC and shows local dates)."""
    return datetime.now(UTC)


@dataclass(frozen=True)
class Step:
    """Where an answer sends a card: its new box and the date it is due again."""

    box: int
    due: datetime


def next_step(box: int, right: bool, now: datetime) -> Step:
    """The box after an answer (one up when right, back to 0 when missed) and its due date."""
    new_box = min(box + 1, TOP_BOX) if right else 0
    return Step(new_box, now + timedelta(days=INTERVAL_DAYS[new_box]))


def due_text(due: datetime, now: datetime) -> str:
    """When a card comes back, as the drill says it: « demain », « dans 8 jours (le 09/01/2026) »."""
    from scrabble_fr.i18n import _, get_language, ngettext

    day = due.astimezone().date()
    days = (day - now.astimezone().date()).days
    if days <= 0:
        return _("today")
    if days == 1:
        return _("tomorrow")
    shown = day.strftime("%d/%m/%Y") if get_language() == "fr" else day.isoformat()
    return ngettext("in {n} day ({date})", "in {n} days ({date})", days).format(n=days, date=shown)
