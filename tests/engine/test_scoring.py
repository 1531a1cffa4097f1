"""Scoring, hand-worked. Each test writes its arithmetic out; squares are named in the
convention of the rule set (French: row letter + column number; English: column letter + row).

Premiums met below (regles.md): H4 & (double letter), H8 # (centre, double word), H12 &,
J2 % (triple letter), N2 @ (double word), A1 A8 § (triple word), A4 &, D8 &, E5 E11 @, G7 &, L8 &.
"""

from __future__ import annotations

import pytest

from scrabble_fr.engine.board import Board
from scrabble_fr.engine.errors import IllegalMoveError
from scrabble_fr.engine.position import Position
from scrabble_fr.engine.rules import Rules
from scrabble_fr.engine.scoring import score_placement
from scrabble_fr.engine.tiles import ENGLISH

EMPTY_ROW = "15"


def _board(rows: dict[int, str] | None = None) -> str:
    """A CGP board: ``rows`` maps a 0-based row to its CGP text, every other row empty."""
    rows = rows or {}
    return "/".join(rows.get(r, EMPTY_ROW) for r in range(15))


def _position(rows: dict[int, str] | None = None, rules: str = "ffsc", rack: str = "") -> Position:
    return Position.from_cgp(f"{_board(rows)} {rack}/ 0/0 0", rules)


def _placement(text: str, rows: dict[int, str] | None = None, rules: str = "ffsc", bonus: bool = True):
    position = _position(rows, rules)
    move = position.parse_move(text)
    return score_placement(position.board, position.rules, move.tiles, position.rules.notation, count_bonus=bonus)


def _words(placement) -> dict[str, int]:
    return {word.text: word.score for word in placement.words}


# -- the public scoring kata (English values) -----------------------------------------------


def test_cabbage_base_value_is_14_in_english_values():
    # C 3 + A 1 + B 3 + B 3 + A 1 + G 2 + E 1 = 14
    assert sum(ENGLISH.value(letter) for letter in "CABBAGE") == 14


def test_cabbage_across_from_2i_scores_32_without_the_bonus():
    # 2I: row 2, columns I..O. A on J2 (%): 1 × 3; G on N2 (@): word × 2.
    # C 3 + A 3 + B 3 + B 3 + A 1 + G 2 + E 1 = 16; 16 × 2 = 32
    placement = _placement("2I CABBAGE", rules="hasbro", bonus=False)
    assert placement.score == 32
    assert placement.bingo is False


def test_cabbage_across_from_2i_scores_82_with_the_bonus():
    # 32 as above, 7 tiles laid: + 50 = 82
    placement = _placement("2I CABBAGE", rules="hasbro", bonus=True)
    assert placement.score == 82
    assert placement.bingo is True


def test_cabbage_down_from_a4_scores_51_without_the_bonus():
    # A4: column A, rows 4..10. C on A4 (&): 3 × 2 = 6; A on A8 (§): word × 3.
    # 6 + A 1 + B 3 + B 3 + A 1 + G 2 + E 1 = 17; 17 × 3 = 51
    assert _placement("A4 CABBAGE", rules="hasbro", bonus=False).score == 51


def test_cabbage_down_from_a4_with_the_bonus():
    # 51 + 50 = 101
    assert _placement("A4 CABBAGE", rules="hasbro").score == 101


# -- French examples of regles.md -----------------------------------------------------------


def test_maison_at_h4_scores_18():
    # M on H4 (&): 2 × 2 = 4; A I S O N: 1 each = 5; 4 + 5 = 9; O on H8 (#): 9 × 2 = 18
    position = _position(rack="AIMNOSE")
    assert position.score(position.parse_move("H4 MAISON")) == 18


def test_maisons_at_h8_with_a_full_rack_scores_68():
    # M on H8 (#) 2, A 1, I 1, S 1, O on H12 (&) 1 × 2, N 1, S 1 = 9; × 2 = 18;
    # 7 tiles laid: 18 + 50 = 68
    position = _position(rack="AIMNOSS")
    move = position.parse_move("H8 MAISONS")
    assert position.score(move) == 68
    assert move.score == 68


