"""The compiled search of a rack's best placements (the Master's playouts): the same placements,
scores and choices as the Python search, on boards of real games in both languages."""

from __future__ import annotations

import dataclasses
import random
import threading
from collections import Counter

import pytest

from scrabble_fr.engine.move import MoveKind
from scrabble_fr.engine.position import Position
from scrabble_fr.engine.rules import Rules
from scrabble_fr.lexicon import Lexicon
from scrabble_fr.player.computer import ComputerPlayer, _best_by_tiles, best_by_equity, leaves_for
from scrabble_fr.player.generator import rack_search
from scrabble_fr.player.movegen import dawg_of, search_rack, tiles_used, to_move, view_of
from scrabble_fr.player.native import board_codes
from scrabble_fr.player.selfplay import new_computer_game
from scrabble_fr.words import Dawg

pytestmark = pytest.mark.usefixtures("compiled_engine")


def positions(lang: str, preset: str, seed: int) -> list[Position]:
    """Every position of a game of the Champion against itself."""
    lexicon = Lexicon.builtin(lang)
    match = new_computer_game(["A", "B"], preset, seed, lexicon, [5, 5])
    game = match.game
    seen = []
    while not game.is_over:
        if game.pending is not None:
            game.accept()
            continue
        position = game.position.copy(lexicon=lexicon)
        seen.append(position)
        game.play(match.players[game.to_move].choose(position, len(game.bag)))
    return seen


def racks(position: Position, rng: random.Random, count: int) -> list[str]:
    """Racks drawn from the tiles the player to move cannot see and their own, a joker in some."""
    pool = sorted(position.unseen(position.to_move).elements()) + list(position.rack)
    drawn = [position.rack] + ["".join(rng.sample(pool, min(7, len(pool)))) for _ in range(count)]
    return drawn + ["?" + drawn[1][:6], "??" + drawn[1][:3]]


@pytest.mark.timeout(120)
@pytest.mark.parametrize(("lang", "preset", "seed"), [("fr", "ffsc", 11), ("en", "wespa", 12)])
def test_the_best_placement_of_each_set_of_tiles_is_the_python_search_s(lang: str, preset: str, seed: int) -> None:
    rng = random.Random(seed)
    checked = 0
    for position in positions(lang, preset, seed)[::4]:
        view = view_of(position)
        search = rack_search(position.rules, dawg_of(position))
        assert search is not None
        board = board_codes(position.board)
        leaves = leaves_for(position.rules, fitted=True)
        for rack in racks(position, rng, 1):
            found = search_rack(view, rack)
            best: dict[str, int] = {}
            for item in found:
                used = "".join(sorted(tiles_used(view, item)))
                best[used] = max(best.get(used, -1), item[0])
            placements = search.best_by_tiles(board, rack)
            assert {"".join(sorted("?" if code >= 26 else chr(65 + code) for code in codes)): score
                    for score, _squares, codes in placements} == best
            assert [score for score, _squares, _codes in placements] == sorted(best.values(), reverse=True)
            for bag in (0, 9, 60):
                chosen = _best_by_tiles(placements, rack, bag, leaves)
                if not found:
                    assert chosen is None
                    continue
                item, _equity, kept = best_by_equity(view, found, rack, bag, leaves)
                move = to_move(view, item)
                size = position.board.size
                assert chosen is not None
                assert (chosen[0], chosen[3]) == (item[0], kept)
                assert sorted(chosen[1]) == sorted(tile.row * size + tile.col for tile in move.tiles)
            checked += 1
    assert checked > 20


def test_the_first_move_goes_through_the_centre() -> None:
    rules = Rules.preset("ffsc")
    search = rack_search(rules, Dawg.from_words(["OS", "SOT", "TOS"]))
    assert search is not None
    placements = search.best_by_tiles(bytearray([255] * 225), "OST")
    # SOT/TOS across or down through H8 (the centre doubles): 3 x 2 = 6 points; OS alone 4.
    assert [(score, Counter(codes)) for score, _squares, codes in placements] == [
        (6, Counter([14, 18, 19])), (4, Counter([14, 18]))]
    assert all(7 * 15 + 7 in squares for _score, squares, _codes in placements)


def test_each_thread_has_its_own_state() -> None:
    position = positions("fr", "ffsc", 3)[6]
    search = rack_search(position.rules, dawg_of(position))
    assert search is not None
    board = board_codes(position.board)
    alone = {rack: search.best_by_tiles(board, rack) for rack in ("AEINRST", "?EEQUZ", "KWXYZAE")}
    answers: dict[str, list[object]] = {}

    def work(rack: str) -> None:
        answers[rack] = [search.best_by_tiles(board, rack) for _ in range(10)]

    threads = [threading.Thread(target=work, args=(rack,)) for rack in alone]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(answer == alone[rack] for rack, found in answers.items() for answer in found)


def test_a_rack_of_more_than_fifteen_tiles_is_refused() -> None:
    search = rack_search(Rules.preset("ffsc"), Dawg.from_words(["OS"]))
    assert search is not None
    with pytest.raises(ValueError, match="15 tiles"):
        search.best_by_tiles(bytearray([255] * 225), "ABCDEFGHIJKLMNOP")


def test_a_board_larger_than_the_compiled_search_s_is_left_to_python() -> None:
    big = dataclasses.replace(Rules.preset("ffsc"), layout=tuple("." * 17 for _ in range(17)))
    assert rack_search(big, Dawg.from_words(["OS"])) is None


@pytest.mark.timeout(120)
def test_the_simulation_is_the_same_with_the_compiled_search() -> None:
    played = positions("fr", "ffsc", 5)
    for position in played[4:12:6]:
        bag = 40
        results = []
        for compiled_search in (False, True):
            player = ComputerPlayer(6, random.Random(2), think_seconds=60, playouts=3, compiled=compiled_search)
            results.append([(str(r.move), r.equity, r.playouts, r.rating) for r in player.simulate(position, bag)])
        assert results[0] == results[1]
        assert results[0]


@pytest.mark.parametrize(("lang", "preset", "seed"), [("fr", "ffsc", 21), ("en", "hasbro", 22)])
def test_the_champion_chooses_the_same_move_compiled_or_not(lang: str, preset: str, seed: int) -> None:
    lexicon = Lexicon.builtin(lang)
    match = new_computer_game(["A", "B"], preset, seed, lexicon, [5, 5])
    game = match.game
    compiled_player = ComputerPlayer(5, random.Random(1))
    python_player = ComputerPlayer(5, random.Random(1), compiled=False)
    while not game.is_over:
        if game.pending is not None:
            game.accept()
            continue
        position = game.position.copy(lexicon=lexicon)
        move = python_player.choose(position, len(game.bag))
        assert compiled_player.choose(position, len(game.bag)) == move
        game.play(move)
    # No word without a vowel: an exchange, or with too few tiles in the bag for one, a pass.
    for rack, bag, kind in (("WXKJZCQ", 60, MoveKind.EXCHANGE), ("WXKJZCQ", 3, MoveKind.PASS)):
        position = Position.from_cgp(f"15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 {rack}/ 0/0 0", lexicon=lexicon)
        move = python_player.choose(position, bag)
        assert move.kind is kind and compiled_player.choose(position, bag) == move
