"""The lazy move list: a read-only list of moves made when read, ordered as a sorted list would be."""

from __future__ import annotations

import gc
import random

import pytest
from movegen_reference import random_position, random_words, small_rules

from scrabble_fr.engine.move import Move
from scrabble_fr.player import movegen
from scrabble_fr.player.movegen import MoveList, _search, generate_moves, rack_counts, to_move, view_of

ALPHABET = "AEINRSTLO"


def eager(position) -> list[Move]:  # type: ignore[no-untyped-def]
    """The moves made all at once and sorted by (best score, tiles): what the list must equal."""
    view = view_of(position)
    moves = [to_move(view, item) for item in _search(view, rack_counts(position.rack), None)]
    return sorted(moves, key=lambda m: (-(m.score or 0), m.tiles))


def busy_position(seed: int):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    words = random_words(rng, 250, ALPHABET)
    position = random_position(rng, words, small_rules(), ALPHABET, rng.randrange(1, 5))
    position.racks[position.to_move] = position.rack[:6] + "?"
    return position


@pytest.mark.parametrize("seed", range(8))
def test_reads_in_any_order_give_the_sorted_list(seed: int) -> None:
    position = busy_position(seed)
    expected = eager(position)
    moves = generate_moves(position)
    assert isinstance(moves, MoveList) and len(moves) == len(expected) > 0
    rng = random.Random(seed)
    # Read from the middle and the end first: each tie group must be put in order on its own.
    for index in rng.sample(range(len(expected)), min(25, len(expected))):
        assert moves[index] == expected[index] and moves[index].score == expected[index].score
        assert moves[index - len(expected)] is moves[index]  # negative index, made once
    assert moves[3:17:2] == expected[3:17:2]
    assert moves[::-1] == expected[::-1]
    assert moves == expected and expected == moves and list(moves) == expected
    assert [m.words for m in moves] == [m.words for m in expected]


def test_a_list_read_through_makes_no_words_and_shares_its_tiles(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[object] = []
    words_of = movegen.words_of
    monkeypatch.setattr(movegen, "words_of", lambda view, found: made.append(found) or words_of(view, found))
    position = busy_position(3)
    moves = list(generate_moves(position))
    assert len(moves) > 100 and made == []  # scores, tiles and notation only: no word made
    tiles = [tile for move in moves for tile in move.tiles]
    assert len({id(tile) for tile in tiles}) == len(set(tiles)) < len(tiles)  # one object per tile
    for move in moves[:5]:
        assert move.words == position.describe(Move.place(move.tiles)).words
    assert len(made) == 5


def test_behaves_as_a_read_only_list() -> None:
    position = busy_position(11)
    moves = generate_moves(position)
    first = moves[0]
    assert first in moves and moves.index(first) == 0
    assert moves != moves[:-1] and moves != "not a list"
    with pytest.raises(IndexError):
        moves[len(moves)]
    with pytest.raises(TypeError):
        hash(moves)
    assert repr(moves) == f"<MoveList of {len(moves)} moves>"


def test_moves_read_later_describe_the_board_searched() -> None:
    position = busy_position(5)
    expected = eager(position)
    moves = generate_moves(position)
    position.board.squares = [None] * len(position.board.squares)  # the game goes on meanwhile
    assert moves == expected and [m.word for m in moves] == [m.word for m in expected]


def test_the_collector_is_restored() -> None:
    position = busy_position(2)
    assert gc.isenabled()
    generate_moves(position)
    assert gc.isenabled()
    gc.disable()
    try:
        generate_moves(position)
        assert not gc.isenabled()  # left as the caller had it
    finally:
        gc.enable()
