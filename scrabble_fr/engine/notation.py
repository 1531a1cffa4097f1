"""Notation: coordinates and moves as players write them, in French and English conventions.

French (FFSc): rows A–O, columns 1–15; ``H4`` (row first) is across from row H column 4, ``4H``
is down. English (NASPA, GCG): rows 1–15, columns A–O; ``8D`` (row first) is across, ``D8`` down.
One internal model (0-based row, column, direction) with a parser and a formatter per convention.

    >>> parse_coordinate("H4", "fr"), parse_coordinate("8D", "en"), format_coordinate(7, 3, False, "fr")
    ((7, 3, True), (7, 3, True), '4H')

A written word gives a joker as a lowercase letter (``MAiSON``) or in parentheses (``MA(I)SON``),
and letters already on the board in full or as ``.``. The typed commands ``PASS``,
``EXCHANGE aa?`` and ``PLACE - 5 1 POE?MON`` (1-based row and column, ``-`` across, ``|`` down,
``?M`` a joker played as M, occupied squares skipped) are read too, as are their French words
``passer``, ``changer`` and ``placer``.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from scrabble_fr.engine.errors import InvalidMoveError

if TYPE_CHECKING:
    from scrabble_fr.engine.move import Move

STYLES = ("fr", "en")
_COORD = re.compile(r"^(?:([A-Za-z])(\d{1,2})|(\d{1,2})([A-Za-z]))$")
_LIGATURES = {"Œ": "OE", "œ": "oe", "Æ": "AE", "æ": "ae", "ß": "ss"}


def fold_letters(text: str) -> str:
    """Strip accents and split ligatures, keeping case: ``Éœ`` → ``Eoe``."""
    for ligature, letters in _LIGATURES.items():
        text = text.replace(ligature, letters)
    decomposed = unicodedata.normalize("NFD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def row_label(row: int, style: str) -> str:
    return chr(ord("A") + row) if style == "fr" else str(row + 1)


def col_label(col: int, style: str) -> str:
    return str(col + 1) if style == "fr" else chr(ord("A") + col)


def square_name(row: int, col: int, style: str = "fr") -> str:
    """A square's name: ``H8`` in French (row letter, column number), ``H8`` = column H in English."""
    if style == "fr":
        return f"{chr(ord('A') + row)}{col + 1}"
    return f"{chr(ord('A') + col)}{row + 1}"


def parse_coordinate(text: str, style: str = "fr", size: int = 15) -> tuple[int, int, bool]:
    """``(row, col, across)`` from a coordinate in the given convention."""
    match = _COORD.match(text.strip())
    if not match:
        raise InvalidMoveError("bad_coordinate", text=text)
    if match.group(1):
        letter, number, letter_first = match.group(1), match.group(2), True
    else:
        letter, number, letter_first = match.group(4), match.group(3), False
    letter_index = ord(letter.upper()) - ord("A")
    number_index = int(number) - 1
    if style == "fr":
        row, col, across = letter_index, number_index, letter_first
    else:
        row, col, across = number_index, letter_index, not letter_first
    if not (0 <= row < size and 0 <= col < size):
        raise InvalidMoveError("bad_coordinate", text=text)
    return row, col, across


def format_coordinate(row: int, col: int, across: bool, style: str = "fr") -> str:
    """The coordinate of a word starting at (row, col): the row first when it runs across."""
    r, c = row_label(row, style), col_label(col, style)
    return r + c if across else c + r


@dataclass(frozen=True)
class WrittenTile:
    """One square of a written word: ``letter`` None means "whatever is on the board" (``.``)."""

    letter: str | None
    is_blank: bool


@dataclass(frozen=True)
class ParsedCommand:
    """A move as typed, before the board is consulted."""

    kind: str  # "place", "exchange", "pass"
    row: int = 0
    col: int = 0
    across: bool = True
    tiles: tuple[WrittenTile, ...] = ()
    skip_occupied: bool = False  # PLACE syntax lists only the added tiles
    exchanged: str = ""


def parse_word(text: str, place_syntax: bool = False) -> tuple[WrittenTile, ...]:
    """Read a written word into squares; ``place_syntax`` reads ``?M`` as a joker M."""
    folded = fold_letters(text)
    tiles: list[WrittenTile] = []
    i = 0
    while i < len(folded):
        ch = folded[i]
        if ch == ".":
            tiles.append(WrittenTile(None, False))
        elif ch == "(":
            close = folded.find(")", i)
            inner = folded[i + 1 : close] if close > 0 else ""
            if close < 0 or not inner.isascii() or not inner.isalpha():
                raise InvalidMoveError("bad_word", text=text)
            tiles.extend(WrittenTile(letter.upper(), True) for letter in inner)
            i = close
        elif ch == "?" and place_syntax:
            if i + 1 >= len(folded) or not (folded[i + 1].isascii() and folded[i + 1].isalpha()):
                raise InvalidMoveError("bad_word", text=text)
            tiles.append(WrittenTile(folded[i + 1].upper(), True))
            i += 1
        elif ch.isascii() and ch.isalpha():
            if place_syntax:
                tiles.append(WrittenTile(ch.upper(), False))
            else:
                tiles.append(WrittenTile(ch.upper(), ch.islower()))
        else:
            raise InvalidMoveError("bad_word", text=text)
        i += 1
    if not tiles:
        raise InvalidMoveError("bad_word", text=text)
    return tuple(tiles)


