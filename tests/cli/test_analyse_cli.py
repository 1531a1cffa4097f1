"""``analyser`` lists the best moves of a position; ``autojeu`` plays a whole game to its end."""

from __future__ import annotations

import io
import json
import re

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
    # 20 points ahead after a 76-point top: each move leaves the player the better chances.
    assert all(0.5 < m["win_chance"] < 1 for m in moves)
    assert {m["move"] for m in moves} <= {m["move"] for m in json.loads(run("analyser", "--position", MIDGAME,
                                                                            "--top", "60", "--json")[1])}
    status, text, _err = run("analyser", "--position", MIDGAME, "--top", "3", "--simulation", "--reflexion", "0.2")
    assert status == 0 and "équité" in text and "simulations de chaque coup" in text
    assert "victoire : les chances de gagner" in text and re.search(r"victoire \d+\u00a0%", text), text


def test_autojeu_offers_the_master_and_checks_the_level():
    status, out, _err = run("autojeu", "--graine", "5", "--niveau", "6", "--reflexion", "0.02", "--json")
    assert status == 0 and json.loads(out)["termination"] in ("out", "blocked")
    for bad in (["--niveau", "7"], ["--niveau", "6", "--reflexion", "0"]):
        status, out, err = run("autojeu", *bad)
        assert status == 2 and out == "" and "Traceback" not in err


# An endgame from a Champion game (French rules): the bag is empty, both racks are given.
ENDGAME = ("L6V6P/O6A1BITTER/U1N2N1N6O/FRASQUES2V3F/E1P2E2G1E3E/1WATER2R1T3S/2L2I1JOLI1e1S/2M1MOXAS1LOCHE/"
           "2E2N4L1A2/2Z2S3BA1N2/9RI1G2/9E1DUT1/9A2A2/9KYRIE1/3DEMUNIs5 CUEIAIO/TEDUHE 363/509 0")
# A small one solved to the end: T beside OS, the opponent holding N.
SMALL = "15/15/15/15/15/15/15/7OS6/15/15/15/15/15/15/15 T/N 10/10 0"


def test_analyser_finale_json_gives_value_sequence_and_proof():
    status, out, _err = run("analyser", "--position", ENDGAME, "--finale", "--reflexion", "0.3", "--json")
    assert status == 0
    result = json.loads(out)
    assert set(result) == {"value", "proven", "sequence", "nodes", "seconds"}
    assert isinstance(result["value"], int) and isinstance(result["proven"], bool)
    assert result["nodes"] > 0 and result["seconds"] >= 0
    assert result["sequence"] and all(isinstance(m, str) for m in result["sequence"])


def test_analyser_finale_text_in_french():
    status, out, _err = run("analyser", "--position", ENDGAME, "--finale", "--reflexion", "0.3")
    assert status == 0 and "Écart final pour le joueur au trait" in out and "positions examinées" in out
    assert "  1. " in out


def test_analyser_finale_refuses_a_bag_that_is_not_empty():
    status, out, err = run("analyser", "--position", SMALL, "--finale")
    assert status == 2 and out == "" and "sac vide" in err and "Traceback" not in err
    status, out, err = run("analyser", "--position", ENDGAME.replace(" CUEIAIO/TEDUHE", " CUEIAIO/"), "--finale")
    assert status == 2 and out == "" and "deux tirages" in err
    status, out, err = run("analyser", "--position", ENDGAME, "--finale", "--reflexion", "0")
    assert status == 2 and out == ""


# A Champion game with one tile left in the bag (French rules): the racks, then the pre-endgame.
PRE_ENDGAME = ("7RACLAT2/9Y2O2/9M2N2/W2EBAUDIE2K1V/H3O4SALADE/I3IF8N/G3SOJA4B1I/SURGELENT2RA1N/4r6EH2/"
               "3LAXE4C3/2Q1I2D3O3/2aRSENAL2U2P/2T4M3R2O/7ENFOUIES/7E3T2T IISPEZE/ETVMUER 342/409 0")


def test_analyser_finale_with_one_tile_in_the_bag_weighs_each_draw_json():
    status, out, _err = run("analyser", "--position", PRE_ENDGAME, "--finale", "--reflexion", "0.3", "--json")
    assert status == 0
    result = json.loads(out)
    assert set(result) == {"value", "proven", "sequence", "nodes", "seconds", "candidates"}
    assert isinstance(result["value"], float) and isinstance(result["proven"], bool)
    assert result["nodes"] > 0 and result["seconds"] >= 0
    candidates = result["candidates"]
    assert candidates and all(set(c) == {"move", "expected"} for c in candidates)
    expected = [c["expected"] for c in candidates]
    assert expected == sorted(expected, reverse=True)
    assert result["sequence"] == [candidates[0]["move"]] and result["value"] == expected[0]


def test_analyser_finale_with_one_tile_in_the_bag_in_french_without_the_opponents_rack():
    # The player to move cannot see the opponent's rack: the pre-endgame does without it.
    status, out, _err = run("analyser", "--position", PRE_ENDGAME.replace("/ETVMUER ", "/ "), "--finale",
                            "--reflexion", "0.3")
    assert status == 0
    assert "Un jeton dans le sac" in out and "Meilleur coup\u00a0: " in out and "positions examinées" in out
    assert "  1. " in out