def test_maison_at_a1_is_refused_as_an_opening_but_scores_24():
    # M on A1 (§) 2, A 1, I 1, S on A4 (&) 1 × 2, O 1, N 1 = 8; × 3 = 24
    assert _placement("A1 MAISON").score == 24
    position = _position()
    with pytest.raises(IllegalMoveError) as info:
        position.score(position.parse_move("A1 MAISON"))
    assert info.value.code == "first_move_centre"


# -- premiums -------------------------------------------------------------------------------

MAISON_H4 = {7: "3MAISON6"}  # M on H4 (&), O on H8 (#), both covered


def test_letter_premium_under_a_board_tile_does_not_count_again():
    # 4G AMI, down column 4: A on G4 (plain) 1, M already on H4 (& covered) 2, I on I4 (plain) 1
    # = 4 (it would be 6 if H4's double letter counted again)
    assert _placement("4G AMI", MAISON_H4).score == 4


def test_word_premium_under_a_board_tile_does_not_count_again():
    # 8G NOS, down column 8: N on G8 1, O already on H8 (# covered) 1, S on I8 1 = 3, not × 2
    assert _placement("8G NOS", MAISON_H4).score == 3


def test_letter_premium_under_a_new_tile_counts_in_both_crossing_words():
    # E on G8, A on H7; K laid on G7 (&): K = 10 × 2 = 20 in each word.
    # KE across: 20 + 1 = 21; KA down: 20 + 1 = 21; total 42
    placement = _placement("G7 K", {6: "7E7", 7: "6A8"})
    assert _words(placement) == {"KE": 21, "KA": 21}
    assert placement.score == 42


def test_word_premium_under_a_new_tile_counts_in_both_crossing_words():
    # E on E6, A on F5; W laid on E5 (@): WE across (10 + 1) × 2 = 22; WA down (10 + 1) × 2 = 22;
    # total 44
    placement = _placement("E5 W", {4: "5E9", 5: "4A10"})
    assert _words(placement) == {"WE": 22, "WA": 22}
    assert placement.score == 44


def test_two_double_words_multiply_by_four():
    # ISON already on E7..E10; M on E5 (@), A on E6, S on E11 (@).
    # M 2 + A 1 + I 1 + S 1 + O 1 + N 1 + S 1 = 8; × 2 × 2 = 32
    placement = _placement("E5 MAISONS", {4: "6ISON5"})
    assert placement.score == 32
    assert len(placement.words) == 1


def test_two_triple_words_multiply_by_nine():
    # LATEAU already on A2..A7 (its A on A4 & is covered); P on A1 (§), X on A8 (§).
    # P 3 + L 1 + A 1 + T 1 + E 1 + A 1 + U 1 + X 10 = 19; × 3 × 3 = 171
    placement = _placement("A1 PLATEAUX", {0: "1LATEAU8"})
    assert placement.score == 171
    assert [(t.row, t.col) for t in _position({0: "1LATEAU8"}).parse_move("A1 PLATEAUX").tiles] == [(0, 0), (0, 7)]


# -- jokers ---------------------------------------------------------------------------------


def test_joker_on_a_letter_premium_is_worth_zero():
    # joker M on H4 (&): 0 × 2 = 0; A I S O N = 5; O on H8 (#): 5 × 2 = 10
    assert _placement("H4 mAISON").score == 10


def test_joker_on_a_word_premium_still_multiplies_the_word():
    # joker Z on H8 (#) 0, O 1, O 1 = 2; × 2 = 4
    assert _placement("H8 zOO").score == 4


def test_joker_keeps_its_letter_and_zero_value_for_the_rest_of_the_game():
    # a joker played as K lies on H8; 8G SKI down column 8: S 1 + k 0 + I 1 = 2
    placement = _placement("8G S.I", {7: "7k7"})
    assert placement.main.text == "SkI"
    assert placement.score == 2


