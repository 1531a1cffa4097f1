"""The rules' holes closed by the match issue, each worked by hand, under every preset.

- A withdrawn move counts as a pass toward a blocked game (FFSc), as a scoreless turn elsewhere.
- Hasbro and NASPA: a challenge covers every word of the play whatever words are named; FFSc and
  WESPA judge the words the contester names (WESPA: 5 points per valid word named).
- ``check_exchange`` counts the bag as the exchange will find it, after an announced move's draw.
- ``time_penalty`` takes the whole overrun, charges each started minute once, and refuses a
  negative, non-finite or backward overrun, and any change after the end.

Racks and scores (French values A E I M N O S = 1+1+1+2+1+1+1 = 8; English M = 3, so 9):
H4 MAISON (French) = 18, 8D MAISON (English) = 22, then G8 OS / 7H OS forms OS, OO and SN (8).
"""

from __future__ import annotations

import math

import pytest

from scrabble_fr.engine.errors import GameStateError, IllegalMoveError
from scrabble_fr.engine.game import EventKind, Game, Termination
from scrabble_fr.engine.rules import PRESETS, ChallengeKind, Rules
from scrabble_fr.engine.verify import AnswersVerifier, LexiconVerifier

FIRST = {"fr": "H4 MAISON", "en": "8D MAISON"}
SECOND = {"fr": "G8 OS", "en": "7H OS"}
RACK_VALUE = {"fr": 8, "en": 9}
ALL_WRONG = AnswersVerifier({"MAISON": False})
CONTESTABLE = [name for name, rules in PRESETS.items() if rules.challenge.kind is not ChallengeKind.VOID]


def _lang(preset: str) -> str:
    return Rules.preset(preset).notation


# -- a withdrawn move is a pass ---------------------------------------------------------------


@pytest.mark.parametrize("preset", CONTESTABLE)
def test_playing_a_non_word_and_being_contested_again_and_again_blocks_the_game(rig, preset):
    # Two players, 3 passes (FFSc) or 3 scoreless turns (English rules) each: the sixth
    # withdrawal ends the game, each player losing their own rack.
    game = rig(Game(["Ana", "Bob"], preset, seed=3), ["AEIMNOS", "AEIMNOS"])
    lang = _lang(preset)
    for turn in range(1, 7):
        assert not game.is_over, turn
        player = game.to_move
        game.play(FIRST[lang])
        result = game.contest(1 - player, ALL_WRONG)
        assert result.valid is False
    assert game.is_over
    assert game.termination is Termination.BLOCKED
    assert game.scores == [-RACK_VALUE[lang], -RACK_VALUE[lang]]
    assert [e.kind for e in game.history].count(EventKind.WITHDRAWN) == 6


def test_ffsc_withdrawals_and_passes_make_one_run(rig):
    game = rig(Game(["Ana", "Bob"], "ffsc", seed=3), ["AEIMNOS", "EEEEEOS"])
    for _ in range(3):
        game.play("H4 MAISON")  # Ana: withdrawn
        game.contest(1, ALL_WRONG)
        assert not game.is_over
        game.pass_()  # Bob
    # Ana keeps A E I M N O S = 8, Bob E E E E E O S = 7
    assert game.termination is Termination.BLOCKED
    assert game.scores == [-8, -7]


def test_void_rule_refuses_the_non_word_at_placement_so_no_turn_is_spent(rig):
    game = rig(Game(["Ana", "Bob"], "void", seed=3, verifier=ALL_WRONG), ["AEIMNOS", "AEIMNOS"])
    for _ in range(10):
        with pytest.raises(IllegalMoveError):
            game.play("8D MAISON")
    assert game.history == [] and game.to_move == 0


# -- what a contestation covers -----------------------------------------------------------------


@pytest.mark.parametrize("preset", CONTESTABLE)
def test_the_words_judged_are_those_named_in_ffsc_and_all_of_them_elsewhere(rig, preset):
    game = rig(Game(["Ana", "Bob"], preset, seed=3), ["AEIMNOS", "EEEEEOS"])
    lang = _lang(preset)
    game.play(FIRST[lang])
    game.accept()
    game.play(SECOND[lang])
    # OS and OO are words, SN is not: naming only OS saves the move in FFSc alone.
    result = game.contest(0, AnswersVerifier({"OS": True, "OO": True, "SN": False}), words=["os"])
    if Rules.preset(preset).challenge.named_words:
        assert result.checked_words == ("OS",) and result.valid is True
    else:
        assert result.checked_words == ("OS", "OO", "SN") and result.valid is False
        assert result.invalid_words == ("SN",)


