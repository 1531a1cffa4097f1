"""The rematch of a finished shared table: a new table with the same seats and settings, each
seat's new code its own (on both backends)."""

from __future__ import annotations

import threading

import pytest

from scrabble_fr.table import TableError, TableSession, TableSettings, create_table, open_store
from scrabble_fr.table.rematch import REMATCH_OF, follow_rematch, rematch_code
from scrabble_fr.table.seal import SEALED
from scrabble_fr.table.store import code_hash


def finished(base: str, words, players=("Alice", "Bruno"), **options):  # type: ignore[no-untyped-def]
    """A table whose game is over (every seat passed until it is blocked), a session per human
    seat (each with its own connection and its code, as ``table rejoindre CODE`` opens it)."""
    created = create_table(open_store(base), TableSettings(list(players), seed=7, **options))
    sessions = [TableSession.join(open_store(base), created.codes[n], words) for n in sorted(created.codes)]
    while not sessions[0].match.is_over:
        for session in sessions:
            session.poll(timeout=0.05)
            if session.match.current_human is not None:
                session.match.pass_()
    for session in sessions:
        session.poll(timeout=0.2)
    return created, sessions


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
    same = {key: value for key, value in old.config.items() if key not in ("seed", SEALED)}
    assert {key: value for key, value in new.config.items() if key not in ("seed", REMATCH_OF)} == same
    assert new.config[REMATCH_OF] == old.id and new.config["seed"] != alice.seed  # a new draw
    # Each new code opens its own seat there, and nothing else: the old codes still open the old table.
    assert store.find_code(rematch.code) == (store.table(rematch.table), 0)
    assert store.find_code(theirs.code)[1] == 1
    assert store.find_code(created.codes[0])[0].id == old.id
    # A new code is derived from the old one, which the store does not keep.
    assert rematch.code == rematch_code(created.codes[0], rematch.table)
    alice_again = TableSession.join(open_store(base), rematch.code, words)
    assert alice_again.me == 0 and not alice_again.match.is_over and alice_again.config.club
    assert alice_again.config.clock_minutes == 20
    # The finished table still reads, its rematch row included.
    watcher = TableSession.watch(open_store(base), old.id, None)
    assert watcher.damaged is None and watcher.match.is_over and watcher.rematch is not None


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
    assert watcher.rematch_asker is None  # ...but « Revanche (R) » is not the watcher's to press
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
