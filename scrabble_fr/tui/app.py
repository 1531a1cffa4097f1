"""The Textual application: the set-up screen, the game screen, and the panels around them.

    >>> app = ScrabbleApp(GameConfig.from_spec("Alice,Bruno", seed=7))
    >>> # async with app.run_test() as pilot: await pilot.press(...)

The app holds what outlives a game (the active word list, the language) and hands every rule to
the engine through the game screen.
"""

from __future__ import annotations

import random
from typing import Any, Iterable

from textual.app import App, SystemCommand
from textual.screen import Screen

from scrabble_fr.i18n import _, get_language, set_language
from scrabble_fr.tui.screens.game import GameScreen
from scrabble_fr.tui.screens.panels import HelpScreen, SettingsScreen, ToolsScreen
from scrabble_fr.tui.screens.setup import SetupScreen
from scrabble_fr.tui.session import GameConfig


class ScrabbleApp(App[None]):
    CSS_PATH = "app.tcss"
    TITLE = "scrabble_fr"

    def __init__(
        self,
        config: GameConfig | None = None,
        lexicon: Any = None,
        lexicon_loader: Any = None,
        notice: str | None = None,
    ) -> None:
        super().__init__()
        self.initial_config = config
        self.lexicon = lexicon
        # Loads the word list for a rule set's language or a path; returns (lexicon, error text).
        self.lexicon_loader = lexicon_loader
        self.notice = notice
        self.game_screen: GameScreen | None = None
        self._computer_class: Any = None

    def on_mount(self) -> None:
        if self.initial_config is not None:
            self.start_game(self.initial_config)
        else:
            self.push_screen(SetupScreen())
        if self.notice:
            self.notify(self.notice, severity="warning", timeout=8)

    # -- games -----------------------------------------------------------------------------
    def start_game(self, config: GameConfig) -> None:
        if self.lexicon_loader is not None:
            wanted = config.lexicon_path or config.rules.lexicon
            lexicon, error = self.lexicon_loader(wanted)
            if lexicon is not None:
                self.lexicon = lexicon
            if error:
                self.notify(error, severity="error", timeout=10)
        screen = GameScreen(config)
        self.game_screen = screen
        # One game at a time: whatever was on the stack (set-up, previous end screen) goes.
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(screen)

    def action_new_game(self) -> None:
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.game_screen = None
        self.push_screen(SetupScreen())

    def computer_player(self, level: int, rng: random.Random) -> Any:
        """A computer player of ``level``, or None if analysis is not available."""
        if self._computer_class is None:
            try:
                from scrabble_fr.player.computer import ComputerPlayer
            except ImportError:
                return None
            self._computer_class = ComputerPlayer
        return self._computer_class(level, rng)

    # -- panels ----------------------------------------------------------------------------
    def action_help(self) -> None:
        self.push_screen(HelpScreen())

    def action_settings(self) -> None:
        self.push_screen(SettingsScreen())

    def action_tools(self) -> None:
        self.push_screen(ToolsScreen())

    def set_verification(self, mode: str) -> None:
        if self.game_screen is not None:
            self.game_screen.verification = mode
            self.game_screen.refresh_view()
        label = _("automatic") if mode == "auto" else _("manual")
        self.notify(_("Verification: {mode}").format(mode=label))

    def switch_language(self, language: str) -> None:
        """Re-render every screen in ``language``; a game in progress keeps its rules."""
        set_language(language)
        for screen in self.screen_stack:
            refresh = getattr(screen, "refresh_texts", None)
            if refresh is not None:
                refresh()
            translate = getattr(screen, "translate_bindings", None)
            if translate is not None:
                translate()
        if self.game_screen is not None and not self.game_screen.game.is_over:
            self.notify(
                _("The game in progress keeps its rules; the next game will use the rules of this language."),
                timeout=8,
            )
        self.refresh_bindings()

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:  # type: ignore[type-arg]
        yield from super().get_system_commands(screen)
        yield SystemCommand(_("New game"), _("Set up a new game"), self.action_new_game)
        yield SystemCommand(_("Help"), _("The rules and the keys"), self.action_help)
        yield SystemCommand(_("Settings"), _("Verification, language, theme"), self.action_settings)
        yield SystemCommand(_("Word tools"), _("Check words, find a tirage"), self.action_tools)
        game = self.game_screen
        if game is not None and screen is game:
            yield SystemCommand(_("Contest"), _("Contest the announced move"), game.action_contest)
            yield SystemCommand(_("Accept"), _("Accept the announced move"), game.action_accept)
            yield SystemCommand(_("Exchange"), _("Exchange tiles"), game.action_exchange)
            yield SystemCommand(_("Pass"), _("Pass the turn"), game.action_pass_turn)
            yield SystemCommand(_("Hint"), _("Show the best moves"), game.action_hint)
            yield SystemCommand(_("Undo"), _("Take back the last action"), game.action_undo)
            other = "en" if get_language() == "fr" else "fr"
            yield SystemCommand(
                _("Language: {language}").format(language="English" if other == "en" else "Français"),
                _("Switch the language"),
                lambda: self.switch_language(other),
            )
