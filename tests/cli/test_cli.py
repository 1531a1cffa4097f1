"""The ``scrabble-fr`` command: exit statuses, ``score`` and ``rejouer`` (JSON shapes pinned)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

EMPTY = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15"


@pytest.fixture
def corpus(gcg_corpus) -> Path:
    return gcg_corpus


# -- score ----------------------------------------------------------------------------------


def test_score_of_a_word_in_english_values(run, english):
    # C 3 + A 1 + B 3 + B 3 + A 1 + G 2 + E 1 = 14
    result = run("score", "--langue", "en", "CABBAGE")
    assert result.status == 0
    assert "14" in result.out
    assert result.err == ""


def test_score_of_a_word_as_json(run):
    result = run("score", "--langue", "en", "--json", "CABBAGE")
    assert json.loads(result.out) == {"word": "CABBAGE", "score": 14}


def test_score_of_a_word_in_french_values(run):
    # K 10 + W 10 + Z 10 = 30 (French); the default rules in French are ffsc
    result = run("score", "--langue", "fr", "--json", "KWZ")
    assert json.loads(result.out)["score"] == 30


def test_score_of_a_placement_without_a_rack_as_json(run):
    # 2I CABBAGE: (3 + 1 × 3 + 3 + 3 + 1 + 2 + 1) × 2 = 32; not the opening square, and no rack:
    # a note says why, the bonus is not counted
    result = run("score", "--langue", "en", "--json", "2I", "CABBAGE")
    assert result.status == 0
    payload = json.loads(result.out)
    assert payload["score"] == 32
    assert payload["bonus"] == 0
    assert payload["words"] == [{"word": "CABBAGE", "score": 32}]
    assert payload["move"] == "2I CABBAGE"
    assert payload["note"]
    assert set(payload) == {"move", "score", "words", "bonus", "legal", "note"}


def test_score_with_a_rack_counts_the_bonus(run):
    # 8D CABBAGE: (3 × 2 + 1 + 3 + 3 + 1 + 2 + 1) × 2 = 34; + 50 = 84
    payload = json.loads(run("score", "--langue", "en", "--json", "--tirage", "ABBCAGE", "8D", "CABBAGE").out)
    assert (payload["score"], payload["bonus"], payload["legal"], payload["note"]) == (84, 50, True, None)


def test_score_of_a_french_placement(run):
    # H4 MAISON: (2 × 2 + 5) × 2 = 18
    payload = json.loads(run("score", "--langue", "fr", "--json", "H4 MAISON").out)
    assert payload["score"] == 18 and payload["legal"] is True


def test_score_on_a_position(run):
    # MAISON on H4..H9; 4G AMI: A 1 + M 2 (H4 covered) + I 1 = 4
    cgp = "15/15/15/15/15/15/15/3MAISON6/15/15/15/15/15/15/15 AI/ 0/0 0"
    payload = json.loads(run("score", "--langue", "fr", "--json", "--position", cgp, "4G", "AMI").out)
    assert payload["score"] == 4 and payload["legal"] is True


def test_score_text_output(run, english):
    result = run("score", "--langue", "en", "2I", "CABBAGE")
    assert result.status == 0
    assert "32" in result.out.splitlines()[0]


# -- rejouer --------------------------------------------------------------------------------


def test_rejouer_on_the_corpus_as_json(run, corpus):
    result = run("rejouer", "--langue", "en", "--json", str(corpus))
    assert result.status == 1  # one recorded score differs
    payload = json.loads(result.out)
    assert set(payload) == {"files", "placements", "matched", "mismatches"}
    assert (payload["files"], payload["placements"], payload["matched"]) == (113, 2472, 2471)
    [mismatch] = payload["mismatches"]
    assert set(mismatch) == {"file", "line", "recorded", "computed"}
    assert Path(mismatch["file"]).name == "liwords__puzzles_r20_peter.gcg"
    assert (mismatch["line"], mismatch["recorded"], mismatch["computed"]) == (19, 115, 113)


def test_rejouer_on_a_matching_file_exits_0(run, corpus):
    result = run("rejouer", "--langue", "en", "--json", str(corpus / "quackle__boys1.gcg"))
    assert result.status == 0
    payload = json.loads(result.out)
    assert payload["files"] == 1 and payload["mismatches"] == [] and payload["placements"] == payload["matched"] > 0


def test_rejouer_text_output(run, corpus, english):
    result = run("rejouer", "--langue", "en", str(corpus / "liwords__puzzles_r20_peter.gcg"))
    assert result.status == 1
    assert "115" in result.out and "113" in result.out


def test_rejouer_a_written_file(run, tmp_path):
    path = tmp_path / "partie.gcg"
    path.write_text(">ana: ?AEILRT 8D RETAIlA +64 64\n>bob: AEINRST 9D EH +10 10\n", encoding="utf-8")
    result = run("rejouer", "--langue", "en", "--json", str(path))
    assert result.status == 1
    payload = json.loads(result.out)
    assert payload == {
        "files": 1,
        "placements": 2,
        "matched": 1,
        "mismatches": [{"file": str(path), "line": 2, "recorded": 10, "computed": 12}],
    }


# -- bad input: status 2, one clear line, no traceback --------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ("score", "--langue", "en", "--bogus", "CABBAGE"),  # unknown option
        ("--bogus",),
        ("score", "--langue", "en"),  # missing argument
        ("score", "--langue", "en", "Z9Z", "WORD"),  # bad notation
        ("score", "--langue", "en", "8H", "W0RD"),  # bad word
        ("score", "--langue", "en", "CAB8AGE"),
        ("score", "--langue", "en", "--position", "15/15 AB/ 0/0 0", "8H", "AB"),  # malformed CGP
        ("score", "--langue", "en", "--position", f"{EMPTY} ZZZ/ 0/0 0", "8H", "AB"),  # too many Z
        ("score", "--langue", "en", "--regles", "nope", "CABBAGE"),  # unknown rule set
        ("score", "--langue", "xx", "CABBAGE"),  # unknown language
        ("rejouer", "--langue", "en"),  # no file
        ("unknown-command",),
    ],
)
def test_bad_input_exits_2_without_a_traceback(run, argv):
    result = run(*argv)
    assert result.status == 2
    assert result.err.strip()


def test_missing_file_exits_2(run, tmp_path):
    result = run("rejouer", "--langue", "en", "--json", str(tmp_path / "absent.gcg"))
    assert result.status == 2
    payload = json.loads(result.out)
    assert payload["files"] == 1 and payload["placements"] == 0
    assert [entry["file"] for entry in payload["unreadable"]] == [str(tmp_path / "absent.gcg")]


def test_bad_rules_file_exits_2(run, tmp_path):
    rules = tmp_path / "regles.toml"
    rules.write_text("rack_size = 'seven'\n", encoding="utf-8")
    result = run("score", "--langue", "en", "--regles", str(rules), "CABBAGE")
    assert result.status == 2
    assert "rack_size" in result.err


def test_custom_rules_file_is_used(run, tmp_path):
    rules = tmp_path / "regles.toml"
    rules.write_text('base = "ffsc"\ntiles = "english"\n', encoding="utf-8")
    # K is worth 5 in English values
    result = run("score", "--langue", "fr", "--json", "--regles", str(rules), "K")
    assert json.loads(result.out)["score"] == 5


def test_help_and_version_exit_0(run):
    assert run("--version").status == 0
    assert run("score", "--help").status == 0
    assert run("rejouer", "--help").status == 0
