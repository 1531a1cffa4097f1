"""The shipped lists: what they hold, what they must not, and how they are read."""

from __future__ import annotations

import gzip

import pytest

from scrabble_fr.lexicon import Lexicon, LexiconError
from scrabble_fr.resources import data_path

# The two-letter words of the current official French list (ODS).
ODS_TWO_LETTERS = (
    "AA AH AI AN AS AU AY BA BE BI BU CA CE CI DA DE DO DU EH EN ES ET EU EX FA FI GO HA HE HI HO "
    "IF IL IN JA JE KA LA LE LI LU MA ME MI MU NA NE NI NO NU OC OH OM ON OR OS OU PI PU QI RA RE "
    "RU SA SE SI SU TA TE TU UN US UT VA VE VU WU XI"
).split()
# Grammalecte has RI (rire's past participle) and VS besides them; the build keeps both.
GRAMMALECTE_TWO_LETTERS = {"RI", "VS"}


def test_french_list_metadata(french: Lexicon) -> None:
    assert french.is_builtin_french
    assert french.language == "fr"
    assert "Grammalecte 7.0" in french.name
    assert 400_000 < len(french) < 410_000


@pytest.mark.parametrize(
    "word",
    ["MAISON", "ZYTHUM", "ZYTHUMS", "KILOMETRE", "MANGEASSIONS", "OEUVRE", "COEUR", "ETE", "QI",
     "WU", "ZEN", "KIWI", "ENTRAIS", "CONSTITUTIONNEL"],
)
def test_french_words(french: Lexicon, word: str) -> None:
    assert word in french


@pytest.mark.parametrize("word", ["KM", "KG", "CM", "MM", "HZ", "DR", "MME", "STRASBOURG", "SNCF"])
def test_french_has_no_unit_symbols_titles_or_names(french: Lexicon, word: str) -> None:
    assert word not in french


def test_french_two_letter_words(french: Lexicon) -> None:
    # Every official two-letter word, the nine Grammalecte lacks (AA AY BA BE BI DA JA KA OM)
    # included, plus RI and VS: 78 + 2 words, and no other.
    two = {word for word in french.words() if len(word) == 2}
    assert len(ODS_TWO_LETTERS) == 78
    assert two == set(ODS_TWO_LETTERS) | GRAMMALECTE_TWO_LETTERS
    assert len(two) == 80
    for word in ("AA", "AY", "BA", "BE", "BI", "DA", "KA", "JA", "OM", "RI", "VS"):
        assert word in french, word


def test_any_case_and_accents(french: Lexicon) -> None:
    assert "maison" in french
    assert "Élève" in french
    assert "cœur" in french


def test_words_are_sorted_and_clean(french: Lexicon) -> None:
    words = list(french.words())
    assert len(words) == len(french)
    assert words == sorted(set(words))
    assert all(word.isascii() and word.isalpha() and word.isupper() for word in words)
    assert min(map(len, words)) == 2 and max(map(len, words)) == 15


def test_shipped_file_format() -> None:
    # One word a line, "\n" endings, no file name or date in the gzip header (reproducible).
    raw = (data_path("lexiques") / "fr.txt.gz").read_bytes()
    assert raw[4:8] == b"\0\0\0\0"  # mtime 0
    assert not raw[3] & 0x08  # no FNAME
    text = gzip.decompress(raw).decode("ascii")
    assert text.endswith("\n") and "\r" not in text


def test_english_list(english: Lexicon) -> None:
    assert english.language == "en"
    assert not english.is_builtin_french
    assert english.name == "SCOWL 80"
    assert 240_000 < len(english) < 255_000
    for word in ("CABBAGE", "QI", "ZA", "XU", "SH", "CAFE", "QUIXOTIC", "JALAPENOS"):
        assert word in english, word
    for word in ("CS", "KB", "MS", "USA", "DONT"):
        assert word not in english, word


def test_english_two_letter_words_have_a_vowel(english: Lexicon) -> None:
    two = [word for word in english.words() if len(word) == 2]
    assert all(set(word) & set("AEIOUY") or word in {"HM", "MM", "SH"} for word in two)


def test_unknown_builtin() -> None:
    with pytest.raises(LexiconError) as caught:
        Lexicon.builtin("de")
    assert caught.value.code == "lexicon_builtin_unknown"
    assert caught.value.params["known"] == "en, fr"


def test_builtin_is_loaded_once(french: Lexicon) -> None:
    assert Lexicon.builtin("fr") is french
