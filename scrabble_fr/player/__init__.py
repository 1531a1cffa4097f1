"""Computer play: the move generator and the computer players.

    >>> from scrabble_fr.engine.position import Position
    >>> from scrabble_fr.player import best_moves
    >>> from scrabble_fr.words import WordSet
    >>> p = Position(racks=["TON", ""], lexicon=WordSet(["ON", "TON"]))
    >>> [(str(m), m.score) for m in best_moves(p, 1)]
    [('8F TON', 6)]

:mod:`.generator` is the move generator every caller asks, which chooses between the compiled
engine (:mod:`.native`) and :mod:`.movegen`, the generator in Python (its reference), which walks
the word graph of :mod:`scrabble_fr.words`; :mod:`.computer` holds the players from beginner to
champion. Nothing here draws on a screen or
reads :mod:`scrabble_fr.lexicon`: a lexicon is any
:class:`~scrabble_fr.engine.wordlist.WordList`.
"""

from scrabble_fr.player.computer import LEVELS, ComputerPlayer, Level
from scrabble_fr.player.generator import best_moves, generate_moves
from scrabble_fr.player.movegen import MoveGenError

__all__ = [
    "LEVELS", "ComputerPlayer", "Level", "MoveGenError", "best_moves", "generate_moves",
]
