"""Saved games: exact resumption, atomic writes with a backup, damaged files refused clearly."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from scrabble_fr.cli import main
from scrabble_fr.engine.game import Game, Phase
from scrabble_fr.engine.verify import LexiconVerifier
from scrabble_fr.records.errors import RecordError
from scrabble_fr.records.gcg import parse_gcg, write_gcg
from scrabble_fr.records.replay import replay
from scrabble_fr.records.save import SavedGame
from scrabble_fr.records.store import RecordStore

PLAYERS = [("Alice", None), ("Bruno", None)]


def _game() -> Game:
    """Seed 7: Alice IELTABP, Bruno CKRAOEA. A withdrawn phony, a failed contestation, an exchange."""
    game = Game(["Alice", "Bruno"], seed=7, verifier=LexiconVerifier({"PILE"}))
    game.play("H8 PLIE")
    game.contest(1)  # PLIE is not in the list: withdrawn
    game.pass_()
    game.play("H8 PILE")
    game.contest(1)  # valid: Bruno loses 10
    game.exchange("CK")
    game.play("passer")
    return game


def test_resumption_is_exact(tmp_path):
    game = _game()
    store = RecordStore(tmp_path)
    record = SavedGame.new(game, PLAYERS)
    store.save(record)
    resumed = store.resolve("dernier").rebuild()
    assert resumed.bag == game.bag and resumed.racks == game.racks and resumed.scores == game.scores
    assert resumed.history == game.history and resumed.to_move == game.to_move
    assert resumed.scores == [12, -10]


def test_an_announced_move_awaiting_contestation_survives(tmp_path):
    game = Game(["Alice", "Bruno"], seed=7)
    game.play("H8 PILE")
    store = RecordStore(tmp_path)
    store.save(SavedGame.new(game, PLAYERS, game_id="g1"))
    resumed = store.load("g1").rebuild()
    assert resumed.phase is Phase.ANNOUNCED and resumed.pending == game.pending
    resumed.contest(1, LexiconVerifier(set()))
    assert resumed.scores == [0, 0] and resumed.board.is_empty()


def test_every_save_keeps_the_previous_one_as_backup(tmp_path):
    game = Game(["Alice", "Bruno"], seed=7)
    store = RecordStore(tmp_path)
    record = SavedGame.new(game, PLAYERS, game_id="g1")
    store.save(record)
    game.pass_()
    record.update(game)
    store.save(record)
    assert len(store.load("g1").actions) == 1
    assert len(store.load("g1", backup=True).actions) == 0
    assert not list(tmp_path.glob("*.tmp"))


@pytest.mark.parametrize(
    "content, code",
    [
        ("{not json", "save_corrupt"),
        ('{"format": "other"}', "save_corrupt"),
        ('{"format": "scrabble_fr-partie", "version": 99}', "save_version"),
        ('{"format": "scrabble_fr-partie", "version": 1, "id": "x", "players": "Alice"}', "save_corrupt"),
        ("\xff\xfe", "save_corrupt"),
    ],
)
def test_damaged_files_are_refused_with_a_code(tmp_path, content, code):
    (tmp_path / "g1.json").write_bytes(content.encode("latin-1"))
    with pytest.raises(RecordError) as info:
        RecordStore(tmp_path).load("g1")
    assert info.value.code == code


def test_a_record_whose_actions_do_not_replay_is_refused(tmp_path):
    game = Game(["Alice", "Bruno"], seed=7)
    game.pass_()
    record = SavedGame.new(game, PLAYERS, game_id="g1")
    data = json.loads(record.to_json())
    data["actions"] = [{"type": "play", "move": {"kind": "place", "tiles": [[7, 7, "Z", False]]}}]
    with pytest.raises(RecordError) as info:
        SavedGame.from_json(json.dumps(data)).rebuild()
    assert info.value.code == "save_replay"
    data["actions"] = record.actions
    data["events"][0]["points"] = 99  # tampered history
    with pytest.raises(RecordError):
        SavedGame.from_json(json.dumps(data)).rebuild()


def test_unknown_game_ids_are_refused_without_touching_files(tmp_path):
    store = RecordStore(tmp_path)
    for bad in ("../etc/passwd", "", ".hidden"):
        with pytest.raises(RecordError):
            store.load(bad)


def test_exported_gcg_replays_with_no_mismatch():
    game = _game()
    while not game.is_over:
        game.pass_()
    text = write_gcg(game, lexicon="Grammalecte")
    assert text.startswith("#character-encoding UTF-8\n")
    assert "#tile-distribution french" in text
    assert ">Bruno: CKRAOEA (challenge) -10 -10" in text
    assert "#note" in text.split(">Bruno: CKRAOEA (challenge) -10 -10")[1].splitlines()[1]
    report = replay(parse_gcg(text))
    assert report.placements == 2 and report.mismatches == []


def test_a_gcg_record_without_racks_reads_back_event_by_event():
    # A game still played is exported without the racks (a shared table's: what each still holds).
    game = _game()
    text = write_gcg(game, racks=False)
    assert "IELTABP" not in text and "CKRAOEA" not in text
    assert ">Bruno: -2 +0 -10" in text  # the exchange by its count, not its tiles
    record = parse_gcg(text)
    assert record.problems == [] and all(event.rack == "" for event in record.events)
    assert [e.kind for e in record.events] == ["place", "withdrawn", "pass", "place", "challenge", "exchange", "pass"]
    assert [e.total for e in record.events] == [e.total for e in parse_gcg(write_gcg(game)).events]
    report = replay(record)
    assert report.placements == 2 and report.mismatches == []  # the withdrawn phony rescored too


def test_parties_and_exporter_commands(tmp_path, monkeypatch):
    monkeypatch.setenv("SCRABBLE_FR_PARTIES", str(tmp_path))
    game = _game()
    RecordStore(tmp_path).save(SavedGame.new(game, PLAYERS, game_id="20260101-000000-abcd"))
    out = io.StringIO()
    assert main(["parties", "--json"], out=out) == 0
    listed = json.loads(out.getvalue())
    assert listed[0]["id"] == "20260101-000000-abcd" and listed[0]["players"] == ["Alice", "Bruno"]
    assert listed[0]["status"] == "en_cours"
    out = io.StringIO()
    target = tmp_path / "partie.gcg"
    assert main(["exporter", "dernier", "--gcg", "-o", str(target)], out=out) == 0
    out = io.StringIO()
    assert main(["rejouer", "--json", str(target)], out=out) == 0
    assert json.loads(out.getvalue())["mismatches"] == []
    err = io.StringIO()
    assert main(["exporter", "nope"], out=io.StringIO(), err=err) == 2
    assert "Traceback" not in err.getvalue() and "parties" in err.getvalue()


_WRITER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from scrabble_fr.engine.game import Game
    from scrabble_fr.records.save import SavedGame
    from scrabble_fr.records.store import RecordStore

    store = RecordStore(Path(sys.argv[1]))
    game = Game(["Alice", "Bruno"], seed=11)
    record = SavedGame.new(game, [("Alice", None), ("Bruno", None)], game_id="killed")
    store.save(record)
    print("ready", flush=True)
    while True:  # save after every event, as the app does, until killed
        if game.is_over:
            game = Game(["Alice", "Bruno"], seed=game.seed + 1)
            record = SavedGame.new(game, [("Alice", None), ("Bruno", None)], game_id="killed")
        try:
            game.exchange(game.racks[game.to_move][:2]) if len(game.bag) >= 7 else game.pass_()
        except Exception:
            game.pass_()
        record.update(game)
        store.save(record)
    """
)


