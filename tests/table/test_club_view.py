"""What the club duplicate's screens read from a table, without Textual: the phase, a seat's line
on a closed coup, who has proposed (never what), the arbitrator's next draw, the ranking and the
sheet with a correction.

Seed 1: the first draw is ERZAGEP and its top H6 ARPEGEZ, 108; PAGE proposed at H4 makes 14 (P3 A1 G2 E1,
doubled; FISF §5.4.2a writes it where it scores best, H5).
"""

from __future__ import annotations

import pytest

from scrabble_fr.duplicate.paid import PlacedMove
from scrabble_fr.i18n import set_language
from scrabble_fr.table import club_view, open_store
from scrabble_fr.table.club_view import Phase
from scrabble_fr.table.duplicate import DuplicateTable, DuplicateTableSettings, create_duplicate_table


@pytest.fixture(scope="module")
def french():
    from scrabble_fr.lexicon import Lexicon

    return Lexicon.builtin("fr")


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("fr")


def test_a_coup_as_the_screens_read_it(tmp_path, french):
    base = str(tmp_path / "t.sqlite3")
    created = create_duplicate_table(open_store(base), DuplicateTableSettings(["Alice", "Bruno"], seed=1,
                                                                              seconds=None))
    arbiter = DuplicateTable.join(open_store(base), created.codes[2], french)
    alice = DuplicateTable.join(open_store(base), created.codes[0])
    bruno = DuplicateTable.join(open_store(base), created.codes[1])
    assert club_view.phase(alice) is Phase.WAITING and club_view.next_draw(alice) is None
    assert club_view.next_draw(arbiter) == ("ERZAGEP", 0)  # only the arbitrator sees it before the start
    arbiter.start_coup()
    for seat in (alice, bruno):
        seat.poll(timeout=2.0)
    assert club_view.phase(alice) is Phase.PLAYING and club_view.next_draw(arbiter) is None
    alice.propose("H4 PAGE")
    alice.propose("H6 ARPEGEZ")
    assert club_view.own_proposal(alice) == "H6 ARPEGEZ" and club_view.own_proposal(bruno) is None
    bruno.propose("H4 PAGE")
    arbiter.poll(timeout=2.0)
    assert club_view.proposed(arbiter) == [0, 1]
    arbiter.close_coup()
    alice.poll(timeout=2.0)
    assert club_view.phase(alice) is Phase.WAITING
    last = alice.last_results
    assert last is not None and last.top == PlacedMove("H6", "ARPEGEZ", 108)
    assert club_view.top_lines(last) == ["Top: H6 ARPEGEZ 108"]
    mine = club_view.seat_coup(alice, last, 0)
    assert (mine.points, mine.percent, mine.solo, mine.move) == (108, 100.0, True, "H6 ARPEGEZ")
    his = club_view.seat_coup(alice, last, 1)
    assert his.points == 14 and round(his.percent, 2) == 12.96 and not his.solo
    assert club_view.last_squares(alice) == frozenset((7, c) for c in range(5, 12))
    arbiter.correct(1, 1, 20, "bulletin misread")
    alice.poll(timeout=2.0)
    assert [(r.rank, r.name, r.total, r.solos) for r in alice.standings()] == [
        (1, "Alice", 108, 1), (2, "Bruno", 20, 0)]
    sheet = club_view.sheet_text(alice)
    lines = sheet.splitlines()
    assert lines[0].split() == ["No.", "Draw", "Top", "Ref.", "Pts", "Total", "Alice", "Bruno"]
    assert lines[1].split() == ["1", "ERZAGEP", "ARPEGEZ", "H6", "108", "108", "H6", "ARPEGEZ", "108", "solo",
                                "H5", "PAGE", "20", "*"]
    assert lines[-1] == "* coup 1, Bruno: 20 (bulletin misread)"
    mine_only = club_view.sheet_text(alice, [0])
    assert "Bruno" not in mine_only and "ARPEGEZ" in mine_only


def test_clock_and_time_texts():
    assert club_view.clock_text(179.2) == "3:00" and club_view.clock_text(-3) == "0:00"
    assert club_view.clock_text(61.0) == "1:01" and club_view.clock_text(None) == ""
    assert club_view.rejets_text(0) == "" and "2" in club_view.rejets_text(2)


def test_the_arbitrator_changes_the_time_of_the_coups_to_come(tmp_path, french):
    from scrabble_fr.engine.errors import ScrabbleError

    base = str(tmp_path / "t.sqlite3")
    created = create_duplicate_table(open_store(base), DuplicateTableSettings(["Alice"], seed=1, seconds=180.0,
                                                                              club=True))
    arbiter = DuplicateTable.join(open_store(base), created.codes[1], french)
    alice = DuplicateTable.join(open_store(base), created.codes[0])
    assert arbiter.coup_seconds == 180.0 and club_view.time_per_coup_text(arbiter) == "3:00 a coup"
    for refused in (45.0, None):  # a club game: the times of the rules only, always a clock
        with pytest.raises(ScrabbleError):
            arbiter.set_coup_time(refused)
    with pytest.raises(ScrabbleError):
        alice.set_coup_time(120.0)  # the arbitrator's alone
    arbiter.set_coup_time(120.0)
    arbiter.start_coup()
    alice.poll(timeout=2.0)
    assert alice.current is not None and alice.current.seconds == 120.0
    left = alice.remaining()
    assert left is not None and 115 < left <= 120
    row = open_store(base).rows(created.table.id)[-1].payload
    assert row["type"] == "coup" and row["seconds"] == 120.0  # recorded with the coup
    arbiter.close_coup()
    again = DuplicateTable.join(open_store(base), created.codes[1], french, force=True)  # a restarted desk
    assert again.coup_seconds == 120.0  # the last coup's time goes on


def test_a_training_table_may_drop_the_clock(tmp_path, french):
    base = str(tmp_path / "t.sqlite3")
    created = create_duplicate_table(open_store(base), DuplicateTableSettings(["Alice"], seed=1, seconds=180.0))
    arbiter = DuplicateTable.join(open_store(base), created.codes[1], french)
    arbiter.set_coup_time(None)
    arbiter.start_coup()
    assert arbiter.current is not None and arbiter.current.seconds is None and arbiter.remaining() is None
    assert club_view.time_per_coup_text(arbiter) == "no clock"
