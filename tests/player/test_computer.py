"""Computer players: legal moves from their own list only, levels in order, contestation."""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys

import pytest

from scrabble_fr.engine.game import Game
from scrabble_fr.engine.move import Move, MoveKind
from scrabble_fr.engine.position import Position
from scrabble_fr.engine.rules import Rules
from scrabble_fr.engine.wordlist import WordList
from scrabble_fr.i18n import _, set_language
from scrabble_fr.player.chances import win_chance
from scrabble_fr.player.computer import (
    CANDIDATE_MARGIN,
    CANDIDATES,
    END_PLAYOUTS_BAG,
    GOING_OUT,
    LEVELS,
    PRUNE_EVERY,
    TOP_LEVEL,
    ComputerPlayer,
    _Playout,
    _playout_to_end,
    _squares,
    _still_in_question,
    best_by_equity,
)
from scrabble_fr.player.leaves import Leaves
from scrabble_fr.player.movegen import search_position, tiles_used, to_move
from scrabble_fr.words import WordSet

EMPTY = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15"
CHAMPION = 5


def computer(level: int, rng: random.Random) -> ComputerPlayer:
    """A player of ``level``; the Master with a few playouts and a small endgame search, so that a
    test game stays quick."""
    return ComputerPlayer(level, rng, think_seconds=30.0, playouts=3, endgame_nodes=300)


def play_game(levels: tuple[int, int], lexicon: WordList, seed: int, rules: str = "ffsc") -> Game:
    """A whole game between two computer players, checking each placement as it goes."""
    game = Game(["A", "B"], rules, seed=seed)
    players = [computer(level, random.Random(seed * 7 + i)) for i, level in enumerate(levels)]
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


def test_plays_only_words_of_its_own_list(french: WordList) -> None:
    # A list of one word in three: the computer must keep to it, whatever the full list allows.
    own = WordSet(w for i, w in enumerate(french.words()) if i % 3 == 0)
    for level, seed in ((1, 1), (3, 2), (CHAMPION, 3), (TOP_LEVEL, 4)):
        game = play_game((level, CHAMPION), own, seed)
        placed = [e for e in game.history if e.move is not None and e.move.is_place]
        assert placed
        for event in placed:
            assert all(word.upper() in own for word in event.words)


@pytest.mark.parametrize("top", [CHAMPION, TOP_LEVEL])
def test_top_levels_pass_when_nothing_is_legal(top: int) -> None:
    p = Position.from_cgp(f"{EMPTY} KWZ/ 0/0 0", lexicon=WordSet(["AA", "AAS"]))
    champion = computer(top, random.Random(0))
    assert champion.choose(p, bag_count=0).kind is MoveKind.PASS
    assert champion.choose(p, bag_count=6).kind is MoveKind.PASS  # too few tiles to exchange
    exchange = champion.choose(p, bag_count=50)
    assert exchange.kind is MoveKind.EXCHANGE and exchange.exchanged
    for level in range(1, CHAMPION):
        assert ComputerPlayer(level, random.Random(0)).choose(p, bag_count=0).kind is MoveKind.PASS


def test_champion_exchanges_a_hopeless_rack_but_plays_when_it_must() -> None:
    p = Position.from_cgp(f"{EMPTY} UUUUVVW/ 0/0 0", lexicon=WordSet(["VU"]))
    champion = ComputerPlayer(CHAMPION, random.Random(0))
    move = champion.choose(p, bag_count=60)
    assert move.kind is MoveKind.EXCHANGE and "W" in move.exchanged
    played = champion.choose(p, bag_count=3)  # no exchange allowed: the only word
    assert played.is_place and played.word == "VU"
    assert ComputerPlayer(4, random.Random(0)).choose(p, bag_count=60).is_place  # expert never exchanges


def test_champion_keeps_the_better_rack() -> None:
    # Two moves score alike; the champion keeps the S and the joker, the expert does not care.
    hand = Leaves.hand(Position().rules)
    assert hand.value("S?") > hand.value("VW")
    p = Position.from_cgp(f"{EMPTY} AEVWS?T/ 0/0 0", lexicon=WordSet(["TE", "WAVE"]))
    move = ComputerPlayer(CHAMPION, random.Random(0)).choose(p, bag_count=60)
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
    champion = ComputerPlayer(CHAMPION, random.Random(0))
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


