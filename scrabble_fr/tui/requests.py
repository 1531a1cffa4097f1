"""What a screen asks of the app: Textual messages the app handles (``on_start_game`` …).

A screen posts one (``self.post_message(StartGame(config))``): it bubbles from the screen to the
app, which opens the game (through :mod:`scrabble_fr.opening`), shows the seat, switches the
language. A screen thus never imports the app nor calls its methods, and the app's policy (a
browser's visitor opens no game of its own) is applied in the one place that handles the request.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.message import Message

if TYPE_CHECKING:
    from scrabble_fr.duplicate import DuplicateSettings
    from scrabble_fr.match.config import GameConfig, Verification
    from scrabble_fr.opening import Opened, TableSeat
    from scrabble_fr.table import TableSession
    from scrabble_fr.table.rematch import Rematch


class StartGame(Message):
    """A classic game of this terminal (the set-up's, or a local rematch)."""

    def __init__(self, config: GameConfig) -> None:
        super().__init__()
        self.config = config


class StartDuplicate(Message):
    """A duplicate game of this terminal."""

    def __init__(self, settings: DuplicateSettings) -> None:
        super().__init__()
        self.settings = settings


class StartTable(Message):
    """A shared table created from the set-up's game: its codes shown, then a seat taken here."""

    def __init__(self, config: GameConfig) -> None:
        super().__init__()
        self.config = config


class NewGame(Message):
    """Back to the set-up screen (a visitor's: the code entry), the game left."""


class FollowRematch(Message):
    """This seat follows its table's rematch."""

    def __init__(self, session: TableSession, rematch: Rematch) -> None:
        super().__init__()
        self.session = session
        self.rematch = rematch


class TableOpened(Message):
    """A table's seat opened from a code typed on a screen: shown in place of that screen."""

    def __init__(self, opened: Opened[TableSeat]) -> None:
        super().__init__()
        self.opened = opened


class SwitchLanguage(Message):
    """Every screen re-rendered in ``language`` (``fr``, ``en``)."""

    def __init__(self, language: str) -> None:
        super().__init__()
        self.language = language


class SetVerification(Message):
    """Who judges the challenged words from now on."""

    def __init__(self, mode: Verification) -> None:
        super().__init__()
        self.mode = mode
