"""Reading a player's word-list file, whatever shape it comes in: recognised from its content.

    >>> read_word_file(Path("ods8.txt")).words[:2]  # doctest: +SKIP
    ['AA', 'AALENIEN']

Three shapes are read, told apart by what the file holds, never by its name:

* a **text list**, one word a line, any case, accents allowed (UTF-8, UTF-16 with its mark,
  Windows or Latin-1 encodings);
* a **list with definitions**, as Zyzzyva exports and Collins publishes them: a word and its gloss
  on each line (``AA  a volcanic rock``); the first field is the word, and a sign Zyzzyva puts
  after it (``#``, ``+``…) is dropped. A file is read so when most of its lines have a second
  field; when most first fields are in capitals, a line whose first field is not (a title) is
  skipped;
* a **Quackle word graph** (``.dawg``, :mod:`.quackle`), the form in which Quackle users hold the
  ODS and the English lists.

Any of them may be gzip-compressed. Every word then goes through :func:`normalize_word`.
"""

from __future__ import annotations

import gzip
import zlib
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path

from scrabble_fr.lexicon.errors import LexiconError
from scrabble_fr.lexicon.normalize import normalize_word
from scrabble_fr.lexicon.quackle import QuackleGraphError, looks_like_quackle_dawg, read_quackle_dawg
from scrabble_fr.messages import system_error_detail

# How many rejected lines a loaded file keeps to show the player.
SKIPPED_EXAMPLES = 5
# Encodings tried in turn: UTF-8 (a BOM is skipped), then Windows' Western encoding (which has
# Œ and œ, unlike Latin-1), then Latin-1, which decodes any byte.
ENCODINGS = ("utf-8-sig", "cp1252", "latin-1")
GZIP_MAGIC = b"\x1f\x8b"
UTF16_MARKS = (b"\xff\xfe", b"\xfe\xff")
# Signs Zyzzyva may write after a word (lexicon symbols: only in one list, new in this edition…).
WORD_MARKS = "#+*$^@!"
# How much of a file is looked at to tell text from a binary file of another kind.
SNIFF = 4096


class ListFormat(Enum):
    """The shape a word-list file was recognised as."""

    TEXT = "text"
    GLOSSED = "glossed"  # a word and its definition on each line
    QUACKLE = "quackle"  # a Quackle word graph (.dawg)


@dataclass
class LoadedWords:
    """The words read from one file, and the lines that were not words."""

    words: list[str]
    skipped: int = 0
    skipped_examples: list[str] = field(default_factory=list)
    format: ListFormat = ListFormat.TEXT

    def skip(self, line: str) -> None:
        self.skipped += 1
        if len(self.skipped_examples) < SKIPPED_EXAMPLES:
            self.skipped_examples.append(line[:40])


def _decode(data: bytes) -> str:
    if data[:2] in UTF16_MARKS:
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            pass
    for encoding in ENCODINGS:
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise AssertionError("latin-1 decodes every byte")


def read_word_file(path: Path) -> LoadedWords:
    """Read a player's file: a text list, a list with definitions, or a Quackle word graph.

    A gzip-compressed file is decompressed. In a text list, blank lines and lines starting with
    ``#`` are ignored; any other line that is not a word of 2 to 15 letters is counted in
    ``skipped``. Raises :class:`LexiconError` (``lexicon_missing``, ``lexicon_unreadable``,
    ``lexicon_damaged_graph``, ``lexicon_not_text``); nothing is returned half read.
    """
    try:
        data = path.read_bytes()
        if data[:2] == GZIP_MAGIC or path.suffix == ".gz":
            data = gzip.decompress(data)
    except FileNotFoundError:
        raise LexiconError("lexicon_missing", path=str(path)) from None
    except (OSError, EOFError, zlib.error, ValueError) as error:  # ValueError: a NUL in the path
        detail = system_error_detail(error) if isinstance(error, OSError) else str(error)
        raise LexiconError("lexicon_unreadable", path=str(path), detail=detail) from None
    if looks_like_quackle_dawg(data):
        return _read_quackle(data, path)
    if b"\x00" in data[:SNIFF] and data[:2] not in UTF16_MARKS:
        raise LexiconError("lexicon_not_text", path=str(path))
    return _read_text(_decode(data))


def _read_quackle(data: bytes, path: Path) -> LoadedWords:
    try:
        graph = read_quackle_dawg(data)
    except QuackleGraphError as error:
        raise LexiconError("lexicon_damaged_graph", path=str(path), detail=error.reason) from None
    loaded = LoadedWords([], format=ListFormat.QUACKLE)
    for spelled in graph.words:
        word = normalize_word(spelled)
        if word is None:
            loaded.skip(spelled)
        else:
            loaded.words.append(word)
    return loaded


def _read_text(text: str) -> LoadedWords:
    lines = [stripped for raw in text.splitlines() if (stripped := raw.strip()) and not stripped.startswith("#")]
    glossed = sum(len(line.split(None, 1)) > 1 for line in lines) * 2 > len(lines)
    if not glossed:
        loaded = LoadedWords([])
        for line in lines:
            word = normalize_word(line)
            if word is None:
                loaded.skip(line)
            else:
                loaded.words.append(word)
        return loaded
    loaded = LoadedWords([], format=ListFormat.GLOSSED)
    heads = [line.split(None, 1)[0].rstrip(WORD_MARKS) for line in lines]
    # A list whose words are in capitals (Collins, Zyzzyva) says so: a first field in lower case
    # there is a title or a note, not a word.
    capitals = sum(head.isupper() for head in heads) * 2 > len(heads)
    for line, head in zip(lines, heads, strict=True):
        word = normalize_word(head) if head.isupper() or not capitals else None
        if word is None:
            loaded.skip(line)
        else:
            loaded.words.append(word)
    return loaded
