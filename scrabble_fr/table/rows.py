"""The rows of a table's log, typed: one dataclass per row type, with its JSON form, read and
written here only.

    >>> row = read_classic_row({"type": "undo_answer", "by": 1, "yes": True})
    >>> row
    UndoAnswerRow(by=1, drop=0, actions=(), notes=None, seed=None, yes=True)
    >>> row.to_json()
    {'type': 'undo_answer', 'by': 1, 'yes': True}

A classic table's row is a change of its game: who wrote it, how many of the game's actions it
takes back (``drop``), the actions it adds, the table's notes whole when they changed, and, in the
row that ends a game whose seed is sealed, the seed. Its type says what else it is: a move (any
change of the game), an undo asked or answered, a challenge waiting for the arbiter, the link to
the rematch. A duplicate table's rows are its coups: started (the draw), proposed, closed, their
results, a correction, a newcomer's seat.

Every row ever written reads as it did: a key a later version added is optional, and a row that
does not read (not an object, an unknown type, a field of the wrong kind) raises ``ValueError``
(or ``KeyError``/``TypeError``), which marks its table damaged when it is replayed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any, ClassVar

from scrabble_fr.duplicate.paid import Correction, PaidCoup, PlacedMove, SeatResult

Json = dict[str, Any]


class RowType(StrEnum):
    """A row's ``type``, as stored."""

    MOVE = "move"
    UNDO_REQUEST = "undo_request"
    UNDO_ANSWER = "undo_answer"
    JUDGE_REQUEST = "judge_request"
    REMATCH = "rematch"
    COUP = "coup"
    PROPOSAL = "proposal"
    CLOSE = "close"
    RESULTS = "results"
    CORRECTION = "correction"
    JOIN = "join"
    SLIP = "slip"
    NEXT = "next"


def _int(value: Any) -> int:
    """An integer as a row holds it (a JSON true is not one)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"not an integer: {value!r}")
    return value


def _seat(value: Any) -> int | None:
    """The seat that wrote a row: None for a row of nobody's (or of a seat it does not name)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def row_type(payload: Mapping[str, Any]) -> RowType | None:
    """A row's type as its JSON form says it (None: a row that does not read)."""
    if "damaged" in payload:
        return None
    try:
        return RowType(str(payload.get("type")))
    except ValueError:
        return None


# -- a classic table ------------------------------------------------------------------------------
@dataclass(frozen=True)
class ClassicRow:
    """A change of a classic table's game (see the module's doc); a subclass per type."""

    type: ClassVar[RowType] = RowType.MOVE
    by: int | None
    drop: int = 0  # how many of the game's actions it takes back
    actions: tuple[Json, ...] = ()  # the game's actions it adds, as stored (an exchange sealed)
    notes: tuple[Json, ...] | None = None  # the table's notes whole, when they changed
    seed: int | None = None  # the seed, in the row that ends a game whose seed is sealed

    def extra(self) -> Json:
        """What this type of row says besides the game's change."""
        return {}

    def to_json(self) -> Json:
        data: Json = {"type": self.type.value, "by": self.by, **self.extra()}
        if self.drop:
            data["drop"] = self.drop
        if self.actions:
            data["actions"] = list(self.actions)
        if self.notes is not None:
            data["notes"] = list(self.notes)
        if self.seed is not None:
            data["seed"] = self.seed
        return data

    @property
    def changes_game(self) -> bool:
        """Whether the row changes the game's actions (not only notes, an undo asked…)."""
        return bool(self.drop or self.actions)


@dataclass(frozen=True)
class MoveRow(ClassicRow):
    type: ClassVar[RowType] = RowType.MOVE


@dataclass(frozen=True)
class UndoRequestRow(ClassicRow):
    type: ClassVar[RowType] = RowType.UNDO_REQUEST


@dataclass(frozen=True)
class UndoAnswerRow(ClassicRow):
    type: ClassVar[RowType] = RowType.UNDO_ANSWER
    yes: bool = False

    def extra(self) -> Json:
        return {"yes": self.yes}


@dataclass(frozen=True)
class JudgeRequestRow(ClassicRow):
    type: ClassVar[RowType] = RowType.JUDGE_REQUEST
    contester: int = 0
    words: tuple[str, ...] = ()

    def extra(self) -> Json:
        return {"contester": self.contester, "words": list(self.words)}


