"""The rematch of a finished shared table: a new table with the same seats and settings, each
seat's new code its own, its seed sealed as any table's (on both backends)."""

from __future__ import annotations

import json
import threading

import pytest

from scrabble_fr.table import TableError, TableSession, TableSettings, create_table, open_store
from scrabble_fr.table import session as session_module
from scrabble_fr.table.rematch import REMATCH_OF, follow_rematch, rematch_code, rematch_seed
from scrabble_fr.table.seal import SEALED, SEALED_REMATCH, open_rematch, sealed_seeds
from scrabble_fr.table.store import NewTable, SeatSpec, code_hash


def finished(base: str, words, players=("Alice", "Bruno"), **options):  # type: ignore[no-untyped-def]
    """A table whose game is over (every seat passed until it is blocked), a session per human
    seat (each with its own connection and its code, as ``table rejoindre CODE`` opens it)."""
    created = create_table(open_store(base), TableSettings(list(players), seed=7, **options))
    sessions = [TableSession.join(open_store(base), created.codes[n], words) for n in sorted(created.codes)]
    return created, played_out(sessions)


def played_out(sessions: list[TableSession]) -> list[TableSession]:
    """The sessions of one table once its game is over (every seat passed until it is blocked)."""
    while not sessions[0].match.game.is_over:
        for session in sessions:
            session.poll(timeout=0.05)
            if session.match.current_human is not None:
                session.match.pass_()
    for session in sessions:
        session.poll(timeout=0.2)
    return sessions


def everything_stored(base: str) -> str:
    """Every table's configuration and every row of the database, as text."""
    store = open_store(base)
    return "\n".join(json.dumps(info.config) + "\n" + "\n".join(json.dumps(row.payload) for row in store.rows(info.id))
                     for info in store.tables())


def assert_sealed_rematch(base: str, words, codes: list[str]) -> list[TableSession]:  # type: ignore[no-untyped-def]
    """The rematch the seats' new ``codes`` open: sealed for each seat, its seed (the same for
    all, a 128-bit one) in no row and no configuration of the database; its sessions."""
    sessions = [TableSession.join(open_store(base), code, words) for code in codes]
    seed = sessions[0].seed
    assert seed is not None and seed.bit_length() > 31 and all(s.seed == seed for s in sessions)
    info = sessions[0].info
    assert "seed" not in info.config and sorted(info.config[SEALED]) == sorted(info.config[SEALED_REMATCH])
    assert sorted(info.config[SEALED]) == [str(s.seat) for s in sessions]
    text = everything_stored(base)
    assert not any(form in text for form in (str(seed), format(seed, "x"), format(seed, "064x")))
    return sessions


def test_a_rematch_is_a_new_table_with_the_same_seats_and_settings_and_a_code_for_each_seat(base, words):
    created, (alice, bruno) = finished(base, words, clock_minutes=20, club=True)
    rematch = follow_rematch(alice)
    outcome = bruno.poll(timeout=2.0)  # Bruno is told, at his own terminal
    assert outcome is not None and any("Alice demande une revanche" in m for m in outcome.messages)
    assert bruno.rematch_asker == "Alice" and alice.rematch_asker is None
    theirs = follow_rematch(bruno)
    assert theirs.table == rematch.table and theirs.code != rematch.code
    assert follow_rematch(alice) == rematch  # following again gives the same code
    store = open_store(base)
    assert len(store.tables()) == 2  # one new table, however many seats follow
    new, old = store.table(rematch.table), store.table(created.table.id)
    assert [(s.name, s.computer_level, s.role) for s in new.seats] == [(s.name, s.computer_level, s.role)
                                                                      for s in old.seats]
    seals = (SEALED, SEALED_REMATCH)
    same = {key: value for key, value in old.config.items() if key not in seals}
    assert {key: value for key, value in new.config.items() if key not in (*seals, REMATCH_OF)} == same
    assert new.config[REMATCH_OF] == old.id
    new_alice, new_bruno = assert_sealed_rematch(base, words, [rematch.code, theirs.code])
    assert new_alice.seed != alice.seed  # a new draw
    # The seed follows from the old table's rematch secret, which only an old code opens.
    secret = open_rematch(old.config[SEALED_REMATCH]["1"], created.codes[1], old.id)
    assert new_bruno.seed == rematch_seed(secret, new.id)
    assert not any(row.payload.get("seed") for row in store.rows(old.id) if row.payload["type"] == "rematch")
    # Each new code opens its own seat there, and nothing else: the old codes still open the old table.
    assert store.find_code(rematch.code) == (store.table(rematch.table), 0)
    assert store.find_code(theirs.code)[1] == 1
    assert store.find_code(created.codes[0])[0].id == old.id
    # A new code is derived from the old one, which the store does not keep.
    assert rematch.code == rematch_code(created.codes[0], rematch.table)
    alice_again = new_alice  # joined with its new code
    assert alice_again.me == 0 and not alice_again.match.game.is_over and alice_again.config.club
    assert alice_again.config.clock_minutes == 20
    # The finished table still reads, its rematch row included.
    watcher = TableSession.watch(open_store(base), old.id, None)
    assert watcher.damaged is None and watcher.match.game.is_over and watcher.rematch is not None


