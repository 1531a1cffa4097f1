"""Notation: French and English coordinates, jokers, played-through letters, typed commands."""

from __future__ import annotations

import pytest

from scrabble_fr.engine.errors import InvalidMoveError
from scrabble_fr.engine.move import Move, MoveKind, PlacedTile
from scrabble_fr.engine.notation import (
    format_coordinate,
    parse_command,
    parse_coordinate,
    parse_word,
    square_name,
)
from scrabble_fr.engine.position import Position

EMPTY = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15"


def _position(board: str = EMPTY, rules: str = "ffsc", racks: str = "/") -> Position:
    return Position.from_cgp(f"{board} {racks} 0/0 0", rules)


# -- coordinates ----------------------------------------------------------------------------


def test_french_row_first_is_across():
    assert parse_coordinate("H4", "fr") == (7, 3, True)


def test_french_column_first_is_down():
    assert parse_coordinate("4H", "fr") == (7, 3, False)


def test_english_row_first_is_across():
    assert parse_coordinate("8D", "en") == (7, 3, True)


def test_english_column_first_is_down():
    assert parse_coordinate("D8", "en") == (7, 3, False)


def test_french_c5_is_english_3e():
    assert parse_coordinate("C5", "fr") == parse_coordinate("3E", "en") == (2, 4, True)
    assert format_coordinate(2, 4, True, "fr") == "C5"
    assert format_coordinate(2, 4, True, "en") == "3E"


def test_coordinates_are_case_insensitive():
    assert parse_coordinate("h4", "fr") == parse_coordinate("H4", "fr")
    assert parse_coordinate("8d", "en") == parse_coordinate("8D", "en")


def test_format_coordinate_writes_the_row_first_across_and_the_column_first_down():
    assert format_coordinate(7, 3, True, "fr") == "H4"
    assert format_coordinate(7, 3, False, "fr") == "4H"
    assert format_coordinate(7, 3, True, "en") == "8D"
    assert format_coordinate(7, 3, False, "en") == "D8"


def test_square_names():
    assert square_name(7, 3, "fr") == "H4"
    assert square_name(7, 3, "en") == "D8"


@pytest.mark.parametrize("text", ["P1", "A16", "H0", "16A", "HH", "8", "", "H 8", "Z9"])
def test_bad_coordinates_raise(text):
    with pytest.raises(InvalidMoveError) as info:
        parse_coordinate(text, "fr")
    assert info.value.code == "bad_coordinate"


# -- written words --------------------------------------------------------------------------


def test_lowercase_letter_is_a_joker():
    tiles = parse_word("MAiSON")
    assert [(t.letter, t.is_blank) for t in tiles][:3] == [("M", False), ("A", False), ("I", True)]


def test_letter_in_parentheses_is_a_joker():
    assert parse_word("MA(I)SON") == parse_word("MAiSON")


def test_dot_is_a_letter_already_on_the_board():
    tiles = parse_word("MA.SON")
    assert tiles[2].letter is None


def test_accents_are_folded():
    assert parse_word("ÉTÉ") == parse_word("ETE")
    assert [t.letter for t in parse_word("CŒUR")] == list("COEUR")
    assert [t.letter for t in parse_word("GARÇON")] == list("GARCON")
    assert [t.letter for t in parse_word("TÆNIA")] == list("TAENIA")
    assert [t.letter for t in parse_word("NAÏVE")] == list("NAIVE")


@pytest.mark.parametrize("text", ["M0T", "MA(ISON", "MA()SON", "MOT!", "MA(1)SON"])
def test_bad_words_raise(text):
    with pytest.raises(InvalidMoveError) as info:
        parse_word(text)
    assert info.value.code == "bad_word"


def test_joker_in_a_move_is_lowercase_on_the_board_and_needs_a_joker_on_the_rack():
    position = _position()
    move = position.parse_move("H4 MA(I)SON")
    assert PlacedTile(7, 5, "I", True) in move.tiles
    assert move.word == "MAiSON"
    assert move.rack_letters.count("?") == 1


def test_french_across_and_down_moves():
    position = _position()
    across = position.parse_move("H4 MAISON")
    assert [(t.row, t.col) for t in across.tiles] == [(7, c) for c in range(3, 9)]
    down = position.parse_move("8C MAISON")
    assert [(t.row, t.col) for t in down.tiles] == [(r, 7) for r in range(2, 8)]
    assert down.across is False


def test_english_across_and_down_moves():
    position = _position(rules="hasbro")
    across = position.parse_move("8D WORD")
    assert [(t.row, t.col) for t in across.tiles] == [(7, 3), (7, 4), (7, 5), (7, 6)]
    down = position.parse_move("D8 WORD")
    assert [(t.row, t.col) for t in down.tiles] == [(7, 3), (8, 3), (9, 3), (10, 3)]


def test_word_before_coordinate_is_accepted():
    position = _position()
    assert position.parse_move("MAISON H4") == position.parse_move("H4 MAISON")


# Board with MAISON across on row H from column 4 (H4..H9).
MAISON_H4 = "15/15/15/15/15/15/15/3MAISON6/15/15/15/15/15/15/15"


def test_dot_plays_through_a_letter_on_the_board():
    # Down column 4: A on G4, the dot is MAISON's M on H4, I on I4.
    position = _position(MAISON_H4)
    move = position.parse_move("4G A.I")
    assert [(t.row, t.col, t.letter) for t in move.tiles] == [(6, 3, "A"), (8, 3, "I")]
    assert move.word == "AMI"


