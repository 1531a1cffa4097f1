"""``scrabble-fr topping``: bad options are one line, exit 2, and nothing is written; the game
opens only on a terminal; a saved game resumes by the command line."""

from __future__ import annotations

import pytest

from scrabble_fr.cli import main
from scrabble_fr.records.recorder import LocalSave
from scrabble_fr.records.store import RecordStore
from scrabble_fr.training.topping import ToppingSession, ToppingSettings


def run(capsys, *argv):
    status = main(list(argv))
    captured = capsys.readouterr()
    assert "Traceback" not in captured.out + captured.err
    return status, captured.out, captured.err


@pytest.mark.parametrize(("argv", "said"), [
    (["--temps", "0"], "le topping se joue contre la montre : donnez un temps tel que 1:00, pas 0"),
    (["--temps", "abc"], "« abc » n'est pas un temps de coup"),
    (["--temps", "0:05"], "un coup de topping dure de 0:10 à 30:00, pas 0:05"),
    (["--graine", "x"], "--graine"),
    (["--graine", "-1"], "« -1 » n'est pas une graine"),
])
def test_bad_options_are_one_line_and_exit_2(capsys, tmp_path, argv, said):
    status, out, err = run(capsys, "topping", *argv)
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and said in err.replace("\u00a0", " ")
    assert not list((tmp_path / "parties").glob("*.json")) if (tmp_path / "parties").exists() else True


def test_in_english_too(capsys):
    status, _out, err = run(capsys, "--langue", "en", "topping", "--temps", "0")
    assert status == 2 and "topping is played against the clock: give a time such as 1:00, not 0" in err


def test_without_a_terminal_nothing_opens(capsys):
    status, _out, err = run(capsys, "topping", "--temps", "0:30")
    assert status == 2 and len(err.strip().splitlines()) == 1


def test_resuming_with_nothing_saved_is_one_line(capsys):
    status, _out, err = run(capsys, "topping", "--reprendre")
    assert status == 2 and len(err.strip().splitlines()) == 1


def test_resuming_a_damaged_game_is_refused_before_any_screen(capsys, tmp_path, words, clock):
    store = RecordStore(tmp_path / "parties")
    lexicon = tmp_path / "mots.txt"
    lexicon.write_text("BAS\nAS\nSA\nTA\n", encoding="utf-8")
    s = ToppingSession.create(ToppingSettings("Alice", seed=4, lexicon=str(lexicon)), words, recorder=LocalSave(store),
                              now=clock)
    s.close()
    path = store.path(s.record.id)
    path.write_text(path.read_text(encoding="utf-8").replace('"seed": 4', '"seed": "x"'), encoding="utf-8")
    status, _out, err = run(capsys, "topping", "--reprendre", s.record.id)
    assert status == 2 and len(err.strip().splitlines()) == 1


def test_saved_games_list_topping_and_duplicate_games(tmp_path, words, clock):
    # In a process of its own: in this one the kinds of saves are registered by the tests' imports.
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    from scrabble_fr.duplicate import DuplicateSession, DuplicateSettings

    store = RecordStore(tmp_path / "parties")
    topping = ToppingSession.create(ToppingSettings("Alice", seed=4), words, recorder=LocalSave(store), now=clock)
    topping.close()
    duplicate = DuplicateSession.create(DuplicateSettings(["Bruno"], seed=4, seconds=None), words,
                                        recorder=LocalSave(store))
    duplicate.close()
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "SCRABBLE_FR_PARTIES": str(tmp_path / "parties"), "PYTHONPATH": str(root)}
    done = subprocess.run([sys.executable, "-m", "scrabble_fr", "parties", "--json"], capture_output=True,
                          text=True, env=env, stdin=subprocess.DEVNULL, check=False)
    assert done.returncode == 0 and done.stderr == ""
    kinds = {row["id"]: row["kind"] for row in json.loads(done.stdout)}
    assert kinds == {topping.record.id: "topping", duplicate.record.id: "duplicate"}
