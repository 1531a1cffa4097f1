"""A move built by the generator in one step (:meth:`Move.found_all`) is the same value as the
move :meth:`Move.place` and :meth:`Position.describe` make: equal, hashed, printed, copied and
pickled alike, frozen; its word and words are made once, when first read."""

from __future__ import annotations

import copy
import pickle
from dataclasses import FrozenInstanceError, fields, replace

import pytest

from scrabble_fr.engine.move import Move, PlacedTile, Word

TILES = (PlacedTile(7, 7, "O", False), PlacedTile(7, 8, "U", True))
WORDS = (Word("Ou", 7, 7, True, 1), Word("OuI", 7, 7, True, 2))


def found(made: list[str]) -> Move:
    def make(name: str, context: object, source: object) -> object:
        assert (context, source) == ("the view", "the record")
        made.append(name)
        return {"word": "Ou", "words": WORDS}[name]

    [move] = Move.found_all(make, "the view", [(TILES, (7, 7, True), 1, "the record")])
    return move


def described() -> Move:
    return replace(Move.place(TILES), row=7, col=7, across=True, word="Ou", score=1, words=WORDS)


def same_fields(move: Move, other: Move) -> bool:
    return all(getattr(move, f.name) == getattr(other, f.name) for f in fields(Move))


def test_a_found_move_is_the_move_described() -> None:
    made: list[str] = []
    move = found(made)
    expected = described()
    assert move == expected and hash(move) == hash(expected) and move.tiles == TILES and made == []
    assert repr(move) == repr(expected) == "<Move H8 Ou 1>" and str(move) == "H8 Ou"
    assert same_fields(move, expected) and sorted(made) == ["word", "words"]
    assert move.words is move.words and move.word == "Ou" and len(made) == 2  # made once
    assert Move.words == () and Move.word == ""  # the class keeps its defaults


def test_a_found_move_is_frozen_and_copies_as_a_described_one() -> None:
    move = found([])
    with pytest.raises(FrozenInstanceError):
        move.score = 5  # type: ignore[misc]
    for copied in (copy.copy(found([])), copy.deepcopy(found([])), pickle.loads(pickle.dumps(found([])))):
        assert copied == move and same_fields(copied, described())
        assert set(vars(copied)) == {f.name for f in fields(Move)}  # nothing of the generator's kept
    changed = replace(found([]), score=0)
    assert changed.score == 0 and changed.words == WORDS and changed == move
