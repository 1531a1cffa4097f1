"""``scrabble-fr revoir`` of a shared table's game, on both stores: a move is judged where the
table's record gives its rack, listed unjudged (never guessed) where it does not."""

from __future__ import annotations

import io
import json

from scrabble_fr.cli import main
from scrabble_fr.table import open_store


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def test_revoir_a_table_judges_the_moves_whose_rack_is_known_and_writes_nothing(base):
    status, out, err = run("table", "creer", "--joueurs", "Alice,Bruno", "--graine", "7", "--base", base, "--json")
    assert status == 0, err
    table = json.loads(out)
    alice, bruno = (seat["code"] for seat in table["seats"])
    assert run("table", "jouer", alice, "H4 BALTE", "--base", base)[0] == 0
    assert run("table", "jouer", bruno, "accepter", "--base", base)[0] == 0
    assert run("table", "jouer", bruno, "passer", "--base", base)[0] == 0
    before = open_store(base).rows(table["table"])
    status, out, err = run("revoir", table["table"], "--base", base, "--json")
    assert status == 0, err
    review = json.loads(out)
    assert [(m["player"], m["played"]) for m in review["moves"]] == [("Alice", "H4 BALTE"), ("Bruno", "-")]
    status, gcg, _err = run("exporter", table["table"], "--base", base)
    racks = [line.split()[1] for line in gcg.splitlines() if line.startswith(">")]
    for move, rack in zip(review["moves"], racks, strict=True):
        known = rack.isalpha() or "?" in rack
        assert (move["best"] is not None) == known, (move, rack)
        if known:
            assert move["rack"] == rack and move["loss"] == move["best_score"] - move["score"]
        else:
            assert move["loss"] is None and move["best_score"] is None
    assert review["players"]["Alice"]["moves"] == 1
    assert open_store(base).rows(table["table"]) == before
    status, out, err = run("revoir", "pas-une-table", "--base", base)
    assert status == 2 and out == "" and err.count("\n") == 1


def test_revoir_a_club_duplicate_table_coup_by_coup_against_the_top(base):
    from scrabble_fr.lexicon import Lexicon
    from scrabble_fr.table.duplicate import DuplicateTable, DuplicateTableSettings, create_duplicate_table

    french = Lexicon.builtin("fr")
    created = create_duplicate_table(open_store(base), DuplicateTableSettings(["Alice", "Bruno"], seed=1,
                                                                              seconds=None))
    arbiter = DuplicateTable.join(open_store(base), created.codes[2], french)
    alice, bruno = (DuplicateTable.join(open_store(base), created.codes[n]) for n in range(2))
    status, out, err = run("revoir", created.table.id, "--base", base)
    assert status == 2 and "aucun coup fermé" in err and err.count("\n") == 1  # nothing closed yet
    arbiter.start_coup()
    alice.poll(timeout=2.0)
    bruno.poll(timeout=2.0)
    alice.propose("H2 ARPEGEZ")  # the top (seed 1: ERZAGEP, H6 ARPEGEZ 108 wherever written)
    bruno.propose("H8 GAZER")
    arbiter.poll(timeout=2.0)
    arbiter.close_coup()
    before = open_store(base).rows(created.table.id)
    status, out, err = run("revoir", created.table.id, "--base", base, "--json")
    assert status == 0, err
    review = json.loads(out)
    assert review["kind"] == "duplicate"
    assert [(m["player"], m["best"], m["best_score"]) for m in review["moves"]] == [
        ("Alice", "H6 ARPEGEZ", 108), ("Bruno", "H6 ARPEGEZ", 108)]
    alice_move, bruno_move = review["moves"]
    assert alice_move["loss"] == 0 and bruno_move["loss"] == 108 - bruno_move["score"] > 0
    assert bruno_move["missed_bingo"] == "H6 ARPEGEZ" and "ARPEGEZ" in review["players"]["Bruno"]["missed_words"]
    assert open_store(base).rows(created.table.id) == before
