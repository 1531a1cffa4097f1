"""How a proposal is marked: what it pays and whether it earns a warning (FISF rules, chapter 5).

    >>> from scrabble_fr.engine.position import Position
    >>> from scrabble_fr.words import WordSet
    >>> p = Position(racks=["NETSAA?"], lexicon=WordSet(["NET", "NETS", "SENT"]))
    >>> m = mark(p, "H2 NETS"); m.move.notation(), m.score, m.warnings   # first coup: the word's best place
    ('H5 NETS', 8, [])

The program knows the draw and counts the score itself, so a proposal never claims a score; what
is left of chapter 5 is the word, its place and the circled letters (a lowercase letter is a
circled one: the letter a joker stands for).

- **First coup** (§4.1, §5.4.2a): the word played is paid its best score, whatever reference is
  written (none is asked before the second coup) and whatever letters are circled; the circling
  earns a warning when it is not the one of that best score (§5.5).
- **Later coups** (§5.3): the word at its place is paid for the circling written when the draw
  allows it. When it does not (a joker left unmarked, or another letter circled), the word at its
  place is still paid, assorted with a warning, at the lowest score among the circlings of the
  letters the draw lacks (§5.3.2, second case; §5.4.2b, "coup joker"). This holds "y compris
  dans le cas où aucune lettre n'est encerclée".
- A word that cannot be made from the draw, even with its jokers, scores 0 (§5.4.1d, *erreur de
  lettre*), as does a word outside the list or a placement the board does not allow (§5.4.1a, c).

One warning at most per coup (§5.8): a proposal carries a list of zero or one warning.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from scrabble_fr.duplicate.errors import DuplicateError
from scrabble_fr.engine.errors import IllegalMoveError, InvalidMoveError, ScrabbleError
from scrabble_fr.engine.move import Move, PlacedTile
from scrabble_fr.engine.notation import ParsedCommand, parse_command
from scrabble_fr.engine.position import Position
from scrabble_fr.engine.scoring import check_placement
from scrabble_fr.engine.tiles import JOKER
from scrabble_fr.i18n import N_, _


class WarningKind(enum.StrEnum):
    """Why a paid proposal earns a warning (FISF §5.5)."""

    JOKER_UNMARKED = "joker_unmarked"  # no circle round the letter a joker stands for
    JOKER_MISMARKED = "joker_mismarked"  # another letter circled than the one the joker stands for
    # A paper slip's own (:mod:`.slip`): the score written is not the one paid, or none is.
    SCORE_WRONG = "score_wrong"
    SCORE_MISSING = "score_missing"

    @property
    def text(self) -> str:
        return _(_WARNING_TEXTS[self])


_WARNING_TEXTS = {
    WarningKind.JOKER_UNMARKED: N_("joker not marked"),
    WarningKind.JOKER_MISMARKED: N_("joker marked on another letter"),
    WarningKind.SCORE_WRONG: N_("score written wrong"),
    WarningKind.SCORE_MISSING: N_("no score written"),
}


# Warnings are counted per player; from the fourth (the sixth in blitz), each one costs 5 points
# (§5.9). Blitz is one minute a coup (§1.3); a shorter training time counts as blitz too.
WARNING_PENALTY = 5
FREE_WARNINGS = 3
FREE_WARNINGS_BLITZ = 5


def warning_penalty(warnings: int, blitz: bool) -> int:
    """What ``warnings`` cost a player: 5 points each after the free ones (3, or 5 in blitz), as
    the local game, a paper slip and a club table's sheet all count them.

        >>> warning_penalty(3, False), warning_penalty(5, False), warning_penalty(5, True)
        (0, 10, 0)
    """
    return WARNING_PENALTY * max(0, warnings - (FREE_WARNINGS_BLITZ if blitz else FREE_WARNINGS))


@dataclass(frozen=True)
class Marking:
    """What a proposal pays: the ``move`` as paid (its jokers where the payment puts them), the
    ``score``, why it scores 0 (``error``), and its ``warnings`` (at most one, §5.8)."""

    move: Move | None
    score: int
    error: ScrabbleError | None = None
    warnings: list[WarningKind] = field(default_factory=list)


def read_placement(text: str, notation: str, size: int) -> ParsedCommand:
    """A proposal read as a placement. Anything else (a pass, an exchange, text that is no move)
    is refused in duplicate's own words: a coup has no pass and no exchange to suggest."""
    try:
        command = parse_command(text, notation, size)
    except InvalidMoveError as exc:
        if exc.code != "bad_command":
            raise
        raise DuplicateError("proposal_not_a_move", text=text) from None
    if command.kind != "place":
        raise DuplicateError("proposal_not_a_move", text=text)
    return command


