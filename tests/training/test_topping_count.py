"""Topping's count worked by hand from the rule in regles.md (« Topping »): a found top counts
the seconds taken, rounded up, hints included; a top not found counts the full time plus 60 s."""

from __future__ import annotations

from scrabble_fr.training.count import HINT_SECONDS, TIMEOUT_PENALTY, coup_count


def test_a_found_top_counts_the_seconds_taken_rounded_up():
    assert coup_count(60.0, 12.3, found=True) == 13
    assert coup_count(60.0, 12.0, found=True) == 12
    assert coup_count(60.0, 12.0000001, found=True) == 12  # a clock's float noise is no second
    assert coup_count(60.0, 0.2, found=True) == 1


def test_a_found_top_counts_at_most_the_time_of_the_coup():
    assert coup_count(60.0, 59.5, found=True) == 60
    assert coup_count(60.0, 61.0, found=True) == 60


def test_a_top_not_found_counts_the_full_time_and_a_minute():
    assert TIMEOUT_PENALTY == 60
    assert coup_count(60.0, 60.0, found=False) == 120  # 60 + 60
    assert coup_count(90.0, 31.0, found=False) == 150  # given up at 31 s: still 90 + 60
    assert coup_count(10.0, 3.0, found=False) == 70


def test_a_hint_is_ten_seconds_of_the_coup():
    assert HINT_SECONDS == 10.0
    # Found 5 s into the coup after one hint: 5 + 10 = 15; after two: 5 + 20 = 25.
    assert coup_count(60.0, 5.0 + HINT_SECONDS, found=True) == 15
    assert coup_count(60.0, 5.0 + 2 * HINT_SECONDS, found=True) == 25


def test_a_game_counts_the_sum_of_its_coups():
    # Found at 12 s, not found in a 1:00 coup, found at 5 s after a hint: 12 + 120 + 15 = 147.
    coups = [coup_count(60.0, 12.0, True), coup_count(60.0, 60.0, False), coup_count(60.0, 15.0, True)]
    assert sum(coups) == 147
