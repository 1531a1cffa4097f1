"""Scoring a placement: the words it forms and what each is worth.

Every maximal run of two or more letters that the move creates or extends is a word. A word's
score is the sum of its letters (a joker is 0), with letter premiums counted only under the tiles
the move lays, then multiplied by every word premium under those tiles (two double words make
×4, two triple words ×9). Laying all the rack's tiles (7) adds the bonus: the *scrabble* (English
*bingo*), 50 points.

    >>> from scrabble_fr.engine.board import Board
    >>> from scrabble_fr.engine.rules import Rules
    >>> p = score_placement(Board(), Rules.preset("hasbro"), [(7, 7, "O", False), (7, 8, "X", False)])
    >>> p.score, p.main.text
    (18, 'OX')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scrabble_fr.engine.board import Board, TileTuple
from scrabble_fr.engine.errors import IllegalMoveError, InvalidMoveError
from scrabble_fr.engine.move import Word
from scrabble_fr.engine.notation import square_name
from scrabble_fr.engine.rules import CENTRE, DOUBLE_LETTER, DOUBLE_WORD, TRIPLE_LETTER, TRIPLE_WORD, Rules

LETTER_FACTOR = {DOUBLE_LETTER: 2, TRIPLE_LETTER: 3}
WORD_FACTOR = {DOUBLE_WORD: 2, CENTRE: 2, TRIPLE_WORD: 3}


@dataclass(frozen=True)
class Placement:
    """The outcome of laying tiles: direction, main word, every word formed, total score."""

    across: bool
    main: Word
    words: tuple[Word, ...]
    score: int
    bingo: bool


def _run(board: Board, new: dict[tuple[int, int], str], row: int, col: int, dr: int, dc: int) -> tuple[int, int, int]:
    """Start square and length of the run of letters through (row, col) along (dr, dc)."""

    def filled(r: int, c: int) -> bool:
        return board.inside(r, c) and ((r, c) in new or board[r, c] is not None)

    r, c = row, col
    while filled(r - dr, c - dc):
        r, c = r - dr, c - dc
    start_r, start_c = r, c
    length = 0
    while filled(r, c):
        length += 1
        r, c = r + dr, c + dc
    return start_r, start_c, length


def _word(
    board: Board, rules: Rules, new: dict[tuple[int, int], str], r: int, c: int, length: int, across: bool
) -> Word:
    dr, dc = (0, 1) if across else (1, 0)
    total, factor, text = 0, 1, []
    values = rules.tile_set
    for i in range(length):
        rr, cc = r + dr * i, c + dc * i
        if (rr, cc) in new:
            tile = new[rr, cc]
            marker = board.layout[rr][cc]
            total += values.value(tile) * LETTER_FACTOR.get(marker, 1)
            factor *= WORD_FACTOR.get(marker, 1)
        else:
            tile = board[rr, cc]  # type: ignore[assignment]
            total += values.value(tile)
        text.append(tile)
    return Word("".join(text), r, c, across, total * factor)


def score_placement(
    board: Board, rules: Rules, tiles: Sequence[TileTuple], style: str = "fr", *, count_bonus: bool = True
) -> Placement:
    """Score tiles laid on ``board`` (which is not changed).

    ``count_bonus=False`` leaves out the scrabble bonus, for a placement whose rack is unknown.
    Checks the geometry only: squares on the board and free, one line, no gap. Connection to the
    board, the opening on the centre and the rack are checked by :func:`check_placement`.
    """
    if not tiles:
        raise InvalidMoveError("nothing_placed")
    new: dict[tuple[int, int], str] = {}
    for row, col, letter, is_blank in tiles:
        if not board.inside(row, col):
            raise InvalidMoveError("off_board", square=f"{row + 1},{col + 1}")
        if (row, col) in new:
            raise IllegalMoveError("duplicate_square", square=square_name(row, col, style))
        if board[row, col] is not None:
            raise IllegalMoveError("occupied", square=square_name(row, col, style))
        new[row, col] = letter.lower() if is_blank else letter.upper()

    rows = {r for r, _c in new}
    cols = {c for _r, c in new}
    if len(rows) > 1 and len(cols) > 1:
        raise IllegalMoveError("not_in_line")
    first_r, first_c = min(new)
    if len(new) > 1:
        across = len(rows) == 1
    else:
        # One tile: the main word runs the way it forms a word, across first.
        _sr, _sc, length_across = _run(board, new, first_r, first_c, 0, 1)
        across = length_across > 1 or _run(board, new, first_r, first_c, 1, 0)[2] < 2
    dr, dc = (0, 1) if across else (1, 0)
    start_r, start_c, length = _run(board, new, first_r, first_c, dr, dc)
    last_r, last_c = max(new)
    if (last_r - start_r) * dr + (last_c - start_c) * dc >= length:
        # The run from the first tile stops before the last one: find the hole.
        gap_r, gap_c = start_r + dr * length, start_c + dc * length
        raise IllegalMoveError("gap", square=square_name(gap_r, gap_c, style))

    main = _word(board, rules, new, start_r, start_c, length, across)
    words: list[Word] = [main] if length > 1 else []
    for row, col in sorted(new):
        cr, cc, cross_length = _run(board, new, row, col, dc, dr)
        if cross_length > 1:
            words.append(_word(board, rules, new, cr, cc, cross_length, not across))
    bingo = count_bonus and len(new) >= rules.rack_size
    score = sum(word.score for word in words) + (rules.bingo_bonus if bingo else 0)
    return Placement(across, main, tuple(words), score, bingo)


def check_placement(
    board: Board, rules: Rules, tiles: Sequence[TileTuple], placement: Placement, style: str = "fr"
) -> None:
    """Raise :class:`IllegalMoveError` unless the placement connects (or opens on the centre)."""
    if board.is_empty():
        centre = rules.centre
        if not any((r, c) == centre for r, c, _l, _b in tiles):
            raise IllegalMoveError("first_move_centre", square=square_name(*centre, style))
        if len(tiles) < 2:
            raise IllegalMoveError("first_move_one_letter")
        return
    if not placement.words or all(
        len(word.text) == sum(1 for r, c, _l, _b in tiles if _on_word(word, r, c)) for word in placement.words
    ):
        raise IllegalMoveError("not_connected")


def _on_word(word: Word, row: int, col: int) -> bool:
    if word.across:
        return row == word.row and word.col <= col < word.col + len(word.text)
    return col == word.col and word.row <= row < word.row + len(word.text)