def mark(position: Position, text: str, command: ParsedCommand | None = None) -> Marking:
    """Mark the placement ``text`` (already read as ``command``, if given) on ``position``,
    whose rack to move is the draw and whose lexicon judges the words."""
    if command is None:
        command = parse_command(text, "fr", position.board.size)
    if position.board.is_empty():
        first = _mark_first(position, command)
        if first is not None:
            return first
    return _mark_placed(position, command)


# -- the first coup ---------------------------------------------------------------------------
def _mark_first(position: Position, command: ParsedCommand) -> Marking | None:
    """The word's best score wherever it covers the centre (across, as the first top lies); None
    when the word cannot lie across the board at all (the written place then says why)."""
    if any(tile.letter is None for tile in command.tiles):
        return None  # a "." on an empty board: the written place says what is wrong
    letters = "".join(tile.letter for tile in command.tiles if tile.letter is not None)
    written = frozenset(i for i, tile in enumerate(command.tiles) if tile.is_blank)
    size = len(letters)
    if size < 2:
        return None  # not a word: the written place says why
    centre_row, centre_col = position.rules.centre
    starts = [c for c in range(centre_col - size + 1, centre_col + 1) if c >= 0 and c + size <= position.board.size]
    if not starts:
        return None
    # Among equal best scores, the place written (or its mirror across, for a word written down
    # from the centre's column) is the one shown.
    if command.across and command.row == centre_row:
        starts.sort(key=lambda c: c != command.col)
    elif not command.across and command.col == centre_col:
        starts.sort(key=lambda c: c != command.row)
    readings = list(_readings(letters, position.rack))
    typed_move = position.describe(_move(centre_row, starts[0], True, letters, written))
    if not readings:
        return Marking(typed_move, 0, _rack_error(position, typed_move))
    invalid = _invalid_words(position, typed_move)
    if invalid is not None:
        return Marking(typed_move, 0, invalid)
    best: tuple[int, Move] | None = None
    typed_best = -1
    for col in starts:
        for blanks in readings:
            move = _move(centre_row, col, True, letters, blanks)
            try:
                placement = position.check(move)
            except ScrabbleError:
                continue
            assert placement is not None
            score = placement.score
            if best is None or score > best[0]:
                best = (score, position.describe(move, placement))
            if blanks == written:
                typed_best = max(typed_best, score)
    if best is None:
        return None
    score, move = best
    warnings = [] if typed_best == score else [_warning(written, readings, [])]
    return Marking(move, score, None, warnings)


# -- from the second coup ---------------------------------------------------------------------
def mark_at(position: Position, command: ParsedCommand) -> Marking:
    """The placement ``command`` marked at its place as written, as from the second coup (a
    paper slip's reference tried at other places goes through here)."""
    return _mark_placed(position, command)


