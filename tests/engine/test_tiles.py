"""Tile sets (regles.md, "Les jetons"; reference: French 102/197, English 100/187)."""

from __future__ import annotations

import pytest

from scrabble_fr.engine.tiles import ENGLISH, FRENCH, JOKER

FRENCH_TABLE = {
    0: "?2",
    1: "A9 E15 I8 L5 N6 O6 R6 S6 T6 U6",
    2: "D3 G2 M3",
    3: "B2 C2 P2",
    4: "F2 H2 V2",
    8: "J1 Q1",
    10: "K1 W1 X1 Y1 Z1",
}

ENGLISH_TABLE = {
    0: "?2",
    1: "A9 E12 I9 L4 N6 O8 R6 S4 T6 U4",
    2: "D4 G3",
    3: "B2 C2 M2 P2",
    4: "F2 H2 V2 W2 Y2",
    5: "K1",
    8: "J1 X1",
    10: "Q1 Z1",
}


def _expand(table: dict[int, str]) -> dict[str, tuple[int, int]]:
    return {item[0]: (int(item[1:]), value) for value, text in table.items() for item in text.split()}


def test_french_set_has_102_tiles_worth_197():
    assert FRENCH.total_tiles == 102
    assert FRENCH.total_value == 197


def test_english_set_has_100_tiles_worth_187():
    assert ENGLISH.total_tiles == 100
    assert ENGLISH.total_value == 187


@pytest.mark.parametrize(("tile_set", "table"), [(FRENCH, FRENCH_TABLE), (ENGLISH, ENGLISH_TABLE)], ids=["fr", "en"])
def test_count_and_value_of_every_letter(tile_set, table):
    expected = _expand(table)
    assert set(tile_set.counts) == set(expected)
    for letter, (count, value) in expected.items():
        assert tile_set.counts[letter] == count, letter
        assert tile_set.value(letter) == value, letter


def test_both_sets_use_exactly_the_letters_a_to_z_and_the_joker():
    for tile_set in (FRENCH, ENGLISH):
        assert tile_set.letters == "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
        assert tile_set.counts[JOKER] == 2


def test_french_high_values():
    assert [FRENCH.value(letter) for letter in "KWXYZJQ"] == [10, 10, 10, 10, 10, 8, 8]


def test_a_joker_is_worth_zero_on_the_rack_and_as_a_played_letter():
    assert FRENCH.value("?") == 0
    assert FRENCH.value("z") == 0  # a joker played as Z
    assert ENGLISH.value("q") == 0


def test_rack_value_sums_the_tiles():
    # K 10 + Z 10 + E 1 + ? 0 = 21 (French); K 5 + Z 10 + E 1 + ? 0 = 16 (English)
    assert FRENCH.rack_value("KZE?") == 21
    assert ENGLISH.rack_value("KZE?") == 16


def test_full_bag_holds_every_tile_once():
    for tile_set in (FRENCH, ENGLISH):
        bag = tile_set.full_bag()
        assert len(bag) == tile_set.total_tiles
        assert sorted(bag) == sorted(tile_set.as_counter().elements())
