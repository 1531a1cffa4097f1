"""The end of the game: how the racks' values moved, the final ranking, and what next."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, DataTable, Footer, Label, Static

from scrabble_fr.engine.game import EventKind, Game, Termination
from scrabble_fr.i18n import N_, _, format_number
from scrabble_fr import texts
from scrabble_fr.tui.bindings import LocalizedBindings


class EndScreen(LocalizedBindings, Screen[None]):
    KEYS = [("n", "new_game", N_("New game"), True), ("q,ctrl+q", "app.quit", N_("Quit"), True)]

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        game = self.game
        with Vertical(id="end"):
            yield Label(_("End of the game"), classes="dialog-title")
            if game.termination is Termination.OUT:
                reason = _("A player has placed all their tiles and the bag is empty.")
            else:
                reason = _("The game is blocked: nobody can or wants to play.")
            yield Static(reason)
            yield Label(_("Rack values"), classes="section-title")
            yield DataTable(id="transfers", cursor_type="none")
            yield Label(_("Final ranking"), classes="section-title")
            yield DataTable(id="ranking", cursor_type="none")
            with Horizontal(classes="buttons"):
                yield Button(_("New game"), id="new", variant="primary")
                yield Button(_("Quit"), id="quit")
        yield Footer()

    def on_mount(self) -> None:
        game = self.game
        transfers = self.query_one("#transfers", DataTable)
        transfers.add_columns(_("Player"), _("Rack"), _("Points"))
        for event in game.history:
            if event.kind in (EventKind.END_RACK_GAIN, EventKind.END_RACK_LOSS, EventKind.TIME_PENALTY):
                rack = event.rack if event.kind is EventKind.END_RACK_LOSS else texts.event_move_text(game, event)
                transfers.add_row(game.players[event.player], rack, f"{event.points:+d}")
        if not transfers.row_count:
            transfers.add_row("—", "—", "0")
        ranking = self.query_one("#ranking", DataTable)
        ranking.add_columns(_("Rank"), _("Player"), _("Score"))
        for rank, player, score in game.ranking():
            ranking.add_row(str(rank), game.players[player], format_number(score))
        self.query_one("#new", Button).focus()

    @on(Button.Pressed, "#new")
    def action_new_game(self) -> None:
        self.app.action_new_game()  # type: ignore[attr-defined]

    @on(Button.Pressed, "#quit")
    def _quit(self) -> None:
        self.app.exit()
