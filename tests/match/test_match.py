"""The match without a screen: undo with computer replies, clocks and the overtime penalty in the
save, hints and look-ups as notes that survive resumption, the one-writer lock, and contests
where a computer is involved under manual verification.

Scores used (French values, hand-worked in tests/engine/test_scoring.py): H4 MAISON = 18.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import pytest

from scrabble_fr.engine.errors import ScrabbleError
from scrabble_fr.engine.game import EventKind, Phase, Termination
from scrabble_fr.engine.rules import Rules
from scrabble_fr.match import GameConfig, Match, MatchError, Note
from scrabble_fr.records.errors import RecordError
from scrabble_fr.records.gcg import write_gcg
from scrabble_fr.records.recorder import LocalSave
from scrabble_fr.records.store import RecordStore


class Words:
    """A word list of a few words."""

    name = "mini"

    def __init__(self, *words: str) -> None:
        self.words_set = set(words)

    def __contains__(self, word: object) -> bool:
        return word in self.words_set

    def __len__(self) -> int:
        return len(self.words_set)

    def words(self):
        return iter(sorted(self.words_set))


class Scripted:
    """A computer that plays the moves it is given, in order (then passes), and contests or not."""

    def __init__(self, *moves: str, contests: bool = False) -> None:
        self.moves = list(moves)
        self.contests = contests

    def choose(self, position, bag_count):
        from scrabble_fr.engine.move import Move

        return position.parse_move(self.moves.pop(0)) if self.moves else Move.pass_()

    def should_contest(self, position_before, move, lexicon) -> bool:
        return self.contests


class FakeTime:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _match(rig=None, spec="Alice,ordi:3", racks=("AEIMNOS", "EEEEEOS"), computer=None, lexicon=None,
           store=None, rules="ffsc", seed=5, now=None, **options) -> Match:
    """A match; with ``rig`` the racks are set by hand (no store then: a rigged game does not
    replay from its seed), without it the seed's own draw is played (seed 7: Alice IELTABP)."""
    config = GameConfig.from_spec(spec, seed=seed, rules=Rules.preset(rules), **options)
    game = config.new_game()
    match = Match(config, game=game, record=config.new_record(game) if store is not None else None,
                  recorder=LocalSave(store) if store is not None else None,
                  lexicon=lexicon or Words("MAISON", "OS", "OO", "SN"),
                  computers=(lambda level, rng: computer) if computer is not None else None,
                  now=now or FakeTime())
    if rig is not None:
        assert store is None
        rig(match.game, list(racks))
    return match


# Seed 7 draws IELTABP for Alice: H4 BALTE puts B on H4 (double letter) and E on the centre
# (double word): (3 × 2 + 1 + 1 + 1 + 1) × 2 = 20 (English 8D BALTE: the same squares, 20).
SEED = 7


# -- undo ---------------------------------------------------------------------------------------


def test_undo_takes_back_the_human_move_and_the_computer_reply(rig, game_snapshot):
    computer = Scripted("G8 OS")
    match = _match(rig, computer=computer)
    start = game_snapshot(match.game)
    match.play("H4 MAISON")  # the only opponent is a computer that does not contest: accepted
    assert match.game.phase is Phase.TURN and match.game.to_move == 1
    match.run_computers()  # Ordi 3 replies G8 OS (8 points)
    assert match.game.scores == [18, 8] and match.current_human == 0

    outcome = match.undo()
    assert outcome.messages
    assert game_snapshot(match.game) == start  # back before Alice's move: board empty, racks whole
    assert match.current_human == 0
    [note] = match.notes
    assert (note.kind, note.after, note.player) == ("undo", 0, 0)
    assert note.detail["moves"] == ["Alice H4 MAISON (+18)", "Ordi 3 G8 OS (+8)"]


def test_undo_with_two_humans_takes_back_one_action(rig):
    match = _match(rig, spec="Alice,Bruno")
    match.play("H4 MAISON")
    match.accept()
    match.undo()  # Bruno's acceptance
    assert match.game.phase is Phase.ANNOUNCED and match.actor == 1
    match.undo()  # Alice's move
    assert match.game.history == [] and match.actor == 0