def test_a_rematch_is_refused_before_the_end_to_a_watcher_and_to_a_seat_without_its_code(base, words):
    created = create_table(open_store(base), TableSettings(["Alice", "Bruno"], seed=7))
    alice = TableSession.join(open_store(base), created.codes[0], words)
    with pytest.raises(TableError) as early:
        follow_rematch(alice)
    assert early.value.code == "rematch_not_over"
    _created, (alice, _bruno) = finished(base, words)
    watcher = TableSession.watch(open_store(base), alice.table_id, None)
    with pytest.raises(TableError) as watching:
        follow_rematch(watcher)
    assert watching.value.code == "spectator"
    alice.code = None  # a seat opened some other way
    with pytest.raises(TableError) as uncoded:
        follow_rematch(alice)
    assert uncoded.value.code == "rematch_no_code"
    assert len(open_store(base).tables()) == 2 and alice.rematch is None  # nothing written


def test_a_watcher_is_not_told_of_a_rematch_it_cannot_follow(base, words):
    created, (alice, _bruno) = finished(base, words)
    watcher = TableSession.watch(open_store(base), created.table.id, None)
    follow_rematch(alice)
    outcome = watcher.poll(timeout=2.0)
    assert watcher.rematch is not None  # the link is read...
    assert watcher.rematch_asker is None  # ...but « Revanche (r) » is not the watcher's to press
    assert outcome is None or not any("revanche" in m for m in outcome.messages)


