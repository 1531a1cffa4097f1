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