def test_undo_is_refused_when_only_computer_moves_are_behind(rig, game_snapshot):
    match = _match(rig, spec="ordi:3,Alice", racks=("AEIMNOS", "EEEEEOS"), computer=Scripted("H4 MAISON"))
    match.run_computers()  # the computer opens; Alice, a human, now decides on its move
    before = game_snapshot(match.game)
    with pytest.raises(MatchError) as info:
        match.undo()
    assert info.value.code == "undo_nothing"
    assert game_snapshot(match.game) == before
    assert match.notes == []


@pytest.mark.parametrize("options, code", [({"club": True}, "undo_club"), ({"clock_minutes": 25}, "undo_clock")])
def test_undo_is_refused_in_club_mode_and_with_a_clock(rig, game_snapshot, options, code):
    match = _match(rig, spec="Alice,Bruno", **options)
    match.play("H4 MAISON")
    before = game_snapshot(match.game)
    with pytest.raises(MatchError) as info:
        match.undo()
    assert info.value.code == code
    assert game_snapshot(match.game) == before


def test_undo_is_saved_and_exported_as_a_note(tmp_path):
    store = RecordStore(tmp_path)
    match = _match(computer=Scripted(), store=store, seed=SEED)
    match.play("H4 BALTE")
    match.run_computers()  # the computer passes
    match.undo()
    match.close()
    record = store.load(match.record.id)
    assert record.actions == []  # the undone actions are gone from the replay...
    assert record.notes[0]["kind"] == "undo"  # ...but the undo is recorded
    assert record.notes[0]["detail"]["moves"] == ["Alice H4 BALTE (+20)", "Ordi 3 passe"]
    notes = [Note.from_data(d, 2) for d in record.notes]
    gcg = write_gcg(record.rebuild(), notes=[(n.after, n.gcg_text(["Alice", "Ordi 3"])) for n in notes if n])
    assert "#note Alice took back: Alice H4 BALTE (+20); Ordi 3 passe" in gcg


# -- clocks and the overtime penalty ------------------------------------------------------------


def test_overtime_penalty_is_charged_as_minutes_start_and_reaches_the_save(tmp_path):
    # NASPA: 10 points per started minute over. A 1-minute clock; Alice thinks 70 s: 10 s over,
    # one minute started, −10, charged when she plays 8D BALTE (20): 20 − 10 = 10.
    store = RecordStore(tmp_path)
    clock = FakeTime()
    match = _match(spec="Alice,Bruno", store=store, rules="naspa", seed=SEED, now=clock, clock_minutes=1)
    clock.now += 70
    match.play("8D BALTE")
    assert match.game.scores == [10, 0]
    [penalty] = [e for e in match.game.history if e.kind is EventKind.TIME_PENALTY]
    assert (penalty.player, penalty.points) == (0, -10)
    # Bruno's clock runs now (the announced move waits for him); Alice's is stopped.
    clock.now += 30
    assert match.clock_seconds() == [-10.0, 30.0]
    record = store.load(match.record.id)
    assert record.actions[0] == {"type": "time_penalty", "player": 0, "overrun": 10.0}
    assert record.settings["clocks"] == [-10.0, 60.0]
    assert record.rebuild().scores == [10, 0]


def test_tick_charges_a_new_minute_without_any_move():
    clock = FakeTime()
    match = _match(spec="Alice,Bruno", rules="naspa", now=clock, clock_minutes=1)
    clock.now += 59
    assert match.tick() is False  # still within her time
    clock.now += 2  # 1 s over: the first minute started
    assert match.tick() is True
    assert match.tick() is False  # the same minute is not charged twice
    assert match.game.scores == [-10, 0]


def test_clocks_stop_while_a_dialog_is_open_and_during_the_hand_over():
    clock = FakeTime()
    match = _match(spec="Alice,Bruno", now=clock, clock_minutes=25, private_screen=True)
    assert match.needs_handover() == 0
    clock.now += 100  # nobody at the keyboard yet: no clock runs
    assert match.clock_seconds() == [1500.0, 1500.0]
    match.reveal(0)
    clock.now += 10
    match.pause()  # a dialog opens
    clock.now += 300
    match.resume()
    clock.now += 5
    assert match.clock_seconds() == [1485.0, 1500.0]  # 10 s before the dialog, 5 s after
    assert match.rack_visible()


