"""The conformance suite: the compiled engine and the Python one (its reference) over the same
positions must agree exactly: every placement and its score, the best moves and their order, the
endgames' values. The scoring of :mod:`scrabble_fr.engine.scoring` referees both: a move's score
is the score the engine gives it when described.

Both languages' rules (French: 102 tiles, the scrabble's 50; English: 100 tiles, the bingo's
50, other tile values), jokers on the rack and on the board, the empty board, a crowded board,
a board of another size, and the stored positions (``tests/data/positions_<lang>.txt``, the
move generator's benchmark's). Under ``CI`` a missing compiled engine fails the suite
(``compiled_engine``); elsewhere it skips, saying why.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import pickle
from pathlib import Path
from types import ModuleType

import pytest
from conftest import full_lexicon

from scrabble_fr.engine.move import Move
from scrabble_fr.engine.position import Position
from scrabble_fr.engine.rules import Rules
from scrabble_fr.player import generator, movegen, native
from scrabble_fr.player.endgame import solve
from scrabble_fr.player.movegen import MoveList, Raw, to_move
from scrabble_fr.words import WordSet
from tests.engine.test_move import filled

DATA = Path(__file__).resolve().parents[1] / "data"
PRESETS = {"fr": "ffsc", "en": "hasbro"}
SEPARATOR = "# two jokers"


def stored(lang: str) -> tuple[list[str], list[str]]:
    """The stored positions of ``lang``: the plain ones, and those whose player holds two jokers."""
    plain: list[str] = []
    jokers: list[str] = []
    target = plain
    for line in (DATA / f"positions_{lang}.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() == SEPARATOR:
            target = jokers
        elif line.strip() and not line.startswith("#"):
            target.append(line.strip())
    return plain, jokers


@functools.cache
def positions(lang: str) -> dict[str, Position]:
    """Named positions of ``lang``'s rules and word list (made once: the tests only read them)."""
    lexicon = full_lexicon(lang)
    preset = PRESETS[lang]
    plain, jokers = stored(lang)
    found = {f"{lang} stored {index}": Position.from_cgp(text, preset, lexicon=lexicon)
             for index, text in enumerate(plain)}
    found |= {f"{lang} stored with two jokers {index}": Position.from_cgp(text, preset, lexicon=lexicon)
              for index, text in enumerate(jokers)}
    empty = "15/" * 14 + "15"
    found[f"{lang} empty board"] = Position.from_cgp(f"{empty} AEST?/ 0/0 0", preset, lexicon=lexicon)
    found[f"{lang} empty board, two jokers"] = Position.from_cgp(f"{empty} ?NT?E/ 0/0 0", preset,
                                                                  lexicon=lexicon)
    # The stored position with the most tiles on the board: a crowded one.
    crowded = max((p for name, p in found.items() if "stored" in name),
                  key=lambda p: sum(tile is not None for tile in p.board.squares))
    found[f"{lang} crowded board"] = crowded
    crowded_jokers = crowded.copy()
    crowded_jokers.racks = list(crowded.racks)
    crowded_jokers.racks[crowded.to_move] = crowded.rack[:5] + "??"
    found[f"{lang} crowded board, two jokers"] = crowded_jokers
    return found


def refereed(position: Position, moves: list[Move]) -> None:
    """``moves`` as engine/scoring.py describes them: the same words, the same scores."""
    for move in moves:
        described = position.describe(Move.place(move.tiles))
        assert (described.score, described.words, described.word) == (move.score, move.words, move.word), move


def whole(moves: list[Move]) -> list[tuple[object, ...]]:
    """Each move with every field (a Move compares by its tiles alone)."""
    return [fields_of(move) for move in moves]


