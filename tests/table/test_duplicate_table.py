"""The club duplicate at a shared table, on both backends: joining, proposals, the single close,
the results, corrections, the ranking, and the commands without a screen.

Seed 1: the first draw is ERZAGEP and its top H6 ARPEGEZ, 108 (FISF rules, §5.4.2a pays the word
its best score wherever it is written on the first coup).
"""

from __future__ import annotations

import io
import json
import threading

import pytest

from scrabble_fr.cli import main
from scrabble_fr.engine.errors import ScrabbleError
from scrabble_fr.table import TableError, open_store
from scrabble_fr.table.duplicate import DuplicateTable, DuplicateTableSettings, create_duplicate_table
from scrabble_fr.table.rows import PlacedMove


@pytest.fixture(scope="module")
def french():
    from scrabble_fr.lexicon import Lexicon

    return Lexicon.builtin("fr")


def table(base, french, players=("Alice", "Bruno"), **options):  # type: ignore[no-untyped-def]
    options.setdefault("seconds", None)
    created = create_duplicate_table(open_store(base), DuplicateTableSettings(list(players), seed=1, **options))
    arbiter = DuplicateTable.join(open_store(base), created.codes[len(players)], french)
    seats = [DuplicateTable.join(open_store(base), created.codes[n]) for n in range(len(players))]
    return created, arbiter, seats


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    return main(list(argv), out=out, err=err), out.getvalue(), err.getvalue()


def test_a_coup_from_the_draw_to_the_ranking(base, french):
    _created, arbiter, (alice, bruno) = table(base, french)
    assert arbiter.is_arbiter and alice.game is None  # a player's process holds no word list
    arbiter.start_coup()
    alice.poll(timeout=2.0)
    bruno.poll(timeout=2.0)
    assert alice.current is not None and alice.current.draw_text == "ERZAGEP"
    with pytest.raises(ScrabbleError):
        alice.propose("H8 ZEBRE")  # no B in the draw: refused at once, nothing written
    alice.propose("H4 PAGE")
    alice.propose("H2 ARPEGEZ")  # replaces her first proposal
    bruno.propose("H8 GAZER")
    arbiter.poll(timeout=2.0)
    assert arbiter.has_proposed(0) and arbiter.has_proposed(1)
    arbiter.close_coup()
    alice.poll(timeout=2.0)
    coup = alice.coups[0]
    assert coup.results is not None and coup.results.top == PlacedMove("H6", "ARPEGEZ", 108)
    line = coup.line(0)
    assert coup.points(0) == 108 and line is not None and line.solo is True
    assert alice.board[7, 5] == "A"  # the top is on the board
    # The ranking is the sum of the recorded scores.
    assert alice.total(0) == coup.points(0) and alice.total(1) == coup.points(1)
    assert [line.seat for line in alice.standings()] == [0, 1]
    assert alice.rank(0) == 1 and alice.percent(0) == 100.0
    with pytest.raises(ScrabbleError):
        alice.propose("H4 PAGE")  # after the close


