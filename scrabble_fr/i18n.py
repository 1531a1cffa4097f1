"""Translations: one translator for the whole program, French by default.

Strings are written in English in the code and marked with ``_()`` (or ``ngettext()`` for plurals);
the catalogues under ``locales/<lang>/LC_MESSAGES/scrabble_fr.po`` give the French and English
text. Building the package compiles them into ``.mo`` files (``setup.py``), which the standard
:mod:`gettext` reads at start. A checkout or an editable install has only the ``.po``: Babel
compiles it in memory when the language is chosen, so a contributor's edit shows at the next run
(a ``.mo`` older than its ``.po`` is never read).

    >>> set_language("fr"); _("Pass")
    'Passer'

Nothing here is a translated module-level constant: ``_()`` looks the translator up at call time,
so switching the language re-renders every string the next time it is asked for. Texts that must
be declared before a language is chosen are marked with :func:`N_` and translated where shown.
"""

from __future__ import annotations

import gettext
import io
import locale
import os
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from scrabble_fr.engine.errors import N_
from scrabble_fr.resources import data_path

__all__ = ["N_", "_", "colon", "elide", "format_number", "get_language", "join_list", "ngettext", "points",
           "elide_fields", "printable", "sentence", "set_language"]

DOMAIN = "scrabble_fr"
LANGUAGES = ("fr", "en")
DEFAULT_LANGUAGE = "fr"


@dataclass
class _State:
    language: str = DEFAULT_LANGUAGE
    translations: gettext.NullTranslations = field(default_factory=gettext.NullTranslations)


# The one piece of process-wide state: which language the person at the terminal reads.
_state = _State()
_cache: dict[str, gettext.NullTranslations] = {}


def _load(language: str) -> gettext.NullTranslations:
    if language in _cache:
        return _cache[language]
    translations: gettext.NullTranslations
    compiled, source = catalogue_path(language, ".mo"), catalogue_path(language, ".po")
    try:
        if _is_current(compiled, source):
            with open(compiled, "rb") as handle:
                translations = gettext.GNUTranslations(handle)
        else:
            translations = gettext.GNUTranslations(io.BytesIO(compile_catalogue(source, language)))
    except OSError:
        translations = gettext.NullTranslations()
    _cache[language] = translations
    return translations


def _is_current(compiled: Path, source: Path) -> bool:
    """Whether the ``.mo`` says what the ``.po`` says. An installed package ships only the ``.mo``;
    in a checkout, a ``.mo`` compiled by hand then left behind by an edit of the ``.po`` is stale
    and must not hide the edit."""
    try:
        compiled_time = compiled.stat().st_mtime
    except OSError:
        return False
    try:
        return compiled_time >= source.stat().st_mtime
    except OSError:
        return True


def compile_catalogue(source: Path, language: str) -> bytes:
    """A ``.po`` file compiled into the bytes of a ``.mo`` file (with Babel, imported only here)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with open(source, "rb") as handle:
        catalog = read_po(handle, locale=language, domain=DOMAIN)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    return buffer.getvalue()


def set_language(language: str) -> None:
    """Switch every later ``_()`` to ``language`` ("fr" or "en")."""
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}")
    _state.language = language
    _state.translations = _load(language)


def get_language() -> str:
    return _state.language


def _(message: str) -> str:
    return _state.translations.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _state.translations.ngettext(singular, plural, n)


def translations(language: str) -> gettext.NullTranslations:
    """The catalogue of ``language`` whatever the reader's: a record speaks its game's language.

        >>> translations("fr").gettext("Pass"), translations("en").gettext("Pass")
        ('Passer', 'Pass')
    """
    return _load(language if language in LANGUAGES else DEFAULT_LANGUAGE)


# How each language groups digits and marks decimals, as the CLDR says (a test checks these against
# Babel's copy of it): two symbols here spare every start loading the CLDR's locale data.
_NUMBER_SYMBOLS = {"fr": ("\u202f", ","), "en": (",", ".")}


def format_number(value: int | float) -> str:
    """A number as the reader's language writes it (1 034 in French, 1,034 in English), with up
    to three decimals.

        >>> set_language("fr"); format_number(1034), format_number(12.5)
        ('1\u202f034', '12,5')
    """
    group, decimal = _NUMBER_SYMBOLS[_state.language]
    if isinstance(value, float):
        from decimal import ROUND_HALF_EVEN, Decimal

        # Rounded on the decimal text, as Babel rounds: 0.0005 is 0, not 0.001.
        text = f"{Decimal(repr(value)).quantize(Decimal('0.001'), ROUND_HALF_EVEN):,f}"
        if "." in text:
            text = text.rstrip("0").rstrip(".")
    else:
        text = f"{value:,}"
    return text.translate({ord(","): group, ord("."): decimal})


def colon() -> str:
    """A colon as the reader's typography writes it: French puts a (non-breaking) space before it."""
    return "\u00a0:" if _state.language == "fr" else ":"


