"""The French list's build: the title fix, the two-letter words and the abbreviations, on the rules
of ``tools/construire_lexiques.py`` and on the shipped list they produced."""

from __future__ import annotations

import hashlib
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


def test_abbreviation_step_drops_entries_that_are_only_abbreviations(build: ModuleType) -> None:
    # env. (environ), oct. (octobre), div. (divers), the months, sin and cosh: gone. Words that
    # start the same way, and spellings another entry gives as a word (TEL, COS, LAT), stay.
    words = {"ENV", "OCT", "DIV", "JANV", "DEC", "SIN", "COSH", "ENVI", "OCTET", "DIVA", "TEL", "COS", "LAT"}
    assert build.abbreviation_step(words, set()) == {"ENVI", "OCTET", "DIVA", "TEL", "COS", "LAT"}


def test_the_build_has_no_attestation_filter(build: ModuleType) -> None:
    # The filter that kept a short word only when another free lexicon had it cost real tops: gone.
    assert not hasattr(build, "attestation_step")
    assert not hasattr(build, "FILTER_PACKAGES")


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


@pytest.mark.parametrize(
    "word",
    ["ETC", "LOL", "HTTP", "HTTPS", "FTP", "DPI", "PTS", "CONF", "ANGLO", "JUSQU", "MME",
     # entries whose only reading is an abbreviation or a mathematical symbol
     "ENV", "OCT", "DIV", "JANV", "FEVR", "AVR", "JUIL", "NOV", "DEC", "BIBL", "CHAP", "ETYM",
     "IBID", "LITT", "SUPPL", "SIN", "COSH", "ARCTAN"],
)
def test_abbreviations_symbols_and_errors_are_out(french: Lexicon, word: str) -> None:
    assert word not in french


# Words the list must keep: common words, Scrabble staples of every length, and spellings that
# are an abbreviation and also a word.
@pytest.mark.parametrize(
    "word",
    ["MAISON", "CHAT", "QI", "WU", "KIWI", "ZEN", "ZOO", "GO", "RI", "VS", "OUF", "ZUT", "PST",
     "PFF", "ENVI", "CATIMINI", "ZYTHUM", "WHISKY", "SQUAW", "JOKER", "ANOSMIE", "ARCHI",
     "MANGEASSIONS", "CONSTITUTIONNEL", "KILOMETRE", "ENTRAIS", "TEL", "COS", "LAT", "LOG",
     "TAN", "MIN", "OCTET", "DIVA"],
)
def test_the_list_keeps(french: Lexicon, word: str) -> None:
    assert word in french


# ODS words the attestation filter had removed, some of them real tops: back in the list.
@pytest.mark.parametrize(
    "word",
    ["AERIUM", "AMYLOIDE", "REDOX", "SHEKEL", "QAT", "WOK", "MUG", "SCAPULA", "FOVEAL", "KALMIAS",
     "BUFFER", "DULCITOL", "ELANDS"],
)
def test_words_the_attestation_filter_removed_are_back(french: Lexicon, word: str) -> None:
    assert word in french


def test_the_notice_gives_the_shipped_lists_checksums() -> None:
    # The build is reproducible: lexiques/README.md, written by the build, names each list's sha256.
    notice = (ROOT / "lexiques" / "README.md").read_text(encoding="utf-8")
    for name in ("fr.txt.gz", "en.txt.gz"):
        digest = hashlib.sha256((ROOT / "lexiques" / name).read_bytes()).hexdigest()
        assert f"`{digest}`" in notice, name
