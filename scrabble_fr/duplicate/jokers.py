"""The joker game's exchange, between two coups: each joker on the board becomes the letter it
stands for, taken out of the bag, and goes back into the bag for the next draw; a letter the bag
no longer holds leaves its joker where it is. The scores already made do not change: a letter
counts its points only in later words.

    >>> from scrabble_fr.engine.board import Board
    >>> board = Board(); board[7, 7] = "e"; board[7, 8] = "s"; bag = ["E", "A"]
    >>> swaps = swap_jokers(board, bag); swaps, board[7, 7], board[7, 8], sorted(bag)
    ([(7, 7, 'E')], 'E', 's', ['?', 'A'])
    >>> swapped_letters(swaps)
    'E'

The local game decides the exchange (:func:`swap_jokers`); a shared table's results row carries
its squares, and every process following the table lays them (:func:`lay_swaps`) by the same rule.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from scrabble_fr.engine.board import Board
from scrabble_fr.engine.tiles import JOKER

Swap = tuple[int, int, str]  # (row, column, the letter that replaced the joker there)


def swap_jokers(board: Board, bag: list[str]) -> list[Swap]:
    """Exchange the board's jokers whose letters ``bag`` holds (both changed); the swaps made."""
    swaps: list[Swap] = []
    for row, col, letter in list(board.tiles()):
        if letter.islower() and letter.upper() in bag:
            bag.remove(letter.upper())
            bag.append(JOKER)
            swaps.append((row, col, letter.upper()))
    lay_swaps(board, swaps)
    return swaps


def lay_swaps(board: Board, swaps: Iterable[Swap]) -> None:
    """Replace the jokers ``swaps`` names by their letters; ``ValueError`` if a square holds no
    such joker (a results row that does not match the board: a damaged table)."""
    for row, col, letter in swaps:
        square = board[row, col]
        if square is None or not square.islower() or square.upper() != letter:
            raise ValueError("no such joker on the board")
        board[row, col] = letter


def swapped_letters(swaps: Sequence[Swap]) -> str:
    """The letters that replaced jokers, as the sheet and the exports write them (``"BS"``)."""
    return "".join(letter for _row, _col, letter in swaps)


__all__ = ["Swap", "lay_swaps", "swap_jokers", "swapped_letters"]
