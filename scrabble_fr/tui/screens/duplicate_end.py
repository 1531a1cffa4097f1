"""The end of a duplicate game: the top total, the final ranking, the sheet, its export, a new game."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, DataTable, Footer, Label, Static

from scrabble_fr.duplicate import DuplicateSession, sheet_text
from scrabble_fr.i18n import N_, _, points
from scrabble_fr.messages import system_error_text
from scrabble_fr.tui.bindings import LocalizedBindings
from scrabble_fr.tui.policy import Opening, may_open
from scrabble_fr.tui.requests import NewGame
from scrabble_fr.tui.widgets.ranking import fill_ranking


class DuplicateEndScreen(LocalizedBindings, Screen[None]):
    """The final ranking of a duplicate game (reached by Enter after the last coup)."""

    KEYS = [
        ("f", "sheet", N_("Sheet"), True),
        ("e", "export", N_("Export"), True),
        ("n", "app.new_game", N_("New game"), True),  # the app's check closes it to a confined app
        ("R", "review", N_("Review"), True),
        ("q,ctrl+q", "app.quit", N_("Quit"), False),  # on its button: the footer keeps 80 columns
    ]
    DEFAULT_CSS = """
    DuplicateEndScreen #dup-end { padding: 0 1; height: 1fr; }
    DuplicateEndScreen #dup-ranking { height: auto; max-height: 14; }
    DuplicateEndScreen #dup-end-export { height: auto; }
    """

    def __init__(self, session: DuplicateSession) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        game = self.session.game
        with Vertical(id="dup-end"):
            yield Label(_("End of the duplicate game"), classes="dialog-title")
            yield Static(_("Top total: {points}, in {n} coups.").format(points=points(game.top_total),
                                                                        n=len(game.closed_coups)))
            yield Label(_("Final ranking"), classes="section-title")
            yield DataTable(id="dup-ranking", cursor_type="none")
            yield Static(self._sheet_said(), id="dup-end-export")
            with Horizontal(classes="buttons"):
                yield Button(_("Sheet"), id="sheet", variant="primary", compact=True)
                yield Button(_("Export"), id="export", compact=True)
                yield Button(_("New game"), id="new", compact=True)
                yield Button(_("Review"), id="review", compact=True)
                yield Button(_("Quit"), id="quit", compact=True)
        yield Footer()

    def _sheet_said(self) -> str:
        path = self.session.sheet_path
        return _("Sheet exported: {path}").format(path=path) if path is not None else ""

    def on_mount(self) -> None:
        fill_ranking(self.query_one("#dup-ranking", DataTable), self.session.game.standings())
        self.query_one("#sheet", Button).focus()
        self.query_one("#new", Button).display = may_open(self.app, Opening.NEW_GAME)

    @on(Button.Pressed, "#sheet")
    def action_sheet(self) -> None:
        from scrabble_fr.tui.screens.duplicate_sheet import SheetScreen

        self.app.push_screen(SheetScreen(sheet_text(self.session.game)))

    @on(Button.Pressed, "#export")
    def action_export(self) -> None:
        said = self.query_one("#dup-end-export", Static)
        try:
            self.session.export()
        except OSError as exc:
            said.update(_("The sheet cannot be written: {detail}").format(detail=system_error_text(exc)))
            return
        said.update(self._sheet_said())

    @on(Button.Pressed, "#review")
    def action_review(self) -> None:
        """Each coup of each player against the top (the game's own word list judges)."""
        from scrabble_fr.tui.screens.game_review import GameReviewScreen

        game = self.session.game
        lexicon = game.position.lexicon
        if lexicon is not None:
            self.app.push_screen(GameReviewScreen(game, lexicon, _("duplicate game"), endgame_seconds=None,
                                                  game_id=self.session.record.id))

    @on(Button.Pressed, "#new")
    def _new_game(self) -> None:
        self.post_message(NewGame())

    @on(Button.Pressed, "#quit")
    def _quit(self) -> None:
        self.app.exit()