def test_levels_are_ordered_by_average_score(french: WordList) -> None:
    averages = {}
    for level in sorted(LEVELS)[:CHAMPION]:
        scores = []
        for seed in range(3):
            game = play_game((level, level), french, seed=100 + seed)
            scores.extend(game.scores)
        averages[level] = statistics.mean(scores)
    ordered = [averages[n] for n in sorted(averages)]
    assert ordered[:4] == sorted(ordered[:4]), averages
    assert averages[CHAMPION] > averages[3], averages
    # The Master thinks for every move: it meets level 3 head to head, seats alternated, rather
    # than playing itself (the strength benchmark measures it over hundreds of games).
    master = level_3 = 0
    for seat, seed in ((0, 100), (1, 101)):
        game = play_game((TOP_LEVEL, 3) if seat == 0 else (3, TOP_LEVEL), french, seed=seed)
        master += game.scores[seat]
        level_3 += game.scores[1 - seat]
    assert master > level_3, (master, level_3)


def into_the_game(seed: int, turns: int, french: WordList) -> tuple[Position, int]:
    """The position after ``turns`` greedy moves of the game of ``seed``, and the tiles in the bag."""
    game = Game(["A", "B"], "ffsc", seed=seed)
    for _turn in range(turns):
        game.play(ComputerPlayer(4, random.Random(0)).choose(game.position.copy(lexicon=french), len(game.bag)))
        game.accept()
    return game.position.copy(lexicon=french), len(game.bag)


def simulated(seed: int, playouts: int, french: WordList):  # type: ignore[no-untyped-def]
    position, bag = into_the_game(seed, 4, french)
    master = ComputerPlayer(TOP_LEVEL, random.Random(seed), think_seconds=30.0, playouts=playouts)
    return position, master.simulate(position, bag)


def test_the_master_plays_out_its_best_candidates(french: WordList) -> None:
    position, results = simulated(11, 6, french)
    static_best = ComputerPlayer(CHAMPION, random.Random(0)).choose(position, 60)
    assert 1 <= len(results) <= CANDIDATES
    # The static choice is among them with a rating of 0 and every round; the order is by rating.
    assert static_best in [r.move for r in results]
    assert next(r for r in results if r.move == static_best).playouts == 6
    # A candidate clearly behind after the first PRUNE_EVERY rounds gets no more.
    assert {r.playouts for r in results} <= {PRUNE_EVERY, 6}
    assert [r.rating for r in results] == sorted((r.rating for r in results), reverse=True)
    assert any(r.rating == 0.0 for r in results)
    statics = sorted((r.static for r in results), reverse=True)
    assert statics[0] - statics[-1] <= CANDIDATE_MARGIN  # only candidates near the best by score plus leave
    for r in results:
        assert r.move.score == r.score == position.score(r.move)
    # Seeded and with a fixed number of playouts, it is the same on any machine.
    again = simulated(11, 6, french)[1]
    assert [(r.move, r.equity) for r in again] == [(r.move, r.equity) for r in results]


def test_the_master_leaves_the_static_choice_only_for_a_clear_gain(french: WordList) -> None:
    for seed in range(3):
        _position, results = simulated(20 + seed, 4, french)
        chosen = results[0]
        assert chosen.rating >= 0.0
        if chosen.rating > 0:
            base = next(r for r in results if r.rating == 0.0)
            assert chosen.equity > base.equity  # better on average, by more than the noise


