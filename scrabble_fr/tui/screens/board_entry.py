"""A move typed on the board, for the screens where a draw is played (duplicate, alone or at a club
table): Tab goes to the board, letters are placed one by one, Backspace takes the last one back,
Escape clears them, Enter sends the move. The screen says how a tile is checked and where the move
goes; the rules stay in the session it renders.
"""

from __future__ import annotations

from textual import on
from textual.screen import Screen

from scrabble_fr.engine.errors import ScrabbleError
from scrabble_fr.engine.move import PlacedTile
from scrabble_fr.messages import describe
from scrabble_fr.tui.widgets.board import BoardView


class BoardEntryScreen(Screen[None]):
    """The board's typing, shared; subclasses fill in the hooks below and keep ``tentative``."""

    BOARD_ID = "board"  # the id of the screen's BoardView
    tentative: list[PlacedTile]

    # -- the hooks -----------------------------------------------------------------------------
    def check_board_tile(self, row: int, col: int, letter: str, joker: bool) -> None:
        """Raise a ScrabbleError if this tile cannot join the tentative move."""
        raise NotImplementedError

    def board_entry_allowed(self) -> bool:
        """Whether a move typed on the board can be sent now."""
        raise NotImplementedError

    def board_move_text(self) -> str:
        """The tentative move as a command line (raises ScrabbleError when it does not read)."""
        raise NotImplementedError

    def send_board_move(self, text: str) -> bool:
        """Send the move; True if the tentative tiles are done with."""
        raise NotImplementedError

    def say(self, text: str) -> None:
        raise NotImplementedError

    def refresh_view(self) -> None:
        raise NotImplementedError

    # -- the handlers --------------------------------------------------------------------------
    @on(BoardView.Typed)
    def _typed(self, event: BoardView.Typed) -> None:
        board = self.query_one(f"#{self.BOARD_ID}", BoardView)
        row, col = board.cursor
        try:
            self.check_board_tile(row, col, event.letter, event.joker)
        except ScrabbleError as exc:
            self.say(describe(exc))
            return
        self.tentative.append(PlacedTile(row, col, event.letter, event.joker))
        board.advance()
        self.refresh_view()

    @on(BoardView.TakeBack)
    def _take_back(self) -> None:
        if self.tentative:
            tile = self.tentative.pop()
            self.query_one(f"#{self.BOARD_ID}", BoardView).cursor = (tile.row, tile.col)
            self.refresh_view()

    @on(BoardView.Clear)
    def _clear_board(self) -> None:
        self.tentative.clear()
        self.refresh_view()

    @on(BoardView.Announce)
    def _announce(self) -> None:
        if not self.tentative or not self.board_entry_allowed():
            return
        try:
            text = self.board_move_text()
        except ScrabbleError as exc:  # not in one line, a gap: no word to read, to be fixed on the board
            self.say(describe(exc))
            return
        if self.send_board_move(text):
            self.tentative.clear()
            self.refresh_view()
