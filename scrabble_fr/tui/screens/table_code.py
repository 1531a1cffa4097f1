"""The code-entry screen: a visitor of ``scrabble-fr serveur`` types the code they were given and
gets their seat's screen (opened by :mod:`scrabble_fr.opening`, shown by the app).

A classic table's seat code opens its game screen; a duplicate player's code their player screen;
the arbitrator's code the arbitrator's screen. An open duplicate table's own code asks for the
visitor's name first and gives them a new seat, whose own code is shown to come back with. A seat
open in another window (a browser tab closed without its page noticing) may be taken here.
"""

from __future__ import annotations

from collections.abc import Callable

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Static

from scrabble_fr import opening
from scrabble_fr.engine.players import MAX_NAME
from scrabble_fr.i18n import N_, _, elide, get_language, sentence
from scrabble_fr.tui.bindings import LocalizedBindings
from scrabble_fr.tui.requests import SwitchLanguage, TableOpened
from scrabble_fr.tui.screens.dialogs import _Dialog


class SeatCodeDialog(_Dialog):
    """A new seat at an open table: its own code, to come back to it (Enter or Escape closes)."""

    def __init__(self, code: str) -> None:
        super().__init__()
        self.code = code

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(_("Your seat"), classes="dialog-title")
            yield Static(_("Your seat's code, to rejoin: {code}").format(code=self.code), id="seat-code",
                         markup=False)
            yield Static(_("Note it: with it you come back to this seat from any browser or terminal."))
            with Horizontal(classes="buttons"):
                yield Button(_("Close"), id="close", variant="primary", action="screen.cancel")

    def on_mount(self) -> None:
        self.query_one("#close", Button).focus()


class TableCodeScreen(LocalizedBindings, Screen[None]):
    """A field for the code, then for an open table's code a field for the name; Enter opens the
    seat in the table store ``base`` (None: the default one), the word lists it needs loaded by
    ``lexicon_for``; the app is then asked to show it (:class:`~scrabble_fr.tui.requests.TableOpened`)."""

    KEYS = [("f2", "language", N_("Français / English"), True), ("ctrl+q", "app.quit", N_("Quit"), True)]

    def __init__(self, base: str | None = None, lexicon_for: opening.LexiconFor | None = None) -> None:
        super().__init__()
        self.base = base
        self.lexicon_for = lexicon_for
        self.code = ""  # the open table's code waiting for a name ("" while none)
        self.said: tuple[Callable[[], str], bool] | None = None  # what the message line says

    def compose(self) -> ComposeResult:
        with Vertical(id="table-code"):
            yield Label("", id="table-code-title", classes="dialog-title")
            yield Static("", id="table-code-help", classes="setting-note")
            with Horizontal(classes="setting-row"):
                yield Label("", id="code-label")
                yield Input(id="code", max_length=64, compact=True)
            with Horizontal(classes="setting-row", id="name-row"):
                yield Label("", id="name-label")
                yield Input(id="name", max_length=MAX_NAME, compact=True)
            yield Static("", id="table-code-message")
            with Horizontal(classes="buttons"):
                yield Button("", id="open", variant="primary", compact=True)
                yield Button("", id="force", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_texts()
        self.query_one("#name-row").display = False
        self.query_one("#force").display = False
        self.query_one("#code", Input).focus()

    def refresh_texts(self) -> None:
        self.query_one("#table-code-title", Label).update(_("Join a table"))
        self.query_one("#table-code-help", Static).update(
            _("Type the code you were given: your seat's, the table's (with your name) or the arbitrator's."))
        self.query_one("#code-label", Label).update(_("Code"))
        self.query_one("#name-label", Label).update(_("Your name"))
        self.query_one("#open", Button).label = _("Open")
        self.query_one("#force", Button).label = _("Take the seat here")
        if self.said is not None:
            self.say(*self.said)

    def say(self, text: Callable[[], str], error: bool = False) -> None:
        """Say ``text()`` on the message line, and again in the other language after F2."""
        self.said = (text, error)
        message = self.query_one("#table-code-message", Static)
        message.set_class(error, "error")
        message.update(text())

    # -- keys ------------------------------------------------------------------------------
    def action_language(self) -> None:
        self.post_message(SwitchLanguage("en" if get_language() == "fr" else "fr"))

    @on(Input.Submitted, "#code")
    @on(Button.Pressed, "#open")
    @on(Input.Submitted, "#name")
    def _submitted(self) -> None:
        self.enter()

    @on(Button.Pressed, "#force")
    def _force(self) -> None:
        self.enter(force=True)

    @on(Input.Changed, "#code")
    def _code_changed(self, event: Input.Changed) -> None:
        # Another code: the name asked for the previous one no longer applies.
        if self.code and event.value.strip() != self.code:
            self.code = ""
            self.query_one("#name-row").display = False
        self.query_one("#force").display = False

    # -- opening ---------------------------------------------------------------------------
    def enter(self, force: bool = False) -> None:
        """Open what the fields say: ask for a name first when the code is an open table's."""
        code = self.query_one("#code", Input).value.strip()
        if not code:
            self.say(lambda: _("Type your code."), error=True)
            self.query_one("#code", Input).focus()
            return
        if code != self.code:
            located = opening.locate(code, base=self.base, check_name=False)
            if isinstance(located, opening.Refused):
                self._refused(located)
                return
            located.session.close()
            if located.kind is opening.Kind.NEW_SEAT:
                self.code = code
                self.query_one("#name-row").display = True
        name = self.query_one("#name", Input).value.strip() if self.code else None
        if self.code and not name:
            self.say(lambda: _("This is an open table's code: type your name to take a seat."))
            self.query_one("#name", Input).focus()
            return
        opened = opening.table_code(code, base=self.base, name=name, lexicon_for=self.lexicon_for, force=force)
        if isinstance(opened, opening.Refused):
            self._refused(opened)
        else:
            self.post_message(TableOpened(opened))

    def _refused(self, refused: opening.Refused) -> None:
        taken = refused.error.code == "seat_taken"
        if taken:  # the command line's --forcer is the button here
            holder = str(refused.error.params.get("name", ""))
            self.say(lambda: elide(_("The seat of {name} is open in another window: close it there, or take it "
                                     "here.").format(name=holder)), error=True)
        else:
            self.say(lambda: sentence(refused.line), error=True)  # a clause, said as a sentence
        # After a refusal for a seat open elsewhere, the button takes it here (--forcer).
        self.query_one("#force").display = taken
