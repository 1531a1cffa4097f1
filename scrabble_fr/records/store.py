"""The one store of saved games: one folder, one envelope, a loader per kind of game.

    >>> import tempfile, pathlib; from scrabble_fr.records.save import SavedGame
    >>> store = RecordStore(pathlib.Path(tempfile.mkdtemp())); store.records()
    []

Every saved game, classic or duplicate, is one ``ID.json`` file in the store's folder, its
previous version kept as ``ID.json.bak``. The file is an *envelope* — ``format`` (the kind of
record), ``version``, ``id``, ``created``, ``updated`` (UTC, ISO 8601), ``status`` — around the
kind's own fields. A kind is a :class:`SavedRecord` subclass registered with
:func:`register_kind`: it names its format, and turns its fields into JSON data and back
(:meth:`SavedRecord.body`, :meth:`SavedRecord.from_body`). The store writes through the one
atomic write (:mod:`scrabble_fr.records.atomic`), reads any registered kind, lists them newest
first with the damaged ones beside them, and hands out the one-writer lock of each game
(:mod:`scrabble_fr.records.lock`).
"""

from __future__ import annotations

import json
import os
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path
from typing import Any, ClassVar, TypeVar

from scrabble_fr.records.atomic import write_atomic
from scrabble_fr.records.errors import RecordError
from scrabble_fr.records.files import read_limited
from scrabble_fr.records.lock import SaveLock

MAX_BYTES = 20_000_000
LAST = ("dernier", "derniere", "dernière", "last", "latest")


class SaveStatus(StrEnum):
    """Where a saved game stands (the values are the file's words)."""

    IN_PROGRESS = "en_cours"
    FINISHED = "terminee"


def default_directory() -> Path:
    """Where games are saved: the user data folder (``SCRABBLE_FR_PARTIES`` overrides it)."""
    explicit = os.environ.get("SCRABBLE_FR_PARTIES")
    if explicit:
        return Path(explicit)
    from platformdirs import user_data_dir

    return Path(user_data_dir("scrabble_fr")) / "parties"


def now_text() -> str:
    """The current time as a record writes it: UTC, to the second, ISO 8601."""
    return datetime.now(UTC).replace(microsecond=0).isoformat()


def new_id() -> str:
    """A new game's id: its local start time and four random hex digits (``20261122-205601-3fa2``)."""
    return datetime.now().strftime("%Y%m%d-%H%M%S") + "-" + secrets.token_hex(2)


R = TypeVar("R", bound="SavedRecord")


@dataclass(kw_only=True)
class SavedRecord:
    """What every saved game has: the envelope's fields. A kind adds its own and names ``FORMAT``."""

    FORMAT: ClassVar[str] = ""
    VERSION: ClassVar[int] = 1

    id: str
    created: str = ""
    updated: str = ""
    status: SaveStatus = SaveStatus.IN_PROGRESS

    # -- what a kind provides ----------------------------------------------------------------
    def body(self) -> dict[str, Any]:
        """The kind's own fields as JSON data."""
        raise NotImplementedError

    @classmethod
    def from_body(cls: type[R], envelope: dict[str, Any], data: dict[str, Any]) -> R:
        """The record from its envelope's fields (keyword arguments) and its file's data; raises
        KeyError, TypeError or ValueError when a field is missing or malformed."""
        raise NotImplementedError

    @property
    def player_names(self) -> list[str]:
        raise NotImplementedError

    # -- shared ------------------------------------------------------------------------------
    @property
    def kind(self) -> str:
        return self.FORMAT

    @property
    def date_text(self) -> str:
        """When it was last saved, in local time: ``2026-11-22 20:56``."""
        stamp = self.updated or self.created
        try:
            return datetime.fromisoformat(stamp).astimezone().strftime("%Y-%m-%d %H:%M")
        except ValueError:
            return stamp[:16].replace("T", " ")

    def touch(self, finished: bool) -> None:
        """Mark the record as saved now, finished or not."""
        self.status = SaveStatus.FINISHED if finished else SaveStatus.IN_PROGRESS
        self.updated = now_text()
        if not self.created:
            self.created = self.updated

    def to_json(self) -> str:
        envelope = {"format": self.FORMAT, "version": self.VERSION, "id": self.id, "created": self.created,
                    "updated": self.updated, "status": self.status.value}
        return json.dumps({**envelope, **self.body()}, ensure_ascii=False, indent=1)

    @classmethod
    def from_json(cls: type[R], text: str, source: str = "") -> R:
        record = read_record(text, source, kinds={cls.FORMAT: cls})
        assert isinstance(record, cls)
        return record


_KINDS: dict[str, type[SavedRecord]] = {}


def register_kind(kind: type[R]) -> type[R]:
    """Make a kind of record readable by every store (a class decorator)."""
    _KINDS[kind.FORMAT] = kind
    return kind


