"""The generator on hand-made positions: the rules a move list must respect, one at a time."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from scrabble_fr.engine.board import Board
from scrabble_fr.engine.move import Move, PlacedTile
from scrabble_fr.engine.position import Position
from scrabble_fr.engine.rules import Rules
from scrabble_fr.player.movegen import MoveGenError, best_moves, generate_moves
from scrabble_fr.words import WordSet

EMPTY = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15"


def position(board: str, rack: str, words: list[str], rules: str = "ffsc") -> Position:
    return Position.from_cgp(f"{board} {rack}/ 0/0 0", rules, lexicon=WordSet(words))


def test_opening_covers_the_centre_with_two_tiles_or_more() -> None:
    p = position(EMPTY, "AEST", ["ET", "TA", "SETA", "EST", "A"])
    moves = generate_moves(p)
    assert moves
    for move in moves:
        assert len(move.tiles) >= 2
        assert any((t.row, t.col) == p.rules.centre for t in move.tiles)
    # Both directions are offered: the same word across and down are two moves.
    assert {m.across for m in moves} == {True, False}


def test_a_single_letter_is_never_a_word() -> None:
    p = position(EMPTY, "A", ["A", "AA"])
    assert generate_moves(p) == []


def test_one_tile_making_words_both_ways_is_one_move() -> None:
    # Tiles on H8 (O) and G9 (N): an S on H9 makes OS across and NS down at once.
    board = Board()
    board.place([(7, 7, "O", False), (6, 8, "N", False)])
    p = Position("ffsc", board=board, racks=["S", ""], lexicon=WordSet(["OS", "NS"]))
    moves = generate_moves(p)
    both = [m for m in moves if m.tiles == (PlacedTile(7, 8, "S", False),)]
    assert len(both) == 1
    assert both[0].across and [w.text for w in both[0].words] == ["OS", "NS"]
    assert len(moves) == len(set(moves))


def test_one_tile_down_only_is_called_down() -> None:
    board = Board()
    board.place([(7, 7, "O", False)])
    p = Position("ffsc", board=board, racks=["N", ""], lexicon=WordSet(["NO"]))
    moves = {m.tiles: m for m in generate_moves(p)}
    assert len(moves) == 2
    down = moves[(PlacedTile(6, 7, "N", False),)]
    across = moves[(PlacedTile(7, 6, "N", False),)]
    assert not down.across and down.word == "NO" and (down.row, down.col) == (6, 7)
    assert across.across and across.word == "NO" and (across.row, across.col) == (7, 6)


def test_each_joker_letter_is_its_own_move() -> None:
    p = position(EMPTY, "?", ["AB"])
    assert generate_moves(p) == []  # one tile cannot open
    p = position(EMPTY, "A?", ["AB", "AC"])
    moves = generate_moves(p)
    words = {m.word for m in moves}
    assert words == {"Ab", "Ac"}
    # AB and AC, each across and down, each starting on or ending at the centre: 2 x 2 x 2.
    assert len(moves) == 8 and all(m.score == 2 for m in moves)  # A(1) x centre double


def test_a_joker_and_the_same_real_letter_are_different_moves() -> None:
    p = position(EMPTY, "AA?", ["AA"])
    moves = generate_moves(p)
    kinds = {tuple(t.is_blank for t in m.tiles) for m in moves}
    assert kinds == {(False, False), (True, False), (False, True)}


def test_bingo_bonus_and_scores_match_the_engine() -> None:
    p = position(EMPTY, "AEINRST", ["ENTRAIS", "RATINES", "TRANSIE", "ET"], "ffsc")
    moves = generate_moves(p)
    bingos = [m for m in moves if len(m.tiles) == 7]
    assert bingos and all(m.score == p.score(m) and m.score >= 50 for m in bingos)


def test_every_word_formed_is_listed() -> None:
    board = Board()
    board.place([(7, 7, "M", False), (7, 8, "O", False), (7, 9, "T", False)])
    words = ["MOT", "MOTS", "MOTO", "TO", "OS", "SOT", "OM", "ST"]
    p = Position("ffsc", board=board, racks=["OSTM", ""], lexicon=WordSet(words))
    for move in generate_moves(p):
        assert all(word.letters in words for word in p.describe(move).words)


def test_empty_rack_or_full_board_gives_nothing() -> None:
    assert generate_moves(position(EMPTY, "", ["AB"])) == []
    board = Board()
    board.squares = ["A"] * 225
    p = Position("ffsc", board=board, racks=["AB", ""], lexicon=WordSet(["AB"]))
    assert generate_moves(p) == []


def test_needs_a_word_list_that_lists_its_words() -> None:
    with pytest.raises(MoveGenError) as error:
        generate_moves(Position(racks=["AB", ""]))
    assert error.value.code == "no_lexicon"
    p = Position(racks=["AB", ""], lexicon={"AB"})  # a set answers `in` but cannot list
    with pytest.raises(MoveGenError) as error:
        generate_moves(p)
    assert error.value.code == "lexicon_not_listable"


def test_best_moves_is_the_head_of_every_move() -> None:
    p = position(EMPTY, "NOT", ["ON", "NO", "TON"])
    assert best_moves(p, 2) == generate_moves(p)[:2]
    assert best_moves(p, 0) == []


def test_custom_rules_bonus_and_rack_size() -> None:
    from dataclasses import replace

    rules = replace(Rules.preset("ffsc"), rack_size=3, bingo_bonus=20)
    p = Position(rules, racks=["TON", ""], lexicon=WordSet(["TON", "ON"]))
    top = best_moves(p, 1)[0]
    assert len(top.tiles) == 3 and top.score == p.score(top)
    assert top.score == (1 + 1 + 1) * 2 + 20


def test_player_package_stays_away_from_the_interface_and_the_automaton() -> None:
    package = Path(__file__).resolve().parents[2] / "scrabble_fr" / "player"
    for source in package.glob("*.py"):
        tree = ast.parse(source.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and node.module:
                names.append(node.module)
            for name in names:
                assert not name.startswith(("textual", "ahocorasick")), (source.name, name)


def test_move_equality_ignores_the_score() -> None:
    p = position(EMPTY, "NOT", ["ON", "NO", "TON"])
    move = generate_moves(p)[0]
    assert move == Move.place(move.tiles) and move.score is not None
