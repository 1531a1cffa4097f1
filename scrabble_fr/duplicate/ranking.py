"""A duplicate's ranking as every screen and export shows it: the place (shared by equal totals,
:func:`~scrabble_fr.engine.ranking.rank_scores`), the total, its share of the tops, the solos and
the warnings.

    >>> [(line.rank, line.name, line.percent) for line in standings(
    ...     [Tally(0, "Alice", 90, 1, 0), Tally(1, "Bruno", 100, 0, 0), Tally(2, "Chloé", 90, 0, 2)], 100)]
    [(1, 'Bruno', 100.0), (2, 'Alice', 90.0), (2, 'Chloé', 90.0)]

The local duplicate (:class:`~scrabble_fr.duplicate.game.DuplicateGame`), a club table (its
desk, projector and end screens, ``table resultats`` as text, CSV, JSON and HTML) and a series'
cumulative ranking all rank through :func:`standings`, so that they never disagree on a place
or a percentage; the first two say their players' tallies to :class:`Ranked`, which derives the
rest (percentages, penalties, places) the one way.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from scrabble_fr.duplicate.marking import warning_penalty
from scrabble_fr.engine.ranking import rank_scores


def share(points: int, top: int) -> float:
    """``points`` as a percentage of ``top``: a coup's score of its top, a total of the tops' total
    (100 while the top is still 0: nothing played yet)."""
    return 100.0 * points / top if top else 100.0


@dataclass(frozen=True)
class Tally:
    """One player's game so far: who (a player's number, a table's seat), their name, total,
    solos and warnings."""

    seat: int
    name: str
    total: int
    solos: int
    warnings: int


@dataclass(frozen=True)
class RankingLine:
    """One line of the ranking: the place (shared by equal totals), the total, its share of the
    tops' total, the solos and the warnings."""

    rank: int
    seat: int
    name: str
    total: int
    percent: float
    solos: int
    warnings: int

    def data(self) -> dict[str, Any]:
        """The line in ``resultats --json``."""
        return {"rank": self.rank, "name": self.name, "total": self.total, "percent": round(self.percent, 2),
                "solos": self.solos, "warnings": self.warnings}


def standings(tallies: Iterable[Tally], top_total: int) -> list[RankingLine]:
    """The players ranked best first, equal totals sharing a place in the order given."""
    return [RankingLine(place, tally.seat, tally.name, total, share(total, top_total), tally.solos, tally.warnings)
            for place, tally, total in rank_scores((tally, tally.total) for tally in tallies)]


class Ranked:
    """A duplicate game as its ranking reads it. A subclass says each player's total, solos and
    warnings, the tops' total, whether it is played in blitz and who plays (:meth:`named`: a
    player's number, a table's seat, with the name); the percentages, the penalties and the
    places follow from them here, for the local game and the club table alike."""

    def total(self, player: int) -> int:
        raise NotImplementedError

    def solos(self, player: int) -> int:
        raise NotImplementedError

    def warnings(self, player: int) -> int:
        raise NotImplementedError

    @property
    def top_total(self) -> int:
        raise NotImplementedError

    @property
    def is_blitz(self) -> bool:
        raise NotImplementedError

    def named(self) -> Sequence[tuple[int, str]]:
        raise NotImplementedError

    def percent(self, player: int) -> float:
        """A player's total as a percentage of the tops' total (100 when nothing is played yet)."""
        return share(self.total(player), self.top_total)

    def penalty(self, player: int) -> int:
        """The points a player's warnings cost (§5.9, :func:`~.marking.warning_penalty`): the
        totals already count it."""
        return warning_penalty(self.warnings(player), self.is_blitz)

    def standings(self) -> list[RankingLine]:
        """The ranking's lines, as every duplicate shows them."""
        return standings((Tally(p, name, self.total(p), self.solos(p), self.warnings(p)) for p, name in self.named()),
                         self.top_total)

    def rank(self, player: int) -> int | None:
        """A player's place in :meth:`standings` (shared with equal totals; None: not playing)."""
        return next((line.rank for line in self.standings() if line.seat == player), None)