@dataclass(frozen=True)
class RematchRow(ClassicRow):
    """The finished game's rematch: the new table's id; a link of before the sealed rematches
    holds the new draw's seed (``rematch_seed``), a new one none."""

    type: ClassVar[RowType] = RowType.REMATCH
    table: str = ""
    rematch_seed: int | None = None

    def extra(self) -> Json:
        return {"table": self.table, **({"seed": self.rematch_seed} if self.rematch_seed is not None else {})}


_CLASSIC: dict[RowType, type[ClassicRow]] = {
    kind.type: kind for kind in (MoveRow, UndoRequestRow, UndoAnswerRow, JudgeRequestRow, RematchRow)}


def classic_row(kind: RowType | str, **fields: Any) -> ClassicRow:
    """A classic table's row of type ``kind`` (what :meth:`TableSession.commit` writes)."""
    return _CLASSIC[RowType(kind)](**fields)


def read_classic_row(payload: Mapping[str, Any]) -> ClassicRow:
    """A classic table's row from its JSON form; raises for a row that does not read."""
    kind = row_type(payload)
    if kind is None or kind not in _CLASSIC:
        raise ValueError("unreadable")
    by = _seat(payload.get("by"))
    if kind is RowType.REMATCH:
        table, seed = payload["table"], payload.get("seed")
        if not isinstance(table, str):
            raise ValueError("rematch")
        return RematchRow(by, table=table, rematch_seed=_int(seed) if seed is not None else None)
    actions = payload.get("actions", [])
    notes = payload.get("notes")
    if not isinstance(actions, list) or (notes is not None and not isinstance(notes, list)):
        raise ValueError("actions")
    seed = payload.get("seed") if kind is RowType.MOVE else None
    common: Json = {"by": by, "drop": int(payload.get("drop", 0)), "actions": tuple(actions),
                    "notes": tuple(notes) if notes is not None else None,
                    "seed": _int(seed) if seed is not None else None}
    if kind is RowType.UNDO_ANSWER:
        return UndoAnswerRow(**common, yes=bool(payload.get("yes")))
    if kind is RowType.JUDGE_REQUEST:
        words = payload["words"]
        if not isinstance(words, list):
            raise ValueError("words")
        return JudgeRequestRow(**common, contester=int(payload["contester"]), words=tuple(str(w) for w in words))
    return _CLASSIC[kind](**common)


# -- a duplicate table ----------------------------------------------------------------------------
@dataclass(frozen=True)
class CoupDraw:
    """A coup's draw: the tiles left from the last one, the new ones, whether it was drawn again
    (rejected: too few vowels or consonants)."""

    leftover: str = ""
    new: str = ""
    rejets: int = 0

    @property
    def tiles(self) -> str:
        return self.leftover + self.new

    def to_json(self) -> Json:
        return {"leftover": self.leftover, "new": self.new, "rejets": self.rejets}

    @classmethod
    def from_json(cls, data: Any) -> CoupDraw:
        if not isinstance(data, dict):
            raise ValueError("draw")
        return cls(str(data.get("leftover", "")), str(data.get("new", "")), int(data.get("rejets", 0) or 0))


@dataclass(frozen=True)
class CoupRow:
    """The arbitrator starts coup ``n``: its draw, and its time when the arbitrator changed it
    (``own_time``; ``seconds`` None then: no clock)."""

    type: ClassVar[RowType] = RowType.COUP
    n: int
    draw: CoupDraw
    seconds: float | None = None
    own_time: bool = False

    def to_json(self) -> Json:
        data: Json = {"type": self.type.value, "n": self.n, "draw": self.draw.to_json()}
        if self.own_time:
            data["seconds"] = self.seconds
        return data


@dataclass(frozen=True)
class _PlainRow:
    """A row whose JSON form is its type and its fields, in order; a field left at its default
    has no key (a join of a seat on a screen says no ``paper``, as a join always was)."""

    type: ClassVar[RowType]

    def to_json(self) -> Json:
        return {"type": self.type.value,
                **{f.name: getattr(self, f.name) for f in fields(self) if getattr(self, f.name) != f.default}}


@dataclass(frozen=True)
class ProposalRow(_PlainRow):
    """A player's proposal for coup ``n`` (the last one counts)."""

    type: ClassVar[RowType] = RowType.PROPOSAL
    n: int
    by: int
    text: str


@dataclass(frozen=True)
class CloseRow(_PlainRow):
    """Coup ``n`` closes (once), on the arbitrator's key or its time up (``by``: who noticed)."""

    type: ClassVar[RowType] = RowType.CLOSE
    n: int
    by: int | None