def read_record(text: str, source: str = "", kinds: dict[str, type[SavedRecord]] | None = None) -> SavedRecord:
    """A record from a file's text; raises :class:`RecordError` (``save_corrupt``,
    ``save_version``) naming ``source`` when it cannot be read."""
    kinds = _KINDS if kinds is None else kinds
    game_id = _id_of(source)
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        raise RecordError("save_corrupt", path=source, id=game_id, detail="JSON") from None
    kind = kinds.get(str(data.get("format"))) if isinstance(data, dict) else None
    if kind is None:
        raise RecordError("save_corrupt", path=source, id=game_id, detail="format")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise RecordError("save_corrupt", path=source, id=game_id, detail="version")
    if version != kind.VERSION:
        raise RecordError("save_version", path=source, id=game_id, version=str(version), supported=kind.VERSION)
    try:
        status = SaveStatus(data.get("status", SaveStatus.IN_PROGRESS.value))
        envelope = {"id": str(data["id"]), "created": str(data.get("created", "")),
                    "updated": str(data.get("updated", "")), "status": status}
        return kind.from_body(envelope, data)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise RecordError("save_corrupt", path=source, id=game_id, detail=str(exc) or type(exc).__name__) from None


def load_file(path: Path) -> SavedRecord:
    """The record saved at ``path`` (any registered kind)."""
    data = read_limited(path, MAX_BYTES, missing="save_missing")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError("save_corrupt", path=str(path), id=_id_of(str(path)), detail="UTF-8") from None
    return read_record(text, str(path))


class RecordStore:
    """The folder of saved games: ``ID.json`` per game, ``ID.json.bak`` its previous save,
    ``ID.lock`` the lock of the process that plays it."""

    def __init__(self, directory: Path | None = None) -> None:
        self.directory = Path(directory) if directory is not None else default_directory()

    def __repr__(self) -> str:
        return f"RecordStore({str(self.directory)!r})"

    def path(self, game_id: str) -> Path:
        if not game_id or any(ch in game_id for ch in "/\\\0") or game_id.startswith("."):
            raise RecordError("save_unknown", id=game_id)
        return self.directory / f"{game_id}.json"

    def lock(self, game_id: str) -> SaveLock:
        """The one-writer lock of a game (not taken yet)."""
        return SaveLock(self.path(game_id).with_suffix(".lock"), game_id)

    def save(self, record: SavedRecord) -> Path:
        """Write atomically, the previous save kept as ``.bak``; raises :class:`OSError`."""
        target = self.path(record.id)
        write_atomic(target, record.to_json().encode("utf-8"), backup=target.with_suffix(".json.bak"))
        return target

    def load(self, game_id: str, backup: bool = False) -> SavedRecord:
        path = self.path(game_id)
        return load_file(path.with_suffix(".json.bak") if backup else path)

    def records(self, kind: type[SavedRecord] | None = None) -> list[tuple[Path, SavedRecord | RecordError]]:
        """Every saved game (of ``kind``, if given), newest first; an unreadable one comes with its
        error (whatever its kind: a damaged file cannot say which it was)."""
        self._adopt_older_duplicate_saves()
        if not self.directory.is_dir():
            return []
        found: list[tuple[Path, SavedRecord | RecordError]] = []
        for path in sorted(self.directory.glob("*.json")):
            try:
                record = load_file(path)
            except RecordError as exc:
                found.append((path, exc))
                continue
            if kind is None or isinstance(record, kind):
                found.append((path, record))
        # Newest first by the file's own time: a damaged file has no date of its own to offer.
        found.sort(key=lambda item: _mtime(item[0]), reverse=True)
        return found

    def latest(self, kind: type[R] | None = None, unfinished_only: bool = False,
               report_damaged: bool = False) -> SavedRecord | None:
        """The newest saved game (of ``kind``; unfinished only, if asked). With ``report_damaged``,
        a damaged file newer than it raises its error instead of being passed over in silence."""
        for _path, record in self.records(kind):
            if isinstance(record, RecordError):
                if report_damaged:
                    raise record
                continue
            if not unfinished_only or record.status is SaveStatus.IN_PROGRESS:
                return record
        return None

    def resolve(self, reference: str, kind: type[R] | None = None) -> SavedRecord:
        """A game by id, or ``dernier``/``last`` for the newest."""
        if reference.lower() in LAST:
            record = self.latest(kind)
            if record is None:
                raise RecordError("save_none", directory=str(self.directory))
            return record
        return self.load(reference)

    def _adopt_older_duplicate_saves(self) -> None:
        # Duplicate games used to be saved in a folder of their own: they join the others once.
        older = self.directory / "duplicate"
        if not older.is_dir():
            return
        for path in older.glob("*.json*"):
            target = self.directory / path.name
            if not target.exists():
                try:
                    os.replace(path, target)
                except OSError:
                    pass


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _id_of(source: str) -> str:
    """The game id of a save file's path (``…/ID.json`` or ``…/ID.json.bak``)."""
    return Path(source).name.split(".json")[0] if source else "?"
