"""A club table that runs itself (``table arbitrer CODE --automatique``), on both backends: the
arbitrator's process is a real subprocess, stopped by SIGTERM, killed by SIGKILL mid-game and
started again; three players without screens propose on every coup. Every coup is closed exactly
once and the game reaches its end.

The game is short: a bag of 18 tiles (four coups) and coups of 0.6 s, a time only a
test gives a table (the rules' shortest is 10 s).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from scrabble_fr.duplicate import timing
from scrabble_fr.engine.position import Position
from scrabble_fr.engine.rules import Rules
from scrabble_fr.engine.tiles import TileSet
from scrabble_fr.player.movegen import best_moves
from scrabble_fr.table import TableError, open_store
from scrabble_fr.table.autorun import next_start_ms, parse_pause
from scrabble_fr.table.duplicate import DuplicateTable, DuplicateTableSettings, create_duplicate_table
from scrabble_fr.words import WordSet

ROOT = Path(__file__).resolve().parents[2]
WORDS = ["BALTE", "TABLE", "BLET", "BLETS", "ABLE", "ETAL", "TALE", "LATTE", "BALLE", "TABLES", "BALTES", "ETALE",
         "ETALES", "LES", "LA", "LE", "TE", "ET", "AS", "SA", "ES", "TA", "BAS", "BAL", "BALS", "SEL", "TES", "ETE",
         "ETES", "TAS", "LAS"]
SMALL = TileSet("petit", {"A": 4, "E": 4, "B": 2, "L": 3, "T": 3, "S": 2},
                {"A": 1, "E": 1, "B": 3, "L": 1, "T": 1, "S": 1})


def short_table(base: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[str, dict[int, str], str]:
    words = tmp_path / "mots.txt"
    words.write_text("\n".join(WORDS) + "\n", encoding="utf-8")
    monkeypatch.setattr(timing, "MIN_SECONDS", 0.5)
    rules = replace(Rules.preset("ffsc"), name="petit", tile_set=SMALL)
    created = create_duplicate_table(open_store(base), DuplicateTableSettings(
        ["Ann", "Bob", "Cy"], seconds=0.6, seed=3, rules=rules, lexicon=str(words)))
    return created.table.id, created.codes, str(words)


def arbitrator(base: str, code: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-m", "scrabble_fr", "table", "arbitrer", code, "--automatique",
                             "--pause", "0:00", "--base", base], cwd=ROOT, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def play_until(players: list[DuplicateTable], words: WordSet, done, timeout: float = 30.0) -> None:  # type: ignore[no-untyped-def]
    """The players without screens: each proposes one of the best moves of every coup it sees."""
    deadline = time.monotonic() + timeout
    proposed: set[tuple[int, int]] = set()
    while not done():
        assert time.monotonic() < deadline, "the table did not get there in time"
        for index, seat in enumerate(players):
            seat.poll(timeout=0.02)
            coup = seat.current
            if coup is None or (index, coup.number) in proposed:
                continue
            position = Position(seat.rules, board=seat.board.copy(), racks=[coup.draw.tiles], lexicon=words)
            moves = best_moves(position, 3)
            if moves:
                try:
                    seat.propose(moves[min(index, len(moves) - 1)].notation(seat.rules.notation))
                except TableError:
                    pass  # the time was up: the coup closes without it
            proposed.add((index, coup.number))


def kinds(base: str, table: str) -> list[dict]:
    return [row.payload for row in open_store(base).rows(table)]


def test_a_table_runs_itself_through_a_stop_and_a_kill(base, tmp_path, monkeypatch):
    table_id, codes, _words = short_table(base, tmp_path, monkeypatch)
    words = WordSet(WORDS, "petit")
    players = [DuplicateTable.join(open_store(base), codes[n]) for n in range(3)]

    def results(at_least: int):  # type: ignore[no-untyped-def]
        return lambda: sum(1 for p in kinds(base, table_id) if p["type"] == "results") >= at_least

    first = arbitrator(base, codes[3])
    play_until(players, words, results(1))
    first.send_signal(signal.SIGTERM)  # stopped as Ctrl+C stops it: a line, the seat let go
    out, err = first.communicate(timeout=10)
    assert first.returncode == 0, err
    second = arbitrator(base, codes[3])
    play_until(players, words, lambda: any(p["type"] == "coup" and p["n"] == 3 for p in kinds(base, table_id)))
    second.kill()  # SIGKILL in the middle of coup 3
    second.wait(timeout=10)
    third = arbitrator(base, codes[3])
    play_until(players, words, lambda: third.poll() is not None)
    out, err = third.communicate(timeout=10)
    assert third.returncode == 0, err
    payloads = kinds(base, table_id)
    closes = Counter(p["n"] for p in payloads if p["type"] == "close")
    coups = [p["n"] for p in payloads if p["type"] == "coup"]
    assert len(coups) >= 4 and set(closes.values()) == {1} and sorted(closes) == coups
    assert Counter(p["n"] for p in payloads if p["type"] == "results") == closes
    assert payloads[-1]["type"] == "results" and payloads[-1]["over"] is True
    assert open_store(base).table(table_id).over
    proposals = {(p["n"], p["by"]) for p in payloads if p["type"] == "proposal"}
    assert len(proposals) >= 3 * (len(coups) - 1)  # the players played along (a coup may end before one)
    for seat in players:
        seat.close()


def test_the_pause_follows_the_last_close(base, tmp_path, monkeypatch):
    table_id, codes, words = short_table(base, tmp_path, monkeypatch)
    from scrabble_fr.lexicon.catalogue import load_source

    arbiter = DuplicateTable.join(open_store(base), codes[3], load_source(words))
    assert next_start_ms(arbiter, 30.0) == 0  # players named at the creation: at once
    arbiter.start_coup()
    assert next_start_ms(arbiter, 30.0) is None  # a coup in play
    arbiter.close_coup()
    closed = arbiter.coups[0].closed_ms
    assert closed is not None and next_start_ms(arbiter, 30.0) == closed + 30_000
    assert (parse_pause("0:30"), parse_pause("2")) == (30.0, 120.0)
    for text in ("0:75", "abc", "61:00"):
        with pytest.raises(TableError):
            parse_pause(text)
    arbiter.close()


def test_a_table_without_a_clock_does_not_run_itself(base, tmp_path):
    import io
    import json

    from scrabble_fr.cli import main

    out, err = io.StringIO(), io.StringIO()
    assert main(["table", "creer", "--duplicate", "--temps", "0", "--base", base, "--json"], out=out, err=err) == 0
    arbiter = json.loads(out.getvalue())["arbiter"]
    out, err = io.StringIO(), io.StringIO()
    assert main(["table", "arbitrer", arbiter, "--automatique", "--base", base], out=out, err=err) == 2
    assert err.getvalue().count("\n") == 1 and out.getvalue() == ""
