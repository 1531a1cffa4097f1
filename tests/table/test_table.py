"""Shared tables on both backends: seats, codes, the log, races, clocks, faults, damaged rows.

Seed 7 gives Alice IELTABP and Bruno CKRAOEA (the classic game's own tests say so): Alice's H4 BALTE
is worth (3+1+1+1+1) × 2 + … = 20 points on the centre's double word.
"""

from __future__ import annotations

import json
import threading
from dataclasses import replace

import pytest

from scrabble_fr.engine.errors import ScrabbleError
from scrabble_fr.engine.game import EventKind
from scrabble_fr.engine.move import Move
from scrabble_fr.match.config import Verification
from scrabble_fr.table import TableError, TableSession, TableSettings, create_table, following, open_store
from scrabble_fr.table.store import Conflict, NewTable, SeatSpec, code_hash


def public(history):  # type: ignore[no-untyped-def]
    """A game's history as a spectator knows it: the same events, without the racks, and an
    exchange's tiles by their count."""
    def seen(move):  # type: ignore[no-untyped-def]
        return Move.exchange("?" * len(move.exchanged)) if move is not None and move.exchanged else move

    return [replace(event, rack="", move=seen(event.move)) for event in history]


def seats(base: str, words, players=("Alice", "Bruno"), **options):  # type: ignore[no-untyped-def]
    """A new table and a session for each human seat, each through its own connection (as two
    terminals would have)."""
    created = create_table(open_store(base), TableSettings(list(players), seed=7, **options))
    sessions = [TableSession.join(open_store(base), created.codes[number], words)
                for number in sorted(created.codes)]
    return created, sessions


def test_codes_are_random_long_and_kept_only_as_hashes(base, words):
    store = open_store(base)
    created = create_table(store, TableSettings(["Alice", "Bruno", "ordi:3"], seed=1))
    assert sorted(created.codes) == [0, 1]  # the computer has no code
    alice, bruno = created.codes[0], created.codes[1]
    assert alice != bruno and len(alice.replace("-", "")) == 20
    info, seat = store.find_code(bruno.upper().replace("-", " "))  # typed back loosely
    assert (info.id, seat) == (created.table.id, 1)
    if base.endswith(".sqlite3"):
        import sqlite3

        dump = "\n".join(sqlite3.connect(base).iterdump())
        assert alice not in dump and alice.replace("-", "") not in dump and code_hash(alice) in dump
    with pytest.raises(TableError) as unknown:
        store.find_code("abcd-efgh-jkmn-pqrs-tuvw")
    assert unknown.value.code == "table_unknown_code"


def test_two_seats_play_and_challenge_through_the_store(base, words):
    _created, (alice, bruno) = seats(base, words)
    assert alice.match.rack_owner == 0 and bruno.match.rack_owner == 1
    assert alice.match.current_human == 0 and bruno.match.current_human is None
    with pytest.raises(TableError) as refused:
        bruno.match.play("passer")
    assert refused.value.code == "not_your_turn"
    alice.match.play("H4 BALTE")
    outcome = bruno.poll(timeout=2.0)
    assert outcome is not None and "BALTE" in outcome.text
    assert bruno.match.game.pending is not None and bruno.match.human_contesters() == [1]
    bruno.match.contest(1)  # BALTE is valid: FFSc, Bruno loses 10
    contested = alice.poll(timeout=2.0)
    from scrabble_fr.i18n import _

    assert contested is not None and _("Move accepted.") not in contested.text
    assert alice.match.game.scores == bruno.match.game.scores == [20, -10]
    assert alice.match.game.history == bruno.match.game.history


def test_the_player_is_told_when_their_move_is_accepted_at_another_terminal(base, words):
    _created, (alice, bruno) = seats(base, words)
    alice.match.play("H4 BALTE")
    bruno.poll(timeout=2.0)
    bruno.match.accept()
    told = alice.poll(timeout=2.0)
    from scrabble_fr.i18n import _

    assert told is not None and told.messages[0] == _("Move accepted.")
    assert alice.match.game.pending is None and alice.match.current_human is None
    assert alice.poll(timeout=0.3) is None  # said once