@dataclass(frozen=True)
class ResultsRow(PaidCoup):
    """The arbitrator's results of coup ``n`` (:class:`~scrabble_fr.duplicate.paid.PaidCoup`)."""

    type: ClassVar[RowType] = RowType.RESULTS

    def to_json(self) -> Json:
        return {"type": self.type.value, "n": self.n, "placed": self.placed,
                "top": self.top.to_json() if self.top else None,
                "players": {str(seat): line.to_json() for seat, line in self.players.items()},
                "totals": {str(seat): total for seat, total in self.totals.items()},
                "top_total": self.top_total, "over": self.over,
                # None exchanged: no key, as a results row always was.
                **({"swapped": [list(swap) for swap in self.swapped]} if self.swapped else {})}


@dataclass(frozen=True)
class CorrectionRow(_PlainRow, Correction):
    """The arbitrator's correction (:class:`~scrabble_fr.duplicate.paid.Correction`)."""

    type: ClassVar[RowType] = RowType.CORRECTION


@dataclass(frozen=True)
class JoinRow(_PlainRow):
    """A player arrives at an open table: their seat and name; ``paper``: a player on paper, whose
    slips the desk types."""

    type: ClassVar[RowType] = RowType.JOIN
    seat: int
    name: str
    paper: bool = False


@dataclass(frozen=True)
class SlipRow:
    """The desk types a paper slip for coup ``n`` (the last counts): ``data``, the row as
    :mod:`~scrabble_fr.table.slips` marks and reads it (what was typed, paid and why)."""

    type: ClassVar[RowType] = RowType.SLIP
    n: int
    seat: int
    data: Json

    def to_json(self) -> Json:
        return {**self.data, "type": self.type.value}


@dataclass(frozen=True)
class NextRow(_PlainRow):
    """A series' next game, once this one is over: its table (:mod:`~scrabble_fr.table.series`)."""

    type: ClassVar[RowType] = RowType.NEXT
    table: str


DuplicateRow = CoupRow | ProposalRow | CloseRow | ResultsRow | CorrectionRow | JoinRow | SlipRow | NextRow


def _swap(swap: Any) -> tuple[int, int, str]:
    row, col, letter = swap
    if not isinstance(letter, str):
        raise ValueError("no such joker on the board")
    return int(row), int(col), letter


def read_duplicate_row(payload: Mapping[str, Any]) -> DuplicateRow:
    """A duplicate table's row from its JSON form; raises for a row that does not read."""
    kind = row_type(payload)
    if kind is None:
        raise ValueError("unreadable")
    if kind is RowType.JOIN:
        return JoinRow(int(payload["seat"]), str(payload["name"]), payload.get("paper") is True)
    if kind is RowType.NEXT:
        return NextRow(str(payload["table"]))
    if kind is RowType.SLIP:
        return SlipRow(int(payload["n"]), int(payload["seat"]), dict(payload))
    if kind is RowType.CORRECTION:
        return CorrectionRow(int(payload["n"]), int(payload["seat"]), int(payload["points"]),
                             str(payload["reason"]))
    n = int(payload["n"])
    if kind is RowType.COUP:
        # The coup's own time when the arbitrator changed it, else the table's.
        seconds = payload.get("seconds")
        if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, int | float)):
            raise ValueError("bad time")
        return CoupRow(n, CoupDraw.from_json(payload["draw"]), float(seconds) if seconds else None,
                       own_time="seconds" in payload)
    if kind is RowType.PROPOSAL:
        return ProposalRow(n, int(payload["by"]), str(payload["text"]))
    if kind is RowType.CLOSE:
        return CloseRow(n, _seat(payload.get("by")))
    if kind is RowType.RESULTS:
        players, totals = payload.get("players", {}), payload.get("totals", {})
        placed = payload["placed"]
        if not isinstance(players, dict) or not isinstance(totals, dict) or not isinstance(placed, dict):
            raise ValueError("results")
        return ResultsRow(n, placed, PlacedMove.from_json(payload.get("top")),
                          {int(seat): SeatResult.from_json(line) for seat, line in players.items()},
                          {int(seat): int(total) for seat, total in totals.items()},
                          int(payload.get("top_total", 0) or 0), bool(payload.get("over")),
                          tuple(_swap(swap) for swap in payload.get("swapped", [])))
    raise ValueError("unreadable")
