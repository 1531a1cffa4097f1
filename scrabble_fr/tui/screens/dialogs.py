"""Small dialogs awaited by the game screen: who contests, the players' verdicts, the exchange,
the joker's letter, handing over the keyboard, and the list of best moves."""

from __future__ import annotations

from collections.abc import Sequence

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, Label, RadioButton, RadioSet, Static

from scrabble_fr.i18n import _, colon, elide


class _Dialog(ModalScreen):  # type: ignore[type-arg]
    BINDINGS = [Binding("escape", "cancel", show=False)]

    def action_cancel(self) -> None:
        self.dismiss(None)


class ContesterDialog(_Dialog):
    """Choose which opponent contests (when there are several)."""

    def __init__(self, names: Sequence[tuple[int, str]]) -> None:
        super().__init__()
        self.names = list(names)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(_("Who challenges?"), classes="dialog-title")
            for index, name in self.names:
                yield Button(name, id=f"contester-{index}", variant="primary")
            yield Button(_("Cancel"), id="cancel")

    @on(Button.Pressed)
    def _chosen(self, event: Button.Pressed) -> None:
        button_id = event.button.id or ""
        self.dismiss(int(button_id.split("-")[1]) if button_id.startswith("contester-") else None)


class ChallengeWordsDialog(_Dialog):
    """Which words of the play are challenged (FFSc and WESPA judge only the words named; none
    ticked challenges them all). Space ticks a word, Tab moves on, Enter on Challenge confirms."""

    def __init__(self, words: Sequence[str]) -> None:
        super().__init__()
        self.words = list(dict.fromkeys(words))

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(_("Challenge which words?"), classes="dialog-title")
            yield Static(_("Tick the words you challenge; none ticked challenges them all."))
            with VerticalScroll(id="challenge-words"):
                for index, word in enumerate(self.words):
                    yield Checkbox(word, id=f"challenge-{index}", compact=True)
            with Horizontal(classes="buttons"):
                yield Button(_("Challenge"), id="confirm", variant="primary")
                yield Button(_("Cancel"), id="cancel")

    def on_mount(self) -> None:
        self.query_one("#challenge-0", Checkbox).focus()

    def chosen(self) -> list[str]:
        """The words ticked (all of them when none is)."""
        ticked = [w for i, w in enumerate(self.words) if self.query_one(f"#challenge-{i}", Checkbox).value]
        return ticked or list(self.words)

    @on(Button.Pressed, "#confirm")
    def _confirm(self) -> None:
        self.dismiss(self.chosen())

    @on(Button.Pressed, "#cancel")
    def _cancel(self) -> None:
        self.dismiss(None)


class ManualVerifyDialog(_Dialog):
    """Manual verification: the players judge each word, valid or not, in their dictionary.

    Every word starts unjudged; the arrows and Space (or Enter) mark it, Tab goes to the next one,
    and Confirm is only possible once every word is judged.
    """

    def __init__(self, words: Sequence[str]) -> None:
        super().__init__()
        self.words = list(dict.fromkeys(words))

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(_("Manual verification"), classes="dialog-title")
            yield Static(_("Look each word up in your dictionary and judge it."))
            yield Static(_("Arrows, Space: judge · Tab: next word · Escape: cancel"),
                         classes="keys-hint")
            with VerticalScroll(id="verify-words"):
                for index, word in enumerate(self.words):
                    with Horizontal(classes="verify-row"):
                        yield Label(word, classes="verify-word")
                        with RadioSet(id=f"word-{index}", compact=True):
                            yield RadioButton(_("valid"), id=f"word-{index}-yes", compact=True)
                            yield RadioButton(_("not valid"), id=f"word-{index}-no", compact=True)
            with Horizontal(classes="buttons"):
                yield Button(_("Confirm"), id="confirm", variant="primary", disabled=True)
                yield Button(_("Cancel"), id="cancel")

    def on_mount(self) -> None:
        self.query_one("#word-0", RadioSet).focus()

    def answers(self) -> dict[str, bool] | None:
        """Each word's verdict, or None while a word is unjudged."""
        verdicts: dict[str, bool] = {}
        for index, word in enumerate(self.words):
            pressed = self.query_one(f"#word-{index}", RadioSet).pressed_button
            if pressed is None:
                return None
            verdicts[word] = pressed.id == f"word-{index}-yes"
        return verdicts

    @on(RadioSet.Changed)
    def _judged(self, event: RadioSet.Changed) -> None:
        complete = self.answers() is not None
        self.query_one("#confirm", Button).disabled = not complete
        # On to the next unjudged word, or to Confirm once all are judged.
        for index in range(len(self.words)):
            radio = self.query_one(f"#word-{index}", RadioSet)
            if radio.pressed_button is None:
                radio.focus()
                return
        self.query_one("#confirm", Button).focus()

    @on(Button.Pressed, "#confirm")
    def _confirm(self) -> None:
        answers = self.answers()
        if answers is not None:
            self.dismiss(answers)

    @on(Button.Pressed, "#cancel")
    def _cancel(self) -> None:
        self.dismiss(None)


