"""A topping game saved after every change and resumed exactly: the closed coups' counts, the
coup in progress with its tries, its hints and the time it had taken; a record that does not
replay is refused in one line."""

from __future__ import annotations

import json

import pytest

from scrabble_fr import resume
from scrabble_fr.records.errors import RecordError
from scrabble_fr.records.recorder import LocalSave
from scrabble_fr.records.store import RecordStore, SaveStatus
from scrabble_fr.training.save import ToppingRecord
from scrabble_fr.training.topping import ToppingSession, ToppingSettings


def top_text(session: ToppingSession) -> str:
    top = session.current.top
    return f"{session.game.reference(top)} {top.word}"


def played(words, clock, store) -> ToppingSession:
    """Coup 1 found at 9 s after a hint (count 19), coup 2 given up (120), coup 3 under way:
    one hint and a try at 4 s, 14 s taken, then the game is left."""
    s = ToppingSession.create(ToppingSettings("Alice", seed=4, lexicon="test"), words, recorder=LocalSave(store),
                              now=clock)
    s.start()
    s.hint()
    clock.now += 9.0
    s.propose(top_text(s))
    s.next_coup()
    clock.now += 3.0
    s.give_up()
    s.next_coup()
    s.hint()
    clock.now += 4.0
    assert not s.is_over and s.current.number == 3
    return s


def test_a_game_left_mid_coup_resumes_exactly(words, clock, tmp_path):
    store = RecordStore(tmp_path)
    s = played(words, clock, store)
    s.close()
    assert [c.count for c in s.closed] == [19, 120] and s.total == 139
    record = store.load(s.record.id)
    assert isinstance(record, ToppingRecord) and record.status is SaveStatus.IN_PROGRESS
    assert record.current == {"tries": [], "hints": 1, "elapsed": 14.0}

    kept = record.to_json()
    resume.check(record, store, words)  # replayed to be checked, then opened: the record is read only
    assert record.to_json() == kept
    clock.now += 500.0  # the time away from the game is not counted
    again = resume.open_session(record, store, words, now=clock)
    assert isinstance(again, ToppingSession)
    assert [(c.number, c.draw, c.count, c.hints, c.found) for c in again.closed] == \
        [(c.number, c.draw, c.count, c.hints, c.found) for c in s.closed]
    assert again.total == 139 and again.current.hints == 1 and again.current.draw == s.current.draw
    assert again.game.position.board == s.game.position.board
    again.start()
    assert again.remaining() == pytest.approx(46.0)
    clock.now += 6.0
    again.propose(top_text(again))
    assert again.review.count == 20  # 14 before leaving + 6 after


def test_tries_are_kept_with_their_times(words, clock, tmp_path):
    store = RecordStore(tmp_path)
    s = ToppingSession.create(ToppingSettings("Alice", seed=4, lexicon="test"), words, recorder=LocalSave(store),
                              now=clock)
    s.start()
    top = s.current.top  # seed 4: the draw CAANSIB, the top H6 BAS for 10
    clock.now += 2.5
    s.propose("H8 CAB")  # not in the list: a try scoring 0
    clock.now += 1.25
    s.propose("H7 AS")  # (1 + 1) × 2 = 4
    s.close()
    record = store.load(s.record.id)
    assert record.current["tries"] == [[2.5, "H8 CAB"], [3.75, "H7 AS"]]
    again = ToppingSession.from_record(record, words, now=clock)
    assert [(t.text, t.seconds, t.score) for t in again.current.tries] == [("H8 CAB", 2.5, 0), ("H7 AS", 3.75, 4)]
    assert again.current.top == top


def test_a_record_that_does_not_replay_is_refused(words, clock, tmp_path):
    store = RecordStore(tmp_path)
    s = played(words, clock, store)
    s.close()
    path = store.path(s.record.id)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["coups"][0]["tirage"] = "ZZZZZZZ"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RecordError) as caught:
        resume.check(store.load(s.record.id), store, words)
    assert caught.value.code == "save_replay"


def test_a_finished_game_is_saved_finished(words, clock, tmp_path):
    store = RecordStore(tmp_path)
    s = ToppingSession.create(ToppingSettings("Alice", seed=4, lexicon="test"), words, recorder=LocalSave(store),
                              now=clock)
    s.start()
    while not s.is_over:
        s.give_up()
        s.next_coup()
    s.close()
    record = store.load(s.record.id)
    assert record.status is SaveStatus.FINISHED and record.current is None
    assert len(record.coups) == len(s.closed) and all(c["count"] == 120 for c in record.coups)


def test_exporter_of_a_saved_topping_game_says_what_it_is_in_a_fresh_process(words, clock, tmp_path):
    """``exporter`` writes a classic game in GCG: a saved topping game, read by a process that has
    loaded no training module, is said to be a topping game (not a duplicate, not a damaged file)."""
    import os
    import subprocess
    import sys

    s = ToppingSession.create(ToppingSettings("Alice", seed=4, lexicon="test"), words,
                              recorder=LocalSave(RecordStore(tmp_path)), now=clock)
    s.start()
    s.close()
    env = {**os.environ, "SCRABBLE_FR_PARTIES": str(tmp_path)}
    done = subprocess.run([sys.executable, "-m", "scrabble_fr", "exporter", s.record.id, "--langue", "fr"],
                          capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 2 and done.stdout == "", done.stderr
    assert "est une partie de topping" in done.stderr and "duplicate" not in done.stderr, done.stderr
    assert "abîmée" not in done.stderr, done.stderr