def test_a_process_killed_while_saving_loses_nothing(tmp_path):
    """SIGKILL at random moments of a save loop: the save (or its backup) always resumes."""
    source_root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(source_root), os.environ.get("PYTHONPATH", "")]))
    for delay in (0.05, 0.13, 0.31):
        folder = tmp_path / f"run{delay}"
        process = subprocess.Popen(
            [sys.executable, "-c", _WRITER, str(folder)], stdout=subprocess.PIPE, env=env, text=True
        )
        assert process.stdout is not None and process.stdout.readline().strip() == "ready"
        time.sleep(delay)
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)
        store = RecordStore(folder)
        try:
            game = store.load("killed").rebuild()
        except RecordError:
            game = store.load("killed", backup=True).rebuild()
        assert game.tiles_conserved()


def test_reprendre_reports_a_damaged_newest_save_in_one_line(tmp_path, monkeypatch):
    monkeypatch.setenv("SCRABBLE_FR_PARTIES", str(tmp_path))
    store = RecordStore(tmp_path)
    game = Game(["Alice", "Bruno"], seed=7)
    record = SavedGame.new(game, PLAYERS, game_id="g1")
    store.save(record)
    game.pass_()
    record.update(game)
    store.save(record)
    store.path("g1").write_text("{ damaged", encoding="utf-8")
    err = io.StringIO()
    assert main(["jouer", "--reprendre"], out=io.StringIO(), err=err) == 2
    message = err.getvalue()
    assert message.count("\n") == 1 and "--reprendre g1 --precedente" in message
    assert "Traceback" not in message


