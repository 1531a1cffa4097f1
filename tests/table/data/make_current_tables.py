"""Makes ``current_tables.sqlite3`` and ``current_tables.json``: a table store written by the code
of before the rows were typed (each row a plain dict read where it was used), for the test that
such tables keep playing. Kept for the record: run with that code, not the current one.

    python tests/table/data/make_current_tables.py

A classic table with sealed seeds (seed 7, Alice and Bruno: a move, a challenge, a sealed
exchange, a word looked up, an undo asked and granted, a pass; not over), a classic table with an
arbiter (manual verification: Bruno's challenge of Alice's move waits for the verdict) and an open duplicate
table (seed 1, Alice and Bruno joining by name; coup 1 at a time of its own, proposed, closed,
its results and a correction; coup 2 started and Alice's proposal in).
"""

from __future__ import annotations

import json
from pathlib import Path

from scrabble_fr.lexicon import Lexicon
from scrabble_fr.match.config import Verification
from scrabble_fr.table import TableSession, TableSettings, create_table, open_store
from scrabble_fr.table.duplicate import DuplicateTable, DuplicateTableSettings, create_duplicate_table
from scrabble_fr.words import WordSet

HERE = Path(__file__).parent
WORDS = WordSet(["BALTE", "TABLE", "BLET", "BLETS", "ABLE", "ETAL", "TALE", "LATTE", "BALLE", "PELA", "PALE"], "mini")


def main() -> None:
    path = HERE / "current_tables.sqlite3"
    path.unlink(missing_ok=True)
    base = str(path)
    classic = create_table(open_store(base), TableSettings(["Alice", "Bruno"], seed=7))
    alice = TableSession.join(open_store(base), classic.codes[0], WORDS)
    bruno = TableSession.join(open_store(base), classic.codes[1], WORDS)
    alice.match.play("H4 BALTE")
    bruno.poll(timeout=2.0)
    bruno.match.contest(1)  # BALTE is valid: Bruno loses 10
    alice.poll(timeout=2.0)
    bruno.poll(timeout=2.0)
    bruno.match.play("changer CK")
    alice.poll(timeout=2.0)
    alice.match.lookup(["TABLE"])
    alice.match.play("passer")
    alice.request_undo()
    bruno.poll(timeout=2.0)
    bruno.answer_undo(True)
    alice.poll(timeout=2.0)
    alice.match.play("passer")
    for session in (alice, bruno):
        session.close()

    judged = create_table(open_store(base), TableSettings(["Alice", "Bruno"], arbiter="Zoé", seed=7,
                                                          verification=Verification.MANUAL))
    alice, bruno, zoe = (TableSession.join(open_store(base), judged.codes[n], WORDS) for n in (0, 1, 2))
    alice.match.play("H4 BALTE")
    bruno.poll(timeout=2.0)
    bruno.match.contest(1)  # waits for the arbiter's verdict: the table is left there
    for session in (alice, bruno, zoe):
        session.close()

    french = Lexicon.builtin("fr")
    duplicate = create_duplicate_table(open_store(base), DuplicateTableSettings([], seed=1, seconds=None,
                                                                                 arbiter="Claire"))
    arbiter = DuplicateTable.join(open_store(base), duplicate.codes[0], french)
    assert duplicate.table_code is not None
    dup_alice = DuplicateTable.join(open_store(base), duplicate.table_code, name="Alice")
    dup_bruno = DuplicateTable.join(open_store(base), duplicate.table_code, name="Bruno")
    arbiter.poll(timeout=2.0)
    arbiter.set_coup_time(60.0)
    arbiter.start_coup()
    dup_alice.poll(timeout=2.0)
    dup_bruno.poll(timeout=2.0)
    dup_alice.propose("H2 ARPEGEZ")
    dup_bruno.propose("H4 PAGE")
    arbiter.poll(timeout=2.0)
    arbiter.close_coup()
    assert dup_bruno.seat is not None
    arbiter.correct(1, dup_bruno.seat, 12, "mauvais décompte")
    arbiter.start_coup()
    dup_alice.poll(timeout=2.0)
    dup_alice.propose("-")
    for table in (arbiter, dup_alice, dup_bruno):
        table.close()

    codes = {
        "classic": {"table": classic.table.id, "codes": {str(k): v for k, v in classic.codes.items()}},
        "judged": {"table": judged.table.id, "codes": {str(k): v for k, v in judged.codes.items()}},
        "duplicate": {"table": duplicate.table.id, "codes": {str(k): v for k, v in duplicate.codes.items()},
                      "table_code": duplicate.table_code,
                      "joined": {"Alice": dup_alice.code, "Bruno": dup_bruno.code}},
    }
    (HERE / "current_tables.json").write_text(json.dumps(codes, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
