"""Placement rules: each refusal has its code, and a refused move changes nothing."""

from __future__ import annotations

import pytest

from scrabble_fr.engine.errors import IllegalMoveError, InvalidMoveError, ScrabbleError
from scrabble_fr.engine.game import Game
from scrabble_fr.engine.move import Move
from scrabble_fr.engine.position import Position

EMPTY = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15"
MAISON_H4 = "15/15/15/15/15/15/15/3MAISON6/15/15/15/15/15/15/15"


def _position(board: str = EMPTY, rack: str = "", rules: str = "ffsc") -> Position:
    return Position.from_cgp(f"{board} {rack}/EEE 12/34 0", rules)


def _refusal(position: Position, move: Move | str) -> ScrabbleError:
    """Check ``move`` on ``position``; return the error, and prove the position did not change."""
    before = position.to_cgp()
    if isinstance(move, str):
        try:
            move = position.parse_move(move)
        except ScrabbleError as error:
            assert position.to_cgp() == before
            return error
    with pytest.raises(ScrabbleError) as info:
        position.check(move)
    assert position.to_cgp() == before
    with pytest.raises(ScrabbleError) as pushed:
        position.push(move)
    assert pushed.value.code == info.value.code
    assert position.to_cgp() == before
    return info.value


def _tiles(*squares: tuple[int, int, str]) -> Move:
    return Move.place([(r, c, letter, False) for r, c, letter in squares])


# Each case: (board, rack, move, error class, code).
CASES = {
    "occupied": (MAISON_H4, "", _tiles((7, 3, "X"), (6, 3, "A")), IllegalMoveError),
    "not_in_line": (EMPTY, "", _tiles((7, 7, "A"), (8, 8, "B")), IllegalMoveError),
    "gap": (EMPTY, "", _tiles((7, 7, "A"), (7, 9, "B")), IllegalMoveError),
    "not_connected": (MAISON_H4, "", "A1 MOT", IllegalMoveError),
    "first_move_centre": (EMPTY, "", "A1 MOT", IllegalMoveError),
    "first_move_one_letter": (EMPTY, "", _tiles((7, 7, "A")), IllegalMoveError),
    "tiles_not_on_rack": (EMPTY, "ABCDEFG", "H8 MOT", IllegalMoveError),
    "duplicate_square": (EMPTY, "", _tiles((7, 7, "A"), (7, 7, "B")), IllegalMoveError),
    "letter_mismatch": (MAISON_H4, "", "4G AXI", InvalidMoveError),
    "dot_on_empty": (EMPTY, "", "H8 MA.SON", InvalidMoveError),
    "exchange_too_many": (EMPTY, "", Move.exchange("ABCDEFGH"), IllegalMoveError),
    "exchange_nothing": (EMPTY, "", Move.exchange(""), IllegalMoveError),
}


@pytest.mark.parametrize("code", list(CASES))
def test_refused_move_has_its_code_and_leaves_the_position_unchanged(code):
    board, rack, move, error_class = CASES[code]
    error = _refusal(_position(board, rack), move)
    assert isinstance(error, error_class)
    assert error.code == code


def test_error_parameters_name_the_square():
    assert _refusal(_position(MAISON_H4), _tiles((7, 3, "X"), (6, 3, "A"))).params["square"] == "H4"
    assert _refusal(_position(), _tiles((7, 7, "A"), (7, 9, "B"))).params["square"] == "H9"
    assert _refusal(_position(), "A1 MOT").params["square"] == "H8"
    assert _refusal(_position(rules="hasbro"), "1A MOT").params["square"] == "H8"


def test_tiles_not_on_rack_names_the_missing_tiles():
    error = _refusal(_position(rack="ABCDEFG"), "H8 MOT")
    assert error.params["missing"] == "MOT"
    error = _refusal(_position(rack="MOT"), "H8 MOTs")  # a joker is needed for the s
    assert error.params["missing"] == "?"


def test_gap_in_a_column():
    error = _refusal(_position(), _tiles((6, 7, "A"), (8, 7, "B")))
    assert error.code == "gap"
    assert error.params["square"] == "H8"