def test_a_coup_closes_once_when_two_processes_close_it(base, french):
    created, arbiter, (alice, _bruno) = table(base, french)
    arbiter.start_coup()
    second = DuplicateTable.join(open_store(base), created.codes[2], french, force=True)  # a second window
    results: list[str] = []
    barrier = threading.Barrier(2)

    def close(who: DuplicateTable) -> None:
        barrier.wait()
        try:
            who.close_coup(1)
            results.append("closed")
        except TableError as exc:
            results.append(exc.code)

    threads = [threading.Thread(target=close, args=(who,)) for who in (arbiter, second)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == ["closed", "coup_closed_already"]
    rows = open_store(base).rows(created.table.id)
    assert [row.payload["type"] for row in rows].count("close") == 1
    assert [row.payload["type"] for row in rows].count("results") == 1


def test_the_time_up_closes_the_coup_whoever_notices(tmp_path, french):
    base = str(tmp_path / "tables.sqlite3")
    created, arbiter, (alice, bruno) = table(base, french, seconds=60.0)
    arbiter.start_coup()
    alice.poll(timeout=2.0)
    alice.propose("H6 ARPEGEZ")
    import sqlite3

    with sqlite3.connect(base) as db:  # the coup started 61 s ago, by the database's clock
        db.execute("UPDATE events SET ts_ms = ts_ms - 61000 WHERE payload LIKE '%\"coup\"%'")
    bruno.rebuild()
    assert bruno.remaining() is not None and bruno.remaining() < 0
    bruno.poll()  # Bruno's process notices first and closes it
    alice.poll(timeout=2.0)
    assert alice.current is None and alice.coups[0].closed
    arbiter.poll(timeout=2.0)  # the arbitrator's process publishes the results
    alice.poll(timeout=2.0)
    assert alice.coups[0].points(0) == 108
    types = [row.payload["type"] for row in open_store(base).rows(created.table.id)]
    assert types.count("close") == 1


def test_an_open_table_takes_players_by_name_and_a_late_one_scores_zero_before(base, french):
    created = create_duplicate_table(open_store(base), DuplicateTableSettings([], seed=1, seconds=None))
    assert created.table_code is not None and list(created.codes) == [0]  # the arbitrator's seat only
    arbiter = DuplicateTable.join(open_store(base), created.codes[0], french)
    alice = DuplicateTable.join(open_store(base), created.table_code, name="Alice")
    assert alice.code is not None and alice.seat == 1
    with pytest.raises(TableError) as taken:
        DuplicateTable.join(open_store(base), created.table_code, name="alice")
    assert taken.value.code == "name_taken"
    arbiter.poll(timeout=2.0)
    arbiter.start_coup()
    alice.poll(timeout=2.0)
    alice.propose("H6 ARPEGEZ")
    arbiter.close_coup()
    bruno = DuplicateTable.join(open_store(base), created.table_code, name="Bruno")  # late
    arbiter.poll(timeout=2.0)
    arbiter.start_coup()
    bruno.poll(timeout=2.0)
    bruno.propose("")
    arbiter.close_coup()
    bruno.poll(timeout=2.0)
    assert bruno.coups[0].points(bruno.seat) == 0 and bruno.total(alice.seat) >= 108
    assert bruno.rank(bruno.seat) == 2


def test_a_look_reads_who_is_at_the_table_for_a_newcomer_not_for_the_joins_replayed_on_opening(base, french,
                                                                                              monkeypatch):
    # Every seat's look runs several times a second: the seats are read again for a newcomer's row,
    # not for the rows of those already seated when the seat opened (it read them then).
    created = create_duplicate_table(open_store(base), DuplicateTableSettings([], seed=1, seconds=None))
    for name in ("Alice", "Bruno"):
        DuplicateTable.join(open_store(base), created.table_code, name=name).close()
    arbiter = DuplicateTable.join(open_store(base), created.codes[0], french)
    reads: list[str] = []
    read_table = arbiter.store.table
    monkeypatch.setattr(arbiter.store, "table", lambda table_id: reads.append(table_id) or read_table(table_id))
    look = arbiter.poll()
    assert look is not None or reads == []  # a seat that came or went since the opening is read, and said
    chloe = DuplicateTable.join(open_store(base), created.table_code, name="Chloé")
    assert arbiter.poll(timeout=2.0) is not None
    assert reads and arbiter.present(chloe.seat)


def test_the_arbitrators_process_knows_the_open_tables_code_that_nothing_stored_gives(base, french):
    from scrabble_fr.table import club_view

    created = create_duplicate_table(open_store(base), DuplicateTableSettings([], seed=1, seconds=None))
    arbiter = DuplicateTable.join(open_store(base), created.codes[0], french)
    assert arbiter.table_code == created.table_code
    assert created.table_code in (club_view.table_code_text(arbiter) or "")
    late = DuplicateTable.join(open_store(base), arbiter.table_code, name="Chloé")  # the code the desk shows
    assert late.names[late.seat] == "Chloé" and late.table_code is None  # a player's process is told nothing
    assert club_view.table_code_text(late) is None
    if "://" not in base:  # the SQLite file holds the code nowhere, in any case or grouping
        import sqlite3

        with sqlite3.connect(base) as db:
            dump = "\n".join(db.iterdump()).lower()
        assert created.table_code.replace("-", "") not in dump.replace("-", "")
    # A table whose players were named at its creation has no code of its own: the desk says none.
    _created, named, _seats = table(base, french)
    assert named.table_code is None and club_view.table_code_text(named) is None


def test_an_open_table_made_before_derived_codes_says_where_its_code_was_given(base, french, monkeypatch):
    from scrabble_fr.table import club_view, store
    from scrabble_fr.table.store import new_code

    def drawn(table, table_id):  # what the store did before: the open table's code drawn at random
        return {n: new_code() for n, spec in enumerate(table.seats)}, new_code()

    monkeypatch.setattr(store, "new_codes", drawn)  # both backends create a table with it
    created = create_duplicate_table(open_store(base), DuplicateTableSettings([], seed=1, seconds=None))
    monkeypatch.undo()
    arbiter = DuplicateTable.join(open_store(base), created.codes[0], french)
    assert arbiter.table_code is None
    assert club_view.table_code_text(arbiter) == "Le code de la table a été affiché à sa création."
    alice = DuplicateTable.join(open_store(base), created.table_code, name="Alice")  # it keeps opening seats
    arbiter.poll(timeout=2.0)
    arbiter.start_coup()
    alice.poll(timeout=2.0)
    alice.propose("H6 ARPEGEZ")
    arbiter.close_coup()
    assert arbiter.total(alice.seat) == 108


def test_the_arbitrator_corrects_a_score_with_a_reason(base, french):
    created, arbiter, (alice, _bruno) = table(base, french)
    arbiter.start_coup()
    alice.poll(timeout=2.0)
    alice.propose("H4 PAGE")
    arbiter.close_coup()
    before = arbiter.total(0)
    arbiter.correct(1, 0, 50, "bulletin mal lu")
    alice.poll(timeout=2.0)
    assert alice.coups[0].points(0) == 50 and alice.total(0) == before - alice.coups[0].recorded_points(0) + 50
    with pytest.raises(TableError):
        alice.correct(1, 0, 100, "moi")  # only the arbitrator
    status, out, _err = run("table", "resultats", created.table.id, "--json", "--base", base)
    data = json.loads(out)
    assert data["coups"][0]["players"]["Alice"]["correction"] == "bulletin mal lu"


def test_the_commands_without_a_screen(base, french):
    status, out, err = run("table", "creer", "--duplicate", "--joueurs", "Alice,Bruno", "--graine", "1",
                           "--temps", "0", "--base", base, "--json")
    assert status == 0, err
    created = json.loads(out)
    assert set(created) == {"table", "seats", "arbiter"}
    alice = created["seats"][0]["code"]
    status, out, err = run("table", "jouer", alice, "H4 PAGE", "--base", base)
    assert status == 2 and "fermé" in err  # no coup started yet: refused, one line
    arbiter = DuplicateTable.join(open_store(base), created["arbiter"], french)
    arbiter.start_coup()
    status, out, err = run("table", "jouer", alice, "H4 PAGE", "--base", base)
    assert status == 0 and out.count("\n") == 1
    status, out, _err = run("table", "etat", alice, "--json", "--base", base)
    state = json.loads(out)
    assert set(state) == {"table", "seat", "role", "coup", "state", "draw", "proposed", "scores", "rank", "over",
                          "code"}
    assert (state["coup"], state["draw"], state["proposed"], state["over"]) == (1, "ERZAGEP", True, False)
    assert (state["role"], state["state"]) == ("player", "running")
    assert state["scores"] == {"Alice": 0, "Bruno": 0}
    arbiter.close()
    status, out, err = run("table", "arbitrer", created["arbiter"], "--fermer", "1", "--base", base)
    assert status == 0, err
    status, out, err = run("table", "arbitrer", created["arbiter"], "--fermer", "1", "--base", base)
    assert status == 2 and err.count("\n") == 1 and "déjà" in err  # closed once
    status, out, _err = run("table", "resultats", created["table"], "--csv", "--base", base)
    lines = out.splitlines()  # in French: « ; » between fields, a decimal comma
    assert lines[0].startswith("rang") and lines[1].split(";")[1:4] == ["Alice", "14", "12,96"]
    status, out, _err = run("table", "resultats", created["table"], "--csv", "--base", base, "--langue", "en")
    assert out.splitlines()[1].split(",")[1:4] == ["Alice", "14", "12.96"]
    status, out, _err = run("tables", "--json", "--base", base)
    assert json.loads(out)[0]["kind"] == "duplicate"


def test_a_club_table_takes_only_the_rules_times(base):
    status, _out, err = run("table", "creer", "--duplicate", "--club", "--temps", "0:45", "--base", base)
    assert status == 2 and "3:00, 2:30, 2:00 ou 1:00" in err
    assert open_store(base).tables() == []


def test_a_proposal_wakes_the_arbitrator_and_not_the_other_players(base, french):
    # A hundred players: each proposal must not make the ninety-nine others read the table.
    _created, arbiter, (alice, bruno) = table(base, french)
    arbiter.start_coup()
    for who in (alice, bruno, arbiter):
        who.poll(timeout=2.0)
    for _attempt in range(10):  # every notification so far read (they arrive a moment after the commit)
        if bruno.poll(timeout=0.3) is None:
            break
    alice.propose("H4 PAGE")
    assert arbiter.poll(timeout=2.0) is not None and arbiter.has_proposed(0)
    if base.startswith("postgresql"):
        assert bruno.poll(timeout=0.5) is None  # not woken (SQLite: every commit wakes, cheaply)
    bruno.propose("H8 GAZER")  # his process was behind: it reads Alice's row and writes after it
    arbiter.poll(timeout=2.0)
    assert arbiter.has_proposed(0) and arbiter.has_proposed(1)
    arbiter.close_coup()
    bruno.poll(timeout=2.0)  # the close wakes him, with every row before it
    assert bruno.coups[0].results is not None and bruno.coups[0].proposals == {0: "H4 PAGE", 1: "H8 GAZER"}


def test_tables_and_etat_say_what_each_role_of_a_duplicate_sees(base, french):
    created, arbiter, (alice, bruno) = table(base, french)
    codes = {"alice": created.codes[0], "bruno": created.codes[1], "arbiter": created.codes[2]}

    def listed() -> tuple[dict, str]:
        rows = json.loads(run("tables", "--json", "--base", base)[1])
        return rows[0], run("tables", "--base", base)[1]

    def state(who: str) -> dict:
        status, out, err = run("table", "etat", codes[who], "--json", "--base", base)
        assert status == 0, err
        return json.loads(out)

    row, text = listed()  # the arbitrator is no player, and no one's turn is said
    assert (row["players"], row["arbiter"], row["turn"], row["state"]) == (["Alice", "Bruno"], "Arbitre", None,
                                                                          "waiting")
    assert "en attente du coup 1" in text and "None" not in text and "au tour" not in text
    status, out, err = run("table", "etat", codes["arbiter"], "--base", base)
    assert status == 0 and "liste de mots" not in err and "arbitre" in out, err  # no word list needed
    arbiter.start_coup()
    alice.poll(timeout=2.0)
    alice.propose("H4 PAGE")
    view = state("arbiter")  # who has handed a move in, never which
    assert (view["role"], view["proposed"], view["draw"], view["rank"]) == ("arbiter", ["Alice"], "ERZAGEP", None)
    assert "PAGE" not in json.dumps(view) and "rack" not in view
    assert (state("alice")["proposed"], state("bruno")["proposed"]) == (True, False)
    status, out, _err = run("table", "etat", codes["arbiter"], "--base", base)
    assert "Coups remis\u00a0: Alice" in out and "PAGE" not in out
    row, text = listed()
    assert (row["coup"], row["state"]) == (1, "running") and "coup 1 en cours" in text
    arbiter.close_coup()
    row, text = listed()
    assert (row["coup"], row["state"]) == (1, "waiting") and "en attente du coup 2" in text
    assert state("alice")["draw"] == "ERZAGEP"  # the coup played, never the next draw


def test_the_results_align_their_percentages(base, french):
    created, arbiter, (alice, bruno) = table(base, french)
    arbiter.start_coup()
    alice.poll(timeout=2.0)
    alice.propose("H6 ARPEGEZ")
    bruno.poll(timeout=2.0)
    bruno.propose("H4 PAGE")
    arbiter.close_coup()
    for language in ("fr", "en"):
        status, out, _err = run("table", "resultats", created.table.id, "--base", base, "--langue", language)
        ranking = [line for line in out.splitlines() if line[:3].strip().isdigit() and "%" in line]
        assert len(ranking) == 2 and len({line.index("%") for line in ranking}) == 1, out
