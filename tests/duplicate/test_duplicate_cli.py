"""``scrabble-fr duplicate``: a published sheet replayed as JSON, and its errors (exit 2, the line named)."""

from __future__ import annotations

import json

import pytest

from .conftest import run

WORDS = "NET\nNETS\nNEST\nSENT\nTA\nAS\nSA\nES\nET\nTE\nBIS\nBAS\nRUA\n"


@pytest.fixture
def files(tmp_path):
    words = tmp_path / "mots.txt"
    words.write_text(WORDS, encoding="utf-8")

    def sheet(text: str):
        path = tmp_path / "partie.txt"
        path.write_text(text, encoding="utf-8")
        return str(path), str(words)

    return sheet


def test_a_sheet_replayed_as_json(files, capsys):
    sheet, words = files("NETSAAE\nAAE+BIS 8H TA\n")
    status, out, _err = run(capsys, "duplicate", "--tirages", sheet, "--lexique", words, "--json")
    assert status == 0
    data = json.loads(out)
    assert set(data) == {"coups", "total"}
    first, second = data["coups"]
    # Coup 1, no move given: our top is placed. NEST, NETS, SENT from H5 to H8 score
    # (1+1+1+1) × 2 = 8; the tie-break keeps H5 NEST.
    assert first == {"n": 1, "tirage": "NETSAAE", "top": {"ref": "H5", "word": "NEST", "score": 8},
                     "placed": {"ref": "H5", "word": "NEST", "score": 8}}
    # Coup 2: the leftover AAE (NETSAAE less NEST) + BIS; the sheet's TA down from H8 is placed:
    # T (board) 1 + A on I8 1 = 2.
    assert second["n"] == 2 and second["tirage"] == "AAE+BIS"
    assert second["placed"] == {"ref": "8H", "word": "TA", "score": 2}
    # Ours is at least SA from I6: S under the E of H6 (ES down, 1 + 1), A on the double letter
    # I7 under the S of H7 (SA down, 1 + 2), SA across 1 + 2: 2 + 3 + 3 = 8.
    assert second["top"]["score"] >= 8
    assert data["total"] == 8 + 2


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("NETSAAE\nAAE+BIS 8H\n", "2"),  # a reference without its word
        ("NETSAAE H9 NETS\n", "1"),  # misses the centre square
        ("NETSAAE\nAE+BIRU\n", "2"),  # the leftover is AAE
    ],
)
def test_a_bad_line_is_one_error_naming_it(files, capsys, text, line):
    sheet, words = files(text)
    status, out, err = run(capsys, "duplicate", "--tirages", sheet, "--lexique", words, "--json")
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and f"ligne {line}" in err


def test_a_sheet_is_read_with_the_rules_rack(files, tmp_path, capsys):
    """Racks of five (a rules file): a draw of five is played, one of seven is a bad line, as when
    the saved game's sheet is read again, rather than a coup of seven tiles in a game of five."""
    rules = tmp_path / "cinq.toml"
    rules.write_text('base = "ffsc"\nrack_size = 5\n', encoding="utf-8")
    sheet, words = files("NETSA\n")
    status, out, _err = run(capsys, "--regles", str(rules), "duplicate", "--tirages", sheet, "--lexique", words,
                            "--json")
    assert status == 0 and json.loads(out)["coups"][0]["tirage"] == "NETSA"
    sheet, words = files("NETSAAE\n")
    status, out, err = run(capsys, "--regles", str(rules), "duplicate", "--tirages", sheet, "--lexique", words,
                           "--json")
    assert status == 2 and out == "" and "ligne 1" in err


def test_a_missing_sheet_file(tmp_path, capsys):
    status, _out, err = run(capsys, "duplicate", "--tirages", str(tmp_path / "absent.txt"), "--json")
    assert status == 2 and "absent.txt" in err


@pytest.mark.parametrize("value", ["9:99", "abc", "0:05", "45:00"])
def test_a_bad_time_is_refused(files, capsys, value):
    status, _out, err = run(capsys, "duplicate", "--temps", value, "--json")
    assert status == 2 and value in err


def test_players_are_checked_before_anything(capsys):
    status, _out, err = run(capsys, "duplicate", "--joueurs", "Alice,alice")
    assert status == 2 and "alice" in err.lower()


def test_the_app_needs_a_terminal(files, capsys):
    _sheet, words = files("NETSAAE\n")
    status, _out, err = run(capsys, "duplicate", "--lexique", words, "--graine", "3")
    assert status == 2 and "terminal" in err


def test_a_seeded_game_as_json_places_the_top_every_coup(files, capsys):
    _sheet, words = files("NETSAAE\n")
    status, out, _err = run(capsys, "duplicate", "--lexique", words, "--graine", "3", "--json")
    assert status == 0
    data = json.loads(out)
    assert all(c["placed"] == c["top"] for c in data["coups"])
    assert data["total"] == sum(c["top"]["score"] for c in data["coups"])
