"""The top (FISF §3.4): highest score; among equals no joker, then the move ending the game;
then the documented order; the first coup across."""

from __future__ import annotations

from scrabble_fr.duplicate.top import best_placements, choose_top
from scrabble_fr.engine.position import Position


def test_among_equal_tops_the_one_without_a_joker_is_kept(words):
    # Rack A S ?, first coup. AS and SA score (1 + 1) × 2 (the centre) = 4; BAS with the joker
    # as B scores (0 + 1 + 1) × 2 = 4 too, and lays more tiles, but uses the joker: AS is kept.
    # Ties: AS and SA at H7 and H8 (4), bAS at H6, H7, H8 (3): 7.
    position = Position(racks=["AS?"], lexicon=words)
    top = choose_top(position, first=True)
    assert top is not None
    assert (top.move.notation(), top.move.score, top.tied) == ("H7 AS", 4, 7)


def test_the_joker_rule_comes_before_the_end_of_the_game(words):
    position = Position(racks=["AS?"], lexicon=words)
    top = choose_top(position, first=True, ends_game=lambda move: any(t.is_blank for t in move.tiles))
    assert top is not None and top.move.word == "AS"


def test_among_equal_tops_the_one_ending_the_game_is_kept(words):
    # Rack A S: AS and SA both score 4, at H7 and H8. Without the rule H7 AS comes first (same
    # row and column, AS before SA); a move said to end the game wins over it.
    position = Position(racks=["AS"], lexicon=words)
    assert choose_top(position, first=True).move.notation() == "H7 AS"  # type: ignore[union-attr]
    top = choose_top(position, first=True, ends_game=lambda move: move.word == "SA" and move.col == 7)
    assert top is not None and top.move.notation() == "H8 SA"


def test_every_tie_of_the_top_is_found(words):
    position = Position(racks=["NETS"], lexicon=words)
    tops = best_placements(position, first=True)
    # NETS, NEST, SENT at H5, H6, H7, H8: (1+1+1+1) × 2 = 8 each, twelve moves, all across.
    assert {m.score for m in tops} == {8} and len(tops) == 12 and all(m.across for m in tops)


def test_the_first_coup_is_across(words):
    position = Position(racks=["NETS"], lexicon=words)
    assert choose_top(position, first=True).move.across  # type: ignore[union-attr]
    # Without the rule the generator offers the down moves too, as high.
    assert any(not m.across for m in best_placements(position, first=False))


def test_no_placement_no_top(words):
    assert choose_top(Position(racks=["KWZ"], lexicon=words), first=True) is None


def test_then_across_then_highest_then_leftmost(words):
    # An E on H8; rack S T. The words through it: ES, ET (S or T after the E) and TE (T before
    # it), across or down, each E 1 + 1 = 2 points (H8's premium is used up): six moves at 2.
    position = Position(racks=["ST"], lexicon=words)
    position.board[7, 7] = "E"
    tops = best_placements(position)
    assert {m.score for m in tops} == {2} and len(tops) == 6
    top = choose_top(position)
    assert top is not None
    # One tile each; across before down; all across on row H; the leftmost: TE from H7.
    assert top.move.notation() == "H7 TE"
