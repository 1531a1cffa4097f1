"""What a screen asks of the app: Textual messages the app handles (``on_start_game`` …).

A screen posts one (``self.post_message(StartGame(config))``): it bubbles from the screen to the
app, which opens the game (through :mod:`scrabble_fr.opening`), shows the seat, switches the
language. A screen thus never imports the app nor calls its methods, and the app's policy (a
browser's visitor opens no game of its own) is applied in the one place that handles the request.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual.message import Message

if TYPE_CHECKING:
    from scrabble_fr.duplicate import DuplicateSettings
    from scrabble_fr.match.config import GameConfig, Verification
    from scrabble_fr.opening import Opened, TableSeat
    from scrabble_fr.table import TableSession
    from scrabble_fr.table.rematch import Rematch


# Dataclasses: Textual's Message initialises itself in __post_init__, which the dataclass calls.
@dataclass
class StartGame(Message):
    """A classic game of this terminal (the set-up's, or a local rematch)."""

    config: GameConfig


@dataclass
class StartDuplicate(Message):
    """A duplicate game of this terminal."""

    settings: DuplicateSettings


@dataclass
class StartTable(Message):
    """A shared table created from the set-up's game: its codes shown, then a seat taken here."""

    config: GameConfig


@dataclass
class NewGame(Message):
    """Back to the set-up screen (a visitor's: the code entry), the game left."""


@dataclass
class FollowRematch(Message):
    """This seat follows its table's rematch."""

    session: TableSession
    rematch: Rematch


@dataclass
class TableOpened(Message):
    """A table's seat opened from a code typed on a screen: shown in place of that screen."""

    opened: Opened[TableSeat]


@dataclass
class SwitchLanguage(Message):
    """Every screen re-rendered in ``language`` (``fr``, ``en``)."""

    language: str


@dataclass
class SetVerification(Message):
    """Who judges the challenged words from now on."""

    mode: Verification