def test_no_penalty_is_charged_after_the_end_and_the_clocks_stop(rig):
    clock = FakeTime()
    match = _match(rig, spec="Alice,Bruno", racks=("ABCDEFG", "JKQWXYZ"), rules="naspa", now=clock,
                   clock_minutes=1)
    for _ in range(6):
        match.pass_()
    assert match.game.is_over
    scores = list(match.game.scores)
    clock.now += 500
    assert match.tick() is False
    assert match.game.scores == scores


@pytest.mark.parametrize("rules", ["naspa", "wespa"])
def test_a_player_more_than_ten_minutes_over_time_ends_the_game(rig, rules):
    # NASPA and WESPA: −10 per started minute over, and "the game ends when a player exceeds 10
    # minutes of overtime". A club game on a 25-minute clock; Alice's clock is read 11:05 over
    # (1565 s after her 25 minutes): the game is over, she is charged the 10 minutes up to the
    # limit, −100 (not −120), and each player subtracts their own rack, as in a blocked game:
    # Alice ABCDEFG = 1+3+3+2+1+4+2 = 16, Bruno JKQWXYZ = 8+5+10+4+8+4+10 = 49.
    clock = FakeTime()
    match = _match(rig, spec="Alice,Bruno", racks=("ABCDEFG", "JKQWXYZ"), rules=rules, now=clock,
                   clock_minutes=25, club=True)
    clock.now += 25 * 60 + 11 * 60 + 5
    assert match.tick() is True
    game = match.game
    assert match.game.is_over and game.termination is Termination.TIME and game.timed_out == 0
    assert [(e.kind, e.player, e.points) for e in game.history] == [
        (EventKind.TIME_PENALTY, 0, -100), (EventKind.END_RACK_LOSS, 0, -16), (EventKind.END_RACK_LOSS, 1, -49)]
    assert game.scores == [-116, -49]
    with pytest.raises(ScrabbleError):
        match.play("8D FACE")


def test_nine_minutes_over_the_game_goes_on_and_past_ten_it_stops_without_a_new_minute(rig):
    clock = FakeTime()
    match = _match(rig, spec="Alice,Bruno", racks=("ABCDEFG", "JKQWXYZ"), rules="naspa", now=clock,
                   clock_minutes=1)
    clock.now += 60 + 9 * 60 + 59  # 9:59 over: ten minutes started, −100, the game goes on
    assert match.tick() is True and not match.game.is_over and match.game.scores == [-100, 0]
    clock.now += 2  # 10:01 over: past the limit; no minute beyond the limit is charged
    assert match.tick() is True and match.game.is_over
    assert match.game.scores == [-100 - 16, -49]


def test_an_ffsc_club_clock_that_runs_out_costs_nothing_unverified(rig):
    # The French federation's classic rule for a player out of time could not be read (regles.md):
    # the behaviour is kept, marked unverified. A club game's 25 minutes run out and 11:05 more
    # pass: no penalty, no end, the game goes on.
    clock = FakeTime()
    match = _match(rig, spec="Alice,Bruno", rules="ffsc", now=clock, clock_minutes=25, club=True)
    assert (match.game.rules.overtime_penalty, match.game.rules.overtime_limit) == (0, 0)
    clock.now += 25 * 60 + 11 * 60 + 5
    assert match.tick() is False
    match.play("H4 MAISON")
    assert not match.game.is_over and match.game.scores == [18, 0]
    assert match.clock_seconds()[0] == -(11 * 60 + 5)


def test_a_move_after_the_limit_finds_the_game_over_and_the_save_replays_it(tmp_path):
    store = RecordStore(tmp_path)
    clock = FakeTime()
    match = _match(spec="Alice,Bruno", store=store, rules="naspa", seed=SEED, now=clock, clock_minutes=1)
    clock.now += 60 + 10 * 60 + 1
    outcome = match.play("8D BALTE")  # the clock is read first: past the limit, nothing is played
    assert match.game.is_over and match.game.board.is_empty() and outcome.warning is None
    record = store.load(match.record.id)
    again = record.rebuild()
    assert again.termination is Termination.TIME and again.scores == match.game.scores