def test_wespa_bonus_counts_the_named_words_only(rig):
    # 8D MAISON (22) accepted; Bob's 7H OS (8) forms OS, OO and SN, all valid. Ana names OS: only
    # OS is challenged, "5 points per unsuccessfully challenged word": 8 + 5 = 13.
    game = rig(Game(["Ana", "Bob"], "wespa", seed=3), ["AEIMNOS", "EEEEEOS"])
    game.play("8D MAISON")
    game.accept()
    game.play("7H OS")
    result = game.contest(0, AnswersVerifier({"OS": True, "OO": True, "SN": True}), words=["OS"])
    assert result.points == 5
    assert game.scores == [22, 13]


def _az_after_maison(rig, preset):
    # 8D MAISON: M on D8 (double letter) 3 × 2, A I S O N 1 each, O on H8 (double word):
    # (6 + 5) × 2 = 22. Then 9D AZ: A on D9, Z on E9, no premium: AZ across 1 + 10 = 11, MA down
    # (D8 D9) 3 + 1 = 4, AZ down (E8 E9) 1 + 10 = 11: 26. The move forms AZ and MA.
    from scrabble_fr.lexicon import Lexicon

    game = rig(Game(["Ana", "Bob"], preset, seed=3), ["AEIMNOS", "AZEEEOO"])
    game.verifier = LexiconVerifier(Lexicon.builtin("en"))  # MA is a word, AZ is not
    game.play("8D MAISON")
    game.accept()
    move = game.play("9D AZ")
    assert move.score == 26 and set(word.letters for word in game.pending.words) == {"AZ", "MA"}
    return game


def test_wespa_a_valid_named_word_earns_5_and_an_unnamed_invalid_one_stands(rig):
    game = _az_after_maison(rig, "wespa")
    result = game.contest(0, words=["MA"])
    assert (result.valid, result.checked_words, result.points) == (True, ("MA",), 5)  # not +10
    assert game.scores == [22, 26 + 5]
    assert game.board[8, 4] == "Z"  # AZ, not challenged, stands


def test_wespa_an_invalid_named_word_withdraws_the_play(rig):
    game = _az_after_maison(rig, "wespa")
    result = game.contest(0, words=["AZ"])
    assert (result.valid, result.invalid_words) == (False, ("AZ",))
    assert game.scores == [22, 0] and game.board[8, 4] is None


def test_naspa_still_judges_the_whole_play_whatever_is_named(rig):
    game = _az_after_maison(rig, "naspa")
    result = game.contest(0, words=["MA"])
    assert (result.valid, result.checked_words, result.invalid_words) == (False, ("AZ", "MA"), ("AZ",))
    assert game.scores == [22, 0]


def test_ffsc_per_word_penalty_counts_only_the_named_words(rig):
    from dataclasses import replace

    from scrabble_fr.engine.rules import ChallengeRule

    rules = replace(Rules.preset("ffsc"), challenge=ChallengeRule(ChallengeKind.PENALTY, 10, True, True))
    game = rig(Game(["Ana", "Bob"], rules, seed=3), ["AEIMNOS", "EEEEEOS"])
    game.play("H4 MAISON")
    game.accept()
    game.play("G8 OS")
    game.contest(0, AnswersVerifier({"OS": True, "OO": True}), words=["OS", "OO"])
    assert game.scores == [18 - 20, 8]  # two words named and valid: 2 × 10


# -- the exchange check counts the draw of an announced move -----------------------------------


