"""What a closed coup paid, as published: the move placed and each player's line (points, the move
read from the proposal, what was proposed, why it scored nothing, the warning, the solo), the
totals after it; and the arbitrator's correction of a player's points.

    >>> SeatResult(14, PlacedMove("H5", "PAGE", 14), "H5 PAGE").to_json()["move"]
    {'ref': 'H5', 'word': 'PAGE', 'score': 14}

The duplicate game says them (:meth:`~scrabble_fr.duplicate.game.Coup.paid`); a shared table's
results row carries them in this JSON form, so that every process reads the coup without the
word list (:mod:`scrabble_fr.table.rows`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scrabble_fr.duplicate.jokers import Swap
from scrabble_fr.engine.move import Move
from scrabble_fr.engine.notation import format_coordinate


@dataclass(frozen=True)
class PlacedMove:
    """A move as the results say it: its reference (``H8``, ``8H``), its word, its score."""

    ref: str
    word: str
    score: int

    @classmethod
    def of(cls, move: Move | None, notation: str) -> PlacedMove | None:
        """A placement as published, its reference in ``notation`` (None stays None)."""
        if move is None:
            return None
        return cls(format_coordinate(move.row, move.col, move.across, notation), move.word, move.score or 0)

    def to_json(self) -> dict[str, Any]:
        return {"ref": self.ref, "word": self.word, "score": self.score}

    @classmethod
    def from_json(cls, data: Any) -> PlacedMove | None:
        if not data:
            return None
        return cls(str(data.get("ref", "")), str(data.get("word", "")), int(data.get("score", 0) or 0))

    @property
    def text(self) -> str:
        return f"{self.ref} {self.word}"


@dataclass(frozen=True)
class SeatResult:
    """A player's line on a coup: points, the move read from the proposal, what was proposed,
    why it scored nothing (said), a warning (:class:`~.marking.WarningKind`'s value), a solo."""

    points: int = 0
    move: PlacedMove | None = None
    text: str | None = None
    error: str | None = None
    warning: str | None = None
    solo: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"points": self.points, "move": self.move.to_json() if self.move else None, "text": self.text,
                "error": self.error, "warning": self.warning, "solo": self.solo}

    @classmethod
    def from_json(cls, data: Any) -> SeatResult:
        if not isinstance(data, dict):
            raise ValueError("results")

        def text(key: str) -> str | None:
            value = data.get(key)
            return None if value is None else str(value)

        return cls(int(data.get("points", 0) or 0), PlacedMove.from_json(data.get("move")), text("text"),
                   text("error"), text("warning"), bool(data.get("solo")))


@dataclass(frozen=True)
class PaidCoup:
    """The results of coup ``n``: the top placed (``placed``: the move as the game stores it), each
    player's line and total, the tops' total, whether the game is over, and the joker game's
    jokers the board exchanged after the coup (row, column, letter)."""

    n: int
    placed: dict[str, Any]
    top: PlacedMove | None
    players: dict[int, SeatResult] = field(default_factory=dict)
    totals: dict[int, int] = field(default_factory=dict)
    top_total: int = 0
    over: bool = False
    swapped: tuple[Swap, ...] = ()

    def line(self, player: int) -> SeatResult | None:
        return self.players.get(player)


@dataclass(frozen=True)
class Correction:
    """The arbitrator corrects a player's points on coup ``n``, with a reason for the sheet."""

    n: int
    seat: int
    points: int
    reason: str


__all__ = ["Correction", "PaidCoup", "PlacedMove", "SeatResult"]
