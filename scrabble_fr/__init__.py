"""scrabble_fr: classic Scrabble under the French federation's rules, at the terminal.

The engine is usable as a library:

    >>> from scrabble_fr import Position
    >>> Position().score(Position().parse_move("H4 MAISON"))
    18
"""

__version__ = "0.1.0"

from scrabble_fr.engine import (  # noqa: E402
    Board,
    GameStateError,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    MoveKind,
    PlacedTile,
    Position,
    Rules,
    ScrabbleError,
)

__all__ = [
    "Board", "GameStateError", "IllegalMoveError", "InvalidMoveError", "Move", "MoveKind",
    "PlacedTile", "Position", "Rules", "ScrabbleError", "__version__",
]
