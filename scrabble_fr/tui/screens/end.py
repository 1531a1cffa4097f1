"""The end of the game: who went out (or that it was blocked), how the racks' values moved, the
final ranking, the game sheet, the GCG export, and what next (a revanche or a new game)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from rich.cells import cell_len
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, DataTable, Footer, Label, Static

from scrabble_fr import texts
from scrabble_fr.engine.errors import ScrabbleError
from scrabble_fr.engine.game import EventKind, Termination
from scrabble_fr.engine.rules import BlockedRule
from scrabble_fr.engine.wordlist import WordList
from scrabble_fr.i18n import N_, _, format_number, ngettext, sentence
from scrabble_fr.match import Match
from scrabble_fr.messages import describe, system_error_text
from scrabble_fr.table.classic_seat import table_of
from scrabble_fr.tui.bindings import LocalizedBindings
from scrabble_fr.tui.policy import Opening, may_open
from scrabble_fr.tui.requests import FollowRematch, NewGame, StartGame


def ending_text(match: Match) -> str:
    """``Alice a posé tous ses jetons, le sac est vide.`` or ``La partie est bloquée…``."""
    game = match.game
    if game.termination is Termination.OUT:
        out = next((e.player for e in reversed(game.history) if e.kind is EventKind.END_RACK_GAIN), None)
        if out is not None:
            return _("{name} has placed all their tiles and the bag is empty.").format(name=game.players[out])
    if game.termination is Termination.TIME and game.timed_out is not None:
        limit = game.rules.overtime_limit
        return ngettext("{name} went more than {minutes} minute over time: the game is over.",
                        "{name} went more than {minutes} minutes over time: the game is over.",
                        limit).format(name=game.players[game.timed_out], minutes=limit)
    if game.rules.blocked is BlockedRule.PASSES:
        return _("The game is blocked: every player passed in a row.")
    if game.rules.blocked is BlockedRule.WITHOUT_WORD:
        return _("The game is blocked: every player went turns in a row without placing a word.")
    return _("The game is blocked: too many turns in a row without a score.")


class SheetTable(DataTable[Text]):
    """The sheet's table laid out for the width it has: the turn, the player, the points and the
    running total keep the columns their longest entry needs; the move (or a note) takes the room
    left and wraps inside it. Under ``MIN_MOVE`` columns of room the table scrolls sideways."""

    MIN_MOVE = 16

    def __init__(self, rows: list[texts.HistoryRow]) -> None:
        super().__init__(id="sheet-table", cursor_type="row", zebra_stripes=True)
        self.sheet_rows = rows
        self._laid_out_for = -1

    def on_resize(self) -> None:
        width = self.scrollable_content_region.width
        if width != self._laid_out_for:
            self._laid_out_for = width
            self.lay_out(width)

    def lay_out(self, width: int) -> None:
        rows = self.sheet_rows
        headings = texts.history_columns()
        cells = [(r.turn, r.player, r.move, r.points, r.total) for r in rows]
        widths = [max([cell_len(headings[i])] + [cell_len(c[i]) for c in cells]) for i in range(5)]
        padding = 2 * self.cell_padding * len(headings)
        room = width - padding - sum(widths) + widths[2]
        widths[2] = max(min(widths[2], room), min(widths[2], self.MIN_MOVE))
        row = self.cursor_row
        self.clear(columns=True)
        right = {3, 4}  # the numbers, aligned on their units
        for index, (heading, size) in enumerate(zip(headings, widths, strict=True)):
            self.add_column(Text(heading, justify="right" if index in right else "left"), width=size)
        for cell in cells:
            line = [Text(value, justify="right" if index in right else "left") for index, value in enumerate(cell)]
            # A move or a note longer than its column wraps onto more lines of its row.
            self.add_row(*line, height=None if cell_len(cell[2]) > widths[2] or cell_len(cell[1]) > widths[1] else 1)
        if rows:
            self.move_cursor(row=min(row, len(rows) - 1))


class SheetScreen(LocalizedBindings, ModalScreen[None]):
    """The game sheet over the whole screen: every turn, in the rules' notation, with its points
    and the running total, every column in view at 80 columns; a long game scrolls."""

    KEYS = [("escape", "close", N_("Back"), True)]

    def __init__(self, match: Match) -> None:
        super().__init__()
        self.match = match

    def compose(self) -> ComposeResult:
        with Vertical(id="sheet"):
            yield Label(_("Game sheet"), classes="dialog-title")
            yield SheetTable(texts.history_rows(self.match.game, self.match.timeline()))
            yield Button(_("Close"), id="close", variant="primary", compact=True)
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one(SheetTable).focus()

    @on(Button.Pressed, "#close")
    def action_close(self) -> None:
        self.dismiss(None)


# Loads a word list by name (``fr``/``en``: that language's default): the list, or None and why.
ListLoader = Callable[[str], tuple[WordList | None, str | None]]


class EndScreen(LocalizedBindings, Screen[None]):
    KEYS = [
        ("r", "revanche", N_("Rematch"), True),
        ("n", "app.new_game", N_("New game"), True),  # the app's check closes it to a confined app
        ("f", "sheet", N_("Game sheet"), True),
        ("e", "export", N_("Export GCG"), False),  # on its button: the footer keeps 80 columns
        # R (capital): r stays the rematch players know.
        ("R", "review", N_("Review"), True),
        ("q,ctrl+q", "app.quit", N_("Quit"), False),  # the Quit button shows it; the footer keeps 80 columns
    ]

    def __init__(self, match: Match, lexicon_loader: ListLoader | None = None) -> None:
        # Before the bindings are made: a shared table's watcher has no rematch to follow.
        self.table = table_of(match)
        super().__init__()
        self.match = match
        self.lexicon_loader = lexicon_loader  # the review's list for a game judged by hand

    def binding_keys(self) -> list[tuple[str, str, str, bool]]:
        if self.watching:
            return [key for key in self.KEYS if key[1] != "revanche"]
        return self.KEYS

    @property
    def watching(self) -> bool:
        """A shared table's watcher: no seat, so no rematch."""
        table = getattr(self, "table", None)
        return table is not None and table.seat is None

    @property
    def may_rematch(self) -> bool:
        """Whether « Revanche » is offered: a table's seat follows its table's rematch in any app
        (a browser's visitor stays confined to its own seat: the new table's same seat); a
        local rematch is a new game of the app's own, which a confined app does not open."""
        if self.table is not None:
            return not self.watching
        return may_open(self.app, Opening.NEW_GAME)

    @property
    def game(self):  # type: ignore[no-untyped-def]
        return self.match.game

    def compose(self) -> ComposeResult:
        # The results scroll when many players make them long; the buttons and the keys below
        # them stay in view.
        with VerticalScroll(id="end"):
            yield Label(_("End of the game"), classes="dialog-title")
            yield Static(ending_text(self.match), id="ending")
            yield Label(_("Rack values"), classes="section-title")
            yield DataTable(id="transfers", cursor_type="none")
            yield Label(_("Final ranking"), classes="section-title")
            yield DataTable(id="ranking", cursor_type="none")
        with Vertical(id="end-actions"):
            yield Static(id="export-result")
            with Horizontal(classes="buttons"):
                if not self.watching:
                    yield Button(_("Rematch"), id="revanche", variant="primary", compact=True)
                yield Button(_("New game"), id="new", compact=True)
                yield Button(_("Game sheet"), id="show-sheet", compact=True)
                yield Button(_("Export GCG"), id="export", compact=True)
                yield Button(_("Review"), id="review", compact=True)
                yield Button(_("Quit"), id="quit", compact=True)
        yield Footer(compact=True)

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
        # A confined app (a browser's visitor) plays no other game: no new game, no local rematch.
        self.query_one("#new", Button).display = may_open(self.app, Opening.NEW_GAME)
        if self.may_rematch:
            self.query_one("#revanche", Button).focus()
        else:
            for button in self.query("#revanche").results(Button):
                button.display = False
            self.query_one("#show-sheet", Button).focus()
        self.table_changed()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "revanche":
            return self.may_rematch
        return True

    def table_changed(self) -> None:
        """A shared table's news after its end: another seat asked for the rematch (said where
        this seat may follow it)."""
        table = self.table
        name = table.rematch_asker if table is not None and self.may_rematch else None
        if name is None:
            return
        self.query_one("#export-result", Static).update(
            _("{name} asks for a rematch: Rematch (r) takes you to the new table.").format(name=name))

    @on(Button.Pressed, "#revanche")
    def action_revanche(self) -> None:
        if self.table is None:
            # The same players and settings, a new draw (a confined app refuses it, in one line).
            self.post_message(StartGame(replace(self.match.config, seed=None)))
            return
        # At a shared table: a new table with the same seats and settings, never a local game.
        if self.watching:
            return
        from scrabble_fr.table.rematch import follow_rematch

        try:
            rematch = follow_rematch(self.table)
        except ScrabbleError as exc:
            self.query_one("#export-result", Static).update(sentence(describe(exc)))
            return
        self.post_message(FollowRematch(self.table, rematch))

    @on(Button.Pressed, "#new")
    def _new_game(self) -> None:
        self.post_message(NewGame())

    @on(Button.Pressed, "#show-sheet")
    def action_sheet(self) -> None:
        self.app.push_screen(SheetScreen(self.match))

    @on(Button.Pressed, "#export")
    def action_export(self) -> None:
        result = self.query_one("#export-result", Static)
        try:
            path = self.match.export_gcg()
        except OSError as exc:
            result.update(_("The game could not be exported: {error}").format(error=system_error_text(exc)))
            return
        result.update(_("Game sheet written in GCG: {path}").format(path=path))

    @on(Button.Pressed, "#review")
    def action_review(self) -> None:
        """The review of this game, move by move (its GCG record, judged by the game's list)."""
        from scrabble_fr.records.gcg import parse_gcg, write_gcg
        from scrabble_fr.tui.screens.game_review import GameReviewScreen

        lexicon, error = self.match.lexicon, None
        if lexicon is None:  # a game judged by hand: the review still needs its rules' list
            if self.lexicon_loader is not None:
                lexicon, error = self.lexicon_loader(self.game.rules.lexicon)
        if lexicon is None:
            # Why the list could not be loaded, when the loader said it, rather than a bare refusal.
            self.query_one("#export-result", Static).update(error or _("No word list to review the game with."))
            return
        record = parse_gcg(write_gcg(self.game))
        saved = self.match.record
        self.app.push_screen(GameReviewScreen(record, lexicon, " — ".join(self.game.players), rules=self.game.rules,
                                              game_id=saved.id if saved is not None else None))

    @on(Button.Pressed, "#quit")
    def _quit(self) -> None:
        self.app.exit()
