"""Quackle's word graphs (.dawg) and lists with definitions, read by ``lexiques ajouter``.

The graphs are made here by a small writer that follows Quackle's documented layout (version 1:
version byte, 16-byte checksum, 3-byte word count, alphabet; version 0: the nodes alone; nodes
of 7 bytes, children consecutive, equal subtrees shared), so the reader is checked against files
laid out as Quackle lays them, not against itself.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import os
from pathlib import Path

import pytest

from scrabble_fr.cli import main
from scrabble_fr.lexicon import Lexicon, LexiconError
from scrabble_fr.lexicon.catalogue import Catalogue
from scrabble_fr.lexicon.quackle import (
    BAD_HEADER,
    BAD_LETTER,
    BAD_POINTER,
    CUT_SHORT,
    LOOP,
    WRONG_COUNT,
    QuackleGraphError,
    read_quackle_dawg,
)
from scrabble_fr.lexicon.wordfile import ListFormat, read_word_file

PLAIN = tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
# Quackle numbers the letters from 5 in memory (0-4 are marks: blank, played-through…).
FIRST_LETTER = 5

# -- the writer ----------------------------------------------------------------------------------


def _encode(word: str, alphabet: tuple[str, ...]) -> list[int]:
    """A word as letter numbers, longest letter text first (an alphabet may have "CH")."""
    codes, rest = [], word
    by_length = sorted(range(len(alphabet)), key=lambda i: -len(alphabet[i]))
    while rest:
        code = next(i for i in by_length if rest.startswith(alphabet[i]))
        codes.append(code)
        rest = rest[len(alphabet[code]):]
    return codes


def quackle_dawg(words: list[str], alphabet: tuple[str, ...] = PLAIN, version: int = 1) -> bytes:
    """The bytes of a Quackle .dawg holding ``words`` (each spelt with ``alphabet``'s letters)."""
    trie: dict = {}
    for word in words:
        node = trie
        for code in _encode(word, alphabet):
            node = node.setdefault(code, {})
        node[None] = True

    # A group of siblings as a hashable value: equal groups (the same suffixes) are written once.
    def group(node: dict) -> tuple:
        return tuple(
            (code, None in child, group(child) if any(k is not None for k in child) else None)
            for code, child in sorted((k, v) for k, v in node.items() if k is not None)
        )

    root = group(trie)
    nodes: list[list[int]] = [[1 if root else 0, (1 - FIRST_LETTER) & 0xFF | 64, 0]]  # the root
    where: dict[tuple, int] = {}
    pending: list[tuple[int, tuple]] = []  # (node to point, group it points to)

    def place(members: tuple) -> int:
        if members in where:
            return where[members]
        start = where[members] = len(nodes)
        for index, (code, terminal, _child) in enumerate(members):
            flags = code | (64 if index == len(members) - 1 else 0)
            if version == 0 and terminal:
                flags |= 32
            nodes.append([0, flags, (index + 1) if terminal and version == 1 else 0])
        for index, (_code, _terminal, child) in enumerate(members):
            if child is not None:
                pending.append((start + index, child))
        return start

    if root:
        place(root)
        while pending:
            node, child = pending.pop(0)
            nodes[node][0] = place(child)
    body = b"".join(p.to_bytes(3, "big") + bytes([flags]) + play.to_bytes(3, "big") for p, flags, play in nodes)
    if version == 0:
        return body
    checksum = bytearray(16)
    for word in words:
        digest = hashlib.md5(bytes(c + FIRST_LETTER for c in _encode(word, alphabet))).digest()
        checksum = bytearray(a ^ b for a, b in zip(checksum, digest, strict=True))
    letters = b"".join(letter.encode("utf-8") + b" " for letter in alphabet)
    return b"\x01" + bytes(checksum) + len(words).to_bytes(3, "big") + bytes([len(alphabet)]) + letters + body


WORDS = ["AA", "AAS", "BA", "BAS", "CAS", "ZYTHUM", "ZYTHUMS", "MAISON", "MAISONS", "RAISON", "RAISONS"]
# An alphabet of accented letters, as a Quackle French or Catalan alphabet may have, with a
# letter of two characters; the words normalise to plain capitals (and ÉTÉ meets ETE).
ACCENTED = ("A", "C", "Ç", "E", "É", "È", "Ê", "L", "O", "Œ", "R", "S", "T", "U", "QU")
ACCENTED_WORDS = ["ÇA", "CŒUR", "ÉTÉ", "ETE", "ÊTRE", "ÈRE", "QUÊTE", "LOQUACE", "A"]


def _write(tmp_path: Path, data: bytes, name: str = "liste.dawg") -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


# -- reading -------------------------------------------------------------------------------------


def test_a_plain_version_1_graph_gives_every_word(tmp_path: Path) -> None:
    data = quackle_dawg(WORDS)
    graph = read_quackle_dawg(data)
    assert graph.version == 1 and graph.declared_count == len(WORDS) == len(graph.words)
    assert sorted(graph.words) == sorted(WORDS)
    # Equal suffixes are shared, as in Quackle's files: fewer nodes than letters.
    assert (len(data) - 21 - 2 * 26) // 7 < sum(map(len, WORDS))
    loaded = read_word_file(_write(tmp_path, data))
    assert loaded.format is ListFormat.QUACKLE
    assert sorted(loaded.words) == sorted(WORDS) and loaded.skipped == 0


def test_an_accented_alphabet_is_normalised(tmp_path: Path) -> None:
    graph = read_quackle_dawg(quackle_dawg(ACCENTED_WORDS, ACCENTED))
    assert graph.alphabet == ACCENTED
    assert sorted(graph.words) == sorted(ACCENTED_WORDS)
    loaded = read_word_file(_write(tmp_path, quackle_dawg(ACCENTED_WORDS, ACCENTED)))
    # "A" is one letter: not a word of the game, counted as skipped.
    assert sorted(loaded.words) == ["CA", "COEUR", "ERE", "ETE", "ETE", "ETRE", "LOQUACE", "QUETE"]
    assert loaded.skipped == 1 and loaded.skipped_examples == ["A"]


def test_a_separator_after_the_alphabet_is_tolerated() -> None:
    # Quackle's readers of some years skipped one more byte after the letters: such a file reads.
    data = quackle_dawg(WORDS)
    nodes = 21 + 2 * 26
    assert sorted(read_quackle_dawg(data[:nodes] + b" " + data[nodes:]).words) == sorted(WORDS)


def test_a_version_0_graph_is_read(tmp_path: Path) -> None:
    data = quackle_dawg(WORDS, version=0)
    assert data[:3] == b"\x00\x00\x01"
    graph = read_quackle_dawg(data)
    assert graph.version == 0 and graph.declared_count is None
    assert sorted(graph.words) == sorted(WORDS)


def test_the_format_comes_from_the_content_not_the_name(tmp_path: Path) -> None:
    graph_named_txt = _write(tmp_path, quackle_dawg(WORDS), "mots.txt")
    assert read_word_file(graph_named_txt).format is ListFormat.QUACKLE
    text_named_dawg = _write(tmp_path, b"maison\nraison\n", "ods5.dawg")
    loaded = read_word_file(text_named_dawg)
    assert loaded.format is ListFormat.TEXT and loaded.words == ["MAISON", "RAISON"]
    compressed = _write(tmp_path, gzip.compress(quackle_dawg(WORDS)), "ods5.bin")
    assert sorted(read_word_file(compressed).words) == sorted(WORDS)


def test_an_empty_graph_holds_no_word(tmp_path: Path) -> None:
    assert read_quackle_dawg(quackle_dawg([])).words == []
    with pytest.raises(LexiconError) as caught:
        Catalogue(tmp_path / "lists").add(_write(tmp_path, quackle_dawg([])), "vide", "fr")
    assert caught.value.code == "lexicon_empty"


def _damaged() -> dict[str, tuple[bytes, str]]:
    good = quackle_dawg(WORDS)
    start = 21 + 2 * 26  # the nodes, after the header and the 26 letters "A " … "Z "
    node = lambda i: start + 7 * i  # noqa: E731
    looped = bytearray(good)
    # A node of the last group points back at the first group: AA…A without end.
    last_with_children = max(i for i in range(1, (len(good) - start) // 7) if good[node(i) : node(i) + 3] != b"\0\0\0")
    looped[node(last_with_children) : node(last_with_children) + 3] = (1).to_bytes(3, "big")
    far = bytearray(good)
    far[node(1) : node(1) + 3] = (9999).to_bytes(3, "big")
    bad_letter = bytearray(good)
    bad_letter[node(1) + 3] = (bad_letter[node(1) + 3] & 0xC0) | 40  # letter 40 of a 26-letter alphabet
    lost_end = bytearray(good)
    ending = next(i for i in range(1, (len(good) - start) // 7) if good[node(i) + 4 : node(i) + 7] != b"\0\0\0")
    lost_end[node(ending) + 4 : node(ending) + 7] = b"\0\0\0"  # a word's end mark wiped: one word fewer
    no_last = bytearray(good)
    for i in range(1, (len(good) - start) // 7):
        no_last[node(i) + 3] &= ~64  # no group ever ends
    return {
        "cut in a node": (good[:-3], CUT_SHORT),
        "cut on a node boundary": (good[:-14], BAD_POINTER),
        "cut in the header": (good[:15], CUT_SHORT),
        "cut in the alphabet": (good[:30], CUT_SHORT),
        "empty alphabet": (good[:20] + b"\x00" + good[21:], BAD_HEADER),
        "alphabet one letter short": (good[:20] + b"\x19" + good[21:], BAD_HEADER),
        "pointer outside": (bytes(far), BAD_POINTER),
        "letter outside": (bytes(bad_letter), BAD_LETTER),
        "loop": (bytes(looped), LOOP),
        "word count": (bytes(lost_end), WRONG_COUNT),
        "group without end": (bytes(no_last), CUT_SHORT),
        "version 0 cut": (quackle_dawg(WORDS, version=0)[:-7], BAD_POINTER),
    }


@pytest.mark.parametrize("case", sorted(_damaged()))
def test_a_damaged_graph_is_one_clear_error(case: str) -> None:
    data, reason = _damaged()[case]
    with pytest.raises(QuackleGraphError) as caught:
        read_quackle_dawg(data)
    assert caught.value.reason == reason


@pytest.mark.parametrize("case", ["cut in a node", "loop", "word count"])
def test_a_damaged_graph_stores_nothing(tmp_path: Path, case: str) -> None:
    folder = Path(os.environ["SCRABBLE_FR_LEXIQUES"])
    path = _write(tmp_path, _damaged()[case][0])
    out, err = io.StringIO(), io.StringIO()
    status = main(["lexiques", "ajouter", str(path), "--nom", "ODS5", "--langue", "en"], out=out, err=err)
    assert status == 2
    lines = err.getvalue().splitlines()
    assert len(lines) == 1 and "is a damaged Quackle word graph (.dawg): " in lines[0]
    assert "Traceback" not in err.getvalue() + out.getvalue()
    assert not folder.exists() or not any(folder.iterdir())


def test_a_binary_file_of_another_kind_is_refused(tmp_path: Path) -> None:
    path = _write(tmp_path, b"PK\x03\x04\x00\x00 not a list", "ods.zip")
    with pytest.raises(LexiconError) as caught:
        read_word_file(path)
    assert caught.value.code == "lexicon_not_text"


# -- lists with definitions ----------------------------------------------------------------------

COLLINS = """Collins Scrabble Words 2019 with definitions
AA\ta volcanic rock consisting of angular blocks of lava with a very rough surface [n -S]
AAH\tan interjection expressing surprise [interj] / to exclaim in surprise [v -ED, -ING, -S]
AALII#\ta bushy shrub [n -S]
QI+ the vital force that in Chinese thought is inherent in all things [n -S]
ZZZ\t(interj) used to represent the sound of snoring

"""


def test_a_list_with_definitions_gives_its_first_fields(tmp_path: Path) -> None:
    loaded = read_word_file(_write(tmp_path, COLLINS.encode("utf-8"), "csw19.txt"))
    assert loaded.format is ListFormat.GLOSSED
    assert loaded.words == ["AA", "AAH", "AALII", "QI", "ZZZ"]
    # The title line is not a word (its first field is not in capitals, unlike the list's).
    assert loaded.skipped == 1 and loaded.skipped_examples == ["Collins Scrabble Words 2019 with definit"]


def test_a_french_list_with_glosses_in_lower_case(tmp_path: Path) -> None:
    text = "abaca\tbananier des Philippines\nété\tsaison chaude\nzythum\tbière d'orge germée\n"
    loaded = read_word_file(_write(tmp_path, text.encode("utf-8"), "gloses.txt"))
    assert loaded.format is ListFormat.GLOSSED and loaded.words == ["ABACA", "ETE", "ZYTHUM"]


def test_a_plain_list_with_a_few_compound_lines_stays_a_plain_list(tmp_path: Path) -> None:
    loaded = read_word_file(_write(tmp_path, "maison\nraison\nmot composé\n".encode(), "mots.txt"))
    assert loaded.format is ListFormat.TEXT
    assert loaded.words == ["MAISON", "RAISON"] and loaded.skipped == 1


def test_a_utf16_list_is_read(tmp_path: Path) -> None:
    loaded = read_word_file(_write(tmp_path, "été\nmaison\n".encode("utf-16"), "mots.txt"))
    assert loaded.words == ["ETE", "MAISON"]


# -- the command ---------------------------------------------------------------------------------


def test_lexiques_ajouter_stores_a_graph_like_a_text_list(tmp_path: Path) -> None:
    path = _write(tmp_path, quackle_dawg(ACCENTED_WORDS, ACCENTED), "ods5.dawg")
    out, err = io.StringIO(), io.StringIO()
    status = main(["lexiques", "ajouter", str(path), "--nom", "ODS5", "--langue", "fr", "--defaut"], out=out, err=err)
    assert status == 0, err.getvalue()
    assert "Liste de mots «\u00a0ODS5\u00a0» ajoutée (français)\u00a0: 7 mots." in out.getvalue()
    assert "graphe de mots de Quackle" in out.getvalue()
    catalogue = Catalogue()
    info = catalogue.find("ods5")
    assert info is not None and info.words == 7 and info.language == "fr"
    stored = gzip.decompress((catalogue.directory / info.file).read_bytes()).decode("ascii")
    assert stored == "CA\nCOEUR\nERE\nETE\nETRE\nLOQUACE\nQUETE\n"
    assert catalogue.default_name("fr") == "ODS5"
    lexicon = catalogue.load(info)
    assert isinstance(lexicon, Lexicon) and "COEUR" in lexicon and "cœur" in lexicon