def test_an_unreadable_save_folder_is_one_line_not_a_traceback(monkeypatch):
    def refuse(self):
        raise PermissionError(13, "Permission denied", str(self.directory))

    monkeypatch.setattr(RecordStore, "records", refuse)
    err = io.StringIO()
    assert main(["parties"], out=io.StringIO(), err=err) == 2
    assert err.getvalue().count("\n") == 1 and "Traceback" not in err.getvalue()
    assert "permission refusée" in err.getvalue()  # the system's reason, in the player's language


def test_a_record_keeps_the_lists_name_and_word_count(tmp_path):
    from scrabble_fr.lexicon import Lexicon

    game = _game()
    record = SavedGame.new(game, PLAYERS, {"lexicon": "fr"}, game_id="20260101-000000-list")
    # Three distinct words: "chat" and "CHAT" are one.
    record.record_lexicon(Lexicon.from_words(["chat", "CHAT", "chien", "maison"], "Club"))
    RecordStore(tmp_path).save(record)
    loaded = RecordStore(tmp_path).load("20260101-000000-list")
    assert loaded.settings["lexicon_name"] == "Club"
    assert loaded.settings["lexicon_words"] == 3
    assert loaded.lexicon_words == 3


def test_gcg_lexicon_pragma_holds_name_and_word_count():
    game = _game()
    text = write_gcg(game, lexicon="Mon ODS", lexicon_words=411430)
    assert "#lexicon Mon_ODS 411430" in text.splitlines()
    parsed = parse_gcg(text)
    assert (parsed.lexicon, parsed.lexicon_words) == ("Mon_ODS", 411430)
    # Files from elsewhere give the name alone.
    other = parse_gcg("#lexicon NWL18\n")
    assert (other.lexicon, other.lexicon_words) == ("NWL18", None)


def test_exporter_writes_the_recorded_list(tmp_path, monkeypatch):
    monkeypatch.setenv("SCRABBLE_FR_PARTIES", str(tmp_path))
    game = _game()
    # The player's default list judged the game: the source is only the language, the recorded
    # name says which list it was.
    settings = {"lexicon": "fr", "lexicon_name": "Club ODS", "lexicon_words": 3}
    RecordStore(tmp_path).save(SavedGame.new(game, PLAYERS, settings, game_id="20260101-000000-club"))
    out = io.StringIO()
    assert main(["exporter", "dernier"], out=out) == 0
    assert "#lexicon Club_ODS 3" in out.getvalue().splitlines()
    # A game judged by the shipped list: its fixed GCG name, and the count.
    settings = {"lexicon": "fr", "lexicon_name": "Grammalecte 7.0 (liste libre)", "lexicon_words": 394524}
    RecordStore(tmp_path).save(SavedGame.new(game, PLAYERS, settings, game_id="20260101-000000-free"))
    out = io.StringIO()
    assert main(["exporter", "20260101-000000-free"], out=out) == 0
    assert "#lexicon Grammalecte-7.0 394524" in out.getvalue().splitlines()
