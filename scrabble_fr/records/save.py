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

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from scrabble_fr.engine.errors import ScrabbleError
from scrabble_fr.engine.game import Event, Game
from scrabble_fr.engine.rules import rules_from_mapping, rules_to_mapping
from scrabble_fr.engine.wordlist import WordList
from scrabble_fr.records.errors import RecordError
from scrabble_fr.records.store import SavedRecord, new_id, register_kind

FORMAT = "scrabble_fr-partie"
VERSION = 1


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


def lexicon_words(settings: Mapping[str, Any]) -> int | None:
    """The word count of the list that judged a game, as its settings keep it (``lexicon_words``,
    a saved game's or a shared table's); None when it is not kept or is no count of words."""
    count = settings.get("lexicon_words")
    return count if isinstance(count, int) and not isinstance(count, bool) and count > 0 else None


@register_kind
@dataclass(kw_only=True)
class SavedGame(SavedRecord):
    """A classic game as saved: who played, under which rules, from which seed, and what happened."""

    FORMAT = FORMAT
    VERSION = VERSION

    players: list[dict[str, Any]]  # {"name": str, "computer_level": int | None}
    rules: dict[str, Any]
    seed: int
    actions: list[dict[str, Any]] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)
    settings: dict[str, Any] = field(default_factory=dict)  # verification, lexicon, clock…
    notes: list[dict[str, Any]] = field(default_factory=list)  # undos, hints, look-ups (the match's)

    @property
    def player_names(self) -> list[str]:
        return [str(p["name"]) for p in self.players]

    def record_lexicon(self, lexicon: WordList) -> None:
        """Keep the name and the word count of the list that judges the game (``lexicon_name``,
        ``lexicon_words``), so a record says which list its verdicts came from."""
        self.settings["lexicon_name"] = lexicon.name
        self.settings["lexicon_words"] = len(lexicon)

    @property
    def lexicon_words(self) -> int | None:
        return lexicon_words(self.settings)

    @classmethod
    def new(cls, game: Game, players: list[tuple[str, int | None]], settings: dict[str, Any] | None = None,
            game_id: str | None = None) -> SavedGame:
        record = cls(
            id=game_id or new_id(),
            players=[{"name": name, "computer_level": level} for name, level in players],
            rules=rules_to_mapping(game.rules),
            seed=game.seed,
            settings=dict(settings or {}),
        )
        record.update(game)
        return record

    def update(self, game: Game) -> None:
        """Take the game's current actions and events."""
        self.actions = game.actions
        self.events = [event_to_data(event) for event in game.history]
        self.touch(finished=game.is_over)

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
    def body(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "rules": self.rules,
            "seed": self.seed,
            "settings": self.settings,
            "actions": self.actions,
            "events": self.events,
            "notes": self.notes,
        }

    @classmethod
    def from_body(cls, envelope: dict[str, Any], data: dict[str, Any]) -> SavedGame:
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
        settings = data.get("settings", {})
        if not isinstance(settings, dict) or not isinstance(data["rules"], dict):
            raise ValueError("settings")
        notes = data.get("notes", [])
        if not isinstance(notes, list) or not all(isinstance(note, dict) for note in notes):
            raise ValueError("notes")
        return cls(**envelope, players=players, rules=data["rules"], seed=seed, actions=actions, events=events,
                   settings=settings, notes=notes)
