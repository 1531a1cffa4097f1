"""The set-up screen: players (human or computer with a level), rules, verification, word list,
clock and seed."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Input, Label, Select, Static

from scrabble_fr import texts
from scrabble_fr.engine.errors import ScrabbleError
from scrabble_fr.engine.players import MAX_NAME
from scrabble_fr.engine.rules import PRESETS, Rules, preset_for_language
from scrabble_fr.i18n import N_, _, format_number, get_language, ngettext
from scrabble_fr.match.config import (
    MAX_PLAYERS,
    GameConfig,
    PlayerConfig,
    Verification,
    computer_levels,
    verification_options,
)
from scrabble_fr.messages import describe
from scrabble_fr.tui.bindings import LocalizedBindings
from scrabble_fr.tui.requests import StartDuplicate, StartGame, StartTable
from scrabble_fr.tui.widgets.forms import WrappingCheckbox, align_labels


def _kind_options() -> list[tuple[str, str]]:
    options = [(_("Human"), "human")]
    try:
        from scrabble_fr.player.computer import LEVELS as NAMED_LEVELS
    except ImportError:
        NAMED_LEVELS = {}
    for n in computer_levels():
        label = _("Computer, level {n}").format(n=n)
        if n in NAMED_LEVELS:
            label += f" — {_(NAMED_LEVELS[n].name)}"
        options.append((label, f"cpu{n}"))
    return options


def word_list_options() -> list[tuple[str, str]]:
    """The known word lists by name (``scrabble-fr lexiques``), after the rules' default."""
    from scrabble_fr.lexicon.catalogue import Catalogue

    options = [(_("default (the rules' language)"), "")]
    try:
        lists = Catalogue().lists()
    except OSError:
        lists = []
    for info in lists:
        count = ngettext("{count} word", "{count} words", info.words).format(count=format_number(info.words))
        options.append((f"{info.name} ({info.language}, {count})", info.name))
    return options