# -- bonus, several words, French values, playing through -----------------------------------


def test_seven_tiles_add_the_50_point_bonus():
    # 8D CABBAGE: C on D8 (&) 3 × 2 = 6, A 1, B 3, B 3, A on H8 (#) 1, G 2, E 1 = 17; × 2 = 34;
    # 7 tiles from the rack: 34 + 50 = 84
    position = _position(rules="hasbro", rack="ABCBAGE")
    assert position.score(position.parse_move("8D CABBAGE")) == 84


def test_six_tiles_earn_no_bonus():
    # H4 MAISON lays 6 tiles: 18, no bonus (see test_maison_at_h4_scores_18)
    assert _placement("H4 MAISON").bingo is False


def test_the_bonus_follows_the_rule_set():
    rules = Rules.from_toml("base = 'ffsc'\nbingo_bonus = 40")[0]
    position = Position(rules, racks=["AIMNOSS", ""])
    # 18 (as in test_maisons_at_h8_with_a_full_rack_scores_68) + 40 = 58
    assert position.score(position.parse_move("H8 MAISONS")) == 58


def test_one_tile_forming_two_words_scores_both():
    # O on H8, A on G9 (both covered); Z laid on the plain square G8.
    # ZA across: 10 + 1 = 11; ZO down: 10 + 1 = 11; total 22
    placement = _placement("G8 Z", {6: "8A6", 7: "7O7"})
    assert _words(placement) == {"ZA": 11, "ZO": 11}
    assert placement.score == 22


def test_every_cross_word_is_scored():
    # MAISON on H4..H9; G8 OS lays O on G8 and S on G9 (&).
    # OS across: O 1 + S 1 × 2 = 3; OO down: O 1 + O 1 (H8 covered) = 2; SN down: S 2 + N 1 = 3;
    # total 8
    placement = _placement("G8 OS", MAISON_H4)
    assert _words(placement) == {"OS": 3, "OO": 2, "SN": 3}
    assert placement.score == 8


def test_french_values_whisky():
    # H8 WHISKY: W 10 on H8 (#), H 4, I 1, S 1, K 10 on H12 (&) × 2 = 20, Y 10
    # = 46; × 2 = 92
    assert _placement("H8 WHISKY").score == 92


def test_english_values_whisky():
    # 8H WHISKY, same squares: W 4, H 4, I 1, S 1, K 5 × 2 = 10, Y 4 = 24; × 2 = 48
    assert _placement("8H WHISKY", rules="hasbro").score == 48


def test_placement_through_letters_already_on_the_board():
    # MAISON on H4..H9, NETTE laid on H10..H14: MAISONNETTE.
    # board letters at face value: M 2 + A 1 + I 1 + S 1 + O 1 + N 1 = 7 (H4 &, H8 # covered);
    # new: N 1 + E 1 + T on H12 (&) 2 + T 1 + E 1 = 6; total 13, no word premium
    placement = _placement("H4 MAISONNETTE", MAISON_H4)
    assert placement.main.text == "MAISONNETTE"
    assert placement.score == 13
    assert _placement("H4 ......NETTE", MAISON_H4).score == 13


def test_letters_on_both_ends_join_two_board_words():
    # board: MA on H4..H5 and ON on H8..H9; I and S laid on H6, H7: MAISON.
    # M 2 + A 1 + I 1 + S 1 + O 1 + N 1 = 7, no premium under I (H6) or S (H7)
    assert _placement("H4 MAISON", {7: "3MA2ON6"}).score == 7


def test_scoring_leaves_the_board_unchanged():
    board = Board()
    score_placement(board, Rules.preset("ffsc"), [(7, 7, "O", False), (7, 8, "U", False)])
    assert board.is_empty()


def test_position_describe_fills_in_the_words():
    position = _position(MAISON_H4)
    move = position.parse_move("G8 OS")
    assert move.score == 8
    assert [w.text for w in move.words] == ["OS", "OO", "SN"]
    assert (move.row, move.col, move.across, move.word) == (6, 7, True, "OS")
