"""The rules engine: board, tiles, moves, notation, scoring, and the turn and contestation machine.

Pure Python: no files, no terminal, no word list of its own (a verifier is handed in).
"""

from scrabble_fr.engine.board import Board
from scrabble_fr.engine.errors import (
    CgpError,
    GameStateError,
    IllegalMoveError,
    InvalidMoveError,
    RulesError,
    ScrabbleError,
)
from scrabble_fr.engine.move import Move, MoveKind, PlacedTile, Word
from scrabble_fr.engine.position import Position
from scrabble_fr.engine.rules import PRESETS, BlockedRule, ChallengeKind, ChallengeRule, EndRule, Rules
from scrabble_fr.engine.tiles import ENGLISH, FRENCH, JOKER, TileSet

__all__ = [
    "Board", "BlockedRule", "CgpError", "ChallengeKind", "ChallengeRule", "ENGLISH", "EndRule",
    "FRENCH", "GameStateError", "IllegalMoveError", "InvalidMoveError", "JOKER", "Move", "MoveKind",
    "PRESETS", "PlacedTile", "Position", "Rules", "RulesError", "ScrabbleError", "TileSet", "Word",
]