def test_full_letter_plays_through_a_letter_on_the_board():
    position = _position(MAISON_H4)
    assert position.parse_move("4G AMI") == position.parse_move("4G A.I")
    assert position.parse_move("4G AMI").word == "AMI"


def test_parse_move_formats_back_in_both_conventions():
    position = _position(MAISON_H4)
    move = position.parse_move("4G A.I")
    assert move.notation("fr") == "4G AMI"
    assert move.notation("en") == "D7 AMI"


# -- typed commands -------------------------------------------------------------------------


def test_place_across_skips_occupied_squares_and_reads_a_joker():
    # K on row 5, column 3 (1-based) = (4, 2) 0-based; PLACE - 5 1 POE?MON lays P O, skips the K,
    # then E, a joker M, O, N: POKEMON.
    position = _position("15/15/15/15/2K12/15/15/15/15/15/15/15/15/15/15")
    move = position.parse_move("PLACE - 5 1 POE?MON")
    assert move.word == "POKEmON"
    assert move.across is True
    assert (move.row, move.col) == (4, 0)
    assert [t.col for t in move.tiles] == [0, 1, 3, 4, 5, 6]
    assert PlacedTile(4, 4, "M", True) in move.tiles
    assert move.rack_letters.count("?") == 1


def test_place_down_from_row_and_column():
    command = parse_command("PLACE | 3 3 CAKE")
    assert (command.kind, command.row, command.col, command.across) == ("place", 2, 2, False)
    move = _position().move_from_command(command)
    assert [(t.row, t.col, t.letter) for t in move.tiles] == [(2, 2, "C"), (3, 2, "A"), (4, 2, "K"), (5, 2, "E")]
    assert move.word == "CAKE"


def test_commands_are_case_insensitive():
    assert parse_command("place | 3 3 cake") == parse_command("PLACE | 3 3 CAKE")
    assert parse_command("pass").kind == "pass"
    assert parse_command("exchange abc") == parse_command("EXCHANGE ABC")


def test_exchange_with_a_joker():
    command = parse_command("EXCHANGE aa?")
    assert command.kind == "exchange"
    assert command.exchanged == "AA?"
    assert _position().move_from_command(command) == Move.exchange("?AA")


@pytest.mark.parametrize("text", ["PASS", "passer", "Passer", "-"])
def test_pass_words(text):
    assert _position().parse_move(text).kind is MoveKind.PASS


@pytest.mark.parametrize("text", ["changer ABC", "CHANGER abc", "EXCHANGE ABC", "échanger ABC", "-ABC"])
def test_exchange_words(text):
    move = _position().parse_move(text)
    assert move.kind is MoveKind.EXCHANGE
    assert move.exchanged == "ABC"


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("", "empty_input"),
        ("   ", "empty_input"),
        ("H8", "bad_command"),
        ("H8 MOT EN TROP", "bad_command"),
        ("BONJOUR TOUT", "bad_command"),
        ("EXCHANGE", "bad_command"),
        ("EXCHANGE A1", "bad_word"),
        ("H8 M0T", "bad_word"),
        ("P8 MOT", "bad_coordinate"),
        ("H16 MOT", "bad_coordinate"),
        ("PLACE x 1 1 AB", "bad_command"),
        ("PLACE - 0 1 AB", "bad_command"),
        ("PLACE - 1 16 AB", "bad_command"),
        ("PLACE - a 1 AB", "bad_command"),
        ("PLACE - 1 1", "bad_command"),
        ("PLACE - 1 1 AB?", "bad_word"),
    ],
)
def test_bad_input_raises_invalid_move_error_with_its_code(text, code):
    with pytest.raises(InvalidMoveError) as info:
        _position().parse_move(text)
    assert info.value.code == code


def test_word_running_off_the_board_raises_off_board():
    with pytest.raises(InvalidMoveError) as info:
        _position().parse_move("H12 MAISON")
    assert info.value.code == "off_board"


def test_letter_mismatch_and_dot_on_empty_raise_invalid_move_error():
    with pytest.raises(InvalidMoveError) as info:
        _position(MAISON_H4).parse_move("4G AXI")  # H4 holds M, not X
    assert info.value.code == "letter_mismatch"
    assert info.value.params["square"] == "H4"
    with pytest.raises(InvalidMoveError) as info:
        _position().parse_move("H4 MA.SON")
    assert info.value.code == "dot_on_empty"


def test_a_word_made_only_of_board_letters_places_nothing():
    with pytest.raises(InvalidMoveError) as info:
        _position(MAISON_H4).parse_move("H4 MAISON")
    assert info.value.code == "nothing_placed"


def test_moves_compare_by_tiles_not_by_notation():
    position = _position()
    assert position.parse_move("H4 MAISON") == Move.place(
        [(7, 3, "M", False), (7, 4, "A", False), (7, 5, "I", False),
         (7, 6, "S", False), (7, 7, "O", False), (7, 8, "N", False)]
    )


def test_format_move_writes_jokers_and_played_through_letters_three_ways():
    from scrabble_fr.engine.notation import format_move

    position = _position(MAISON_H4)
    move = position.parse_move("4G A.i")
    assert format_move(move, "fr") == "4G AMi"
    assert format_move(move, "fr", through="dot") == "4G A.i"
    assert format_move(move, "fr", through="paren") == "4G AM(I)"
    assert format_move(move, "en", through="dot") == "D7 A.i"


def test_format_pass_and_exchange():
    assert Move.pass_().notation() == "-"
    assert Move.exchange("cba").notation() == "-ABC"
