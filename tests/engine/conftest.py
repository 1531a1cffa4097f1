"""Helpers for the engine tests: rigging a game's racks and bag, and small tile sets."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Callable, Sequence

import pytest

from scrabble_fr.engine.game import Game
from scrabble_fr.engine.rules import Rules
from scrabble_fr.engine.tiles import TileSet


def _rig(game: Game, racks: Sequence[str], next_draws: str = "") -> Game:
    """Give each player the rack named and put ``next_draws`` on top of the bag, in drawing order.

    Tiles only move between the racks and the bag, so the tile set is still conserved. The rest
    of the bag keeps a fixed (sorted) order so that a test's draws are predictable.
    """
    pool = Counter(game.bag)
    for rack in game.racks:
        pool.update(rack)
    wanted = Counter("".join(racks)) + Counter(next_draws)
    missing = wanted - pool
    assert not missing, f"the tile set lacks {dict(missing)}"
    rest = sorted((pool - wanted).elements())
    # The game draws with list.pop(), from the end of the bag.
    game._bag = rest + list(reversed(next_draws))
    game.position.racks[:] = list(racks)
    assert game.tiles_conserved()
    return game


@pytest.fixture
def rig() -> Callable[..., Game]:
    return _rig


def _mini_rules(base: str, letters: str, **changes: object) -> Rules:
    """A preset played with a small tile set: exactly ``letters``, valued as in the preset's set."""
    rules = Rules.preset(base)
    values = {letter: rules.tile_set.values[letter] for letter in set(letters)}
    tile_set = TileSet("mini", Counter(letters), values)
    return replace(rules, tile_set=tile_set, **changes)


@pytest.fixture
def mini_rules() -> Callable[..., Rules]:
    return _mini_rules


def snapshot(game: Game) -> tuple[object, ...]:
    """Everything a player or an undo can observe of a game."""
    return (
        game.position.to_cgp(),
        game.bag,
        game.history,
        game.phase,
        game.pending,
        game.termination,
        game.passes_in_a_row,
        game.scoreless_in_a_row,
        list(game.racks),
        list(game.scores),
        game.to_move,
    )


@pytest.fixture
def game_snapshot() -> Callable[[Game], tuple[object, ...]]:
    return snapshot
