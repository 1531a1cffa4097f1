"""The catalogues: every text of the package is translated in French and English, with the same
placeholders, and the language switch takes effect at once."""

from __future__ import annotations

import re
import string
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from scrabble_fr.i18n import _, choose_language, format_number, ngettext, set_language

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
    set_language("en")
    assert format_number(1034) == "1,034"


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
