"""A position: the board, every rack, the scores and who is to move, under a rule set.

This is the library's front door, in the manner of python-chess's ``Board``:

    >>> p = Position.from_cgp("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEIMNOS/ 0/0 0")
    >>> m = p.parse_move("H4 MAISON"); p.score(m), [t.letter for t in m.tiles][:3]
    (18, ['M', 'A', 'I'])

A position knows no bag order and no history: :class:`scrabble_fr.engine.game.Game` adds those.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from scrabble_fr.engine import cgp
from scrabble_fr.engine.board import Board
from scrabble_fr.engine.errors import IllegalMoveError, InvalidMoveError
from scrabble_fr.engine.move import Move, MoveKind, PlacedTile
from scrabble_fr.engine.notation import ParsedCommand, parse_command, square_name
from scrabble_fr.engine.rules import Rules
from scrabble_fr.engine.scoring import Placement, check_placement, score_placement
from scrabble_fr.engine.tiles import JOKER

if TYPE_CHECKING:
    from scrabble_fr.engine.wordlist import WordList


class Position:
    """A mutable position. ``racks[i]`` is player i's rack (``?`` for a joker, ``""`` if unknown)."""

    def __init__(
        self,
        rules: Rules | str = "ffsc",
        *,
        board: Board | None = None,
        racks: Sequence[str] = ("", ""),
        scores: Sequence[int] | None = None,
        to_move: int = 0,
        scoreless_turns: int = 0,
        lexicon: WordList | None = None,
    ) -> None:
        self.rules = Rules.preset(rules) if isinstance(rules, str) else rules
        self.board = board if board is not None else Board(self.rules.layout)
        self.racks = list(racks)
        self.scores = list(scores) if scores is not None else [0] * len(self.racks)
        self.to_move = to_move
        self.scoreless_turns = scoreless_turns
        self.lexicon = lexicon
        self.options: dict[str, str] = {}

    # -- records ---------------------------------------------------------------------------
    @classmethod
    def from_cgp(cls, text: str, rules: Rules | str = "ffsc", lexicon: WordList | None = None) -> Position:
        """Read a CGP line (board, racks, scores, scoreless turns, options)."""
        rules_value = Rules.preset(rules) if isinstance(rules, str) else rules
        data = cgp.parse(text, rules_value)
        position = cls(
            rules_value,
            racks=data.racks,
            scores=data.scores,
            scoreless_turns=data.scoreless_turns,
            lexicon=lexicon,
        )
        position.board.squares = data.squares
        position.options = data.options
        return position

    def to_cgp(self) -> str:
        """The position as a CGP line, the player to move's rack first."""
        n = len(self.racks)
        order = [(self.to_move + i) % n for i in range(n)]
        return cgp.format(
            self.board,
            [self.racks[i] for i in order],
            [self.scores[i] for i in order],
            self.scoreless_turns,
            self.options,
        )

    def copy(self, lexicon: WordList | None = None) -> Position:
        """An independent copy (the board copied), judged by ``lexicon`` if given, else by the
        same list as this position."""
        other = Position(
            self.rules,
            board=self.board.copy(),
            racks=self.racks,
            scores=self.scores,
            to_move=self.to_move,
            scoreless_turns=self.scoreless_turns,
            lexicon=lexicon if lexicon is not None else self.lexicon,
        )
        other.options = dict(self.options)
        return other

    @property
    def rack(self) -> str:
        """The rack of the player to move."""
        return self.racks[self.to_move]

    # -- moves -----------------------------------------------------------------------------
    def parse_move(self, text: str) -> Move:
        """A move from its written form in the rule set's notation, scored on this board.

        Raises :class:`InvalidMoveError` for bad notation and :class:`IllegalMoveError` when the
        tiles cannot lie there (occupied square, gap…); connection and rack are checked by
        :meth:`score` and :meth:`check`.
        """
        command = parse_command(text, self.rules.notation, self.board.size)
        return self.move_from_command(command)

    def move_from_command(self, command: ParsedCommand) -> Move:
        if command.kind == "pass":
            return Move.pass_()
        if command.kind == "exchange":
            return Move.exchange(command.exchanged)
        style = self.rules.notation
        dr, dc = (0, 1) if command.across else (1, 0)
        row, col = command.row, command.col
        tiles: list[PlacedTile] = []
        for written in command.tiles:
            if command.skip_occupied:
                while self.board.inside(row, col) and self.board[row, col] is not None:
                    row, col = row + dr, col + dc
            if not self.board.inside(row, col):
                raise InvalidMoveError("off_board", square=square_name(row - dr, col - dc, style))
            on_board = self.board[row, col]
            if on_board is not None:
                if written.letter is not None and written.letter != on_board.upper():
                    raise InvalidMoveError(
                        "letter_mismatch", square=square_name(row, col, style), board=on_board.upper(),
                        written=written.letter,
                    )
            elif written.letter is None:
                raise InvalidMoveError("dot_on_empty", square=square_name(row, col, style))
            else:
                tiles.append(PlacedTile(row, col, written.letter, written.is_blank))
            row, col = row + dr, col + dc
        if not tiles:
            raise InvalidMoveError("nothing_placed")
        return self.describe(Move.place(tiles))

    def placement(self, move: Move) -> Placement:
        """The words a placement forms and its score, checking only its geometry."""
        return score_placement(self.board, self.rules, move.tiles, self.rules.notation)

    def describe(self, move: Move, placement: Placement | None = None) -> Move:
        """The same move with its main word, direction, score and words filled in.

        ``placement``, if the caller already has it (from :meth:`check`), is not computed again.
        """
        if move.kind is not MoveKind.PLACE:
            return replace(move, score=0)
        if placement is None:
            placement = self.placement(move)
        main = placement.main
        return replace(
            move,
            row=main.row,
            col=main.col,
            across=placement.across,
            word=main.text,
            score=placement.score,
            words=placement.words,
        )

    def check(self, move: Move) -> Placement | None:
        """Raise the reason if ``move`` is illegal here; return the placement for a placement.

        The rack is checked only when it is known (not ``""``); words are not checked here (a
        word outside the list is a matter for the contestation).
        """
        rack = self.rack if self.racks else ""
        if move.kind is MoveKind.PASS:
            return None
        if move.kind is MoveKind.EXCHANGE:
            if not move.exchanged:
                raise IllegalMoveError("exchange_nothing")
            if len(move.exchanged) > self.rules.rack_size:
                raise IllegalMoveError("exchange_too_many", maximum=self.rules.rack_size)
            if any(not (ch == JOKER or "A" <= ch <= "Z") for ch in move.exchanged):
                raise InvalidMoveError("bad_word", text=move.exchanged)
            self._check_rack(rack, move.exchanged)
            return None
        for tile in move.tiles:
            # A tile shows a letter A-Z (a joker too, once played); anything else is no tile.
            if not (len(tile.letter) == 1 and "A" <= tile.letter <= "Z"):
                raise InvalidMoveError("bad_word", text=tile.letter)
        self._check_rack(rack, move.rack_letters)
        placement = self.placement(move)
        check_placement(self.board, self.rules, move.tiles, placement, self.rules.notation)
        return placement

    @staticmethod
    def _check_rack(rack: str, needed: str) -> None:
        if not rack:
            return
        missing = Counter(needed) - Counter(rack.upper())
        if missing:
            raise IllegalMoveError("tiles_not_on_rack", rack=rack, missing="".join(sorted(missing.elements())))

    def score(self, move: Move) -> int:
        """The points ``move`` scores here; raises :class:`IllegalMoveError` with the reason if illegal."""
        placement = self.check(move)
        return placement.score if placement is not None else 0

    def push(self, move: Move) -> None:
        """Play a legal move (no drawing: a position has no bag) and hand the turn on."""
        placement = self.check(move)
        rack = Counter(self.rack.upper())
        if placement is not None:
            self.board.place(move.tiles)
            rack.subtract(move.rack_letters)
            self.scores[self.to_move] += placement.score
            self.scoreless_turns = 0 if placement.score else self.scoreless_turns + 1
        else:
            self.scoreless_turns += 1
        if self.rack and move.kind is MoveKind.PLACE:
            self.racks[self.to_move] = "".join(sorted((+rack).elements()))
        self.to_move = (self.to_move + 1) % len(self.racks)

    def unseen(self, player: int | None = None) -> Counter[str]:
        """Tiles the player cannot see: the set less the board and their own rack (``?`` = joker)."""
        who = self.to_move if player is None else player
        counts = self.rules.tile_set.as_counter()
        for _r, _c, tile in self.board.tiles():
            counts[JOKER if tile.islower() else tile] -= 1
        for tile in self.racks[who].upper():
            counts[tile] -= 1
        return +counts

    def bag_estimate(self) -> int:
        """How many tiles are left in the bag, as the player to move can tell: the tiles they
        cannot see, less the opponents' racks (a full rack for an opponent whose rack is unknown,
        as a CGP position without it says nothing of it).

            >>> Position("ffsc", racks=["AEIMNOS", ""]).bag_estimate()  # 102 - 7 - 7
            88
        """
        unseen = sum(self.unseen().values())
        held = sum(len(rack) if rack else self.rules.rack_size
                   for index, rack in enumerate(self.racks) if index != self.to_move)
        return max(0, unseen - held)

    def __str__(self) -> str:
        return str(self.board)

    def __repr__(self) -> str:
        return f"Position.from_cgp({self.to_cgp()!r}, rules={self.rules.name!r})"

    def __eq__(self, other: Any) -> bool:
        return isinstance(other, Position) and self.to_cgp() == other.to_cgp() and self.rules == other.rules
