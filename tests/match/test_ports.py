"""A match over its two ports, without a screen: where its changes are recorded (a recorder) and
who may act (a policy). Seed 7 gives Alice IELTABP, Bruno CKRAOEA: Alice's H4 BALTE scores 20."""

from __future__ import annotations

import pytest

from scrabble_fr.engine.errors import ScrabbleError
from scrabble_fr.engine.move import Move
from scrabble_fr.match import GameConfig, Match
from scrabble_fr.match.actors import OneKeyboard
from scrabble_fr.match.config import Verification, config_from_record
from scrabble_fr.match.match import match_gcg, record_gcg
from scrabble_fr.match.outcome import Outcome
from scrabble_fr.records.recorder import Unrecorded
from scrabble_fr.records.save import SavedGame
from scrabble_fr.words import WordSet

WORDS = WordSet(["BALTE", "TABLE"], "mini")


class Refused(ScrabbleError):
    """What a recorder raises for a change it did not take."""

    def __init__(self, later: bool) -> None:
        super().__init__("refused")
        self.later = later


class ListRecorder(Unrecorded):
    """Records the game's actions after each save in a list; may refuse the next save."""

    def __init__(self) -> None:
        self.match: Match | None = None
        self.saved: list[int] = []  # the number of actions at each save
        self.refuse: Refused | None = None
        self.closed = False

    def save(self) -> str | None:
        if self.refuse is not None:
            raise self.refuse
        assert self.match is not None
        self.saved.append(len(self.match.game.actions))
        return None

    def close(self) -> None:
        self.closed = True

    def postponed(self, error: ScrabbleError) -> bool:
        return isinstance(error, Refused) and error.later


class OneSeat(OneKeyboard):
    """Player ``me`` alone acts from here (and the computers); the clocks are not this screen's;
    an undo or a challenge judged by hand is asked of others."""

    owns_clocks = False

    def __init__(self, me: int) -> None:
        super().__init__()
        self.me = me
        self.asked: list[str] = []

    def rack_owner(self, match: Match) -> int:
        return self.me

    def rack_visible(self, match: Match) -> bool:
        return True

    def may_act(self, match: Match, player: int) -> bool:
        return player == self.me or match.is_computer(player)

    def require_turn(self, match: Match, player: int) -> None:
        if player != self.me:
            raise ScrabbleError("not_your_turn")

    def check_contest(self, match: Match, contester: int) -> None:
        self.require_turn(match, contester)

    def ask_judgement(self, match: Match, contester: int, words: list[str]) -> Outcome | None:
        self.asked.append("judge " + " ".join(words))
        return Outcome(("asked",))

    def ask_undo(self, match: Match) -> Outcome | None:
        self.asked.append("undo")
        return Outcome(("asked",))


def recorded(spec: str = "Alice,Bruno", actors: OneKeyboard | None = None, **options) -> tuple[Match, ListRecorder]:  # type: ignore[no-untyped-def]
    recorder = ListRecorder()
    match = Match(GameConfig.from_spec(spec, seed=7, **options), lexicon=WORDS, recorder=recorder, actors=actors)
    recorder.match = match
    return match, recorder


def test_every_change_is_recorded_through_the_port_and_closing_closes_it():
    match, recorder = recorded()
    match.play("H4 BALTE")
    match.accept()
    match.pass_()
    assert recorder.saved == [1, 2, 3]
    match.close()
    assert recorder.closed


@pytest.mark.parametrize("later", [True, False])
def test_a_computer_move_the_recorder_postpones_is_dropped_quietly_a_refusal_for_good_is_not(later):
    match, recorder = recorded("Alice,ordi:1")
    match.play("H4 BALTE")
    task = match.computer_task()
    assert task is not None
    recorder.refuse = Refused(later)
    if later:
        assert match.complete_computer(task, Move.pass_()) == Outcome()
        assert match.tick() is False  # no clock: nothing to charge, nothing asked of the recorder
    else:
        with pytest.raises(Refused):
            match.complete_computer(task, Move.pass_())


def test_a_seat_policy_decides_who_acts_and_whose_rack_is_shown():
    seat = OneSeat(me=1)
    match, recorder = recorded(actors=seat)
    assert match.actor == 0 and match.current_human is None and match.rack_owner == 1
    with pytest.raises(ScrabbleError) as refused:
        match.play("H4 BALTE")
    assert refused.value.code == "not_your_turn" and recorder.saved == []
    keyboard, _recorder = recorded()
    assert keyboard.current_human == 0 and keyboard.rack_owner == 0


def test_a_seat_leaves_the_clocks_to_the_table_a_keyboard_stops_them_for_a_dialog():
    match, _recorder = recorded(actors=OneSeat(me=0), clock_minutes=5)
    match.play("H4 BALTE")
    match.pause()
    assert match.clocks is not None and match.clocks.running == 1  # a dialog here stops nothing
    keyboard, _recorder = recorded(clock_minutes=5)
    keyboard.pause()
    assert keyboard.clocks is not None and keyboard.clocks.running is None


def test_a_seat_asks_the_others_before_an_undo():
    seat = OneSeat(me=0)
    match, recorder = recorded(actors=seat)
    match.play("H4 BALTE")
    assert match.undo().messages == ("asked",) and len(match.game.history) == 1
    match.take_back()  # what the others' agreement does
    assert match.game.history == [] and seat.asked == ["undo"] and recorder.saved == [1, 0]


def test_a_challenge_judged_by_hand_goes_where_the_policy_sends_it():
    seat = OneSeat(me=0)
    match, _recorder = recorded(actors=seat, verification=Verification.MANUAL)
    match.play("H4 BALTE")
    seat.me = 1  # Bruno's seat challenges
    assert match.contest(1).messages == ("asked",) and seat.asked == ["judge BALTE"]
    assert match.game.pending is not None  # nothing judged yet
    keyboard, _recorder = recorded(verification=Verification.MANUAL)
    keyboard.play("H4 BALTE")
    with pytest.raises(ScrabbleError) as needed:
        keyboard.contest(1)
    assert needed.value.code == "answers_needed"


def test_the_settings_read_back_as_written():
    config = GameConfig.from_spec("Alice,ordi:2", seed=3, clock_minutes=25, private_screen=True, club=True,
                                  verification=Verification.MANUAL, lexicon_path="/x/mots.txt")
    again = GameConfig.from_settings(config.players, config.rules, config.seed, config.settings())
    assert again == config
    damaged = GameConfig.from_settings(config.players, config.rules, None,
                                       {"verification": "?", "clock_minutes": True, "club": 1})
    assert (damaged.verification, damaged.clock_minutes, damaged.club) == (Verification.AUTO, None, False)


def test_a_saved_game_and_a_table_write_their_gcg_with_one_writer():
    match, _recorder = recorded()
    match.play("H4 BALTE")
    match.accept()
    match.lookup(["TABLE"])
    record = SavedGame.new(match.game, [("Alice", None), ("Bruno", None)], match.config.settings())
    record.notes = [note.to_data() for note in match.notes]
    assert config_from_record(record) == match.config
    text = record_gcg(record, match.game)
    assert text == match_gcg(match.game, match.notes, record.settings)
    # The word count is read from the settings each keeps, as a record and a table both keep it.
    record.settings["lexicon_words"] = 411430
    lines = record_gcg(record, match.game).splitlines()
    assert any(line.startswith("#lexicon ") and line.endswith(" 411430") for line in lines)
    assert "\n#note Bruno " in text and text.rstrip().endswith("TABLE")
