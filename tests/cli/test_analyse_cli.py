"""``analyser`` lists the best moves of a position; ``autojeu`` plays a whole game to its end."""

from __future__ import annotations

import io
import json

import pytest

from scrabble_fr.cli import main
from scrabble_fr.engine.rules import PRESETS

EMPTY = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEIMNOS/ 0/0 0"


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def test_analyser_lists_the_best_moves_best_first():
    status, out, _err = run("analyser", "--position", EMPTY, "--top", "5", "--json")
    assert status == 0
    moves = json.loads(out)
    assert len(moves) == 5
    scores = [m["score"] for m in moves]
    assert scores == sorted(scores, reverse=True)
    # ANOSMIE through the centre, a scrabble: (1+1+1+1+2+1+1) × 2 + 50 = 66 at least
    assert moves[0]["score"] >= 66 and len(moves[0]["tiles"]) == 7
    assert all(m["move"].split()[0][0].isalpha() or m["move"].split()[0][0].isdigit() for m in moves)


def test_analyser_refuses_a_malformed_position():
    status, out, err = run("analyser", "--position", "15/15 AB/ 0/0 0")
    assert status == 2 and out == "" and "Traceback" not in err


@pytest.mark.parametrize("preset", list(PRESETS))
def test_autojeu_plays_a_whole_game_under_each_preset(preset):
    status, out, _err = run("autojeu", "--graine", "3", "--regles", preset, "--json")
    assert status == 0
    game = json.loads(out)
    assert game["termination"] in ("out", "blocked")
    totals = {}
    for event in game["events"]:
        totals[event["player"]] = totals.get(event["player"], 0) + event["points"]
        assert event["total"] == totals[event["player"]]
    assert sorted(totals.values()) == sorted(game["scores"])


def test_autojeu_prints_the_game_in_the_rule_sets_notation():
    import re

    _status, french, _err = run("autojeu", "--graine", "3", "--json")
    _status, english, _err = run("--langue", "en", "autojeu", "--graine", "3", "--json")
    first_fr = next(e["move"] for e in json.loads(french)["events"] if e["kind"] == "place").split()[0]
    first_en = next(e["move"] for e in json.loads(english)["events"] if e["kind"] == "place").split()[0]
    # The opening covers the centre. French: across on row H ("H4"), or down column 8 ("8D").
    # English: across on row 8 ("8D"), or down column H ("H4").
    assert re.fullmatch(r"H\d{1,2}|8[A-O]", first_fr), first_fr
    assert re.fullmatch(r"8[A-O]|H\d{1,2}", first_en), first_en
    assert "Ordi" in french and "Computer" in english


MIDGAME = "15/15/15/15/15/15/15/7MAISON2/15/15/15/15/15/15/15 EERSTUV/ 20/0 0"


def test_analyser_simulation_shows_the_equity_next_to_the_score():
    status, out, _err = run("analyser", "--position", MIDGAME, "--top", "4", "--simulation", "--reflexion", "0.2",
                            "--json")
    assert status == 0
    moves = json.loads(out)
    assert 1 <= len(moves) <= 4
    assert all(m["playouts"] >= 1 and isinstance(m["equity"], float) for m in moves)
    assert {m["move"] for m in moves} <= {m["move"] for m in json.loads(run("analyser", "--position", MIDGAME,
                                                                            "--top", "60", "--json")[1])}
    status, text, _err = run("analyser", "--position", MIDGAME, "--top", "3", "--simulation", "--reflexion", "0.2")
    assert status == 0 and "équité" in text and "simulations de chaque coup" in text


def test_autojeu_offers_the_master_and_checks_the_level():
    status, out, _err = run("autojeu", "--graine", "5", "--niveau", "6", "--reflexion", "0.02", "--json")
    assert status == 0 and json.loads(out)["termination"] in ("out", "blocked")
    for bad in (["--niveau", "7"], ["--niveau", "6", "--reflexion", "0"]):
        status, out, err = run("autojeu", *bad)
        assert status == 2 and out == "" and "Traceback" not in err
