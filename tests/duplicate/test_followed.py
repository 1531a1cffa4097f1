"""A duplicate as those who follow it know it (a club table's player, a watcher, ``resultats``):
each published step is taken only in its order, and the ranking is read from what the coups paid."""

from __future__ import annotations

import pytest

from scrabble_fr.duplicate import Variant
from scrabble_fr.duplicate.draw import Draw
from scrabble_fr.duplicate.followed import FollowedGame
from scrabble_fr.duplicate.paid import Correction, PaidCoup, PlacedMove, SeatResult
from scrabble_fr.engine.game import move_to_data
from scrabble_fr.engine.move import Move, PlacedTile

# H8 NEt across: a joker for the T at H10.
NET = move_to_data(
    Move.place([PlacedTile(7, 7, "N", False), PlacedTile(7, 8, "E", False), PlacedTile(7, 9, "T", True)])
)


def results(number: int = 1, swapped: tuple[tuple[int, int, str], ...] = (), warning: str | None = None) -> PaidCoup:
    lines = {0: SeatResult(10, PlacedMove("H8", "NEt", 10), "H8 NEt", solo=True),
             1: SeatResult(0, None, "H8 NET", "not a word", warning)}
    return PaidCoup(number, NET, PlacedMove("H8", "NEt", 10), lines, {0: 10, 1: -5 if warning else 0}, 10,
                    swapped=swapped)


def closed_coup(variant: Variant = Variant.CLASSIC, seconds: float | None = None) -> FollowedGame:
    game = FollowedGame(seconds=seconds, variant=variant)
    game.names = {0: "Alice", 1: "Bruno"}
    game.record_start(1, Draw("", "NE?ABCD"), started_ms=0, seconds=None)
    assert game.record_proposal(1, 0, "H8 NEt")
    game.record_close(1, closed_ms=1)
    return game


def test_each_step_comes_in_its_order_only():
    game = FollowedGame()
    with pytest.raises(ValueError, match="coup out of order"):
        game.record_start(2, Draw("", "ABCDEFG"), 0, None)
    game.record_start(1, Draw("", "ABCDEFG"), 0, None)
    with pytest.raises(ValueError, match="coup out of order"):
        game.record_start(2, Draw("", "ABCDEFG"), 0, None)  # the first is still in play
    with pytest.raises(ValueError, match="results out of order"):
        game.record_results(results())
    with pytest.raises(ValueError, match="close out of order"):
        game.record_close(2, 1)
    game.record_close(1, 1)
    assert not game.record_proposal(1, 0, "H8 NEt")  # too late: it does not count
    assert game.coups[0].proposals == {} and game.current is None


def test_the_jokers_are_swapped_in_the_joker_game_only_and_where_they_are():
    game = closed_coup(Variant.JOKER)
    game.record_results(results(swapped=((7, 9, "T"),)))
    assert game.board[7, 9] == "T" and game.last_results is game.coups[0]
    with pytest.raises(ValueError, match="results out of order"):
        game.record_results(results())  # published once
    with pytest.raises(ValueError, match="outside the joker game"):
        closed_coup().record_results(results(swapped=((7, 9, "T"),)))
    with pytest.raises(ValueError, match="no such joker"):
        closed_coup(Variant.JOKER).record_results(results(swapped=((7, 8, "E"),)))


def test_the_ranking_reads_what_the_coups_paid_and_the_corrections():
    game = closed_coup(seconds=60.0)
    game.record_results(results(warning="score_wrong"))
    assert [(line.rank, line.name, line.total, line.solos, line.warnings) for line in game.standings()] == [
        (1, "Alice", 10, 1, 0), (2, "Bruno", -5, 0, 1)]
    assert game.is_blitz and game.penalty(1) == 0  # one warning, five free in blitz
    game.record_correction(Correction(1, 1, 10, "misread"))
    assert game.total(1) == 5 and game.rank(1) == 2 and game.percent(0) == 100.0
    game.record_correction(Correction(1, 1, 10, "misread"))  # the last correction counts, once
    assert game.total(1) == 5