def _mark_placed(position: Position, command: ParsedCommand) -> Marking:
    try:
        typed = position.move_from_command(command)  # off the board, a letter not the board's…
    except (InvalidMoveError, IllegalMoveError) as exc:
        return Marking(None, 0, exc)
    letters = "".join(tile.letter for tile in typed.tiles)
    written = frozenset(i for i, tile in enumerate(typed.tiles) if tile.is_blank)
    try:
        # The place is judged before the letters: it does not depend on which tiles are jokers.
        placement = position.placement(typed)
        check_placement(position.board, position.rules, typed.tiles, placement, position.rules.notation)
    except ScrabbleError as exc:
        return Marking(typed, 0, exc)
    readings = list(_readings(letters, position.rack))
    if not readings:
        return Marking(typed, 0, _rack_error(position, typed))
    invalid = _invalid_words(position, typed)
    if invalid is not None:
        return Marking(typed, 0, invalid)
    squares = [(tile.row, tile.col) for tile in typed.tiles]
    wrong_on_board = _circled_board_letters(position, command)
    if written in readings and not wrong_on_board:
        return Marking(typed, typed.score or 0)
    # The circling written is not possible here: the lowest of the possible circlings "de lettres
    # absentes du tirage", with a warning; those circle exactly the letters the draw lacks (a
    # second joker standing for a letter the draw has is not one of them).
    fewest = min(len(blanks) for blanks in readings)
    paid = min((_scored(position, squares, letters, blanks) for blanks in readings if len(blanks) == fewest),
               key=lambda m: m.score or 0)
    return Marking(paid, paid.score or 0, None, [_warning(written, readings, wrong_on_board)])


def _circled_board_letters(position: Position, command: ParsedCommand) -> list[tuple[int, int]]:
    """Squares already on the board written as circled though no joker lies there."""
    if command.skip_occupied:
        return []  # that syntax lists only the tiles laid
    dr, dc = (0, 1) if command.across else (1, 0)
    wrong = []
    for i, tile in enumerate(command.tiles):
        row, col = command.row + dr * i, command.col + dc * i
        on_board = position.board[row, col] if position.board.inside(row, col) else None
        if on_board is not None and tile.is_blank and on_board.isupper():
            wrong.append((row, col))
    return wrong


# -- shared ------------------------------------------------------------------------------------
def _readings(letters: str, rack: str) -> Iterator[frozenset[int]]:
    """Every set of positions of ``letters`` that the rack's jokers can stand for, the other
    letters coming from the rack's own tiles: the circlings the draw allows."""
    tiles = Counter(rack.upper())
    jokers = tiles.pop(JOKER, 0)
    for count in range(min(jokers, len(letters)) + 1):
        for blanks in combinations(range(len(letters)), count):
            real = Counter(letter for i, letter in enumerate(letters) if i not in blanks)
            if not real - tiles:
                yield frozenset(blanks)


def _move(row: int, col: int, across: bool, letters: str, blanks: frozenset[int]) -> Move:
    dr, dc = (0, 1) if across else (1, 0)
    return Move.place(PlacedTile(row + dr * i, col + dc * i, letter, i in blanks) for i, letter in enumerate(letters))


def _scored(position: Position, squares: Sequence[tuple[int, int]], letters: str, blanks: frozenset[int]) -> Move:
    pairs = enumerate(zip(squares, letters, strict=True))
    move = Move.place(PlacedTile(r, c, letter, i in blanks) for i, ((r, c), letter) in pairs)
    return position.describe(move)


def _rack_error(position: Position, move: Move) -> ScrabbleError:
    """The letters of the word that the draw lacks (*erreur de lettre*), circles aside."""
    missing = Counter(tile.letter for tile in move.tiles) - Counter(position.rack.upper())
    return IllegalMoveError("tiles_not_on_rack", rack=position.rack, missing="".join(sorted(missing.elements())))


def _invalid_words(position: Position, move: Move) -> ScrabbleError | None:
    words = list(dict.fromkeys(word.letters for word in move.words))
    invalid = [word for word in words if word not in position.lexicon]  # type: ignore[operator]
    if invalid:
        return IllegalMoveError("invalid_words", words=", ".join(invalid))
    return None


def _warning(written: frozenset[int], readings: Sequence[frozenset[int]],
             wrong_on_board: Sequence[object]) -> WarningKind:
    """A circle missing (the letters circled are right but some joker's letter is not) or a
    circle on the wrong letter."""
    if not wrong_on_board and any(written < reading for reading in readings):
        return WarningKind.JOKER_UNMARKED
    return WarningKind.JOKER_MISMARKED


__all__ = ["Marking", "WarningKind", "mark", "mark_at"]

