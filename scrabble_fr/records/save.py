"""Saved games: versioned JSON holding the rule set, the seed and every action, written atomically.

    >>> from scrabble_fr.engine.game import Game
    >>> record = SavedGame.new(Game(["Alice", "Bruno"], seed=7), players=[("Alice", None), ("Bruno", None)])
    >>> SavedGame.from_json(record.to_json()).rebuild().racks == record.rebuild().racks
    True

A saved game replays from its seed and actions, so it can be resumed exactly (same bag order,
racks, scores, any announced move awaiting contestation) and audited: the events recorded beside
the actions must be the ones the replay produces. Each write goes to a temporary file, is flushed
and synced to disk, then renamed over the save, the previous good save being kept as ``.bak``:
a crash or a power cut at any moment leaves one good file.
"""

from __future__ import annotations

import json
import os
import secrets
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, ClassVar, Protocol

from scrabble_fr.engine.errors import ScrabbleError
from scrabble_fr.engine.game import Event, Game
from scrabble_fr.engine.rules import rules_from_mapping, rules_to_mapping
from scrabble_fr.records.atomic import write_atomic
from scrabble_fr.records.errors import RecordError
from scrabble_fr.records.files import read_limited

FORMAT = "scrabble_fr-partie"
VERSION = 1
MAX_BYTES = 20_000_000


def default_directory() -> Path:
    """Where games are saved: the user data folder (``SCRABBLE_FR_PARTIES`` overrides it)."""
    explicit = os.environ.get("SCRABBLE_FR_PARTIES")
    if explicit:
        return Path(explicit)
    from platformdirs import user_data_dir

    return Path(user_data_dir("scrabble_fr")) / "parties"


def _now() -> str:
    return datetime.now(UTC).replace(microsecond=0).isoformat()


def new_id() -> str:
    return datetime.now().strftime("%Y%m%d-%H%M%S") + "-" + secrets.token_hex(2)


def event_to_data(event: Event) -> dict[str, Any]:
    data: dict[str, Any] = {
        "n": event.number,
        "kind": event.kind.value,
        "player": event.player,
        "rack": event.rack,
        "points": event.points,
        "total": event.total,
    }
    if event.words:
        data["words"] = list(event.words)
    return data


class Storable(Protocol):
    """What the store writes: a record with an id that turns itself into JSON (a classic game,
    a duplicate game)."""

    id: str

    def to_json(self) -> str: ...