_VOWEL_AFTER_DE = re.compile(r"\b([Dd])e (?=[AEIOUYÀÂÄÉÈÊËÎÏÔÖÙÛÜaeiouyàâäéèêëîïôöùûü])")


def elide(text: str) -> str:
    """French elision before a name that starts with a vowel: « Tirage d'Alice », « Au tour
    d'Ordi 3 » (a no-op in English).

        >>> set_language("fr"); elide("Tirage de Alice"), elide("Tirage de Bruno")
        ("Tirage d'Alice", 'Tirage de Bruno')
    """
    if _state.language != "fr":
        return text
    return _VOWEL_AFTER_DE.sub(lambda m: m.group(1) + "'", text)


def printable(text: str) -> str:
    r"""Text typed by someone else, safe to show on one line: each control or format character
    (a terminal escape, a line break, a right-to-left override) written as Python writes it in a
    string, so it is seen rather than obeyed. Letters of every alphabet stay as they are.

        >>> printable("\x1b[2JAlice\n"), printable("Chloé")
        ('\\x1b[2JAlice\\n', 'Chloé')
    """
    if text.isprintable():
        return text
    return "".join(repr(ch)[1:-1] if _hidden(ch) else ch for ch in text)


# Spaces of every width (the French non-breaking ones) are text; the other categories that
# str.isprintable() refuses act on the terminal or are invisible.
_HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def _hidden(ch: str) -> bool:
    return unicodedata.category(ch) in _HIDDEN_CATEGORIES


_DE_BEFORE_FIELD = re.compile(r"\b([Dd])e \{(\w+)\}")


def elide_fields(template: str, values: dict[str, object]) -> str:
    """A French template elided where a value put after « de » starts with a vowel: « la place
    de {name} » becomes « la place d'{name} » for Alice. Only the fields: the template's own
    words are as its translator wrote them (« de A à Z »). A no-op in English.

        >>> set_language("fr"); elide_fields("au tour de {name}", {"name": "Éric"})
        "au tour d'{name}"
    """
    if _state.language != "fr":
        return template

    def one(match: re.Match[str]) -> str:
        value = values.get(match.group(2))
        if isinstance(value, str) and _VOWEL_AFTER_DE.match("de " + value):
            return match.group(1) + "'{" + match.group(2) + "}"
        return match.group(0)

    return _DE_BEFORE_FIELD.sub(one, template)


def sentence(text: str) -> str:
    """A message as a sentence: a capital first, a full stop last (errors are worded as clauses).

        >>> sentence("la case H8 est déjà occupée")
        'La case H8 est déjà occupée.'
    """
    text = text.strip()
    if not text:
        return text
    if text[0].islower():
        text = text[0].upper() + text[1:]
    if text[-1] not in ".!?…:":
        text += "."
    return text


def points(n: int) -> str:
    """``1 point``, ``2 points``, ``1 034 points``: a score in words, in the reader's language."""
    return ngettext("{n} point", "{n} points", abs(n)).format(n=format_number(n))


def join_list(items: list[str]) -> str:
    """Items as the reader's language lists them: « Alice, Bruno et Chloé », "Ann, Bob, and Cy".

        >>> set_language("fr"); join_list(["Moi", "Ordi 3"])
        'Moi et Ordi 3'
    """
    if not items:
        return ""
    from babel.lists import format_list

    return format_list(list(items), locale=_state.language)


def system_language() -> str | None:
    """The language of the system locale when it is one we speak, else None."""
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(variable)
        if value:
            code = value.split(":")[0].split("_")[0].split(".")[0].lower()
            return code if code in LANGUAGES else None
    try:
        # With no variable set, the process runs in the C locale, which Python coerces to
        # C.UTF-8 and getlocale() then reads as en_US: that is no choice of language at all.
        if _is_c_locale(locale.setlocale(locale.LC_CTYPE)):
            return None
        code = (locale.getlocale()[0] or "").split("_")[0].lower()
    except (ValueError, locale.Error):
        return None
    return code if code in LANGUAGES else None


def _is_c_locale(name: str | None) -> bool:
    """Whether a locale name is C or POSIX (with or without an encoding): no language chosen."""
    return (name or "C").split(".")[0].upper() in ("C", "POSIX")


def choose_language(explicit: str | None = None, configured: str | None = None) -> str:
    """The language to use: option, then environment, then configuration, then system, then French."""
    for candidate in (explicit, os.environ.get("SCRABBLE_FR_LANGUE"), configured):
        if candidate and candidate.lower() in LANGUAGES:
            return candidate.lower()
    system = system_language()
    return "en" if system == "en" else DEFAULT_LANGUAGE


def catalogue_path(language: str, suffix: str = ".po") -> Path:
    """The catalogue of ``language``: its ``.po`` source, or with ``suffix=".mo"`` its compiled form."""
    return data_path("locales") / language / "LC_MESSAGES" / f"{DOMAIN}{suffix}"
