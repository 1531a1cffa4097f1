"""What a hostile participant could blow where rows are written: an open duplicate's seats are
capped in the transaction that writes them (the 201st player refused, nothing written, even when
two arrive at once); a table the joins damaged reads as damaged in ``tables``; a PostgreSQL server
with no connection slot left for another terminal is said in one clear line, before a newcomer
takes the last one, and when the server itself refuses."""

from __future__ import annotations

import io
import json
import threading
import time
from contextlib import closing

import pytest

from scrabble_fr.cli import main
from scrabble_fr.duplicate.game import CLUB_MAX_PLAYERS
from scrabble_fr.table import TableError, open_store
from scrabble_fr.table.duplicate import DuplicateTable, DuplicateTableSettings, create_duplicate_table
from scrabble_fr.table.store import SeatSpec
from tests.table.conftest import Cluster, store_address


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    return main(list(argv), out=out, err=err), out.getvalue(), err.getvalue()


def open_table(base: str) -> tuple[str, str]:
    with closing(open_store(base)) as store:
        created = create_duplicate_table(store, DuplicateTableSettings([], seed=1, seconds=None))
    assert created.table_code is not None
    return created.table.id, created.table_code


def written(base: str, table_id: str) -> tuple[int, int]:
    """The table's seats and events: what a refusal must leave as it was."""
    with closing(store_once_free(base)) as store:
        info = store.table(table_id)
    return len(info.seats), info.events


def test_the_201st_player_is_refused_where_the_seat_is_written(base):
    table_id, code = open_table(base)
    store = open_store(base)
    for number in range(CLUB_MAX_PLAYERS - 1):
        store.add_seat(table_id, SeatSpec(f"Joueur {number}"), max_players=CLUB_MAX_PLAYERS)
    last = DuplicateTable.join(open_store(base), code, name="Dernière")  # the 200th: welcome
    assert last.damaged is None and len(last.players) == CLUB_MAX_PLAYERS
    before = written(base, table_id)
    with pytest.raises(TableError) as full:  # the check before anything is written
        DuplicateTable.join(open_store(base), code, name="Zoé")
    assert full.value.code == "table_full"
    with pytest.raises(TableError) as full:  # and the store's own, in its transaction
        store.add_seat(table_id, SeatSpec("Zoé"), max_players=CLUB_MAX_PLAYERS)
    assert full.value.code == "table_full"
    status, out, err = run("table", "rejoindre", code, "--nom", "Zoé", "--base", base)
    assert status == 2 and out == "" and err.count("\n") == 1 and "200 joueurs au plus" in err, err
    assert written(base, table_id) == before
    status, out, _err = run("tables", "--json", "--base", base)
    assert json.loads(out)[0]["damaged"] is False


