"""The Textual application: the set-up screen, the game screen, and the panels around them.

    >>> app = ScrabbleApp(GameConfig.from_spec("Alice,Bruno", seed=7))
    >>> # async with app.run_test() as pilot: await pilot.press(...)

The app holds what outlives a game (the active word list, the language) and hands every rule to
the engine through the game screen.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from textual.app import App, SystemCommand
from textual.screen import Screen

from scrabble_fr.engine.errors import ScrabbleError
from scrabble_fr.i18n import N_, _, get_language, sentence, set_language
from scrabble_fr.match import Match
from scrabble_fr.match.config import GameConfig, config_from_record
from scrabble_fr.messages import describe
from scrabble_fr.records.save import GameStore, SavedGame
from scrabble_fr.tui.screens.dialogs import ResumeDialog
from scrabble_fr.tui.screens.game import GameScreen
from scrabble_fr.tui.screens.panels import HelpScreen, SettingsScreen, ToolsScreen
from scrabble_fr.tui.screens.review import ReviewScreen
from scrabble_fr.tui.screens.setup import SetupScreen

# Textual's command-palette entries, marked here so that the catalogues translate them.
_TEXTUAL_COMMANDS = (
    N_("Theme"), N_("Change the current theme"), N_("Quit"), N_("Quit the application as soon as possible"),
    N_("Keys"), N_("Hide the keys and widget help panel"),
    N_("Show help for the focused widget and a summary of available keys"), N_("Minimize"),
    N_("Minimize the widget and restore to normal size"), N_("Maximize"), N_("Maximize the focused widget"),
    N_("Screenshot"), N_("Save an SVG 'screenshot' of the current screen"),
)


class ScrabbleApp(App[None]):
    CSS_PATH = "app.tcss"
    TITLE = "scrabble_fr"

    def __init__(
        self,
        config: GameConfig | None = None,
        lexicon: Any = None,
        lexicon_loader: Any = None,
        notice: str | None = None,
        review: tuple[Any, str] | None = None,
        resume: SavedGame | None = None,
        store: GameStore | None = None,
        offer_resume: bool = True,
        resume_as_new: bool = False,
        take_over: bool = False,
        duplicate: Any = None,
    ) -> None:
        super().__init__()
        self.initial_config = config
        self.review = review
        self.resume = resume
        self.store = store if store is not None else GameStore()
        self.offer_resume = offer_resume
        # A game resumed from its backup is saved under a new id: the damaged file stays as it was.
        self.resume_as_new = resume_as_new
        # Take a game over from another process that holds its lock (jouer --reprendre ID --forcer).
        self.take_over = take_over
        self.review_lexicon: Any = None
        self.lexicon = lexicon
        # Loads the word list for a rule set's language or a path; returns (lexicon, error text).
        self.lexicon_loader = lexicon_loader
        self.notice = notice
        self.game_screen: GameScreen | None = None
        # Opens a duplicate game on this app once it runs (scrabble-fr duplicate).
        self.duplicate = duplicate

    def notify(self, message: str, *args: Any, **kwargs: Any) -> None:  # type: ignore[override]
        # Every notice a sentence, like the message line (errors are worded as clauses).
        super().notify(sentence(str(message)), *args, **kwargs)

    def on_mount(self) -> None:
        if self.review is not None:
            record, source = self.review
            if self.lexicon_loader is not None:
                language = "fr" if record.tile_distribution == "french" else "en"
                self.review_lexicon, _error = self.lexicon_loader(language)
            self.push_screen(ReviewScreen(record, source))
        elif self.resume is not None:
            self.resume_game(self.resume, new_id=self.resume_as_new)
        elif self.duplicate is not None:
            self.duplicate(self)
        elif self.initial_config is not None:
            self.start_game(self.initial_config)
        else:
            self.push_screen(SetupScreen())
            if self.offer_resume:
                self._offer_resume()
        if self.notice:
            self.notify(self.notice, severity="warning", timeout=8)

    # -- games -----------------------------------------------------------------------------
    def _offer_resume(self) -> None:
        """Offer the newest unfinished game; a damaged save is reported and its backup offered."""
        try:
            found = self.store.records()
        except OSError:
            return
        for path, record in found:
            if isinstance(record, SavedGame):
                continue
            game_id = path.name[: -len(".json")]
            try:
                backup = self.store.load(game_id, backup=True)
                backup.rebuild()
            except ScrabbleError:
                self.notify(describe(record), severity="error", timeout=12)
                continue
            description = describe(record) + "\n\n" + _("Resume its previous save ({date})?").format(
                date=backup.date_text
            )

            def answered_backup(resume: bool | None, backup: SavedGame = backup, path: Any = path) -> None:
                if resume:
                    self.resume_game(backup, new_id=True)
                    # Kept for whoever wants to look at it, but out of the list of games.
                    try:
                        path.replace(path.with_name(path.name + ".damaged"))
                    except OSError:
                        pass

            self.push_screen(ResumeDialog(description), answered_backup)
            return
        unfinished = next(
            (r for _p, r in found if isinstance(r, SavedGame) and r.status == "en_cours"), None
        )
        if unfinished is None:
            return
        names = ", ".join(p["name"] for p in unfinished.players)
        description = _("A game between {names} was not finished ({date}, {n} events).").format(
            names=names, date=unfinished.date_text, n=len(unfinished.events)
        )

        def answered(resume: bool | None, record: SavedGame = unfinished) -> None:
            if resume:
                self.resume_game(record)

        self.push_screen(ResumeDialog(description), answered)

    def resume_game(self, record: SavedGame, new_id: bool = False) -> None:
        """Open a saved game exactly where it stopped (a damaged record: say so, change nothing)."""
        try:
            game = record.rebuild()
            config = config_from_record(record)
        except ScrabbleError as exc:
            self.notify(describe(exc), severity="error", timeout=12)
            if not self.screen_stack or len(self.screen_stack) <= 1:
                self.push_screen(SetupScreen())
            return
        if new_id:
            record = SavedGame.new(game, [(p.name, p.computer_level) for p in config.players], record.settings)
        self.start_game(config, game=game, record=record)

    def start_game(self, config: GameConfig, game: Any = None, record: SavedGame | None = None) -> None:
        if self.lexicon_loader is not None:
            wanted = config.lexicon_path or config.rules.lexicon
            lexicon, error = self.lexicon_loader(wanted)
            if lexicon is not None:
                self.lexicon = lexicon
            elif self.lexicon is None and config.rules.lexicon in ("fr", "en"):
                # Nothing loaded yet: fall back to the shipped list rather than judge with none.
                self.lexicon, _error = self.lexicon_loader(config.rules.lexicon, shipped=True)
                if self.lexicon is not None and error:
                    error += " — " + _("the shipped list is used: {name}").format(name=self.lexicon.name)
            if error:
                self.notify(error, severity="error", timeout=10)
        try:
            match = Match(config, game=game, record=record, store=self.store, lexicon=self.lexicon,
                          take_over=self.take_over)
        except ScrabbleError as exc:  # the game is open in another process: say so, open nothing
            self.notify(describe(exc), severity="error", timeout=15)
            if not self.screen_stack or len(self.screen_stack) <= 1:
                self.push_screen(SetupScreen())
            return
        self._close_match()
        screen = GameScreen(match)
        self.game_screen = screen
        # One game at a time: whatever was on the stack (set-up, previous end screen) goes.
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(screen)

    def action_new_game(self) -> None:
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self._close_match()
        self.push_screen(SetupScreen())

    def _close_match(self) -> None:
        # The game is left: its last state saved and its lock released for another process.
        if self.game_screen is not None:
            self.game_screen.match.close()
            self.game_screen = None

    def on_unmount(self) -> None:
        self._close_match()

    # -- panels ----------------------------------------------------------------------------
    def action_help(self) -> None:
        # The examples follow the game's notation, or the language's rules before a game starts.
        if self.game_screen is not None:
            notation = self.game_screen.match.game.rules.notation
        else:
            notation = "en" if get_language() == "en" else "fr"
        self.push_screen(HelpScreen(notation))

    def action_settings(self) -> None:
        match = self.game_screen.match if self.game_screen is not None else None
        if match is not None:
            language = match.game.rules.lexicon if match.game.rules.lexicon in ("fr", "en") else "fr"
            word_list = getattr(match.lexicon, "name", None)
            self.push_screen(SettingsScreen(match.verification, language, word_list))
        else:
            self.push_screen(SettingsScreen("auto", get_language(), None))

    def action_tools(self) -> None:
        match = self.game_screen.match if self.game_screen is not None else None
        if match is not None:
            try:
                match.check_tools()
            except ScrabbleError as exc:  # club mode, or no list: said before the dialog opens
                self.notify(describe(exc), severity="warning")
                return
        self.push_screen(ToolsScreen(match, self.lexicon))

    def set_verification(self, mode: str) -> None:
        if self.game_screen is not None:
            self.game_screen.match.set_verification(mode)
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
        if self.game_screen is not None and not self.game_screen.match.is_over:
            self.notify(
                _("The game in progress keeps its rules; the next game will use the rules of this language."),
                timeout=8,
            )
        self.refresh_bindings()

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:  # type: ignore[type-arg]
        # Textual's own commands, in the player's language (their English texts are message ids).
        for command in super().get_system_commands(screen):
            yield SystemCommand(_(command.title), _(command.help), command.callback, command.discover)
        yield SystemCommand(_("New game"), _("Set up a new game"), self.action_new_game)
        yield SystemCommand(_("Help"), _("The rules and the keys"), self.action_help)
        yield SystemCommand(_("Settings"), _("Verification, language, theme"), self.action_settings)
        yield SystemCommand(_("Word tools"), _("Check words, find a tirage"), self.action_tools)
        game = self.game_screen
        if game is not None and screen is game:
            yield SystemCommand(_("Challenge"), _("Challenge the announced move"), game.action_contest)
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
