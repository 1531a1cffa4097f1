"""Resuming a saved game, classic or duplicate: one service for the command line and the app.

    >>> import tempfile, pathlib; store = RecordStore(pathlib.Path(tempfile.mkdtemp()))
    >>> offer(store) is None
    True

A saved game is found (:func:`find`: by id, the newest unfinished one, or a damaged game's
previous save), checked before any screen opens (:func:`check`: it replays as recorded, its
players are valid, no other process has it open), and opened as the session of its kind
(:func:`open_session`: a :class:`~scrabble_fr.match.Match` or a
:class:`~scrabble_fr.duplicate.DuplicateSession`) under the game's one-writer lock. At start the
app asks :func:`offer` what to propose: the newest unfinished game, or the previous save of a
damaged one (:func:`retire` then puts the damaged file out of the list, kept for whoever wants to
look at it).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from scrabble_fr.duplicate.save import DuplicateRecord
from scrabble_fr.duplicate.session import DuplicateSession
from scrabble_fr.engine.errors import ScrabbleError
from scrabble_fr.engine.wordlist import WordList
from scrabble_fr.match.config import config_from_record
from scrabble_fr.match.match import Match
from scrabble_fr.records.errors import RecordError
from scrabble_fr.records.recorder import LocalSave
from scrabble_fr.records.save import SavedGame
from scrabble_fr.records.store import RecordStore, SavedRecord, SaveStatus, new_id
from scrabble_fr.training.save import ToppingRecord
from scrabble_fr.training.topping import ToppingSession

Session = Match | DuplicateSession | ToppingSession


def saved_games(directory: Path | None = None) -> RecordStore:
    """The store of saved games with every kind readable: this module loads each kind's record
    (classic, duplicate, topping), and a kind registers itself when loaded; a store opened before
    that would read a duplicate or topping game as a damaged file."""
    return RecordStore(directory)


def find(store: RecordStore, reference: str | None = None, *, backup: bool = False,
         kind: type[SavedRecord] | None = None) -> SavedRecord:
    """The game to resume: ``reference`` (an id) or, without one, the newest unfinished game (of
    ``kind``); with ``backup``, the previous save of that game, or of the newest file, damaged or
    not. Raises :class:`RecordError` (nothing saved, a damaged newest file, an unknown id)."""
    if reference:
        return store.load(reference, backup=backup)
    if backup:
        newest = next(iter(store.records(kind)), None)
        if newest is None:
            raise RecordError("save_none", directory=str(store.directory))
        return store.load(_game_id(newest[0]), backup=True)
    latest = store.latest(kind, unfinished_only=True, report_damaged=True)
    if latest is None:
        raise RecordError("save_none", directory=str(store.directory))
    return latest


def lexicon_source(record: SavedRecord) -> str:
    """The name or path of the word list a saved game was played with (``fr``/``en``: the
    shipped or default list of that language)."""
    if isinstance(record, (DuplicateRecord, ToppingRecord)):
        return record.lexicon or str(record.rules.get("lexicon", "fr"))
    if isinstance(record, SavedGame):
        config = config_from_record(record)
        return config.lexicon_path or config.rules.lexicon
    raise RecordError("save_corrupt", path=record.id, id=record.id, detail="kind")


def list_language(record: SavedRecord) -> str | None:
    """The language of the rules a saved game is played under (``fr``, ``en``), whose shipped
    list judges when the game's own list cannot be loaded."""
    rules = getattr(record, "rules", None)
    language = rules.get("lexicon") if isinstance(rules, dict) else None
    return language if isinstance(language, str) else None


def check(record: SavedRecord, store: RecordStore, lexicon: WordList | None = None, *,
          take_over: bool = False) -> None:
    """Raise unless ``record`` can be opened now: it replays as recorded (a duplicate game with
    ``lexicon``), its players are valid, and — unless ``take_over`` — no other process has it."""
    if isinstance(record, SavedGame):
        record.rebuild()
        config_from_record(record)
    elif isinstance(record, DuplicateRecord):
        if lexicon is None:
            raise RecordError("save_replay", id=record.id, detail="no word list")
        record.rebuild(lexicon)
    elif isinstance(record, ToppingRecord):
        if lexicon is None:
            raise RecordError("save_replay", id=record.id, detail="no word list")
        ToppingSession.from_record(record, lexicon)
    if not take_over:
        store.lock(record.id).check()


def open_session(record: SavedRecord, store: RecordStore, lexicon: WordList | None, *, take_over: bool = False,
                 as_new: bool = False, now: Callable[[], float] = time.monotonic) -> Session:
    """The session of a saved game, where it stopped, holding its lock. ``as_new``: saved under a
    new id (a game resumed from a backup: the damaged file stays as it was). Raises the record's
    error or ``save_locked``; nothing is opened then."""
    # The game is recorded where it was saved, under its lock.
    save = LocalSave(store, take_over=take_over)
    if isinstance(record, DuplicateRecord):
        if lexicon is None:
            raise RecordError("save_replay", id=record.id, detail="no word list")
        if as_new:
            return DuplicateSession(record.rebuild(lexicon, now=now), recorder=save, lexicon=record.lexicon)
        return DuplicateSession.from_record(record, lexicon, recorder=save, now=now)
    if isinstance(record, ToppingRecord):
        if lexicon is None:
            raise RecordError("save_replay", id=record.id, detail="no word list")
        if as_new:
            record = replace(record, id=new_id())
        return ToppingSession.from_record(record, lexicon, recorder=save, now=now)
    if isinstance(record, SavedGame):
        game = record.rebuild()
        config = config_from_record(record)
        if as_new:
            record = config.new_record(game, record.settings)
        return Match(config, game=game, record=record, recorder=save, lexicon=lexicon, now=now)
    raise RecordError("save_corrupt", path=record.id, id=record.id, detail="kind")


@dataclass(frozen=True)
class Offer:
    """What the app proposes at start: an unfinished game, or a damaged game's previous save."""

    record: SavedRecord
    damaged: Path | None = None  # the damaged file, when ``record`` is its previous save
    error: RecordError | None = None  # what is wrong with it


def offer(store: RecordStore) -> Offer | None:
    """The game to propose at start, if any: the newest damaged file's previous save when it
    replays, else the newest unfinished game. Damaged files with no usable backup are listed in
    :func:`unrecoverable`."""
    try:
        found = store.records()
    except OSError:
        return None
    for path, record in found:
        if not isinstance(record, RecordError):
            continue
        try:
            backup = store.load(_game_id(path), backup=True)
            if isinstance(backup, SavedGame):
                backup.rebuild()
        except ScrabbleError:
            continue
        return Offer(backup, damaged=path, error=record)
    for _path, record in found:
        if not isinstance(record, RecordError) and record.status is SaveStatus.IN_PROGRESS:
            return Offer(record)
    return None


def unrecoverable(store: RecordStore) -> list[RecordError]:
    """The damaged files whose previous save cannot be resumed either."""
    errors = []
    try:
        found = store.records()
    except OSError:
        return []
    for path, record in found:
        if isinstance(record, RecordError):
            try:
                backup = store.load(_game_id(path), backup=True)
                if isinstance(backup, SavedGame):
                    backup.rebuild()
            except ScrabbleError:
                errors.append(record)
    return errors


def retire(path: Path) -> None:
    """Put a damaged save out of the list of games (renamed ``….damaged``, kept as it was)."""
    try:
        os.replace(path, path.with_name(path.name + ".damaged"))
    except OSError:
        pass


def _game_id(path: Path) -> str:
    return path.name[: -len(".json")]