def test_two_seats_asking_at_the_same_instant_make_one_rematch(base, words):
    _created, (alice, bruno) = finished(base, words)
    barrier = threading.Barrier(2)
    results: dict[str, object] = {}

    def ask(name: str, session: TableSession) -> None:
        barrier.wait()
        results[name] = follow_rematch(session)

    threads = [threading.Thread(target=ask, args=(name, session)) for name, session in
               (("alice", alice), ("bruno", bruno))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert results["alice"].table == results["bruno"].table  # type: ignore[attr-defined]
    store = open_store(base)
    assert len(store.tables()) == 2
    assert [row.payload["type"] for row in store.rows(alice.table_id)].count("rematch") == 1
    # Both seats' seals were written at once into the new table's configuration: both kept.
    assert_sealed_rematch(base, words, [results["alice"].code, results["bruno"].code])  # type: ignore[attr-defined]


def test_seats_following_at_different_times_in_any_order_share_one_sealed_draw(base, words):
    _created, (alice, bruno) = finished(base, words)
    theirs = follow_rematch(bruno)  # Bruno asks first, and sits at the new table alone a while
    new_bruno = TableSession.join(open_store(base), theirs.code, words)
    assert new_bruno.seed is not None and new_bruno.damaged is None
    new_bruno.close()
    alice.poll(timeout=1.0)
    rematch = follow_rematch(alice)
    assert rematch.table == theirs.table
    new_alice, new_bruno = assert_sealed_rematch(base, words, [rematch.code, theirs.code])
    new_alice.match.pass_()
    new_bruno.poll(timeout=2.0)
    assert new_bruno.damaged is None and new_bruno.match.game.history == new_alice.match.game.history


def test_a_rematch_of_a_rematch_is_sealed_too(base, words):
    created, (alice, bruno) = finished(base, words)
    first = [follow_rematch(alice), follow_rematch(bruno)]
    played = played_out(assert_sealed_rematch(base, words, [r.code for r in first]))
    second = [follow_rematch(played[1]), follow_rematch(played[0])]
    assert second[0].table == second[1].table and second[0].table not in (first[0].table, created.table.id)
    again = assert_sealed_rematch(base, words, [second[1].code, second[0].code])
    assert again[0].seed != played[0].seed
    assert open_store(base).table(second[0].table).config[REMATCH_OF] == first[0].table


def test_a_table_made_before_the_rematch_secrets_gets_its_rematch_as_before(base, words, monkeypatch):
    # A table of before: its seed sealed, no rematch secret. Its rematch keeps a plain seed.
    monkeypatch.setattr(session_module, "table_seals",
                        lambda seed, codes, table_id: {SEALED: sealed_seeds(seed, codes, sorted(codes), table_id)})
    created, (alice, bruno) = finished(base, words)
    assert SEALED_REMATCH not in created.table.config
    rematch, theirs = follow_rematch(alice), follow_rematch(bruno)
    seed = open_store(base).table(rematch.table).config["seed"]
    link = [row.payload for row in open_store(base).rows(created.table.id) if row.payload["type"] == "rematch"]
    assert link[0]["seed"] == seed
    new_alice = TableSession.join(open_store(base), rematch.code, words)
    new_bruno = TableSession.join(open_store(base), theirs.code, words)
    assert new_alice.seed == new_bruno.seed == seed and new_alice.damaged is None


def test_a_link_to_a_table_that_is_not_the_rematch_is_refused(base, words):
    # A seat writes a rematch row naming another table by hand: the others claim nothing there.
    _created, (alice, bruno) = finished(base, words)
    other = create_table(open_store(base), TableSettings(["Chloé", "Denis"], seed=3))
    open_store(base).append(alice.table_id, alice.seq + 1, {"type": "rematch", "by": 0, "table": other.table.id,
                                                            "seed": 1})
    bruno.poll(timeout=1.0)
    with pytest.raises(TableError) as refused:
        follow_rematch(bruno)
    assert refused.value.code == "rematch_unknown"
    store = open_store(base)
    assert store.find_code(other.codes[1])[1] == 1  # Denis's seat keeps its own code
    assert not store.set_seat_code(other.table.id, 1, code_hash("x"))


def test_seats_setting_their_codes_and_seals_at_once_lose_none(base):
    # The store's side of the race: each seat's entries are set in place, none rewrites another's.
    store = open_store(base)
    seats = [SeatSpec(name) for name in ("Alice", "Bruno", "Chloé", "Denis")]
    for _round in range(3):
        table = store.create_table(NewTable("classic", {SEALED: {}, SEALED_REMATCH: {}}, seats, coded=False)).table
        barrier = threading.Barrier(len(seats))

        def claim(seat: int, table_id: str = table.id, barrier: threading.Barrier = barrier) -> None:
            mine = open_store(base)
            barrier.wait()
            assert mine.set_seat_code(table_id, seat, code_hash(f"code {table_id} {seat}"),
                                      {SEALED: f"s{seat}", SEALED_REMATCH: f"r{seat}"})

        threads = [threading.Thread(target=claim, args=(seat,)) for seat in range(len(seats))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=30)
        config = store.table(table.id).config
        assert config[SEALED] == {str(n): f"s{n}" for n in range(4)}
        assert config[SEALED_REMATCH] == {str(n): f"r{n}" for n in range(4)}
        # A seat that has another code gets nothing written.
        assert not store.set_seat_code(table.id, 0, code_hash("other"), {SEALED: "x"})
        assert store.table(table.id).config[SEALED]["0"] == "s0"
