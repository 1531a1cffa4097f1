"""The duplicate's variants at a club table, on both backends: the variant kept in the table's
configuration and played by every process — the joker in every draw and the board's jokers
exchanged identically on every board (the arbitrator's game, each player's, a watcher's, a process
opened later), eight tiles drawn in 7 out of 8 and a move of eight refused at once by the player's
own process — and ``table creer --variante`` with what it refuses.

Seed 6 of the joker game: the first draw is ?RBO?GA and its top H2 GABbROs, whose two jokers are
exchanged for B (H5) and S (H8) before the second draw. Seed 1 of 7 out of 8: the first draw is
ERZAGEPO.
"""

from __future__ import annotations

import io
import json

import pytest

from scrabble_fr.cli import main
from scrabble_fr.duplicate import DuplicateError, Variant
from scrabble_fr.engine.errors import ScrabbleError
from scrabble_fr.messages import describe
from scrabble_fr.table import open_store
from scrabble_fr.table.duplicate import DuplicateTable, DuplicateTableSettings, create_duplicate_table


@pytest.fixture(scope="module")
def french():
    from scrabble_fr.lexicon import Lexicon

    return Lexicon.builtin("fr")


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    return main(list(argv), out=out, err=err), out.getvalue(), err.getvalue()


def table(base, french, variant, seed):  # type: ignore[no-untyped-def]
    created = create_duplicate_table(open_store(base), DuplicateTableSettings(["Alice"], seconds=None, seed=seed,
                                                                              variant=variant))
    arbiter = DuplicateTable.join(open_store(base), created.codes[1], french)
    alice = DuplicateTable.join(open_store(base), created.codes[0])
    return created, arbiter, alice


def test_a_joker_table_holds_a_joker_in_each_draw_and_every_board_swaps_the_same_jokers(base, french):
    created, arbiter, alice = table(base, french, Variant.JOKER, 6)
    assert created.table.config["variant"] == "joker" and alice.variant is Variant.JOKER
    arbiter.start_coup()
    alice.poll(timeout=2.0)
    assert alice.current is not None and alice.current.draw_text == "?RBO?GA"
    alice.propose("H2 GABbROs")
    arbiter.poll(timeout=2.0)
    arbiter.close_coup()
    alice.poll(timeout=2.0)
    results = alice.coups[0].results
    assert results is not None and results.top is not None and results.top.word == "GABbROs"
    assert results.swapped == ((7, 4, "B"), (7, 7, "S"))
    assert results.to_json()["swapped"] == [[7, 4, "B"], [7, 7, "S"]]  # as the row holds them
    # Every process's board holds the letters where the jokers were, as the arbitrator's game does.
    store = open_store(base)
    watcher = DuplicateTable(store, store.table(created.table.id), None, spectator=True)
    later = DuplicateTable.join(open_store(base), created.codes[1], french, force=True)  # a new desk's process
    # A review (revoir) replays the arbitrator's game from the draws of the rows, without the seed.
    review = DuplicateTable(store, store.table(created.table.id), 1, french, spectator=True)
    assert later.damaged is None and watcher.damaged is None and review.damaged is None and review.seed is None
    for process in (alice, watcher, later, arbiter, review):
        assert (process.board[7, 4], process.board[7, 7]) == ("B", "S")
        assert process.board.squares == arbiter.game.position.board.squares
    # The jokers went back to the bag: the next draw holds one again.
    later.start_coup()
    alice.poll(timeout=2.0)
    assert alice.current is not None and "?" in alice.current.draw.tiles
    status, out, _err = run("table", "resultats", created.table.id, "--json", "--base", base)
    assert status == 0 and json.loads(out)["variant"] == "joker"
    assert json.loads(out)["coups"][0]["jokers_swapped"] == "BS"
    from scrabble_fr.table import club_view

    assert club_view.sheet_text(alice).splitlines()[0] == "Partie joker"


def test_a_seven_of_eight_table_draws_eight_and_refuses_a_move_of_eight_at_once(base, french):
    created, arbiter, alice = table(base, french, Variant.SEVEN_OF_EIGHT, 1)
    arbiter.start_coup()
    alice.poll(timeout=2.0)
    assert alice.current is not None and alice.current.draw_text == "ERZAGEPO"
    rows = len(open_store(base).rows(created.table.id))
    with pytest.raises(ScrabbleError) as refused:
        alice.propose("H1 ERZAGEPO")
    # The same words as the local game's refusal, and nothing written.
    assert describe(refused.value) == describe(DuplicateError("too_many_tiles", maximum=7))
    assert len(open_store(base).rows(created.table.id)) == rows
    alice.propose("H6 ARPEGEZ")
    arbiter.poll(timeout=2.0)
    arbiter.close_coup()
    alice.poll(timeout=2.0)
    assert alice.coups[0].points(0) == 108


def test_table_creer_takes_the_variant_of_a_duplicate_and_refuses_it_elsewhere(base):
    status, out, err = run("table", "creer", "--joueurs", "Alice,Bruno", "--variante", "joker", "--base", base)
    assert status == 2 and out == "" and len(err.strip().splitlines()) == 1 and "--duplicate" in err
    status, _out, err = run("table", "creer", "--duplicate", "--variante", "8sur9", "--base", base)
    _status, _out, local = run("duplicate", "--variante", "8sur9")
    assert status == 2 and err.split(": ", 1)[1] == local.split(": ", 1)[1]
    status, out, _err = run("tables", "--json", "--base", base)
    assert json.loads(out) == []  # nothing written
    status, out, _err = run("table", "creer", "--duplicate", "--joueurs", "Alice", "--variante", "7sur8", "--json",
                            "--base", base)
    assert status == 0 and json.loads(out)["variant"] == "7sur8"
    created = json.loads(out)
    status, out, _err = run("table", "creer", "--duplicate", "--joueurs", "Alice", "--json", "--base", base)
    assert "variant" not in json.loads(out)  # a classic table is written as before
    classic = json.loads(out)["table"]
    assert "variant" not in open_store(base).table(classic).config
    listed = {row["table"]: row for row in json.loads(run("tables", "--json", "--base", base)[1])}
    assert listed[created["table"]]["variant"] == "7sur8" and "variant" not in listed[classic]
    status, out, _err = run("table", "etat", created["arbiter"], "--base", base)
    assert status == 0 and "7 sur 8" in out.splitlines()[1]
    assert json.loads(run("table", "etat", created["arbiter"], "--json", "--base", base)[1])["variant"] == "7sur8"


def test_a_swap_on_a_board_without_that_joker_is_damage(tmp_path, french):
    base = str(tmp_path / "tables.sqlite3")
    created, arbiter, alice = table(base, french, Variant.JOKER, 6)
    arbiter.start_coup()
    arbiter.close_coup()
    import sqlite3

    with sqlite3.connect(base) as db:  # a results row saying a joker stood where a letter stands
        db.execute("UPDATE events SET payload = replace(payload, '[7, 4, \"B\"]', '[7, 5, \"B\"]') "
                   "WHERE payload LIKE '%\"results\"%'")
    alice.rebuild()
    assert alice.damaged is not None and alice.damaged.code == "table_damaged"
