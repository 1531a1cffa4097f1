"""Replaying a game record: every placement laid on a board and re-scored by the engine.

    >>> from scrabble_fr.records.gcg import parse_gcg
    >>> r = replay(parse_gcg(">ana: ?AEILRT 8D RETAIlA +64 64\\n>bob: AEINRST 9D EH +10 10\\n"))
    >>> r.placements, r.matched, [(m.line, m.recorded, m.computed) for m in r.mismatches]
    (2, 1, [(2, 10, 12)])

No word list is needed: only the scores are checked, never the words.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scrabble_fr.engine.errors import ScrabbleError
from scrabble_fr.engine.move import Move, PlacedTile
from scrabble_fr.engine.notation import ParsedCommand, parse_coordinate, parse_word
from scrabble_fr.engine.position import Position
from scrabble_fr.engine.rules import Rules
from scrabble_fr.records.errors import RecordError
from scrabble_fr.records.gcg import GcgGame


@dataclass(frozen=True)
class Mismatch:
    file: str
    line: int
    recorded: int
    computed: int | None  # None: the placement could not be laid (the reason is in ``error``)
    error: ScrabbleError | None = None


@dataclass
class ReplayReport:
    file: str = ""
    placements: int = 0
    matched: int = 0
    mismatches: list[Mismatch] = field(default_factory=list)
    skipped: ScrabbleError | None = None  # why the file was not replayed at all, if it was not


def rules_for(game: GcgGame) -> Rules | None:
    distribution = game.tile_distribution
    if distribution == "french":
        return Rules.preset("ffsc")
    if distribution in ("english", ""):
        return Rules.preset("hasbro")
    return None


def replay(game: GcgGame, file: str = "") -> ReplayReport:
    report = ReplayReport(file)
    rules = rules_for(game)
    if rules is None:
        report.skipped = RecordError("gcg_unsupported_distribution", name=game.tile_distribution)
        return report
    letters = {
        ch.upper() for event in game.events if event.kind == "place" and event.word for ch in event.word if ch.isalpha()
    }
    foreign = sorted(ch for ch in letters if not ("A" <= ch <= "Z"))
    if foreign:
        report.skipped = RecordError("gcg_unsupported_tiles", letters="".join(foreign))
        return report
    position = Position(rules)
    last_placement: dict[str, tuple[PlacedTile, ...]] = {}
    for event in game.events:
        if event.kind == "withdrawn":
            position.board.remove(last_placement.pop(event.nick, ()))
            continue
        if event.kind != "place" or event.position is None or event.word is None:
            continue
        report.placements += 1
        try:
            move = _lay(position, event.position, event.word)
        except ScrabbleError as exc:
            report.mismatches.append(Mismatch(file, event.line, event.score, None, exc))
            continue
        position.board.place(move.tiles)
        last_placement[event.nick] = move.tiles
        if move.score == event.score:
            report.matched += 1
        else:
            report.mismatches.append(Mismatch(file, event.line, event.score, move.score))
    return report


def _lay(position: Position, coordinate: str, word: str) -> Move:
    """A GCG placement (English coordinates, ``.`` or full letters played through), scored on the
    position's board by the same code that reads a typed move."""
    row, col, across = parse_coordinate(coordinate, "en", position.board.size)
    return position.move_from_command(ParsedCommand("place", row, col, across, parse_word(word)))


@dataclass(frozen=True)
class Step:
    """One event of a record with the board before and after it (for review)."""

    event: Any
    before: tuple[str | None, ...]
    after: tuple[str | None, ...]
    tiles: tuple[PlacedTile, ...] = ()


def steps(game: GcgGame, rules: Rules | None = None) -> tuple[Rules | None, list[Step]]:
    """The record's events, each with the board before and after it; placements that cannot be
    laid leave the board as it was. ``rules``: those the game was played under, when known
    (a saved game's own), else the record's tile set tells them."""
    rules = rules or rules_for(game)
    if rules is None:
        return None, []
    position = Position(rules)
    board = position.board
    result: list[Step] = []
    last: dict[str, tuple[PlacedTile, ...]] = {}
    for event in game.events:
        before = tuple(board.squares)
        tiles: tuple[PlacedTile, ...] = ()
        if event.kind == "withdrawn":
            board.remove(last.pop(event.nick, ()))
        elif event.kind == "place" and event.position and event.word:
            try:
                tiles = _lay(position, event.position, event.word).tiles
                board.place(tiles)
                last[event.nick] = tiles
            except ScrabbleError:
                tiles = ()
        result.append(Step(event, before, tuple(board.squares), tiles))
    return rules, result
