"""The fast generator against the brute-force reference, move for move and point for point."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from movegen_reference import (
    SMALL_LAYOUT,
    brute_force_moves,
    playable_words,
    random_position,
    random_words,
    small_rules,
)

from scrabble_fr.engine.move import Move
from scrabble_fr.engine.position import Position
from scrabble_fr.engine.rules import Rules
from scrabble_fr.player.movegen import best_moves, generate_moves
from scrabble_fr.words import WordSet

ALPHABET = "AEINRSTLO"


def assert_same_as_reference(position: Position) -> list[Move]:
    fast = generate_moves(position)
    assert len(fast) == len(set(fast)), "a placement was generated twice"
    reference = brute_force_moves(position)
    produced = {move: move.score for move in fast}
    missing = [m for m in reference if m not in produced]
    extra = [m for m in produced if m not in reference]
    assert not missing and not extra, (position.to_cgp(), missing[:3], extra[:3])
    assert produced == reference, position.to_cgp()
    for move in fast:
        # Filled in exactly as the engine describes a move, and scored as it scores one.
        described = position.describe(Move.place(move.tiles))
        assert (move.row, move.col, move.across, move.word, move.score, move.words) == (
            described.row, described.col, described.across, described.word, described.score, described.words,
        )
        assert position.score(move) == move.score
    return fast


@pytest.mark.parametrize("seed", range(36))
def test_small_boards_match_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    words = random_words(rng, rng.choice((60, 150, 300)), ALPHABET)
    rules = small_rules(base=rng.choice(("ffsc", "hasbro")), rack_size=rng.choice((7, 7, 5)))
    position = random_position(rng, words, rules, ALPHABET, rng.randrange(0, 7))
    assert_same_as_reference(position)


@pytest.mark.parametrize("seed", range(4))
def test_standard_board_matches_brute_force(seed: int) -> None:
    rng = random.Random(100 + seed)
    words = random_words(rng, 120, ALPHABET)
    position = random_position(rng, words, Rules.preset("ffsc"), ALPHABET, rng.randrange(2, 6))
    position.racks[position.to_move] = position.rack[:5] + "?"
    assert_same_as_reference(position)


WORDS = random_words(random.Random(7), 200, "AEIRST")

@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    squares=st.lists(st.sampled_from([None] * 12 + list("AEIRSTae")), min_size=81, max_size=81),
    rack=st.text(alphabet="AEIRST?", min_size=1, max_size=7),
)
def test_any_board_matches_brute_force(squares: list[str | None], rack: str) -> None:
    # Boards no game would reach (scattered tiles, runs that are not words) must not confuse it.
    position = Position(small_rules(), racks=[rack, ""], lexicon=WORDS)
    position.board.squares = list(squares)
    assert_same_as_reference(position)


def test_best_moves_are_the_head_of_the_full_list() -> None:
    rng = random.Random(3)
    for _ in range(6):
        words = random_words(rng, 200, ALPHABET)
        position = random_position(rng, words, small_rules(), ALPHABET, rng.randrange(1, 5))
        position.racks[position.to_move] = position.rack[:6] + "?"
        every = generate_moves(position)
        assert [m.score for m in every] == sorted((m.score for m in every), reverse=True)
        for n in (1, 3, 10, 1000):
            best = best_moves(position, n)
            assert best == every[:n]
            assert [m.score for m in best] == [m.score for m in every[:n]]


def test_small_layout_is_square() -> None:
    assert all(len(line) == len(SMALL_LAYOUT) for line in SMALL_LAYOUT)


def test_brute_force_reference_finds_the_obvious() -> None:
    position = Position(small_rules(), racks=["NOT", ""], lexicon=WordSet(["ON", "NO", "TON"]))
    found = brute_force_moves(position)
    assert all(len(move.tiles) >= 2 for move in found)
    assert {position.describe(move).notation() for move in found} >= {"E3 TON", "5C TON", "5D ON"}


@pytest.mark.parametrize(("lang", "number"), [("fr", 4), ("en", 2)])
def test_real_position_matches_brute_force(lang: str, number: int) -> None:
    # A benchmark position (self-play with the full list), four tiles of its rack and no joker,
    # so that trying every word that letters allow stays within seconds.
    from conftest import ROOT, full_lexicon

    lexicon = full_lexicon(lang)
    lines = (ROOT / "tests" / "data" / f"positions_{lang}.txt").read_text(encoding="utf-8").splitlines()
    text = [line for line in lines if line and not line.startswith("#")][number]
    position = Position.from_cgp(text, "ffsc" if lang == "fr" else "hasbro", lexicon=lexicon)
    position.racks[position.to_move] = position.rack.replace("?", "")[:4]
    fast = generate_moves(position)
    assert fast and len(fast) == len(set(fast))
    assert {m: m.score for m in fast} == brute_force_moves(position, playable_words(position))
