"""What the duplicate and topping screens share: a session's game drawn on the board, the coup's
clock in the heading, and an intent sent to the session with its outcome said.

Both render a session that owns the rules, the clock and the file (a
:class:`~scrabble_fr.duplicate.DuplicateSession`, a :class:`~scrabble_fr.training.topping.ToppingSession`):
it has a ``game``, ``remaining()``, ``tick()``, ``pause()`` and ``resume()``, and its intents return an
:class:`~scrabble_fr.match.outcome.Outcome` or raise a :class:`~scrabble_fr.engine.errors.ScrabbleError`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from textual.screen import Screen

from scrabble_fr.engine.errors import ScrabbleError
from scrabble_fr.engine.move import PlacedTile
from scrabble_fr.i18n import _
from scrabble_fr.match.outcome import Outcome
from scrabble_fr.messages import describe
from scrabble_fr.tui.widgets.board import BoardPicture


def time_left_line(seconds: float) -> str:
    """``Time left: 2:31`` (rounded up, never below 0:00)."""
    whole = max(0, int(seconds + 0.999))
    return _("Time left: {m}:{s:02d}").format(m=whole // 60, s=whole % 60)


class CoupScreen(Screen[None]):
    """A screen that renders a coup-by-coup session and sends it the player's intents. A subclass
    says (:meth:`say`), draws (:meth:`refresh_view`) and redraws its heading (:meth:`refresh_head`)."""

    session: Any

    def say(self, text: str) -> None:
        raise NotImplementedError

    def refresh_view(self) -> None:
        raise NotImplementedError

    def refresh_head(self) -> None:
        raise NotImplementedError

    def board_picture(self, last: Iterable[PlacedTile] = (), tentative: Iterable[PlacedTile] = ()) -> BoardPicture:
        """The session's board, ``last`` marked as the last move, ``tentative`` not yet announced."""
        board = self.session.game.position.board
        return BoardPicture.of(board.squares, self.session.game.rules, ((t.row, t.col) for t in last), tentative)

    def intent(self, action: Callable[[], Outcome | None]) -> bool:
        """Send an intent to the session; on refusal say why (nothing changed)."""
        try:
            outcome = action()
        except ScrabbleError as exc:
            self.say(describe(exc))
            return False
        if outcome is not None:
            if outcome.messages:
                self.say("\n".join(outcome.messages))
            if outcome.warning:
                self.notify(outcome.warning, severity="error")
        self.after_intent()
        self.refresh_view()
        self.refresh_bindings()
        return True

    def on_screen_suspend(self) -> None:
        # Any screen over the coup (the help, a dialog, the settings): nobody can play, so the
        # coup's clock stops until the coup is on screen again, as a local game's clocks do.
        self.session.pause()

    def on_screen_resume(self) -> None:
        self.session.resume()

    def after_intent(self) -> None:
        """What an accepted intent changes on the screen before it is drawn again (nothing here)."""

    def tick(self) -> None:
        """Read the coup's clock (a few times a second): redraw it, or let the session close the
        coup at the end."""
        outcome = self.session.tick()
        if outcome is not None:
            self.intent(lambda: outcome)
        else:
            self.refresh_head()
