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


# described(), pickled (protocol 4) when Move kept its fields in an instance dictionary.
PICKLED_WITH_A_DICTIONARY = (
    b'\x80\x04\x95\x1c\x01\x00\x00\x00\x00\x00\x00\x8c\x17scrabble_fr'
    b'.engine.move\x94\x8c\x04Move\x94\x93\x94)\x81'
    b'\x94}\x94(\x8c\x04word\x94\x8c\x02Ou\x94\x8c\x05words\x94'
    b'h\x00\x8c\x04Word\x94\x93\x94)\x81\x94}\x94(\x8c\x04text\x94'
    b'h\x06\x8c\x03row\x94K\x07\x8c\x03col\x94K\x07\x8c\x06acro'
    b'ss\x94\x88\x8c\x05score\x94K\x01ubh\t)\x81\x94}\x94('
    b'h\x0c\x8c\x03OuI\x94h\rK\x07h\x0eK\x07h\x0f\x88h\x10K\x02u'
    b'b\x86\x94\x8c\x04kind\x94h\x00\x8c\x08MoveKind\x94\x93'
    b'\x94\x8c\x05place\x94\x85\x94R\x94\x8c\x05tiles\x94h\x00\x8c'
    b'\nPlacedTile\x94\x93\x94(K\x07K\x07\x8c\x01O\x94\x89'
    b't\x94\x81\x94h\x1d(K\x07K\x08\x8c\x01U\x94\x88t\x94\x81\x94\x86\x94\x8c\t'
    b'exchanged\x94\x8c\x00\x94h\rK\x07h\x0eK\x07h\x0f\x88'
    b'h\x10K\x01ub.'
)


def found(made: list[str]) -> Move:
    def make(name: str, context: object, source: object) -> object:
        assert (context, source) == ("the view", "the record")
        made.append(name)
        return {"word": "Ou", "words": WORDS}[name]

    [move] = Move.found_all(make, "the view", [(TILES, (7, 7, True), 1, "the record")])
    return move


def described() -> Move:
    return replace(Move.place(TILES), row=7, col=7, across=True, word="Ou", score=1, words=WORDS)


def filled(move: Move) -> set[str]:
    """The names of the slots of ``move`` holding a value (a Move has no instance dictionary),
    read without making a found move's word and words."""
    names = [name for cls in type(move).__mro__ for name in getattr(cls, "__slots__", ())]
    return {name for name in names if name != "__weakref__" and _has(move, name)}


def _has(move: Move, name: str) -> bool:
    try:
        object.__getattribute__(move, name)
    except AttributeError:
        return False
    return True


def test_a_move_is_a_value_of_slots() -> None:
    move = found([])
    assert not hasattr(move, "__dict__") and filled(move) == {
        "kind", "tiles", "exchanged", "row", "col", "across", "score", "_found_from", "_found_source"}
    with pytest.raises(AttributeError):
        move.nothing  # noqa: B018
    assert filled(Move.place(TILES)) == {f.name for f in fields(Move)}


def test_a_move_pickled_with_its_fields_in_a_dictionary_is_read() -> None:
    """A move pickled when Move kept its fields in an instance dictionary: the same state."""
    move = pickle.loads(PICKLED_WITH_A_DICTIONARY)
    assert same_fields(move, described()) and move == described()


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
    defaults = {f.name: f.default for f in fields(Move)}
    assert defaults["words"] == () and defaults["word"] == ""  # the fields keep their defaults


def test_a_found_move_is_frozen_and_copies_as_a_described_one() -> None:
    move = found([])
    with pytest.raises(FrozenInstanceError):
        move.score = 5  # type: ignore[misc]
    for copied in (copy.copy(found([])), copy.deepcopy(found([])), pickle.loads(pickle.dumps(found([])))):
        assert copied == move and same_fields(copied, described())
        assert filled(copied) == {f.name for f in fields(Move)}  # nothing of the generator's kept
    changed = replace(found([]), score=0)
    assert changed.score == 0 and changed.words == WORDS and changed == move