def test_the_first_move_may_run_down_through_the_centre():
    # 8F MOT, down column 8: M on F8, O on G8, T on H8 (#): (M 2 + O 1 + T 1) × 2 = 8
    position = _position(rack="MOTABCD")
    move = position.parse_move("8F MOT")
    assert move.across is False
    assert position.score(move) == 8


def test_touching_a_board_tile_by_a_side_connects():
    position = _position(MAISON_H4)
    position.check(position.parse_move("G3 ZA"))  # A on G4 sits above the M on H4: connected
    with pytest.raises(IllegalMoveError) as info:
        position.check(position.parse_move("F3 ZA"))  # one row higher: touches nothing
    assert info.value.code == "not_connected"


def test_a_diagonal_contact_does_not_connect():
    position = _position(MAISON_H4)
    with pytest.raises(IllegalMoveError) as info:
        position.check(position.parse_move("G1 ZA"))  # A on G2, diagonal to nothing; G3 empty
    assert info.value.code == "not_connected"
    with pytest.raises(IllegalMoveError) as info:
        position.check(position.parse_move("G10 ZA"))  # Z on G10 is diagonal to N on H9
    assert info.value.code == "not_connected"


def test_legal_moves_are_accepted_and_pushed():
    position = _position(rack="AIMNOSE")
    move = position.parse_move("H4 MAISON")
    position.push(move)
    assert position.board[7, 3] == "M"
    assert position.scores == [30, 34]  # 12 + 18
    assert position.racks[0] == "E"
    assert position.to_move == 1


# -- a refused move leaves the game exactly as it was ---------------------------------------


def _game_state(game: Game) -> tuple[object, ...]:
    return (game.position.to_cgp(), game.bag, game.history, game.phase, game.pending, game.to_move)


@pytest.mark.parametrize(
    "move",
    [
        "A1 MAISON",  # first_move_centre
        "H8 MOT",  # tiles_not_on_rack
        "H8 M0T",  # bad_word
        "P8 MOT",  # bad_coordinate
        "H8 MA.SON",  # dot_on_empty
        "EXCHANGE WWWW",  # tiles_not_on_rack (one W in the set)
        "EXCHANGE ABCDEFGH",
        "",
    ],
)
def test_a_refused_move_leaves_the_game_unchanged(move, rig):
    game = rig(Game(["Ana", "Bob"], seed=3), ["AEIMNOS", "EEEEEEE"])
    before = _game_state(game)
    with pytest.raises(ScrabbleError):
        game.play(move)
    assert _game_state(game) == before
    assert game.tiles_conserved()


def test_a_refused_move_after_an_announcement_leaves_the_announcement_pending(rig):
    game = rig(Game(["Ana", "Bob"], seed=3), ["AEIMNOS", "ABEEEEE"])
    game.play("H4 MAISON")
    before = _game_state(game)
    with pytest.raises(ScrabbleError):
        game.play("A1 BEE")  # Bob acting would accept MAISON, but his move is refused
    assert _game_state(game) == before
    assert game.racks[0] == "E"  # Ana has not drawn yet


def test_a_refused_second_move_leaves_the_game_unchanged(rig):
    game = rig(Game(["Ana", "Bob"], seed=3), ["AEIMNOS", "ABEEEEE"])
    game.play("H4 MAISON")
    game.accept()
    before = _game_state(game)
    for move in ("A1 BEE", "H4 ABE", "4G AXE", "G8 ZE", Move.place([(7, 3, "A", False), (6, 3, "B", False)])):
        with pytest.raises(ScrabbleError):
            game.play(move)
        assert _game_state(game) == before


@pytest.mark.parametrize(
    "move",
    [
        Move.place([(7, 7, "?", False), (7, 8, "A", False)]),  # a joker needs a letter
        Move.place([(7, 7, "É", False), (7, 8, "A", False)]),
        Move.place([(7, 7, "1", False), (7, 8, "A", False)]),
        Move.place([(7, 7, "AB", False), (7, 8, "A", False)]),
        Move.exchange("A1"),
    ],
)
def test_a_tile_that_is_not_a_letter_is_refused(move):
    error = _refusal(_position(rack="?AB"), move)
    assert isinstance(error, InvalidMoveError)
    assert error.code == "bad_word"
    error = _refusal(_position(), move)  # even when the rack is unknown
    assert error.code == "bad_word"
