"""The draw search: letters in any case, jokers in lower case, fewest jokers, grouping."""

from __future__ import annotations

import pytest

from scrabble_fr.lexicon import Lexicon, LexiconError, anagrams, anagrams_with_board_letter, parse_draw
from scrabble_fr.lexicon.anagram import Draw, mark_jokers


def test_parse_draw() -> None:
    assert parse_draw("aeinrst") == Draw("AEINRST", 0)
    assert parse_draw(" É ? t ç ?") == Draw("CET", 2)
    assert parse_draw("Œ") == Draw("EO", 0)
    assert str(parse_draw("b?a")) == "AB?"


@pytest.mark.parametrize(
    ("text", "code"),
    [("", "draw_empty"), ("   ", "draw_empty"), ("ABC1", "draw_bad_character"),
     ("AB*", "draw_bad_character"), ("A-B", "draw_bad_character"),
     ("ABCDEFGHIJKLMNOP", "draw_too_long"), ("ABCDEFGHIJKLM???", "draw_too_long")],
)
def test_bad_draws(text: str, code: str) -> None:
    with pytest.raises(LexiconError) as caught:
        parse_draw(text)
    assert caught.value.code == code


def test_many_jokers_are_allowed() -> None:
    assert parse_draw("?" * 15) == Draw("", 15)


def test_exact_letters(small: Lexicon) -> None:
    assert anagrams(small, "NOSIAM") == {2: ["AN", "NA"], 6: ["AIMONS", "MAISON"]}


def test_letters_in_any_case_with_accents(small: Lexicon) -> None:
    assert anagrams(small, "néçhi")[5] == ["CHIEN", "CHINE", "NICHE"]


def test_jokers_are_lower_case(small: Lexicon) -> None:
    assert anagrams(small, "MASON?") == {2: ["AN", "NA"], 6: ["AiMONS", "MAiSON"]}


def test_fewest_jokers_are_used(small: Lexicon) -> None:
    # MAISON can be made with the joker as I or with the real I: the real tile wins.
    assert anagrams(small, "MAISON?")[6] == ["AIMONS", "MAISON"]
    assert anagrams(small, "MAON??")[6] == ["AiMONs", "MAisON"]


def test_repeated_letters_and_all_jokers(small: Lexicon) -> None:
    assert anagrams(small, "ANS???")[6] == ["AimoNS", "ANanaS", "mAiSoN"]
    assert anagrams(small, "??") == {2: ["an", "na"]}


def test_mark_jokers() -> None:
    assert mark_jokers("MAISON", "I") == "MAiSON"
    assert mark_jokers("ANANAS", "AAN") == "ANanaS"
    assert mark_jokers("CHAT", "") == "CHAT"


def test_length_bounds(small: Lexicon) -> None:
    assert anagrams(small, "NOSIAM", min_len=3) == {6: ["AIMONS", "MAISON"]}
    assert anagrams(small, "NOSIAM", max_len=5) == {2: ["AN", "NA"]}


def test_nothing_found(small: Lexicon) -> None:
    assert anagrams(small, "ZZZ") == {}


def test_with_a_board_letter(small: Lexicon) -> None:
    assert anagrams_with_board_letter(small, "MASON") == {"I": ["AIMONS", "MAISON"]}
    assert anagrams_with_board_letter(small, "MAS?N") == {
        "I": ["AIMoNS", "MAISoN"],
        "O": ["AiMONS", "MAiSON"],
    }
    assert anagrams_with_board_letter(small, "MASONI") == {}


def test_french_draw(french: Lexicon) -> None:
    found = anagrams(french, "aeinrst")
    assert "TRAINES" in found[7] and "SATINER" in found[7]
    assert all(len(word) == length for length, words in found.items() for word in words)
    assert "CERTAINS" in anagrams_with_board_letter(french, "AEINRST")["C"]


def test_french_draw_with_two_jokers(french: Lexicon) -> None:
    found = anagrams(french, "MASON??")
    assert "MAISON" not in found[6]  # it needs a joker for I
    assert "MAiSON" in found[6]
    for words in found.values():
        for word in words:
            assert sum(letter.islower() for letter in word) <= 2
            assert word.upper() in french
