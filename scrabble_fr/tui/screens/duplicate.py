"""The duplicate screen: the board every player shares, the draw, the coup's clock, and the top.

Each coup: the draw is announced and the clock runs; each player types a placement on the line
(``H4 MAISON`` across, ``4H MAISON`` down, a lowercase letter for a joker) or nothing, and Enter
hands the keyboard to the next player; at several players the line hides what is typed. When
everyone has played, or the time is up, or F2 ends the coup, the top is placed and shown with each
player's score and share of the top; Enter starts the next coup. F5 shows the sheet at any time.
The screen owns no rule, no clock and no file: it renders a
:class:`~scrabble_fr.duplicate.DuplicateSession` and sends it the players' intents.
"""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Input, Static

from scrabble_fr.duplicate import DuplicateSession, Variant, sheet_text
from scrabble_fr.duplicate.export import percent_text
from scrabble_fr.duplicate.texts import swap_text
from scrabble_fr.engine.move import PlacedTile
from scrabble_fr.i18n import N_, _, colon, format_number, join_list, ngettext, points
from scrabble_fr.match.entry import used_tiles
from scrabble_fr.messages import system_error_text
from scrabble_fr.tui.bindings import LocalizedBindings
from scrabble_fr.tui.screens.board_entry import BoardEntryScreen
from scrabble_fr.tui.screens.coup import CoupScreen, time_left_line
from scrabble_fr.tui.screens.dialogs import ConfirmDialog
from scrabble_fr.tui.screens.duplicate_sheet import SheetScreen
from scrabble_fr.tui.widgets.board import BoardView
from scrabble_fr.tui.widgets.rack import RackView


