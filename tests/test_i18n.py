"""The catalogues: every text of the package is translated in French and English, with the same
placeholders, and the language switch takes effect at once."""

from __future__ import annotations

import os
import re
import string
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

from scrabble_fr import i18n
from scrabble_fr.i18n import LANGUAGES, _, choose_language, format_number, ngettext, set_language

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
catalogues = pytest.importorskip("catalogues")


def _fields(text: str) -> set[str]:
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name is not None}


@pytest.fixture(scope="module")
def template():
    return catalogues.extract()


@pytest.mark.parametrize("locale", ["fr", "en"])
def test_every_text_is_translated(template, locale):
    with open(ROOT / "locales" / locale / "LC_MESSAGES" / "scrabble_fr.po", "rb") as handle:
        catalog = read_po(handle, locale=locale)
    assert catalogues.missing(catalog, template) == []


@pytest.mark.parametrize("locale", ["fr", "en"])
def test_translations_keep_the_placeholders(locale):
    with open(ROOT / "locales" / locale / "LC_MESSAGES" / "scrabble_fr.po", "rb") as handle:
        catalog = read_po(handle, locale=locale)
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        expected = set().union(*(_fields(i) for i in ids))
        for translated in strings:
            assert _fields(translated) <= expected, (message.id, translated)


def test_plural_forms_follow_each_language():
    set_language("fr")
    assert ngettext("{n} point", "{n} points", 1).format(n=1) == "1 point"
    assert ngettext("{n} point", "{n} points", 0).format(n=0) == "0 point"
    assert ngettext("{n} point", "{n} points", 2).format(n=2) == "2 points"
    set_language("en")
    assert ngettext("{n} point", "{n} points", 0).format(n=0) == "0 points"


def test_numbers_follow_each_language():
    set_language("fr")
    assert re.fullmatch(r"1\s034", format_number(1034))
    assert format_number(12.5) == "12,5"
    set_language("en")
    assert format_number(1034) == "1,034"
    assert format_number(-1234.5) == "-1,234.5"


@pytest.mark.parametrize("language", LANGUAGES)
def test_numbers_are_written_as_the_cldr_writes_them(language):
    # The two symbols per language stand for Babel's CLDR data at run time: they must agree.
    values = [0, 7, -7, 999, 1000, 1034, -20_000, 1_234_567, 10**12, 0.5, -0.5, 12.3, 0.0005, 0.0015,
              1234.5678, 999.9995, -0.04, 100.0, 2 / 3]
    set_language(language)
    for value in values:
        assert format_number(value) == format_decimal(value, locale=language), value


def test_a_compiled_catalogue_is_read_unless_its_source_is_newer(tmp_path, monkeypatch):
    # An installed package reads the .mo it was built with; in a checkout, a .mo older than the
    # .po it came from is stale: the .po is read, so an edit is never hidden.
    folder = tmp_path / "locales" / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    source = folder / "scrabble_fr.po"
    source.write_bytes((ROOT / "locales" / "fr" / "LC_MESSAGES" / "scrabble_fr.po").read_bytes())
    compiled = folder / "scrabble_fr.mo"
    compiled.write_bytes(i18n.compile_catalogue(source, "fr"))
    # The source now says something else: as if it had been edited after the compilation.
    source.write_text(source.read_text(encoding="utf-8").replace('msgstr "Passer"', 'msgstr "Je passe"'),
                      encoding="utf-8")
    monkeypatch.setattr(i18n, "data_path", lambda name: tmp_path / name)
    monkeypatch.setattr(i18n, "_cache", {})
    try:
        os.utime(compiled, (1_000_000, 1_000_000))
        set_language("fr")
        assert _("Pass") == "Je passe"  # the stale .mo is ignored
        i18n._cache.clear()
        os.utime(compiled, (4_000_000_000, 4_000_000_000))
        set_language("fr")
        assert _("Pass") == "Passer"  # the .mo is current: it is what is read
        i18n._cache.clear()
        source.unlink()
        set_language("fr")
        assert _("Pass") == "Passer"  # an installed package: the .mo alone
    finally:
        i18n._cache.clear()
        monkeypatch.undo()
        set_language("fr")


def test_switching_language_changes_texts_at_once():
    set_language("en")
    assert _("the game is over") == "the game is over"
    set_language("fr")
    assert _("the game is over") == "la partie est terminée"


def test_language_choice_order(monkeypatch):
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    assert choose_language() == "en"  # the system locale
    assert choose_language(configured="fr") == "fr"  # the configuration beats the system
    monkeypatch.setenv("SCRABBLE_FR_LANGUE", "en")
    assert choose_language(configured="fr") == "en"  # the environment beats the configuration
    assert choose_language("fr", configured="en") == "fr"  # the option beats everything
    monkeypatch.delenv("SCRABBLE_FR_LANGUE")
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert choose_language() == "fr"  # otherwise French


@pytest.mark.parametrize("variables, expected", [
    ({}, "MAISON : 7 points"),  # no locale information at all (env -i): French, as the README says
    ({"LC_ALL": "C"}, "MAISON : 7 points"),  # the C locale chooses no language either
    ({"LC_ALL": "C.UTF-8"}, "MAISON : 7 points"),
    ({"LANG": "en_US.UTF-8"}, "MAISON: 8 points"),  # a real English locale: English rules
])
def test_no_locale_information_speaks_french(tmp_path, variables, expected):
    import subprocess

    root = Path(__file__).resolve().parents[1]
    env = {"PYTHONPATH": str(root), "HOME": str(tmp_path), **variables}
    result = subprocess.run([sys.executable, "-m", "scrabble_fr", "score", "MAISON"], env=env,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.replace("\u00a0", " ").strip() == expected


def test_errors_elide_de_before_a_name_that_starts_with_a_vowel():
    from scrabble_fr.messages import describe
    from scrabble_fr.table.errors import TableError

    set_language("fr")
    assert describe(TableError("seat_taken", name="Alice")).startswith("la place d'Alice est ouverte")
    assert describe(TableError("not_your_turn", name="Éric")) == "c'est au tour d'Éric, pas au vôtre"
    assert describe(TableError("not_your_turn", name="Bruno")) == "c'est au tour de Bruno, pas au vôtre"
    # Only what is put after « de » is elided: the translator's own « de A à Z » stays.
    from scrabble_fr.engine.errors import InvalidMoveError

    assert "de A à Z" in describe(InvalidMoveError("bad_word", text="Ab1"))
    set_language("en")
    assert describe(TableError("not_your_turn", name="Alice")) == "it is Alice's turn, not yours"
    set_language("fr")


def test_echoed_input_shows_control_characters_escaped():
    import unicodedata

    from scrabble_fr.engine.errors import InvalidMoveError
    from scrabble_fr.messages import describe
    from scrabble_fr.table.errors import TableError

    for error in (TableError("name_taken", table="t", name="\x1b[2JBob"),
                  InvalidMoveError("bad_command", text="\x1b]0;x\x07")):
        said = describe(error)
        assert not [ch for ch in said if unicodedata.category(ch).startswith("C")] and "\\x1b" in said, said
