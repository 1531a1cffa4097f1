"""Saving and resuming a duplicate game: atomic writes, the coup in progress, damaged records."""

from __future__ import annotations

import json

import pytest

from scrabble_fr.duplicate import DuplicateGame, DuplicateRecord, read_sheet
from scrabble_fr.records.errors import RecordError
from scrabble_fr.records.store import RecordStore, load_file


def played(words):
    game = DuplicateGame(["Alice", "Bruno"], lexicon=words, sheet=read_sheet("NETSAAE\nAAE+BIS 8H TA\n"), seconds=90)
    game.propose(0, "H8 SENT")
    game.propose(1, "H8 SNET")
    game.close_coup()
    game.propose(0, "6H ES")  # the coup in progress
    return game


def test_a_saved_game_resumes_where_it_stopped(words, tmp_path):
    game = played(words)
    store = RecordStore(tmp_path)
    record = DuplicateRecord.new(game, lexicon="test")
    store.save(record)
    again = store.load(record.id).rebuild(words)
    assert [again.total(0), again.total(1)] == [8, 0]
    assert again.current is not None and again.current.number == 2
    assert again.current.proposals[0].score == 2  # E1 + S1, still there
    assert again.current.proposals[1] is None
    assert again.seconds == 90


def test_saves_are_atomic_and_keep_the_previous_one(words, tmp_path):
    game = played(words)
    store = RecordStore(tmp_path)
    record = DuplicateRecord.new(game)
    store.save(record)
    game.close_coup()
    record.update(game)
    path = store.save(record)
    assert json.loads(path.read_text(encoding="utf-8"))["status"] == "terminee"
    assert json.loads(path.with_suffix(".json.bak").read_text(encoding="utf-8"))["status"] == "en_cours"
    assert not list(tmp_path.glob(".*.tmp"))
    assert store.latest().id == record.id and store.latest(unfinished_only=True) is None


def test_a_seeded_game_resumes_with_the_same_draws(french, tmp_path):
    game = DuplicateGame(["Alice"], lexicon=french, seed=5, seconds=None)
    for _ in range(3):
        game.propose(0, game.current.top.move.notation())  # type: ignore[union-attr]
        game.close_coup()
    record = DuplicateRecord.from_json(DuplicateRecord.new(game).to_json())
    again = record.rebuild(french)
    assert again.current.draw == game.current.draw  # type: ignore[union-attr]
    assert again.total(0) == game.total(0) == game.top_total


def test_a_record_that_does_not_replay_is_refused(words, tmp_path):
    record = DuplicateRecord.new(played(words))
    record.events[0]["placed"]["score"] = 99
    with pytest.raises(RecordError) as caught:
        record.rebuild(words)
    assert caught.value.code == "save_replay"


@pytest.mark.parametrize(
    ("text", "detail"),
    [
        ("{", "JSON"),
        ('{"format": "scrabble_fr-partie"}', "version"),
        ('{"format": "autre", "version": 1}', "format"),
        ('{"format": "scrabble_fr-duplicate", "version": 9}', None),
    ],
)
def test_a_damaged_file_is_one_clear_error(tmp_path, text, detail):
    path = tmp_path / "x.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RecordError) as caught:
        load_file(path)
    assert caught.value.code == ("save_version" if detail is None else "save_corrupt")
