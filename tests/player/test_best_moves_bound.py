"""best_moves(n) prunes its search by score bounds: it must give exactly the head of the full list."""

from __future__ import annotations

import random

import pytest
from movegen_reference import random_position, random_words, small_rules

from scrabble_fr.engine.position import Position
from scrabble_fr.engine.rules import Rules
from scrabble_fr.player.movegen import best_moves, generate_moves
from scrabble_fr.words import Dawg, WordSet, key_search

ALPHABET = "AEINRSTLOUCDMP"


def assert_head_of_full_list(position: Position, sizes: tuple[int, ...] = (1, 2, 5, 20)) -> None:
    every = generate_moves(position)
    for n in sizes:
        best = best_moves(position, n)
        assert best == every[:n], (position.to_cgp(), n)
        assert [m.score for m in best] == [m.score for m in every[:n]]
        assert [m.words for m in best] == [m.words for m in every[:n]]


@pytest.mark.parametrize("seed", range(60))
def test_small_boards(seed: int) -> None:
    rng = random.Random(500 + seed)
    words = random_words(rng, rng.choice((80, 200, 400)), ALPHABET)
    rules = small_rules(base=rng.choice(("ffsc", "hasbro")), rack_size=rng.choice((7, 7, 5)))
    position = random_position(rng, words, rules, ALPHABET, rng.randrange(0, 8))
    if seed % 3 == 0:
        position.racks[position.to_move] = position.rack[:-1] + "?"
    elif seed % 3 == 1:
        position.racks[position.to_move] = position.rack[:-2] + "??"
    assert_head_of_full_list(position)


@pytest.mark.parametrize("seed", range(12))
def test_standard_board_with_bingos(seed: int) -> None:
    # Seven-letter words in the list, and racks drawn from them: the bingo's 50 points
    # are on offer and the bound must count them only where they can be had.
    rng = random.Random(900 + seed)
    words = random_words(rng, 300, "AEIRST")
    sevens = sorted({"".join(rng.sample("AEIRSTN", 7)) for _ in range(30)})
    lexicon = WordSet([*words.words(), *sevens])
    position = random_position(rng, lexicon, Rules.preset("ffsc"), "AEIRSTN", rng.randrange(0, 6))
    rack = list(rng.choice(sevens))
    if seed % 2:
        rack[rng.randrange(7)] = "?"
    position.racks[position.to_move] = "".join(rack)
    assert_head_of_full_list(position)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_real_positions(lang: str) -> None:
    # The benchmark positions with the full lists, plain racks and racks with two jokers.
    from conftest import ROOT, full_lexicon

    lexicon = full_lexicon(lang)
    lines = (ROOT / "tests" / "data" / f"positions_{lang}.txt").read_text(encoding="utf-8").splitlines()
    texts = [line for line in lines if line and not line.startswith("#")]
    rules = "ffsc" if lang == "fr" else "hasbro"
    for text in texts[:8] + texts[-4:]:
        assert_head_of_full_list(Position.from_cgp(text, rules, lexicon=lexicon), (1, 3))


def test_anagram_keys_answer_exactly_the_spellable_sets() -> None:
    rng = random.Random(4)
    words = random_words(rng, 300, "AEINRST")
    keys = Dawg.from_words(words.words()).anagram_keys()
    sorted_words = {"".join(sorted(w)) for w in words.words()}
    for _ in range(200):
        tiles = "".join(rng.choice("AEINRST") for _ in range(rng.randrange(2, 8)))
        jokers = rng.choice((0, 0, 1, 2))
        size = len(tiles) + jokers
        exists = bool(key_search(keys, tiles, jokers, size, size, use_all=True, first_only=True))
        # By brute force: some word whose letters are the tiles plus one letter per joker.
        expected = any(
            len(key) == size and all(key.count(ch) >= tiles.count(ch) for ch in set(tiles))
            for key in sorted_words
        )
        assert exists == expected, (tiles, jokers)
