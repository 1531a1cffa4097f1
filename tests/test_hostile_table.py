"""Hostile input at the shared tables, on both backends: names, codes, commands and options, typed
as a careless or a hostile participant would. Every case is one line on the error stream, exit
status 2, no traceback, no control character sent to the terminal, and nothing written: the
store's every row (tables, seats with their leases and first arrivals, events) is the same after.
(The store's address itself, ``--base``, is swept in tests/table/test_hostile_base.py.)"""

from __future__ import annotations

import importlib.util
import io
import json
import sqlite3
import unicodedata
from pathlib import Path
from typing import Any

import pytest

from scrabble_fr.cli import main

# The throwaway PostgreSQL cluster of the table tests and their store on each backend, shared
# rather than copied.
_spec = importlib.util.spec_from_file_location("table_backends", Path(__file__).parent / "table" / "conftest.py")
assert _spec is not None and _spec.loader is not None
_backends = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_backends)

postgres = _backends.postgres
base = _backends.base
module_base = _backends.module_base


def snapshot(base: str) -> dict[str, list[str]]:
    """Every row of every table of the store, as stored."""
    if base.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(base) as conn:
            names = [row[0] for row in conn.execute(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()")]
            return {name: sorted(map(repr, conn.execute(f"SELECT * FROM {name}").fetchall())) for name in names}
    with sqlite3.connect(f"file:{base}?mode=ro", uri=True) as conn:
        names = [row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {name: sorted(map(repr, conn.execute(f"SELECT * FROM {name}").fetchall())) for name in names}


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def refused(base: str, *argv: str, said: str | None = None) -> str:
    """Run a command that must be refused: one clean line, exit 2, the store unchanged."""
    before = snapshot(base)
    status, out, err = run(*argv, "--base", base)
    assert status == 2, (argv, out, err)
    assert out == "" and err.count("\n") == 1 and err.endswith("\n"), (argv, err)
    assert "Traceback" not in err
    assert not [ch for ch in err[:-1] if unicodedata.category(ch).startswith("C")], repr(err)
    if said is not None:
        assert said in err, err
    assert snapshot(base) == before, argv
    return err


def create_classic(base: str) -> dict[str, Any]:
    """A classic table with a clock (which starts when both seats have been taken once)."""
    status, out, err = run("table", "creer", "--joueurs", "Alice,Bruno", "--graine", "7", "--pendule", "25",
                           "--base", base, "--json")
    assert status == 0, err
    data = json.loads(out)
    data["base"] = base
    data["alice"], data["bruno"] = (seat["code"] for seat in data["seats"])
    return data


def create_duplicate(base: str) -> dict[str, Any]:
    """An open club duplicate: no player yet, its own code to join with a name."""
    status, out, err = run("table", "creer", "--duplicate", "--graine", "1", "--temps", "0", "--base", base,
                           "--json")
    assert status == 0, err
    data = json.loads(out)
    data["base"] = base
    return data


# A test that plays or joins has a table of its own; a test that only checks refusals (each one
# compares every row of the store before and after) shares the module's tables, created once per
# backend instead of once per case.
@pytest.fixture
def own_classic(base: str) -> dict[str, Any]:
    return create_classic(base)


@pytest.fixture
def own_duplicate(base: str) -> dict[str, Any]:
    return create_duplicate(base)


@pytest.fixture(scope="module")
def untouched(module_base: str) -> dict[str, dict[str, Any]]:
    """The module's classic table (no seat taken yet) and open duplicate, which no test changes."""
    return {"classic": create_classic(module_base), "duplicate": create_duplicate(module_base)}


@pytest.fixture
def classic(untouched: dict[str, dict[str, Any]]) -> dict[str, Any]:
    return untouched["classic"]


@pytest.fixture
def duplicate(untouched: dict[str, dict[str, Any]]) -> dict[str, Any]:
    return untouched["duplicate"]


# -- names ---------------------------------------------------------------------------------------
BAD_PLAYERS = [
    ("Alice,\x1b[31mBruno", "\\x1b"),  # a terminal escape
    ("Alice,Bru\nno", None),  # a line break
    ("Alice,\u202eonurB", "\\u202e"),  # a right-to-left override
    ("Alice,", "virgule"),  # empty
    ("Alice,Alice", "Alice"),
    ("Alice,ALICE", "ALICE"),  # the same name, case aside
    ("Alice," + "B" * 21, "20"),  # too long
    ("Alice,\x00", None),
]


@pytest.mark.parametrize("players, said", BAD_PLAYERS)
def test_bad_player_names_create_no_table(classic, players, said):
    refused(classic["base"], "table", "creer", "--joueurs", players, said=said)
    refused(classic["base"], "table", "creer", "--duplicate", "--joueurs", players, said=said)


@pytest.mark.parametrize("arbiter, said", [
    ("\x1b]0;pwned\x07", "\\x1b"), ("\x1b[2J", "\\x1b"), ("Zo\u200bé", "\\u200b"), ("A" * 21, "20"),
    ("Arbi\ntre", None),
])
def test_a_bad_arbitrator_name_creates_no_table(classic, arbiter, said):
    # The duplicate's arbitrator was not checked: a terminal escape reached whoever ran « tables ».
    refused(classic["base"], "table", "creer", "--duplicate", "--arbitre", arbiter, said=said)
    refused(classic["base"], "table", "creer", "--joueurs", "Alice,Bruno", "--arbitre", arbiter, said=said)


def test_a_classic_arbiter_named_as_a_player_or_unnamed_is_refused(classic):
    refused(classic["base"], "table", "creer", "--joueurs", "Alice,Bruno", "--arbitre", "alice", said="alice")
    refused(classic["base"], "table", "creer", "--joueurs", "Alice,Bruno", "--arbitre", " ", said="--arbitre")


@pytest.mark.parametrize("name, said", [("\x1b[2JMallory", "\\x1b"), ("M" * 21, "20"), ("arbitre", "arbitre"),
                                        ("   ", "--nom")])
def test_a_bad_name_at_an_open_table_takes_no_seat(duplicate, name, said):
    refused(duplicate["base"], "table", "rejoindre", duplicate["code"], "--nom", name, said=said)


def test_names_already_stored_are_listed_escaped(base, own_duplicate):
    # A table written before names were checked: its names are shown, never obeyed.
    from scrabble_fr.table import open_store
    from scrabble_fr.table.store import NewTable, SeatSpec

    store = open_store(base)
    store.create_table(NewTable("classic", {"seed": 1}, [SeatSpec("\x1b[2JEve"), SeatSpec("Bob")]))
    store.close()
    status, out, err = run("tables", "--base", base)
    assert status == 0 and "\x1b" not in out and "\\x1b[2JEve" in out, err


# -- codes ---------------------------------------------------------------------------------------
BAD_CODES = ["abcd-efgh-jkmn-pqrs-tuvw", "", "x" * 5000, "\x1b[31m\x1b]0;x\x07", "'; DROP TABLE seats; --",
             "ａｂｃｄ", "\udcff"[:0] + "\x00"]


@pytest.mark.parametrize("code", BAD_CODES)
@pytest.mark.parametrize("action", [("jouer", "{code}", "passer"), ("etat", "{code}"), ("etat", "{code}", "--json"),
                                    ("rejoindre", "{code}"), ("arbitrer", "{code}"),
                                    ("arbitrer", "{code}", "--fermer", "1")])
def test_a_bad_code_opens_nothing(classic, code, action):
    refused(classic["base"], "table", *(part.format(code=code) for part in action))


@pytest.mark.parametrize("table_id", ["zzzzzzzz", "", "\x1b[2J", "x" * 5000])
def test_a_bad_table_id_is_refused(classic, table_id):
    refused(classic["base"], "table", "resultats", table_id)


# -- commands to « table jouer » -------------------------------------------------------------------
COMMANDS = [
    ("alice", "", None), ("alice", "   ", None), ("alice", "\x1b[2J\x1b[31m", "\\x1b"),
    ("alice", "H4 \x1b[31mBALTE", None), ("alice", "xyzzy", "xyzzy"), ("alice", "H8", None),
    ("alice", "H99999999999999999999 BALTE", None), ("alice", "99999999999999999999H BALTE", None),
    ("alice", "H4 " + "E" * 500, None), ("alice", "changer " + "E" * 500, None), ("alice", "changer ZZ", None),
    ("alice", "H4 ZZZZZ", None), ("alice", "A1 BALTE", "H8"),  # off the centre on the first move
    ("alice", "accepter", None), ("alice", "contester", None), ("alice", "contester PLIAE", None),
    ("bruno", "passer", "tour"), ("bruno", "H4 CRAKE", "tour"),  # not Bruno's turn
]


@pytest.mark.parametrize("who, command, said", COMMANDS)
def test_a_refused_command_leaves_the_seat_the_clocks_and_the_rows_as_they_were(classic, who, command, said):
    # No seat has been taken yet: a refused command must not take it (nor start the clocks).
    refused(classic["base"], "table", "jouer", classic[who], command, said=said)


@pytest.mark.parametrize("who, command, said", [
    ("bruno", "contester PLIAE", "PLIAE"),  # a word the move did not form: it cost -10 before
    ("bruno", "contester BALTE PLIAE", "BALTE"),
    ("bruno", "contester \x1b[2J", "\\x1b"),
    ("alice", "contester BALTE", None),  # one's own move
    ("alice", "passer", "tour"),  # Bruno acts next
    ("bruno", "contester " + "Z" * 500, None),
])
def test_a_refused_command_after_a_move_changes_nothing(own_classic, who, command, said):
    status, _out, err = run("table", "jouer", own_classic["alice"], "H4 BALTE", "--base", own_classic["base"])
    assert status == 0, err
    line = refused(own_classic["base"], "table", "jouer", own_classic[who], command, said=said)
    if "PLIAE" in command:
        assert "BALTE" in line  # the words formed are listed
    status, out, err = run("table", "etat", own_classic["bruno"], "--json", "--base", own_classic["base"])
    state = json.loads(out)
    assert state["scores"] == {"Alice": 20, "Bruno": 0} and state["pending"] == {"move": "H4 BALTE", "by": "Alice"}


def test_a_command_taken_after_a_refusal_is_played(own_classic):
    refused(own_classic["base"], "table", "jouer", own_classic["bruno"], "passer")
    status, out, err = run("table", "jouer", own_classic["alice"], "H4 BALTE", "--base", own_classic["base"])
    assert status == 0 and out.count("\n") == 1, err
    status, out, err = run("table", "jouer", own_classic["bruno"], "contester BALTE", "--base", own_classic["base"])
    assert status == 0, err
    state = json.loads(run("table", "etat", own_classic["bruno"], "--json", "--base", own_classic["base"])[1])
    assert state["events"] == 2 and state["scores"]["Bruno"] == -10  # the word named was judged


@pytest.mark.parametrize("command", ["passer", "\x1b[2J", "H4 BALTE", "contester PLIAE", ""])
def test_a_refused_proposal_at_a_duplicate_writes_nothing(own_duplicate, command):
    from scrabble_fr.table.duplicate import DuplicateTable
    from scrabble_fr.table.store import open_store

    base = own_duplicate["base"]
    store = open_store(base)
    joined = DuplicateTable.join(store, own_duplicate["code"], name="Alice")
    code = joined.code
    joined.close()
    store.close()
    assert code is not None
    refused(base, "table", "jouer", code, command)  # no coup started: refused, seat untouched
    refused(base, "table", "jouer", own_duplicate["arbiter"], "H8 ZEBRE", said="arbitre")
    refused(base, "table", "jouer", own_duplicate["code"], "H8 ZEBRE")  # the table's own code plays nothing


def test_the_arbitrator_s_etat_gives_the_open_table_s_code(own_duplicate):
    # The code late players need: the arbitrator's etat says it, no other code's does.
    status, out, err = run("table", "etat", own_duplicate["arbiter"], "--json", "--base", own_duplicate["base"])
    assert status == 0 and json.loads(out)["code"] == own_duplicate["code"], err
    status, out, err = run("table", "etat", own_duplicate["arbiter"], "--base", own_duplicate["base"])
    assert own_duplicate["code"] in out and "liste de mots" not in err
    status, out, err = run("table", "etat", own_duplicate["code"], "--json", "--base", own_duplicate["base"])
    assert status == 0 and json.loads(out)["code"] is None and json.loads(out)["role"] == "table"


# -- options -------------------------------------------------------------------------------------
@pytest.mark.parametrize("option", [
    ("--pendule", "-5"), ("--pendule", "999999999999999999999"), ("--pendule", "601"), ("--pendule", "abc"),
    ("--pendule", "1.5"), ("--pendule", ""), ("--pendule", "\x1b[2J"),
    ("--graine", "99999999999999999999999999"), ("--graine", "-1"), ("--graine", "abc"), ("--graine", "1e9"),
    ("--verification", "\x1b[2J"), ("--regles", "\x1b[2J"),
])
def test_bad_options_create_no_table(classic, option):
    refused(classic["base"], "table", "creer", "--joueurs", "Alice,Bruno", *option)


@pytest.mark.parametrize("option", [
    ("--temps", "-1"), ("--temps", "99999999:00"), ("--temps", "abc"), ("--temps", "3:99"), ("--temps", "\x1b"),
    ("--graine", "99999999999999999999999999"), ("--graine", "-7"),
])
def test_bad_duplicate_options_create_no_table(classic, option):
    refused(classic["base"], "table", "creer", "--duplicate", *option)


@pytest.mark.parametrize("number", ["99999999999999999999", "-1", "0", "2", "abc"])
def test_closing_a_coup_that_cannot_be_closed_takes_no_seat(duplicate, number):
    refused(duplicate["base"], "table", "arbitrer", duplicate["arbiter"], "--fermer", number)


def test_arbitrer_with_a_code_that_is_not_the_arbitrator_s_says_so(classic, duplicate):
    # Not « only the arbiter judges the challenged words »: nothing here was challenged.
    for base, code in ((classic["base"], classic["alice"]), (duplicate["base"], duplicate["code"])):
        refused(base, "table", "arbitrer", code, "--fermer", "1", said="seul l'arbitre le fait, avec son code")