def test_the_champions_choice_weighs_the_tiles_kept_and_going_out() -> None:
    # ENSTX on an empty board: NETS, SENT or TENS score 4 × 2 = 8 and keep X (worth 1.5);
    # NET or TEN score 6 and keep S and X (1.5 + 8, less 2 for two consonants and no vowel).
    position = Position.from_cgp(f"{EMPTY} ENSTX/ 0/0 0", lexicon=WordSet(["NET", "NETS", "SENT", "TEN", "TENS"]))
    rules = Rules.preset("ffsc")
    view, found = search_position(position)
    move, equity, kept = best_by_equity(view, found, "ENSTX", 80, Leaves.hand(rules))
    assert (move[0], kept, equity) == (6, "SX", 6 + 1.5 + 8.0 - 2.0)
    assert sorted(tiles_used(view, move)) == ["E", "N", "T"]
    # With the bag empty, the tiles kept are worth nothing and no move goes out: the best score.
    move, equity, kept = best_by_equity(view, found, "ENSTX", 0, Leaves.hand(rules))
    assert (move[0], kept, equity) == (8, "X", 8.0)
    # … and a move that goes out is worth GOING_OUT more.
    position = Position.from_cgp(f"{EMPTY} ENST/ 0/0 0", lexicon=WordSet(["NET", "NETS"]))
    view, found = search_position(position)
    move, equity, kept = best_by_equity(view, found, "ENST", 0, Leaves.hand(rules))
    assert (move[0], kept, equity) == (8, "", 8 + GOING_OUT)


def playout_with(values: list[float]) -> _Playout:
    playout = _Playout(Move.pass_(), 0.0, "", None, None)  # type: ignore[arg-type]
    playout.values = values
    return playout


def test_a_candidate_clearly_behind_is_played_out_no_more() -> None:
    static = playout_with([0.0, 0.0, 0.0, 0.0])
    ahead = playout_with([10.0, 12.0, 8.0, 10.0])  # +10, standard error 0.82: rated 9.18
    close = playout_with([9.0, 10.0, 7.0, 9.0])  # +8.75 ± 0.63: 8.75 + 2 × 0.63 reaches 9.18
    behind = playout_with([2.0, 4.0, 0.0, 2.0])  # +2 ± 0.82: far below
    worse = playout_with([-20.0, -22.0, -18.0, -20.0])
    live = _still_in_question([static, ahead, close, behind, worse], [0, 1, 2, 3, 4])
    assert live == [0, 1, 2]
    # Among a candidate a little better than the static choice and one much worse, the worse goes.
    assert _still_in_question([static, behind, worse], [0, 1, 2]) == [0, 1]


def test_the_tiles_kept_in_an_exchange_do_not_depend_on_the_process() -> None:
    # Keeping N or T is worth the same (1.0 each): the choice among tied leaves must not follow
    # the per-process string hash, or a seeded game would not replay.
    code = ("from scrabble_fr.engine.rules import Rules; from scrabble_fr.player.computer import ComputerPlayer;"
            "from scrabble_fr.player.leaves import Leaves;"
            "print(ComputerPlayer._kept_for_exchange('CGLNNQT', Leaves.hand(Rules.preset('ffsc'))))")
    kept = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": str(seed)}).stdout
            for seed in range(6)}
    assert len(kept) == 1, kept


def candidate_nets(rack: str) -> _Playout:
    """NET across from H8, ``rack`` to play, NETS (K8, 4 points: no premium there) as the candidate."""
    position = Position.from_cgp(f"15/15/15/15/15/15/15/7NET5/15/15/15/15/15/15/15 {rack}/ 0/0 0",
                                 lexicon=WordSet(["NET", "NETS", "SA"]))
    view, found = search_position(position)
    item = next(item for item in found if tiles_used(view, item) == "S")
    move = to_move(view, item)
    board = position.board.copy()
    board.place(move.tiles)
    kept = rack.replace("S", "", 1)
    return _Playout(move, 0.0, kept, board, view.after(board, _squares(move, board.size)))


