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
from scrabble_fr.records.store import RecordStore, SavedRecord

PLAYERS = [("Alice", None), ("Bruno", None)]


def _record(seed: int = 7) -> tuple[Game, SavedGame]:
    game = Game(["Alice", "Bruno"], seed=seed)
    return game, SavedGame.new(game, PLAYERS)


def _opened(store: RecordStore, record: SavedGame, *, take_over: bool = False) -> LocalSave:
    save = LocalSave(store, take_over=take_over)
    save.open(record)
    return save


def test_each_save_writes_the_record_as_the_session_left_it(tmp_path):
    game, record = _record()
    store = RecordStore(tmp_path)
    save = _opened(store, record)
    game.play("H4 BALTE")
    record.update(game)
    assert save.save() is None
    assert store.load(record.id).actions == record.actions != []
    assert save.folder == tmp_path


def test_a_second_writer_is_refused_and_nothing_is_taken(tmp_path):
    _game, record = _record()
    store = RecordStore(tmp_path)
    first = _opened(store, record)
    second = LocalSave(store)
    with pytest.raises(RecordError) as refused:
        second.open(record)
    assert refused.value.code == "save_locked"
    assert first.lock is not None and first.lock.holds() and second.lock is None


def test_closing_lets_another_writer_in(tmp_path):
    _game, record = _record()
    store = RecordStore(tmp_path)
    _opened(store, record).close()
    again = _opened(store, record)
    assert again.lock is not None and again.lock.holds()


def test_a_game_taken_over_stops_writing_and_says_it_once(tmp_path):
    set_language("en")
    game, record = _record()
    store = RecordStore(tmp_path)
    first = _opened(store, record)
    first.save()
    taker = _opened(store, SavedGame.from_json(record.to_json()), take_over=True)
    game.play("H4 BALTE")
    record.update(game)
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
    save = _opened(RecordStore(blocker), record)
    assert save.lock is None  # the lock could not be taken: the first save says why
    warning = save.save()
    assert warning is not None and warning.startswith("La partie n'a pas pu être sauvegardée\u00a0: ")
    assert save.save() is None
    save.close()


def test_a_local_save_keeps_a_record(tmp_path):
    with pytest.raises(ValueError):
        LocalSave(RecordStore(tmp_path)).open(None)


def test_unrecorded_says_nothing():
    nowhere = Unrecorded()
    nowhere.open(None)
    assert nowhere.save() is None and nowhere.folder is None
    nowhere.close()


class CountingRecorder(Unrecorded):
    """A recorder of the shape a table's log has: it counts what it is asked."""

    def __init__(self) -> None:
        self.opened: list[SavedRecord | None] = []
        self.saves = 0
        self.closed = False

    def open(self, record: SavedRecord | None) -> None:
        self.opened.append(record)

    def save(self) -> str | None:
        self.saves += 1
        return "full disk" if self.saves == 1 else None

    def close(self) -> None:
        self.closed = True


def test_a_match_records_through_the_recorder_it_is_given():
    recorder = CountingRecorder()
    match = Match(GameConfig.from_spec("Alice,Bruno", seed=7), recorder=recorder)
    assert recorder.opened == [None]  # a match kept in no file of its own (a table's seat)
    outcome = match.play("H4 BALTE")
    assert recorder.saves == 1 and outcome.warning == "full disk"
    match.accept()
    assert recorder.saves == 2
    match.close()
    assert recorder.closed


def test_a_match_keeps_its_record_up_to_date_for_its_recorder():
    config = GameConfig.from_spec("Alice,Bruno", seed=7)
    game = config.new_game()
    record = config.new_record(game)
    recorder = CountingRecorder()
    match = Match(config, game=game, record=record, recorder=recorder)
    assert recorder.opened == [record]
    match.play("H4 BALTE")
    assert record.actions == match.game.actions != []
