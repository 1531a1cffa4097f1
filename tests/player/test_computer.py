"""Computer players: legal moves from their own list only, levels in order, contestation."""

from __future__ import annotations

import random
import statistics

import pytest

from scrabble_fr.engine.game import Game
from scrabble_fr.engine.move import Move, MoveKind
from scrabble_fr.engine.position import Position
from scrabble_fr.i18n import _, set_language
from scrabble_fr.player.computer import LEVELS, TOP_LEVEL, ComputerPlayer, leave_value
from scrabble_fr.player.dawg import WordSet, WordSource

EMPTY = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15"


def play_game(levels: tuple[int, int], lexicon: WordSource, seed: int, rules: str = "ffsc") -> Game:
    """A whole game between two computer players, checking each placement as it goes."""
    game = Game(["A", "B"], rules, seed=seed)
    players = [ComputerPlayer(level, random.Random(seed * 7 + i)) for i, level in enumerate(levels)]
    for _turn in range(200):
        if game.is_over:
            break
        position = game.position.copy()
        position.lexicon = lexicon
        move = players[game.to_move].choose(position, len(game.bag))
        if move.is_place:
            assert all(word.letters in lexicon for word in position.describe(move).words), move
            assert position.score(move) == move.score
        game.play(move)
        if game.pending is not None:
            game.accept()
    return game


def test_levels_are_numbered_named_and_translated() -> None:
    assert sorted(LEVELS) == list(range(1, TOP_LEVEL + 1))
    set_language("en")
    assert [ComputerPlayer(n).name for n in sorted(LEVELS)] == [LEVELS[n].name for n in sorted(LEVELS)]
    set_language("fr")
    for n, level in LEVELS.items():
        assert ComputerPlayer(n).name == _(level.name)
        assert level.description
    with pytest.raises(ValueError):
        ComputerPlayer(TOP_LEVEL + 1)


def test_plays_only_words_of_its_own_list(french: WordSource) -> None:
    # A list of one word in three: the computer must keep to it, whatever the full list allows.
    own = WordSet(w for i, w in enumerate(french.words()) if i % 3 == 0)
    for level, seed in ((1, 1), (3, 2), (TOP_LEVEL, 3)):
        game = play_game((level, TOP_LEVEL), own, seed)
        placed = [e for e in game.history if e.move is not None and e.move.is_place]
        assert placed
        for event in placed:
            assert all(word.upper() in own for word in event.words)


def test_top_level_passes_when_nothing_is_legal() -> None:
    p = Position.from_cgp(f"{EMPTY} KWZ/ 0/0 0", lexicon=WordSet(["AA", "AAS"]))
    champion = ComputerPlayer(TOP_LEVEL, random.Random(0))
    assert champion.choose(p, bag_count=0).kind is MoveKind.PASS
    assert champion.choose(p, bag_count=6).kind is MoveKind.PASS  # too few tiles to exchange
    exchange = champion.choose(p, bag_count=50)
    assert exchange.kind is MoveKind.EXCHANGE and exchange.exchanged
    for level in range(1, TOP_LEVEL):
        assert ComputerPlayer(level, random.Random(0)).choose(p, bag_count=0).kind is MoveKind.PASS


def test_champion_exchanges_a_hopeless_rack_but_plays_when_it_must() -> None:
    p = Position.from_cgp(f"{EMPTY} UUUUVVW/ 0/0 0", lexicon=WordSet(["VU"]))
    champion = ComputerPlayer(TOP_LEVEL, random.Random(0))
    move = champion.choose(p, bag_count=60)
    assert move.kind is MoveKind.EXCHANGE and "W" in move.exchanged
    played = champion.choose(p, bag_count=3)  # no exchange allowed: the only word
    assert played.is_place and played.word == "VU"
    assert ComputerPlayer(4, random.Random(0)).choose(p, bag_count=60).is_place  # expert never exchanges


def test_champion_keeps_the_better_rack() -> None:
    # Two moves score alike; the champion keeps the S and the joker, the expert does not care.
    assert leave_value("S?", Position().rules) > leave_value("VW", Position().rules)
    p = Position.from_cgp(f"{EMPTY} AEVWS?T/ 0/0 0", lexicon=WordSet(["TE", "WAVE"]))
    move = ComputerPlayer(TOP_LEVEL, random.Random(0)).choose(p, bag_count=60)
    assert move.is_place and "S" not in move.rack_letters and "?" not in move.rack_letters


def test_chooses_legal_moves_at_every_level() -> None:
    rng = random.Random(5)
    words = WordSet(["".join(rng.choice("AEINRST") for _ in range(rng.randint(2, 5))) for _ in range(400)])
    for level in LEVELS:
        game = play_game((level, level), words, seed=level)
        assert game.is_over or len(game.history) > 10


def test_should_contest_by_level() -> None:
    words = WordSet(["MAISON", "MAISONS", "ANTICONSTITUTIONNELLEMENT"])
    before = Position.from_cgp(f"{EMPTY} AIMNOSZ/ 0/0 0", lexicon=words)
    invalid = before.parse_move("H4 MAIZON")
    valid = before.parse_move("H4 MAISON")
    champion = ComputerPlayer(TOP_LEVEL, random.Random(0))
    assert champion.should_contest(before, invalid, words)
    assert not champion.should_contest(before, valid, words)
    assert not champion.should_contest(before, Move.pass_(), words)
    beginner = ComputerPlayer(1, random.Random(0))
    spotted = sum(beginner.should_contest(before, invalid, words) for _ in range(600)) / 600
    assert abs(spotted - LEVELS[1].spot_invalid) < 0.08
    doubted = sum(beginner.should_contest(before, valid, words) for _ in range(600)) / 600
    assert 0 < doubted < 0.2  # a six-letter word: sometimes doubted, rarely
    expert = ComputerPlayer(4, random.Random(0))
    assert not any(expert.should_contest(before, valid, words) for _ in range(100))


def test_levels_are_ordered_by_average_score(french: WordSource) -> None:
    averages = {}
    for level in LEVELS:
        scores = []
        for seed in range(3):
            game = play_game((level, level), french, seed=100 + seed)
            scores.extend(game.scores)
        averages[level] = statistics.mean(scores)
    ordered = [averages[n] for n in sorted(LEVELS)]
    assert ordered[:4] == sorted(ordered[:4]), averages
    assert averages[TOP_LEVEL] > averages[3], averages
