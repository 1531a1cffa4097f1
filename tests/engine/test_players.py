"""Players' names are checked once, the same way for a classic and a duplicate game."""

from __future__ import annotations

import pytest

from scrabble_fr.duplicate.game import check_names as duplicate_names
from scrabble_fr.engine.errors import ScrabbleError
from scrabble_fr.engine.players import MAX_NAME, check_names
from scrabble_fr.match.config import GameConfig

BAD = [
    (["Alice", ""], "players_empty_name"),
    (["Alice", "Bo\x07b"], "players_bad_name"),
    (["Alice", "x" * (MAX_NAME + 1)], "players_long_name"),
    (["Alice", " ALICE "], "players_duplicate"),
]


@pytest.mark.parametrize("names, code", BAD)
def test_a_bad_name_is_refused_alike_by_both_kinds_of_game(names, code):
    for check in (lambda n: check_names(n, 8), duplicate_names, lambda n: GameConfig.from_spec(",".join(n))):
        with pytest.raises(ScrabbleError) as refused:
            check(names)
        assert refused.value.code == code


def test_names_are_stripped_and_a_name_of_twenty_characters_is_kept():
    assert check_names([" Alice ", "x" * MAX_NAME], 8) == ["Alice", "x" * MAX_NAME]


def test_the_number_of_players_depends_on_the_kind_of_game():
    with pytest.raises(ScrabbleError) as refused:
        check_names([f"P{i}" for i in range(9)], 8)
    assert refused.value.code == "players_count" and "8" in str(refused.value)
    assert len(duplicate_names([f"P{i}" for i in range(9)])) == 9
    assert duplicate_names([]) == []  # the tops alone
