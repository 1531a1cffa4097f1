"""The recorder: a local save taken under the game's lock, every save checked against it, the
first failure said once; and the port a match records through."""

from __future__ import annotations

import pytest

from scrabble_fr.engine.game import Game
from scrabble_fr.i18n import set_language
from scrabble_fr.match import GameConfig, Match
from scrabble_fr.records.errors import RecordError
from scrabble_fr.records.recorder import LocalSave, Unrecorded
from scrabble_fr.records.save import SavedGame
from scrabble_fr.records.store import RecordStore

PLAYERS = [("Alice", None), ("Bruno", None)]


def _record(seed: int = 7) -> tuple[Game, SavedGame]:
    game = Game(["Alice", "Bruno"], seed=seed)
    return game, SavedGame.new(game, PLAYERS)


def test_each_save_brings_the_record_up_to_date_then_writes_it(tmp_path):
    game, record = _record()
    store = RecordStore(tmp_path)
    save = LocalSave(store, record, lambda r: r.update(game))
    game.play("H4 BALTE")
    assert save.save() is None
    assert store.load(record.id).actions == record.actions != []


def test_a_second_writer_is_refused_and_nothing_is_taken(tmp_path):
    _game, record = _record()
    store = RecordStore(tmp_path)
    first = LocalSave(store, record, lambda r: None)
    with pytest.raises(RecordError) as refused:
        LocalSave(store, record, lambda r: None)
    assert refused.value.code == "save_locked"
    assert first.lock is not None and first.lock.holds()


def test_closing_lets_another_writer_in(tmp_path):
    _game, record = _record()
    store = RecordStore(tmp_path)
    LocalSave(store, record, lambda r: None).close()
    again = LocalSave(store, record, lambda r: None)
    assert again.lock is not None and again.lock.holds()


def test_a_game_taken_over_stops_writing_and_says_it_once(tmp_path):
    set_language("en")
    game, record = _record()
    store = RecordStore(tmp_path)
    first = LocalSave(store, record, lambda r: r.update(game))
    first.save()
    taker = LocalSave(store, SavedGame.from_json(record.to_json()), lambda r: None, take_over=True)
    game.play("H4 BALTE")
    warning = first.save()
    assert warning is not None and warning.startswith("The game could not be saved: ")
    assert first.save() is None  # said once
    assert store.load(record.id).actions == []  # never two writers
    assert taker.lock is not None and taker.lock.holds()


def test_an_unwritable_folder_is_played_anyway_and_said_once(tmp_path):
    set_language("fr")
    blocker = tmp_path / "parties"
    blocker.write_text("not a folder", encoding="utf-8")
    _game, record = _record()
    save = LocalSave(RecordStore(blocker), record, lambda r: None)
    assert save.lock is None  # the lock could not be taken: the first save says why
    warning = save.save()
    assert warning is not None and warning.startswith("La partie n'a pas pu être sauvegardée\u00a0: ")
    assert save.save() is None
    save.close()


def test_unrecorded_says_nothing():
    nowhere = Unrecorded()
    assert nowhere.save() is None
    nowhere.close()


class CountingRecorder:
    """A recorder of the shape a table's log has: it counts what it is asked."""

    def __init__(self) -> None:
        self.saves = 0
        self.closed = False

    def save(self) -> str | None:
        self.saves += 1
        return "full disk" if self.saves == 1 else None

    def close(self) -> None:
        self.closed = True

    def postponed(self, error: object) -> bool:
        return False


def test_a_match_records_through_the_recorder_it_is_given(tmp_path):
    recorder = CountingRecorder()
    match = Match(GameConfig.from_spec("Alice,Bruno", seed=7), recorder=recorder)
    outcome = match.play("H4 BALTE")
    assert recorder.saves == 1 and outcome.warning == "full disk"
    match.accept()
    assert recorder.saves == 2
    match.close()
    assert recorder.closed and match.lock is None
    with pytest.raises(ValueError):
        Match(GameConfig.from_spec("Alice,Bruno"), recorder=CountingRecorder(), store=RecordStore(tmp_path))
