"""The Textual application: the set-up screen, the game screen, and the panels around them.

    >>> app = ScrabbleApp(GameConfig.from_spec("Alice,Bruno", seed=7))
    >>> # async with app.run_test() as pilot: await pilot.press(...)

The app holds what outlives a game (the active word list, the language) and hands every rule to
the engine through the game screen.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Protocol

from textual.app import App, SystemCommand
from textual.command import CommandPalette
from textual.screen import Screen
from textual.theme import ThemeProvider

from scrabble_fr import opening, resume
from scrabble_fr.duplicate import DuplicateRecord, DuplicateSession, DuplicateSettings
from scrabble_fr.engine.errors import ScrabbleError
from scrabble_fr.engine.rules import Rules, rules_for_language
from scrabble_fr.engine.wordlist import WordList
from scrabble_fr.i18n import _, format_number, get_language, join_list, ngettext, sentence, set_language
from scrabble_fr.match import Match
from scrabble_fr.match.config import GameConfig, Verification
from scrabble_fr.messages import describe
from scrabble_fr.records.store import RecordStore, SavedRecord
from scrabble_fr.training.save import ToppingRecord
from scrabble_fr.training.topping import ToppingSession, ToppingSettings
from scrabble_fr.tui import requests
from scrabble_fr.tui.policy import LOCAL, SERVED, AppPolicy, Opening
from scrabble_fr.tui.screens.dialogs import ResumeDialog
from scrabble_fr.tui.screens.duplicate import DuplicateScreen
from scrabble_fr.tui.screens.game import GameScreen
from scrabble_fr.tui.screens.setup import SetupScreen
from scrabble_fr.tui.textual_texts import LocalizedCommandPalette, localize_textual
from scrabble_fr.tui.typography import keep_non_breaking_spaces

if TYPE_CHECKING:
    from scrabble_fr.table import TableInfo, TableSession
    from scrabble_fr.table.duplicate import DuplicateTable
    from scrabble_fr.table.rematch import Rematch


class ListLoader(Protocol):
    """Loads a word list by name or path (``fr``/``en``: that language's default); returns the list
    and None, or None and the error in the player's words. ``shipped``: the shipped list."""

    def __call__(self, wanted: str, shipped: bool = False) -> tuple[WordList | None, str | None]: ...


# The app's actions that open what a policy may close (their keys and the palette's commands).
_ACTION_OPENINGS = {"settings": Opening.SETTINGS, "tools": Opening.WORD_TOOLS, "new_game": Opening.NEW_GAME}


class ScrabbleApp(App[None]):
    CSS_PATH = "app.tcss"
    TITLE = "scrabble_fr"

    def __init__(
        self,
        config: GameConfig | None = None,
        lexicon: WordList | None = None,
        lexicon_loader: ListLoader | None = None,
        notice: str | None = None,
        review: tuple[Any, str] | None = None,
        resume: SavedRecord | None = None,
        store: RecordStore | None = None,
        offer_resume: bool = True,
        resume_as_new: bool = False,
        take_over: bool = False,
        duplicate: DuplicateSettings | None = None,
        topping: ToppingSettings | None = None,
        now: Callable[[], float] = time.monotonic,
        table: TableSession | DuplicateTable | None = None,
        code_entry: bool = False,
        policy: AppPolicy | None = None,
    ) -> None:
        super().__init__()
        keep_non_breaking_spaces()  # French typography: « : » never starts a line
        localize_textual()  # Textual's own key descriptions in the player's language
        self.initial_config = config
        self.review = review
        self.resume = resume
        self.store = store if store is not None else RecordStore()
        self.offer_resume = offer_resume
        # A game resumed from its backup is saved under a new id: the damaged file stays as it was.
        self.resume_as_new = resume_as_new
        # Take a game over from another process that holds its lock (jouer --reprendre ID --forcer).
        self.take_over = take_over
        self.review_lexicon: WordList | None = None
        self.lexicon = lexicon
        # Loads the word list for a rule set's language or a path; returns (lexicon, error text).
        self.lexicon_loader = lexicon_loader
        self.notice = notice
        self.game_screen: GameScreen | None = None
        # A duplicate game to open once the app runs (scrabble-fr duplicate).
        self.duplicate = duplicate
        # A topping game to open once the app runs (scrabble-fr topping).
        self.topping = topping
        # Where the games' clocks read the time (a test gives a clock it moves by hand).
        self.now = now
        # A seat at a shared table (scrabble-fr table rejoindre / regarder), and the store where the
        # set-up screen creates one (None: SCRABBLE_FR_BASE, else the file in the data folder).
        self.table: TableSession | DuplicateTable | None = table
        self.table_base: str | None = None
        # A store opened by the app itself (a code typed in it), closed when the app ends.
        self.owned_table_store: Any = None
        # The app of a browser's visitor (scrabble-fr serveur): it opens on the code-entry screen
        # and opens only the tables of the codes typed there, never a game of its own.
        self.code_entry = code_entry
        # What this app may open (SERVED: a browser's visitor, confined to the seat of its code;
        # the code-entry app is a visitor's unless told otherwise).
        self.policy = policy if policy is not None else (SERVED if code_entry else LOCAL)

    def notify(self, message: str, *args: Any, **kwargs: Any) -> None:  # type: ignore[override]
        # Every notice a sentence, like the message line (errors are worded as clauses).
        super().notify(sentence(str(message)), *args, **kwargs)

    def on_mount(self) -> None:
        if self.lexicon is not None:
            self._announce_builds()
        if self.review is not None:
            record, source = self.review
            if self.lexicon_loader is not None:
                language = "fr" if record.tile_distribution == "french" else "en"
                self.review_lexicon, _error = self.lexicon_loader(language)
                self._announce_builds()
            from scrabble_fr.tui.screens.review import ReviewScreen

            self.push_screen(ReviewScreen(record, source, self.review_lexicon))
        elif self.resume is not None:
            self.resume_game(self.resume, new_id=self.resume_as_new)
        elif self.duplicate is not None:
            self.start_duplicate(self.duplicate)
        elif self.topping is not None:
            self.start_topping(self.topping)
        elif self.table is not None:
            self.show_table(self.table)
        elif self.code_entry:
            self._enter_code()
        elif self.initial_config is not None:
            self.start_game(self.initial_config)
        else:
            self._home()
            if self.offer_resume and self.policy.allows(Opening.NEW_GAME):
                self._offer_resume()
        if self.notice:
            self.notify(self.notice, severity="warning", timeout=8)

    # -- games -----------------------------------------------------------------------------
    def _offer_resume(self) -> None:
        """Offer the newest unfinished game; a damaged save is reported and its backup offered."""
        for error in resume.unrecoverable(self.store):
            self.notify(describe(error), severity="error", timeout=12)
        offer = resume.offer(self.store)
        if offer is None:
            return
        record = offer.record
        if offer.damaged is not None and offer.error is not None:
            description = describe(offer.error) + "\n\n" + _("Resume its previous save ({date})?").format(
                date=record.date_text)

            def answered_backup(yes: bool | None, damaged: Any = offer.damaged) -> None:
                if yes:
                    self.resume_game(record, new_id=True)
                    resume.retire(damaged)

            self.push_screen(ResumeDialog(description), answered_backup)
            return
        names = join_list(record.player_names)
        if isinstance(record, DuplicateRecord):
            played = len(record.actions)
            description = ngettext(
                "A duplicate game between {names} was not finished ({date}, {n} coup played).",
                "A duplicate game between {names} was not finished ({date}, {n} coups played).", played,
            ).format(names=names, date=record.date_text, n=played)
        elif isinstance(record, ToppingRecord):
            played = len(record.coups)
            description = ngettext(
                "A topping game of {names} was not finished ({date}, {n} coup played).",
                "A topping game of {names} was not finished ({date}, {n} coups played).", played,
            ).format(names=names, date=record.date_text, n=played)
        else:
            description = _("A game between {names} was not finished ({date}, {n} events).").format(
                names=names, date=record.date_text, n=len(getattr(record, "events", [])))

        def answered(yes: bool | None) -> None:
            if yes:
                self.resume_game(record)

        self.push_screen(ResumeDialog(description), answered)

    def word_list(self, wanted: str, language: str | None = None) -> WordList | None:
        """The word list ``wanted`` (a name or a path; ``fr``/``en`` the language's default). One
        that cannot be loaded is said, and the shipped list of ``language`` judges instead."""
        if self.lexicon_loader is None:
            return self.lexicon
        lexicon, error = self.lexicon_loader(wanted)
        if lexicon is None and language in ("fr", "en"):
            # Nothing loaded: fall back to the shipped list rather than judge with none.
            lexicon, _error = self.lexicon_loader(language, shipped=True)
            if lexicon is not None and error:
                error += " — " + _("the shipped list is used: {name}").format(name=lexicon.name)
        if error:
            self.notify(error, severity="error", timeout=10)
        if lexicon is not None:
            self.lexicon = lexicon
            self._announce_builds()
        return lexicon if lexicon is not None else self.lexicon

    def resume_game(self, record: SavedRecord, new_id: bool = False) -> None:
        """Open a saved game, classic or duplicate, exactly where it stopped (a damaged record, or
        one open in another process: say so, change nothing)."""
        if self.refuses(Opening.NEW_GAME):
            return
        self._show_opened(opening.resumed(
            record, self.store, lexicon_for=lambda saved: self.word_list(resume.lexicon_source(saved),
                                                                         resume.list_language(saved)),
            take_over=self.take_over, as_new=new_id, now=self.now))

    def start_game(self, config: GameConfig) -> None:
        if self.refuses(Opening.NEW_GAME):
            return
        lexicon = self._list_for(config.lexicon_path, config.rules)
        self._show_opened(opening.new_game(config, self.store, lexicon, take_over=self.take_over, now=self.now))

    def start_duplicate(self, settings: DuplicateSettings) -> None:
        """Open a new duplicate game (a bad setting is said, and nothing opens)."""
        if not self.refuses(Opening.NEW_GAME):
            lexicon = self._list_for(settings.lexicon, settings.rules)
            self._show_opened(opening.new_duplicate(settings, lexicon, self.store, now=self.now))

    def start_topping(self, settings: ToppingSettings) -> None:
        """Open a new topping game (a bad setting is said, and nothing opens)."""
        if not self.refuses(Opening.NEW_GAME):
            lexicon = self._list_for(settings.lexicon, settings.rules)
            self._show_opened(opening.new_topping(settings, lexicon, self.store, now=self.now))

    def _list_for(self, wanted: str | None, rules: Rules) -> WordList | None:
        # The word list a game names, else its rules' own (a duplicate or topping game's tops are
        # looked for in it: it is loaded before anything opens).
        return self.word_list(wanted or rules.lexicon, rules.lexicon)

    def start_table(self, config: GameConfig) -> None:
        """Create a shared table from the set-up's game and show each human seat's code; this
        terminal then takes the seat its player chooses."""
        if self.refuses(Opening.NEW_GAME):
            return
        from scrabble_fr.table import TableSettings
        from scrabble_fr.tui.screens.dialogs import TableCodesDialog

        lexicon = self._list_for(config.lexicon_path, config.rules)
        specs = [f"ordi:{p.computer_level}" if p.is_computer else p.name for p in config.players]
        made = opening.new_table(TableSettings(
            specs, rules=config.rules, verification=config.verification, clock_minutes=config.clock_minutes,
            club=config.club, seed=config.seed, lexicon=config.lexicon_path,
            lexicon_name=lexicon.name if lexicon is not None else "",
            lexicon_words=len(lexicon) if lexicon is not None else 0), base=self.table_base)
        if isinstance(made, opening.Refused):
            self._refused(made.error)
            return
        store, created = made.session.store, made.session.created
        table = created.table
        seats = [(seat.number, seat.name, created.codes[seat.number]) for seat in table.seats
                 if seat.number in created.codes]
        note = ""
        if config.verification is Verification.MANUAL:
            note = _("No arbiter: the word list judges the challenged words.")

        def chosen(seat: int | None) -> None:
            if seat is None:
                return
            seated = opening.classic_seat(store, table.id, seat, lexicon, created.codes[seat])
            if isinstance(seated, opening.Refused):
                self._refused(seated.error)
                return
            self.show_table(seated.session)

        self.push_screen(TableCodesDialog(table.id, seats, note), chosen)

    def follow_rematch(self, session: TableSession, rematch: Rematch) -> None:
        """Take this seat at its table's rematch (:func:`~scrabble_fr.table.rematch.follow_rematch`),
        in place of the finished table, and say the seat's new code (said nowhere else)."""
        followed = opening.rematch_seat(session.store, rematch.code, session.match.lexicon)
        if isinstance(followed, opening.Refused):
            self.notify(followed.line, severity="error", timeout=12)
            return
        new = followed.session
        said = _("Rematch at table {table}. Your seat's code there, yours alone, to come back to it: {code}").format(
            table=rematch.table, code=rematch.code)
        self.show_table(new)
        new.match.log.append(said)
        if self.game_screen is not None:
            self.game_screen.shown.append(said)
        self.notify(said, timeout=30)

    def show_table(self, session: TableSession | DuplicateTable) -> None:
        """Show a shared table's seat: the game screen of a classic table; a duplicate table's
        arbitrator, player or projector screen (see :func:`scrabble_fr.tui.screens.club.club_screen`)."""
        from scrabble_fr.table.duplicate import DuplicateTable
        from scrabble_fr.tui.screens.club import club_screen

        self.table = session
        if not isinstance(session, DuplicateTable):
            self._show(session.match)
            return
        self._close_match()
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(club_screen(session))

    def open_table_code(self, code: str, *, name: str | None = None, base: str | None = None,
                        force: bool = False) -> bool:
        """Open the seat ``code`` gives (in the store ``base``, else the app's) and show its screen.
        A refusal (an unknown code, a name taken, a store out of reach) is notified in one line and
        nothing changes: False."""
        opened = opening.table_code(code, base=base if base is not None else self.table_base, name=name,
                                    lexicon_for=self.table_lexicon, force=force)
        if isinstance(opened, opening.Refused):
            self.notify(opened.line, severity="error", timeout=12)
            return False
        self._take_table(opened.session)
        return True

    def table_lexicon(self, info: TableInfo) -> WordList | None:
        """The word list a table's config names, loaded the app's way."""
        language = str(info.config.get("rules", {}).get("lexicon", "fr"))
        wanted = info.config.get("lexicon") or language
        return self.word_list(str(wanted), language)

    def _take_table(self, session: TableSession | DuplicateTable) -> None:
        # A table the app opened before from a code (its session and its store) is left for the
        # new one, whose store the app now owns (closed when the app ends).
        previous = self.owned_table_store
        if previous is not None and self.table is not None:
            self.table.close()
        self.owned_table_store = session.store
        self.show_table(session)
        if previous is not None and previous is not session.store:  # a series' next game keeps its store
            previous.close()

    # -- what screens ask (see scrabble_fr.tui.requests) -------------------------------------------
    def on_start_game(self, request: requests.StartGame) -> None:
        self.start_game(request.config)

    def on_start_duplicate(self, request: requests.StartDuplicate) -> None:
        self.start_duplicate(request.settings)

    def on_start_table(self, request: requests.StartTable) -> None:
        self.start_table(request.config)

    def on_new_game(self, request: requests.NewGame) -> None:
        self.action_new_game()

    def on_follow_rematch(self, request: requests.FollowRematch) -> None:
        self.follow_rematch(request.session, request.rematch)

    def on_table_opened(self, request: requests.TableOpened) -> None:
        from scrabble_fr.tui.screens.table_code import SeatCodeDialog

        self._take_table(request.opened.session)
        if request.opened.seat_code:  # a new seat at an open table: its own code, said nowhere else
            self.push_screen(SeatCodeDialog(request.opened.seat_code))

    def on_switch_language(self, request: requests.SwitchLanguage) -> None:
        self.switch_language(request.language)

    def on_set_verification(self, request: requests.SetVerification) -> None:
        self.set_verification(request.mode)

    def _refused(self, error: ScrabbleError) -> None:
        # Said, and the set-up screen stays (or opens) so that the app is never left blank.
        self.notify(describe(error), severity="error", timeout=12)
        if not self.screen_stack or len(self.screen_stack) <= 1:
            self._home()

    def _show_opened(self, opened: opening.Opened[resume.Session] | opening.Refused) -> None:
        if isinstance(opened, opening.Refused):
            self._refused(opened.error)
        else:
            self._show(opened.session)

    def _show(self, session: Match | DuplicateSession | ToppingSession) -> None:
        self._close_match()
        screen: Screen[None]
        if isinstance(session, Match):
            screen = self.game_screen = GameScreen(session, self.lexicon_loader)
        elif isinstance(session, ToppingSession):
            from scrabble_fr.tui.screens.topping import ToppingScreen

            screen = ToppingScreen(session)
        else:
            screen = DuplicateScreen(session)
        # One game at a time: whatever was on the stack (set-up, previous end screen) goes.
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(screen)

    def action_new_game(self) -> None:
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self._close_match()
        self._home()

    def _home(self) -> None:
        """The screen an app comes back to: the set-up, or a visitor's code entry."""
        if self.code_entry or not self.policy.allows(Opening.NEW_GAME):
            self._enter_code()
        else:
            self.push_screen(SetupScreen())

    # -- what the policy closes ------------------------------------------------------------
    def may_open(self, opening: Opening) -> bool:
        """Whether ``opening`` may open now: the word tools a confined app gives only through a
        table's game that offers them (the match then says whether it does)."""
        if self.policy.allows(opening):
            return True
        if opening is Opening.WORD_TOOLS:
            game = self.game_screen
            return game is not None and game.table is not None
        return False

    def refuses(self, opening: Opening) -> bool:
        """True, said in one line, when the policy closes ``opening``: the caller opens nothing."""
        if self.may_open(opening):
            return False
        self.notify(self.policy.refusal(opening), severity="warning", timeout=8)
        return True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # A closed opening's keys do nothing and leave the footer.
        opening = _ACTION_OPENINGS.get(action)
        if opening is not None and not self.may_open(opening):
            return False
        return super().check_action(action, parameters)

    def _enter_code(self) -> None:
        from scrabble_fr.tui.screens.table_code import TableCodeScreen

        self.push_screen(TableCodeScreen(self.table_base, self.table_lexicon))

    def _close_match(self) -> None:
        # The game is left: its last state saved and its lock released for another process.
        if self.game_screen is not None:
            self.game_screen.match.close()
            self.game_screen = None

    def on_unmount(self) -> None:
        words = sys.modules.get("scrabble_fr.words")  # loaded only if a word list was
        if words is not None:
            words.announce_slow_builds(None)
        self._close_match()
        if self.owned_table_store is not None:
            table = self.table
            if table is not None:
                table.close()
            self.owned_table_store.close()
            self.owned_table_store = None

    def _announce_builds(self) -> None:
        """A word list built for the first time (a list given by its path, or after the cache was
        emptied) keeps the first move waiting a few seconds: a notice says why. Builds run in the
        workers' threads; the notice is handed to the interface's loop without waiting for it.

        Called once a word list is in the app (the word graph's room is then loaded anyway): a
        process that never judges words, a shared table's player, never loads it for this."""
        import asyncio

        from scrabble_fr.words import BuildNotice, GraphKind, announce_slow_builds

        loop = asyncio.get_running_loop()

        def tell(notice: BuildNotice) -> None:
            if notice.finished or notice.kind is not GraphKind.WORDS:
                return
            text = _("Preparing the word list ({count} words), once: a few seconds…").format(
                count=format_number(notice.words))
            loop.call_soon_threadsafe(lambda: self.notify(text, timeout=6))

        announce_slow_builds(tell)

    # -- panels ----------------------------------------------------------------------------
    # The panels are imported when opened: a club player's process (one per player on a club
    # host) does without their widgets until it needs them.
    def action_help(self) -> None:
        from scrabble_fr.tui.screens.panels import HelpScreen

        # The examples follow the game's notation, or the language's rules before a game starts.
        if self.game_screen is not None:
            notation = self.game_screen.match.game.rules.notation
        else:
            notation = rules_for_language(get_language()).notation
        self.push_screen(HelpScreen(notation, confined=not self.policy.allows(Opening.SETTINGS)))

    def action_settings(self) -> None:
        from scrabble_fr.tui.screens.panels import SettingsScreen

        if self.refuses(Opening.SETTINGS):
            return
        match = self.game_screen.match if self.game_screen is not None else None
        if match is not None:
            language = match.game.rules.lexicon if match.game.rules.lexicon in ("fr", "en") else "fr"
            word_list = getattr(match.lexicon, "name", None)
            self.push_screen(SettingsScreen(match.verification, language, word_list))
        else:
            self.push_screen(SettingsScreen(Verification.AUTO, get_language(), None))

    def action_tools(self) -> None:
        from scrabble_fr.tui.screens.panels import ToolsScreen

        if self.refuses(Opening.WORD_TOOLS):
            return
        match = self.game_screen.match if self.game_screen is not None else None
        if match is not None:
            try:
                match.check_tools()
            except ScrabbleError as exc:  # club mode, or no list: said before the dialog opens
                self.notify(describe(exc), severity="warning")
                return
        self.push_screen(ToolsScreen(match, self.lexicon))

    def set_verification(self, mode: Verification | str) -> None:
        mode = Verification(mode)
        said = _("Verification: {mode}").format(mode=mode.label)
        if self.game_screen is not None:
            match = self.game_screen.match
            match.set_verification(mode)
            self.game_screen.refresh_view()
            if mode is Verification.MANUAL and any(match.is_computer(i) for i in range(len(match.game.players))):
                # Never a human judging a computer, nor a computer judging a human: said at once.
                said += ". " + _("A computer is in the game: the word list judges the challenges that involve it.")
        self.notify(said)

    def switch_language(self, language: str) -> None:
        """Re-render every screen in ``language``; a game in progress keeps its rules."""
        set_language(language)
        localize_textual(self)
        for screen in self.screen_stack:
            refresh = getattr(screen, "refresh_texts", None)
            if refresh is not None:
                refresh()
            translate = getattr(screen, "translate_bindings", None)
            if translate is not None:
                translate()
        if self.game_screen is not None and not self.game_screen.match.game.is_over:
            self.notify(
                _("The game in progress keeps its rules; the next game will use the rules of this language."),
                timeout=8,
            )
        self.refresh_bindings()

    def action_command_palette(self) -> None:
        """Textual's command palette, in the player's language (Ctrl+P)."""
        if self.use_command_palette and not CommandPalette.is_open(self):  # type: ignore[arg-type]
            self.push_screen(LocalizedCommandPalette(id="--command-palette"))

    def search_themes(self) -> None:
        self.push_screen(LocalizedCommandPalette(providers=[ThemeProvider], placeholder=_("Search for themes…")))

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:  # type: ignore[type-arg]
        # Textual's own commands, in the player's language (their English texts are message ids).
        for command in super().get_system_commands(screen):
            yield SystemCommand(_(command.title), _(command.help), command.callback, command.discover)
        if self.may_open(Opening.NEW_GAME):
            yield SystemCommand(_("New game"), _("Set up a new game"), self.action_new_game)
        yield SystemCommand(_("Help"), _("The rules and the keys"), self.action_help)
        if self.may_open(Opening.SETTINGS):
            yield SystemCommand(_("Settings"), _("Verification, language, theme"), self.action_settings)
        if self.may_open(Opening.WORD_TOOLS):
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
