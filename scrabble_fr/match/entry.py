"""A move entered tile by tile (on the board, or with the mouse), checked before it is announced.

    >>> from scrabble_fr.engine.move import PlacedTile
    >>> used_tiles("ABC?", [PlacedTile(7, 7, "C", False), PlacedTile(7, 8, "E", True)])
    [2, 3]

The classic game and the duplicate screen both lay tiles this way: the rack (or the draw) says
which tiles are left, the board which squares are free.
"""

from __future__ import annotations

from collections.abc import Sequence

from scrabble_fr.engine.board import Board
from scrabble_fr.engine.move import PlacedTile
from scrabble_fr.i18n import _
from scrabble_fr.match.errors import MatchError


def used_tiles(rack: str, tentative: Sequence[PlacedTile]) -> list[int]:
    """The indices of the rack's tiles the move in progress uses (a joker for a blank tile)."""
    used: list[int] = []
    for tile in tentative:
        wanted = "?" if tile.is_blank else tile.letter
        index = next((i for i, letter in enumerate(rack) if letter == wanted and i not in used), None)
        if index is not None:
            used.append(index)
    return used


def check_tile(board: Board, rack: str, tentative: Sequence[PlacedTile], row: int, col: int, letter: str,
               joker: bool) -> None:
    """Raise :class:`MatchError` unless ``letter`` (a joker standing for it if ``joker``) may be
    laid on the square, given the tiles already laid for the move in progress."""
    if board[row, col] is not None or any((t.row, t.col) == (row, col) for t in tentative):
        raise MatchError("square_taken")
    used = set(used_tiles(rack, tentative))
    left = [tile for index, tile in enumerate(rack) if index not in used]
    if ("?" if joker else letter) not in left:
        if not joker and "?" in left:
            raise MatchError("use_joker", letter=letter)
        raise MatchError("no_tile", letter=letter if not joker else _("blank"))
