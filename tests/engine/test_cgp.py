"""CGP positions: read, written back unchanged, and malformed ones refused with their code."""

from __future__ import annotations

import pytest

from scrabble_fr.engine.errors import CgpError
from scrabble_fr.engine.position import Position

EMPTY = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15"
MID_GAME = (
    "15/15/15/15/15/15/6Z8/3MAISON6/7s7/15/15/15/15/15/15 "
    "AEIRST?/BCD 42/17 2 lex FRA24; ld french;"
)


@pytest.mark.parametrize(
    "text",
    [
        f"{EMPTY} AELNOQT/ 0/0 0 lex NWL18;",
        f"{EMPTY} / 0/0 0",
        MID_GAME,
        f"{EMPTY} ABC/DEF/GHI 1/2/3 0",
        f"{EMPTY} ABC/DEF -12/300 5 cr 10pt; bb 50; lm 8D.WORD;",
    ],
)
def test_round_trip(text):
    assert Position.from_cgp(text).to_cgp() == text


def test_what_a_cgp_holds():
    position = Position.from_cgp(MID_GAME)
    assert position.board[7, 3] == "M"
    assert position.board[6, 6] == "Z"
    assert position.board[8, 7] == "s"  # a joker played as S
    assert position.racks == ["AEIRST?", "BCD"]
    assert position.scores == [42, 17]
    assert position.scoreless_turns == 2
    assert position.options == {"lex": "FRA24", "ld": "french"}
    assert position.to_move == 0


def test_lowercase_racks_are_read_in_uppercase():
    assert Position.from_cgp(f"{EMPTY} abc/de? 0/0 0").racks == ["ABC", "DE?"]


def test_to_cgp_puts_the_player_to_move_first():
    position = Position.from_cgp(f"{EMPTY} AEIMNOS/BCD 0/0 0")
    position.push(position.parse_move("H4 MAISON"))
    assert position.to_cgp() == "15/15/15/15/15/15/15/3MAISON6/15/15/15/15/15/15/15 BCD/E 0/18 0"
    again = Position.from_cgp(position.to_cgp())
    assert again.racks == ["BCD", "E"] and again.scores == [0, 18]


def test_copy_is_independent():
    position = Position.from_cgp(MID_GAME)
    other = position.copy()
    assert other == position
    other.board[0, 0] = "A"
    other.racks[0] = ""
    assert position.to_cgp() == MID_GAME


def test_cgp_is_checked_against_the_rule_set():
    # 15 × 15 boards only for the standard layout; English tiles for hasbro
    text = f"{EMPTY} KK/ 0/0 0"
    with pytest.raises(CgpError) as info:
        Position.from_cgp(text, "ffsc")  # one K in the French set
    assert info.value.code == "cgp_tiles"
    with pytest.raises(CgpError):
        Position.from_cgp(text, "hasbro")  # one K in the English set too


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("", "cgp_fields"),
        (f"{EMPTY} AB/CD 0/0", "cgp_fields"),
        ("15/15/15 AB/CD 0/0 0", "cgp_rows"),
        (f"{EMPTY}/15 AB/CD 0/0 0", "cgp_rows"),
        (EMPTY.replace("15", "14", 1) + " AB/CD 0/0 0", "cgp_row"),
        (EMPTY.replace("15", "16", 1) + " AB/CD 0/0 0", "cgp_row"),
        (EMPTY.replace("15", "7A8", 1).replace("7A8", "7A7B", 1) + " AB/CD 0/0 0", "cgp_row"),
        (EMPTY.replace("15", "7É7", 1) + " AB/CD 0/0 0", "cgp_row"),
        (EMPTY.replace("15", "7.7", 1) + " AB/CD 0/0 0", "cgp_row"),
        (f"{EMPTY} ABCDEFGH/CD 0/0 0", "cgp_racks"),
        (f"{EMPTY} AB1/CD 0/0 0", "cgp_racks"),
        (f"{EMPTY} ABCD 0 0", "cgp_racks"),
        (f"{EMPTY} A/B/C/D/E/F/G/H/I 0/0/0/0/0/0/0/0/0 0", "cgp_racks"),
        (f"{EMPTY} AB/CD 0 0", "cgp_scores"),
        (f"{EMPTY} AB/CD 0/x 0", "cgp_scores"),
        (f"{EMPTY} AB/CD 0/0/0 0", "cgp_scores"),
        (f"{EMPTY} AB/CD 0/1234567 0", "cgp_scores"),
        (f"{EMPTY} AB/CD 0/0 x", "cgp_turns"),
        (f"{EMPTY} AB/CD 0/0 -1", "cgp_turns"),
        (f"{EMPTY} AB/CD 0/0 12345", "cgp_turns"),
        (f"{EMPTY} ZZ/ 0/0 0", "cgp_tiles"),
        (f"{EMPTY} ???/ 0/0 0", "cgp_tiles"),
        ("7Z7/" + "/".join(["15"] * 14) + " Z/ 0/0 0", "cgp_tiles"),
        ("7z7/7z7/7z7/" + "/".join(["15"] * 12) + " / 0/0 0", "cgp_tiles"),
    ],
)
def test_malformed_cgp_raises_with_its_code(text, code):
    with pytest.raises(CgpError) as info:
        Position.from_cgp(text)
    assert info.value.code == code


def test_cgp_row_error_names_the_row():
    text = EMPTY.replace("15", "14", 3).replace("14", "15", 2) + " AB/CD 0/0 0"
    with pytest.raises(CgpError) as info:
        Position.from_cgp(text)
    assert info.value.params["row"] == 3


def test_too_many_tiles_names_the_letter():
    with pytest.raises(CgpError) as info:
        Position.from_cgp(f"{EMPTY} QQ/ 0/0 0")
    assert info.value.params["letter"] == "Q"
