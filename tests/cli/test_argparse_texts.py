"""argparse's own messages come from the catalogue: one translated line, status 2."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_python
from babel.messages.pofile import read_po

from scrabble_fr.cli import argparse_texts

ROOT = Path(__file__).resolve().parents[2]

# (arguments, what the French line says, what the English line says, whose --help it points to)
CASES = [
    # Options left over reach the main parser: its help is the one to read.
    pytest.param(("score", "--bogus", "MOT"), "arguments inconnus\u00a0: --bogus",
                 "unrecognized arguments: --bogus", "scrabble-fr", id="unknown option"),
    pytest.param(("score", "MOT", "--position"), "--position\u00a0: il manque sa valeur",
                 "argument --position: expected one argument", "scrabble-fr score", id="missing value"),
    pytest.param(("jouer", "--verification", "bof"),
                 "--verification\u00a0: «\u00a0bof\u00a0» n'est pas l'un de 'auto', 'manuelle'",
                 "argument --verification: invalid choice: 'bof' (choose from 'auto', 'manuelle')",
                 "scrabble-fr jouer", id="bad choice"),
    pytest.param(("autojeu", "--niveau", "abc"), "--niveau\u00a0: «\u00a0abc\u00a0» n'est pas une valeur valable",
                 "argument --niveau: invalid int value: 'abc'", "scrabble-fr autojeu", id="bad int"),
    pytest.param(("autojeu", "--graine", "abc"),
                 "--graine\u00a0: « abc » n'est pas une graine : donnez un nombre entier de 0 à 9223372036854775807",
                 "argument --graine: 'abc' is not a seed: give a whole number from 0 to 9223372036854775807",
                 "scrabble-fr autojeu", id="bad seed"),
    pytest.param(("score",), "arguments manquants\u00a0: MOT_OU_COUP",
                 "the following arguments are required: WORD_OR_MOVE", "scrabble-fr score", id="missing argument"),
]


@pytest.mark.parametrize(("argv", "french", "english", "prog"), CASES)
@pytest.mark.parametrize("language", ["fr", "en"])
def test_a_bad_command_line_gives_one_translated_line(run, argv, french, english, prog, language):
    result = run(*argv, "--langue", language)
    assert result.status == 2
    assert result.out == ""
    lines = result.err.splitlines()
    assert len(lines) == 1
    expected = french if language == "fr" else english
    hint = "voir" if language == "fr" else "see"
    assert lines[0] == f"scrabble-fr: {expected} — {hint} {prog} --help"


def test_the_usage_line_and_the_groups_speak_french(run):
    result = run("score", "--help")
    assert result.out.startswith("usage\u00a0: scrabble-fr score")
    assert "\noptions:\n" in result.out and "\narguments:\n" in result.out
    english = run("score", "--help", "--langue", "en")
    assert english.out.startswith("usage: scrabble-fr score")


def _argparse_texts() -> set[str]:
    """The texts the running Python's argparse writes through gettext."""
    texts: set[str] = set()
    with open(argparse.__file__, "rb") as handle:
        for _line, _function, message, _comments in extract_python(handle, {"_": None, "ngettext": (1, 2)}, [], {}):
            if isinstance(message, tuple):
                texts.update(part for part in message if part)
            elif message:
                texts.add(message)
    return texts


def _catalogue(language: str):
    with open(ROOT / "locales" / language / "LC_MESSAGES" / "scrabble_fr.po", "rb") as handle:
        return read_po(handle, locale=language)


def test_every_argparse_text_is_translated_or_set_aside():
    # A newer Python with a new text fails here until it is listed (and translated) or set aside.
    catalogue = _catalogue("fr")
    known = {message.id if isinstance(message.id, str) else message.id[0] for message in catalogue if message.id}
    plurals = {message.id[1] for message in catalogue if isinstance(message.id, tuple)}
    listed = known | plurals
    unaccounted = sorted(_argparse_texts() - listed - argparse_texts.NOT_FOR_PLAYERS)
    assert unaccounted == []
    assert not set(argparse_texts.TEXTS) & argparse_texts.NOT_FOR_PLAYERS


_PERCENT = re.compile(r"%(\([a-z_]+\))?[sdr]")


def _placeholders(text: str) -> tuple[set[str], int]:
    found = [match.group(1) for match in _PERCENT.finditer(text)]
    return {name for name in found if name}, sum(1 for name in found if not name)


def test_the_french_argparse_texts_keep_their_placeholders():
    # argparse fills them with %: a named field may be left out, a positional one may not.
    catalogue = _catalogue("fr")
    for message in catalogue:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        if not ids[0] or ids[0] not in set(argparse_texts.TEXTS) | {"expected %s argument"}:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        names, positional = _placeholders(ids[0])
        for translated in strings:
            translated_names, translated_positional = _placeholders(translated)
            assert translated_names <= names and translated_positional == positional, (message.id, translated)