def test_a_contest_and_an_accept_at_the_same_moment_one_wins(base, words):
    _created, (alice, bruno, chloe) = seats(base, words, players=("Alice", "Bruno", "Chloé"))
    alice.match.play("H4 BALTE")
    bruno.poll(timeout=2.0)
    chloe.poll(timeout=2.0)
    # Both read the same state, then act: Bruno accepts (he is next), Chloé challenges.
    bruno.match.accept()
    with pytest.raises(TableError) as lost:
        chloe.match.contest(2)
    assert lost.value.code == "acted_first" and "Bruno" in str(lost.value)
    # Chloé's state is the log's: the move accepted, no challenge, her score untouched.
    assert chloe.match.game.pending is None and chloe.match.game.scores == [20, 0, 0]
    assert [row.payload["type"] for row in chloe.rows] == ["move", "move"]


@pytest.mark.timeout(120)
def test_a_thousand_concurrent_writes_of_one_number_give_exactly_one_row_each(base):
    store = open_store(base)
    table = store.create_table(NewTable("classic", {}, [SeatSpec("A"), SeatSpec("B")])).table
    stores = [open_store(base), open_store(base)]
    wins = [0, 0]
    barrier = threading.Barrier(2)

    def writer(side: int) -> None:
        for seq in range(1, 1001):
            barrier.wait()
            try:
                stores[side].append(table.id, seq, {"type": "move", "by": side})
                wins[side] += 1
            except Conflict:
                pass

    threads = [threading.Thread(target=writer, args=(side,)) for side in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    rows = store.rows(table.id)
    assert [row.seq for row in rows] == list(range(1, 1001)) and sum(wins) == 1000
    assert [row.payload["by"] for row in rows].count(0) == wins[0]


def test_a_note_written_meanwhile_does_not_cost_a_move(base, words):
    _created, (alice, bruno) = seats(base, words)
    bruno.match.lookup(["TABLE"])  # Bruno looks a word up while Alice thinks: a row
    alice.match.play("H4 BALTE")  # written over Bruno's row, not refused
    bruno.poll(timeout=2.0)
    assert bruno.match.game.pending is not None
    assert [n.kind for n in alice.match.notes] == ["lookup"]


def test_a_computer_seat_plays_once_whoever_computes_it(base, words):
    created, (alice, bruno) = seats(base, words, players=("Alice", "Bruno", "ordi:3"))
    alice.match.play("passer")
    bruno.poll(timeout=2.0)
    bruno.match.play("passer")
    alice.poll(timeout=2.0)
    # The computer's turn: both terminals think about its move, each on its own.
    task_a, task_b = alice.match.computer_task(), bruno.match.computer_task()
    assert task_a is not None and task_b is not None
    bruno.match.complete_computer(task_b, task_b.compute())
    assert alice.match.complete_computer(task_a, task_a.compute()).messages == ()  # too late: dropped
    view = TableSession.watch(open_store(base), created.table.id, None)
    assert [e.player for e in view.match.game.history] == [0, 1, 2]  # one move of the computer
    assert public(alice.match.game.history) == public(view.match.game.history)  # a spectator: no rack


def test_the_clocks_run_on_the_databases_time(base, words):
    created, (alice, bruno) = seats(base, words, clock_minutes=25)
    alice.match.play("H4 BALTE")
    bruno.poll(timeout=2.0)
    store = open_store(base)
    rows = store.rows(created.table.id)
    start = store.table(created.table.id).started_ms
    assert start is not None and rows[0].ts_ms >= start
    used = (rows[0].ts_ms - start) / 1000.0
    view = TableSession.watch(store, created.table.id, None)
    view.clock.pin(rows[0].ts_ms)  # read the clocks at the moment of the move
    assert view.match.clock_seconds()[0] == pytest.approx(25 * 60 - used, abs=0.01)
    assert view.match.clock_seconds()[1] == pytest.approx(25 * 60, abs=0.01)


def test_the_first_seats_clocks_start_when_the_last_player_arrives_without_any_row(base, words):
    # Bruno's arrival writes no row: Alice's screen sees him come, and her clock runs from then on.
    _created, (alice, bruno) = seats(base, words, clock_minutes=25)
    assert bruno.started and bruno.match.clocks is not None and bruno.match.clocks.running == 0
    for _look in range(10):
        alice.poll(timeout=0.3)
        if alice.started:
            break
    assert alice.started and alice.match.clocks is not None and alice.match.clocks.running == 0


def test_undo_is_asked_and_granted_by_the_other_player(base, words):
    _created, (alice, bruno) = seats(base, words)
    alice.match.play("H4 BALTE")
    bruno.poll(timeout=2.0)
    alice.match.undo()  # asks
    bruno.poll(timeout=2.0)
    assert bruno.undo_to_answer == "Alice" and bruno.seat in bruno.undo_voters()
    bruno.answer_undo(True)
    alice.poll(timeout=2.0)
    assert alice.match.game.board.is_empty() and alice.match.current_human == 0
    assert [n.kind for n in alice.match.notes] == ["undo"]


def test_undo_is_refused_in_club_mode(base, words):
    _created, (alice, _bruno) = seats(base, words, club=True)
    alice.match.play("H4 BALTE")
    with pytest.raises(ScrabbleError) as refused:
        alice.match.undo()
    assert refused.value.code == "undo_club"


def _hint(session):  # type: ignore[no-untyped-def]
    task = session.match.hint_task()
    return session.match.complete_hint(task, task.compute())


def test_a_hint_is_recorded_and_every_other_seat_is_told(base, words):
    from scrabble_fr import texts

    _created, (alice, bruno) = seats(base, words)
    assert _hint(alice)  # Alice sees her best moves
    outcome = bruno.poll(timeout=2.0)
    assert outcome is not None and "Alice a demandé un indice." in outcome.messages
    assert "Alice a demandé un indice." in bruno.match.log  # the message log keeps it
    history = [row.move for row in texts.history_rows(bruno.match.game, bruno.match.timeline())]
    assert history == ["Alice a demandé un indice"]
    mine = alice.poll(timeout=0.2)
    assert mine is None or not mine.messages  # her own hint is not told back to her
    # A seat that joins later reads it in the history too: it is an event of the table.
    again = TableSession.watch(open_store(base), alice.table_id, None)
    assert [n.kind for n in again.match.notes] == ["hint"]


def test_a_hint_is_refused_at_a_club_table_and_out_of_turn_said_as_such(base, words):
    from scrabble_fr.messages import describe

    _created, (alice, bruno) = seats(base, words, club=True)
    with pytest.raises(ScrabbleError) as refused:
        alice.match.hint_task()
    assert refused.value.code == "hint_club" and "mode club" in describe(refused.value)
    _created, (alice, bruno) = seats(base, words)
    with pytest.raises(ScrabbleError) as waiting:
        bruno.match.hint_task()  # Alice's turn: the list is there, the turn is not his
    assert waiting.value.code == "not_your_turn" and "Alice" in describe(waiting.value)
    assert open_store(base).rows(bruno.table_id) == []


def test_manual_verification_waits_for_the_arbiter(base, words):
    created = create_table(open_store(base), TableSettings(["Alice", "Bruno"], arbiter="Zoé", seed=7,
                                                           verification=Verification.MANUAL))
    alice, bruno, zoe = (TableSession.join(open_store(base), created.codes[n], words) for n in (0, 1, 2))
    assert zoe.is_arbiter and zoe.me is None
    alice.match.play("H4 BALTE")
    bruno.poll(timeout=2.0)
    outcome = bruno.match.contest(1)
    assert "arbitre" in outcome.text and bruno.match.game.pending is not None
    zoe.poll(timeout=2.0)
    assert zoe.judgement is not None and (zoe.judgement.contester, zoe.judgement.words) == (1, ("BALTE",))
    zoe.judge({"BALTE": False})  # the arbiter says not valid: Alice's move is withdrawn
    alice.poll(timeout=2.0)
    assert alice.match.game.board.is_empty() and alice.match.game.history[-1].kind is EventKind.WITHDRAWN


def test_without_an_arbiter_the_word_list_judges(base, words):
    created = create_table(open_store(base), TableSettings(["Alice", "Bruno"], seed=7,
                                                           verification=Verification.MANUAL))
    assert created.table.config["verification"] == "auto"


def test_a_second_terminal_is_refused_a_held_seat_unless_forced(base, words, monkeypatch):
    created, (alice, _bruno) = seats(base, words)
    with pytest.raises(TableError) as taken:
        TableSession.join(open_store(base), created.codes[0], words)
    assert taken.value.code == "seat_taken" and "--forcer" in str(taken.value)
    again = TableSession.join(open_store(base), created.codes[0], words, force=True)
    assert again.can_act
    warning = None
    monkeypatch.setattr(following, "RENEW_SECONDS", 0.0)  # time to renew: the lease is no longer this process's
    outcome = alice.poll()
    warning = outcome.warning if outcome is not None else None
    assert warning and alice.lost_seat
    with pytest.raises(TableError):
        alice.match.play("H4 BALTE")
    assert again.store.rows(created.table.id) == []  # nothing written by the old terminal


def test_a_damaged_row_marks_its_table_only(base, words):
    store = open_store(base)
    created, (alice, _bruno) = seats(base, words)
    other, (carol, _dan) = seats(base, words, players=("Carol", "Dan"))
    alice.match.play("H4 BALTE")
    store.append(created.table.id, 2, {"type": "move", "by": 1, "actions": [{"type": "nonsense"}]})
    view = TableSession.watch(open_store(base), created.table.id, None)
    assert view.damaged is not None and view.damaged.code == "table_damaged"
    assert view.damaged.params["seq"] == 2 and view.damaged.params["table"] == created.table.id
    with pytest.raises(TableError):
        view.match.game.pending and alice.sync() and alice.commit("move")
        alice.match.actors.require_turn(alice.match, 0)
    carol.match.play("H4 BALTE")  # the other table plays on
    assert TableSession.watch(open_store(base), other.table.id, None).damaged is None


def test_a_newer_schema_is_refused_with_a_clear_line(tmp_path):
    import sqlite3

    path = tmp_path / "t.sqlite3"
    create_table(open_store(str(path)), TableSettings(["Alice", "Bruno"], seed=1))  # the file is made
    with sqlite3.connect(path) as db:
        db.execute("UPDATE meta SET value = '99' WHERE key = 'schema'")
    with pytest.raises(TableError) as newer:
        open_store(str(path))
    assert newer.value.code == "schema_newer" and "99" in str(newer.value)


def test_the_sqlite_file_is_readable_by_its_owner_only(tmp_path):
    import os

    path = tmp_path / "private.sqlite3"
    create_table(open_store(str(path)), TableSettings(["Alice", "Bruno"], seed=1))
    assert os.stat(path).st_mode & 0o077 == 0


def test_rows_are_json_with_the_databases_timestamps(base, words):
    created, (alice, _bruno) = seats(base, words)
    alice.match.play("H4 BALTE")
    rows = open_store(base).rows(created.table.id)
    assert rows[0].payload["actions"][0]["type"] == "play" and rows[0].ts_ms > 1_700_000_000_000
    json.dumps(rows[0].payload)


@pytest.mark.timeout(120)
def test_fifty_contest_and_accept_pairs_at_the_same_instant_have_one_effect_each(tmp_path, words):
    base = str(tmp_path / "race.sqlite3")
    outcomes = []
    for _pair in range(50):
        created = create_table(open_store(base), TableSettings(["Alice", "Bruno", "Chloé"], seed=7))
        alice, bruno, chloe = (TableSession.join(open_store(base), created.codes[n], words) for n in range(3))
        alice.match.play("H4 BALTE")
        bruno.sync()
        chloe.sync()
        barrier = threading.Barrier(2)
        results: dict[str, str] = {}

        def act(name: str, intent, barrier=barrier, results=results) -> None:  # type: ignore[no-untyped-def]
            barrier.wait()
            try:
                intent()
                results[name] = "done"
            except TableError as exc:
                results[name] = exc.code

        threads = [threading.Thread(target=act, args=("accept", bruno.match.accept)),
                   threading.Thread(target=act, args=("contest", lambda chloe=chloe: chloe.match.contest(2)))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(results.values()) == ["acted_first", "done"], results
        view = TableSession.watch(open_store(base), created.table.id, None)
        assert len(view.rows) == 2  # the move, then exactly one answer to it
        assert bruno.match.game.history == chloe.match.game.history
        assert public(bruno.match.game.history) == public(view.match.game.history)  # a spectator: no rack
        outcomes.append(next(name for name, result in results.items() if result == "done"))
    assert set(outcomes) <= {"accept", "contest"}


def test_a_process_is_woken_by_its_own_table_only(base):
    # A hundred terminals at fifty tables: each must not read back every other table's rows.
    writer, follower = open_store(base), open_store(base)
    mine, theirs = (writer.create_table(NewTable("classic", {"seed": n}, [SeatSpec("A"), SeatSpec("B")])).table.id
                    for n in (1, 2))
    follower.changed(0.2, mine)  # whatever happened before following it counts once
    writer.append(theirs, 1, {"type": "note"})
    assert not follower.changed(0.3, mine)
    # Its own row among others (PostgreSQL: in one batch of notifications): it is not missed.
    writer.append(theirs, 2, {"type": "note"})
    writer.append(mine, 1, {"type": "note"})
    writer.append(theirs, 3, {"type": "note"})
    assert follower.changed(2.0, mine)
    assert not follower.changed(0.3, mine)
    writer.append(theirs, 4, {"type": "note"})
    assert follower.changed(2.0)  # without a table: any change


def test_a_waiting_process_is_woken_by_a_write_at_once_where_the_store_announces_it(base):
    # PostgreSQL announces each write: a screen's thread waiting on it wakes at once instead of at
    # its next tick. SQLite cannot announce: waiting sleeps the time out and the timer follows.
    import time

    writer, follower = open_store(base), open_store(base)
    table_id = writer.create_table(NewTable("classic", {"seed": 1}, [SeatSpec("A"), SeatSpec("B")])).table.id
    follower.changed(0.2, table_id)
    assert follower.wakes is base.startswith("postgresql")
    started = time.monotonic()
    assert not follower.wait(0.2, table_id)  # nothing written: the timeout
    assert time.monotonic() - started >= 0.19
    if not follower.wakes:
        return
    # As a screen: a thread waits, and the screen reads the table when woken (a wake-up may also
    # come from the answer to another query of the same connection: then nothing is read).
    seen: list[float] = []
    stop = threading.Event()

    def screen() -> None:
        while not stop.is_set() and not seen:
            if follower.wait(0.5, table_id) and follower.changed(0.0, table_id):
                seen.append(time.monotonic())

    waiter = threading.Thread(target=screen)
    waiter.start()
    time.sleep(0.2)
    # The waiting thread holds no lock: the same store answers this thread meanwhile.
    assert follower.table(table_id).id == table_id
    written = time.monotonic()
    writer.append(table_id, 1, {"type": "note"})
    waiter.join(6.0)
    stop.set()
    assert seen and 0 <= seen[0] - written < 1.0
    # A notification already read by another query is not waited for again.
    writer.append(table_id, 2, {"type": "note"})
    time.sleep(0.1)
    follower.table(table_id)
    started = time.monotonic()
    assert follower.wait(5.0, table_id) or follower.changed(0.0, table_id)
    assert time.monotonic() - started < 1.0


def test_a_sqlite_file_held_too_long_by_another_write_is_busy_not_unreachable(tmp_path, words, monkeypatch):
    # Another terminal's write holds the file's lock past the wait: the move is refused as
    # "busy, not recorded" (not "cannot be reached", not "retrying"), nothing is written or kept to
    # be sent, and the same move, sent again, goes.
    import sqlite3

    from scrabble_fr.i18n import get_language, set_language
    from scrabble_fr.messages import describe
    from scrabble_fr.table import sqlite as sqlite_store

    monkeypatch.setattr(sqlite_store, "BUSY_SECONDS", 0.2)
    base = str(tmp_path / "tables.sqlite3")
    _created, (alice, _bruno) = seats(base, words)
    other = sqlite3.connect(base, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    with pytest.raises(TableError) as refused:
        alice.match.play("H4 BALTE")
    assert refused.value.code == "not_recorded_busy"
    before = get_language()
    set_language("fr")
    try:
        said = describe(refused.value)
        assert "occupée" in said and "pas enregistré" in said and "Renvoyez" in said
    finally:
        set_language(before)
    other.execute("ROLLBACK")
    other.close()
    assert open_store(base).rows(alice.table_id) == alice.rows[: alice.seq]
    assert alice.match.game.history == [] and alice.match.game.scores == [0, 0]
    alice.match.play("H4 BALTE")
    assert alice.match.game.scores == [20, 0]
