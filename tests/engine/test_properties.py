"""Property tests: many random games with random geometrically legal placements (no word list),
random contestations judged by a random verifier, and random undos.

After every event: the tile set is conserved, each score is the sum of that player's logged
points, each event's total is the running sum; every game ends (going out or blocked) within a
bounded number of actions; an undo returns exactly the previous state.
"""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scrabble_fr.engine.errors import IllegalMoveError, InvalidMoveError, ScrabbleError
from scrabble_fr.engine.game import EventKind, Game, Phase, Termination
from scrabble_fr.engine.move import Move
from scrabble_fr.engine.position import Position
from scrabble_fr.engine.rules import BlockedRule, ChallengeKind, ChallengeRule, Rules
from scrabble_fr.engine.verify import AnswersVerifier

from ..conftest import snapshot

MAX_ACTIONS = 1500
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def random_placement(position: Position, rng: random.Random, attempts: int = 80) -> Move | None:
    """A random placement that ``position.check`` accepts, or None if none was found.

    Picks a number of rack tiles, a direction and a start near a board tile (or across the
    centre on an empty board), then lays the tiles on the free squares from there, skipping the
    occupied ones, so that only the rules' geometry decides.
    """
    board = position.board
    rack = position.rack
    if not rack:
        return None
    occupied = [(r, c) for r, c, _tile in board.tiles()]
    centre = position.rules.centre
    for _ in range(attempts):
        count = rng.randint(1, len(rack))
        tiles = rng.sample(rack, count)
        across = rng.random() < 0.5
        dr, dc = (0, 1) if across else (1, 0)
        if occupied:
            anchor_r, anchor_c = rng.choice(occupied)
            side = rng.choice((-1, 0, 1))
            back = rng.randint(0, count)
            row = anchor_r + dc * side - dr * back
            col = anchor_c + dr * side - dc * back
        else:
            if len(tiles) < 2 <= len(rack):
                tiles = rng.sample(rack, 2)  # the opening lays at least two tiles
            back = rng.randint(0, len(tiles) - 1)
            row, col = centre[0] - dr * back, centre[1] - dc * back
        placed = []
        for tile in tiles:
            while board.inside(row, col) and board[row, col] is not None:
                row, col = row + dr, col + dc
            if not board.inside(row, col):
                break
            if tile == "?":
                placed.append((row, col, rng.choice(LETTERS), True))
            else:
                placed.append((row, col, tile, False))
            row, col = row + dr, col + dc
        if len(placed) != len(tiles):
            continue
        move = Move.place(placed)
        try:
            position.check(move)
        except (IllegalMoveError, InvalidMoveError):
            continue
        return move
    return None


def check_invariants(game: Game) -> None:
    assert game.tiles_conserved()
    running: dict[int, int] = defaultdict(int)
    for number, event in enumerate(game.history, 1):
        assert event.number == number
        running[event.player] += event.points
        assert event.total == running[event.player]
    assert game.scores == [running[p] for p in range(len(game.players))]
    assert all(len(rack) <= game.rules.rack_size for rack in game.racks)
    if game.phase is Phase.TURN and game.bag:
        assert all(len(rack) == game.rules.rack_size for rack in game.racks)
    if game.phase is Phase.ANNOUNCED:
        assert game.pending is not None
    else:
        assert game.pending is None




class RandomVerifier:
    """Says each word is valid or not at random (stable for one game)."""

    def __init__(self, rng: random.Random, valid_share: float) -> None:
        self.rng = rng
        self.valid_share = valid_share
        self.answers: dict[str, bool] = {}

    def invalid_words(self, words):
        invalid = []
        for word in words:
            key = word.upper()
            if key not in self.answers:
                self.answers[key] = self.rng.random() < self.valid_share
            if not self.answers[key]:
                invalid.append(key)
        return invalid


RULE_SETS = [
    Rules.preset("ffsc"),
    Rules.preset("hasbro"),
    Rules.preset("naspa"),
    Rules.preset("wespa"),
    Rules.preset("single"),
    Rules.preset("void"),  # the game's verifier refuses invalid words at placement
    replace(
        Rules.preset("ffsc"), name="ffsc-per-word", challenge=ChallengeRule(ChallengeKind.PENALTY, 10, per_word=True)
    ),
]


def choose_action(game: Game, rng: random.Random, verifier: RandomVerifier, placement_share: float = 0.85):
    """A random action for the current state, as a function to call.

    Everything random is drawn here, before the action runs, so that calling the function again
    after an undo repeats exactly the same action.
    """
    n = len(game.players)
    if game.phase is Phase.ANNOUNCED:
        pending = game.pending
        roll = rng.random()
        if n > 1 and roll < 0.3:
            contester = rng.choice([p for p in range(n) if p != pending.player])
            words = rng.sample([w.letters for w in pending.words], 1) if rng.random() < 0.3 else None
            judge = verifier
            if rng.random() < 0.5:
                judge = AnswersVerifier({w.letters: rng.random() < 0.7 for w in pending.words})
            return lambda: game.contest(contester, judge, words=words)
        if roll < 0.6:
            return game.accept
        # The next player acts, which accepts the announced move first. The board already holds
        # the announced tiles and the next player's rack does not change on acceptance, so the
        # move is chosen on a copy of the position with the turn handed on.
        probe = game.position.copy()
        probe.to_move = (pending.player + 1) % n
        move = random_placement(probe, rng, attempts=30) or Move.pass_()
        return lambda: game.play(move)
    roll = rng.random()
    if roll < placement_share:
        move = random_placement(game.position.copy(), rng)
        if move is not None:
            return lambda: game.play(move)
    rack = game.racks[game.to_move]
    if roll < placement_share + 0.08 and len(game.bag) >= game.rules.exchange_min_bag:
        tiles = "".join(rng.sample(rack, rng.randint(1, len(rack))))
        return lambda: game.exchange(tiles)
    return game.pass_


