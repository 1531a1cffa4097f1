"""The endgame solver's incremental move generation against a full generation.

Down a line of play, the solver keeps each player's moves from their previous turn that the
tiles laid since leave alone, and generates afresh only those through the ends of the lines of
the new tiles; the board's search view is patched rather than rebuilt. On random boards of the
full word lists (jokers included), after each move of random lines: the same view as a fresh
one, and the same moves with the same scores as :func:`generate_moves`.
"""

from __future__ import annotations

import random

import pytest
from conftest import full_lexicon

from scrabble_fr.engine.move import Move, PlacedTile
from scrabble_fr.engine.position import Position
from scrabble_fr.engine.rules import Rules
from scrabble_fr.player.endgame import LAY, EndgameSolver
from scrabble_fr.player.movegen import generate_moves, view_of

VIEW_PARTS = ("squares", "cells", "board_value", "cross_mask", "cross_score", "skip_single",
              "anchors", "is_anchor", "run_after", "run_value", "next_free", "touching")


def random_board(rng: random.Random, rules: Rules, lexicon: object, turns: int) -> tuple[Position, list[str]]:
    """A board of ``turns`` moves, each among the five best of a rack from a shuffled bag; the
    tiles left in the bag."""
    bag = rules.tile_set.full_bag()
    rng.shuffle(bag)
    position = Position(rules, racks=["", ""], lexicon=lexicon)
    for _turn in range(turns):
        position.racks = ["".join(bag[:7]), ""]
        position.to_move = 0
        moves = generate_moves(position)
        if not len(moves):
            rng.shuffle(bag)
            continue
        move = moves[rng.randrange(min(len(moves), 5))]
        position.push(move)
        for letter in move.rack_letters:
            bag.remove(letter)
    return position, bag


def found(position: Position) -> set[tuple[int, tuple[tuple[int, str], ...]]]:
    size = position.board.size
    return {(move.score or 0, tuple((t.row * size + t.col, t.letter.lower() if t.is_blank else t.letter)
                                    for t in move.tiles)) for move in generate_moves(position)}


@pytest.mark.parametrize(("lang", "preset", "seed"), [("fr", "ffsc", 1), ("fr", "ffsc", 2), ("en", "naspa", 3)])
def test_incremental_moves_equal_full_generation(lang: str, preset: str, seed: int) -> None:
    lexicon = full_lexicon(lang)
    rules = Rules.preset(preset)
    rng = random.Random(seed)
    checked = 0
    while checked < 12:
        position, bag = random_board(rng, rules, lexicon, rng.randint(6, 12))
        rng.shuffle(bag)
        position.racks = ["".join(bag[:7]), "".join(bag[7:14])]
        if len(position.racks[1]) < 2:
            continue
        position.to_move = 0
        solver = EndgameSolver(position)
        solver._prepare()  # the Python search's state, looked into here
        lists = [(solver._generate(0, None), ()), (solver._generate(1, None), ())]
        view = view_of(position)
        for ply in range(6):
            player = ply & 1
            listed = solver._moves(player, *lists[player])
            ours = {(move[0], move[1]) for move in listed}
            now = position.copy()
            now.to_move = player  # the solver's player 0 is the position's player 0 here
            assert ours == found(now), (position.to_cgp(), ply)
            placements = [move for move in listed if len(move[2]) < solver.rack_sizes[player]]
            if not placements:
                break
            move = rng.choice(placements)
            laid = tuple(square for square, _tile in move[1])
            solver.trail.append((solver.board_key, laid))
            solver._lay(player, move, LAY)
            moves, since = lists[1 - player]
            lists[1 - player] = (moves, since + laid)
            lists[player] = (listed, laid)
            # The same move on the position, and the patched view against a fresh one.
            position.to_move = player
            position.push(_described(position, move[1]))
            patched = view.after(position.board, laid)
            fresh = view_of(position)
            for part in VIEW_PARTS:
                assert getattr(patched, part) == getattr(fresh, part), (part, position.to_cgp())
            view = patched
            checked += 1


def _described(position: Position, placed: tuple[tuple[int, str], ...]) -> Move:
    size = position.board.size
    return position.describe(Move.place(PlacedTile(square // size, square % size, tile.upper(), tile.islower())
                                        for square, tile in placed))
