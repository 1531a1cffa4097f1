"""CGP, the one-line position format (like chess's FEN), read and written.

``board racks scores scoreless-turns [opcode operands; …]``: board rows joined by ``/`` with digits
for runs of empty squares (lowercase = joker), racks ``NEXT/OTHER`` (``?`` = joker), scores
``357/289``. Kept beside the position, as python-chess keeps FEN on its board; game records (GCG,
saved games) live in :mod:`scrabble_fr.records`.

    >>> d = parse("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AELNOQT/ 0/0 0 lex NWL18;", _r())
    >>> d.racks, d.scores, d.options
    (['AELNOQT', ''], [0, 0], {'lex': 'NWL18'})
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from scrabble_fr.engine.board import Board
from scrabble_fr.engine.errors import CgpError
from scrabble_fr.engine.rules import Rules
from scrabble_fr.engine.tiles import JOKER

_ROW_ITEM = re.compile(r"\d+|[A-Za-z]")


@dataclass
class CgpData:
    squares: list[str | None]
    racks: list[str]
    scores: list[int]
    scoreless_turns: int
    options: dict[str, str] = field(default_factory=dict)


def _r() -> Rules:
    return Rules.preset("hasbro")


def parse(text: str, rules: Rules) -> CgpData:
    fields = text.strip().split()
    if len(fields) < 4 or len(text) > 10_000:
        raise CgpError("cgp_fields", text=text[:80])
    board_text, racks_text, scores_text, turns_text = fields[:4]
    size = rules.size
    rows = board_text.split("/")
    if len(rows) != size:
        raise CgpError("cgp_rows", rows=len(rows), size=size)
    squares: list[str | None] = []
    for number, row in enumerate(rows, 1):
        items = _ROW_ITEM.findall(row)
        if "".join(items) != row:
            raise CgpError("cgp_row", row=number, text=row)
        line: list[str | None] = []
        for item in items:
            if item.isdigit():
                line.extend([None] * int(item))
            elif item.isascii():
                line.append(item)
            else:
                raise CgpError("cgp_row", row=number, text=row)
        if len(line) != size:
            raise CgpError("cgp_row", row=number, text=row)
        squares.extend(line)

    racks = racks_text.split("/")
    if len(racks) < 2 or len(racks) > 8 or any(
        len(rack) > rules.rack_size or any(not (ch == JOKER or "A" <= ch <= "Z") for ch in rack.upper())
        for rack in racks
    ):
        raise CgpError("cgp_racks", text=racks_text)
    racks = [rack.upper() for rack in racks]

    score_parts = scores_text.split("/")
    if len(score_parts) != len(racks) or not all(re.fullmatch(r"-?\d{1,6}", s) for s in score_parts):
        raise CgpError("cgp_scores", text=scores_text)
    if not turns_text.isdigit() or len(turns_text) > 4:
        raise CgpError("cgp_turns", text=turns_text)

    used: Counter[str] = Counter()
    for square in squares:
        if square is not None:
            used[JOKER if square.islower() else square] += 1
    for rack in racks:
        used.update(rack)
    available = rules.tile_set.counts
    for letter, count in used.items():
        if count > available.get(letter, 0):
            raise CgpError("cgp_tiles", letter=letter)

    options: dict[str, str] = {}
    rest = " ".join(fields[4:])
    for chunk in rest.split(";"):
        chunk = chunk.strip()
        if chunk:
            opcode, _, operands = chunk.partition(" ")
            options[opcode] = operands.strip()
    return CgpData(squares, racks, [int(s) for s in score_parts], int(turns_text), options)


def format(
    board: Board, racks: Sequence[str], scores: Sequence[int], scoreless_turns: int, options: dict[str, str]
) -> str:
    rows = []
    for row in range(board.size):
        parts: list[str] = []
        empty = 0
        for col in range(board.size):
            tile = board[row, col]
            if tile is None:
                empty += 1
                continue
            if empty:
                parts.append(str(empty))
                empty = 0
            parts.append(tile)
        if empty:
            parts.append(str(empty))
        rows.append("".join(parts))
    text = f"{'/'.join(rows)} {'/'.join(racks)} {'/'.join(map(str, scores))} {scoreless_turns}"
    for opcode, operands in options.items():
        text += f" {opcode} {operands};" if operands else f" {opcode};"
    return text
