"""The ``verifier`` and ``tirage`` commands, called directly with a text buffer as output."""

from __future__ import annotations

import io
import json

import pytest

from scrabble_fr.cli.lexique_cmds import run_tirage, run_verifier
from scrabble_fr.i18n import set_language
from scrabble_fr.lexicon import Lexicon, LexiconError


@pytest.fixture
def english_messages() -> None:
    set_language("en")


def test_verifier_all_valid(small: Lexicon, english_messages: None) -> None:
    out = io.StringIO()
    assert run_verifier(["maison", "Été"], small, False, out) == 0
    lines = out.getvalue().splitlines()
    assert lines == ["Word list: demo", "MAISON: valid", "ETE: valid"]


def test_verifier_one_invalid(small: Lexicon, english_messages: None) -> None:
    out = io.StringIO()
    assert run_verifier(["maison", "zorglub", "l'eau"], small, False, out) == 1
    text = out.getvalue()
    assert "ZORGLUB: not valid" in text
    assert "l'eau: not valid" in text


def test_verifier_json(small: Lexicon) -> None:
    out = io.StringIO()
    assert run_verifier(["maison", "zorglub"], small, True, out) == 1
    document = json.loads(out.getvalue())
    assert document == {
        "lexicon": "demo",
        "words": [
            {"word": "maison", "spelling": "MAISON", "valid": True},
            {"word": "zorglub", "spelling": "ZORGLUB", "valid": False},
        ],
        "all_valid": False,
    }


def test_verifier_json_all_valid(french: Lexicon) -> None:
    out = io.StringIO()
    assert run_verifier(["ZYTHUMS"], french, True, out) == 0
    assert json.loads(out.getvalue())["all_valid"] is True


def test_tirage_json_shape(french: Lexicon) -> None:
    out = io.StringIO()
    assert run_tirage("aeinrst", french, True, out) == 0
    document = json.loads(out.getvalue())
    assert document["lexicon"] == french.name
    assert document["draw"] == "AEINRST"
    keys = list(document["words"])
    # Scrabbles first (7, then 8 through a board letter), then the others, longest first.
    assert keys[:2] == ["7", "8"]
    assert keys[2:] == sorted(keys[2:], key=int, reverse=True)
    assert "TRAINES" in document["words"]["7"]
    assert "CERTAINS" in document["words"]["8"]
    assert "CERTAINS" in document["with_board_letter"]["C"]


def test_tirage_text(small: Lexicon, english_messages: None) -> None:
    out = io.StringIO()
    assert run_tirage("nosiam?", small, False, out) == 0
    lines = out.getvalue().splitlines()
    assert lines[0] == "Word list: demo"
    assert lines[1] == "Draw: AIMNOS?"
    assert lines[2] == "Letters in lower case stand for blanks."
    assert lines[3] == "6 letters: 2 words"
    assert lines[4] == "  AIMONS MAISON"
    assert lines[-2:] == ["2 letters: 2 words", "  AN NA"]


def test_tirage_scrabbles_come_first(small: Lexicon, english_messages: None) -> None:
    lexicon = Lexicon.from_words(["SATINER", "TRAINES", "CERTAINS", "RATE", "SATINERA"], "demo")
    out = io.StringIO()
    assert run_tirage("AEINRST", lexicon, False, out) == 0
    lines = out.getvalue().splitlines()
    assert lines[2] == "7 letters (scrabble): 2 words"
    assert lines[3] == "  SATINER TRAINES"
    assert lines[4] == "8 letters, with one letter of the board (scrabble): 2 words"
    assert lines[5:7] == ["  +A: SATINERA", "  +C: CERTAINS"]
    assert lines[7] == "4 letters: 1 word"


def test_tirage_nothing_found(small: Lexicon, english_messages: None) -> None:
    out = io.StringIO()
    assert run_tirage("ZZZ", small, False, out) == 1
    assert "No word can be made with this draw." in out.getvalue()
    out = io.StringIO()
    assert run_tirage("ZZZ", small, True, out) == 1
    assert json.loads(out.getvalue())["words"] == {}


def test_tirage_bad_letters(small: Lexicon) -> None:
    with pytest.raises(LexiconError) as caught:
        run_tirage("ABC4", small, False, io.StringIO())
    assert caught.value.code == "draw_bad_character"
    with pytest.raises(LexiconError) as caught:
        run_tirage("A" * 16, small, True, io.StringIO())
    assert caught.value.code == "draw_too_long"
