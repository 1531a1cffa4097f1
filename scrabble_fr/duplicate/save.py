"""Saved duplicate games: the seed, the players, the sheet if one is replayed and every coup's
proposals, as versioned JSON written atomically beside the classic saves.

    >>> from scrabble_fr.words import WordSet
    >>> words = WordSet(["NET", "NETS", "SENT", "NEST"])
    >>> from scrabble_fr.duplicate.game import DuplicateGame
    >>> g = DuplicateGame(["Alice"], lexicon=words, seed=4, seconds=None); r = DuplicateRecord.new(g)
    >>> DuplicateRecord.from_json(r.to_json()).rebuild(words).current.draw == g.current.draw
    True

A duplicate game replays from its seed, so resuming it means replaying every closed coup's
proposals; the sheet recorded beside them (draw, placed move and score per coup) must come out
the same, or the record was made with another word list. The coup in progress is resumed with
its proposals so far and a fresh clock. Saves live in a ``duplicate`` folder under the saved
games' folder and are written by :class:`~scrabble_fr.records.save.GameStore`'s atomic writer.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from scrabble_fr.duplicate.errors import DuplicateError
from scrabble_fr.duplicate.export import replay_data
from scrabble_fr.duplicate.game import DuplicateGame
from scrabble_fr.duplicate.sheet import SheetCoup, read_line
from scrabble_fr.engine.errors import ScrabbleError
from scrabble_fr.engine.rules import rules_from_mapping, rules_to_mapping
from scrabble_fr.records.files import read_limited
from scrabble_fr.records.save import MAX_BYTES, GameStore, _now, default_directory, new_id

FORMAT = "scrabble_fr-duplicate"
VERSION = 1


def _sheet_lines(game: DuplicateGame) -> list[list[Any]] | None:
    if game.sheet is None:
        return None
    lines = []
    for coup in game.sheet:
        text = coup.draw_text + (f" {coup.move}" if coup.move else "")
        lines.append([coup.line, text])
    return lines


@dataclass
class DuplicateRecord:
    """A duplicate game as saved."""

    id: str
    players: list[str]
    rules: dict[str, Any]
    seed: int
    seconds: float | None
    lexicon: str | None = None
    sheet: list[list[Any]] | None = None  # [[line number, "EEU+ESI? H4 ChACUNE"], …]
    actions: list[dict[str, Any]] = field(default_factory=list)
    pending: list[str | None] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)
    created: str = ""
    updated: str = ""
    status: str = "en_cours"

    STATUSES: ClassVar[tuple[str, str]] = ("en_cours", "terminee")

    @classmethod
    def new(cls, game: DuplicateGame, lexicon: str | None = None, game_id: str | None = None) -> DuplicateRecord:
        record = cls(
            id=game_id or new_id(),
            players=list(game.players),
            rules=rules_to_mapping(game.rules),
            seed=game.seed,
            seconds=game.seconds,
            lexicon=lexicon,
            sheet=_sheet_lines(game),
            created=_now(),
        )
        record.update(game)
        return record

    @property
    def date_text(self) -> str:
        return (self.updated or self.created)[:16].replace("T", " ")

    def update(self, game: DuplicateGame) -> None:
        """Take the game's closed coups and the proposals of the coup in progress."""
        self.actions = game.actions
        current = game.current
        self.pending = [p.text if p is not None else None for p in current.proposals] if current else []
        self.events = replay_data(game)["coups"]
        self.status = "terminee" if game.is_over else "en_cours"
        self.updated = _now()

    def rebuild(self, lexicon: Any) -> DuplicateGame:
        """Replay the game with ``lexicon``; raises :class:`DuplicateError` ``save_replay`` if it
        does not come out as recorded."""
        try:
            sheet = None
            if self.sheet is not None:
                sheet = [read_line(int(number), str(text)) for number, text in self.sheet]
            game = DuplicateGame(self.players, lexicon=lexicon, rules=rules_from_mapping(self.rules), seed=self.seed,
                                 sheet=sheet, seconds=self.seconds)
            for action in self.actions:
                self._apply(game, action["proposals"])
                game.close_coup()
            if game.current is not None and self.pending:
                self._apply(game, self.pending)
        except ScrabbleError as exc:
            raise DuplicateError("save_replay", id=self.id, detail=str(exc)) from None
        except (KeyError, TypeError, ValueError) as exc:
            raise DuplicateError("save_replay", id=self.id, detail=type(exc).__name__) from None
        if replay_data(game)["coups"] != self.events:
            raise DuplicateError("save_replay", id=self.id, detail="sheet differs")
        return game

    @staticmethod
    def _apply(game: DuplicateGame, proposals: list[str | None]) -> None:
        if len(proposals) != len(game.players):
            raise ValueError("proposals")
        for player, text in enumerate(proposals):
            if text is not None:
                game.propose(player, text)

    def to_json(self) -> str:
        return json.dumps(
            {
                "format": FORMAT,
                "version": VERSION,
                "id": self.id,
                "created": self.created,
                "updated": self.updated,
                "status": self.status,
                "players": self.players,
                "rules": self.rules,
                "seed": self.seed,
                "seconds": self.seconds,
                "lexicon": self.lexicon,
                "sheet": self.sheet,
                "actions": self.actions,
                "pending": self.pending,
                "events": self.events,
            },
            ensure_ascii=False,
            indent=1,
        )

    @classmethod
    def from_json(cls, text: str, source: str = "") -> DuplicateRecord:
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, RecursionError):
            raise DuplicateError("save_corrupt", path=source, detail="JSON") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise DuplicateError("save_corrupt", path=source, detail="format")
        if data.get("version") != VERSION:
            raise DuplicateError("save_version", path=source, version=str(data.get("version")), supported=VERSION)
        try:
            players = data["players"]
            if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
                raise ValueError("players")
            seed = data["seed"]
            if not isinstance(seed, int) or isinstance(seed, bool):
                raise ValueError("seed")
            seconds = data.get("seconds")
            if seconds is not None and (not isinstance(seconds, (int, float)) or isinstance(seconds, bool) or seconds <= 0):
                raise ValueError("seconds")
            for key in ("actions", "events", "pending"):
                if not isinstance(data.get(key, []), list):
                    raise ValueError(key)
            sheet = data.get("sheet")
            if sheet is not None and not isinstance(sheet, list):
                raise ValueError("sheet")
            if data.get("status", "en_cours") not in cls.STATUSES or not isinstance(data["rules"], dict):
                raise ValueError("status")
            lexicon = data.get("lexicon")
            return cls(
                id=str(data["id"]),
                players=players,
                rules=data["rules"],
                seed=seed,
                seconds=float(seconds) if seconds is not None else None,
                lexicon=lexicon if isinstance(lexicon, str) else None,
                sheet=sheet,
                actions=data.get("actions", []),
                pending=data.get("pending", []),
                events=data.get("events", []),
                created=str(data.get("created", "")),
                updated=str(data.get("updated", "")),
                status=data.get("status", "en_cours"),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise DuplicateError("save_corrupt", path=source, detail=str(exc)) from None


class DuplicateStore(GameStore):
    """The folder of saved duplicate games (``duplicate/`` under the saved games' folder), written
    with the classic store's atomic writer: temporary file, fsync, rename, previous save as .bak."""

    def __init__(self, directory: Path | None = None) -> None:
        super().__init__(directory or default_directory() / "duplicate")

    def load(self, game_id: str, backup: bool = False) -> DuplicateRecord:  # type: ignore[override]
        path = self.path(game_id)
        if backup:
            path = path.with_suffix(".json.bak")
        return load_record(path)

    def records(self) -> list[tuple[Path, Any]]:
        if not self.directory.is_dir():
            return []
        found: list[tuple[Path, Any]] = []
        for path in sorted(self.directory.glob("*.json")):
            try:
                found.append((path, load_record(path)))
            except ScrabbleError as exc:
                found.append((path, exc))
        found.sort(key=lambda item: item[0].stat().st_mtime if item[0].exists() else 0.0, reverse=True)
        return found

    def latest(self, unfinished_only: bool = False, report_damaged: bool = False) -> Any:
        for _path, record in self.records():
            if isinstance(record, ScrabbleError):
                if report_damaged:
                    raise record
                continue
            if not unfinished_only or record.status == "en_cours":
                return record
        return None


def load_record(path: Path) -> DuplicateRecord:
    data = read_limited(path, MAX_BYTES, missing="save_missing")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise DuplicateError("save_corrupt", path=str(path), detail="UTF-8") from None
    return DuplicateRecord.from_json(text, str(path))


