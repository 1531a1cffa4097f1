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

from scrabble_fr.engine.board import Board
from scrabble_fr.engine.errors import ScrabbleError
from scrabble_fr.engine.move import PlacedTile
from scrabble_fr.engine.notation import parse_coordinate, parse_word
from scrabble_fr.engine.rules import Rules
from scrabble_fr.engine.scoring import score_placement
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
    skipped: str = ""  # why the file was not replayed at all, if it was not


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
        report.skipped = f"tile distribution {game.tile_distribution!r}"
        return report
    letters = {
        ch.upper() for event in game.events if event.kind == "place" and event.word for ch in event.word if ch.isalpha()
    }
    foreign = sorted(ch for ch in letters if not ("A" <= ch <= "Z"))
    if foreign:
        report.skipped = "tiles " + "".join(foreign)
        return report
    board = Board(rules.layout)
    last_placement: dict[str, list[PlacedTile]] = {}
    for event in game.events:
        if event.kind == "withdrawn":
            board.remove(last_placement.pop(event.nick, []))
            continue
        if event.kind != "place" or event.position is None or event.word is None:
            continue
        report.placements += 1
        try:
            tiles = _lay(board, event.position, event.word)
            placement = score_placement(board, rules, tiles, "en")
        except ScrabbleError as exc:
            report.mismatches.append(Mismatch(file, event.line, event.score, None, exc))
            continue
        board.place(tiles)
        last_placement[event.nick] = tiles
        if placement.score == event.score:
            report.matched += 1
        else:
            report.mismatches.append(Mismatch(file, event.line, event.score, placement.score))
    return report


def _lay(board: Board, position: str, word: str) -> list[PlacedTile]:
    """The new tiles of a GCG placement; letters over occupied squares are played through."""
    row, col, across = parse_coordinate(position, "en", board.size)
    dr, dc = (0, 1) if across else (1, 0)
    tiles: list[PlacedTile] = []
    for written in parse_word(word):
        if not board.inside(row, col):
            raise ScrabbleError("off_board", square=position)
        if board[row, col] is None:
            if written.letter is None:
                raise ScrabbleError("dot_on_empty", square=position)
            tiles.append(PlacedTile(row, col, written.letter, written.is_blank))
        row, col = row + dr, col + dc
    return tiles


@dataclass(frozen=True)
class Step:
    """One event of a record with the board before and after it (for review)."""

    event: Any
    before: tuple[str | None, ...]
    after: tuple[str | None, ...]
    tiles: tuple[PlacedTile, ...] = ()


def steps(game: GcgGame) -> tuple[Rules | None, list[Step]]:
    """The record's events, each with the board before and after it; placements that cannot be
    laid leave the board as it was."""
    rules = rules_for(game)
    if rules is None:
        return None, []
    board = Board(rules.layout)
    result: list[Step] = []
    last: dict[str, list[PlacedTile]] = {}
    for event in game.events:
        before = tuple(board.squares)
        tiles: list[PlacedTile] = []
        if event.kind == "withdrawn":
            board.remove(last.pop(event.nick, []))
        elif event.kind == "place" and event.position and event.word:
            try:
                tiles = _lay(board, event.position, event.word)
                score_placement(board, rules, tiles, "en")
                board.place(tiles)
                last[event.nick] = tiles
            except ScrabbleError:
                tiles = []
        result.append(Step(event, before, tuple(board.squares), tuple(tiles)))
    return rules, result
