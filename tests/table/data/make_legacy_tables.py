"""Makes ``legacy_tables.sqlite3`` and ``legacy_tables.json``: a table store written by the code
of before the seeds were sealed (a plain ``seed`` in each table's configuration), for the test that
such tables keep playing. Kept for the record: run with that code, not the current one.

    python tests/table/data/make_legacy_tables.py

A classic table (seed 7, Alice and Bruno, three events, not over) and a duplicate table (seed 1,
Alice and Bruno and the arbitrator, coup 1 closed with its results, coup 2 started and Alice's
proposal in).
"""

from __future__ import annotations

import json
from pathlib import Path

from scrabble_fr.lexicon import Lexicon
from scrabble_fr.table import TableSession, TableSettings, create_table, open_store
from scrabble_fr.table.duplicate import DuplicateTable, DuplicateTableSettings, create_duplicate_table
from scrabble_fr.words import WordSet

HERE = Path(__file__).parent
WORDS = WordSet(["BALTE", "TABLE", "BLET", "BLETS", "ABLE", "ETAL", "TALE", "LATTE", "BALLE", "PELA", "PALE"], "mini")


def main() -> None:
    path = HERE / "legacy_tables.sqlite3"
    path.unlink(missing_ok=True)
    base = str(path)
    classic = create_table(open_store(base), TableSettings(["Alice", "Bruno"], seed=7))
    alice = TableSession.join(open_store(base), classic.codes[0], WORDS)
    bruno = TableSession.join(open_store(base), classic.codes[1], WORDS)
    alice.match.play("H4 BALTE")
    bruno.poll(timeout=2.0)
    bruno.match.play("passer")
    alice.poll(timeout=2.0)
    alice.match.play("passer")
    for session in (alice, bruno):
        session.close()

    french = Lexicon.builtin("fr")
    duplicate = create_duplicate_table(open_store(base), DuplicateTableSettings(["Alice", "Bruno"], seed=1,
                                                                                 seconds=None))
    arbiter = DuplicateTable.join(open_store(base), duplicate.codes[2], french)
    dup_alice = DuplicateTable.join(open_store(base), duplicate.codes[0])
    arbiter.start_coup()
    dup_alice.poll(timeout=2.0)
    dup_alice.propose("H2 ARPEGEZ")
    arbiter.poll(timeout=2.0)
    arbiter.close_coup()
    arbiter.start_coup()
    dup_alice.poll(timeout=2.0)
    dup_alice.propose("-")
    for table in (arbiter, dup_alice):
        table.close()

    codes = {
        "classic": {"table": classic.table.id, "codes": {str(k): v for k, v in classic.codes.items()}},
        "duplicate": {"table": duplicate.table.id, "codes": {str(k): v for k, v in duplicate.codes.items()}},
    }
    (HERE / "legacy_tables.json").write_text(json.dumps(codes, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
