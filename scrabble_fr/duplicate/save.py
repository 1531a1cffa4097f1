"""Saved duplicate games: the seed, the players, the sheet if one is replayed and every coup's
proposals, a kind of record of the one store (:mod:`scrabble_fr.records.store`).

    >>> from scrabble_fr.words import WordSet
    >>> words = WordSet(["NET", "NETS", "SENT", "NEST"])
    >>> from scrabble_fr.duplicate.game import DuplicateGame
    >>> g = DuplicateGame(["Alice"], lexicon=words, seed=4, seconds=None); r = DuplicateRecord.new(g)
    >>> DuplicateRecord.from_json(r.to_json()).rebuild(words).current.draw == g.current.draw
    True

A duplicate game replays from its seed, so resuming it means replaying every closed coup's
proposals; the sheet recorded beside them (draw, placed move and score per coup) must come out
the same, or the record was made with another word list. The coup in progress is resumed with
its proposals so far and a fresh clock.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from scrabble_fr.duplicate.export import replay_data
from scrabble_fr.duplicate.game import DuplicateGame
from scrabble_fr.duplicate.sheet import read_line
from scrabble_fr.duplicate.variant import Variant
from scrabble_fr.engine.errors import ScrabbleError
from scrabble_fr.engine.rules import rules_from_mapping, rules_to_mapping
from scrabble_fr.engine.wordlist import WordList
from scrabble_fr.records.errors import RecordError
from scrabble_fr.records.store import SavedRecord, new_id, register_kind

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


def _comparable(coup: Any) -> tuple[Any, ...]:
    # What a replay must give again, whatever keys the saving version wrote besides.
    if not isinstance(coup, dict):
        return (coup,)
    return coup.get("n"), coup.get("tirage"), coup.get("top"), coup.get("placed")


@register_kind
@dataclass(kw_only=True)
class DuplicateRecord(SavedRecord):
    """A duplicate game as saved."""

    FORMAT = FORMAT
    VERSION = VERSION

    players: list[str]
    rules: dict[str, Any]
    seed: int
    seconds: float | None
    lexicon: str | None = None
    club: bool = False  # a club game: the times of the rules only
    variant: Variant = Variant.CLASSIC  # a save written before the variants is a classic game
    sheet: list[list[Any]] | None = None  # [[line number, "EEU+ESI? H4 ChACUNE"], …]
    actions: list[dict[str, Any]] = field(default_factory=list)
    pending: list[str | None] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)

    @classmethod
    def new(cls, game: DuplicateGame, lexicon: str | None = None, game_id: str | None = None) -> DuplicateRecord:
        record = cls(
            id=game_id or new_id(),
            players=list(game.players),
            rules=rules_to_mapping(game.rules),
            seed=game.seed,
            seconds=game.seconds,
            lexicon=lexicon,
            club=game.club,
            variant=game.variant,
            sheet=_sheet_lines(game),
        )
        record.update(game)
        return record

    @property
    def player_names(self) -> list[str]:
        return list(self.players)

    def update(self, game: DuplicateGame) -> None:
        """Take the game's closed coups and the proposals of the coup in progress."""
        self.actions = game.actions
        current = game.current
        self.pending = [p.text if p is not None else None for p in current.proposals] if current else []
        self.events = replay_data(game)["coups"]
        self.touch(finished=game.is_over)

    def rebuild(self, lexicon: WordList, now: Callable[[], float] = time.monotonic) -> DuplicateGame:
        """Replay the game with ``lexicon``; raises :class:`RecordError` ``save_replay`` if it
        does not come out as recorded."""
        try:
            sheet = None
            rules = rules_from_mapping(self.rules)
            if self.sheet is not None:
                size = self.variant.draw_size(rules.rack_size)
                sheet = [read_line(int(number), str(text), size) for number, text in self.sheet]
            game = DuplicateGame(self.players, lexicon=lexicon, rules=rules, seed=self.seed, sheet=sheet,
                                 seconds=self.seconds, club=self.club, now=now, variant=self.variant)
            for action in self.actions:
                self._apply(game, action["proposals"])
                game.close_coup()
            if game.current is not None and self.pending:
                self._apply(game, self.pending)
        except ScrabbleError as exc:
            raise RecordError("save_replay", id=self.id, detail=str(exc)) from None
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError("save_replay", id=self.id, detail=type(exc).__name__) from None
        if [_comparable(c) for c in replay_data(game)["coups"]] != [_comparable(c) for c in self.events]:
            raise RecordError("save_replay", id=self.id, detail="sheet differs")
        return game

    @staticmethod
    def _apply(game: DuplicateGame, proposals: list[str | None]) -> None:
        if len(proposals) != len(game.players):
            raise ValueError("proposals")
        for player, text in enumerate(proposals):
            if text is not None:
                game.propose(player, text)

    def body(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "rules": self.rules,
            "seed": self.seed,
            "seconds": self.seconds,
            "club": self.club,
            "variant": self.variant.value,
            "lexicon": self.lexicon,
            "sheet": self.sheet,
            "actions": self.actions,
            "pending": self.pending,
            "events": self.events,
        }

    @classmethod
    def from_body(cls, envelope: dict[str, Any], data: dict[str, Any]) -> DuplicateRecord:
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
        if not isinstance(data["rules"], dict):
            raise ValueError("rules")
        lexicon = data.get("lexicon")
        # A save from before the variants has none: the classic duplicate; an unknown name is a
        # damaged save (ValueError), never silently another game.
        variant_name = data.get("variant", Variant.CLASSIC.value)
        if not isinstance(variant_name, str):
            raise ValueError("variant")
        variant = Variant(variant_name)
        return cls(
            **envelope,
            players=players,
            rules=data["rules"],
            seed=seed,
            seconds=float(seconds) if seconds is not None else None,
            club=data.get("club") is True,
            variant=variant,
            lexicon=lexicon if isinstance(lexicon, str) else None,
            sheet=sheet,
            actions=data.get("actions", []),
            pending=data.get("pending", []),
            events=data.get("events", []),
        )
