"""Saved topping games: the seed and, per coup, the tries with their times, the hints and the
time taken; a kind of record of the one store (:mod:`scrabble_fr.records.store`).

    >>> r = ToppingRecord(id="x", player="Alice", rules={}, seed=4, seconds=60.0)
    >>> ToppingRecord.from_json(r.to_json()).seed
    4

A topping game replays from its seed like a duplicate (:class:`~scrabble_fr.duplicate.save.DuplicateRecord`):
each closed coup's draw and top must come out as recorded, or the record was made with another
word list. The coup in progress keeps the time it had taken, so leaving a coup does not stop
its count.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scrabble_fr.records.store import SavedRecord, register_kind

FORMAT = "scrabble_fr-topping"
VERSION = 1


def _check_coup(data: Any) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ValueError("coup")
    tries = data.get("tries", [])
    if not isinstance(tries, list) or not all(
            isinstance(t, list) and len(t) == 2 and isinstance(t[0], (int, float)) and isinstance(t[1], str)
            for t in tries):
        raise ValueError("tries")
    hints, elapsed = data.get("hints", 0), data.get("elapsed", 0.0)
    if not isinstance(hints, int) or isinstance(hints, bool) or hints < 0:
        raise ValueError("hints")
    if not isinstance(elapsed, (int, float)) or isinstance(elapsed, bool) or elapsed < 0:
        raise ValueError("elapsed")
    return data


@register_kind
@dataclass(kw_only=True)
class ToppingRecord(SavedRecord):
    """A topping game as saved. ``coups``: per closed coup ``{"n", "tirage", "top", "tries":
    [[seconds, text], …], "hints", "elapsed", "found", "count"}`` and, for a top found, ``"played"``
    (the text of the player's move; absent in older records); ``current``: the coup in
    progress's ``{"tries", "hints", "elapsed"}`` (None at the end)."""

    FORMAT = FORMAT
    VERSION = VERSION

    player: str
    rules: dict[str, Any]
    seed: int
    seconds: float
    lexicon: str | None = None
    coups: list[dict[str, Any]] = field(default_factory=list)
    current: dict[str, Any] | None = None

    @property
    def player_names(self) -> list[str]:
        return [self.player]

    def body(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "rules": self.rules,
            "seed": self.seed,
            "seconds": self.seconds,
            "lexicon": self.lexicon,
            "coups": self.coups,
            "current": self.current,
        }

    @classmethod
    def from_body(cls, envelope: dict[str, Any], data: dict[str, Any]) -> ToppingRecord:
        player, seed, seconds = data["player"], data["seed"], data["seconds"]
        if not isinstance(player, str):
            raise ValueError("player")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError("seed")
        if not isinstance(seconds, (int, float)) or isinstance(seconds, bool) or seconds <= 0:
            raise ValueError("seconds")
        if not isinstance(data["rules"], dict):
            raise ValueError("rules")
        coups = data.get("coups", [])
        if not isinstance(coups, list):
            raise ValueError("coups")
        current = data.get("current")
        lexicon = data.get("lexicon")
        return cls(
            **envelope,
            player=player,
            rules=data["rules"],
            seed=seed,
            seconds=float(seconds),
            lexicon=lexicon if isinstance(lexicon, str) else None,
            coups=[_check_coup(coup) for coup in coups],
            current=_check_coup(current) if current is not None else None,
        )
