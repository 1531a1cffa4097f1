"""The arbitrator's desk and the players on paper: seat one (F8), type their slips (F7).

The slip window stays open while the slips come in: choose the player (arrows in the list, or
the next one is chosen after each slip), type the line as written (``H8 MOT 24``, a joker's
letter in lowercase, the score if one is written), Enter. What it pays is said in the window; a
refusal too, the line kept to be fixed. Escape closes it. Every rule is the table's
(:mod:`scrabble_fr.table.slips`): the window only sends and says.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Select, Static

from scrabble_fr.engine.errors import ScrabbleError
from scrabble_fr.i18n import _
from scrabble_fr.messages import describe
from scrabble_fr.tui.screens.dialogs import _Dialog

# The styles of the club's screens and of the desk's windows (a path from this folder).
CLUB_CSS = "../club.tcss"


def desk_row(label: str, field: Widget) -> Horizontal:
    """A field of a desk window, on one line after its label."""
    return Horizontal(Label(label, classes="desk-label"), field, classes="desk-row")


class DeskDialog(_Dialog):
    """A desk's window that sends each line to the table and says what came back, or why not."""

    CSS_PATH = CLUB_CSS

    def said(self, text: str, error: bool = False) -> None:
        widget = self.query_one("#desk-said", Static)
        widget.set_class(error, "error")
        widget.update(text)


class SlipDialog(DeskDialog):
    """Type the slips of the players on paper (``players``: seat, name); ``send(name, line)``
    returns the line that says what the slip pays, or raises what refuses it. Dismissed with
    the last line said (None when no slip was taken)."""

    def __init__(self, players: Sequence[tuple[int, str]], send: Callable[[str, str], str]) -> None:
        super().__init__()
        self.players = list(players)
        self.send = send
        self.last: str | None = None

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(_("Type a paper slip"), classes="dialog-title")
            yield desk_row(_("Player"), Select([(name, seat) for seat, name in self.players], value=self.players[0][0],
                                               allow_blank=False, id="slip-player", compact=True))
            yield desk_row(_("Slip"), Input(placeholder=_("as written: H8 MOT 24 (a joker in lowercase)"),
                                            id="slip-line", compact=True))
            yield Static(id="desk-said")
            with Horizontal(classes="buttons"):
                yield Button(_("Type it"), id="confirm", variant="primary", compact=True)
                yield Button(_("Close"), id="cancel", compact=True, action="screen.cancel")

    def on_mount(self) -> None:
        self.query_one("#slip-line", Input).focus()

    @on(Input.Submitted)
    @on(Button.Pressed, "#confirm")
    def _send(self) -> None:
        choice = self.query_one("#slip-player", Select)
        line = self.query_one("#slip-line", Input)
        if not line.value.strip():
            self.said(_("Type the slip as written: H8 MOT 24."), error=True)
            return
        seat = choice.value
        name = next(name for s, name in self.players if s == seat)
        try:
            self.last = self.send(name, line.value)
        except ScrabbleError as exc:
            self.said(describe(exc), error=True)
            return
        self.said(self.last)
        line.value = ""
        # The slips come in one after the other: the next player is chosen.
        seats = [s for s, _name in self.players]
        choice.value = seats[(seats.index(seat) + 1) % len(seats)] if isinstance(seat, int) else seats[0]
        line.focus()

    def action_cancel(self) -> None:
        self.dismiss(self.last)


class PaperPlayerDialog(DeskDialog):
    """Seat a player on paper: their name; ``seat(name)`` writes the seat or raises what refuses
    it. Dismissed with the name seated (None: none)."""

    def __init__(self, seat: Callable[[str], str]) -> None:
        super().__init__()
        self.seat = seat

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(_("A player on paper"), classes="dialog-title")
            yield Static(_("Seated without a screen: the desk types their slips (F7)."))
            yield desk_row(_("Name"), Input(placeholder=_("the player's name"), id="paper-name", compact=True))
            yield Static(id="desk-said")
            with Horizontal(classes="buttons"):
                yield Button(_("Seat"), id="confirm", variant="primary", compact=True)
                yield Button(_("Cancel"), id="cancel", compact=True, action="screen.cancel")

    def on_mount(self) -> None:
        self.query_one("#paper-name", Input).focus()

    @on(Input.Submitted)
    @on(Button.Pressed, "#confirm")
    def _seat(self) -> None:
        name = self.query_one("#paper-name", Input).value
        try:
            self.dismiss(self.seat(name))
        except ScrabbleError as exc:
            self.said(describe(exc), error=True)


__all__ = ["PaperPlayerDialog", "SlipDialog", "desk_row"]