def test_two_newcomers_at_once_for_the_last_seat_one_sits(base):
    table_id, _code = open_table(base)
    store = open_store(base)
    for number in range(CLUB_MAX_PLAYERS - 1):
        store.add_seat(table_id, SeatSpec(f"Joueur {number}"), max_players=CLUB_MAX_PLAYERS)
    barrier = threading.Barrier(2)
    results: list[str] = []

    def join(name: str) -> None:
        own = open_store(base)
        barrier.wait()
        try:
            own.add_seat(table_id, SeatSpec(name), max_players=CLUB_MAX_PLAYERS)
            results.append("seated")
        except TableError as exc:
            results.append(exc.code)
        finally:
            own.close()

    threads = [threading.Thread(target=join, args=(name,)) for name in ("Yves", "Zoé")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == ["seated", "table_full"]
    assert sum(1 for s in open_store(base).table(table_id).seats if s.role.value == "player") == CLUB_MAX_PLAYERS


def test_tables_says_a_table_the_joins_damaged_is_damaged(base):
    """Rows an older program let through (201 joins): every process's replay refuses them as the
    arbitrator's does, ``tables`` included; 200 are fine."""
    fine, _code = open_table(base)
    damaged, _code = open_table(base)
    store = open_store(base)
    for table_id, count in ((fine, CLUB_MAX_PLAYERS), (damaged, CLUB_MAX_PLAYERS + 1)):
        for seq in range(1, count + 1):
            store.append(table_id, seq, {"type": "join", "seat": seq, "name": f"Joueur {seq}"})
    status, out, err = run("tables", "--json", "--base", base)
    assert status == 0, err
    listed = {row["table"]: row["damaged"] for row in json.loads(out)}
    assert listed == {fine: False, damaged: True}
    status, out, _err = run("tables", "--base", base)
    assert "endommagée" in next(line for line in out.splitlines() if line.startswith(damaged))


class SmallServer(Cluster):
    """A server with 8 connection slots, 2 of them kept for superusers: 6 for the club's role."""

    settings = "-c max_connections=8 -c superuser_reserved_connections=2"


@pytest.fixture(scope="module")
def small_server():
    pytest.importorskip("psycopg")
    cluster = SmallServer()
    try:
        import psycopg

        with psycopg.connect(cluster.url, autocommit=True) as admin:
            admin.execute("CREATE ROLE club LOGIN")
            admin.execute("CREATE DATABASE club OWNER club")
        yield cluster
    finally:
        cluster.remove()


def connect(base: str):  # type: ignore[no-untyped-def]
    """A connection of the test's own, once a slot is free: a closed connection's server process
    ends a moment after the close, and holds its slot until then."""
    import psycopg

    for _attempt in range(200):
        try:
            return psycopg.connect(base, autocommit=True)
        except psycopg.OperationalError:
            time.sleep(0.05)
    raise AssertionError("no slot freed in 10 s")


def store_once_free(base: str):  # type: ignore[no-untyped-def]
    """:func:`open_store`, once the slot of a connection closed just before is free."""
    for _attempt in range(200):
        try:
            return open_store(base)
        except TableError as exc:
            if exc.code != "base_full":
                raise
            time.sleep(0.05)
    raise AssertionError("no slot freed in 10 s")


def settle(monitor, count: int) -> None:  # type: ignore[no-untyped-def]
    """Wait until ``count`` client connections are left (the closed ones' slots freed)."""
    for _attempt in range(200):
        found = monitor.execute("SELECT count(*) FROM pg_stat_activity WHERE datid IS NOT NULL "
                                "AND backend_type = 'client backend'").fetchone()[0]
        if found == count:
            return
        time.sleep(0.05)
    raise AssertionError(f"{found} connections, not {count}")


def test_a_newcomer_the_server_has_no_slot_for_is_refused_in_one_line(small_server):
    base = f"postgresql://club@127.0.0.1:{small_server.port}/club"
    table_id, code = open_table(base)
    players = [DuplicateTable.join(open_store(base), code, name=f"Joueur {n}") for n in range(4)]
    monitor = connect(base)
    held = []
    try:
        settle(monitor, 5)  # 4 players, each terminal holding one connection, and this look: 5 of 6
        before = written(base, table_id)
        settle(monitor, 5)
        newcomer = store_once_free(base)  # the 6th slot: a player here would leave none spare
        with pytest.raises(TableError) as full:
            DuplicateTable.join(newcomer, code, name="Zoé")
        newcomer.close()
        assert full.value.code == "base_full"
        settle(monitor, 5)
        assert written(base, table_id) == before
        # Every slot taken: the server's own refusal is said the same way, in one line.
        held.append(connect(base))
        settle(monitor, 6)
        for language, said in (("fr", "max_connections"), ("en", "no connection left")):
            status, out, err = run("tables", "--base", base, "--langue", language)
            assert status == 2 and out == "" and err.count("\n") == 1 and said in err, err
            assert "FATAL" not in err and "remaining connection slots" not in err
    finally:
        for conn in [*held, monitor]:
            conn.close()
        for player in players:
            player.close()
            player.store.close()



def test_a_random_table_id_another_process_takes_meanwhile_is_drawn_again(request, tmp_path, monkeypatch):
    """Two processes may draw the same random id at once: on PostgreSQL the second insert meets
    the first's key, and that process draws another id and creates its table (a SQLite file's
    transaction holds the whole file, so no other process writes between the look and the insert)."""
    import scrabble_fr.table.store as store_module

    base = store_address(request, tmp_path, "postgresql")
    real_codes, real_id = store_module.new_codes, store_module.new_table_id
    drawn = iter(["racerace"])
    monkeypatch.setattr(store_module, "new_table_id", lambda: next(drawn, None) or real_id())
    raced = []

    def meanwhile(table, table_id):  # type: ignore[no-untyped-def]
        if table_id == "racerace" and not raced:  # between the outer look and its insert
            raced.append(table_id)
            open_store(base).create_table(store_module.NewTable("classic", {}, [SeatSpec("Autre")], id="racerace"))
        return real_codes(table, table_id)

    monkeypatch.setattr(store_module, "new_codes", meanwhile)
    created = open_store(base).create_table(store_module.NewTable("classic", {}, [SeatSpec("Alice")]))
    assert raced and created.table.id not in ("racerace", None) and created.table.seats[0].name == "Alice"
    assert sorted(t.id for t in open_store(base).tables()) == sorted(["racerace", created.table.id])
