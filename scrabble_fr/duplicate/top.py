"""The top of a coup (FISF rules §3.4): the placement the board receives, chosen among the best.

    >>> from scrabble_fr.engine.position import Position
    >>> from scrabble_fr.words import WordSet
    >>> p = Position(racks=["ENTSAA?"], lexicon=WordSet(["NET", "NETS", "SENT", "NEST"]))
    >>> t = choose_top(p, first=True); t.move.notation(), t.move.score, t.tied
    ('H5 NEST', 8, 12)

The highest score wins. Among equal scores the rules impose two preferences, in this order: a
move that does not use a joker (the jokers are kept for later), then a move that ends the game.
The referee then keeps "the most open" move, a judgement the rules leave to him; this program
does not judge openness and keeps, among what is left, the move that lays the most tiles, then
an across move before a down one, then the one starting highest, then furthest left, then the
word first in alphabetical order. The first coup is always across.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from scrabble_fr.duplicate.variant import within_play_limit
from scrabble_fr.engine.move import Move
from scrabble_fr.engine.position import Position


@dataclass(frozen=True)
class Top:
    """The chosen ``move`` and how many placements scored as much (``tied``, the move included)."""

    move: Move
    tied: int


def jokers_used(move: Move) -> int:
    return sum(1 for tile in move.tiles if tile.is_blank)


def best_placements(position: Position, first: bool = False, max_tiles: int | None = None) -> list[Move]:
    """Every placement reaching the highest score of the rack to move (across only on the first
    coup, ``max_tiles`` tiles at most: 7 out of 8); [] when none can be played. Asks the
    generator for more until the ties are all in."""
    # Imported here: tops are looked for only where coups are judged (the arbitrator, a game at one
    # keyboard); a player's terminal at a club table never loads the generator.
    from scrabble_fr.player.generator import best_moves

    wanted = 64
    while True:
        found = best_moves(position, wanted)
        exhausted = len(found) < wanted
        moves = [m for m in found if (m.across or not first) and within_play_limit(m, max_tiles)]
        if moves:
            best = moves[0].score
            # Sorted by score: once a lower score shows up, every tie of the best is in hand.
            if exhausted or (found[-1].score or 0) < (best or 0):
                return [m for m in moves if m.score == best]
        elif exhausted:
            return []
        wanted *= 4


def choose_top(position: Position, first: bool = False, ends_game: Callable[[Move], bool] | None = None,
               max_tiles: int | None = None) -> Top | None:
    """The top of the rack to move on ``position`` (which needs a lexicon), or None if no word
    can be placed (with ``max_tiles`` tiles at most). ``ends_game(move)`` says whether the game
    would end after ``move``."""
    tops = best_placements(position, first, max_tiles)
    if not tops:
        return None

    def preference(move: Move) -> tuple[int, bool, int, bool, int, int, str]:
        ends = ends_game(move) if ends_game is not None else False
        return (jokers_used(move), not ends, -len(move.tiles), not move.across, move.row, move.col, move.word)

    return Top(min(tops, key=preference), len(tops))