def sample(records: list[Raw], count: int = 25) -> list[Raw]:
    """Some of ``records``, spread over them, the best and the last among them."""
    ordered = sorted(records, reverse=True)
    return ordered[:: max(1, len(ordered) // count)] + ordered[-1:]


# The positions compared (the Python search of a list of thousands takes a tenth of a second, a
# list of every move with two jokers a good part of one): the suite takes a few seconds.
COMPARED = (*(f"stored {index}" for index in range(0, 20, 4)), "stored with two jokers 0",
            "stored with two jokers 5", "empty board", "empty board, two jokers", "crowded board",
            "crowded board, two jokers")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_placement_its_score_and_the_best_moves_agree(lang: str, compiled_engine: ModuleType) -> None:
    for name, position in positions(lang).items():
        if not name.endswith(COMPARED):
            continue
        view, python = movegen.search_position(position)
        compiled = generator.search_position(position)[1]
        assert python, name
        assert sorted(python) == sorted(compiled), name
        refereed(position, [to_move(view, item) for item in sample(compiled)])
        # The best moves, as the compiled engine gives them (described by engine/scoring.py), are
        # the first of the Python list: the same scores, the same ties in the same order.
        best = generator.best_moves(position, 10)
        assert whole(best) == whole(MoveList(view, python)[:10]), name
        refereed(position, best)


# The lists compared move for move, each move built (the Python list of a two-joker position
# takes a good part of a second to build: one such, of a few thousand moves).
LISTED = ("stored 3", "stored 12", "stored with two jokers 5", "crowded board")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_move_lists_agree_move_for_move(lang: str, compiled_engine: ModuleType) -> None:
    """The lists as their callers read them (the compiled engine's moves made on its C side):
    the same moves, built, every field, in the same order, from the same records."""
    for name, position in positions(lang).items():
        if name.endswith(LISTED):
            compiled, python = generator.generate_moves(position), movegen.generate_moves(position)
            assert whole(list(compiled)) == whole(list(python)), name
            assert compiled.records() == python.records(), name


def test_the_moves_made_compiled_are_the_moves_described(compiled_engine: ModuleType) -> None:
    """A move the C side makes is the value Move.place and Position.describe make: every field,
    its repr and hash, copied, pickled and replaced alike; its words made when first read, from
    the board as it was searched; its tiles shared with the Python lists'."""
    position = positions("en")["en stored with two jokers 5"].copy()
    moves = generator.generate_moves(position)
    python = list(movegen.generate_moves(position))
    before = position.copy()
    position.board.place(moves[0].tiles)  # the board changes before the words are read
    for move in sample_moves(list(moves)):
        expected = before.describe(Move.place(move.tiles))
        assert not {"word", "words"} & filled(move)  # not made yet
        assert move == expected and hash(move) == hash(expected) and repr(move) == repr(expected), move
        assert fields_of(move) == fields_of(expected), move
        for copied in (copy.copy(move), copy.deepcopy(move), pickle.loads(pickle.dumps(move))):
            assert fields_of(copied) == fields_of(expected) and filled(copied) == filled(expected)
        assert fields_of(dataclasses.replace(move, score=0)) == fields_of(dataclasses.replace(expected, score=0))
    tiles = {id(tile): tile for move in moves for tile in move.tiles}
    assert len(tiles) == len(set(tiles.values()))  # one object a tile
    assert set(tiles) == {id(tile) for move in python for tile in move.tiles}  # the Python list's


def test_the_best_moves_are_described_when_read_and_a_changed_board_is_read_again(
        compiled_engine: ModuleType) -> None:
    """The best moves, made on the C side, get their word and words from engine/scoring.py when
    first read, from the board as it was searched; the board's codes kept from one request to
    the next follow the board when it changes, as does a position of another word list."""
    position = positions("en")["en stored 3"].copy()
    best = generator.best_moves(position, 5)
    before = position.copy()
    position.board.place(best[0].tiles)  # the board changes before the words are read
    for move in best:
        assert not {"word", "words"} & filled(move)  # not made yet
        expected = before.describe(Move.place(move.tiles))
        assert fields_of(move) == fields_of(expected) and repr(move) == repr(expected), move
    assert whole(generator.best_moves(position, 5)) == whole(movegen.best_moves(position, 5))
    assert sorted(python_and_compiled(position)[0]) == sorted(python_and_compiled(position)[1])
    other = position.copy(WordSet(["QI", "ZA", "AX", "XI", "OX"]))
    python, compiled = python_and_compiled(other)
    assert sorted(python) == sorted(compiled)
    assert whole(generator.best_moves(other, 3)) == whole(movegen.best_moves(other, 3))


def sample_moves(moves: list[Move], count: int = 40) -> list[Move]:
    return moves[:: max(1, len(moves) // count)] + moves[-1:]


def fields_of(move: Move) -> tuple[object, ...]:
    return tuple(getattr(move, field.name) for field in dataclasses.fields(Move))


def python_and_compiled(position: Position) -> tuple[list[Raw], list[Raw]]:
    return movegen.search_position(position)[1], generator.search_position(position)[1]


def small_rules() -> Rules:
    """A 9 × 9 board with its own premiums: the engines read the board they are given."""
    layout = ("§...&...§", ".@.....@.", "..%...%..", "&..@.@..&", "....#....", "&..@.@..&", "..%...%..",
              ".@.....@.", "§...&...§")
    return dataclasses.replace(Rules.preset("ffsc"), layout=layout)


def test_another_board_and_jokers_on_it_agree(compiled_engine: ModuleType) -> None:
    lexicon = WordSet(["OS", "SO", "OSE", "ROSE", "ROSES", "ORES", "SORE", "ES", "RE", "ER", "ET", "TE", "EST",
                       "SET", "TES", "REST", "ERS", "SERT", "TRES", "TRESSE", "OR", "ROSSE"])
    position = Position(small_rules(), racks=["SERT?SO", ""], lexicon=lexicon)
    python, compiled = python_and_compiled(position)
    assert python and sorted(python) == sorted(compiled)
    move = generator.best_moves(position, 1)[0]
    position.board.place(move.tiles)
    position.racks = ["OERS?ET", ""]
    python, compiled = python_and_compiled(position)
    assert python and sorted(python) == sorted(compiled)
    assert whole(generator.best_moves(position, 5)) == whole(movegen.best_moves(position, 5))


def test_a_centre_left_empty_anchors_beside_the_tiles(compiled_engine: ModuleType) -> None:
    """A position set up with tiles but the centre empty: the moves touch the tiles, in both."""
    lexicon = WordSet(["OS", "SO", "OST", "TOS"])
    rows = ["15"] * 15
    rows[2] = "3OS10"
    position = Position.from_cgp("/".join(rows) + " ST/ 0/0 0", "ffsc", lexicon=lexicon)
    python, compiled = python_and_compiled(position)
    assert python and sorted(python) == sorted(compiled)


@pytest.mark.parametrize(("cgp", "words"), [
    ("15/15/15/15/15/15/15/7OS6/15/15/15/15/15/15/15 T/N 10/10 0", ["OS", "OST", "ON", "TO", "NO", "OT"]),
    ("15/15/15/15/15/15/15/6TOS6/15/15/15/15/15/15/15 SE/ON 30/12 0",
     ["TOS", "OS", "SO", "ON", "NO", "ES", "SE", "TON", "TONS", "NOS", "OSE", "TOSE", "EN", "NE", "ETOS"]),
])
def test_the_endgame_values_agree(cgp: str, words: list[str], compiled_engine: ModuleType) -> None:
    position = Position.from_cgp(cgp, lexicon=WordSet(words))
    python = solve(position, seconds=30.0, native=False)
    compiled = native.search(position, seconds=30.0, start_run=0)
    assert compiled is not None and compiled.proven and python.proven
    me = position.to_move
    assert position.scores[me] - position.scores[1 - me] + compiled.value == python.value
