"""Players' names, checked once for every kind of game.

    >>> check_names([" Alice ", "Bruno"], maximum=8)
    ['Alice', 'Bruno']

A name is stripped of the spaces around it; it must not be empty, hold a character that cannot
be shown, run over :data:`MAX_NAME` characters (the width every screen and sheet keeps for it),
or repeat another one (case aside). The classic game and duplicate take the same names; they
differ only in how many players sit at the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from scrabble_fr.engine.errors import N_, ScrabbleError

MAX_NAME = 20

MESSAGES: dict[str, str] = {
    "players_count": N_("a game has 1 to {maximum} players, not {count}: name them separated by commas, for example --joueurs Alice,Bruno"),
    "players_empty_name": N_("player {number} has no name: separate the names with single commas, for example --joueurs Alice,Bruno"),
    "players_bad_name": N_("the name {name!r} holds characters that cannot be shown"),
    "players_long_name": N_("the name {name!r} is too long: {maximum} characters at most"),
    "players_duplicate": N_("two players are called {name}: give each player a different name"),
}


class PlayersError(ScrabbleError):
    """The players of a game are refused (too many, a name empty, unshowable, too long or twice)."""

    MESSAGES: ClassVar[dict[str, str]] = MESSAGES


def check_names(names: Sequence[str], maximum: int) -> list[str]:
    """The names stripped; raises :class:`PlayersError` for 0 or more than ``maximum`` players or a
    bad name."""
    if not 1 <= len(names) <= maximum:
        raise PlayersError("players_count", maximum=maximum, count=len(names))
    seen: set[str] = set()
    clean = []
    for number, raw in enumerate(names, 1):
        name = raw.strip()
        if not name:
            raise PlayersError("players_empty_name", number=number)
        if not name.isprintable():
            raise PlayersError("players_bad_name", name=name)
        if len(name) > MAX_NAME:
            raise PlayersError("players_long_name", name=name, maximum=MAX_NAME)
        if name.casefold() in seen:
            raise PlayersError("players_duplicate", name=name)
        seen.add(name.casefold())
        clean.append(name)
    return clean