# -- hints and look-ups -------------------------------------------------------------------------


def test_hints_and_look_ups_are_one_line_per_turn_and_survive_resumption(tmp_path):
    store = RecordStore(tmp_path)
    match = _match(spec="Alice,Bruno", store=store, seed=SEED, lexicon=Words("BALTE", "OS"))
    for _ in range(3):
        task = match.hint_task()
        lines = match.complete_hint(task, task.compute())
        assert lines and "BALTE" in lines[0] and "20" in lines[0]
    match.lookup(["balte", "zzz"])
    match.lookup(["os"])
    assert [(n.kind, n.count) for n in match.notes] == [("hint", 3), ("lookup", 2)]
    assert match.notes[1].detail["words"] == ["BALTE", "ZZZ", "OS"]
    match.play("H4 BALTE")
    match.close()

    record = store.load(match.record.id)
    from scrabble_fr.match import config_from_record

    again = Match(config_from_record(record), game=record.rebuild(), record=record, recorder=LocalSave(store),
                  lexicon=Words(), computers=None)
    assert again.notes == match.notes
    assert [type(row).__name__ for row in again.timeline()] == ["Note", "Note", "Event"]


def test_a_stale_hint_is_dropped(rig):
    match = _match(rig, spec="Alice,Bruno")
    task = match.hint_task()
    match.pass_()
    assert match.complete_hint(task, []) is None
    assert match.notes == []


def test_club_mode_refuses_hints_and_word_tools(rig):
    match = _match(rig, spec="Alice,Bruno", club=True)
    for action, code in ((match.hint_task, "hint_club"), (lambda: match.lookup(["OS"]), "tools_club")):
        with pytest.raises(MatchError) as info:
            action()
        assert info.value.code == code
    assert match.config.clock_minutes == 25  # the clock is on, with the rules' time


@pytest.mark.parametrize("verification", ["auto", "manuelle"])
def test_a_challenge_naming_a_word_the_move_did_not_form_is_refused(rig, verification):
    # « contester PLIAE »: a slip that used to contest every word and cost the contester 10 points.
    match = _match(rig, spec="Alice,Bruno", lexicon=Words("MAISON"), verification=verification)
    match.play("H4 MAISON")
    before = (list(match.game.history), list(match.game.scores), match.game.actions)
    with pytest.raises(ScrabbleError) as refused:
        match.contest(1, {"MAISON": True}, words=["PLIAE"])
    assert refused.value.code == "word_not_formed"
    assert "PLIAE" in str(refused.value) and "MAISON" in str(refused.value)
    assert (list(match.game.history), list(match.game.scores), match.game.actions) == before
    assert match.game.phase is Phase.ANNOUNCED


# -- contests with a computer, manual verification ----------------------------------------------


def test_manual_verification_a_human_contesting_a_computer_is_judged_by_the_list(rig):
    # The computer plays MAISON, which the active list lacks: no human judges the computer.
    match = _match(rig, spec="ordi:3,Alice", computer=Scripted("H4 MAISON"), lexicon=Words("OS"),
                   verification="manuelle")
    match.run_computers()
    assert match.game.phase is Phase.ANNOUNCED
    assert match.contest_needs_answers(1) is False
    outcome = match.contest(1)
    assert "liste de mots" in outcome.text  # the screen says who judged
    assert match.game.history[-1].kind is EventKind.WITHDRAWN
    assert match.game.scores == [0, 0]


def test_manual_verification_a_computer_contesting_a_human_is_judged_by_the_list(rig):
    match = _match(rig, computer=Scripted(contests=True), lexicon=Words("MAISON"), verification="manuelle")
    outcome = match.play("H4 MAISON")
    # MAISON is in the list: the computer's contest fails and costs it 10 points (FFSc).
    assert "liste de mots" in outcome.text
    assert match.game.scores == [18, -10]