@pytest.mark.parametrize("preset", list(PRESETS))
def test_exchange_is_refused_before_tiles_are_picked_when_the_announcers_draw_empties_the_bag(
    rig, mini_rules, game_snapshot, preset
):
    # 14 tiles in the racks and 10 in the bag. Ana lays MAISON (6 tiles): once her move is
    # accepted she draws 6, leaving 10 − 6 = 4 < 7, so Bob may not exchange, and is told so
    # before he picks a tile (the check used to see 10 and let him choose).
    rules = mini_rules(preset, "AEIMNOS" + "EEEEEOS" + "ABCDEFGHIL")
    verifier = AnswersVerifier({"MAISON": True})
    game = rig(Game(["Ana", "Bob"], rules, seed=3, verifier=verifier), ["AEIMNOS", "EEEEEOS"])
    assert len(game.bag) == 10
    game.play(FIRST[_lang(preset)])
    before = game_snapshot(game)
    with pytest.raises(IllegalMoveError) as info:
        game.check_exchange()
    assert info.value.code == "exchange_bag_too_small"
    assert (info.value.params["minimum"], info.value.params["bag"]) == (7, 4)
    with pytest.raises(IllegalMoveError):
        game.exchange("E")
    assert game_snapshot(game) == before


def test_exchange_check_allows_it_when_the_bag_keeps_seven_after_the_draw(rig, mini_rules):
    # 13 in the bag, 6 drawn by Ana: 7 remain, exactly the minimum.
    rules = mini_rules("ffsc", "AEIMNOS" + "EEEEEOS" + "ABCDEFGHIJLPR")
    game = rig(Game(["Ana", "Bob"], rules, seed=3), ["AEIMNOS", "EEEEEOS"])
    game.play("H4 MAISON")
    game.check_exchange()
    game.exchange("EE")
    assert len(game.bag) == 7


# -- time penalties -----------------------------------------------------------------------------


@pytest.mark.parametrize("preset", list(PRESETS))
def test_time_penalty_charges_each_started_minute_once(preset):
    rate = Rules.preset(preset).overtime_penalty  # NASPA, WESPA: 10; the others: none
    game = Game(["Ana", "Bob"], preset, seed=1)
    assert game.time_penalty(0, 61.0) == 2 * rate  # 1:01 over: two minutes started
    assert game.time_penalty(0, 61.0) == 0  # the same report again: nothing more
    assert game.time_penalty(0, 120.0) == 0  # still within the second minute
    assert game.time_penalty(0, 120.5) == rate  # the third minute starts
    assert game.scores == [-3 * rate, 0]
    penalties = [e for e in game.history if e.kind is EventKind.TIME_PENALTY]
    assert [e.points for e in penalties] == ([-2 * rate, -rate] if rate else [])


@pytest.mark.parametrize("bad", [-1.0, 0, math.nan, math.inf, True, "60", 30 * 3600.0])
def test_time_penalty_refuses_a_nonsensical_overrun(bad, game_snapshot):
    game = Game(["Ana", "Bob"], "naspa", seed=1)
    before = game_snapshot(game)
    with pytest.raises(GameStateError) as info:
        game.time_penalty(0, bad)  # type: ignore[arg-type]
    assert info.value.code == "bad_overrun"
    assert game_snapshot(game) == before


def test_time_penalty_refuses_an_overrun_that_goes_back(game_snapshot):
    game = Game(["Ana", "Bob"], "naspa", seed=1)
    game.time_penalty(1, 125.0)  # three minutes started: −30
    before = game_snapshot(game)
    with pytest.raises(GameStateError):
        game.time_penalty(1, 90.0)
    assert game_snapshot(game) == before
    assert game.scores == [0, -30]


def test_time_penalty_refuses_any_change_after_the_end(rig):
    game = rig(Game(["Ana", "Bob"], "naspa", seed=1), ["ABCDEFG", "JKQWXYZ"])
    for _ in range(6):
        game.pass_()
    assert game.is_over
    scores = list(game.scores)
    with pytest.raises(GameStateError) as info:
        game.time_penalty(0, 60.0)
    assert info.value.code == "game_over"
    assert game.scores == scores


def test_time_penalties_replay_from_the_actions():
    game = Game(["Ana", "Bob"], "naspa", seed=1)
    game.time_penalty(1, 61.0)
    game.pass_()
    game.time_penalty(1, 130.0)
    again = Game.replay(["Ana", "Bob"], "naspa", 1, game.actions)
    assert again.scores == game.scores == [0, -30]
