"""Which screen shows a shared table's session: the one place the app asks, whoever opened the
session (:mod:`scrabble_fr.opening`: the command line, a code typed in the app or on the
code-entry screen of ``scrabble-fr serveur``).

A classic table's seat gets the game screen; a duplicate table gives the arbitrator's screen to the
arbitrator's seat, the player's screen to a player's seat, and the projector view to a watcher
(``table regarder``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.screen import Screen

if TYPE_CHECKING:
    from scrabble_fr.table import TableSession
    from scrabble_fr.table.duplicate import DuplicateTable


def table_screen(session: TableSession | DuplicateTable) -> Screen[None]:
    """The screen that shows ``session``."""
    from scrabble_fr.table.duplicate import DuplicateTable

    if isinstance(session, DuplicateTable):
        from scrabble_fr.tui.screens.club import ArbiterScreen, PlayerScreen, ProjectorScreen

        if session.is_arbiter:
            return ArbiterScreen(session)
        if session.seat is None or session.seat not in session.names:
            return ProjectorScreen(session)
        return PlayerScreen(session)
    from scrabble_fr.tui.screens.game import GameScreen

    return GameScreen(session.match)
