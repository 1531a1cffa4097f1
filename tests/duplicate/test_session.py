"""The duplicate session without a screen: proposals, the coup's clock, saving, the lock, the sheet.

The sheet below fixes the draws: coup 1 NETSAAE (top H5 NEST, 8), coup 2 AAE+BIS with the
published 8H TA, then the game ends.
"""

from __future__ import annotations

import json

import pytest

from scrabble_fr import resume
from scrabble_fr.duplicate import DuplicateRecord, DuplicateSession, DuplicateSettings, read_sheet
from scrabble_fr.engine.errors import ScrabbleError
from scrabble_fr.records.recorder import LocalSave
from scrabble_fr.records.store import RecordStore, SaveStatus

SHEET = "NETSAAE\nAAE+BIS 8H TA\n"


class FakeTime:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def session(words, tmp_path=None, players=("Alice", "Bruno"), seconds=60.0, clock=None) -> DuplicateSession:
    settings = DuplicateSettings(list(players), seconds=seconds, sheet=read_sheet(SHEET), lexicon="test")
    recorder = LocalSave(RecordStore(tmp_path)) if tmp_path is not None else None
    return DuplicateSession.create(settings, words, recorder=recorder, now=clock or FakeTime())


def test_each_player_proposes_in_turn_and_the_coup_closes_when_all_have(words):
    s = session(words)
    assert s.typist == 0 and s.accepting and s.unproposed() == [0, 1]
    outcome = s.propose("H8 SENT")
    assert outcome.messages == ("Alice a joué.",)  # the move itself stays hidden
    assert s.typist == 1 and s.unproposed() == [1]
    outcome = s.propose("H8 SNET")  # not a word: taken, scored 0 when the coup closes
    assert s.review is not None and not s.accepting
    assert outcome.messages[:2] == ("Bruno a joué.", "Tout le monde a joué.")
    assert any("H5 NEST" in line for line in outcome.messages)
    assert s.game.total(0) == 8 and s.game.total(1) == 0
    s.next_coup()
    assert s.accepting and s.shown_coup.number == 2 and s.typist == 0


def test_a_placement_the_rules_refuse_is_refused_at_once_and_can_be_retyped(words):
    s = session(words)
    with pytest.raises(ScrabbleError):
        s.propose("H8 BIS")  # no B, no I in NETSAAE
    with pytest.raises(ScrabbleError):
        s.propose("bonjour")  # no placement at all
    assert s.game.current.proposals == [None, None] and s.typist == 0
    s.propose("H8 SENT")
    s.propose("")
    s.next_coup()
    with pytest.raises(ScrabbleError) as refused:
        s.propose("A1 AS")  # far from the tiles on the board
    assert refused.value.code == "not_connected"
    assert s.game.current.proposals == [None, None]


def test_a_proposal_can_be_replaced_until_the_coup_closes(words):
    s = session(words)
    s.propose("H8 NET")
    assert s.typist == 1
    s.next_player()  # the keyboard back to Alice, who changes her move
    assert s.typist == 0
    s.propose("H8 SENT")
    assert s.game.current.proposals[0].text == "H8 SENT"
    assert s.unproposed() == [1] and s.typist == 1


def test_the_coup_closes_when_the_time_is_up(words):
    clock = FakeTime()
    s = session(words, clock=clock, seconds=30.0)
    s.propose("H8 SENT")
    assert s.tick() is None and s.remaining() == 30.0
    clock.now += 31
    outcome = s.tick()
    assert outcome is not None and outcome.messages[0] == "Le temps est écoulé."
    assert s.review is not None and s.game.total(0) == 8
    assert s.tick() is None  # closed once


def test_a_proposal_after_the_time_closes_the_coup_without_it(words):
    clock = FakeTime()
    s = session(words, clock=clock, seconds=30.0)
    clock.now += 40
    outcome = s.propose("H8 SENT")
    assert "pas été pris" in outcome.messages[0] and s.game.coups[0].proposals[0] is None


def test_pausing_stops_the_coup_clock(words):
    clock = FakeTime()
    s = session(words, clock=clock, seconds=30.0)
    s.pause()
    clock.now += 100
    s.resume()
    assert s.remaining() == 30.0


def test_every_change_is_saved_and_resumes_exactly(words, tmp_path):
    s = session(words, tmp_path)
    s.propose("H8 SENT")
    on_disk = json.loads((tmp_path / f"{s.record.id}.json").read_text(encoding="utf-8"))
    assert on_disk["format"] == "scrabble_fr-duplicate" and on_disk["pending"] == ["H8 SENT", None]
    s.close()  # the terminal closes in the middle of the coup
    record = RecordStore(tmp_path).load(s.record.id)
    assert isinstance(record, DuplicateRecord)
    again = resume.open_session(record, RecordStore(tmp_path), words)
    assert isinstance(again, DuplicateSession)
    assert again.typist == 1 and again.game.current.proposals[0].score == 8


def test_a_second_process_is_refused_and_a_taken_over_session_stops_saving(words, tmp_path):
    first = session(words, tmp_path)
    store = RecordStore(tmp_path)
    record = store.load(first.record.id)
    with pytest.raises(ScrabbleError) as refused:
        resume.check(record, store, words)
    assert refused.value.code == "save_locked"
    second = resume.open_session(record, store, words, take_over=True)
    assert first.propose("H8 SENT").warning  # said once…
    assert first.propose("", player=1).warning is None  # …and never written over the other's save
    assert store.load(first.record.id).pending == [None, None]
    second.close()


def test_the_end_writes_the_sheet_beside_the_saves(words, tmp_path):
    s = session(words, tmp_path, players=("Alice",))
    s.propose("H8 SENT")
    s.next_coup()
    outcome = s.close_coup()
    assert s.is_over and s.record.status is SaveStatus.FINISHED
    assert (tmp_path / "feuilles" / f"{s.record.id}.txt").exists()
    assert (tmp_path / "feuilles" / f"{s.record.id}.json").exists()
    assert any("feuilles" in message for message in outcome.messages)
    with pytest.raises(ScrabbleError):
        s.propose("H8 SENT")


def test_the_board_takes_a_move_only_alone(words):
    alone = session(words, players=("Alice",))
    alone.check_tile([], 7, 7, "S", False)
    table = session(words)
    with pytest.raises(ScrabbleError) as refused:
        table.check_tile([], 7, 7, "S", False)
    assert refused.value.code == "board_entry_hidden"


def test_the_newest_unfinished_game_is_offered_whatever_its_kind(words, tmp_path):
    s = session(words, tmp_path)
    s.close()
    offered = resume.offer(RecordStore(tmp_path))
    assert offered is not None and offered.record.id == s.record.id and offered.damaged is None
