"""The game screen: board, rack, scores, history, the announced move and its contestation.

Moves are entered three ways: on the board (arrows, letters, space, Backspace, ``?`` then a letter
for a joker, Enter to announce), on the command line (``H8 MAISON``, ``passer``, ``changer ABC``,
``PLACE - 8 8 MOT``), or with the mouse (a rack tile, then a square). The screen owns no rules: it
asks the engine's :class:`Game` and shows what it says.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import TYPE_CHECKING, Any

from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, DataTable, Footer, Input, Static

from scrabble_fr.engine.errors import ScrabbleError
from scrabble_fr.engine.game import EventKind, Game, Phase
from scrabble_fr.engine.move import Move, MoveKind, PlacedTile
from scrabble_fr.engine.verify import AnswersVerifier, LexiconVerifier
from scrabble_fr.i18n import N_, _, format_number, ngettext, points
from scrabble_fr.messages import describe
from scrabble_fr import texts
from scrabble_fr.tui.bindings import LocalizedBindings
from scrabble_fr.tui.screens.dialogs import (
    ContesterDialog,
    ExchangeDialog,
    HandOverDialog,
    JokerDialog,
    ManualVerifyDialog,
    MovesDialog,
)
from scrabble_fr.records.save import GameStore, SavedGame
from scrabble_fr.tui.session import GameConfig
from scrabble_fr.tui.widgets.board import BoardPicture, BoardView
from scrabble_fr.tui.widgets.rack import RackView

if TYPE_CHECKING:
    from scrabble_fr.tui.app import ScrabbleApp

_CONTEST_WORDS = {"contester", "contest", "challenge", "conteste"}
_ACCEPT_WORDS = {"accepter", "accept", "accepte", "ok"}


def _command_placeholder() -> str:
    return _("Your move: H8 MAISON, 8H MOT, passer, changer ABC, contester, accepter")


class GameScreen(LocalizedBindings, Screen[None]):
    """One game, from the first rack to the final ranking."""

    KEYS = [
        ("f1", "help", N_("Help"), True),
        ("f2", "contest", N_("Contest"), True),
        ("f3", "accept", N_("Accept"), True),
        ("f4", "exchange", N_("Exchange"), True),
        ("f5", "pass_turn", N_("Pass"), True),
        ("f6", "hint", N_("Hint"), True),
        ("f7", "tools", N_("Words"), True),
        ("f8", "toggle_focus", N_("Board/line"), True),
        ("f9", "settings", N_("Settings"), True),
        ("ctrl+z", "undo", N_("Undo"), False),
        ("ctrl+q", "app.quit", N_("Quit"), True),
    ]

    def __init__(
        self,
        config: GameConfig,
        game: Game | None = None,
        record: SavedGame | None = None,
        store: GameStore | None = None,
    ) -> None:
        super().__init__()
        self.config = config
        self.game = game if game is not None else Game([p.name for p in config.players], config.rules, config.seed)
        self.store = store
        self.record = record
        self._save_failed = False
        self.verification = config.verification
        self.tentative: list[PlacedTile] = []
        self.selected_tile: int | None = None
        self.revealed: set[int] = set()
        self.hints: dict[int, list[str]] = {}
        self.clocks: list[float] | None = (
            [config.clock_minutes * 60.0] * len(config.players) if config.clock_minutes else None
        )
        saved_clocks = record.settings.get("clocks") if record is not None else None
        if self.clocks is not None and isinstance(saved_clocks, list) and len(saved_clocks) == len(self.clocks):
            self.clocks = [float(c) for c in saved_clocks]
        self._computer_busy = False
        self._rng = random.Random(self.game.seed)

    @property
    def scrabble_app(self) -> ScrabbleApp:
        return self.app  # type: ignore[return-value]

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
                yield Static(id="scores")
                yield Static(id="status")
                yield DataTable(id="history", cursor_type="row", zebra_stripes=True)
        with Horizontal(id="announce"):
            yield Static(id="announce-text")
            yield Button(_("Contest"), id="contest", variant="error")
            yield Button(_("Accept"), id="accept", variant="success")
        yield Static(id="message")
        yield Input(id="command", placeholder=_command_placeholder())
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.query_one("#history", DataTable).add_columns(*texts.history_columns())
        self.query_one("#command", Input).focus()
        if self.clocks is not None:
            self.set_interval(1.0, self._tick)
        self.after_action()

    def refresh_texts(self) -> None:
        """Re-render every text in the current language (the app retranslates the bindings)."""
        self.query_one("#command", Input).placeholder = _command_placeholder()
        self.query_one("#contest", Button).label = _("Contest")
        self.query_one("#accept", Button).label = _("Accept")
        table = self.query_one("#history", DataTable)
        for column, label in zip(table.columns.values(), texts.history_columns()):
            column.label = label  # type: ignore[assignment]
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
                if event.kind is EventKind.PLACE and all(game.board[t.row, t.col] is not None for t in event.move.tiles):
                    last = frozenset((t.row, t.col) for t in event.move.tiles)
                break
        values = tuple(game.rules.tile_set.values.items())
        board.picture = BoardPicture(
            squares=tuple(game.board.squares),
            layout=game.rules.layout,
            values=values,
            style=game.rules.notation,
            last_move=last,
            tentative=tuple((t.row, t.col, t.board_letter) for t in self.tentative),
        )

    def _actor(self) -> int:
        """Who acts next: the player to move, or while a move is announced the player after the
        announcer (whose move accepts it)."""
        pending = self.game.pending
        if pending is None:
            return self.game.to_move
        return (pending.player + 1) % len(self.game.players)

    def _current_human(self) -> int | None:
        """The human who may act now, if any."""
        if self.game.is_over:
            return None
        player = self._actor()
        return None if self.config.players[player].is_computer else player

    def _rack_owner(self) -> int:
        return self._actor()

    def _refresh_rack(self) -> None:
        game = self.game
        owner = self._rack_owner()
        rack_view = self.query_one("#rack", RackView)
        rack = game.racks[owner]
        values = game.rules.tile_set
        rack_view.tiles = tuple((tile, values.value(tile)) for tile in rack)
        used: set[int] = set()
        remaining = list(enumerate(rack))
        for tile in self.tentative:
            needed = "?" if tile.is_blank else tile.letter
            for position, (index, letter) in enumerate(remaining):
                if letter == needed:
                    used.add(index)
                    remaining.pop(position)
                    break
        rack_view.used = frozenset(used)
        rack_view.selected = self.selected_tile
        hidden = self.config.private_screen and owner not in self.revealed and not self.config.players[owner].is_computer
        computer = self.config.players[owner].is_computer and any(not p.is_computer for p in self.config.players)
        rack_view.hidden = hidden or computer
        self.query_one("#rack-label", Static).update(
            _("Rack of {name}:").format(name=game.players[owner]) + " "
        )

    def _refresh_scores(self) -> None:
        game = self.game
        lines = []
        for index, name in enumerate(game.players):
            marker = "▶" if index == self._actor() and not game.is_over else " "
            kind = _("computer") if self.config.players[index].is_computer else ""
            clock = ""
            if self.clocks is not None:
                seconds = self.clocks[index]
                sign = "-" if seconds < 0 else ""
                seconds = abs(int(seconds))
                clock = f"  {sign}{seconds // 60:02d}:{seconds % 60:02d}"
            lines.append(f"{marker} {name[:16]:<16} {format_number(game.scores[index]):>6}{clock} {kind}")
        viewer = self._rack_owner()
        unseen = game.unseen(viewer)
        unseen_text = " ".join(
            f"{letter}{'' if n == 1 else n}" for letter, n in sorted(unseen.items(), key=lambda kv: (kv[0] == "?", kv[0]))
        )
        lines.append("")
        bag = len(game.bag)
        lines.append(ngettext("Bag: {n} tile", "Bag: {n} tiles", bag).format(n=format_number(bag)))
        lines.append(_("Unseen ({n}): {tiles}").format(n=sum(unseen.values()), tiles=unseen_text))
        self.query_one("#scores", Static).update("\n".join(lines))

    def _refresh_status(self) -> None:
        mode = _("automatic") if self.verification == "auto" else _("manual")
        lexicon = self.scrabble_app.lexicon
        if lexicon is None:
            list_name = _("no word list")
        else:
            list_name = lexicon.name
            if getattr(lexicon, "is_builtin_french", False):
                list_name += " — " + _("free list, about 92 % of the ODS, not the ODS")
        self.query_one("#status", Static).update(
            _("Rules: {rules} · Verification: {mode}").format(rules=self.game.rules.name, mode=mode)
            + "\n"
            + _("Word list: {name}").format(name=list_name)
        )

    def _refresh_history(self) -> None:
        table = self.query_one("#history", DataTable)
        table.clear()
        game = self.game
        # A hint asked after n events is keyed n: it shows right after event n (first if n = 0).
        for hint in self.hints.get(0, []):
            table.add_row("", "", hint, "", "")
        for event in game.history:
            table.add_row(
                str(event.number),
                game.players[event.player][:12],
                texts.event_move_text(game, event),
                f"{event.points:+d}" if event.points else "0",
                format_number(event.total),
            )
            for hint in self.hints.get(event.number, []):
                table.add_row("", "", hint, "", "")
        if table.row_count:
            table.move_cursor(row=table.row_count - 1)

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
        self.query_one("#message", Static).update(text)

    # -- the flow of the game --------------------------------------------------------------
    def autosave(self) -> None:
        """Save the game after every event; a failure is said once and never stops the game."""
        if self.store is None:
            return
        game = self.game
        if self.record is None:
            self.record = SavedGame.new(
                game, [(p.name, p.computer_level) for p in self.config.players], self.config.settings()
            )
        self.record.update(game)
        self.record.settings["verification"] = self.verification
        lexicon = self.scrabble_app.lexicon
        if lexicon is not None:
            self.record.record_lexicon(lexicon)
        if self.clocks is not None:
            self.record.settings["clocks"] = list(self.clocks)
        try:
            self.store.save(self.record)
        except (OSError, ScrabbleError) as exc:
            if not self._save_failed:
                self._save_failed = True
                error = describe(exc) if isinstance(exc, ScrabbleError) else (exc.strerror or str(exc))
                self.app.notify(_("The game could not be saved: {error}").format(error=error), severity="error")

    def after_action(self) -> None:
        """Save, redraw, then let whoever must act next act (end screen, computer, hand-over)."""
        self.tentative.clear()
        self.selected_tile = None
        self.autosave()
        self.refresh_view()
        game = self.game
        if game.is_over:
            self._finish()
            return
        if game.phase is Phase.ANNOUNCED:
            self._after_announcement()
            return
        player = game.to_move
        if self.config.players[player].is_computer:
            self._start_computer_turn()
        elif self.config.private_screen and player not in self.revealed:
            self.revealed.clear()

            def shown(_result: bool | None) -> None:
                self.revealed.add(player)
                self.refresh_view()

            self.app.push_screen(HandOverDialog(game.players[player]), shown)

    def _opponents(self, player: int) -> list[int]:
        return [i for i in range(len(self.game.players)) if i != player]

    def _after_announcement(self) -> None:
        game = self.game
        pending = game.pending
        assert pending is not None
        opponents = self._opponents(pending.player)
        lexicon = self.scrabble_app.lexicon
        # A computer opponent may contest a move containing a word outside its list.
        for opponent in opponents:
            level = self.config.players[opponent].computer_level
            if level is None or lexicon is None:
                continue
            computer = self.scrabble_app.computer_player(level, self._rng)
            if computer is not None and self._computer_contests(computer, pending.move, lexicon):
                self.say(_("{name} contests.").format(name=game.players[opponent]))
                self._contest_by(opponent)
                return
        if not opponents or all(self.config.players[i].is_computer for i in opponents):
            self._accept()
            return
        self.say(_("Contest (F2) or accept (F3); the next player's move accepts it too."))

    def _computer_contests(self, computer: Any, move: Move, lexicon: Any) -> bool:
        before = self.game.position.copy()
        before.board.remove(move.tiles)
        before.lexicon = lexicon
        try:
            return bool(computer.should_contest(before, move, lexicon))
        except Exception:  # a computer's misjudgement must never stop the game
            return False

    def _accept(self) -> None:
        try:
            self.game.accept()
        except ScrabbleError as exc:
            self.say(describe(exc))
            return
        self.after_action()

    def _contest_by(self, contester: int) -> None:
        game = self.game
        pending = game.pending
        if pending is None:
            return
        announcer = pending.player
        words = [word.letters for word in pending.words]
        if self.verification == "auto":
            lexicon = self.scrabble_app.lexicon
            if lexicon is None:
                self.say(_("No word list is loaded: switch to manual verification in the settings (F9)."))
                return
            self._apply_contest(contester, LexiconVerifier(lexicon), announcer)
            return

        def answered(answers: dict[str, bool] | None) -> None:
            if answers is None:
                self.say(_("Contestation cancelled."))
                return
            self._apply_contest(contester, AnswersVerifier(answers), announcer)

        self.app.push_screen(ManualVerifyDialog(words), answered)

    def _apply_contest(self, contester: int, verifier: Any, announcer: int) -> None:
        try:
            result = self.game.contest(contester, verifier)
        except ScrabbleError as exc:
            self.say(describe(exc))
            return
        self.after_action()
        self.say(texts.contest_outcome_text(self.game, result, announcer))

    def play(self, move: Move | str) -> bool:
        """Hand a move to the engine; on refusal say why and change nothing."""
        game = self.game
        before = len(game.history)
        try:
            played = game.play(move)
        except ScrabbleError as exc:
            self.say(describe(exc))
            return False
        new_events = game.history[before:]
        name = game.players[new_events[-1].player] if new_events else ""
        self.after_action()
        if played.kind is MoveKind.PASS:
            self.say(_("{name} passes.").format(name=name))
        elif played.kind is MoveKind.EXCHANGE:
            self.say(
                ngettext("{name} exchanges {n} tile.", "{name} exchanges {n} tiles.", len(played.exchanged)).format(
                    name=name, n=len(played.exchanged)
                )
            )
        return True

    # -- computer turns --------------------------------------------------------------------
    def _start_computer_turn(self) -> None:
        if self._computer_busy:
            return
        level = self.config.players[self.game.to_move].computer_level or 1
        computer = self.scrabble_app.computer_player(level, self._rng)
        lexicon = self.scrabble_app.lexicon
        if computer is None or lexicon is None:
            self.say(_("The computer cannot play without a word list and analysis: it passes."))
            self.play(Move.pass_())
            return
        self._computer_busy = True
        self.say(_("{name} is thinking…").format(name=self.game.players[self.game.to_move]))
        position = self.game.position.copy()
        position.lexicon = lexicon
        self._computer_move(computer, position, len(self.game.bag), len(self.game.history))

    @work(thread=True, exclusive=True, group="computer")
    def _computer_move(self, computer: Any, position: Any, bag_count: int, turn: int) -> None:
        try:
            move = computer.choose(position, bag_count)
        except Exception:  # never let a computer's failure reach the player: it passes
            move = Move.pass_()
        self.app.call_from_thread(self._computer_played, move, turn)

    def _computer_played(self, move: Move, turn: int) -> None:
        self._computer_busy = False
        if len(self.game.history) != turn or self.game.is_over:
            return  # the game moved on (undo, new game): this answer is stale
        if not self.play(move):
            self.play(Move.pass_())

    # -- events from widgets ---------------------------------------------------------------
    @on(Input.Submitted, "#command")
    def _command(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        event.input.value = ""
        if not text:
            return
        head = text.split()[0].lower()
        if head in _CONTEST_WORDS:
            rest = text.split()[1:]
            self.action_contest(" ".join(rest) if rest else None)
            return
        if head in _ACCEPT_WORDS and len(text.split()) == 1:
            self.action_accept()
            return
        if self._current_human() is None:
            self.say(_("Wait: it is not a human player's turn."))
            return
        self.play(text)

    @on(Button.Pressed, "#contest")
    def _contest_button(self) -> None:
        self.action_contest()

    @on(Button.Pressed, "#accept")
    def _accept_button(self) -> None:
        self.action_accept()

    @on(BoardView.Typed)
    def _typed(self, event: BoardView.Typed) -> None:
        self._place_at_cursor(event.letter, event.joker)

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
        self.play(Move.place(self.tentative))

    @on(BoardView.SquareClicked)
    def _square_clicked(self, event: BoardView.SquareClicked) -> None:
        if self.selected_tile is None:
            return
        rack = self.game.racks[self._actor()]
        if self.selected_tile >= len(rack):
            return
        tile = rack[self.selected_tile]
        self.selected_tile = None
        if tile == "?":

            def chosen(letter: str | None) -> None:
                if letter:
                    self._place_at(event.row, event.col, letter, True)

            self.app.push_screen(JokerDialog(), chosen)
            return
        self._place_at(event.row, event.col, tile, False)

    @on(RackView.TileClicked)
    def _tile_clicked(self, event: RackView.TileClicked) -> None:
        if self._current_human() is None:
            return
        self.selected_tile = None if self.selected_tile == event.index else event.index
        self.refresh_tentative()
        if self.selected_tile is not None:
            self.say(_("Now click the square for this tile."))

    def _place_at_cursor(self, letter: str, joker: bool) -> None:
        board = self.query_one("#board", BoardView)
        row, col = board.cursor
        if self._place_at(row, col, letter, joker):
            board.advance()

    def _place_at(self, row: int, col: int, letter: str, joker: bool) -> bool:
        if self._current_human() is None:
            self.say(_("Wait: it is not a human player's turn."))
            return False
        game = self.game
        if game.board[row, col] is not None or any((t.row, t.col) == (row, col) for t in self.tentative):
            self.say(_("This square is taken."))
            return False
        rack = Counter(game.racks[self._actor()])
        rack.subtract("?" if t.is_blank else t.letter for t in self.tentative)
        need = "?" if joker else letter
        if rack[need] <= 0:
            if not joker and rack["?"] > 0:
                self.say(_("No {letter} on the rack: type ? then the letter to use a joker.").format(letter=letter))
            else:
                self.say(_("No {letter} left on the rack.").format(letter=letter if not joker else _("joker")))
            return False
        self.tentative.append(PlacedTile(row, col, letter, joker))
        self.query_one("#board", BoardView).cursor = (row, col)
        self.refresh_tentative()
        return True

    # -- actions (keys, buttons, command palette) ------------------------------------------
    def action_contest(self, name: str | None = None) -> None:
        game = self.game
        pending = game.pending
        if pending is None or game.phase is not Phase.ANNOUNCED:
            self.say(_("There is no announced move to contest."))
            return
        opponents = self._opponents(pending.player)
        humans = [i for i in opponents if not self.config.players[i].is_computer]
        if name:
            matches = [i for i in opponents if game.players[i].lower().startswith(name.lower())]
            if len(matches) != 1:
                self.say(_("No single opponent is called {name}.").format(name=name))
                return
            self._contest_by(matches[0])
        elif len(humans) == 1:
            self._contest_by(humans[0])
        elif not humans:
            self.say(_("Only the opponents can contest."))
        else:

            def chosen(index: int | None) -> None:
                if index is not None:
                    self._contest_by(index)

            self.app.push_screen(ContesterDialog([(i, game.players[i]) for i in humans]), chosen)

    def action_accept(self) -> None:
        if self.game.phase is not Phase.ANNOUNCED:
            self.say(_("There is no announced move to accept."))
            return
        self.say(_("Move accepted."))
        self._accept()

    def action_pass_turn(self) -> None:
        if self._current_human() is None:
            self.say(_("Wait: it is not a human player's turn."))
            return
        self.play(Move.pass_())

    def action_exchange(self) -> None:
        game = self.game
        if self._current_human() is None:
            self.say(_("Wait: it is not a human player's turn."))
            return
        try:
            game.check_exchange()
        except ScrabbleError as exc:
            self.say(describe(exc))
            return

        def chosen(tiles: str | None) -> None:
            if tiles:
                self.play(Move.exchange(tiles))

        self.app.push_screen(ExchangeDialog(game.racks[self._actor()]), chosen)

    def action_hint(self) -> None:
        game = self.game
        lexicon = self.scrabble_app.lexicon
        if lexicon is None or self._current_human() is None:
            self.say(_("A hint needs a word list, on a human player's turn."))
            return
        if game.pending is not None:
            self.say(_("Accept or contest the announced move first."))
            return
        position = game.position.copy()
        position.lexicon = lexicon
        self.say(_("Looking for the best moves…"))
        self._find_hint(position, len(game.history))

    @work(thread=True, exclusive=True, group="hint")
    def _find_hint(self, position: Any, turn: int) -> None:
        # Off the interface thread: the first search builds the word structure (up to a second).
        try:
            moves = position.best_moves(5)
        except Exception:  # analysis is a bonus: its failure is said, never raised
            moves = None
        self.app.call_from_thread(self._show_hint, moves, turn)

    def _show_hint(self, moves: list[Move] | None, turn: int) -> None:
        game = self.game
        if len(game.history) != turn or game.pending is not None:
            return  # the game moved on while searching
        if moves is None:
            self.say(_("Analysis is not available."))
            return
        lines = [f"{m.notation(game.rules.notation)}  {points(m.score or 0)}" for m in moves]
        self.hints.setdefault(turn, []).append(_("hint for {name}").format(name=game.players[game.to_move]))
        self.refresh_view()
        self.say("")
        self.app.push_screen(MovesDialog(_("Best moves"), lines))

    def action_undo(self) -> None:
        if self.clocks is not None:
            self.say(_("Undo is not allowed while a clock is running."))
            return
        game = self.game
        try:
            game.undo()
            # Undo back to a human's turn, so the computer does not simply replay.
            while (
                not game.is_over
                and game.phase is Phase.TURN
                and self.config.players[game.to_move].is_computer
                and game.history
            ):
                game.undo()
        except ScrabbleError as exc:
            self.say(describe(exc))
            return
        self.after_action()
        self.say(_("Last action undone."))

    def action_toggle_focus(self) -> None:
        board = self.query_one("#board", BoardView)
        if board.has_focus:
            self.query_one("#command", Input).focus()
        else:
            board.focus()

    def action_help(self) -> None:
        self.scrabble_app.action_help()

    def action_settings(self) -> None:
        self.scrabble_app.action_settings()

    def action_tools(self) -> None:
        self.scrabble_app.action_tools()

    # -- clock and end ---------------------------------------------------------------------
    def _tick(self) -> None:
        if self.clocks is None or self.game.is_over:
            return
        self.clocks[self._actor()] -= 1.0
        self._refresh_scores()

    def _finish(self) -> None:
        game = self.game
        if self.clocks is not None and game.rules.overtime_penalty:
            for player, seconds in enumerate(self.clocks):
                if seconds < 0:
                    game.time_penalty(player, game.rules.overtime_penalty * math.ceil(-seconds / 60))
        from scrabble_fr.tui.screens.end import EndScreen

        self.refresh_view()
        self.app.push_screen(EndScreen(game))
