"""The ranking of a game: best score first, equal scores sharing a place.

    >>> [(s.place, s.who) for s in rank_scores([("Alice", 310), ("Bruno", 402), ("Chloé", 310), ("Denis", 298)])]
    [(1, 'Bruno'), (2, 'Alice'), (2, 'Chloé'), (4, 'Denis')]

Players with equal scores share a place, and the next place skips as many as shared it (1, 2, 2,
4), the way a federation results sheet writes ex aequo: the classic game (final score) and the
duplicate (total of the coups) rank the same way. Every ranking shown or exported (the end
screens, the club table, its results, a series) comes from here; a duplicate's lines (share of
the top, solos, warnings) through :mod:`scrabble_fr.duplicate.ranking`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Generic, NamedTuple, TypeVar

Who = TypeVar("Who")


class Standing(NamedTuple, Generic[Who]):
    """One line of a ranking: the ``place`` (shared by equal scores), who, and their score."""

    place: int
    who: Who
    score: int


def rank_scores(scores: Iterable[tuple[Who, int]]) -> list[Standing[Who]]:
    """``(who, score)`` pairs ranked best first; equal scores share a place and keep the order
    they were given in (the table's order), the next place skipping the tied ones."""
    ordered = sorted(scores, key=lambda item: -item[1])  # a stable sort: ties keep the given order
    standings: list[Standing[Who]] = []
    for index, (who, score) in enumerate(ordered):
        shared = bool(standings) and standings[-1].score == score
        standings.append(Standing(standings[-1].place if shared else index + 1, who, score))
    return standings
