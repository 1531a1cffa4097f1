"""One ranking for every game: best score first, equal scores sharing a place, the next place
skipping the tied ones (1, 2, 2, 4). Expected values are worked by hand; the properties say what
a place is: one more than the number of players with a strictly higher score."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scrabble_fr.engine.ranking import Standing, rank_scores


@pytest.mark.parametrize(
    ("scores", "expected"),
    [
        ([], []),
        ([("Ana", 0)], [(1, "Ana", 0)]),
        # Bruno alone ahead, Alice and Chloé tied second, Denis fourth (not third).
        ([("Alice", 310), ("Bruno", 402), ("Chloé", 310), ("Denis", 298)],
         [(1, "Bruno", 402), (2, "Alice", 310), (2, "Chloé", 310), (4, "Denis", 298)]),
        # Two tied first: the next is third.
        ([("Ana", 12), ("Bob", 12), ("Cleo", 5)], [(1, "Ana", 12), (1, "Bob", 12), (3, "Cleo", 5)]),
        # Everyone tied, below zero (a blocked game): all first, in the table's order.
        ([("Ana", -7), ("Bob", -7), ("Cleo", -7)], [(1, "Ana", -7), (1, "Bob", -7), (1, "Cleo", -7)]),
        # Two pairs of ties: 1, 1, 3, 3, 5.
        ([(4, 50), (3, 80), (2, 50), (1, 80), (0, 20)], [(1, 3, 80), (1, 1, 80), (3, 4, 50), (3, 2, 50), (5, 0, 20)]),
    ],
)
def test_equal_scores_share_a_place_and_the_next_place_skips(scores, expected):
    assert rank_scores(scores) == expected


def test_a_standing_reads_by_name_and_unpacks_as_before():
    first = rank_scores([("Ana", 3), ("Bob", 9)])[0]
    assert (first.place, first.who, first.score) == (1, "Bob", 9)
    place, who, score = first  # callers unpack (rank, player, score)
    assert isinstance(first, Standing) and (place, who, score) == (1, "Bob", 9)


def test_a_generator_is_read_once():
    assert rank_scores((seat, total) for seat, total in [(2, 10), (5, 30)]) == [(1, 5, 30), (2, 2, 10)]


scores = st.lists(st.integers(-200, 200), max_size=12)


@given(scores)
def test_a_place_is_one_more_than_the_players_strictly_ahead(values):
    standings = rank_scores(enumerate(values))
    for place, who, score in standings:
        assert values[who] == score
        assert place == 1 + sum(1 for other in values if other > score)


@given(scores)
def test_everyone_is_ranked_once_best_first_ties_in_the_given_order(values):
    standings = rank_scores(enumerate(values))
    assert sorted(who for _place, who, _score in standings) == list(range(len(values)))
    assert [s.score for s in standings] == sorted(values, reverse=True)
    for before, after in pairwise(standings):
        assert before.place <= after.place
        if before.score == after.score:
            assert before.place == after.place and before.who < after.who
        else:
            assert after.place == standings.index(after) + 1  # the place after a tie skips
    if standings:
        assert standings[0].place == 1