@dataclass
class SavedGame:
    """A game as saved: who played, under which rules, from which seed, and what happened."""

    id: str
    players: list[dict[str, Any]]  # {"name": str, "computer_level": int | None}
    rules: dict[str, Any]
    seed: int
    actions: list[dict[str, Any]]
    events: list[dict[str, Any]] = field(default_factory=list)
    created: str = ""
    updated: str = ""
    status: str = "en_cours"  # or "terminee"
    settings: dict[str, Any] = field(default_factory=dict)  # verification, lexicon, clock…
    notes: list[dict[str, Any]] = field(default_factory=list)  # undos, hints, look-ups (the match's)

    STATUSES: ClassVar[tuple[str, str]] = ("en_cours", "terminee")

    def record_lexicon(self, lexicon: Any) -> None:
        """Keep the name and the word count of the list that judges the game (``lexicon_name``,
        ``lexicon_words``), so a record says which list its verdicts came from."""
        self.settings["lexicon_name"] = lexicon.name
        self.settings["lexicon_words"] = len(lexicon)

    @property
    def lexicon_words(self) -> int | None:
        count = self.settings.get("lexicon_words")
        return count if isinstance(count, int) and not isinstance(count, bool) and count >= 0 else None

    @property
    def date_text(self) -> str:
        """When it was last saved, in local time: ``2026-11-22 20:56``."""
        stamp = self.updated or self.created
        try:
            return datetime.fromisoformat(stamp).astimezone().strftime("%Y-%m-%d %H:%M")
        except ValueError:
            return stamp[:16]

    @classmethod
    def new(cls, game: Game, players: list[tuple[str, int | None]], settings: dict[str, Any] | None = None,
            game_id: str | None = None) -> SavedGame:
        record = cls(
            id=game_id or new_id(),
            players=[{"name": name, "computer_level": level} for name, level in players],
            rules=rules_to_mapping(game.rules),
            seed=game.seed,
            actions=[],
            created=_now(),
            settings=dict(settings or {}),
        )
        record.update(game)
        return record

    def update(self, game: Game) -> None:
        """Take the game's current actions and events."""
        self.actions = game.actions
        self.events = [event_to_data(event) for event in game.history]
        self.status = "terminee" if game.is_over else "en_cours"
        self.updated = _now()

    def rebuild(self) -> Game:
        """Replay the game; raises :class:`RecordError` if the record does not replay as written."""
        try:
            rules = rules_from_mapping(self.rules)
            game = Game.replay([p["name"] for p in self.players], rules, self.seed, self.actions)
        except ScrabbleError as exc:
            raise RecordError("save_replay", id=self.id, detail=str(exc)) from None
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError("save_replay", id=self.id, detail=type(exc).__name__) from None
        if self.events and [event_to_data(e) for e in game.history] != self.events:
            raise RecordError("save_replay", id=self.id, detail="events differ")
        return game

    # -- JSON ------------------------------------------------------------------------------
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
                "settings": self.settings,
                "actions": self.actions,
                "events": self.events,
                "notes": self.notes,
            },
            ensure_ascii=False,
            indent=1,
        )

    @classmethod
    def from_json(cls, text: str, source: str = "") -> SavedGame:
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, RecursionError):
            raise RecordError("save_corrupt", path=source, id=_id_of(source), detail="JSON") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError("save_corrupt", path=source, id=_id_of(source), detail="format")
        version = data.get("version")
        if version != VERSION:
            raise RecordError("save_version", path=source, id=_id_of(source), version=str(version), supported=VERSION)
        try:
            players = data["players"]
            if not isinstance(players, list) or not 1 <= len(players) <= 8:
                raise ValueError("players")
            for player in players:
                if not isinstance(player, dict) or not isinstance(player.get("name"), str):
                    raise ValueError("player")
                level = player.get("computer_level")
                if level is not None and (not isinstance(level, int) or isinstance(level, bool)):
                    raise ValueError("computer_level")
            seed = data["seed"]
            if not isinstance(seed, int) or isinstance(seed, bool):
                raise ValueError("seed")
            actions = data["actions"]
            events = data.get("events", [])
            if not isinstance(actions, list) or not isinstance(events, list):
                raise ValueError("actions")
            status = data.get("status", "en_cours")
            if status not in cls.STATUSES:
                raise ValueError("status")
            settings = data.get("settings", {})
            if not isinstance(settings, dict) or not isinstance(data["rules"], dict):
                raise ValueError("settings")
            notes = data.get("notes", [])
            if not isinstance(notes, list) or not all(isinstance(note, dict) for note in notes):
                raise ValueError("notes")
            return cls(
                id=str(data["id"]),
                players=players,
                rules=data["rules"],
                seed=seed,
                actions=actions,
                events=events,
                created=str(data.get("created", "")),
                updated=str(data.get("updated", "")),
                status=status,
                settings=settings,
                notes=notes,
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError("save_corrupt", path=source, id=_id_of(source), detail=str(exc)) from None


class GameStore:
    """The folder of saved games: one ``ID.json`` per game, with ``ID.json.bak`` the previous save."""

    def __init__(self, directory: Path | None = None) -> None:
        self.directory = directory or default_directory()

    def path(self, game_id: str) -> Path:
        if not game_id or any(ch in game_id for ch in "/\\\0") or game_id.startswith("."):
            raise RecordError("save_unknown", id=game_id)
        return self.directory / f"{game_id}.json"

    def lock_path(self, game_id: str) -> Path:
        """The lock file naming the process that plays the game (see :mod:`scrabble_fr.match.lock`)."""
        return self.path(game_id).with_suffix(".lock")

    def save(self, record: Storable) -> Path:
        """Write atomically: temporary file, flush, fsync, rename; the previous save becomes .bak."""
        target = self.path(record.id)
        write_atomic(target, record.to_json().encode("utf-8"), backup=target.with_suffix(".json.bak"))
        return target

    def load(self, game_id: str, backup: bool = False) -> SavedGame:
        path = self.path(game_id)
        if backup:
            path = path.with_suffix(".json.bak")
        return load_file(path)

    def records(self) -> list[tuple[Path, SavedGame | RecordError]]:
        """Every saved game, newest first; an unreadable one comes with its error."""
        if not self.directory.is_dir():
            return []
        found: list[tuple[Path, SavedGame | RecordError]] = []
        for path in sorted(self.directory.glob("*.json")):
            try:
                found.append((path, load_file(path)))
            except RecordError as exc:
                found.append((path, exc))
        # Newest first by the file's own time: a damaged file has no date of its own to offer.
        found.sort(key=lambda item: _mtime(item[0]), reverse=True)
        return found

    def latest(self, unfinished_only: bool = False, report_damaged: bool = False) -> SavedGame | None:
        """The newest saved game (unfinished only, if asked). With ``report_damaged``, a damaged
        file newer than it raises its error instead of being passed over in silence."""
        for _path, record in self.records():
            if isinstance(record, RecordError):
                if report_damaged:
                    raise record
                continue
            if not unfinished_only or record.status == "en_cours":
                return record
        return None

    def resolve(self, reference: str) -> SavedGame:
        """A game by id, or ``dernier``/``last`` for the newest."""
        if reference.lower() in ("dernier", "derniere", "last", "latest"):
            record = self.latest()
            if record is None:
                raise RecordError("save_none", directory=str(self.directory))
            return record
        return self.load(reference)


def load_file(path: Path) -> SavedGame:
    data = read_limited(path, MAX_BYTES, missing="save_missing")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError("save_corrupt", path=str(path), id=_id_of(str(path)), detail="UTF-8") from None
    return SavedGame.from_json(text, str(path))


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _id_of(source: str) -> str:
    """The game id of a save file's path (``…/ID.json`` or ``…/ID.json.bak``)."""
    return Path(source).name.split(".json")[0] if source else "?"