def test_a_playout_to_the_end_counts_going_out_and_the_blocked_end() -> None:
    values = Rules.preset("ffsc").tile_set.values  # Q 8, Z 10, X 10, A 1, S 1
    leaves = Leaves.hand(Rules.preset("ffsc"))
    # NETS goes out with the bag empty: 4, and twice the opponent's QZ (2 × 18).
    assert candidate_nets("S").move.score == 4
    assert _playout_to_end(candidate_nets("S"), ["Q", "Z"], 2, leaves, values) == 4 + 2 * 18
    # The X kept has no word, nor have Q and Z: blocked, each loses their own rack (+18, -10).
    assert _playout_to_end(candidate_nets("SX"), ["Q", "Z"], 2, leaves, values) == 4 + 18 - 10
    # The opponent's Q cannot play, then the A kept goes out with SA down from K8 (2 points):
    # 4 + 2, and twice the Q (16).
    assert _playout_to_end(candidate_nets("SA"), ["Q"], 1, leaves, values) == 4 + 2 + 2 * 8
    # The player draws the Q left in the bag; the opponent goes out with SA (2 points) and gains
    # twice the X and Q left (2 × 18).
    assert _playout_to_end(candidate_nets("SX"), ["A", "Q"], 1, leaves, values) == 4 - 2 - 2 * 18
    # The opponent's Q cannot play; the player draws the A, plays SA (2), keeps the X: blocked.
    assert _playout_to_end(candidate_nets("SX"), ["Q", "A"], 1, leaves, values) == 4 + 2 + 8 - 10


def test_near_the_end_the_masters_playouts_go_to_the_end(french: WordList, monkeypatch: pytest.MonkeyPatch) -> None:
    import scrabble_fr.player.computer as computer_module

    calls: list[int] = []
    real = computer_module._playout_to_end

    def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(computer_module, "_playout_to_end", counted)
    game = Game(["A", "B"], "ffsc", seed=5)
    champion = ComputerPlayer(CHAMPION, random.Random(0))
    seen = set()
    while not game.is_over and len(game.bag) > 1:
        position = game.position.copy()
        position.lexicon = french
        bag = len(game.bag)
        if bag <= 20:
            for to_the_end in (True, False):
                calls.clear()
                master = ComputerPlayer(TOP_LEVEL, random.Random(1), think_seconds=30.0, playouts=2,
                                        to_the_end=to_the_end)
                results = master.simulate(position, bag)
                if len(results) > 1:
                    seen.add((bag <= END_PLAYOUTS_BAG, to_the_end))
                    assert bool(calls) == (to_the_end and bag <= END_PLAYOUTS_BAG), (bag, to_the_end)
        game.play(champion.choose(position, bag))
        game.accept()
    assert (True, True) in seen and (False, True) in seen


def test_a_playout_gives_its_value_and_the_tiles_left_in_the_bag() -> None:
    leaves = Leaves.hand(Rules.preset("ffsc"))
    # NETS (4), the X kept and the A drawn; the opponent's Q has no word; SA down from K8 (2)
    # keeps the X, and of the B and C left in the bag the A's replacement leaves one.
    value, left = ComputerPlayer._playout(candidate_nets("SX"), ["Q", "A", "B", "C"], 1, leaves)
    assert (value, left) == (4 + 2 + leaves.value("X"), 1)
    # Going out with the bag empty ends the game in the playout: no bag left to speak of.
    assert ComputerPlayer._playout(candidate_nets("S"), ["Q", "Z"], 2, leaves) == (4 + GOING_OUT, None)


def test_a_playout_of_four_turns_goes_on_with_the_racks_refilled() -> None:
    leaves = Leaves.hand(Rules.preset("ffsc"))
    # As above, then the Q still has no word, and the player, holding the X and the B drawn after
    # SA, has none either: the value is NETS and SA, and the worth of XB; the C is left.
    value, left = ComputerPlayer._playout(candidate_nets("SX"), ["Q", "A", "B", "C"], 1, leaves, plies=4)
    assert (value, left) == (4 + 2 + leaves.value("XB"), 1)
    # Going out before the last turn ends the game: SA with the bag empty, the opponent's Q left.
    assert ComputerPlayer._playout(candidate_nets("S"), ["Q", "A"], 1, leaves, plies=4) == (4 + 2 + GOING_OUT, None)
    with pytest.raises(ValueError, match="even"):
        ComputerPlayer(TOP_LEVEL, plies=3)


