"""A player's own word list and extra words: encodings, comments, bad lines, errors."""

from __future__ import annotations

import gzip
from collections.abc import Callable
from pathlib import Path

import pytest

from scrabble_fr.engine.errors import ScrabbleError
from scrabble_fr.lexicon import Lexicon, LexiconError

WriteFile = Callable[[str, "str | bytes"], Path]


def test_user_file_any_case_and_accents(write_file: WriteFile) -> None:
    path = write_file("ods.txt", "maison\nÉTÉ\nCœur\nZYTHUM\n")
    lexicon = Lexicon.from_file(path)
    assert len(lexicon) == 4
    assert list(lexicon.words()) == ["COEUR", "ETE", "MAISON", "ZYTHUM"]
    assert "été" in lexicon and "COEUR" in lexicon and "maison" in lexicon
    assert "CHAT" not in lexicon
    assert lexicon.name == "ods.txt"
    assert not lexicon.is_builtin_french
    assert lexicon.skipped == 0


def test_blank_and_comment_lines_are_ignored(write_file: WriteFile) -> None:
    path = write_file("mots.txt", "# ma liste\n\n   \nchat\n  # autre commentaire\nchien\r\n")
    lexicon = Lexicon.from_file(path)
    assert list(lexicon.words()) == ["CHAT", "CHIEN"]
    assert lexicon.skipped == 0


def test_bad_lines_are_skipped_and_counted(write_file: WriteFile) -> None:
    lines = ["chat", "aujourd'hui", "x", "porte-clés", "chien 12", "chat", "a" * 16, "niche", "ab3", "z"]
    lexicon = Lexicon.from_file(write_file("mots.txt", "\n".join(lines)))
    assert list(lexicon.words()) == ["CHAT", "NICHE"]
    assert lexicon.skipped == 7
    assert lexicon.skipped_examples == ["aujourd'hui", "x", "porte-clés", "chien 12", "a" * 16]


def test_latin1_file(write_file: WriteFile) -> None:
    path = write_file("latin1.txt", "élève\ngarçon\nnaïf\n".encode("latin-1"))
    assert list(Lexicon.from_file(path).words()) == ["ELEVE", "GARCON", "NAIF"]


def test_windows_file_with_oe(write_file: WriteFile) -> None:
    # Windows' Western encoding has œ (byte 0x9C), which Latin-1 lacks.
    path = write_file("windows.txt", "cœur\r\nsœur\r\n".encode("cp1252"))
    assert list(Lexicon.from_file(path).words()) == ["COEUR", "SOEUR"]


def test_utf8_with_bom(write_file: WriteFile) -> None:
    path = write_file("bom.txt", "\ufeffmaison\nété\n".encode("utf-8"))
    assert list(Lexicon.from_file(path).words()) == ["ETE", "MAISON"]


def test_gzip_file(write_file: WriteFile) -> None:
    path = write_file("mots.txt.gz", gzip.compress(b"chat\nchien\n"))
    assert len(Lexicon.from_file(path)) == 2


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(LexiconError) as caught:
        Lexicon.from_file(tmp_path / "absent.txt")
    assert caught.value.code == "lexicon_missing"
    assert "absent.txt" in str(caught.value)
    assert isinstance(caught.value, ScrabbleError)


def test_directory_is_unreadable(tmp_path: Path) -> None:
    with pytest.raises(LexiconError) as caught:
        Lexicon.from_file(tmp_path)
    assert caught.value.code == "lexicon_unreadable"


def test_file_without_words(write_file: WriteFile) -> None:
    with pytest.raises(LexiconError) as caught:
        Lexicon.from_file(write_file("vide.txt", "# rien\n\n1234\n"))
    assert caught.value.code == "lexicon_empty"


def test_extra_words_on_a_file(write_file: WriteFile) -> None:
    base = write_file("base.txt", "chat\nchien\n")
    extra = write_file("en-plus.txt", "# mes mots\nzorglub\nCHAT\nmauvais-mot\n")
    lexicon = Lexicon.from_file(base, extra=extra)
    assert "ZORGLUB" in lexicon and "CHAT" in lexicon and "CHIEN" in lexicon
    assert len(lexicon) == 3
    assert list(lexicon.words()) == ["CHAT", "CHIEN", "ZORGLUB"]
    assert lexicon.name == "base.txt + en-plus.txt"
    assert lexicon.skipped == 1


def test_extra_words_on_the_builtin_list(french: Lexicon, write_file: WriteFile) -> None:
    extra = write_file("en-plus.txt", "sarrebruckois\nmaison\n")
    assert "SARREBRUCKOIS" not in french
    combined = french.with_extra(extra)
    assert "sarrebruckois" in combined
    assert "SARREBRUCKOIS" not in french  # the shared list is unchanged
    assert len(combined) == len(french) + 1
    assert combined.is_builtin_french
    assert combined.name.endswith(" + en-plus.txt")
    words = list(combined.words())
    assert words == sorted(words) and "SARREBRUCKOIS" in words


def test_extra_file_missing(french: Lexicon, tmp_path: Path) -> None:
    with pytest.raises(LexiconError) as caught:
        french.with_extra(tmp_path / "absent.txt")
    assert caught.value.code == "lexicon_missing"


def test_from_words_skips_non_words() -> None:
    lexicon = Lexicon.from_words(["chat", "l'eau", "x", "CHAT"], "demo", language="fr")
    assert len(lexicon) == 1
    assert lexicon.skipped == 2
    assert lexicon.language == "fr"


def test_contains_rejects_non_words(small: Lexicon) -> None:
    assert "" not in small
    assert "M" not in small
    assert 42 not in small
    assert "MAISON " in small  # surrounding spaces are not part of the word
    assert "mai son" not in small


def test_messages_are_marked_templates() -> None:
    error = LexiconError("lexicon_missing", path="ods.txt")
    assert error.template == LexiconError.MESSAGES["lexicon_missing"]
    assert str(error) == (
        "word list ods.txt not found: give the path of a text file with one word per line"
    )
    for code in ("lexicon_unreadable", "lexicon_empty", "lexicon_builtin_unknown", "draw_empty",
                 "draw_bad_character", "draw_too_long"):
        assert code in LexiconError.MESSAGES
