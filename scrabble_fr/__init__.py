"""scrabble_fr: classic Scrabble under the French federation's rules, at the terminal.

The engine is usable as a library:

    >>> from scrabble_fr import Position
    >>> Position().score(Position().parse_move("H4 MAISON"))
    18

``Game`` plays a whole game by the rules, ``Lexicon`` is a word list, ``Match`` a game session at
a table (players, clocks, computers, saving); the last two are imported on first use, so that
``import scrabble_fr`` stays as light as the engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

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
from scrabble_fr.engine.game import Game  # noqa: E402

if TYPE_CHECKING:
    from scrabble_fr.lexicon import Lexicon
    from scrabble_fr.match import Match

__all__ = [
    "Board", "Game", "GameStateError", "IllegalMoveError", "InvalidMoveError", "Lexicon", "Match", "Move",
    "MoveKind", "PlacedTile", "Position", "Rules", "ScrabbleError", "__version__",
]

_LAZY = {"Lexicon": "scrabble_fr.lexicon", "Match": "scrabble_fr.match"}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        value = getattr(importlib.import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'scrabble_fr' has no attribute {name!r}")
