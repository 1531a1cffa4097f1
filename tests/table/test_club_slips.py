"""Paper slips at a club duplicate table, on both backends: typed at the desk for a player on
paper, marked by FISF chapter 5, kept in the table's rows (every process and the sheet read them),
replaced while the coup is in play, counted in the results, the warnings and their penalty.

Seed 1: coup 1 draws ERZAGEP (top H6 ARPEGEZ 108), coup 2 OOUMEDR (top 12B MOUDREZ 36: written
without its reference, the score 36 finds its place, paid less 5 points, §5.3.3).
"""

from __future__ import annotations

import pytest

from scrabble_fr.engine.errors import ScrabbleError
from scrabble_fr.table import TableError, club_view, open_store
from scrabble_fr.table.duplicate import DuplicateTable, DuplicateTableSettings, create_duplicate_table
from scrabble_fr.table.results import seat_coup
from scrabble_fr.table.slips import type_slip


@pytest.fixture(scope="module")
def french():
    from scrabble_fr.lexicon import Lexicon

    return Lexicon.builtin("fr")


def paper_table(base, french, seconds=None):  # type: ignore[no-untyped-def]
    created = create_duplicate_table(open_store(base), DuplicateTableSettings([], seed=1, seconds=seconds))
    arbiter = DuplicateTable.join(open_store(base), created.codes[0], french)
    alice = DuplicateTable.join(open_store(base), created.table_code, name="Alice")
    chloe = arbiter.add_paper_player("Chloé")  # added from the desk
    return created, arbiter, alice, chloe


def top(arbiter):  # type: ignore[no-untyped-def]
    move = arbiter.game.current.top.move
    return move.notation(arbiter.rules.notation), move.score


def test_slips_are_marked_kept_and_counted(base, french):
    created, arbiter, alice, chloe = paper_table(base, french)
    assert arbiter.paper == {chloe}
    with pytest.raises(TableError) as refused:
        type_slip(arbiter, "Chloé", "H6 ARPEGEZ 108")
    assert refused.value.code == "slip_no_coup"
    arbiter.start_coup()
    with pytest.raises(TableError) as refused:
        type_slip(arbiter, "Alice", "H6 ARPEGEZ 108")
    assert refused.value.code == "slip_not_paper"
    seq = arbiter.seq
    with pytest.raises(ScrabbleError):
        type_slip(arbiter, "Chloé", "H6 ARPEGEZ vingt")
    assert arbiter.seq == seq  # nothing written
    # First coup, no score written: the word's best score and a warning (§5.4.2 a, §5.5).
    first = type_slip(arbiter, "Chloé", "H4 ARPEGEZ")
    assert (first.paid, [w.value for w in first.warnings]) == (108, ["score_missing"])
    # Typed again before the close: the last slip counts, without its warning.
    again = type_slip(arbiter, "chloé", "H6 ARPEGEZ 108")
    assert (again.paid, again.warnings, again.reason.value) == (108, (), "first_coup")
    alice.poll(timeout=2.0)
    alice.propose("H4 PAGE")
    arbiter.close_coup()
    with pytest.raises(TableError) as refused:
        type_slip(arbiter, "Chloé", "H6 ARPEGEZ 108")
    assert refused.value.code == "slip_no_coup" or refused.value.code == "slip_coup_closed"
    line = arbiter.coups[0].line(chloe)
    assert line is not None and line.points == 108
    assert line.solo is True and line.warning is None
    # Coup 2: the reference wrong, the score written is the word's at its place: 36 less 5 (§5.3.3).
    arbiter.start_coup()
    ref, score = top(arbiter)
    assert (ref, score) == ("12B MOUDREZ", 36)
    record = type_slip(arbiter, "Chloé", f"MOUDREZ {score}")
    assert (record.paid, record.reason.value, record.reference_penalty) == (31, "elsewhere", 5)
    arbiter.close_coup()
    # Every process reads the slip from the rows, the player's as the sheet's.
    alice.poll(timeout=2.0)
    slip = seat_coup(alice, alice.coups[1], chloe).slip
    assert slip is not None and slip.text == "MOUDREZ 36" and slip.paid == 31
    assert alice.total(chloe) == 108 + 31
    # The arbitrator's process started again marks the slips again: the same results.
    arbiter.close()
    again_arbiter = DuplicateTable.join(open_store(base), created.codes[0], french)
    assert again_arbiter.damaged is None and again_arbiter.total(chloe) == 139
    assert again_arbiter.game.total(again_arbiter.game_seats.index(chloe)) == 139
    again_arbiter.close()
    alice.close()


def test_from_the_fourth_warning_each_costs_five_points(base, french):
    _created, arbiter, alice, chloe = paper_table(base, french)
    paid = []
    for _coup in range(4):
        arbiter.start_coup()
        ref, score = top(arbiter)
        paid.append((score, type_slip(arbiter, "Chloé", f"{ref} {score + 1}")))  # the score written wrong
        arbiter.close_coup()
    # §5.3.2: paid the real score with a warning; §5.9: the fourth costs 5 points.
    assert [record.paid for _score, record in paid] == [score for score, _r in paid[:3]] + [paid[3][0] - 5]
    assert [record.warning_penalty for _score, record in paid] == [0, 0, 0, 5]
    assert arbiter.total(chloe) == sum(score for score, _r in paid) - 5
    alice.poll(timeout=2.0)
    assert alice.total(chloe) == arbiter.total(chloe)
    # The sheet says why the total is 5 short, as the local duplicate's sheet does: every process
    # counts the warnings from the results rows (a player's has no game to ask).
    assert (alice.warnings(chloe), alice.penalty(chloe), alice.warnings(alice.seat)) == (4, 5, 0)
    warnings_row = next(line for line in club_view.sheet_text(alice).splitlines() if "Avertissements" in line)
    assert warnings_row.split()[-3:] == ["4", "avertissements", "(−5)"]
    arbiter.close()
    alice.close()


def test_a_blitz_table_frees_five_warnings_and_a_paper_seat_proposes_nothing(tmp_path, french):
    base = str(tmp_path / "tables.sqlite3")
    created, arbiter, alice, chloe = paper_table(base, french, seconds=60.0)
    assert arbiter.game.free_warnings == 5  # 1:00 a coup: blitz (§5.9)
    code = created.table_code
    seat = DuplicateTable.join(open_store(base), code, name="Dan", paper=True)
    arbiter.start_coup()
    seat.poll(timeout=2.0)
    with pytest.raises(TableError) as refused:
        seat.propose("H6 ARPEGEZ")
    assert refused.value.code == "paper_seat"
    seat.close()
    arbiter.close()
    alice.close()
