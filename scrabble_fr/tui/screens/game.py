"""The game screen: board, rack, scores, history, the announced move and its contestation.

Moves are entered three ways: on the board (arrows, letters, space, Backspace, ``?`` then a letter
for a joker, Enter to announce), on the command line (``H8 MAISON``, ``passer``, ``changer ABC``,
``PLACE - 8 8 MOT``), or with the mouse (a rack tile, then a square). The screen owns no rules and
no clock: it renders a :class:`~scrabble_fr.match.Match` and sends it the players' intents.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Footer, Input, Static

from scrabble_fr import texts
from scrabble_fr.engine.errors import ScrabbleError
from scrabble_fr.engine.game import EventKind, Phase
from scrabble_fr.engine.move import Move, MoveKind, PlacedTile
from scrabble_fr.engine.notation import CommandWord, command_word
from scrabble_fr.i18n import N_, _, elide, format_number, ngettext, points, sentence
from scrabble_fr.match import ComputerTask, HintTask, Match, Outcome
from scrabble_fr.match.entry import used_tiles
from scrabble_fr.messages import describe
from scrabble_fr.table.classic_seat import table_of
from scrabble_fr.table.errors import NOT_RECORDED
from scrabble_fr.tui.bindings import LocalizedBindings
from scrabble_fr.tui.screens.dialogs import (
    ChallengeWordsDialog,
    ConfirmDialog,
    ContesterDialog,
    ExchangeDialog,
    HandOverDialog,
    JokerDialog,
    ManualVerifyDialog,
    MessageLogDialog,
    MovesDialog,
)
from scrabble_fr.tui.table_watch import follow_table
from scrabble_fr.tui.widgets.board import BoardPicture, BoardView
from scrabble_fr.tui.widgets.history import HistoryView
from scrabble_fr.tui.widgets.rack import RackView

if TYPE_CHECKING:
    from scrabble_fr.tui.screens.end import ListLoader

FOLLOW_SECONDS = 0.1  # how often a screen at a shared table reads it


def _command_placeholder(notation: str) -> str:
    """The command line's prompt, with examples in the rule set's notation (which need not be the
    language's: an English screen may play French rules)."""
    across, down = ("H8", "8H") if notation == "fr" else ("8H", "H8")
    return _("Your move: {across} WORD (across), {down} WORD (down), pass, exchange ABC, challenge").format(
        across=across, down=down
    )


class ScoresPanel(Static):
    """The players' lines, written again by the screen when the panel's width changes: at 80
    columns a name gives way so that a seat's « away » stays on its line."""

    def __init__(self, rewrite: Callable[[], None], *, id: str) -> None:  # noqa: A002 (Textual's name)
        super().__init__(id=id)
        self._rewrite = rewrite

    def on_resize(self) -> None:
        self._rewrite()


class GameScreen(LocalizedBindings, Screen[None]):
    """One game, from the first rack to the final ranking."""

    # Under 100 columns, the compact layout (app.tcss): the whole game fits 80×24.
    HORIZONTAL_BREAKPOINTS = [(0, "-compact"), (100, "-comfortable")]

    KEYS = [
        ("f1", "app.help", N_("Help"), True),
        ("f2", "contest", N_("Challenge"), True),
        ("f3", "accept", N_("Accept"), True),
        ("f4", "exchange", N_("Exchange"), True),
        ("f5", "pass_turn", N_("Pass"), True),
        ("f6", "hint", N_("Hint"), True),
        ("f7", "app.tools", N_("Words"), False),  # in the help: the footer keeps 80 columns
        ("f8", "toggle_focus", N_("Board/line"), False),
        ("f9", "app.settings", N_("Settings"), True),
        ("ctrl+z", "undo", N_("Undo"), False),
        ("ctrl+l", "message_log", N_("Messages"), False),  # in the help: the footer keeps 80 columns
        ("ctrl+q", "app.quit", N_("Quit"), False),  # shown in the help: the footer keeps 80 columns
    ]

    # Club mode has no hint, no word tools and no undo: the footer drops them and shows F8 instead.
    CLUB_KEYS = [(keys, action, text, show or action == "toggle_focus") for keys, action, text, show in KEYS
                 if action not in ("hint", "app.tools", "undo")]

    # A table's watcher (or its arbiter, who plays no tiles) has no rack and no turn: its keys are
    # those it can use, and the footer says so.
    WATCH_KEYS = [
        ("f1", "app.help", N_("Help"), True),
        ("ctrl+l", "message_log", N_("Messages"), True),
        ("ctrl+q", "app.quit", N_("Quit"), True),
    ]

    def __init__(self, match: Match, lexicon_loader: ListLoader | None = None) -> None:
        # Before the bindings are made (LocalizedBindings).
        self.club = match.config.club
        table = table_of(match)
        self.rackless = table is not None and table.me is None
        super().__init__()
        self.match = match
        self.lexicon_loader = lexicon_loader  # handed to the end screen, whose review may need a list
        self.tentative: list[PlacedTile] = []  # the move being entered, tile by tile
        self.shown: list[str] = []  # what the game said since the player last acted
        self.selected_tile: int | None = None  # a rack tile clicked, waiting for its square

    @property
    def game(self) -> Any:
        return self.match.game

    # -- layout ----------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield BoardView(id="board")
                with Horizontal(id="rack-row"):
                    yield Static(id="rack-label")
                    yield RackView(id="rack")
                yield Static(id="preview")
            with Vertical(id="right"):
                with Vertical(id="score-box"):
                    yield ScoresPanel(self._refresh_scores, id="scores")
                    yield Static(id="unseen")
                yield Static(id="status")
                yield HistoryView(id="history")
        with Horizontal(id="announce"):
            yield Static(id="announce-text")
            yield Button(_("Challenge"), id="contest", variant="error")
            yield Button(_("Accept"), id="accept", variant="success")
        yield Static(id="message")
        yield Input(id="command", placeholder=self._placeholder(), disabled=self.rackless)
        yield Footer(compact=True, show_command_palette=False)

    def binding_keys(self) -> list[tuple[str, str, str, bool]]:
        if getattr(self, "rackless", False):
            return self.WATCH_KEYS
        return self.CLUB_KEYS if getattr(self, "club", False) else self.KEYS

    def _placeholder(self) -> str:
        """The command line's prompt: a move's forms for a player, what this screen is for a
        watcher and for an arbiter (whose line takes nothing)."""
        if not self.rackless:
            return _command_placeholder(self.game.rules.notation)
        if self.table.is_arbiter:
            return _("You arbitrate: the challenged words come here, you play no tiles")
        return _("You are watching: no rack is shown, nothing is played from here")

    @property
    def table(self) -> Any:
        """The shared table this screen plays at (None at one keyboard)."""
        return table_of(self.match)

    def on_mount(self) -> None:
        if self.rackless:
            self.query_one("#board", BoardView).focus()  # the arrows look around the board
        else:
            self.query_one("#command", Input).focus()
        if self.match.clocks is not None:
            self.set_interval(1.0, self._tick)
        if self.table is not None:
            follow_table(self, self.table, self._follow, every=FOLLOW_SECONDS)  # the other terminals' moves
        self.after_change(Outcome())

    def refresh_texts(self) -> None:
        """Re-render every text in the current language (the app retranslates the bindings)."""
        self.query_one("#command", Input).placeholder = self._placeholder()
        self.query_one("#contest", Button).label = _("Challenge")
        self.query_one("#accept", Button).label = _("Accept")
        self.refresh_view()

    # -- drawing ---------------------------------------------------------------------------
    def refresh_view(self) -> None:
        self._refresh_board()
        self._refresh_rack()
        self._refresh_scores()
        self._refresh_status()
        self._refresh_history()
        self._refresh_announce()
        self._refresh_preview()

    def refresh_tentative(self) -> None:
        """Only what a tile placed or taken back changes (keeps each keypress cheap)."""
        self._refresh_board()
        self._refresh_rack()
        self._refresh_preview()

    def _refresh_board(self) -> None:
        game = self.game
        board = self.query_one("#board", BoardView)
        last: frozenset[tuple[int, int]] = frozenset()
        for event in reversed(game.history):
            if event.move is not None and event.move.kind is MoveKind.PLACE:
                tiles = event.move.tiles
                if event.kind is EventKind.PLACE and all(game.board[t.row, t.col] is not None for t in tiles):
                    last = frozenset((t.row, t.col) for t in event.move.tiles)
                break
        board.picture = BoardPicture.of(game.board.squares, game.rules, last, self.tentative)

    def _refresh_rack(self) -> None:
        game = self.game
        owner = self.match.rack_owner
        rack_view = self.query_one("#rack", RackView)
        rack = game.racks[owner]
        values = game.rules.tile_set
        rack_view.tiles = tuple((tile, values.value(tile)) for tile in rack)
        rack_view.used = frozenset(used_tiles(rack, self.tentative))
        rack_view.selected = self.selected_tile
        rack_view.hidden = not self.match.rack_visible()
        self.query_one("#rack-label", Static).update(elide(_("{name}'s rack:").format(name=game.players[owner])) + " ")

    @property
    def compact(self) -> bool:
        """Under 100 columns the screen packs everything into 80×24 (see app.tcss)."""
        return self.has_class("-compact")

    def on_resize(self) -> None:
        self.refresh_view()

    def _refresh_scores(self) -> None:
        game = self.game
        match = self.match
        clocks = match.clock_seconds()
        compact = self.compact
        width = 10 if compact else 16
        lines = []
        tails = []
        for index in range(len(game.players)):
            kind = "" if compact or not match.is_computer(index) else _("computer")
            if self.table is not None and self.table.player_present(index) is False:
                kind = _("away")  # nobody holds that seat now (said in the compact layout too)
            tails.append((f"  {texts.clock_text(clocks[index])}" if clocks is not None else "") + f" {kind}")
        # A seat away with a clock at 80 columns: the names give way, so that « away » stays on
        # the seat's line instead of wrapping onto a line of its own.
        room = self.query_one("#scores", Static).size.width  # 0 before the first layout
        if room:
            width = max(4, min(width, room - len("▶ ") - len(" 123456") - max(len(t.rstrip()) for t in tails)))
        for index, name in enumerate(game.players):
            marker = "▶" if index == match.actor and not game.is_over else " "
            lines.append(f"{marker} {name[:width]:<{width}} {format_number(game.scores[index]):>6}{tails[index]}")
        if not compact:
            lines.append("")
        bag = len(game.bag)
        bag_line = ngettext("Bag: {n} tile", "Bag: {n} tiles", bag).format(n=format_number(bag))
        if compact and match.config.club:
            bag_line += " · " + _("club mode")  # the status line is hidden in the compact layout
        lines.append(bag_line)
        self.query_one("#scores", Static).update("\n".join(lines))
        unseen = game.unseen(match.rack_owner)
        unseen_text = " ".join(
            f"{letter}{'' if n == 1 else n}"
            for letter, n in sorted(unseen.items(), key=lambda kv: (kv[0] == "?", kv[0]))
        )
        self.query_one("#unseen", Static).update(
            _("Unseen ({n}): {tiles}").format(n=sum(unseen.values()), tiles=unseen_text)
        )

    def _refresh_status(self) -> None:
        match = self.match
        mode = match.verification.label
        lexicon = match.lexicon
        if lexicon is None:
            list_name = _("no word list")
        else:
            list_name = lexicon.name
            if getattr(lexicon, "is_builtin_french", False):
                list_name += " — " + _("free list, about 92 % of the ODS, not the ODS")
        status = _("Rules: {rules} · Verification: {mode}").format(rules=self.game.rules.name, mode=mode)
        if match.config.club:
            status += " · " + _("club mode")
        self.query_one("#status", Static).update(status + "\n" + _("Word list: {name}").format(name=list_name))

    def _refresh_history(self) -> None:
        # Compact: no turn numbers, short names, so that the move, its points and the total fit
        # the 31 columns beside the board.
        compact = self.compact
        self.query_one("#history", HistoryView).show(texts.history_rows(self.game, self.match.timeline()),
                                                     turns=not compact, name_width=7 if compact else 12)

    def _refresh_announce(self) -> None:
        bar = self.query_one("#announce", Horizontal)
        pending = self.game.pending
        bar.display = pending is not None and not self.game.is_over
        if pending is not None:
            self.query_one("#announce-text", Static).update(texts.announcement_text(self.game))

    def _refresh_preview(self) -> None:
        preview = self.query_one("#preview", Static)
        if not self.tentative:
            preview.update("")
            return
        try:
            move = self.game.position.describe(Move.place(self.tentative))
            words = ", ".join(f"{w.text} {w.score}" for w in move.words)
            preview.update(
                _("Tentative move: {move} — {points} ({words})").format(
                    move=move.notation(self.game.rules.notation), points=points(move.score or 0), words=words
                )
            )
        except ScrabbleError as exc:
            preview.update(_("Tentative move: {reason}").format(reason=describe(exc)))

    def say(self, text: str) -> None:
        """The message line: each message a sentence (errors are worded as clauses). What the
        game said since the player last acted stays before it, as room allows (the whole of it
        is in the message log, Ctrl+L)."""
        parts = [*self.shown, sentence(text)] if text else list(self.shown)
        self.query_one("#message", Static).update(self._fit(parts))

    def _fit(self, parts: list[str]) -> str:
        # The newest messages that fit the message area; « … » says older ones are in the log.
        widget = self.query_one("#message", Static)
        width = max(20, (widget.size.width or self.size.width or 80) - 2)
        room = 3 if self.compact else 4
        kept: list[str] = []
        for part in reversed([p for p in parts if p]):
            trial = [part, *kept]
            if kept and len(textwrap.wrap(" ".join(trial), width)) > room:
                return "… " + " ".join(kept)
            kept = trial
        return " ".join(kept)

    # -- the flow of the game --------------------------------------------------------------
    def intent(self, action: Callable[[], Outcome]) -> bool:
        """Send an intent to the match; on refusal say why (nothing changed)."""
        typed, self._typed_line = self._typed_line, None
        try:
            outcome = action()
        except ScrabbleError as exc:
            self.say(describe(exc))
            if self.table is not None:
                self.refresh_view()  # another terminal acted first: its move is on the board now
                if typed and exc.code in NOT_RECORDED:
                    # The store did not take it: the line comes back, to send again as it is.
                    self.query_one("#command", Input).value = typed
            return False
        self.shown = []  # the player has acted: what came before is read
        self.after_change(outcome)
        return True

    def after_change(self, outcome: Outcome) -> None:
        """Redraw, say what happened, then let whoever must act next act (end screen, hand-over,
        a computer)."""
        self.tentative.clear()
        self.selected_tile = None
        self.refresh_view()
        if outcome.warning:
            self.app.notify(outcome.warning, severity="error")
        # Every outcome stays on screen until the player acts: a computer's reply comes after
        # what happened to the player's move, never over it.
        self.shown.extend(sentence(m) for m in outcome.messages)
        message = ""
        match = self.match
        if match.game.is_over:
            self.say(message)
            self._finish()
            return
        pending = self.game.pending
        if self.game.phase is Phase.ANNOUNCED and pending is not None and match.human_contesters():
            # Named: the line may begin with what the player did, never theirs to challenge.
            announcer = self.game.players[pending.player]
            message = elide(_("Challenge (F2) or accept (F3) {name}'s move.").format(name=announcer))
        self.say(message)
        player = match.needs_handover()
        if player is not None:

            def shown(_result: bool | None) -> None:
                match.reveal(player)
                self.refresh_view()

            self.app.push_screen(HandOverDialog(self.game.players[player]), shown)
            return
        task = match.computer_task()
        if task is not None:
            thinking = _("{name} is thinking…").format(name=self.game.players[task.player])
            self.say((message + " " + thinking).strip())
            self._computer_move(task)

    def dialog(self, screen: ModalScreen[Any], then: Callable[[Any], None]) -> None:
        """Open a dialog; ``then`` receives its answer."""
        self.app.push_screen(screen, then)

    def on_screen_suspend(self) -> None:
        # Any screen over the game (a dialog, the help, the settings, the end): nobody can play,
        # so the clocks stop until the game is on screen again.
        self.match.pause()

    def on_screen_resume(self) -> None:
        self.match.resume()

    @work(thread=True, exclusive=True, group="computer")
    def _computer_move(self, task: ComputerTask) -> None:
        move = task.compute()
        self.app.call_from_thread(self._computer_played, task, move)

    def _computer_played(self, task: ComputerTask, move: Move) -> None:
        self.after_change(self.match.complete_computer(task, move))

    # -- events from widgets ---------------------------------------------------------------
    @on(Input.Submitted, "#command")
    def _command(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        event.input.value = ""
        if not text:
            return
        self._typed_line = text  # given back by intent() if the table's store does not take it
        try:
            self._dispatch(text)
        finally:
            self._typed_line = None

    _typed_line: str | None = None

    def _dispatch(self, text: str) -> None:
        command = command_word(text.split()[0])
        if command is CommandWord.CHALLENGE:
            self._typed_contest(text.split()[1:])
            return
        if command is CommandWord.ACCEPT and len(text.split()) == 1:
            self.action_accept()
            return
        try:
            is_pass = self.game.position.parse_move(text).kind is MoveKind.PASS
        except ScrabbleError:
            is_pass = False  # the match says what is wrong with it
        if is_pass:
            self.action_pass_turn()
            return
        self.intent(lambda: self.match.play(text))

    @on(Button.Pressed, "#contest")
    def _contest_button(self) -> None:
        self.action_contest()

    @on(Button.Pressed, "#accept")
    def _accept_button(self) -> None:
        self.action_accept()

    @on(BoardView.Typed)
    def _typed(self, event: BoardView.Typed) -> None:
        board = self.query_one("#board", BoardView)
        row, col = board.cursor
        if self._place_at(row, col, event.letter, event.joker):
            board.advance()

    @on(BoardView.TakeBack)
    def _take_back(self) -> None:
        if self.tentative:
            tile = self.tentative.pop()
            self.query_one("#board", BoardView).cursor = (tile.row, tile.col)
            self.refresh_tentative()

    @on(BoardView.Clear)
    def _clear(self) -> None:
        self.tentative.clear()
        self.selected_tile = None
        self.refresh_tentative()

    @on(BoardView.Announce)
    def _announce(self) -> None:
        if not self.tentative:
            self.say(_("Place tiles first: type letters on the board."))
            return
        tiles = list(self.tentative)
        self.intent(lambda: self.match.play(Move.place(tiles)))

    @on(BoardView.SquareClicked)
    def _square_clicked(self, event: BoardView.SquareClicked) -> None:
        if self.selected_tile is None:
            return
        rack = self.game.racks[self.match.rack_owner]
        if self.selected_tile >= len(rack):
            return
        tile = rack[self.selected_tile]
        self.selected_tile = None
        if tile == "?":

            def chosen(letter: str | None) -> None:
                if letter:
                    self._place_at(event.row, event.col, letter, True)

            self.dialog(JokerDialog(), chosen)
            return
        self._place_at(event.row, event.col, tile, False)

    @on(RackView.TileClicked)
    def _tile_clicked(self, event: RackView.TileClicked) -> None:
        if self.match.current_human is None:
            return
        self.selected_tile = None if self.selected_tile == event.index else event.index
        self.refresh_tentative()
        if self.selected_tile is not None:
            self.say(_("Now click the square for this tile."))

    def _place_at(self, row: int, col: int, letter: str, joker: bool) -> bool:
        try:
            self.match.check_tentative(self.tentative, row, col, letter, joker)
        except ScrabbleError as exc:
            self.say(describe(exc))
            return False
        self.tentative.append(PlacedTile(row, col, letter, joker))
        self.query_one("#board", BoardView).cursor = (row, col)
        self.refresh_tentative()
        return True

    # -- actions (keys, buttons, command palette) ------------------------------------------
    def action_contest(self, name: str | None = None) -> None:
        match = self.match
        try:
            contester = match.find_contester(name)
        except ScrabbleError as exc:
            self.say(describe(exc))
            return
        if contester is not None:
            self._contest_by(contester)
            return

        def chosen(index: int | None) -> None:
            if index is not None:
                self._contest_by(index)

        names = [(i, self.game.players[i]) for i in match.human_contesters()]
        self.dialog(ContesterDialog(names), chosen)

    def _typed_contest(self, typed: list[str]) -> None:
        """« contester [NAME] [WORDS] » on the command line: the words named are judged without
        asking for them again; a word the move did not form is refused in one line."""
        try:
            contester, words = self.match.contest_request(typed)
        except ScrabbleError as exc:
            self.say(describe(exc))
            return
        if contester is not None:
            self._contest_by(contester, words)
            return
        names = [(i, self.game.players[i]) for i in self.match.human_contesters()]
        self.dialog(ContesterDialog(names), lambda index: None if index is None else self._contest_by(index, words))

    def _contest_by(self, contester: int, typed: list[str] | None = None) -> None:
        match = self.match
        words = match.game.formed_words()
        if typed or not match.game.rules.challenge.named_words or len(words) < 2:
            self._judge_contest(contester, typed or None)
            return

        # FFSc and WESPA judge only the words named: the challenger names them first.
        def named(chosen: list[str] | None) -> None:
            if chosen is None:
                self.say(_("Challenge cancelled."))
                return
            self._judge_contest(contester, chosen)

        self.dialog(ChallengeWordsDialog(words), named)

    def _judge_contest(self, contester: int, words: list[str] | None) -> None:
        match = self.match
        if not match.contest_needs_answers(contester):
            self.intent(lambda: match.contest(contester, words=words))
            return

        def answered(answers: dict[str, bool] | None) -> None:
            if answers is None:
                self.say(_("Challenge cancelled."))
                return
            self.intent(lambda: match.contest(contester, answers, words))

        self.dialog(ManualVerifyDialog(words or match.game.formed_words()), answered)

    def action_accept(self) -> None:
        self.intent(self.match.accept)

    def action_pass_turn(self) -> None:
        if not self.match.pass_ends_game():
            self.intent(self.match.pass_)
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.intent(self.match.pass_)

        self.dialog(
            ConfirmDialog(_("Pass"), _("This pass ends the game: it is blocked. Pass anyway?"),
                          _("Pass and end the game")),
            answered,
        )

    def action_exchange(self) -> None:
        try:
            self.match.check_exchange()
        except ScrabbleError as exc:
            self.say(describe(exc))
            return

        def chosen(tiles: str | None) -> None:
            if tiles:
                self.intent(lambda: self.match.exchange(tiles))

        self.dialog(ExchangeDialog(self.game.racks[self.match.rack_owner]), chosen)

    def action_hint(self) -> None:
        try:
            task = self.match.hint_task()
        except ScrabbleError as exc:
            self.say(describe(exc))
            return
        self.say(_("Looking for the best moves…"))
        self._find_hint(task)

    @work(thread=True, exclusive=True, group="hint")
    def _find_hint(self, task: HintTask) -> None:
        # Off the interface thread: the first search builds the word structure (up to a second).
        moves = task.compute()
        self.app.call_from_thread(self._show_hint, task, moves)

    def _show_hint(self, task: HintTask, moves: list[Move] | None) -> None:
        try:
            # At a table the hint is recorded first, for every seat to be told: not recorded,
            # not shown.
            lines = self.match.complete_hint(task, moves)
        except ScrabbleError as exc:
            self.say(describe(exc))
            return
        if lines is None:
            if moves is None:
                self.say(_("Analysis is not available."))
            return  # or the game moved on while searching
        self.refresh_view()
        self.say("")
        self.dialog(MovesDialog(_("Best moves"), lines), lambda _result: None)

    def action_undo(self) -> None:
        self.intent(self.match.undo)

    def action_message_log(self) -> None:
        """Everything the game has said, to read again (Ctrl+L)."""
        self.dialog(MessageLogDialog(self.match.log), lambda _result: None)

    def action_toggle_focus(self) -> None:
        board = self.query_one("#board", BoardView)
        if board.has_focus:
            self.query_one("#command", Input).focus()
        else:
            board.focus()

    # -- clock and end ---------------------------------------------------------------------
    def _tick(self) -> None:
        if self.match.tick():
            self.refresh_view()
            if self.match.game.is_over:  # past the overtime limit
                self._finish()
        else:
            self._refresh_scores()

    def _follow(self) -> None:
        """A shared table: what the other seats did, as soon as it is written; an undo to answer,
        words to judge."""
        table = self.table
        try:
            outcome = table.poll()
        except ScrabbleError as exc:
            self.say(describe(exc))
            return
        if outcome is not None:
            if outcome.messages or outcome.warning:
                if outcome.messages:
                    self.shown = []
                self.after_change(outcome)
            else:
                self.refresh_view()
        if self.app.screen is not self:
            return
        if table.undo_to_answer is not None and not self._asking:
            self._ask_undo()
        elif table.is_arbiter and table.judgement is not None and not self._asking:
            self._judge()

    _asking = False

    def _ask_undo(self) -> None:
        table = self.table
        asker = table.undo_to_answer

        def answered(yes: bool | None) -> None:
            self._asking = False
            self.intent(lambda: table.answer_undo(bool(yes)))

        self._asking = True
        self.dialog(ConfirmDialog(_("Undo"), _("{name} asks to take back their last move. Accept?").format(
            name=asker), _("Accept")), answered)

    def _judge(self) -> None:
        table = self.table

        def answered(answers: dict[str, bool] | None) -> None:
            self._asking = False
            if answers is not None:
                self.intent(lambda: table.judge(answers))

        self._asking = True
        words = table.judgement.words if table.judgement is not None else ()
        self.dialog(ManualVerifyDialog(list(words)), answered)

    def _finish(self) -> None:
        from scrabble_fr.tui.screens.end import EndScreen

        for screen in self.app.screen_stack:
            if isinstance(screen, EndScreen) and screen.match is self.match:
                # Already ended: news of the table after its end (a rematch asked) goes there.
                screen.table_changed()
                return
        self.app.push_screen(EndScreen(self.match, self.lexicon_loader))