def test_manual_verification_between_humans_needs_the_players_answers(rig):
    match = _match(rig, spec="Alice,Bruno", verification="manuelle", lexicon=Words())
    match.play("H4 MAISON")
    assert match.contest_needs_answers(1) is True
    with pytest.raises(MatchError):
        match.contest(1)
    match.contest(1, {"MAISON": True})
    assert match.game.scores == [18, -10]


# -- the lock -----------------------------------------------------------------------------------

_HOLDER = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from scrabble_fr.records.lock import SaveLock
    lock = SaveLock(Path(sys.argv[1]), "g")
    lock.acquire()
    print("held", flush=True)
    time.sleep(60)
    """
)


def test_a_second_process_is_refused_then_may_take_over(tmp_path):
    store = RecordStore(tmp_path)
    match = _match(spec="Alice,Bruno", store=store, seed=SEED)
    match.play("H4 BALTE")
    lock_path = store.lock(match.record.id).path
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2]))
    match.close()  # this process leaves the game; another one opens it
    holder = subprocess.Popen([sys.executable, "-c", _HOLDER, str(lock_path)], stdout=subprocess.PIPE, env=env,
                              text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        record = store.load(match.record.id)
        from scrabble_fr.match import config_from_record

        with pytest.raises(RecordError) as info:
            Match(config_from_record(record), game=record.rebuild(), record=record, recorder=LocalSave(store),
                  lexicon=Words())
        assert info.value.code == "save_locked"
        assert info.value.params["pid"] == holder.pid
        assert "--forcer" in str(info.value)
        taken = Match(config_from_record(record), game=record.rebuild(), record=record,
                      lexicon=Words(), recorder=LocalSave(store, take_over=True))
        assert taken.recorder.lock is not None and taken.recorder.lock.holds()
    finally:
        holder.kill()
        holder.wait()


def test_a_lock_left_by_a_dead_process_is_taken_silently(tmp_path):
    store = RecordStore(tmp_path)
    match = _match(spec="Alice,Bruno", store=store, seed=SEED)
    match.play("H4 BALTE")
    # A crash: the lock file stays, naming a process that no longer exists, and the system has
    # released the lock the dead process held (here: this process lets it go, saving nothing).
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    match.recorder.lock.release()
    store.lock(match.record.id).path.write_text(f'{{"pid": {dead.pid}, "token": "x"}}', encoding="utf-8")
    record = store.load(match.record.id)
    from scrabble_fr.match import config_from_record

    again = Match(config_from_record(record), game=record.rebuild(), record=record, recorder=LocalSave(store),
                  lexicon=Words())
    assert again.recorder.lock is not None and again.recorder.lock.holds()


def test_the_window_whose_game_was_taken_over_stops_saving(tmp_path):
    store = RecordStore(tmp_path)
    first = _match(spec="Alice,Bruno", store=store, seed=SEED)
    first.play("H4 BALTE")
    record = store.load(first.record.id)
    from scrabble_fr.match import config_from_record

    second = Match(config_from_record(record), game=record.rebuild(), record=record,
                   lexicon=Words(), recorder=LocalSave(store, take_over=True))
    second.accept()
    saved = store.load(first.record.id).actions
    outcome = first.accept()  # the first window does not know yet
    assert outcome.warning and "autre processus" in outcome.warning
    assert store.load(first.record.id).actions == saved  # never two writers
    assert isinstance(outcome.warning, str)


# -- players refused before any screen ----------------------------------------------------------


@pytest.mark.parametrize("spec, code", [
    ("Alice,ordi:9", "players_bad_level"),
    ("Alice,ordi:0", "players_bad_level"),
    ("Alice,ordi:abc", "players_bad_level"),
    ("Alice,,Bruno", "players_empty_name"),
    ("Alice, ", "players_empty_name"),
    ("Alice,alice", "players_duplicate"),
    ("", "players_count"),
    (",".join(f"P{i}" for i in range(9)), "players_count"),
])
def test_bad_players_are_refused(spec, code):
    with pytest.raises(ScrabbleError) as info:
        GameConfig.from_spec(spec)
    assert info.value.code == code


def test_two_computers_of_one_level_get_two_names():
    config = GameConfig.from_spec("ordi:3,ordi:3")
    assert [p.name for p in config.players] == ["Ordi 3", "Ordi 3-2"]


def test_a_save_holding_a_bad_player_is_reported_not_a_crash(tmp_path):
    from scrabble_fr.match import config_from_record

    store = RecordStore(tmp_path)
    match = _match(spec="Alice,Bruno", store=store, seed=SEED)
    match.play("H4 BALTE")
    record = store.load(match.record.id)
    record.players[1] = {"name": "Alice", "computer_level": 42}
    with pytest.raises(ScrabbleError) as info:
        config_from_record(record)
    assert info.value.code == "save_replay"


# -- who acts, who may contest, the hand-over ---------------------------------------------------


def test_the_contester_is_found_by_name_or_chosen_among_several(rig):
    match = _match(rig, spec="Alice,Bruno,Chloé", racks=("AEIMNOS", "EEEEEOS", "ABCDEFG"))
    match.play("H4 MAISON")
    assert match.actor == 1  # Bruno acts next: his move would accept it
    assert match.human_contesters() == [1, 2]
    assert match.find_contester() is None  # two may: the players choose
    assert match.find_contester("ch") == 2
    with pytest.raises(MatchError) as info:
        match.find_contester("Zoé")
    assert info.value.code == "unknown_contester"
    match.contest(2)  # MAISON is in the list: Chloé pays 10 (FFSc)
    assert match.game.scores == [18, 0, -10]


def test_a_private_screen_hands_the_keyboard_over_at_each_human_turn(rig):
    match = _match(rig, spec="Alice,Bruno", private_screen=True)
    assert match.needs_handover() == 0 and not match.rack_visible()
    match.reveal(0)
    assert match.needs_handover() is None and match.rack_visible()
    match.play("H4 MAISON")
    assert not match.rack_visible()  # Bruno's rack, while Alice is still at the keyboard
    match.accept()
    assert match.needs_handover() == 1
    match.reveal(1)
    assert match.rack_visible()


def test_a_computers_rack_is_hidden_from_the_humans_and_its_turn_is_a_task(rig):
    match = _match(rig, computer=Scripted("G8 OS"))
    match.play("H4 MAISON")
    assert match.current_human is None and not match.rack_visible()
    task = match.computer_task()
    assert task is not None and task.player == 1
    assert match.computer_task() is None  # handed out once
    with pytest.raises(MatchError) as info:
        match.pass_()  # not a human's turn
    assert info.value.code == "not_human_turn"
    match.complete_computer(task, task.compute())
    assert match.game.history[-1].move.notation("fr") == "G8 OS"


def test_a_stale_computer_answer_is_dropped(rig, game_snapshot):
    match = _match(rig, spec="ordi:3,Alice", computer=Scripted("H4 MAISON"))
    task = match.computer_task()
    assert task is not None
    match.game.pass_()  # the game moved on meanwhile (as an undo or a resumption would)
    before = game_snapshot(match.game)
    assert match.complete_computer(task, task.compute()).messages == ()
    assert game_snapshot(match.game) == before


def test_the_pass_that_would_end_the_game_is_known_before_it_is_made(rig):
    match = _match(rig, spec="Alice,Bruno")
    for _ in range(5):
        assert not match.pass_ends_game()
        match.pass_()
    assert match.pass_ends_game()  # FFSc: the sixth pass in a row blocks the game
    match.pass_()
    assert match.game.is_over


def test_an_exchange_refused_before_the_tiles_are_picked(rig, mini_rules):
    # 14 tiles in the racks and 10 in the bag: after Alice's MAISON and her draw of 6, 4 remain.
    config = GameConfig.from_spec("Alice,Bruno", seed=5, rules=mini_rules("ffsc", "AEIMNOS" + "EEEEEOS" + "ABCDEFGHIL"))
    match = Match(config, lexicon=Words("MAISON"), computers=None, now=FakeTime())
    rig(match.game, ["AEIMNOS", "EEEEEOS"])
    match.play("H4 MAISON")
    with pytest.raises(ScrabbleError) as info:
        match.check_exchange()
    assert info.value.code == "exchange_bag_too_small"


def test_a_save_folder_that_cannot_be_written_still_lets_the_game_be_played(tmp_path):
    # The "folder" is a file: neither the lock nor the save can be written there.
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("", encoding="utf-8")
    match = _match(spec="Alice,Bruno", store=RecordStore(blocked / "parties"), seed=SEED)
    assert match.recorder.lock is None
    outcome = match.play("H4 BALTE")
    assert match.game.pending is not None  # the move is announced all the same
    assert outcome.warning and "sauvegardée" in outcome.warning  # and the player is told
    assert match.play("passer").warning is None  # once


def test_undoing_a_contestation_says_what_was_taken_back(rig):
    match = _match(rig, spec="Alice,Bruno")
    match.play("H4 MAISON")
    match.contest(1)  # MAISON is valid: Bruno pays 10 (FFSc)
    match.undo()
    assert match.game.scores == [18, 0]
    assert match.notes[-1].detail["moves"] == ["Bruno contestation perdue (-10)"]


@pytest.mark.parametrize("intent", ["pass", "place", "accept"])
def test_when_the_computer_goes_out_any_human_intent_ends_the_game(rig, mini_rules, intent):
    # The computer (Bruno) holds AEINRST with an empty bag and goes out with ENTRAIS; Alice keeps
    # KWZ, worth 10 + 10 + 10 under the French tile values.
    config = GameConfig.from_spec("Alice,ordi:3", seed=5, rules=mini_rules("ffsc", "KWZ" + "AEINRST"))
    match = Match(config, lexicon=Words("ENTRAIS"), computers=lambda level, rng: Scripted("H8 ENTRAIS"),
                  now=FakeTime())
    rig(match.game, ["KWZ", "AEINRST"])
    match.game.pass_()  # Alice passes: the computer's turn
    match.run_computers()
    assert match.game.pending is not None and match.current_human == 0
    score = match.game.pending.move.score
    outcome = {"pass": match.pass_, "accept": match.accept, "place": lambda: match.play("G8 ZE")}[intent]()
    assert match.game.is_over
    assert match.game.scores == [-30, score + 30]
    assert outcome.messages[0] == "Coup accepté."


@pytest.mark.parametrize("rules, expected, foreign", [
    ("ffsc", ["a demandé un indice", "contestation perdue de BALTE"], ["asked", "challenge", "took back"]),
    ("hasbro", ["asked for a hint"], ["demandé", "contestation"]),
])
def test_a_games_record_speaks_its_language_whatever_the_readers(rules, expected, foreign):
    from scrabble_fr.i18n import set_language

    set_language("en" if rules == "ffsc" else "fr")  # the reader's language is not the game's
    try:
        match = _match(spec="Alice,Bruno", seed=SEED, rules=rules, lexicon=Words("BALTE", "TABLE"))
        match.complete_hint(match.hint_task(), [])
        move = "H4 BALTE" if rules == "ffsc" else "8D BALTE"
        match.play(move)
        if rules == "ffsc":
            match.contest(1)  # BALTE is valid: Bruno loses 10, noted in French
        gcg = match.export_gcg(Path(tempfile.mkdtemp()) / "g.gcg").read_text(encoding="utf-8")
    finally:
        set_language("fr")
    notes = [line for line in gcg.splitlines() if line.startswith("#note")]
    assert all(any(text in line for line in notes) for text in expected), notes
    assert not any(word in line for line in notes for word in foreign), notes


def test_the_hint_in_the_endgame_shows_the_solvers_move_and_spread(rig, mini_rules):
    # The tile set is the two racks: the bag is empty from the start. Alice's best is H4 MAISON
    # (18, as above) going out: Bruno's S and T (1 + 1) are added to her and taken from him.
    rules = mini_rules("ffsc", "AIMNOSST")
    config = GameConfig.from_spec("Alice,Bruno", seed=5, rules=rules)
    match = Match(config, lexicon=Words("MAISON", "OS"), computers=None, now=FakeTime())
    rig(match.game, ["AIMNOS", "ST"])
    task = match.hint_task()
    lines = match.complete_hint(task, task.compute())
    assert lines is not None and len(lines) == 2
    assert "MAISON" in lines[0] and "18" in lines[0]
    assert "+22" in lines[1] and "Finale résolue" in lines[1]
