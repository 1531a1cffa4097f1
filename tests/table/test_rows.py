"""The typed rows read every row already written as it was, and the tables of a store written
before they were typed play on (``data/current_tables.sqlite3``, made by
``data/make_current_tables.py`` with the code of before).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from scrabble_fr.engine.game import EventKind
from scrabble_fr.table import TableError, TableSession, open_store
from scrabble_fr.table.duplicate import DuplicateTable
from scrabble_fr.table.rows import read_classic_row, read_duplicate_row
from scrabble_fr.table.store import Row
from scrabble_fr.words import WordSet

from .conftest import plays_coup_3

DATA = Path(__file__).parent / "data"
WORDS = WordSet(["BALTE", "TABLE", "BLET", "BLETS", "ABLE", "ETAL", "TALE", "LATTE", "BALLE", "PELA", "PALE"], "mini")


@pytest.fixture
def written(tmp_path: Path) -> tuple[str, dict[str, Any]]:
    """A copy of the store written before the rows were typed, and its tables' ids and codes."""
    base = tmp_path / "current.sqlite3"
    shutil.copyfile(DATA / "current_tables.sqlite3", base)
    return str(base), json.loads((DATA / "current_tables.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("fixture", ["current_tables", "legacy_tables"])
def test_every_row_already_written_reads_typed_and_writes_back_the_same(tmp_path, fixture):
    base = tmp_path / "rows.sqlite3"
    shutil.copyfile(DATA / f"{fixture}.sqlite3", base)
    store = open_store(str(base))
    seen = set()
    for info in store.tables():
        for row in store.rows(info.id):
            typed = row.classic() if info.kind == "classic" else read_duplicate_row(row.payload)
            assert typed.to_json() == row.payload and row.kind is typed.type
            seen.add(row.payload["type"])
    if fixture == "current_tables":
        assert seen == {"move", "undo_request", "undo_answer", "judge_request", "join", "coup", "proposal", "close",
                        "results", "correction"}


@pytest.mark.parametrize("payload", [{"type": "move", "actions": "x"}, {"type": "judge_request", "words": []},
                                     {"type": "rematch", "table": 3}, {"type": "move", "seed": True},
                                     {"type": "coup", "n": 1, "draw": {}, "seconds": "3"}, {"type": "results", "n": 1},
                                     {"type": "who"}, {"damaged": "…"}])
def test_a_row_that_does_not_read_raises_what_marks_its_table_damaged(payload):
    from scrabble_fr.table.following import ROW_ERRORS

    read = read_duplicate_row if payload.get("type") in ("coup", "results") else read_classic_row
    with pytest.raises(ROW_ERRORS):
        read(payload)
    row = Row(1, 0, payload)
    if read is read_classic_row:
        with pytest.raises(ROW_ERRORS):
            row.classic()
    assert (row.kind is None) == (payload.get("type") in (None, "who"))  # a type it cannot say: none


def test_a_classic_table_written_before_the_typed_rows_plays_on(written):
    base, tables = written
    codes = tables["classic"]["codes"]
    alice = TableSession.join(open_store(base), codes["0"], WORDS)
    bruno = TableSession.join(open_store(base), codes["1"], WORDS)
    for seat in (alice, bruno):
        game = seat.match.game
        assert seat.damaged is None and game.scores == [20, -10] and game.to_move == 1
        assert [n.kind for n in seat.match.notes] == ["lookup", "undo"]
    assert bruno.match.game.history[2].move.exchanged == "CK"  # the sealed exchange opened with the seed
    bruno.match.play("passer")
    alice.poll(timeout=2.0)
    assert alice.match.game.to_move == 0 and alice.match.game.history[-1].kind is EventKind.PASS
    assert alice.undo_asked is None and bruno.undo_asked is None  # the undo granted before is done
    bruno.match.undo()  # a new one asked: Alice answers it
    alice.poll(timeout=2.0)
    assert alice.undo_to_answer == "Bruno"
    alice.answer_undo(True)
    bruno.poll(timeout=2.0)
    assert bruno.match.game.to_move == 1 and bruno.undo_asked is None


def test_a_classic_table_waiting_for_its_arbiter_before_the_typed_rows_is_judged_after(written):
    base, tables = written
    codes = tables["judged"]["codes"]
    zoe = TableSession.join(open_store(base), codes["2"], WORDS)
    alice = TableSession.join(open_store(base), codes["0"], WORDS)
    assert zoe.judgement is not None and (zoe.judgement.contester, zoe.judgement.words) == (1, ("BALTE",))
    with pytest.raises(TableError):
        alice.judge({"BALTE": True})  # only the arbiter judges
    zoe.judge({"BALTE": False})
    alice.poll(timeout=2.0)
    assert alice.match.game.board.is_empty() and alice.match.game.history[-1].kind is EventKind.WITHDRAWN


def test_a_duplicate_written_before_the_typed_rows_plays_on(written):
    base, tables = written
    table = tables["duplicate"]
    # A few words for the arbitrator, so that its tops come at once: ARPEGEZ, the top written, is one.
    arbiter = DuplicateTable.join(open_store(base), table["codes"]["0"],
                                  WordSet(["ARPEGEZ", "PAGE", "ROUE", "MODE", "DOUX", "ROUER"], "mini"))
    alice = DuplicateTable.join(open_store(base), table["joined"]["Alice"])
    assert arbiter.damaged is None and alice.damaged is None
    assert arbiter.names == {1: "Alice", 2: "Bruno"} and arbiter.coups[0].seconds == 60.0
    coup = alice.current
    assert coup is not None and coup.number == 2 and coup.seconds == 60.0 and coup.proposals == {1: "-"}
    first = alice.coups[0]
    line = first.line(2)
    assert line is not None and line.points == 14 and line.move is not None and line.move.text == "H5 PAGE"
    assert first.points(2) == 12 and first.corrections[2].reason == "mauvais décompte"
    assert alice.total(1) == 108 and alice.total(2) == 12 and alice.solos(1) == 1
    plays_coup_3(arbiter, alice)
    late = DuplicateTable.join(open_store(base), table["table_code"], name="Chloé")  # the open table takes more
    assert late.damaged is None and late.names[late.seat] == "Chloé"