class DuplicateScreen(LocalizedBindings, CoupScreen, BoardEntryScreen):
    """One duplicate game, from the first draw to the final ranking."""

    KEYS = [
        ("f1", "app.help", N_("Help"), True),
        ("f2", "end_coup", N_("End the coup"), True),
        ("f3", "next_player", N_("Next player"), True),
        ("f5", "sheet", N_("Sheet"), True),
        ("f6", "export", N_("Export"), True),
        ("escape", "clear", N_("Clear"), False),
        ("ctrl+q", "app.quit", N_("Quit"), True),
    ]
    DEFAULT_CSS = """
    DuplicateScreen #dup-main { height: 17; }
    DuplicateScreen #dup-side { width: 1fr; min-width: 28; padding: 0 1; }
    DuplicateScreen #dup-rack { width: 30; height: 1; }
    /* 7 out of 8: eight tiles take 31 columns (8 × 3 and 7 spaces): the side column's margins go at 80. */
    DuplicateScreen.eight-tiles #dup-side { padding: 0; }
    DuplicateScreen.eight-tiles #dup-rack { width: 31; }
    DuplicateScreen #dup-head { height: auto; }
    DuplicateScreen #dup-players { height: auto; }
    DuplicateScreen #dup-message { height: auto; max-height: 5; padding: 0 1; }
    DuplicateScreen #dup-input { margin: 0 1; }
    """

    def __init__(self, session: DuplicateSession) -> None:
        super().__init__()
        self.session = session
        self.tentative: list[PlacedTile] = []  # a move typed on the board (alone at the table)

    @property
    def game(self) -> Any:
        return self.session.game

    # -- layout ----------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Horizontal(id="dup-main"):
            yield BoardView(id="dup-board")
            with Vertical(id="dup-side"):
                yield Static(id="dup-head")
                yield RackView(id="dup-rack")
                yield Static(id="dup-players")
        yield Static(id="dup-message")
        yield Input(id="dup-input", compact=True, password=len(self.session.players) > 1)
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.set_class(self.game.rack_size > 7, "eight-tiles")
        self.set_interval(0.25, self.tick)
        self.query_one("#dup-input", Input).focus()
        self.refresh_view()
        if self.session.is_over:  # a finished game reopened: its ranking
            self.call_after_refresh(self._finish)

    def on_unmount(self) -> None:
        self.session.close()

    def refresh_texts(self) -> None:
        self.refresh_view()

    # -- drawing ---------------------------------------------------------------------------
    def refresh_view(self) -> None:
        session = self.session
        game = session.game
        coup = session.shown_coup
        placed = session.review.placed if session.review is not None else None
        board = self.query_one("#dup-board", BoardView)
        board.picture = self.board_picture(last=placed.tiles if placed is not None else (), tentative=self.tentative)
        rack = self.query_one("#dup-rack", RackView)
        rack.tiles = tuple((t, game.rules.tile_set.value(t)) for t in coup.draw.tiles) if coup else ()
        typing = coup is not None and session.accepting
        rack.used = frozenset(used_tiles(coup.draw.tiles, self.tentative)) if coup and typing else frozenset()
        self.refresh_head()
        self._refresh_players()
        self._refresh_prompt()

    def refresh_head(self) -> None:
        session = self.session
        coup = session.shown_coup
        lines = []
        if session.game.variant is not Variant.CLASSIC:
            lines.append(session.game.variant.text)
        if coup is not None:
            lines.append(_("Coup {n} — draw {draw}").format(n=coup.number, draw=coup.draw.text))
            swapped = swap_text(coup)
            if swapped is not None:
                lines.append(swapped)
        left = session.remaining()
        if left is not None:
            lines.append(time_left_line(left))
        elif session.is_over:
            lines.append(_("The game is over."))
        lines.append(_("Top total: {points}").format(points=points(session.game.top_total)))
        self.query_one("#dup-head", Static).update("\n".join(lines))

    def _refresh_players(self) -> None:
        session = self.session
        game = session.game
        lines = []
        for index, name in enumerate(session.players):
            mark = ""
            if session.accepting:
                mark = "✓ " if session.has_proposed(index) else ("▶ " if index == session.typist else "  ")
            # No "points" here: the line fits the side column at 80 columns (the heading says points).
            total = format_number(game.total(index))
            lines.append(f"{mark}{name}{colon()} {total}\u00a0({percent_text(game.percent(index))})")
        self.query_one("#dup-players", Static).update("\n".join(lines))

    def _refresh_prompt(self) -> None:
        session = self.session
        field = self.query_one("#dup-input", Input)
        if session.is_over and session.review is None:
            field.placeholder = _("The game is over: F5 the sheet, Ctrl+Q to quit")
        elif session.review is not None and session.is_over:
            field.placeholder = _("Enter: the final ranking")
        elif session.review is not None:
            field.placeholder = _("Enter: next coup")
        elif len(session.players) > 1:
            field.placeholder = _("{name}, your move (hidden): H4 MAISON, 4H MOT, or Enter for nothing").format(
                name=session.players[session.typist])
        else:
            field.placeholder = _("Your move: H4 MAISON, 4H MOT, or Enter for nothing")

    def say(self, text: str) -> None:
        self.query_one("#dup-message", Static).update(text)

    # -- intents (sent by CoupScreen.intent) ------------------------------------------------
    @on(Input.Submitted, "#dup-input")
    def _submitted(self, event: Input.Submitted) -> None:
        self._enter(event.value)

    def _enter(self, text: str) -> None:
        """The line's text (or the board's move, written out) as the typist's proposal; during a
        review, Enter asks for the next coup."""
        field = self.query_one("#dup-input", Input)
        if self.session.review is not None:
            field.value = ""
            if self.session.is_over:
                self._finish()
                return
            self.intent(self.session.next_coup)
            return
        if self.intent(lambda: self.session.propose(text)):
            field.value = ""

    def action_next_player(self) -> None:
        """Hand the keyboard to the next player (to change a move before the end of the coup)."""
        self.session.next_player()
        self.query_one("#dup-input", Input).value = ""
        self.refresh_view()

    def action_clear(self) -> None:
        self.query_one("#dup-input", Input).value = ""

    def action_end_coup(self) -> None:
        """End the coup; when someone has not proposed yet, ask first."""
        session = self.session
        if not session.accepting:
            return
        missing = [session.players[i] for i in session.unproposed()]
        if not missing:
            self.intent(session.close_coup)
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.intent(session.close_coup)

        question = ngettext("{names} has not proposed a move yet. End the coup all the same?",
                            "{names} have not proposed a move yet. End the coup all the same?",
                            len(missing)).format(names=join_list(missing))
        self.app.push_screen(ConfirmDialog(_("End the coup"), question, _("End the coup")), answered)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # The footer offers only what can be done now.
        if action in ("end_coup", "next_player"):
            return self.session.accepting and (action == "end_coup" or len(self.session.players) > 1)
        return True

    def _finish(self) -> None:
        from scrabble_fr.tui.screens.duplicate_end import DuplicateEndScreen

        self.app.push_screen(DuplicateEndScreen(self.session))

    # -- a move typed on the board (BoardEntryScreen's handlers) ---------------------------
    BOARD_ID = "dup-board"

    def check_board_tile(self, row: int, col: int, letter: str, joker: bool) -> None:
        self.session.check_tile(self.tentative, row, col, letter, joker)

    def board_entry_allowed(self) -> bool:
        return self.session.board_entry_allowed

    def board_move_text(self) -> str:
        return self.session.board_move_text(self.tentative)

    def send_board_move(self, text: str) -> bool:
        self.tentative.clear()  # the move now stands on the line's path: proposed, or refused and said
        self._enter(text)
        return True

    # -- the sheet -------------------------------------------------------------------------
    def action_sheet(self) -> None:
        self.app.push_screen(SheetScreen(sheet_text(self.session.game)))

    def action_export(self) -> None:
        try:
            path = self.session.export()
        except OSError as exc:
            self.notify(_("The sheet cannot be written: {detail}").format(detail=system_error_text(exc)),
                        severity="error")
            return
        self.notify(_("Sheet exported: {path}").format(path=path))