class SetupScreen(LocalizedBindings, Screen[None]):
    """The players in use (two at first; F3 adds one, up to eight, F4 removes the last) and the
    game's settings, every label whole at 80 columns and Tab at the rules in a few presses."""

    KEYS = [("ctrl+s", "start", N_("Start"), True), ("f2", "duplicate", N_("Duplicate"), True),
            ("f5", "shared_table", N_("Shared table"), False),
            ("f3", "add_player", N_("Add a player"), True), ("f4", "remove_player", N_("Remove a player"), True),
            ("ctrl+q", "app.quit", N_("Quit"), True)]

    SHOWN_AT_FIRST = 2

    def __init__(self) -> None:
        super().__init__()
        self.shown = self.SHOWN_AT_FIRST
        self.rules_name = preset_for_language(get_language())

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="setup"):
            yield Label(_("New game"), classes="dialog-title")
            yield Label(_("Players"), classes="section-title")
            for index in range(MAX_PLAYERS):
                with Horizontal(classes="player-row", id=f"player-row-{index}"):
                    yield Input(
                        value=[_("Player 1"), _("Player 2")][index] if index < 2 else "",
                        placeholder=_("name (empty: nobody)"),
                        id=f"name-{index}",
                        max_length=MAX_NAME,
                        compact=True,
                    )
                    yield Select(_kind_options(), value="human", allow_blank=False, id=f"kind-{index}", compact=True)
            with Horizontal(classes="buttons", id="player-buttons"):
                yield Button(_("Add a player"), id="add-player", compact=True)
                yield Button(_("Remove a player"), id="remove-player", compact=True)
            with Horizontal(classes="setting-row"):
                yield Label(_("Rules"))
                yield Select([(name, name) for name in PRESETS], value=self.rules_name, allow_blank=False, id="rules",
                             compact=True)
            yield Static(texts.rules_summary(self.rules_name), id="rules-summary", classes="setting-note")
            with Horizontal(classes="setting-row"):
                yield Label(_("Verification"))
                yield Select(
                    verification_options(),
                    value=Verification.AUTO.value, allow_blank=False, id="verification", compact=True,
                )
            with Horizontal(classes="setting-row"):
                yield Label(_("Word list"))
                yield Select(word_list_options(), value="", allow_blank=False, id="lexicon-list", compact=True)
            with Horizontal(classes="setting-row"):
                yield Label(_("or a file"))
                yield Input(id="lexicon", compact=True)
            yield Static(_("empty: the list chosen above; or the path of a word list"), id="lexicon-note",
                         classes="setting-note")
            with Horizontal(classes="setting-row", id="clock-row"):
                yield Checkbox(_("Clock"), id="clock", compact=True)
                yield Input(value=str(PRESETS[self.rules_name].clock_minutes), id="clock-minutes", max_length=3,
                            compact=True)
                yield Static(self._clock_text(), id="clock-label")
            with Horizontal(classes="setting-row"):
                yield Label(_("Seed"))
                yield Input(placeholder=_("empty: random"), id="seed", max_length=12, compact=True)
            with Horizontal(classes="setting-row"):
                yield WrappingCheckbox(
                    _("Private screen (hide each rack until its owner takes the keyboard)"), id="private", compact=True
                )
            with Horizontal(classes="setting-row"):
                yield WrappingCheckbox(_("Club mode (no hints, no word tools, no undo; the clock on)"), id="club",
                                       compact=True)
            yield Static(id="setup-error")
            with Horizontal(classes="buttons"):
                yield Button(_("Start"), id="start", variant="primary", compact=True)
                yield Button(_("Duplicate"), id="duplicate", compact=True)
                yield Button(_("Shared table"), id="table", compact=True)
                yield Button(_("Quit"), id="quit", compact=True)
        yield Footer(compact=True)

    def on_mount(self) -> None:
        width = align_labels(self.query(".setting-row > Label").results(Label))
        for note in self.query(".setting-note"):
            note.styles.margin = (0, 0, 0, width)
        self._show_rows()
        self.query_one("#name-0", Input).focus()

    # -- the players in use ----------------------------------------------------------------
    def _show_rows(self) -> None:
        for index in range(MAX_PLAYERS):
            self.query_one(f"#player-row-{index}").display = index < self.shown
        self.query_one("#add-player", Button).disabled = self.shown >= MAX_PLAYERS
        self.query_one("#remove-player", Button).disabled = self.shown <= 1

    def _rows(self) -> range:
        return range(self.shown)

    @on(Button.Pressed, "#add-player")
    def action_add_player(self) -> None:
        """One more player row (up to eight), the focus on its name."""
        if self.shown >= MAX_PLAYERS:
            self.app.bell()
            return
        self.shown += 1
        self._show_rows()
        self.query_one(f"#name-{self.shown - 1}", Input).focus()

    @on(Button.Pressed, "#remove-player")
    def action_remove_player(self) -> None:
        """The last player row goes (one stays); its name and kind are forgotten."""
        if self.shown <= 1:
            self.app.bell()
            return
        self.shown -= 1
        gone = self.shown
        focused = self.app.focused
        row = self.query_one(f"#player-row-{gone}")
        self.query_one(f"#name-{gone}", Input).value = ""
        self.query_one(f"#kind-{gone}", Select).value = "human"
        self._show_rows()
        # The focus leaves the row that went (or the button now disabled) for the last name.
        if focused is None or focused in row.query("*") or (isinstance(focused, Button) and focused.disabled):
            self.query_one(f"#name-{gone - 1}", Input).focus()

    # -- the rules and their clock -----------------------------------------------------------
    def _clock_text(self) -> str:
        return _("minutes per player ({rules} rules: {minutes})").format(
            rules=self.rules_name, minutes=PRESETS[self.rules_name].clock_minutes)

    @on(Select.Changed, "#rules")
    def _rules_changed(self, event: Select.Changed) -> None:
        before = PRESETS[self.rules_name].clock_minutes
        self.rules_name = str(event.value)
        self.query_one("#rules-summary", Static).update(texts.rules_summary(self.rules_name))
        self.query_one("#clock-label", Static).update(self._clock_text())
        minutes = self.query_one("#clock-minutes", Input)
        if minutes.value.strip() == str(before):  # the rules' time, not one the player typed
            minutes.value = str(PRESETS[self.rules_name].clock_minutes)

    @on(Button.Pressed, "#quit")
    def _quit(self) -> None:
        self.app.exit()

    @on(Button.Pressed, "#duplicate")
    def action_duplicate(self) -> None:
        """The named players (computers aside) in a duplicate game, with the rules, the seed and
        the word list chosen."""
        from scrabble_fr.duplicate import DuplicateSettings

        names = [self.query_one(f"#name-{i}", Input).value.strip() for i in self._rows()]
        kinds = [str(self.query_one(f"#kind-{i}", Select).value) for i in self._rows()]
        players = [name for name, kind in zip(names, kinds, strict=True) if name and kind == "human"]
        seed_text = self.query_one("#seed", Input).value.strip()
        if not players or (seed_text and not seed_text.isdecimal()):
            self.query_one("#setup-error", Static).update(
                _("Name at least one player.") if not players else _("The seed is a whole number (or empty)."))
            return
        rules = Rules.preset(str(self.query_one("#rules", Select).value))
        self.post_message(StartDuplicate(DuplicateSettings(
            players, seed=int(seed_text) if seed_text else None, lexicon=self._word_list_choice(), rules=rules,
            club=self.query_one("#club", Checkbox).value)))

    def _word_list_choice(self) -> str | None:
        chosen = str(self.query_one("#lexicon-list", Select).value or "")
        return self.query_one("#lexicon", Input).value.strip() or chosen or None

    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        config = self._config()
        if config is not None:
            self.post_message(StartGame(config))

    @on(Button.Pressed, "#table")
    def action_shared_table(self) -> None:
        """The same game as a table shared by several terminals: each human seat gets a code."""
        config = self._config()
        if config is not None:
            self.post_message(StartTable(config))

    def _config(self) -> GameConfig | None:
        """The game the screen describes, or None with the reason said under the settings."""
        error = self.query_one("#setup-error", Static)
        players = []
        for index in self._rows():
            name = self.query_one(f"#name-{index}", Input).value.strip()
            if not name:
                continue
            kind = str(self.query_one(f"#kind-{index}", Select).value)
            level = int(kind[3:]) if kind.startswith("cpu") else None
            players.append(PlayerConfig(name, level))
        if not players:
            error.update(_("Name at least one player."))
            return None
        try:
            rules = Rules.preset(str(self.query_one("#rules", Select).value))
        except ScrabbleError as exc:
            error.update(describe(exc))
            return None
        seed_text = self.query_one("#seed", Input).value.strip()
        if seed_text and not seed_text.isdecimal():
            error.update(_("The seed is a whole number (or empty)."))
            return None
        clock = None
        if self.query_one("#clock", Checkbox).value:
            minutes = self.query_one("#clock-minutes", Input).value.strip()
            if not minutes.isdecimal() or not 1 <= int(minutes) <= 600:
                error.update(_("The clock takes 1 to 600 minutes."))
                return None
            clock = int(minutes)
        lexicon_path = self._word_list_choice()
        return GameConfig(
            players=players,
            rules=rules,
            verification=Verification(str(self.query_one("#verification", Select).value)),
            seed=int(seed_text) if seed_text else None,
            clock_minutes=clock,
            private_screen=self.query_one("#private", Checkbox).value,
            lexicon_path=lexicon_path,
            club=self.query_one("#club", Checkbox).value,
        )
