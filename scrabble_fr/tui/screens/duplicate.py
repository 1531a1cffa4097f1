"""The duplicate screen: the board every player shares, the draw, the coup's clock, and the top.

Each coup: the draw is announced and the clock runs; each player types a placement on the line
(``H4 MAISON`` across, ``4H MAISON`` down, a lowercase letter for a joker) or nothing, and Enter
hands the keyboard to the next player; at several players the line hides what is typed. When
everyone has played, or the time is up, or F2 ends the coup, the top is placed and shown with each
player's score and share of the top; Enter starts the next coup. F5 shows the sheet at any time.
The screen owns no rule: it renders a :class:`~scrabble_fr.duplicate.DuplicateGame` and sends it
the players' proposals.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, ScrollableContainer, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Input, Static

from scrabble_fr.duplicate import DuplicateGame, DuplicateRecord, DuplicateStore, sheet_data, sheet_text
from scrabble_fr.duplicate.export import percent_text
from scrabble_fr.duplicate.game import Coup, reference
from scrabble_fr.duplicate.sheet import SheetCoup
from scrabble_fr.engine.errors import ScrabbleError
from scrabble_fr.engine.move import Move, PlacedTile
from scrabble_fr.engine.rules import Rules
from scrabble_fr.i18n import N_, _, colon, points
from scrabble_fr.match.entry import check_tile, used_tiles
from scrabble_fr.match.lock import SaveLock
from scrabble_fr.messages import describe
from scrabble_fr.tui.bindings import LocalizedBindings
from scrabble_fr.tui.widgets.board import BoardPicture, BoardView
from scrabble_fr.tui.widgets.rack import RackView


@dataclass
class DuplicateSettings:
    """What a new duplicate game needs from the command line or the set-up screen."""

    players: list[str]
    seed: int | None = None
    seconds: float | None = 180.0
    sheet: list[SheetCoup] | None = None
    lexicon_path: str | None = None
    rules: Rules = field(default_factory=lambda: Rules.preset("ffsc"))
    club: bool = False


def _store(app: Any) -> DuplicateStore:
    # Beside the classic saves of the app's store (a test's folder in tests).
    return DuplicateStore(Path(app.store.directory) / "duplicate")


def _lexicon(app: Any, wanted: str | None) -> Any:
    if getattr(app, "lexicon_loader", None) is not None:
        lexicon, error = app.lexicon_loader(wanted or "fr")
        if error:
            app.notify(error, severity="error", timeout=10)
        if lexicon is not None:
            return lexicon
    return app.lexicon


def open_duplicate(app: Any, settings: DuplicateSettings) -> None:
    """Start a new duplicate game on ``app`` (a bad setting is said, and nothing opens)."""
    lexicon = _lexicon(app, settings.lexicon_path) if settings.lexicon_path or app.lexicon is None else app.lexicon
    try:
        game = DuplicateGame(settings.players, lexicon=lexicon, rules=settings.rules, seed=settings.seed,
                             sheet=settings.sheet, seconds=settings.seconds, club=settings.club)
    except ScrabbleError as exc:
        _refused(app, exc)
        return
    record = DuplicateRecord.new(game, lexicon=settings.lexicon_path or "fr")
    _push(app, game, record)


def open_saved_duplicate(app: Any, record: DuplicateRecord, lexicon: Any) -> None:
    """Resume a saved duplicate game where it stopped."""
    try:
        game = record.rebuild(lexicon)
    except ScrabbleError as exc:
        _refused(app, exc)
        return
    _push(app, game, record)


def _refused(app: Any, error: ScrabbleError) -> None:
    # Said, and the set-up screen stays (or opens) so that the app is never left blank.
    app.notify(describe(error), severity="error", timeout=10)
    if len(app.screen_stack) <= 1:
        from scrabble_fr.tui.screens.setup import SetupScreen

        app.push_screen(SetupScreen())


def _push(app: Any, game: DuplicateGame, record: DuplicateRecord) -> None:
    store = _store(app)
    lock = SaveLock(store.lock_path(record.id), record.id)
    try:
        lock.acquire()
    except ScrabbleError as exc:
        _refused(app, exc)
        return
    while len(app.screen_stack) > 1:
        app.pop_screen()
    app.push_screen(DuplicateScreen(game, store, record, lock))


class SheetScreen(LocalizedBindings, ModalScreen[None]):
    """The sheet so far, scrollable with the arrows; Escape closes it."""

    KEYS = [("escape,f5", "dismiss", N_("Close"), True)]
    DEFAULT_CSS = """
    SheetScreen { align: center middle; }
    #sheet-box { width: 96%; height: 90%; border: round $accent; background: $surface; }
    #sheet-text { width: auto; }
    """

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with ScrollableContainer(id="sheet-box"):
            yield Static(self.text, id="sheet-text", markup=False)

    def on_mount(self) -> None:
        self.query_one("#sheet-box").focus()

    async def action_dismiss(self, result: Any = None) -> None:
        self.dismiss(None)


class DuplicateScreen(LocalizedBindings, Screen[None]):
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
    DuplicateScreen #dup-head { height: auto; }
    DuplicateScreen #dup-players { height: auto; }
    DuplicateScreen #dup-message { height: auto; max-height: 5; padding: 0 1; }
    DuplicateScreen #dup-input { margin: 0 1; }
    """

    def __init__(self, game: DuplicateGame, store: DuplicateStore, record: DuplicateRecord, lock: SaveLock) -> None:
        super().__init__()
        self.game = game
        self.store = store
        self.record = record
        self.save_lock = lock  # not "lock": Textual widgets keep their own lock there
        self.turn = 0  # who types now
        self.review: Coup | None = None  # the coup just closed, shown until Enter
        self.exported: str | None = None
        self.tentative: list[PlacedTile] = []  # a move typed on the board (alone at the table)

    # -- layout ----------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Horizontal(id="dup-main"):
            yield BoardView(id="dup-board")
            with Vertical(id="dup-side"):
                yield Static(id="dup-head")
                yield RackView(id="dup-rack")
                yield Static(id="dup-players")
        yield Static(id="dup-message")
        yield Input(id="dup-input", compact=True, password=len(self.game.players) > 1)
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.set_interval(0.25, self._tick)
        self.query_one("#dup-input", Input).focus()
        if self.game.current is not None:
            self.game.start_coup()
        self._first_free_player()
        self.refresh_view()
        if self.game.is_over:
            self._finish()

    def on_unmount(self) -> None:
        self._save()
        self.save_lock.release()

    def refresh_texts(self) -> None:
        self.refresh_view()

    # -- drawing ---------------------------------------------------------------------------
    def refresh_view(self) -> None:
        game = self.game
        coup = self.review or game.current
        last: frozenset[tuple[int, int]] = frozenset()
        if self.review is not None and self.review.placed is not None:
            last = frozenset((t.row, t.col) for t in self.review.placed.tiles)
        board = self.query_one("#dup-board", BoardView)
        board.picture = BoardPicture(
            squares=tuple(game.position.board.squares),
            layout=game.rules.layout,
            values=tuple(game.rules.tile_set.values.items()),
            last_move=last,
            tentative=tuple((t.row, t.col, t.board_letter) for t in self.tentative),
        )
        rack = self.query_one("#dup-rack", RackView)
        rack.tiles = tuple((t, game.rules.tile_set.value(t)) for t in coup.draw.tiles) if coup else ()
        rack.used = frozenset(used_tiles(coup.draw.tiles, self.tentative)) if coup is not None and self.review is None else frozenset()
        self._refresh_head()
        self._refresh_players()
        self._refresh_prompt()

    def _refresh_head(self) -> None:
        game = self.game
        coup = self.review or game.current
        lines = []
        if coup is not None:
            lines.append(_("Coup {n} — draw {draw}").format(n=coup.number, draw=coup.draw.text))
        left = game.remaining()
        if self.review is None and left is not None:
            seconds = max(0, int(left + 0.999))
            lines.append(_("Time left: {m}:{s:02d}").format(m=seconds // 60, s=seconds % 60))
        elif game.is_over:
            lines.append(_("The game is over."))
        lines.append(_("Top total: {points}").format(points=points(game.top_total)))
        self.query_one("#dup-head", Static).update("\n".join(lines))

    def _refresh_players(self) -> None:
        game = self.game
        coup = game.current
        lines = []
        for index, name in enumerate(game.players):
            mark = ""
            if self.review is None and coup is not None:
                mark = "✓ " if coup.proposals[index] is not None else ("▶ " if index == self.turn else "  ")
            lines.append(f"{mark}{name}{colon()} {points(game.total(index))} ({percent_text(game.percent(index))})")
        self.query_one("#dup-players", Static).update("\n".join(lines))

    def _refresh_prompt(self) -> None:
        field = self.query_one("#dup-input", Input)
        if self.game.is_over and self.review is None:
            field.placeholder = _("The game is over: F5 the sheet, Ctrl+Q to quit")
        elif self.review is not None:
            field.placeholder = _("Enter: next coup")
        elif len(self.game.players) > 1:
            field.placeholder = _("{name}, your move (hidden): H4 MAISON, 4H MOT, or Enter for nothing").format(
                name=self.game.players[self.turn])
        else:
            field.placeholder = _("Your move: H4 MAISON, 4H MOT, or Enter for nothing")

    def _say(self, text: str) -> None:
        self.query_one("#dup-message", Static).update(text)

    # -- the clock -------------------------------------------------------------------------
    def _tick(self) -> None:
        if self.review is not None or self.game.current is None:
            return
        if self.game.time_is_up:
            self._close(_("Time is up."))
        else:
            self._refresh_head()

    # -- proposals -------------------------------------------------------------------------
    @on(Input.Submitted, "#dup-input")
    def _submitted(self, event: Input.Submitted) -> None:
        self._enter(event.value)

    def _enter(self, text: str) -> None:
        """The line's text (or the board's move, written out) as the typist's proposal."""
        field = self.query_one("#dup-input", Input)
        if self.review is not None:
            field.value = ""
            self._next_coup()
            return
        if self.game.current is None:
            return
        try:
            proposal = self.game.propose(self.turn, text)
        except ScrabbleError as exc:
            self._say(describe(exc))
            if exc.code == "time_up":
                self._close(_("Time is up."))
            return
        field.value = ""
        name = self.game.players[self.turn]
        if proposal.is_empty:
            self._say(_("{name} proposes nothing.").format(name=name))
        else:
            self._say(_("{name} has played.").format(name=name))
        self._save()
        if not self._first_free_player():
            self._close(_("Everyone has played."))
            return
        self._refresh_players()
        self._refresh_prompt()

    def _first_free_player(self) -> bool:
        """Hand the keyboard to the next player without a proposal; False when all have one."""
        coup = self.game.current
        if coup is None:
            return False
        count = len(self.game.players)
        for step in range(count):
            index = (self.turn + step) % count
            if coup.proposals[index] is None:
                self.turn = index
                return True
        return False

    def action_next_player(self) -> None:
        """Hand the keyboard to the next player (to change a move before the end of the coup)."""
        if self.review is None and self.game.current is not None and len(self.game.players) > 1:
            self.turn = (self.turn + 1) % len(self.game.players)
            self.query_one("#dup-input", Input).value = ""
            self._refresh_players()
            self._refresh_prompt()

    def action_clear(self) -> None:
        self.query_one("#dup-input", Input).value = ""

    def action_end_coup(self) -> None:
        if self.review is None and self.game.current is not None:
            self._close(_("The coup is ended."))

    # -- a move typed on the board ---------------------------------------------------------
    def _board_entry_allowed(self) -> bool:
        if self.review is not None or self.game.current is None:
            return False
        if len(self.game.players) > 1:
            # The board is in everyone's sight: at several players a move is typed on the hidden line.
            self._say(_("At several players, type your move on the line: it stays hidden."))
            return False
        return True

    @on(BoardView.Typed)
    def _typed(self, event: BoardView.Typed) -> None:
        if not self._board_entry_allowed():
            return
        coup = self.game.current
        assert coup is not None
        board = self.query_one("#dup-board", BoardView)
        row, col = board.cursor
        try:
            check_tile(self.game.position.board, coup.draw.tiles, self.tentative, row, col, event.letter, event.joker)
        except ScrabbleError as exc:
            self._say(describe(exc))
            return
        self.tentative.append(PlacedTile(row, col, event.letter, event.joker))
        board.advance()
        self.refresh_view()

    @on(BoardView.TakeBack)
    def _take_back(self) -> None:
        if self.tentative:
            tile = self.tentative.pop()
            self.query_one("#dup-board", BoardView).cursor = (tile.row, tile.col)
            self.refresh_view()

    @on(BoardView.Clear)
    def _clear_board(self) -> None:
        self.tentative.clear()
        self.refresh_view()

    @on(BoardView.Announce)
    def _announce(self) -> None:
        if not self.tentative or not self._board_entry_allowed():
            return
        try:
            move = self.game.position.describe(Move.place(self.tentative))
        except ScrabbleError as exc:  # not in one line, a gap: no word to read, to be fixed
            self._say(describe(exc))
            return
        self.tentative.clear()
        self._enter(move.notation("fr"))

    # -- closing a coup --------------------------------------------------------------------
    def _close(self, why: str) -> None:
        coup = self.game.close_coup()
        self.review = coup
        self._save()
        self._say(why + "\n" + self._result_text(coup))
        self.refresh_view()
        if self.game.is_over:
            self._finish()

    def _result_text(self, coup: Coup) -> str:
        placed = coup.placed
        assert placed is not None
        top_score = placed.score or 0
        lines = [_("Top: {ref} {word}, {points}").format(ref=reference(placed), word=placed.word, points=points(top_score))]
        if coup.published is not None and coup.top is not None:
            ours = coup.top.move
            lines[0] += " — " + _("ours: {ref} {word}, {points}").format(
                ref=reference(ours), word=ours.word, points=points(ours.score or 0))
        for index, name in enumerate(self.game.players):
            proposal = coup.proposals[index]
            share = percent_text(100.0 * coup.points(index) / top_score if top_score else 100.0)
            if proposal is None or proposal.is_empty:
                text = _("{name}: nothing").format(name=name)
            elif proposal.error is not None:
                text = _("{name}: {move}, 0 ({reason})").format(name=name, move=proposal.text, reason=describe(proposal.error))
            else:
                assert proposal.move is not None
                text = _("{name}: {ref} {word}, {points} ({share} of the top)").format(
                    name=name, ref=reference(proposal.move), word=proposal.move.word, points=points(proposal.score),
                    share=share)
            if proposal is not None and proposal.warnings:
                text += " — " + _("warning: {why}").format(why=proposal.warnings[0].text)
            if coup.solo == index:
                text += " — " + _("solo")
            lines.append(text)
        return "\n".join(lines)

    def _next_coup(self) -> None:
        self.review = None
        if self.game.is_over:
            self._refresh_prompt()
            return
        self.game.start_coup()
        self.turn = 0
        self._first_free_player()
        self._say(_("New draw: {draw}").format(draw=self.game.current.draw.text if self.game.current else ""))
        self.refresh_view()

    def _finish(self) -> None:
        ranking = ", ".join(
            f"{self.game.players[p]} {points(total)} ({percent_text(self.game.percent(p))})"
            for p, total in self.game.ranking()
        )
        path = self.action_export(quiet=True)
        text = _("The game is over. Top total: {points}.").format(points=points(self.game.top_total))
        if ranking:
            text += " " + ranking
        if path:
            text += "\n" + _("Sheet exported: {path}").format(path=path)
        self.notify(text, timeout=15)

    # -- the sheet -------------------------------------------------------------------------
    def action_sheet(self) -> None:
        self.app.push_screen(SheetScreen(sheet_text(self.game)))

    def action_export(self, quiet: bool = False) -> str | None:
        """Write the sheet as text and as JSON (``feuilles/ID.txt``, ``.json``); returns the text's path."""
        # In a folder of their own: the saves' folder holds saves only.
        folder = self.store.directory / "feuilles"
        text_path, json_path = folder / f"{self.record.id}.txt", folder / f"{self.record.id}.json"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            text_path.write_text(sheet_text(self.game), encoding="utf-8")
            json_path.write_text(json.dumps(sheet_data(self.game), ensure_ascii=False, indent=1), encoding="utf-8")
        except OSError as exc:
            self.notify(_("The sheet cannot be written: {detail}").format(detail=exc.strerror or str(exc)),
                        severity="error")
            return None
        path = str(text_path)
        if not quiet:
            self.notify(_("Sheet exported: {path}").format(path=path))
        return path

    # -- saving ----------------------------------------------------------------------------
    def _save(self) -> None:
        if not self.save_lock.holds():
            return
        self.record.update(self.game)
        try:
            self.store.save(self.record)
        except OSError as exc:
            self.notify(_("The game cannot be saved: {detail}").format(detail=exc.strerror or str(exc)),
                        severity="error")
