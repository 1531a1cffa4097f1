"""Computer play: the move generator and the computer players.

    >>> from scrabble_fr.engine.position import Position
    >>> from scrabble_fr.player import WordSet, best_moves
    >>> p = Position(racks=["TON", ""], lexicon=WordSet(["ON", "TON"]))
    >>> [(str(m), m.score) for m in best_moves(p, 1)]
    [('8F TON', 6)]

:mod:`.dawg` holds the word structure the generator walks, :mod:`.movegen` the generator and
:mod:`.computer` the players from beginner to champion. Nothing here draws on a screen or
reads the automaton of :mod:`scrabble_fr.lexicon`: a lexicon is anything with ``words()`` and
``in`` (:class:`~scrabble_fr.player.dawg.WordSource`).
"""

from scrabble_fr.player.computer import LEVELS, ComputerPlayer, Level
from scrabble_fr.player.dawg import Dawg, WordSet, WordSource, dawg_for
from scrabble_fr.player.movegen import MoveGenError, best_moves, generate_moves

__all__ = [
    "LEVELS", "ComputerPlayer", "Dawg", "Level", "MoveGenError", "WordSet", "WordSource", "best_moves",
    "dawg_for", "generate_moves",
]
