"""Draws (FISF §3.1–3.2, §3.7): the minimum of vowels and consonants, rejets, the end."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from scrabble_fr.duplicate.draw import format_draw, make_draw, minimum_met, possible, required


@pytest.mark.parametrize(
    ("tiles", "need", "met"),
    [
        ("AEBCDFG", 2, True),  # 2 vowels, 5 consonants
        ("AEIOUBS", 2, True),  # 5 vowels, 2 consonants
        ("AEIOUSY", 2, True),  # 5 vowels, 1 consonant, the Y stands for the second consonant
        ("AEIOUS?", 2, True),  # the joker likewise
        ("AEIOUUS", 2, False),  # 6 vowels, 1 consonant, nothing to fill in
        ("AEIOUUS", 1, True),
        ("BCDFGHA", 2, False),  # a single vowel
        ("BCDFGH?", 2, False),  # the joker fills one missing vowel, not two
        ("BCDFG??", 2, True),
        ("BCDFGHJ", 1, False),
        ("Y?", 1, True),  # one stands for a vowel, the other for a consonant
        ("?", 1, False),
    ],
)
def test_minimum_of_vowels_and_consonants(tiles, need, met):
    assert minimum_met(tiles, need) is met


def test_two_and_two_for_fifteen_coups_then_one_and_one():
    pool = "AEIBCDF" * 3
    assert required(1, pool) == 2
    assert required(15, pool) == 2
    assert required(16, pool) == 1


def test_the_pool_lowers_the_minimum_before_the_sixteenth_coup():
    # One vowel left in leftover and bag: two of each is impossible, one of each still is (§3.2).
    assert required(4, "ABCDFGHJ") == 1


@pytest.mark.parametrize(
    "pool",
    [
        "BCDFGHJ",  # consonants only
        "AEIOU",  # vowels only
        "K",  # one tile, whatever it is
        "?",  # even a joker alone
        "",  # everything played
    ],
)
def test_no_valid_draw_ends_the_game(pool):
    assert required(20, pool) == 0
    bag = list(pool)
    assert make_draw("", bag, random.Random(1), 20) is None
    assert bag == list(pool)  # nothing drawn


def test_a_joker_keeps_the_game_going_with_two_tiles_or_more():
    # §3.7: no end while a joker or the Y is in a pool of two tiles or more.
    assert required(20, "B?") == 1
    assert required(20, "AY") == 1


def test_the_leftover_is_completed_from_the_bag():
    bag = list("AEIOUBCDFGHJLMNPRST")
    before = Counter(bag) + Counter("ER")
    draw = make_draw("RE", bag, random.Random(5), 3)
    assert draw is not None
    assert len(draw.tiles) == 7
    if draw.rejets == 0:
        assert draw.leftover == "ER"  # alphabetical, as announced (§3.1)
        assert len(draw.new) == 5
    # No tile made or lost: the draw and the bag are the leftover and the bag as they were.
    assert Counter(draw.tiles) + Counter(bag) == before
    assert minimum_met(draw.tiles, 2)


def test_a_draw_short_of_vowels_goes_back_whole_and_is_redrawn():
    # The leftover is six consonants: one new tile can bring one vowel at most, two are needed
    # at coup 3, so the first draw is always rejected; leftover and new tile go back to the bag
    # and seven tiles are drawn afresh, with no leftover.
    bag = list("AEIOUAEIOUKLMNPRST")
    before = Counter(bag) + Counter("BCDFGH")
    draw = make_draw("BCDFGH", bag, random.Random(2), 3)
    assert draw is not None
    assert draw.rejets >= 1
    assert draw.leftover == ""
    assert len(draw.new) == 7
    assert draw.text.startswith("-") and "+" not in draw.text
    assert minimum_met(draw.tiles, 2)
    assert Counter(draw.tiles) + Counter(bag) == before


def test_the_same_seed_gives_the_same_draws():
    first = make_draw("", list("AEIOUBCDFGHJLMNPRST?"), random.Random(9), 1)
    again = make_draw("", list("AEIOUBCDFGHJLMNPRST?"), random.Random(9), 1)
    assert first == again


def test_the_draw_as_the_sheet_prints_it():
    assert format_draw("EEU", "ESI?") == "EEU+ESI?"
    assert format_draw("", "AEINRST") == "AEINRST"
    assert format_draw("", "AEINRST", rejet=True) == "-AEINRST"
    assert format_draw("IJMN", "") == "IJMN+"  # the bag is empty: the leftover alone


def test_possible_looks_at_a_single_draw():
    # Eight tiles, one vowel among them: some draw of seven holds it (1 and 1 possible), none
    # holds two vowels.
    assert possible("ABCDFGHJ", 1) and not possible("ABCDFGHJ", 2)
