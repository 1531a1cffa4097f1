"""``scrabble-fr table …`` without a screen: the JSON shapes are contracts; a refusal is one line,
exit 2, nothing written."""

from __future__ import annotations

import json

import pytest

from scrabble_fr.table import open_store

from .conftest import run


@pytest.fixture
def table(base: str) -> dict:
    status, out, err = run("table", "creer", "--joueurs", "Alice,Bruno,ordi:2", "--graine", "7", "--base", base,
                           "--json")
    assert status == 0, err
    data = json.loads(out)
    data["base"] = base
    return data


def test_creer_prints_the_table_and_each_human_seats_code(table):
    assert set(table) == {"table", "seats", "base"}
    assert [(s["name"], s["computer"], s["code"] is None) for s in table["seats"]] == [
        ("Alice", False, False), ("Bruno", False, False), ("Ordi 2", True, True)]


def test_jouer_and_etat_act_and_see_for_one_seat(table):
    alice, bruno = (s["code"] for s in table["seats"][:2])
    status, out, err = run("table", "jouer", alice, "H4 BALTE", "--base", table["base"])
    assert status == 0 and out.count("\n") == 1 and "BALTE" in out, err
    status, out, _err = run("table", "etat", bruno, "--json", "--base", table["base"])
    state = json.loads(out)
    assert set(state) == {"table", "seat", "turn", "rack", "scores", "events", "over", "pending"}
    assert state["seat"] == "Bruno" and state["turn"] == "Bruno" and state["rack"] == "CKRAOEA"
    assert state["pending"] == {"move": "H4 BALTE", "by": "Alice"} and state["events"] == 1
    assert state["scores"] == {"Alice": 20, "Bruno": 0, "Ordi 2": 0} and state["over"] is False
    status, out, _err = run("table", "jouer", bruno, "accepter", "--base", table["base"])
    assert status == 0  # BALTE accepted: still Bruno's turn
    status, out, _err = run("table", "jouer", bruno, "passer", "--base", table["base"])
    assert status == 0  # and the computer, whose turn comes, plays before the command ends
    status, out, _err = run("table", "etat", alice, "--json", "--base", table["base"])
    assert json.loads(out)["turn"] == "Alice" and json.loads(out)["events"] == 4


@pytest.mark.parametrize("argv, code", [
    (("jouer", "{alice}", "passer"), None),  # Alice may pass: the control case
    (("jouer", "{bruno}", "passer"), "tour"),  # not Bruno's turn
    (("jouer", "abcd-efgh-jkmn-pqrs-tuvw", "passer"), "code"),
    (("jouer", "{alice}", "H4 ZZZZ"), "ZZZZ"),  # not a legal move
])
def test_a_refusal_is_one_line_exit_2_and_writes_nothing(table, argv, code):
    codes = {"alice": table["seats"][0]["code"], "bruno": table["seats"][1]["code"]}
    before = open_store(table["base"]).rows(table["table"])
    status, out, err = run("table", *(a.format(**codes) for a in argv), "--base", table["base"])
    if code is None:
        assert status == 0
        return
    assert status == 2 and out == "" and err.count("\n") == 1 and err.startswith("scrabble-fr table:")
    assert code in err
    assert open_store(table["base"]).rows(table["table"]) == before


def test_tables_lists_them(table):
    status, out, _err = run("tables", "--json", "--base", table["base"])
    listed = json.loads(out)
    assert status == 0 and listed[0]["table"] == table["table"] and listed[0]["turn"] == "Alice"
    assert listed[0]["players"] == ["Alice", "Bruno", "Ordi 2"] and listed[0]["over"] is False


def test_an_unreachable_base_is_one_line(tmp_path):
    status, _out, err = run("tables", "--base", "postgresql://nobody@127.0.0.1:1/none")
    assert status == 2 and err.count("\n") == 1 and "injoignable" in err


def test_the_arbiter_s_code_shows_the_table_without_a_rack_and_is_listed_apart(base):
    status, out, err = run("table", "creer", "--joueurs", "Alice,Bruno", "--arbitre", "Zoé", "--verification",
                           "manuelle", "--graine", "7", "--base", base, "--json")
    assert status == 0, err
    alice, bruno, zoe = (s["code"] for s in json.loads(out)["seats"])
    status, out, err = run("table", "etat", zoe, "--json", "--base", base)
    state = json.loads(out)
    assert status == 0 and state["seat"] == "Zoé" and state["rack"] is None and state["turn"] == "Alice", err
    listed = json.loads(run("tables", "--json", "--base", base)[1])[0]
    assert listed["players"] == ["Alice", "Bruno"] and listed["arbiter"] == "Zoé"
    # A word the move did not form is refused before the arbiter is asked to judge anything.
    assert run("table", "jouer", alice, "H4 BALTE", "--base", base)[0] == 0
    before = open_store(base).rows(json.loads(run("tables", "--json", "--base", base)[1])[0]["table"])
    status, _out, err = run("table", "jouer", bruno, "contester PLIAE", "--base", base)
    assert status == 2 and "PLIAE" in err and "BALTE" in err
    table_id = listed["table"]
    assert open_store(base).rows(table_id) == before
    status, out, err = run("table", "jouer", bruno, "contester balte", "--base", base)
    assert status == 0, err
    rows = open_store(base).rows(table_id)
    assert rows[-1].payload["type"] == "judge_request" and rows[-1].payload["words"] == ["BALTE"]


def test_exporter_of_a_saved_duplicate_game_says_it_is_one_in_a_fresh_process(tmp_path):
    """``exporter`` takes a saved game's id or a table's: a saved duplicate game, read by a process
    that has loaded no duplicate module, is said to be one, not a damaged file to restore."""
    import os
    import subprocess
    import sys

    from scrabble_fr.duplicate import DuplicateGame, DuplicateRecord, read_sheet
    from scrabble_fr.records.store import RecordStore
    from scrabble_fr.words import WordSet

    game = DuplicateGame(["Alice", "Bruno"], lexicon=WordSet(["TA"], "mini"), sheet=read_sheet("NETSAAE\n"))
    record = DuplicateRecord.new(game, lexicon="test")
    RecordStore(tmp_path).save(record)
    env = {**os.environ, "SCRABBLE_FR_PARTIES": str(tmp_path)}
    done = subprocess.run([sys.executable, "-m", "scrabble_fr", "exporter", record.id, "--langue", "fr"],
                          capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 2 and done.stdout == "", done.stderr
    assert "est une partie duplicate" in done.stderr and "abîmée" not in done.stderr, done.stderr