class ConfirmDialog(_Dialog):
    """A question answered yes or no (Escape: no). Enter answers what has the focus: Cancel,
    unless the question proposes the action (``proposed``: the action the user asked for, such
    as the arbitrator's « Close the coup? »), then the action."""

    def __init__(self, title: str, question: str, yes: str, *, proposed: bool = False) -> None:
        super().__init__()
        self.title_text = title
        self.question = question
        self.yes = yes
        self.proposed = proposed

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.title_text, classes="dialog-title")
            yield Static(self.question)
            with Horizontal(classes="buttons"):
                yield Button(self.yes, id="yes", variant="primary" if self.proposed else "warning")
                yield Button(_("Cancel"), id="no", variant="default" if self.proposed else "primary")

    def on_mount(self) -> None:
        self.query_one("#yes" if self.proposed else "#no", Button).focus()

    @on(Button.Pressed)
    def _answered(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")


class ExchangeDialog(_Dialog):
    """Choose the tiles to put back in the bag."""

    def __init__(self, rack: str) -> None:
        super().__init__()
        self.rack = rack

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(_("Exchange tiles"), classes="dialog-title")
            yield Static(_("Tick the tiles to put back in the bag."))
            with Horizontal(id="exchange-tiles"):
                for index, tile in enumerate(self.rack):
                    # Compact, so that a whole rack of seven fits an 80-column terminal.
                    yield Checkbox(tile if tile != "?" else _("blank"), id=f"tile-{index}", compact=True)
            with Horizontal(classes="buttons"):
                yield Button(_("Exchange"), id="confirm", variant="primary")
                yield Button(_("Cancel"), id="cancel")

    @on(Button.Pressed, "#confirm")
    def _confirm(self) -> None:
        chosen = "".join(tile for i, tile in enumerate(self.rack) if self.query_one(f"#tile-{i}", Checkbox).value)
        self.dismiss(chosen or None)

    @on(Button.Pressed, "#cancel")
    def _cancel(self) -> None:
        self.dismiss(None)


class JokerDialog(_Dialog):
    """Which letter the joker stands for."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(_("Blank"), classes="dialog-title")
            yield Static(_("Which letter does the blank stand for?"))
            yield Input(max_length=1, id="joker-letter", placeholder="A-Z")

    @on(Input.Submitted)
    def _letter(self, event: Input.Submitted) -> None:
        letter = event.value.strip().upper()
        if len(letter) == 1 and "A" <= letter <= "Z":
            self.dismiss(letter)
        else:
            self.notify(_("Type one letter from A to Z."), severity="warning")


class HandOverDialog(_Dialog):
    """Private screen: the next human takes the keyboard before their rack is shown."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player_name = name

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(elide(_("{name}'s turn").format(name=self.player_name)), classes="dialog-title")
            yield Static(_("{name}, take the keyboard; the others look away.").format(name=self.player_name))
            yield Button(_("Show my rack"), id="show", variant="primary")

    @on(Button.Pressed, "#show")
    def _show(self) -> None:
        self.dismiss(True)


class MovesDialog(_Dialog):
    """A list of moves (the hint)."""

    def __init__(self, title: str, lines: Sequence[str]) -> None:
        super().__init__()
        self.title_text = title
        self.lines = list(lines)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.title_text, classes="dialog-title")
            yield Static("\n".join(self.lines) or _("No legal placement."))
            yield Button(_("Close"), id="close", variant="primary")

    @on(Button.Pressed, "#close")
    def _close(self) -> None:
        self.dismiss(None)


class ResumeDialog(_Dialog):
    """An unfinished game was found: resume it, or start another."""

    def __init__(self, description: str) -> None:
        super().__init__()
        self.description = description

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(_("Unfinished game"), classes="dialog-title")
            yield Static(self.description)
            with Horizontal(classes="buttons"):
                yield Button(_("Resume"), id="resume", variant="primary")
                yield Button(_("New game"), id="new")

    @on(Button.Pressed)
    def _chosen(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "resume")


class MessageLogDialog(_Dialog):
    """Everything the game has said since it opened, newest last, scrollable (Ctrl+L)."""

    DEFAULT_CSS = """
    MessageLogDialog > .dialog { width: 100; max-width: 98%; height: 90%; }
    MessageLogDialog #log-lines { height: 1fr; }
    """

    def __init__(self, messages: Sequence[str]) -> None:
        super().__init__()
        self.messages = list(messages)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(_("Messages of the game"), classes="dialog-title")
            with VerticalScroll(id="log-lines"):
                yield Static("\n".join(self.messages) or _("Nothing has been said yet."), markup=False)
            yield Button(_("Close"), id="close", variant="primary")

    def on_mount(self) -> None:
        scroll = self.query_one("#log-lines", VerticalScroll)
        scroll.scroll_end(animate=False)
        scroll.focus()

    @on(Button.Pressed, "#close")
    def _close(self) -> None:
        self.dismiss(None)


class TableCodesDialog(_Dialog):
    """A shared table is created: each human seat's code, to give to its player; this terminal
    takes one of the seats (or none: Escape)."""

    def __init__(self, table_id: str, seats: Sequence[tuple[int, str, str]], note: str = "") -> None:
        super().__init__()
        self.table_id = table_id
        self.seats = list(seats)  # (seat, name, code)
        self.note = note

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(_("Shared table {table}").format(table=self.table_id), classes="dialog-title")
            lines = [f"{name}{colon()} {code}" for _seat, name, code in self.seats]
            yield Static("\n".join(lines), id="table-codes", markup=False)
            yield Static(_("Each player joins from their terminal with: scrabble-fr table rejoindre CODE")
                         + (" " + self.note if self.note else ""))
            with Horizontal(classes="buttons"):
                for seat, name, _code in self.seats:
                    yield Button(_("Play as {name}").format(name=name), id=f"seat-{seat}", variant="primary")
                yield Button(_("Close"), id="close")

    @on(Button.Pressed)
    def _chosen(self, event: Button.Pressed) -> None:
        button = event.button.id or ""
        self.dismiss(int(button.split("-")[1]) if button.startswith("seat-") else None)
