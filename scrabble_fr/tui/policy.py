"""What an app may open: at the player's own terminal, everything; in a browser's window served by
``scrabble-fr serveur``, only the seat its code opened.

    >>> LOCAL.allows(Opening.SETTINGS), SERVED.allows(Opening.SETTINGS)
    (True, False)

A visitor of a club host is a stranger on the host's account: the settings panel would change the
host's default word list (and the arbitrator's next replay would find the table damaged), the word
tools would lend the host's lists, and a new game, a local rematch or the set-up screen would play
on the host's machine. The rematch of a shared table stays open: it takes the visitor's seat to the
same seat at the new table, confined there as before. The app is given its policy when it starts; it
removes what the policy closes from the command palette, from the keys (the footer drops them) and
from every method that opens it, so a route forgotten by a screen still opens nothing. The host
changes settings on the command line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Protocol, runtime_checkable

from scrabble_fr.i18n import N_, _


class Opening(Enum):
    """What a policy may close."""

    SETTINGS = "settings"  # the settings panel: verification, language, default word list, theme
    WORD_TOOLS = "word_tools"  # the word tools, unless the game on screen offers them (a table's own)
    NEW_GAME = "new_game"  # a game of the app's own: set-up, new game, local rematch, resume, a new table


# Why each opening is refused, said in one line when something asks for it anyway.
REFUSALS: dict[Opening, str] = {
    Opening.SETTINGS: N_("The settings are the host's: they change on the host's command line, not in a browser."),
    Opening.WORD_TOOLS: N_("The word tools are not offered here: only a table that allows them gives them."),
    Opening.NEW_GAME: N_("This window plays only the table of its code: no other game opens here."),
}


@dataclass(frozen=True)
class AppPolicy:
    """The openings an app refuses (none at the player's own terminal)."""

    closed: frozenset[Opening] = field(default_factory=frozenset)

    def allows(self, opening: Opening) -> bool:
        return opening not in self.closed

    @staticmethod
    def refusal(opening: Opening) -> str:
        """The line that says why ``opening`` is refused, in the player's language."""
        return _(REFUSALS[opening])


LOCAL = AppPolicy()
SERVED = AppPolicy(frozenset(Opening))


@runtime_checkable
class Gate(Protocol):
    """An app that applies a policy (the scrabble_fr app): a screen asks it what may open without
    knowing the app's class."""

    def may_open(self, opening: Opening) -> bool: ...

    def refuses(self, opening: Opening) -> bool: ...


def may_open(app: object, opening: Opening) -> bool:
    """Whether the app running a screen lets ``opening`` open (an app with no policy: yes)."""
    return app.may_open(opening) if isinstance(app, Gate) else True


def refuses(app: object, opening: Opening) -> bool:
    """True, said in one line by the app, when its policy closes ``opening``."""
    return app.refuses(opening) if isinstance(app, Gate) else False
