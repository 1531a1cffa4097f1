"""The Scrabble spelling: no accents, ligatures spelt out, capitals A to Z, 2 to 15 letters."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scrabble_fr.lexicon import normalize_word


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("Éléphant", "ELEPHANT"),
        ("été", "ETE"),
        ("cœur", "COEUR"),
        ("ŒUVRE", "OEUVRE"),
        ("Ça", "CA"),
        ("garçon", "GARCON"),
        ("ex-æquo", None),
        ("cæcum", "CAECUM"),
        ("Straße", "STRASSE"),
        ("naïve", "NAIVE"),
        ("  maison \n", "MAISON"),
        ("MaIsOn", "MAISON"),
        ("ﬁlet", "FILET"),
        ("ÎLE", "ILE"),
    ],
)
def test_accents_ligatures_and_case(typed: str, expected: str | None) -> None:
    assert normalize_word(typed) == expected


@pytest.mark.parametrize(
    "typed",
    ["a", "", "   ", "aujourd'hui", "porte-monnaie", "a.b", "mot2", "deux mots", "µm", "ABCDEFGHIJKLMNOP"],
)
def test_not_a_word(typed: str) -> None:
    assert normalize_word(typed) is None


def test_fifteen_letters_is_the_limit() -> None:
    assert normalize_word("anticonstitutionnellement") is None
    assert normalize_word("x" * 15) == "X" * 15


@given(st.text(max_size=20))
def test_result_is_always_a_scrabble_word_and_stable(text: str) -> None:
    word = normalize_word(text)
    if word is not None:
        assert re.fullmatch(r"[A-Z]{2,15}", word)
        assert normalize_word(word) == word
