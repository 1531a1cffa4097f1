"""A club duplicate table without screens, on both backends: a script joins an open table
(``rejoindre --json``), a player sits on paper (``--papier``), the arbitrator starts a coup
(``arbitrer --lancer``) and types paper slips (``--bulletin``); each refusal is one line, exit 2,
nothing written.

Seed 1: the first draw is ERZAGEP and its top H6 ARPEGEZ, 108; the second OOUMEDR, top 12B
MOUDREZ 36 once ARPEGEZ is on the board.
"""

from __future__ import annotations

import json

import pytest

from scrabble_fr.table import open_store
from scrabble_fr.table.duplicate import DuplicateTable

from .conftest import run


@pytest.fixture(scope="module")
def french():
    from scrabble_fr.lexicon import Lexicon

    return Lexicon.builtin("fr")


def open_table(base: str) -> dict[str, str]:
    status, out, err = run("table", "creer", "--duplicate", "--graine", "1", "--temps", "0", "--base", base, "--json")
    assert status == 0, err
    return json.loads(out)


def rows(base: str, table: str) -> list[dict]:
    return [row.payload for row in open_store(base).rows(table)]


def test_a_script_joins_an_open_table_without_a_terminal(base):
    created = open_table(base)
    status, out, err = run("table", "rejoindre", created["code"], "--nom", "Robot", "--json", "--base", base)
    assert status == 0, err
    data = json.loads(out)
    assert set(data) == {"table", "seat", "code"} and data["table"] == created["table"] and data["seat"] == "Robot"
    seat = DuplicateTable.join(open_store(base), data["code"])  # the new seat's own code opens it
    assert seat.names[seat.seat] == "Robot" and not seat.paper
    seat.close()
    before = rows(base, created["table"])
    status, out, err = run("table", "rejoindre", created["code"], "--nom", "robot", "--json", "--base", base)
    assert (status, out, err.count("\n")) == (2, "", 1)  # the name is taken: one line, nothing written
    status, out, err = run("table", "rejoindre", created["code"], "--json", "--base", base)
    assert (status, out, err.count("\n")) == (2, "", 1) and "--nom" in err
    assert rows(base, created["table"]) == before


def test_a_player_on_paper_and_the_arbitrator_without_a_screen(base, french):
    created = open_table(base)
    arbiter = created["arbiter"]
    status, out, err = run("table", "rejoindre", created["code"], "--nom", "Chloé", "--papier", "--base", base)
    assert status == 0 and out.count("\n") == 1 and "Chloé" in out, err
    status, out, _err = run("table", "rejoindre", created["code"], "--nom", "Alice", "--json", "--base", base)
    alice = DuplicateTable.join(open_store(base), json.loads(out)["code"])
    # No coup yet: a slip is refused, one line, nothing written.
    status, out, err = run("table", "arbitrer", arbiter, "--bulletin", "Chloé", "H8 ARPEGEZ 108", "--base", base)
    assert (status, out, err.count("\n")) == (2, "", 1)
    status, out, err = run("table", "arbitrer", arbiter, "--lancer", "--base", base)
    assert status == 0 and "ERZAGEP" in out, err
    status, out, err = run("table", "arbitrer", arbiter, "--lancer", "--base", base)
    assert status == 2 and err.count("\n") == 1  # one coup is running
    before = rows(base, created["table"])
    for name, slip in [("Zoé", "H8 ARPEGEZ"), ("Alice", "H8 ARPEGEZ"), ("Chloé", "H8 ARP3GEZ")]:
        status, out, err = run("table", "arbitrer", arbiter, "--bulletin", name, slip, "--base", base)
        assert (status, out, err.count("\n")) == (2, "", 1), (name, slip)
    assert rows(base, created["table"]) == before
    # The score left out: paid with a warning (§5.3.2, on the first coup §5.4.2 a).
    status, out, err = run("table", "arbitrer", arbiter, "--bulletin", "chloé", "H8 ARPEGEZ", "--json", "--base",
                           base, "--langue", "en")
    assert status == 0, err
    data = json.loads(out)
    assert set(data) == {"player", "coup", "slip", "paid", "warnings", "reason"}
    assert (data["player"], data["coup"], data["slip"], data["paid"]) == ("Chloé", 1, "H8 ARPEGEZ", 108)
    assert data["warnings"] == ["no score written"]
    # Corrected while the coup is in play: the last slip counts.
    status, out, err = run("table", "arbitrer", arbiter, "--bulletin", "Chloé", "H8 ARPEGEZ 108", "--base", base)
    assert status == 0 and out.count("\n") == 1 and "108" in out and "vertissement" not in out, err
    alice.poll(timeout=2.0)
    alice.propose("H4 PAGE")
    # A desk open meanwhile keeps its seat: a command of one row writes beside it.
    desk = DuplicateTable.join(open_store(base), arbiter, french)
    status, out, err = run("table", "arbitrer", arbiter, "--fermer", "1", "--base", base)
    assert desk.store.renew_seat(desk.table_id, desk.seat, desk.token)
    desk.poll(timeout=2.0)
    assert not desk.lost_seat and desk.coups[0].results is not None
    desk.close()
    assert status == 0, err
    status, out, err = run("table", "arbitrer", arbiter, "--bulletin", "Chloé", "H8 ARPEGEZ 10", "--base", base)
    assert status == 2 and "1" in err  # closed: the slip comes too late
    status, out, err = run("table", "resultats", created["table"], "--json", "--base", base)
    sheet = json.loads(out)
    chloe = sheet["coups"][0]["players"]["Chloé"]
    assert chloe["points"] == 108 and chloe["solo"] and chloe["warning"] is None
    assert chloe["slip"]["slip"] == "H8 ARPEGEZ 108" and chloe["slip"]["paid"] == 108
    assert [line["name"] for line in sheet["ranking"]] == ["Chloé", "Alice"]
    alice.close()