def test_the_chances_of_winning_worked_by_hand() -> None:
    from scrabble_fr.player import chances

    # Level once the tempo is made up: even chances; one deviation more: 84.13 % (the normal law).
    for bag, variance in ((0, chances.ENDGAME_VARIANCE), (10, chances.BASE_VARIANCE + 10 * chances.VARIANCE_PER_TILE)):
        assert win_chance(-chances.TEMPO, bag) == pytest.approx(0.5)
        assert win_chance(-chances.TEMPO + variance ** 0.5, bag) == pytest.approx(0.8413, abs=1e-4)
        assert win_chance(-chances.TEMPO - variance ** 0.5, bag) == pytest.approx(0.1587, abs=1e-4)
    # More tiles to come, more uncertainty: 50 points ahead is safer with 5 tiles than with 80.
    assert win_chance(50, 5) > win_chance(50, 80) > 0.5
    # Once the game is over, the spread decides.
    assert [win_chance(spread, None) for spread in (-3, 0, 3)] == [0.0, 0.5, 1.0]


def test_far_ahead_the_chances_change_nothing_to_the_masters_choice(french: WordList) -> None:
    # 1,000 points ahead every playout leaves the game won: weighed by the chances or by points,
    # the candidates are rated the same. Level, the chances weigh (the ratings differ).
    position, bag = into_the_game(3, 6, french)

    def ratings(ahead: int, chances: bool) -> list[tuple[Move, float, float]]:
        master = ComputerPlayer(TOP_LEVEL, random.Random(4), think_seconds=30.0, playouts=6, win_chances=chances)
        given = position.copy()
        given.scores = [0, 0]
        given.scores[given.to_move] = ahead
        return [(r.move, round(r.rating, 6), r.equity) for r in master.simulate(given, bag)]

    far = ratings(1000, True)
    assert len(far) > 1 and far == ratings(1000, False)
    assert ratings(0, True) != ratings(0, False)


def test_the_chances_are_those_of_the_player_to_move(french: WordList, monkeypatch: pytest.MonkeyPatch) -> None:
    import scrabble_fr.player.computer as computer_module

    seen: list[tuple[float, int | None]] = []

    def chance(spread: float, bag: int | None) -> float:
        seen.append((spread, bag))
        return 0.5

    monkeypatch.setattr(computer_module, "win_chance", chance)
    monkeypatch.setattr(ComputerPlayer, "_playout", staticmethod(lambda *args: (5.0, 3)))
    position, bag = into_the_game(3, 1, french)
    position.scores = [0, 0]
    position.scores[position.to_move], position.scores[1 - position.to_move] = 137, 100
    ComputerPlayer(TOP_LEVEL, random.Random(4), playouts=2).simulate(position, bag)
    # 37 ahead, and the playout's 5 points: the chances of 42 ahead, 3 tiles then in the bag.
    assert seen and set(seen) == {(42.0, 3)}


def test_the_master_can_play_out_the_best_exchange_among_its_candidates(french: WordList) -> None:
    # UUUUVVW: VU is the only word, the static judgement exchanges. With ``exchanges`` that
    # exchange is the reference of the playouts, VU a candidate weighed against it.
    position = Position.from_cgp(f"{EMPTY} UUUUVVW/ 0/0 0", lexicon=french)
    master = ComputerPlayer(TOP_LEVEL, random.Random(0), think_seconds=30.0, playouts=4, exchanges=True)
    results = master.simulate(position, 60)
    kinds = {r.move.kind for r in results}
    assert MoveKind.EXCHANGE in kinds and MoveKind.PLACE in kinds
    exchange = next(r for r in results if r.move.kind is MoveKind.EXCHANGE)
    assert exchange.playouts == 4 and exchange.score == 0 and "W" in exchange.move.exchanged
    assert master.choose(position, 60).kind is results[0].move.kind
    with pytest.raises(ValueError):
        ComputerPlayer(TOP_LEVEL, random.Random(0), candidates=0)  # nothing to play out
    # Without the option the static exchange is played as it is, without playouts.
    assert ComputerPlayer(TOP_LEVEL, random.Random(0), playouts=4).simulate(position, 60)[0].move.is_place
