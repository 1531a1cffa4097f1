"""The review of a finished game, move by move: the board each move was played on, the move
played and the best one side by side with the points lost, the missed scrabble and the
endgame's line. The review itself is worked out below the screen
(:func:`scrabble_fr.training.review.review_game`), in a thread, the moves judged so far counted."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import work
from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from scrabble_fr.engine.errors import ScrabbleError
from scrabble_fr.engine.move import PlacedTile
from scrabble_fr.i18n import N_, _, colon, format_number
from scrabble_fr.messages import describe, system_error_text
from scrabble_fr.training.review import GameReview, MoveReview, review_game
from scrabble_fr.tui.bindings import LocalizedBindings
from scrabble_fr.tui.widgets.board import BoardPicture, BoardView

if TYPE_CHECKING:
    from scrabble_fr.duplicate.game import DuplicateGame
    from scrabble_fr.engine.rules import Rules
    from scrabble_fr.engine.wordlist import WordList
    from scrabble_fr.records.gcg import GcgGame


def laid(before: tuple[str | None, ...], tiles: tuple[PlacedTile, ...], size: int) -> tuple[str | None, ...]:
    """The board ``before`` with ``tiles`` laid on it (a joker in lowercase, as the board keeps it)."""
    squares = list(before)
    for tile in tiles:
        squares[tile.row * size + tile.col] = tile.board_letter
    return tuple(squares)


def comparison_lines(move: MoveReview, total: int) -> list[str]:
    """The panel under the board: which move, then the move played and the best side by side."""
    head = _("Move {n} of {total}{colon} {player}, rack {rack}").format(
        n=move.number, total=total, colon=colon(), player=move.player, rack=move.rack or "?")
    played = _("Played{colon} {move} ({score})").format(colon=colon(), move=move.played,
                                                       score=format_number(move.score))
    if move.best is None:
        return [head, played + "   " + _("Best{colon} not judged, the whole rack is not known").format(colon=colon())]
    best = _("Best{colon} {move} ({score})").format(colon=colon(), move=move.best,
                                                   score=format_number(move.best_score or 0))
    loss = _("loss {points}").format(points=format_number(move.loss or 0))
    lines = [head, f"{played}   {best}   {loss}"]
    if move.missed_bingo:
        lines.append(_("Missed scrabble{colon} {move}").format(colon=colon(), move=move.missed_bingo))
    if move.missed_words:
        lines.append(_("Words missed{colon} {words}").format(colon=colon(), words=", ".join(move.missed_words)))
    if move.endgame is not None:
        lines.append(_("Endgame, the solver's line{colon} {line} (cost {cost})").format(
            colon=colon(), line=", ".join(move.endgame.line), cost=format_number(move.endgame.cost)))
    return lines


class GameReviewScreen(LocalizedBindings, Screen[None]):
    KEYS = [
        ("right,down,n", "step(1)", N_("Next"), True),
        ("left,up,p", "step(-1)", N_("Previous"), True),
        ("m", "swap", N_("Played/best"), True),
        ("home", "go(0)", N_("Start"), False),
        ("end", "go(-1)", N_("End"), False),
        ("escape", "back", N_("Back"), True),
        ("ctrl+q", "app.quit", N_("Quit"), False),
    ]
    DEFAULT_CSS = """
    GameReviewScreen #gr-main { height: 17; }
    GameReviewScreen #gr-board { width: 49; height: 16; }
    GameReviewScreen #gr-right { width: 1fr; padding: 0 0 0 1; }
    GameReviewScreen #gr-title { height: auto; }
    GameReviewScreen #gr-moves { height: 1fr; }
    GameReviewScreen #gr-compare { height: 1fr; padding: 0 1; }
    """

    AUTO_FOCUS = None
    index: reactive[int] = reactive(0)
    show_best: reactive[bool] = reactive(False)

    def __init__(self, source: GcgGame | DuplicateGame, lexicon: WordList, title: str,
                 endgame_seconds: float | None = 2.0, rules: Rules | None = None, feed_deck: bool = True,
                 game_id: str | None = None) -> None:
        super().__init__()
        self.rules = rules
        # The review adds each human player's missed words to their study deck (revoir --sans-cartes: not),
        # and the game's loss under ``game_id`` (the saved game's id, as revoir keeps it; else the title).
        self.feed_deck = feed_deck
        self.game_id = game_id or title
        self.source = source
        self.lexicon = lexicon
        self.title_text = title
        self.endgame_seconds = endgame_seconds
        self.review: GameReview | None = None

    def compose(self) -> ComposeResult:
        with Horizontal(id="gr-main"):
            board = BoardView(id="gr-board")
            board.can_focus = False  # the arrows step through the game, not a cursor
            yield board
            with Vertical(id="gr-right"):
                yield Static(_("Review{colon} {title}").format(colon=colon(), title=self.title_text), id="gr-title")
                table: DataTable[str] = DataTable(id="gr-moves", cursor_type="row", zebra_stripes=True)
                table.can_focus = False
                yield table
        yield Static(_("Reviewing the game…"), id="gr-compare")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one("#gr-moves", DataTable).add_columns("#", _("Player"), _("Loss"))
        self._work_out()

    @work(thread=True, exclusive=True, group="game-review")
    def _work_out(self) -> None:
        def told(done: int, total: int) -> None:
            self.app.call_from_thread(self._progress, done, total)

        review = review_game(self.source, self.lexicon, endgame_seconds=self.endgame_seconds, progress=told,
                             rules=self.rules)
        if self.feed_deck and review.moves:
            from scrabble_fr.training.deck import Deck, fed_lines, feed_from_review

            try:
                with Deck() as deck:
                    fed = feed_from_review(deck, review, self.game_id,
                                           getattr(self.lexicon, "key", self.lexicon.name))
            except (ScrabbleError, OSError) as exc:  # a deck that cannot be read: the review is shown all the same
                said = describe(exc) if isinstance(exc, ScrabbleError) else system_error_text(exc)
                self.app.call_from_thread(self.app.notify, said, severity="error")
                fed = []
            for line in fed_lines(fed):
                self.app.call_from_thread(self.app.notify, line)
        self.app.call_from_thread(self._reviewed, review)

    def _progress(self, done: int, total: int) -> None:
        self.query_one("#gr-compare", Static).update(
            _("Reviewing the game{colon} {done} of {total} moves judged").format(colon=colon(), done=done,
                                                                                 total=total))

    def _reviewed(self, review: GameReview) -> None:
        self.review = review
        table = self.query_one("#gr-moves", DataTable)
        for move in review.moves:
            loss = "—" if move.loss is None else format_number(move.loss)
            table.add_row(str(move.number), move.player, loss)
        if not review.moves:
            self.query_one("#gr-compare", Static).update(_("No move to review."))
            return
        self.index = 0
        self._show()

    def watch_index(self) -> None:
        self._show()

    def watch_show_best(self) -> None:
        self._show()

    def action_step(self, delta: int) -> None:
        if self.review and self.review.moves:
            self.index = max(0, min(len(self.review.moves) - 1, self.index + delta))

    def action_go(self, where: int) -> None:
        if self.review and self.review.moves:
            self.index = where if where >= 0 else len(self.review.moves) - 1

    def action_swap(self) -> None:
        self.show_best = not self.show_best

    def action_back(self) -> None:
        if isinstance(self.app, ReviewApp):
            self.app.exit()  # opened by itself (scrabble-fr revoir --ecran): nothing to go back to
        else:
            self.dismiss(None)

    def _show(self) -> None:
        if not self.is_mounted or self.review is None or not self.review.moves:
            return
        rules = self.review.rules
        move = self.review.moves[self.index]
        tiles = move.best_tiles if self.show_best and move.best is not None else move.played_tiles
        self.query_one("#gr-board", BoardView).picture = BoardPicture.of(
            laid(move.before, tiles, rules.size), rules, ((t.row, t.col) for t in tiles))
        shown = _("On the board{colon} the best move").format(colon=colon()) if self.show_best and move.best \
            else _("On the board{colon} the move played").format(colon=colon())
        lines = comparison_lines(move, len(self.review.moves))
        lines.insert(1, shown + " " + _("(m swaps)"))
        self.query_one("#gr-compare", Static).update("\n".join(lines))
        table = self.query_one("#gr-moves", DataTable)
        if table.cursor_row != self.index:
            table.move_cursor(row=self.index)


class ReviewApp(App[None]):
    """The review screen on its own, for ``scrabble-fr revoir --ecran``."""

    TITLE = "scrabble_fr"

    def __init__(self, screen: GameReviewScreen) -> None:
        super().__init__()
        self.review_screen = screen

    def on_mount(self) -> None:
        self.push_screen(self.review_screen)