# Each example is a whole game (up to four players, undos, challenges, every preset): 120 games a
# run, new ones each run (no example database is kept between CI runs).
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    rules=st.sampled_from(RULE_SETS),
    players=st.integers(1, 4),
    undo_share=st.sampled_from([0.0, 0.05, 0.2]),
    valid_share=st.sampled_from([0.3, 0.8, 1.0]),
    placement_share=st.sampled_from([0.85, 0.85, 0.1]),
)
def test_random_games_keep_the_invariants_and_end(seed, rules, players, undo_share, valid_share, placement_share):
    rng = random.Random(seed)
    verifier = RandomVerifier(rng, valid_share)
    game = Game([f"P{i}" for i in range(players)], rules, seed=seed, verifier=verifier)
    check_invariants(game)
    for _ in range(MAX_ACTIONS):
        if game.is_over:
            break
        before = snapshot(game)
        action = choose_action(game, rng, verifier, placement_share)
        try:
            action()
        except ScrabbleError:
            # a refused action (for instance the next player's move after a going-out
            # announcement) changes nothing
            assert snapshot(game) == before
            if game.phase is Phase.ANNOUNCED:
                game.accept()
                check_invariants(game)
            continue
        check_invariants(game)
        if rng.random() < undo_share:
            after = snapshot(game)
            game.undo()
            assert snapshot(game) == before
            check_invariants(game)
            action()  # the same action again gives the same state (bag order included)
            assert snapshot(game) == after
    assert game.is_over, "the game did not end"
    if game.termination is Termination.OUT:
        assert not game.bag
        assert any(not rack for rack in game.racks)
    else:
        assert game.termination is Termination.BLOCKED
        if game.rules.blocked is BlockedRule.PASSES:
            # the game ended on a run of passes: every player passed blocked_count times in a
            # row, a withdrawn move counting as a pass (its placement and withdrawal are one turn)
            limit = game.rules.blocked_count * players
            turns: list[EventKind] = []
            for event in game.history:
                if event.kind is EventKind.WITHDRAWN:
                    turns[-1] = EventKind.PASS  # the withdrawn placement's turn
                elif event.kind in (EventKind.PASS, EventKind.PLACE, EventKind.EXCHANGE):
                    turns.append(event.kind)
            assert turns[-limit:] == [EventKind.PASS] * limit
        elif game.rules.blocked is BlockedRule.WITHOUT_WORD:
            # the game ended on a run of turns without a word: passes, exchanges, withdrawn
            # moves and lost turns, blocked_count per player
            limit = game.rules.blocked_count * players
            turns = []
            for event in game.history:
                if event.kind is EventKind.WITHDRAWN:
                    turns[-1] = EventKind.PASS  # the withdrawn placement's turn
                elif event.kind in (EventKind.PASS, EventKind.PLACE, EventKind.EXCHANGE, EventKind.LOST_TURN):
                    turns.append(event.kind)
            assert EventKind.PLACE not in turns[-limit:] and len(turns) >= limit
    ranks = game.ranking()
    assert [score for _rank, _player, score in ranks] == sorted(game.scores, reverse=True)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 12))
def test_undo_all_the_way_back_restores_the_first_state(seed, steps):
    rng = random.Random(seed)
    game = Game(["Ana", "Bob"], "ffsc", seed=seed)
    states = []
    verifier = RandomVerifier(rng, 0.5)
    for _ in range(steps):
        if game.is_over:
            break
        before = snapshot(game)
        try:
            choose_action(game, rng, verifier)()
        except ScrabbleError:
            continue
        states.append(before)
    for state in reversed(states):
        game.undo()
        assert snapshot(game) == state
    assert game.history == []


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_placements_score_the_sum_of_their_words(seed):
    rng = random.Random(seed)
    game = Game(["Ana", "Bob"], "hasbro", seed=seed)
    for _ in range(rng.randint(0, 6)):
        move = random_placement(game.position.copy(), rng)
        if move is None:
            break
        game.play(move)
        game.accept()
    move = random_placement(game.position.copy(), rng)
    if move is None:
        return
    described = game.position.describe(move)
    bonus = 50 if len(move.tiles) == 7 else 0
    assert described.score == sum(word.score for word in described.words) + bonus
    # each word is at least its letters' face value (premiums only add)
    values = game.rules.tile_set
    for word in described.words:
        assert word.score >= sum(values.value(tile) for tile in word.text)
