"""The game machine: announcement, acceptance, contestation under each preset, exchange, the end,
ranking, undo and reproducibility.

Racks are set with the ``rig`` fixture (tiles swapped between racks and bag, so the tile set is
conserved). Scores used below, hand-worked in tests/engine/test_scoring.py:
H4 MAISON (French) = 18; 8D MAISON (English): M on D8 (&) 3 × 2 = 6 + A I S O N 5 = 11, × 2 = 22;
then G8 OS (French) / 7H OS (English) = OS 3 + OO 2 + SN 3 = 8 (three words).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from scrabble_fr.engine.errors import GameStateError, IllegalMoveError, ScrabbleError
from scrabble_fr.engine.game import EventKind, Game, Phase, Termination
from scrabble_fr.engine.move import Move
from scrabble_fr.engine.rules import ChallengeKind, ChallengeRule, Rules
from scrabble_fr.engine.tiles import ENGLISH, FRENCH
from scrabble_fr.engine.verify import AnswersVerifier, LexiconVerifier

FIRST = {"fr": "H4 MAISON", "en": "8D MAISON"}
SECOND = {"fr": "G8 OS", "en": "7H OS"}
FIRST_SCORE = {"fr": 18, "en": 22}
RACKS = ["AEIMNOS", "EEEEEOS"]
VALID = AnswersVerifier({"MAISON": True, "OS": True, "OO": True, "SN": True})
INVALID = AnswersVerifier({"MAISON": False, "OS": True, "OO": True, "SN": False})


def _kinds(game: Game) -> list[EventKind]:
    return [event.kind for event in game.history]


def _new(rig, rules="ffsc", players=("Ana", "Bob"), racks=RACKS, next_draws="", seed=5, verifier=None) -> Game:
    return rig(Game(list(players), rules, seed=seed, verifier=verifier), racks, next_draws)


# -- announce, accept, draw -----------------------------------------------------------------


def test_a_placement_is_announced_then_accepted_then_the_player_draws(rig):
    game = _new(rig, next_draws="ABCDEF")
    bag_size = len(game.bag)
    move = game.play("H4 MAISON")
    assert move.score == 18
    assert game.phase is Phase.ANNOUNCED
    assert game.pending is not None and game.pending.player == 0
    assert game.racks[0] == "E"  # the tiles are on the board, nothing drawn yet
    assert len(game.bag) == bag_size
    assert game.to_move == 0
    assert game.scores == [18, 0]
    assert _kinds(game) == [EventKind.PLACE]
    assert game.tiles_conserved()

    game.accept()
    assert game.phase is Phase.TURN
    assert game.pending is None
    assert game.racks[0] == "EABCDEF"  # drawn back up to 7, top of the bag first
    assert len(game.bag) == bag_size - 6
    assert game.to_move == 1
    assert game.tiles_conserved()


def test_the_next_player_acting_accepts_the_announced_move(rig):
    game = _new(rig)
    game.play("H4 MAISON")
    game.pass_()  # Bob acts: MAISON is accepted, Ana draws, then Bob passes
    assert _kinds(game) == [EventKind.PLACE, EventKind.PASS]
    assert game.history[1].player == 1
    assert len(game.racks[0]) == 7
    assert game.to_move == 0
    assert game.scores == [18, 0]


def test_the_next_player_exchanging_accepts_the_announced_move(rig):
    game = _new(rig, next_draws="ABCDEF")
    game.play("H4 MAISON")
    game.exchange("EE")
    assert _kinds(game) == [EventKind.PLACE, EventKind.EXCHANGE]
    assert game.racks[0] == "EABCDEF"
    assert game.to_move == 0


def test_the_player_draws_fewer_tiles_when_the_bag_runs_low(rig, mini_rules):
    # 14 tiles in the racks, 3 left in the bag: after MAISON (6 tiles) Ana draws the last 3
    rules = mini_rules("ffsc", "AEIMNOS" + "EEEEEOS" + "XYZ")
    game = _new(rig, rules, next_draws="XYZ")
    game.play("H4 MAISON")
    game.accept()
    assert game.racks[0] == "EXYZ"
    assert game.bag == []
    assert not game.is_over  # Ana still holds tiles
    assert game.tiles_conserved()


def test_the_next_player_can_play_on_the_announced_tiles(rig):
    game = _new(rig)
    game.play("H4 MAISON")
    move = game.play("G8 OS")
    assert move.score == 8
    assert game.scores == [18, 8]
    assert game.phase is Phase.ANNOUNCED and game.pending.player == 1


# -- contestation, FFSc ---------------------------------------------------------------------


def test_ffsc_contest_of_an_invalid_move_withdraws_it(rig):
    game = _new(rig)
    bag = game.bag
    game.play("H4 MAISON")
    result = game.contest(1, INVALID)
    assert result.valid is False
    assert result.invalid_words == ("MAISON",)
    assert game.board.is_empty()  # tiles taken back
    assert game.racks[0] == "AEIMNOS"
    assert game.bag == bag  # no draw
    assert game.scores == [0, 0]  # score reverted
    assert game.to_move == 1  # turn lost
    assert game.phase is Phase.TURN
    withdrawn = game.history[-1]
    assert (withdrawn.kind, withdrawn.player, withdrawn.points, withdrawn.total) == (EventKind.WITHDRAWN, 0, -18, 0)
    assert withdrawn.words == ("MAISON",)
    assert game.tiles_conserved()


def test_ffsc_contest_of_a_valid_move_costs_the_contester_10_points(rig):
    game = _new(rig)
    game.play("H4 MAISON")
    result = game.contest(1, VALID)
    assert result.valid is True
    assert result.points == -10
    assert game.scores == [18, -10]
    penalty = game.history[-1]
    assert (penalty.kind, penalty.player, penalty.points, penalty.total) == (EventKind.CONTEST_PENALTY, 1, -10, -10)
    assert len(game.racks[0]) == 7  # the move stands: Ana drew
    assert game.to_move == 1
    assert game.phase is Phase.TURN


def test_ffsc_penalty_is_per_move_by_default_even_for_several_words(rig):
    game = _new(rig)
    game.play("H4 MAISON")
    game.accept()
    game.play("G8 OS")  # three words
    game.contest(0, VALID)
    assert game.scores == [18 - 10, 8]


def test_penalty_per_word_option(rig):
    rules = replace(Rules.preset("ffsc"), challenge=ChallengeRule(ChallengeKind.PENALTY, 10, per_word=True))
    game = _new(rig, rules)
    game.play("H4 MAISON")
    game.accept()
    game.play("G8 OS")
    result = game.contest(0, VALID)
    # three words contested (OS, OO, SN): 3 × 10 = 30
    assert result.points == -30
    assert game.scores == [18 - 30, 8]


def test_penalty_per_word_counts_only_the_words_contested(rig):
    rules = replace(
        Rules.preset("ffsc"), challenge=ChallengeRule(ChallengeKind.PENALTY, 10, per_word=True, named_words=True)
    )
    game = _new(rig, rules)
    game.play("H4 MAISON")
    game.accept()
    game.play("G8 OS")
    result = game.contest(0, VALID, words=["oo"])
    assert result.checked_words == ("OO",)
    assert game.scores == [18 - 10, 8]


def test_contest_of_one_word_withdraws_the_move_when_that_word_is_invalid(rig):
    game = _new(rig)
    game.play("H4 MAISON")
    game.accept()
    game.play("G8 OS")
    result = game.contest(0, INVALID, words=["SN"])
    assert result.invalid_words == ("SN",)
    assert game.scores == [18, 0]
    assert game.board[6, 7] is None and game.board[6, 8] is None
    assert game.to_move == 0


# -- contestation, other presets ------------------------------------------------------------


def test_hasbro_failed_challenge_costs_the_challenger_the_next_turn(rig):
    game = _new(rig, "hasbro")
    game.play("8D MAISON")
    result = game.contest(1, VALID)
    assert result.valid is True and result.points == 0
    assert game.scores == [22, 0]
    kinds = _kinds(game)
    assert kinds == [EventKind.PLACE, EventKind.CONTEST_FAILED, EventKind.LOST_TURN]
    assert game.history[1].player == 1 and game.history[1].detail["loses_turn"] is True
    assert game.history[2].player == 1
    assert game.to_move == 0  # Bob's turn was skipped
    assert len(game.racks[0]) == 7


def test_hasbro_challenge_of_an_invalid_move_withdraws_it(rig):
    game = _new(rig, "hasbro")
    game.play("8D MAISON")
    game.contest(1, INVALID)
    assert game.board.is_empty()
    assert game.scores == [0, 0]
    assert game.racks[0] == "AEIMNOS"
    assert game.to_move == 1
    assert _kinds(game) == [EventKind.PLACE, EventKind.WITHDRAWN]


def test_lost_turn_in_a_three_player_game_skips_the_challenger_when_their_turn_comes(rig):
    game = _new(rig, "hasbro", players=("Ana", "Bob", "Cleo"), racks=RACKS + ["ABCDEFG"])
    game.play("8D MAISON")
    game.contest(2, VALID)  # Cleo challenges; Bob plays next as usual
    assert game.to_move == 1
    game.pass_()  # Bob passes; Cleo loses her turn; Ana again
    assert _kinds(game)[-2:] == [EventKind.PASS, EventKind.LOST_TURN]
    assert game.history[-1].player == 2
    assert game.to_move == 0


def test_wespa_failed_challenge_gives_5_points_per_word_to_the_challenged_player(rig):
    game = _new(rig, "wespa")
    game.play("8D MAISON")
    game.accept()
    game.play("7H OS")
    result = game.contest(0, VALID)
    # three words challenged (OS, OO, SN): 3 × 5 = 15 to Bob
    assert result.points == 15
    bonus = game.history[-1]
    assert (bonus.kind, bonus.player, bonus.points, bonus.total) == (EventKind.CONTEST_BONUS, 1, 15, 8 + 15)
    assert game.scores == [22, 23]


def test_wespa_challenge_of_an_invalid_move_withdraws_it(rig):
    game = _new(rig, "wespa")
    game.play("8D MAISON")
    game.contest(1, INVALID)
    assert game.board.is_empty() and game.scores == [0, 0]


def test_single_failed_challenge_costs_nothing(rig):
    game = _new(rig, "single")
    game.play("8D MAISON")
    result = game.contest(1, VALID)
    assert result.points == 0
    assert game.scores == [22, 0]
    assert _kinds(game) == [EventKind.PLACE, EventKind.CONTEST_FAILED]
    assert game.history[-1].detail["loses_turn"] is False
    assert game.to_move == 1  # no lost turn


def test_void_refuses_invalid_words_at_placement(rig):
    game = _new(rig, "void", verifier=LexiconVerifier({"MAISON"}))
    before = (game.position.to_cgp(), game.bag, game.history)
    with pytest.raises(IllegalMoveError) as info:
        game.play("8E MAIS")
    assert info.value.code == "invalid_words"
    assert info.value.params["words"] == "MAIS"
    assert (game.position.to_cgp(), game.bag, game.history) == before


def test_void_accepts_valid_words_at_once_and_allows_no_contest(rig):
    game = _new(rig, "void", verifier=LexiconVerifier({"MAISON"}))
    game.play("8D MAISON")
    assert game.phase is Phase.TURN  # no announcement window
    assert len(game.racks[0]) == 7
    assert game.to_move == 1
    with pytest.raises(GameStateError) as info:
        game.contest(0, VALID)
    assert info.value.code == "no_announced_move"


def test_void_without_a_word_list_cannot_place(rig):
    game = _new(rig, "void")
    with pytest.raises(GameStateError) as info:
        game.play("8D MAISON")
    assert info.value.code == "no_verifier"


# -- contestation errors --------------------------------------------------------------------


def test_a_player_cannot_contest_their_own_move(rig):
    game = _new(rig)
    game.play("H4 MAISON")
    with pytest.raises(GameStateError) as info:
        game.contest(0, VALID)
    assert info.value.code == "cannot_contest_own_move"
    assert game.phase is Phase.ANNOUNCED


def test_contest_or_accept_with_nothing_announced_raises(rig):
    game = _new(rig)
    with pytest.raises(GameStateError) as info:
        game.contest(1, VALID)
    assert info.value.code == "no_announced_move"
    with pytest.raises(GameStateError) as info:
        game.accept()
    assert info.value.code == "no_announced_move"
    game.pass_()
    with pytest.raises(GameStateError) as info:
        game.contest(0, VALID)
    assert info.value.code == "no_announced_move"


def test_contest_by_an_unknown_player_raises(rig):
    game = _new(rig)
    game.play("H4 MAISON")
    with pytest.raises(GameStateError) as info:
        game.contest(2, VALID)
    assert info.value.code == "unknown_player"


def test_contest_without_a_verifier_raises(rig):
    game = _new(rig)
    game.play("H4 MAISON")
    with pytest.raises(GameStateError) as info:
        game.contest(1)
    assert info.value.code == "no_verifier"


def test_manual_verification_with_a_missing_answer_raises_and_changes_nothing(rig, game_snapshot):
    game = _new(rig)
    game.play("H4 MAISON")
    game.accept()
    game.play("G8 OS")
    before = game_snapshot(game)
    with pytest.raises(GameStateError) as info:
        game.contest(0, AnswersVerifier({"OS": True, "OO": True}))  # nothing said about SN
    assert info.value.code == "missing_answer"
    assert info.value.params["word"] == "SN"
    assert game_snapshot(game) == before
    game.contest(0, AnswersVerifier({"os": True, "oo": True, "sn": True}))  # answers are case-insensitive
    assert game.scores == [8, 8]


def test_automatic_verification_with_the_game_verifier(rig):
    game = _new(rig, verifier=LexiconVerifier({"MAISON", "OS", "OO"}))
    game.play("H4 MAISON")
    game.accept()
    game.play("G8 OS")
    result = game.contest(0)
    assert result.valid is False
    assert result.invalid_words == ("SN",)


# -- exchange and pass ----------------------------------------------------------------------


def test_exchange_draws_first_then_returns_the_tiles(rig):
    game = _new(rig, racks=["JKQWXYZ", "EEEEEOS"], next_draws="ABC")
    bag_size = len(game.bag)
    game.exchange("XYZ")
    # the replacements come from the bag before X, Y, Z go back in
    assert Counter(game.racks[0]) == Counter("JKQWABC")
    assert len(game.bag) == bag_size
    assert Counter(game.bag)["X"] == 1 and Counter(game.bag)["Z"] == 1
    event = game.history[-1]
    assert (event.kind, event.points, event.rack) == (EventKind.EXCHANGE, 0, "JKQWXYZ")
    assert event.move == Move.exchange("XYZ")
    assert game.to_move == 1
    assert game.tiles_conserved()


def test_exchange_of_a_joker(rig):
    game = _new(rig, racks=["??ABCDE", "EEEEEOS"], next_draws="FG")
    game.play("EXCHANGE ??")
    assert Counter(game.racks[0]) == Counter("ABCDEFG")
    assert Counter(game.bag)["?"] == 2


def test_exchange_of_tiles_not_on_the_rack_is_refused(rig):
    game = _new(rig)
    with pytest.raises(IllegalMoveError) as info:
        game.exchange("ZZ")
    assert info.value.code == "tiles_not_on_rack"


def test_exchange_is_refused_with_fewer_than_7_tiles_in_the_bag(rig, mini_rules, game_snapshot):
    # 14 tiles in the racks + 6 in the bag
    rules = mini_rules("ffsc", "AEIMNOS" + "EEEEEOS" + "ABCDEF")
    game = _new(rig, rules)
    assert len(game.bag) == 6
    before = game_snapshot(game)
    with pytest.raises(IllegalMoveError) as info:
        game.exchange("A")
    assert info.value.code == "exchange_bag_too_small"
    assert (info.value.params["minimum"], info.value.params["bag"]) == (7, 6)
    assert game_snapshot(game) == before


def test_exchange_is_allowed_with_exactly_7_tiles_in_the_bag(rig, mini_rules):
    rules = mini_rules("ffsc", "AEIMNOS" + "EEEEEOS" + "ABCDEFG")
    game = _new(rig, rules)
    assert len(game.bag) == 7
    game.exchange("AEIMNOS")
    assert len(game.bag) == 7
    assert game.tiles_conserved()


def test_pass_scores_nothing_and_hands_the_turn_on(rig):
    game = _new(rig)
    game.play("passer")
    assert game.history[-1].kind is EventKind.PASS
    assert game.scores == [0, 0] and game.to_move == 1


# -- the end --------------------------------------------------------------------------------


def test_ffsc_going_out_adds_the_others_racks_and_each_subtracts_their_own(rig, mini_rules):
    # Ana lays her 7 tiles with the bag empty: H8 ENTRAIS = E on H8 (#) 1 + N 1 + T 1 + R 1
    # + A on H12 (&) 2 + I 1 + S 1 = 8, × 2 = 16, + 50 = 66.
    # Bob keeps K W Z = 10 + 10 + 10 = 30: Ana 66 + 30 = 96, Bob 0 − 30 = −30.
    rules = mini_rules("ffsc", "AEINRST" + "KWZ")
    game = _new(rig, rules, racks=["AEINRST", "KWZ"])
    assert game.bag == []
    game.play("H8 ENTRAIS")
    assert not game.is_over  # still announced: Bob may contest
    game.accept()
    assert game.is_over
    assert game.termination is Termination.OUT
    assert game.scores == [96, -30]
    assert [(e.kind, e.player, e.points) for e in game.history[-2:]] == [
        (EventKind.END_RACK_LOSS, 1, -30),
        (EventKind.END_RACK_GAIN, 0, 30),
    ]
    assert game.ranking() == [(1, 0, 96), (2, 1, -30)]


def test_ffsc_going_out_with_three_players(rig, mini_rules):
    # Ana 66 as above; Bob keeps K W (20), Cleo keeps Z (10): Ana + 30, Bob − 20, Cleo − 10
    rules = mini_rules("ffsc", "AEINRST" + "KW" + "Z")
    game = _new(rig, rules, players=("Ana", "Bob", "Cleo"), racks=["AEINRST", "KW", "Z"])
    game.play("H8 ENTRAIS")
    game.accept()
    assert game.scores == [96, -20, -10]


def test_naspa_going_out_adds_twice_the_opponent_rack_and_the_opponent_loses_nothing(rig, mini_rules):
    # 8H ENTRAIS, English values, same squares: 8 × 2 + 50 = 66.
    # Bob keeps K W Z = 5 + 4 + 10 = 19: Ana 66 + 2 × 19 = 104, Bob stays at 0.
    rules = mini_rules("naspa", "AEINRST" + "KWZ")
    game = _new(rig, rules, racks=["AEINRST", "KWZ"])
    game.play("8H ENTRAIS")
    game.accept()
    assert game.termination is Termination.OUT
    assert game.scores == [104, 0]
    assert [(e.kind, e.player, e.points) for e in game.history[1:]] == [(EventKind.END_RACK_GAIN, 0, 38)]


def test_going_out_ends_the_game_when_the_next_player_acts(rig, mini_rules):
    rules = mini_rules("ffsc", "AEINRST" + "KWZ")
    game = _new(rig, rules, racks=["AEINRST", "KWZ"])
    game.play("H8 ENTRAIS")
    score = game.pending.move.score
    game.pass_()  # passing accepts ENTRAIS, which ends the game: Bob has no turn left
    assert game.is_over and game.termination is Termination.OUT
    # FFSc: Ana adds Bob's K + W + Z = 10 + 10 + 10 and Bob loses them.
    assert game.scores == [score + 30, -30]
    assert [a["type"] for a in game.actions] == ["play", "accept"]  # replayed as an acceptance


@pytest.mark.parametrize("intent", ["pass", "place", "exchange", "accept"])
def test_any_intent_while_the_last_move_is_announced_ends_the_game(rig, mini_rules, intent):
    rules = mini_rules("ffsc", "AEINRST" + "KWZ")
    game = _new(rig, rules, racks=["AEINRST", "KWZ"])
    game.play("H8 ENTRAIS")
    if intent == "pass":
        game.pass_()
    elif intent == "place":
        game.play("G8 WE")  # never checked: accepting ENTRAIS has ended the game
    elif intent == "exchange":
        game.exchange("K")
    else:
        game.accept()
    assert game.is_over and game.scores[1] == -30
    with pytest.raises(GameStateError):
        game.pass_()


def test_a_withdrawn_last_move_does_not_end_the_game(rig, mini_rules):
    rules = mini_rules("ffsc", "AEINRST" + "KWZ")
    game = _new(rig, rules, racks=["AEINRST", "KWZ"])
    game.play("H8 ENTRAIS")
    game.contest(1, AnswersVerifier({"ENTRAIS": False}))
    assert not game.is_over
    assert game.racks == ["AEINRST", "KWZ"]


def test_ffsc_blocked_after_every_player_passed_three_times_in_a_row(rig):
    # Ana keeps A B C D E F G = 1 + 3 + 3 + 2 + 1 + 4 + 2 = 16;
    # Bob keeps J K Q W X Y Z = 8 + 10 + 8 + 10 + 10 + 10 + 10 = 66
    game = _new(rig, racks=["ABCDEFG", "JKQWXYZ"])
    for _ in range(5):
        game.pass_()
    assert not game.is_over
    game.pass_()
    assert game.is_over
    assert game.termination is Termination.BLOCKED
    assert game.scores == [-16, -66]
    assert [(e.kind, e.player, e.points) for e in game.history[-2:]] == [
        (EventKind.END_RACK_LOSS, 0, -16),
        (EventKind.END_RACK_LOSS, 1, -66),
    ]


def test_ffsc_passes_and_exchanges_in_turn_block_the_game(rig):
    # Ana passes, Bob exchanges, three times each: six turns in a row without a word (three each)
    # block the game, where a count of passes alone, reset by each exchange, never ended it.
    # French values: Ana A B C D E F G = 1 + 3 + 3 + 2 + 1 + 4 + 2 = 16; Bob loses his own rack.
    game = _new(rig, racks=["ABCDEFG", "JKQWXYZ"])
    for _turn in range(3):
        assert not game.is_over
        game.pass_()
        game.exchange(game.racks[1][0])
    assert game.is_over and game.termination is Termination.BLOCKED
    assert game.scores == [-16, -game.rules.tile_set.rack_value(game.racks[1])]


def test_ffsc_a_word_placed_starts_the_count_again(rig):
    game = _new(rig, racks=["AEIMNOS", "JKQWXYZ"])
    game.pass_()
    game.exchange("J")
    game.pass_()
    game.exchange("K")
    game.play("H4 MAISON")  # four turns without a word, then a word: the count starts again
    for _ in range(5):
        game.pass_()  # Bob's first pass accepts MAISON
    assert not game.is_over
    game.pass_()
    assert game.is_over and game.termination is Termination.BLOCKED


def test_naspa_blocked_after_six_scoreless_turns(rig):
    # English values: Ana A B C D E F G = 1 + 3 + 3 + 2 + 1 + 4 + 2 = 16;
    # Bob J K Q W X Y Z = 8 + 5 + 10 + 4 + 8 + 4 + 10 = 49
    game = _new(rig, "naspa", racks=["ABCDEFG", "JKQWXYZ"])
    for _ in range(5):
        game.pass_()
    assert not game.is_over
    game.pass_()
    assert game.termination is Termination.BLOCKED
    assert game.scores == [-16, -49]


def test_naspa_exchanges_and_withdrawn_moves_count_as_scoreless_turns(rig):
    game = _new(rig, "naspa")
    game.play("8D MAISON")
    game.contest(1, INVALID)  # 1: withdrawn
    game.exchange("EE")  # 2
    game.exchange("AI")  # 3
    game.pass_()  # 4
    game.exchange("O")  # 5
    assert not game.is_over
    game.pass_()  # 6
    assert game.termination is Termination.BLOCKED
    values = ENGLISH
    assert game.scores == [-values.rack_value(game.racks[0]), -values.rack_value(game.racks[1])]


def test_ffsc_exchanges_alone_block_the_game_after_three_each(rig):
    # An exchange is a turn without a word: six of them in a row end the game (two players).
    game = _new(rig)
    for _ in range(5):
        game.exchange(game.racks[game.to_move][0])
    assert not game.is_over
    game.exchange(game.racks[game.to_move][0])
    assert game.is_over and game.termination is Termination.BLOCKED


def test_nothing_can_be_played_once_the_game_is_over(rig):
    game = _new(rig, racks=["ABCDEFG", "JKQWXYZ"])
    for _ in range(6):
        game.pass_()
    for action in (game.pass_, lambda: game.exchange("A"), lambda: game.play("H8 AB"), game.accept):
        with pytest.raises(GameStateError) as info:
            action()
        assert info.value.code == "game_over"


# -- ranking --------------------------------------------------------------------------------


def test_equal_scores_share_a_rank(rig):
    # both keep A E I N R S T = 7 (French values)
    game = _new(rig, racks=["AEINRST", "AEINRST"])
    for _ in range(6):
        game.pass_()
    assert game.ranking() == [(1, 0, -7), (1, 1, -7)]


def test_ranking_with_a_tie_for_second_place(rig):
    # Ana −7 (A E I N R S T); Bob and Cleo −16 (A B C D E F G, 1+3+3+2+1+4+2)
    game = _new(rig, players=("Ana", "Bob", "Cleo"), racks=["AEINRST", "ABCDEFG", "GFEDCBA"])
    for _ in range(9):
        game.pass_()
    assert game.termination is Termination.BLOCKED
    assert game.ranking() == [(1, 0, -7), (2, 1, -16), (2, 2, -16)]


def test_ranking_orders_by_score(rig):
    game = _new(rig)
    game.play("H4 MAISON")
    game.contest(1, VALID)
    assert game.ranking() == [(1, 0, 18), (2, 1, -10)]


# -- undo -----------------------------------------------------------------------------------


def test_undo_restores_every_previous_state_exactly(rig, game_snapshot):
    game = _new(rig, replace(Rules.preset("ffsc"), overtime_penalty=10))
    actions = [
        lambda: game.play("H4 MAISON"),
        lambda: game.contest(1, VALID),
        lambda: game.exchange(game.racks[1][:3]),
        lambda: game.pass_(),
        lambda: game.play("4G AMI" if "A" in game.racks[1] else "PASS"),
        lambda: game.time_penalty(0, 10),
    ]
    states = []
    for action in actions:
        states.append(game_snapshot(game))
        try:
            action()
        except ScrabbleError:
            states.pop()
    for state in reversed(states):
        game.undo()
        assert game_snapshot(game) == state
        assert game.tiles_conserved()
    with pytest.raises(GameStateError) as info:
        game.undo()
    assert info.value.code == "nothing_to_undo"


def test_undo_of_an_exchange_restores_the_bag_order_and_the_shuffle(rig, game_snapshot):
    game = _new(rig)
    before = game_snapshot(game)
    game.exchange("AEI")
    after = game_snapshot(game)
    game.undo()
    assert game_snapshot(game) == before
    game.exchange("AEI")  # the same exchange again shuffles the bag the same way
    assert game_snapshot(game) == after


def test_undo_after_the_end_reopens_the_game(rig):
    game = _new(rig, racks=["ABCDEFG", "JKQWXYZ"])
    for _ in range(6):
        game.pass_()
    game.undo()
    assert not game.is_over
    assert game.scores == [0, 0]
    assert game.termination is None


def test_undo_of_a_withdrawal_brings_the_announcement_back(rig):
    game = _new(rig)
    game.play("H4 MAISON")
    game.contest(1, INVALID)
    game.undo()
    assert game.phase is Phase.ANNOUNCED
    assert game.board[7, 3] == "M"
    assert game.scores == [18, 0]


# -- reproducibility and players ------------------------------------------------------------


def test_the_same_seed_gives_the_same_bag_and_racks():
    one, two = Game(["Ana", "Bob"], seed=42), Game(["Ana", "Bob"], seed=42)
    assert one.bag == two.bag
    assert one.racks == two.racks
    other = Game(["Ana", "Bob"], seed=43)
    assert (other.bag, other.racks) != (one.bag, one.racks)


def test_the_same_seed_replays_the_same_exchanges():
    one, two = Game(["Ana", "Bob"], seed=42), Game(["Ana", "Bob"], seed=42)
    for game in (one, two):
        game.exchange(game.racks[0][:4])
        game.exchange(game.racks[1][:2])
    assert one.bag == two.bag and one.racks == two.racks


def test_a_game_without_a_seed_chooses_one():
    game = Game(["Ana", "Bob"])
    assert isinstance(game.seed, int)
    again = Game(["Ana", "Bob"], seed=game.seed)
    assert (again.bag, again.racks) == (game.bag, game.racks)


@pytest.mark.parametrize("count", range(1, 9))
def test_one_to_eight_players(count):
    game = Game([f"P{i}" for i in range(count)], seed=1)
    assert len(game.racks) == count
    assert all(len(rack) == 7 for rack in game.racks)
    assert len(game.bag) == FRENCH.total_tiles - 7 * count
    assert game.scores == [0] * count
    assert game.tiles_conserved()


@pytest.mark.parametrize("count", [0, 9])
def test_zero_or_nine_players_raise(count):
    with pytest.raises(GameStateError) as info:
        Game([f"P{i}" for i in range(count)], seed=1)
    assert info.value.code == "bad_player_count"
    assert info.value.params["count"] == count


def test_a_single_player_game_runs(rig):
    game = rig(Game(["Solo"], seed=2), ["AEIMNOS"])
    game.play("H4 MAISON")
    game.accept()
    assert game.to_move == 0
    assert game.scores == [18]


def test_time_penalty_is_logged_and_checked():
    game = Game(["Ana", "Bob"], "naspa", seed=1)
    game.time_penalty(1, 10)  # 10 s over: one minute started, 10 points
    assert game.scores == [0, -10]
    assert game.history[-1].kind is EventKind.TIME_PENALTY
    for player in (2, -1):
        with pytest.raises(GameStateError) as info:
            game.time_penalty(player, 10)
        assert info.value.code == "unknown_player"
    assert game.scores == [0, -10]


def test_a_game_with_custom_rules_from_toml(rig):
    rules, extra = Rules.from_toml('base = "ffsc"\nplayers = ["Ana", "Bob"]\n[challenge]\namount = 5\n')
    game = _new(rig, rules, players=extra["players"])
    game.play("H4 MAISON")
    game.contest(1, VALID)
    assert game.scores == [18, -5]


def test_unseen_tiles_are_the_bag_and_the_other_racks(rig):
    game = _new(rig)
    game.play("H4 MAISON")
    game.accept()
    assert game.unseen(1) == Counter(game.bag) + Counter(game.racks[0])
    assert game.unseen(0) == Counter(game.bag) + Counter(game.racks[1])


def test_only_words_the_move_formed_can_be_contested(rig):
    rules = replace(
        Rules.preset("ffsc"), challenge=ChallengeRule(ChallengeKind.PENALTY, 10, per_word=True, named_words=True)
    )
    game = _new(rig, rules)
    game.play("H4 MAISON")
    game.accept()
    game.play("G8 OS")
    # ZZZ is not a word of the move: the challenge is refused, naming it and the words formed,
    # and nothing changes (it would otherwise contest the other words).
    before = (list(game.history), list(game.scores), game.pending)
    with pytest.raises(GameStateError) as refused:
        game.contest(0, AnswersVerifier({"ZZZ": False, "OS": True}), words=["zzz", "OS"])
    assert refused.value.code == "word_not_formed" and refused.value.params == {"word": "ZZZ", "words": "OS, OO, SN"}
    assert (list(game.history), list(game.scores), game.pending) == before
    # OS named twice counts once
    result = game.contest(0, AnswersVerifier({"OS": True}), words=["OS", "os"])
    assert result.valid is True
    assert result.checked_words == ("OS",)
    assert game.scores == [18 - 10, 8]
