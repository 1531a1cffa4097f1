"""A club duplicate player in a real browser: the page of ``scrabble-fr serveur``, a code typed,
a move proposed, the tab closed and opened again on the same state, the top once the arbitrator
closes the coup.

Seed 2 draws ACCLEZU for coup 1. The player proposes H8 CALE: C3 A1 L1 E1 on the centre star
(double word) = 12 points. The arbitrator's list holds CALE and CALEZ; its top is H8 CALEZ:
Z on H12, a double letter, 3 + 1 + 1 + 1 + 20 = 26, doubled = 52.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from scrabble_fr.table.duplicate import DuplicateTable, DuplicateTableSettings, create_duplicate_table
from scrabble_fr.table.store import open_store
from scrabble_fr.words import WordSet

pytestmark = pytest.mark.timeout(120)


def _wait_until(condition, timeout: float = 15.0) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.1)


def test_a_player_proposes_in_the_browser_and_sees_the_top(tmp_path: Path, web_server, browser_tab) -> None:
    base = str(tmp_path / "tables.db")
    store = open_store(base)
    created = create_duplicate_table(store, DuplicateTableSettings(["Alice"], seconds=None, seed=2))
    alice_code, arbiter_code = created.codes[0], created.codes[1]
    arbiter = DuplicateTable.join(store, arbiter_code, WordSet(["CALE", "CALEZ"]))
    arbiter.start_coup()
    server = web_server(base)

    tab = browser_tab.open(server.url)
    tab.wait_for("Join a table", "Code")
    tab.type(alice_code)
    tab.press("Enter")
    tab.wait_for("Alice", "Coup 1 — draw ACCLEZU", "No move of yours yet")
    tab.type("H8 CALE")
    tab.press("Enter")
    tab.wait_for("Your move: H8 CALE")
    spectator = DuplicateTable(store, store.table(created.table.id), None, spectator=True)
    assert spectator.current is not None and spectator.current.proposals == {0: "H8 CALE"}

    # The tab closed: its app leaves the seat; a new tab and the same code find the same state.
    tab.page.close()
    _wait_until(lambda: not store.table(created.table.id).seats[0].present)
    tab = browser_tab.open(server.url)
    tab.wait_for("Join a table")
    tab.type(alice_code)
    tab.press("Enter")
    tab.wait_for("Coup 1 — draw ACCLEZU", "Your move: H8 CALE")

    # The arbitrator closes the coup (in this process, which holds the word list): the top.
    arbiter.sync()
    arbiter.close_coup(1)
    shown = tab.wait_for("Coup 1 results", "Top: H8 CALEZ 52")
    assert "You: 12 points" in shown.split("Coup 1 results", 1)[1], shown
    arbiter.close()
    store.close()