class CommandWord(StrEnum):
    """The commands a player types besides a placement."""

    PASS = "pass"
    EXCHANGE = "exchange"
    PLACE = "place"
    CHALLENGE = "challenge"
    ACCEPT = "accept"


# Every word of each command, in both languages (read whatever the language: a French player
# typing "pass" is understood), accents folded; the first of each language is the one shown.
COMMAND_WORDS: dict[CommandWord, dict[str, tuple[str, ...]]] = {
    CommandWord.PASS: {"fr": ("passer", "passe", "-"), "en": ("pass",)},
    CommandWord.EXCHANGE: {"fr": ("changer", "change", "echanger", "echange"), "en": ("exchange", "exch")},
    CommandWord.PLACE: {"fr": ("placer", "pose", "poser"), "en": ("place",)},
    CommandWord.CHALLENGE: {"fr": ("contester", "conteste"), "en": ("challenge", "contest")},
    CommandWord.ACCEPT: {"fr": ("accepter", "accepte", "ok"), "en": ("accept",)},
}
_WORD_TO_COMMAND = {word: command for command, words in COMMAND_WORDS.items()
                    for language in words.values() for word in language}


def command_word(word: str) -> CommandWord | None:
    """The command a typed word names, in either language (None: not a command word).

        >>> command_word("Contester"), command_word("pass"), command_word("H8")
        (<CommandWord.CHALLENGE: 'challenge'>, <CommandWord.PASS: 'pass'>, None)
    """
    return _WORD_TO_COMMAND.get(fold_letters(word).lower())


def command_name(command: CommandWord, language: str) -> str:
    """The word shown for a command in a language: ``passer``, ``challenge``…"""
    words = COMMAND_WORDS[command]
    return words.get(language, words["fr"])[0]


def parse_command(text: str, style: str = "fr", size: int = 15) -> ParsedCommand:
    """Parse any typed move: notation (``H8 MOT``), ``PASS``, ``EXCHANGE ABC``, ``PLACE - 8 8 MOT``."""
    stripped = text.strip()
    if not stripped:
        raise InvalidMoveError("empty_input")
    parts = stripped.split()
    head = fold_letters(parts[0]).lower()
    command = command_word(head)
    if command is CommandWord.PASS and len(parts) == 1:
        return ParsedCommand("pass")
    if command is CommandWord.EXCHANGE or (head.startswith("-") and len(parts) == 1 and len(head) > 1):
        letters = "".join(parts[1:]) if command is CommandWord.EXCHANGE else parts[0][1:]
        letters = fold_letters(letters).upper()
        if not letters:
            raise InvalidMoveError("bad_command", text=text)
        if any(not (ch == "?" or "A" <= ch <= "Z") for ch in letters):
            raise InvalidMoveError("bad_word", text=letters)
        return ParsedCommand("exchange", exchanged=letters)
    if command is CommandWord.PLACE:
        if len(parts) != 5 or parts[1] not in ("-", "|", "h", "v", "H", "V"):
            raise InvalidMoveError("bad_command", text=text)
        try:
            row, col = int(parts[2]) - 1, int(parts[3]) - 1
        except ValueError:
            raise InvalidMoveError("bad_command", text=text) from None
        if not (0 <= row < size and 0 <= col < size):
            raise InvalidMoveError("bad_command", text=text)
        across = parts[1] in ("-", "h", "H")
        return ParsedCommand("place", row, col, across, parse_word(parts[4], place_syntax=True), skip_occupied=True)
    if len(parts) != 2:
        # Allow "WORD H8" as well as "H8 WORD".
        raise InvalidMoveError("bad_command", text=text)
    coordinate, word = parts
    if not _COORD.match(coordinate) and _COORD.match(word):
        coordinate, word = word, coordinate
    if not _COORD.match(coordinate):
        raise InvalidMoveError("bad_command", text=text)
    row, col, across = parse_coordinate(coordinate, style, size)
    return ParsedCommand("place", row, col, across, parse_word(word))


def format_move(move: Move, style: str = "fr", through: str = "full") -> str:
    """The written form of a move. ``through="dot"`` writes letters already on the board as ``.``."""
    from scrabble_fr.engine.move import MoveKind

    if move.kind is MoveKind.PASS:
        return "-"
    if move.kind is MoveKind.EXCHANGE:
        return "-" + move.exchanged
    if not move.word or move.row < 0:
        return " ".join(f"{square_name(t.row, t.col, style)}={t.board_letter}" for t in move.tiles)
    new = {(t.row, t.col) for t in move.tiles}
    dr, dc = (0, 1) if move.across else (1, 0)
    letters = []
    for i, ch in enumerate(move.word):
        square = (move.row + dr * i, move.col + dc * i)
        if square not in new and through == "dot":
            letters.append(".")
        elif ch.islower() and style == "fr" and through == "paren":
            letters.append(f"({ch.upper()})")
        else:
            letters.append(ch)
    return f"{format_coordinate(move.row, move.col, move.across, style)} {''.join(letters)}"
