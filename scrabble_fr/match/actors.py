"""Who may act at a match: a port, and the one keyboard that fills it.

A :class:`~scrabble_fr.match.Match` asks its :class:`ActorPolicy` who may act and whose rack is
shown; it never asks where it is played. :class:`OneKeyboard` is every player at one keyboard
(with a private screen, each human takes the keyboard before their rack is shown); a shared
table's seat (:mod:`scrabble_fr.table.classic_seat`) lets its own player act on their turn only,
sends a challenge judged by hand to the table's arbiter, and asks the other seats before an undo.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from scrabble_fr.engine.game import Phase
from scrabble_fr.match.outcome import Outcome

if TYPE_CHECKING:
    from scrabble_fr.match.match import Match


class ActorPolicy(Protocol):
    """Who may act at a match, and what each screen shows of it. The defaults are one keyboard's:
    whoever is to act acts, and nothing is asked of anyone else."""

    # True when the clocks are this screen's (a dialog stops them, leaving saves them); False
    # when a table runs them whoever's screen is open.
    owns_clocks: bool = True

    def rack_owner(self, match: Match) -> int:  # whose rack the screen shows
        return match.actor

    def rack_visible(self, match: Match) -> bool: ...  # may that rack be shown now?

    def needs_handover(self, match: Match) -> int | None:  # who must take the keyboard first
        return None

    def reveal(self, match: Match, player: int) -> None:  # ``player`` has taken the keyboard
        return None

    def may_act(self, match: Match, player: int) -> bool:  # for ``player``, from here, now
        return True

    def require_turn(self, match: Match, player: int) -> None:  # raise unless we act for them
        return None

    def check_contest(self, match: Match, contester: int) -> None:  # raise unless they may
        return None

    def ask_judgement(self, match: Match, contester: int, words: list[str]) -> Outcome | None:
        """A challenge the players judge, with no verdicts given: hand it to whoever judges and
        say so (None: the players at this keyboard give the verdicts)."""
        return None

    def ask_undo(self, match: Match) -> Outcome | None:
        """An undo asked: ask whoever must agree and say so (None: take back at once)."""
        return None


class OneKeyboard(ActorPolicy):
    """Every player at one keyboard: whoever is to act acts; with a private screen, a human's rack
    is shown once they have taken the keyboard."""

    def __init__(self) -> None:
        self.shown: int | None = None  # the human whose rack is on screen (private screen)

    def rack_visible(self, match: Match) -> bool:
        # Not a computer's rack while humans watch.
        owner = match.actor
        if match.is_computer(owner):
            return all(p.is_computer for p in match.config.players)
        return not match.config.private_screen or owner == self.shown

    def needs_handover(self, match: Match) -> int | None:
        game = match.game
        if (not match.config.private_screen or game.is_over or game.phase is not Phase.TURN
                or match.is_computer(match.actor) or match.actor == self.shown):
            return None
        return match.actor

    def reveal(self, match: Match, player: int) -> None:
        self.shown = player
