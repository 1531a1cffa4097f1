"""The French list's build: the title fix, the two-letter words and the pruning, on the rules of
``tools/construire_lexiques.py`` and on the shipped list they produced."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from scrabble_fr.lexicon import Lexicon

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def build() -> ModuleType:
    """The build script as a module (it needs spylls only to read a Hunspell pair, not here)."""
    spec = importlib.util.spec_from_file_location("construire_lexiques", ROOT / "tools" / "construire_lexiques.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is made
    spec.loader.exec_module(module)
    return module


# -- the rules -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tags", "kept"),
    [
        ({"nom", "titr"}, True),  # monsieur, maman, papa: a noun that is also a title
        ({"nom", "adj", "titr"}, True),  # maitre
        ({"titr"}, False),  # Mme, Dr: a title only
        ({"sfx"}, False),  # "be", "fr": a domain suffix only
        ({"titr", "sfx"}, False),
        ({"mg", "prep", "err"}, False),  # jusqu: an error form, whatever else it is
        ({"nom", "err"}, False),
        ({"nom"}, True),
        (set(), True),
    ],
)
def test_entry_is_word(build: ModuleType, tags: set[str], kept: bool) -> None:
    assert build.entry_is_word(tags) is kept


def test_bare_prefixes(build: ModuleType) -> None:
    assert build.entry_is_bare_prefix({"pfx"})
    assert not build.entry_is_bare_prefix({"nom", "pfx"})  # archi: also a noun
    assert not build.entry_is_bare_prefix({"nom"})


def test_two_letter_step(build: ModuleType) -> None:
    source = {"AB", "AD", "ID", "CF", "LN", "PT", "RI", "VS", "QI", "MAISON"}
    result = build.two_letter_step(source)
    two = {word for word in result if len(word) == 2}
    # The 78 official words (whether the source had them or not), plus RI and VS, and no other.
    assert len(build.OFFICIAL_TWO_LETTER_WORDS) == 78
    assert two == set(build.OFFICIAL_TWO_LETTER_WORDS) | {"RI", "VS"}
    assert {"AA", "AY", "BA", "BE", "BI", "DA", "KA", "JA", "OM"} <= two
    assert "MAISON" in result
    assert not {"AB", "AD", "ID", "CF", "LN", "PT"} & result
    # RI and VS only when the source has them: the step never invents them.
    assert not {"RI", "VS"} & build.two_letter_step({"MAISON"})


def test_abbreviation_step(build: ModuleType) -> None:
    words = {"ETC", "LOL", "HTTP", "FTP", "DPI", "ANGLO", "MAISON", "ARCHI", "VS", "PAPA"}
    assert build.abbreviation_step(words, {"ANGLO"}) == {"MAISON", "ARCHI", "VS", "PAPA"}


def test_attestation_step_keeps_long_and_two_letter_words(build: ModuleType) -> None:
    words = {"MAISON", "ABADER", "QI", "BE", "CONSTITUTIONNEL", "ABCDEFGH", "ABCDEFGHI"}
    attested = {"MAISON"}
    # ABADER (6) and ABCDEFGH (8 letters) are not attested: gone. ABCDEFGHI has 9: kept.
    assert build.attestation_step(words, attested) == {"MAISON", "QI", "BE", "CONSTITUTIONNEL", "ABCDEFGHI"}


def test_word_list_decompress(build: ModuleType) -> None:
    # "abc", then 2 letters shared + "d", then 1 shared + "e", then nothing shared + "zut".
    data = b"\x01abc\x03d\x02e\x01zut"
    assert build.word_list_decompress(data) == [b"abc", b"abd", b"ae", b"zut"]
    with pytest.raises(ValueError):
        build.word_list_decompress(b"\x05ab")  # shares 4 letters with nothing


def test_step_counts(build: ModuleType) -> None:
    step = build.Step.between("x", {"A", "B", "C"}, {"B", "C", "D", "E"})
    assert (step.before, step.after, step.removed_count, step.added_count) == (3, 4, 1, 2)
    assert step.removed == ("A",) and step.added == ("D", "E")


# -- the shipped list ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "word",
    ["MONSIEUR", "MESSIEURS", "MADAME", "MESDAMES", "MADEMOISELLE", "MAITRE", "MAITRESSE", "PAPA",
     "MAMAN", "DOCTEUR", "PROFESSEUR", "MONSEIGNEUR", "SEIGNEUR"],
)
def test_titles_that_are_nouns_are_in(french: Lexicon, word: str) -> None:
    assert word in french


@pytest.mark.parametrize("word", ["ETC", "LOL", "HTTP", "HTTPS", "FTP", "DPI", "PTS", "CONF", "ANGLO", "JUSQU", "MME"])
def test_abbreviations_symbols_and_errors_are_out(french: Lexicon, word: str) -> None:
    assert word not in french


# Words the pruning must keep: common words, Scrabble staples of every length, and long words the
# attestation filter does not look at.
@pytest.mark.parametrize(
    "word",
    ["MAISON", "CHAT", "QI", "WU", "KIWI", "ZEN", "ZOO", "GO", "RI", "VS", "OUF", "ZUT", "PST",
     "PFF", "ENVI", "CATIMINI", "ZYTHUM", "WHISKY", "SQUAW", "JOKER", "ANOSMIE", "ARCHI",
     "MANGEASSIONS", "CONSTITUTIONNEL", "KILOMETRE", "ENTRAIS"],
)
def test_pruning_keeps(french: Lexicon, word: str) -> None:
    assert word in french


@pytest.mark.parametrize("word", ["ABADER", "TCHIPERA", "CARNISTE"])
def test_pruning_removes_unattested_short_words(french: Lexicon, word: str) -> None:
    # Grammalecte words of up to 8 letters that no other free French lexicon knows.
    assert word not in french
