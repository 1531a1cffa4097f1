"""Move generation: every legal placement of a rack on a board, with its score.

The algorithm is Appel and Jacobson's (1988) over a minimal DAWG (:mod:`scrabble_fr.words`): for each
*anchor* (an empty square touching a tile, or the centre on an empty board) a *left part* is
spelled from the rack on the free squares before it, then the word is extended rightwards through
the anchor, each letter checked against the *cross-check* of its square (the letters that make
a valid word with the tiles above and below). Down moves are the same search on the transposed
board. Care for speed in CPython:

* the board is flattened into one *strip*: every row then every column, each followed by a
  wall square, so one search covers both directions with plain list indexing;
* cross-checks are 26-bit masks: ``mask_of_square & child_mask[node]`` says in one AND whether any
  letter can go on, and the cross-word's points are precomputed per square;
* scores are summed during the walk (main word, word multiplier, cross words), so a found move
  costs one addition and one append;
* the left parts a rack can spell are spelled once per search, each with the rack it leaves,
  and indexed by their last letter: an anchor whose cross-check allows three letters looks at
  the left parts ending in those three letters only; an anchor just before a word on the board
  looks only at those that the word's first letter may follow;
* the rack is a count array, and a bit mask of the letters still in it filters each square's
  candidates before any call is made;
* the best ``n`` moves (:func:`best_moves`) come from a branch and bound: the search is cut into
  pieces (an anchor and a left-part length), each with an upper bound on what its moves could
  score, searched highest bound first until the bound falls below the ``n``-th score found;
* the full list (:func:`generate_moves`) is a :class:`MoveList`: the records sorted by score at C
  speed, each :class:`~scrabble_fr.engine.move.Move` made when read.

    >>> from scrabble_fr.engine.position import Position
    >>> from scrabble_fr.words import WordSet
    >>> p = Position.from_cgp("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 ENTS/ 0/0 0",
    ...                       lexicon=WordSet(["NET", "NETS", "SENT"]))
    >>> [(m.notation(), m.score) for m in best_moves(p, 2)]
    [('8E NETS', 8), ('8E SENT', 8)]
"""

from __future__ import annotations

import gc
import heapq
import operator
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, overload

from scrabble_fr.engine.errors import ScrabbleError
from scrabble_fr.engine.move import Move, PlacedTile, Word
from scrabble_fr.engine.scoring import LETTER_FACTOR, WORD_FACTOR, score_placement
from scrabble_fr.engine.tiles import JOKER
from scrabble_fr.engine.wordlist import WordList
from scrabble_fr.i18n import N_
from scrabble_fr.words import ALL_LETTERS, ALPHABET, Dawg, dawg_for, key_search

if TYPE_CHECKING:
    from scrabble_fr.engine.board import Board
    from scrabble_fr.engine.position import Position
    from scrabble_fr.engine.rules import Rules

BLANK = 26  # index of the joker in a rack count array; a joker laid as letter L is coded L + 26
WALL = -2  # a strip square that ends a line
EMPTY = -1
LOWER = ALPHABET.lower()  # a joker's letter as the board shows it


class MoveGenError(ScrabbleError):
    """Moves cannot be generated: no word list, or one that cannot list its words."""

    MESSAGES: ClassVar[dict[str, str]] = {
        "no_lexicon": N_("finding moves needs a word list"),
        "lexicon_not_listable": N_("finding moves needs a word list that can list its words"),
    }


class BoardView:
    """A read-only snapshot of a board for one search: the strip, cross-checks and premiums.

    >>> from scrabble_fr.engine.rules import Rules
    >>> from scrabble_fr.engine.board import Board
    >>> v = BoardView(Board(), Rules.preset("ffsc"), Dawg.from_words(["OK"])); [v.square(a) for a in v.anchors]
    [(7, 7, True), (7, 7, False)]
    """

    def __init__(self, board: Board, rules: Rules, dawg: Dawg) -> None:
        strip = _strip(board.layout)
        self.size = size = strip.size
        self.rules = rules
        self.dawg = dawg
        self.down_offset = strip.half
        length = strip.length
        # A copy: the moves are made from this snapshot when read, maybe after the board changed.
        squares = list(board.squares)
        self.squares = squares
        self.square_of = strip.square_of
        values = rules.tile_set.values
        self.letter_values = [values.get(ch, 0) for ch in ALPHABET]

        cells = list(strip.cells)  # letter code, EMPTY or WALL
        board_value = [0] * length  # value of the tile already there (a joker is 0)
        across_of, down_of = strip.across_of, strip.down_of
        vertical: set[int] = set()  # empty board squares with a tile above or below
        horizontal: set[int] = set()  # … with a tile left or right
        last = size - 1
        for square, tile in enumerate(squares):
            if tile is None:
                continue
            code = ord(tile.upper()) - 65
            a, d = across_of[square], down_of[square]
            cells[a] = cells[d] = code
            board_value[a] = board_value[d] = 0 if tile.islower() else values.get(tile, 0)
            row, col = divmod(square, size)
            if row > 0 and squares[square - size] is None:
                vertical.add(square - size)
            if row < last and squares[square + size] is None:
                vertical.add(square + size)
            if col > 0 and squares[square - 1] is None:
                horizontal.add(square - 1)
            if col < last and squares[square + 1] is None:
                horizontal.add(square + 1)
        self.cells = cells
        self.board_value = board_value
        self.letter_mul = strip.letter_mul
        self.word_mul = strip.word_mul

        # Cross-checks: the across half's cross-words run down, and the other way round; a
        # square's cross-word is read in the other half of the strip.
        cross_mask = list(strip.all_letters)
        cross_score = [-1] * length  # -1: no cross-word; else the points of its board tiles
        cache = dawg.cross_cache
        if len(cache) > 100_000:  # a bound for long sessions; refilled as positions recur
            cache.clear()
        for group, own, other_half in ((vertical, across_of, down_of), (horizontal, down_of, across_of)):
            for square in group:
                index = own[square]
                cross_mask[index], cross_score[index] = _cross(dawg, cells, board_value, other_half[square])
        self.cross_mask = cross_mask
        self.cross_score = cross_score
        # A one-tile move that makes words both ways is found in both halves of the strip: the
        # down half skips it (the engine calls it across too).
        skip_single = bytearray(length)
        for square in horizontal:
            skip_single[down_of[square]] = 1
        self.skip_single = skip_single

        touching = vertical | horizontal
        if not any(square is not None for square in squares):
            row, col = rules.centre
            touching = {row * size + col}
        anchors = sorted([across_of[square] for square in touching] + [down_of[square] for square in touching])
        is_anchor = bytearray(length)
        for index in anchors:
            is_anchor[index] = 1
        self._anchors: list[int] | None = anchors
        self.is_anchor = is_anchor
        self.touching = touching
        self.strip = strip

        # For each empty square before a run of tiles, the run: the search crosses it in one go.
        run_after: list[tuple[int, ...]] = [()] * length
        run_value = [0] * length
        next_free = list(strip.next_index)
        for square in touching:
            for index in (across_of[square], down_of[square]):
                if cells[index + 1] >= 0:
                    run_after[index], run_value[index], next_free[index] = _run_after(cells, board_value, index)
        self.run_after = run_after
        self.run_value = run_value
        self.next_free = next_free
        # The cross-words met while moves are made (to_move), by strip square: a list of moves
        # meets the same few squares' again and again.
        self.cross_words: dict[int, tuple[str, str, int]] = {}
        self.laid = laid_tiles(size)  # the tiles the moves made from this view lay

    def after(self, board: Board, placed: Sequence[int]) -> BoardView:
        """The view of ``board``: this view's board with tiles added on the board squares
        ``placed`` (and nothing else changed). Only the squares whose cross-checks, runs or
        anchor status may change are worked out again: the squares placed and the empty squares
        at the ends of the lines (across and down) through them; equal to a fresh view.
        """
        view = object.__new__(BoardView)
        view.__dict__.update(self.__dict__)
        squares = view.squares = list(board.squares)
        strip = self.strip
        across_of, down_of = strip.across_of, strip.down_of
        cells = view.cells = list(self.cells)
        board_value = view.board_value = list(self.board_value)
        view.cross_mask = list(self.cross_mask)
        view.cross_score = list(self.cross_score)
        view.skip_single = bytearray(self.skip_single)
        view.run_after = list(self.run_after)
        view.run_value = list(self.run_value)
        view.next_free = list(self.next_free)
        view.touching = set(self.touching)
        is_anchor = view.is_anchor = bytearray(self.is_anchor)
        view.cross_words = {}
        values = self.rules.tile_set.values
        for square in placed:
            tile = squares[square]
            if tile is None:
                raise ValueError("a square said to be placed is empty")
            a, d = across_of[square], down_of[square]
            cells[a] = cells[d] = ord(tile.upper()) - 65
            board_value[a] = board_value[d] = 0 if tile.islower() else values.get(tile, 0)
        for square in {*placed, *line_ends(squares, strip.size, placed)}:
            is_anchor[across_of[square]] = is_anchor[down_of[square]] = view._refresh(square)
        view._anchors = None  # listed when asked for (a search given its own anchors never asks)
        return view

    @property
    def anchors(self) -> list[int]:
        """The anchors (strip squares), in order."""
        anchors = self._anchors
        if anchors is None:
            across_of, down_of = self.strip.across_of, self.strip.down_of
            anchors = self._anchors = sorted([across_of[square] for square in self.touching]
                                             + [down_of[square] for square in self.touching])
        return anchors

    def _refresh(self, square: int) -> int:
        """Work out again one board square's entries (both halves of the strip), as __init__
        does; 1 if the square is now an anchor, else 0."""
        strip, squares, cells = self.strip, self.squares, self.cells
        cross_mask, cross_score = self.cross_mask, self.cross_score
        run_after, run_value, next_free = self.run_after, self.run_value, self.next_free
        size = strip.size
        a, d = strip.across_of[square], strip.down_of[square]
        vertical = horizontal = False
        if squares[square] is None:
            row, col = divmod(square, size)
            last = size - 1
            vertical = (row > 0 and squares[square - size] is not None) or (
                row < last and squares[square + size] is not None)
            horizontal = (col > 0 and squares[square - 1] is not None) or (
                col < last and squares[square + 1] is not None)
        touches = vertical or horizontal
        if touches:
            self.touching.add(square)
        else:
            self.touching.discard(square)
        self.skip_single[d] = 1 if horizontal else 0
        board_value = self.board_value
        for crossed, index, other in ((vertical, a, d), (horizontal, d, a)):
            if crossed:
                cross_mask[index], cross_score[index] = _cross(self.dawg, cells, board_value, other)
            else:
                cross_mask[index] = strip.all_letters[index]
                cross_score[index] = -1
            if touches and cells[index + 1] >= 0:
                run_after[index], run_value[index], next_free[index] = _run_after(cells, board_value, index)
            else:
                run_after[index] = ()
                run_value[index] = 0
                next_free[index] = index + 1
        return 1 if touches else 0

    def cross_word(self, index: int) -> tuple[str, str, int]:
        """The cross-word at an empty strip square that makes one: the tiles before it and after
        it as the board writes them, and how many are before."""
        found = self.cross_words.get(index)
        if found is None:
            found = self.cross_words[index] = self._cross_word(index)
        return found

    def _cross_word(self, index: int) -> tuple[str, str, int]:
        strip = self.strip
        square = strip.square_of[index]
        other = strip.down_of[square] if index < self.down_offset else strip.across_of[square]
        first, end = _word_around(self.cells, other)
        return _text(self.squares, strip, first, other), _text(self.squares, strip, other + 1, end), other - first

    def square(self, index: int) -> tuple[int, int, bool]:
        """``(row, col, across)`` of a strip square."""
        return self.strip.origin[index]


@dataclass(frozen=True)
class _Strip:
    """The shape of the strip for one board layout (made once per layout)."""

    size: int
    half: int
    length: int
    across_of: list[int]  # board square -> strip index in the across half
    down_of: list[int]  # board square -> strip index in the down half
    square_of: list[int]  # strip index -> board square (-1 for a wall)
    cells: list[int]  # EMPTY on squares, WALL between lines
    letter_mul: list[int]
    word_mul: list[int]
    all_letters: list[int]  # ALL_LETTERS on squares: the cross-check of a square with no cross-word
    next_index: list[int]  # index + 1: the square after each one, before runs are known
    origin: list[tuple[int, int, bool]]  # strip index -> (row, col, across) of a word starting there


_strips: dict[tuple[str, ...], _Strip] = {}


def line_ends(squares: Sequence[str | None], size: int, placed: Sequence[int]) -> set[int]:
    """The empty squares at the ends of the lines of tiles (across and down) through the board
    squares ``placed``: the only squares where a move may lay a tile and make a word with one
    of them (a move that makes no word with them is as legal, and scores the same, without them).
    """
    ends: set[int] = set()
    for square in placed:
        row, col = divmod(square, size)
        for step, room_before, room_after in ((1, col, size - 1 - col), (size, row, size - 1 - row)):
            at, room = square, room_before
            while room and squares[at - step] is not None:
                at -= step
                room -= 1
            if room:
                ends.add(at - step)
            at, room = square, room_after
            while room and squares[at + step] is not None:
                at += step
                room -= 1
            if room:
                ends.add(at + step)
    return ends


def _strip(layout: tuple[str, ...]) -> _Strip:
    found = _strips.get(layout)
    if found is not None:
        return found
    size = len(layout)
    width = size + 1  # each line is followed by a wall square
    half = size * width
    length = 2 * half
    across_of = [row * width + col for row in range(size) for col in range(size)]
    down_of = [half + col * width + row for row in range(size) for col in range(size)]
    square_of = [-1] * length
    cells = [WALL] * length
    letter_mul = [1] * length
    word_mul = [1] * length
    all_letters = [0] * length
    for square in range(size * size):
        marker = layout[square // size][square % size]
        for index in (across_of[square], down_of[square]):
            square_of[index] = square
            cells[index] = EMPTY
            letter_mul[index] = LETTER_FACTOR.get(marker, 1)
            word_mul[index] = WORD_FACTOR.get(marker, 1)
            all_letters[index] = ALL_LETTERS
    origin = [(*divmod(index, width), True) for index in range(half)]
    origin += [(row, col, False) for col, row in (divmod(index, width) for index in range(half))]
    found = _Strip(size, half, length, across_of, down_of, square_of, cells, letter_mul, word_mul, all_letters,
                   list(range(1, length + 1)), origin)
    _strips[layout] = found
    return found


def _text(squares: list[str | None], strip: _Strip, start: int, end: int) -> str:
    """The tiles on strip squares ``start``..``end`` (one line), as the board writes them."""
    square_of = strip.square_of
    return "".join(squares[square_of[index]] or "" for index in range(start, end))


def _word_around(cells: list[int], index: int) -> tuple[int, int]:
    """The tiles on either side of strip square ``index``: the first one's index, and the index
    just past the last one (``first == index`` and ``end == index + 1`` when there are none)."""
    first = index
    while cells[first - 1] >= 0:
        first -= 1
    end = index + 1
    while cells[end] >= 0:
        end += 1
    return first, end


def _run_after(cells: list[int], board_value: list[int], index: int) -> tuple[tuple[int, ...], int, int]:
    """The run of tiles right after strip square ``index`` (a move crosses it in one go), their
    points, and the next square past them."""
    end = index + 1
    while cells[end] >= 0:
        end += 1
    return tuple(cells[index + 1 : end]), sum(board_value[index + 1 : end]), end


def _cross(dawg: Dawg, cells: list[int], board_value: list[int], other: int) -> tuple[int, int]:
    """The cross-check of the empty strip square ``other`` reads across (the letters that make
    a word with the tiles before and after it, as a mask, through the list's cache) and the
    points of those tiles."""
    first, end = _word_around(cells, other)
    key = (tuple(cells[first:other]), tuple(cells[other + 1 : end]))
    cache = dawg.cross_cache
    mask = cache.get(key)
    if mask is None:
        mask = cache[key] = _cross_check(dawg, *key)
    return mask, sum(board_value[first:other]) + sum(board_value[other + 1 : end])


def _cross_check(dawg: Dawg, before: Sequence[int], after: Sequence[int]) -> int:
    """The letters L such that ``before + L + after`` (letter codes 0-25) is a word, as a bit mask."""
    children, terminal = dawg.children, dawg.terminal
    node: int | None = dawg.root
    for code in before:
        node = children[node].get(code)  # type: ignore[index]
        if node is None:
            return 0
    mask = 0
    for letter, child in children[node].items():  # type: ignore[index]
        end: int | None = child
        for code in after:
            end = children[end].get(code)  # type: ignore[index]
            if end is None:
                break
        else:
            if terminal[end]:  # type: ignore[index]
                mask |= 1 << letter
    return mask


def board_code(tile: str) -> int:
    """A board letter as 0-51: the letters A-Z, then jokers played as A-Z (lower case).

    >>> board_code("C"), board_code("c")
    (2, 28)
    """
    code = ord(tile)
    return code - 65 if code < 97 else code - 97 + 26


def board_tile(code: int) -> str:
    """The board letter of a :func:`board_code`: upper case a letter, lower case a joker.

    >>> board_tile(2), board_tile(28)
    ('C', 'c')
    """
    return chr(code + 65) if code < 26 else chr(code - 26 + 97)


def placement_of(tiles: Iterable[tuple[int, str]], size: int) -> Move:
    """The placement laying board letters (lower case a joker) on squares numbered
    ``row * size + col``, as the searches give them back.

    >>> [t.board_letter for t in placement_of([(112, "O"), (113, "s")], 15).tiles]
    ['O', 's']
    """
    return Move.place(PlacedTile(square // size, square % size, tile.upper(), tile.islower()) for square, tile in tiles)


def rack_counts(rack: str) -> list[int]:
    """A rack as 27 counts: A-Z then jokers (``?``).

    >>> rack_counts("AB?A")[:2], rack_counts("AB?A")[26]
    ([2, 1], 1)
    """
    counts = [0] * 27
    for tile in rack.upper():
        if tile == JOKER:
            counts[BLANK] += 1
        elif "A" <= tile <= "Z":
            counts[ord(tile) - 65] += 1
    return counts


# A move as the search finds it, cheap to make (a plain tuple: millions may be made):
# (score, first strip square of the main word, square after it, one code per square of the word:
# a letter 0-25, or 26 + letter for a joker laid by this move). :func:`to_move` makes the Move.
Raw = tuple[int, int, int, tuple[int, ...]]


# A head: rack tiles spelling a word prefix, laid so that the last one is on an anchor:
# (node after it, letter codes, rack left, last letter, mask of the real letters left).
Head = tuple[int, tuple[int, ...], tuple[int, ...], int, int]

# The rightward walk (:func:`_extender`): (square, node, main-word points, word factor,
# cross-word points, tiles laid, real letters left, first square of the word, lowest score
# recorded, most tiles a move may lay).
Extend = Callable[[int, int, int, int, int, int, int, int, int, int], None]


def _search(view: BoardView, rack: list[int], best: int | None, anchors: Sequence[int] | None = None,
            heads: dict[tuple[int, ...], _Heads] | None = None) -> list[Raw]:
    """Appel and Jacobson's search on the strip; ``rack`` is a count array (changed, restored).

    Every placement (``best`` None), or the ``best`` highest scores and their ties; with
    ``anchors`` (strip squares among the view's anchors, every placement only), the placements
    whose first anchor is one of them. ``heads`` keeps the left parts each rack spells from
    one search to the next (for the same word list). The steps:
    the room for rack tiles before each anchor (:func:`_left_room`), the left parts the rack
    spells (:class:`_Heads`), then from each anchor the left parts and the walk rightwards
    (:class:`_Search`), anchor by anchor or the most promising piece first.
    """
    if not sum(rack):
        return []
    search = _Search(view, rack, heads, view.anchors if anchors is None else anchors)
    if best is None:
        search.every_anchor(view.anchors if anchors is None else anchors)
    else:
        search.best_first(best)
    rack[:] = search.full_rack
    search.release()
    return search.out if best is None else _keep_best(search.out, best)


class _Search:
    """One search of a rack on a board view: the state its steps share.

    ``out`` collects the placements found; ``buffer`` holds the letters of the word being
    spelled, by strip square; ``floor`` is the lowest score still worth recording and ``limit``
    the most tiles a move may lay (the best-first search raises the one and lowers the other).
    The hot loops read these into local variables once per anchor, never per letter.
    """

    __slots__ = ("buffer", "extend", "floor", "full_rack", "full_real", "heads", "limit", "out", "rack",
                 "release", "room_of", "spellable", "tile_total", "view")

    def __init__(self, view: BoardView, rack: list[int], heads: dict[tuple[int, ...], _Heads] | None = None,
                 anchors: Sequence[int] | None = None) -> None:
        self.view = view
        self.rack = rack
        self.full_rack = tuple(rack)
        self.full_real = _real_mask(rack)
        self.tile_total = sum(rack)
        self.room_of = _left_room(view, self.tile_total, view.anchors if anchors is None else anchors)
        if heads is None:
            self.heads = _Heads(view.dawg, rack, self.full_real, max(self.room_of.values(), default=-1) + 1)
        else:
            # Kept for the rack: spelled to the longest a left part may be (one tile fewer than the rack).
            found = heads.get(self.full_rack)
            if found is None:
                if len(heads) > 5_000:
                    heads.clear()
                found = heads[self.full_rack] = _Heads(view.dawg, rack, self.full_real, self.tile_total)
            self.heads = found
        self.out: list[Raw] = []
        self.buffer = list(view.cells)
        self.extend, self.release = _extender(view, rack, self.buffer, self.out.append)
        self.floor = -1
        self.limit = self.tile_total
        self.spellable: dict[tuple[int, ...], bool] = {}  # board letters -> a whole-rack word exists

    def every_anchor(self, anchors: Sequence[int]) -> None:
        """Every placement from ``anchors``, anchor by anchor."""
        room_of = self.room_of
        for anchor in anchors:
            self.from_anchor(anchor, range(1, room_of.get(anchor, -1) + 2))

    def best_first(self, best: int) -> None:
        """Branch and bound: the pieces of the search (an anchor and a left-part length) in order
        of the most they could score (:func:`_bounded_units`), stopping once that is below the
        ``best``-th score found; ``out`` keeps the best scores and their ties found so far."""
        out = self.out
        units = _bounded_units(self.view, self.full_rack, self.room_of)
        while units:
            minus_bound, anchor, length, limits, pending = heapq.heappop(units)
            if -minus_bound < self.floor:
                break
            if pending is not None and not self.whole_rack_spells(pending):
                # The bound counted a bingo that no word can make: the piece goes back lower.
                unit = (minus_bound, anchor, length, limits, pending)
                heapq.heappush(units, _without_bingo(unit, self.view.rules.bingo_bonus))
                continue
            # The most tiles worth laying from here: beyond, no move could reach the floor.
            self.limit = max((k for k, value in limits if value >= self.floor), default=0)
            if not self.limit:
                continue
            self.from_anchor(anchor, range(length, length + 1) if length else range(0))
            if len(out) >= best:
                self.floor = floor = heapq.nlargest(best, [item[0] for item in out])[-1]
                out[:] = [item for item in out if item[0] >= floor]

    def whole_rack_spells(self, board_letters: tuple[int, ...]) -> bool:
        """Whether the whole rack and ``board_letters`` spell some word (one walk of the
        anagram-key graph, remembered): a bound counts a bingo only where one can exist."""
        possible = self.spellable.get(board_letters)
        if possible is None:
            rack = self.full_rack
            letters = "".join(ALPHABET[letter] * rack[letter] for letter in range(26))
            letters += "".join(ALPHABET[code] for code in board_letters)
            size = len(letters) + rack[BLANK]
            keys = self.view.dawg.anagram_keys()
            found = key_search(keys, letters, rack[BLANK], size, size, True, True)
            possible = self.spellable[board_letters] = bool(found)
        return possible

    def from_anchor(self, anchor: int, lengths: range) -> None:
        """Every move whose first anchor is ``anchor`` and whose left part (rack tiles up to and
        on the anchor) has one of ``lengths`` tiles; length 0 means tiles already before it."""
        if self.view.cells[anchor - 1] >= 0:
            self.after_board_tiles(anchor)
        else:
            self.after_heads(anchor, lengths)

    def after_board_tiles(self, anchor: int) -> None:
        """The moves from an anchor just after tiles on the board: those tiles are the left part."""
        view = self.view
        cells, board_value = view.cells, view.board_value
        dawg = view.dawg
        children = dawg.children
        first = anchor - 1
        while cells[first - 1] >= 0:
            first -= 1
        node: int | None = dawg.root
        main = 0
        for index in range(first, anchor):
            node = children[node].get(cells[index])  # type: ignore[index]
            if node is None:
                break
            main += board_value[index]
        if node is None or not view.cross_mask[anchor] & dawg.child_mask[node]:
            return
        self.rack[:] = self.full_rack
        self.extend(anchor, node, main, 1, 0, 0, self.full_real, first, self.floor, self.limit)

    def after_heads(self, anchor: int, lengths: range) -> None:
        """The moves from an anchor with free squares before it: each head of one of ``lengths``
        tiles whose last letter the anchor accepts, laid up to the anchor, then the walk rightwards."""
        view = self.view
        dawg = view.dawg
        children, terminal, child_mask = dawg.children, dawg.terminal, dawg.child_mask
        cells = view.cells
        values, letter_mul, word_mul = view.letter_values, view.letter_mul, view.word_mul
        bingo_tiles, bingo_bonus = view.rules.rack_size, view.rules.bingo_bonus
        buffer, append, rack, extend = self.buffer, self.out.append, self.rack, self.extend
        floor, limit = self.floor, self.limit
        target = view.cross_mask[anchor]
        run = view.run_after[anchor]
        after = view.next_free[anchor]
        lm = letter_mul[anchor]
        wm = word_mul[anchor]
        xs = view.cross_score[anchor]
        run_points = view.run_value[anchor]
        single = view.skip_single[anchor]
        ahead = view.cross_mask[after] if cells[after] == EMPTY else 0
        if run and target == ALL_LETTERS:
            groups = [self.heads.before(run[0])]
        else:
            groups = []
            letters_ok = target if self.full_rack[BLANK] else target & self.full_real
            while letters_ok:
                low = letters_ok & -letters_ok
                letters_ok ^= low
                groups.append(self.heads.ending(low.bit_length() - 1))
        for group in groups:
            for length in lengths:
                first = anchor - length + 1
                more = ahead if length < limit else 0
                for node, letters, rest, _last, real in group[length]:
                    if run:
                        for code in run:
                            node = children[node].get(code)  # type: ignore[assignment]
                            if node is None:
                                break
                        if node is None:
                            continue
                    main = run_points
                    mult = 1
                    square = first
                    for code in letters:
                        buffer[square] = code
                        if code < BLANK:
                            main += values[code] * letter_mul[square]
                        mult *= word_mul[square]
                        square += 1
                    code = letters[-1]
                    cross = 0 if xs < 0 else (xs + (values[code] * lm if code < BLANK else 0)) * wm
                    if terminal[node] and not (single and length == 1):
                        score = main * mult + cross + (bingo_bonus if length >= bingo_tiles else 0)
                        if score >= floor:
                            append((score, first, after, tuple(buffer[first:after])))
                    if more and more & child_mask[node] & (ALL_LETTERS if rest[BLANK] else real):
                        rack[:] = rest
                        extend(after, node, main, mult, cross, length, real, first, floor, limit)


def _left_room(view: BoardView, tile_total: int, anchors: Sequence[int]) -> dict[int, int]:
    """For each anchor with a free square before it, how many rack tiles may go before it.

    A left part stops at the board's edge, at a tile, or at another anchor (moves through that
    one are found from it), and holds at most one tile fewer than the rack.
    """
    cells, is_anchor = view.cells, view.is_anchor
    room_of: dict[int, int] = {}
    for anchor in anchors:
        if cells[anchor - 1] < 0:
            room = 0
            index = anchor - 1
            while room < tile_total - 1 and cells[index] == EMPTY and not is_anchor[index]:
                room += 1
                index -= 1
            room_of[anchor] = room
    return room_of


class _Heads:
    """The left parts (heads) a rack spells, by length, and indexed on demand.

    For an anchor with free squares before it, a move lays a *head*: rack tiles spelling a word
    prefix whose last letter is on the anchor. Heads depend only on the rack, so they are spelled
    once per search (:func:`_spell_heads`), each with the rack left after it, and looked up by
    their last letter (an anchor's cross-check names the letters it accepts) or by the letters
    that may follow them (for an anchor just before a word on the board).
    """

    __slots__ = ("_by_last", "_by_next", "_child_mask", "by_length")

    def __init__(self, dawg: Dawg, rack: list[int], real: int, longest: int) -> None:
        self.by_length = _spell_heads(dawg, rack, real, longest)
        self._child_mask = dawg.child_mask
        self._by_last: list[list[list[Head]]] = []
        self._by_next: dict[int, list[list[Head]]] = {}

    def ending(self, letter: int) -> list[list[Head]]:
        """The heads whose last letter is ``letter``, by length."""
        by_last = self._by_last
        if not by_last:
            longest = len(self.by_length) - 1
            by_last.extend([[] for _ in range(longest + 1)] for _ in range(26))
            for length, bucket in enumerate(self.by_length):
                for head in bucket:
                    by_last[head[3]][length].append(head)
        return by_last[letter]

    def before(self, letter: int) -> list[list[Head]]:
        """The heads that a tile ``letter`` may follow, by length."""
        found = self._by_next.get(letter)
        if found is None:
            bit = 1 << letter
            child_mask = self._child_mask
            found = self._by_next[letter] = [
                [head for head in bucket if child_mask[head[0]] & bit] for bucket in self.by_length
            ]
        return found


def _spell_heads(dawg: Dawg, rack: list[int], real: int, longest: int) -> list[list[Head]]:
    """Every head of 1 to ``longest`` tiles the rack spells (a joker as any letter), by length;
    ``real`` has a bit for each letter on the rack. ``rack`` is changed and restored."""
    heads: list[list[Head]] = [[] for _ in range(longest + 1)]
    if longest > 0:
        _spell(dawg.children, rack, heads, longest, dawg.root, [], real)
    return heads


def _spell(children: list[dict[int, int]], rack: list[int], heads: list[list[Head]], longest: int, node: int,
           letters: list[int], real: int) -> None:
    # A module function rather than a closure calling itself: that would be a reference cycle,
    # keeping the heads alive until the garbage collector's next full walk.
    depth = len(letters) + 1
    bucket = heads[depth]
    jokers = rack[BLANK]
    for letter, child in children[node].items():
        count = rack[letter]
        if count:
            rack[letter] = count - 1
            letters.append(letter)
            real2 = real if count > 1 else real & ~(1 << letter)
            bucket.append((child, tuple(letters), tuple(rack), letter, real2))
            if depth < longest:
                _spell(children, rack, heads, longest, child, letters, real2)
            letters.pop()
            rack[letter] = count
        if jokers:
            rack[BLANK] = jokers - 1
            letters.append(letter + BLANK)
            bucket.append((child, tuple(letters), tuple(rack), letter, real))
            if depth < longest:
                _spell(children, rack, heads, longest, child, letters, real)
            letters.pop()
            rack[BLANK] = jokers


def _extender(view: BoardView, rack: list[int], buffer: list[int],
              append: Callable[[Raw], None]) -> tuple[Extend, Callable[[], None]]:
    """The walk rightwards of one search, for ``rack`` (a count array, changed and restored).

    ``extend(pos, node, main, mult, cross, placed, real, start, floor, limit)``: ``pos`` is an
    empty square; the squares from ``start`` to ``pos`` spell ``node``, scoring ``main`` points
    for the main word so far (times ``mult``) and ``cross`` for the cross-words; ``placed``
    tiles are laid and ``real`` has a bit for each letter still on the rack (jokers aside). Each
    letter the node, the square's cross-check and the rack allow is laid; where it ends a word
    of at least ``floor`` points the move is passed to ``append``, and the walk goes on to the
    next free square while fewer than ``limit`` tiles are laid.

    The walk runs for every letter of every move, so it is a closure over the board's arrays,
    made once per search: CPython reads a closure's variables as fast as its locals, and an
    object's attributes more slowly.
    """
    dawg = view.dawg
    children, terminal, child_mask = dawg.children, dawg.terminal, dawg.child_mask
    cells = view.cells
    letter_mul, word_mul = view.letter_mul, view.word_mul
    cross_mask, cross_score = view.cross_mask, view.cross_score
    run_after, run_value, next_free = view.run_after, view.run_value, view.next_free
    values = view.letter_values
    skip_single = view.skip_single
    bingo_tiles, bingo_bonus = view.rules.rack_size, view.rules.bingo_bonus

    def extend(
        pos: int, node: int, main: int, mult: int, cross: int, placed: int, real: int, start: int, floor: int,
        limit: int,
    ) -> None:
        jokers = rack[BLANK]
        allowed = cross_mask[pos] & child_mask[node]
        if not jokers:
            allowed &= real
        lm = letter_mul[pos]
        wm = word_mul[pos]
        mult2 = mult * wm
        xs = cross_score[pos]
        run = run_after[pos]
        main_run = main + run_value[pos]
        after = next_free[pos]
        placed2 = placed + 1
        bonus = bingo_bonus if placed2 >= bingo_tiles else 0
        # What may follow at the next free square: one AND there saves a call that would fail.
        ahead = cross_mask[after] if placed2 < limit and cells[after] == EMPTY else 0
        single = not placed and skip_single[pos]
        kids = children[node]
        if jokers:
            letters = [letter for letter in kids if (allowed >> letter) & 1]
        else:
            # No joker: only the rack's letters can go here; look them up rather than scan
            # every child of the node (26 near the root).
            letters = []
            while allowed:
                low = allowed & -allowed
                allowed ^= low
                letters.append(low.bit_length() - 1)
        for letter in letters:
            child = kids[letter]
            if run:
                # Tiles already after this square: the word must go on through them.
                through: int | None = child
                for code in run:
                    through = children[through].get(code)  # type: ignore[index]
                    if through is None:
                        break
                if through is None:
                    continue
                child = through
            count = rack[letter]
            if count:
                value = values[letter] * lm
                total = main_run + value
                cross2 = cross + (xs + value) * wm if xs >= 0 else cross
                buffer[pos] = letter
                if terminal[child] and not single:
                    score = total * mult2 + cross2 + bonus
                    if score >= floor:
                        append((score, start, after, tuple(buffer[start:after])))
                if ahead:
                    real2 = real if count > 1 else real & ~(1 << letter)
                    if ahead & child_mask[child] & (ALL_LETTERS if jokers else real2):
                        rack[letter] = count - 1
                        extend(after, child, total, mult2, cross2, placed2, real2, start, floor, limit)
                        rack[letter] = count
            if jokers:
                cross2 = cross + xs * wm if xs >= 0 else cross
                buffer[pos] = letter + BLANK
                if terminal[child] and not single:
                    score = main_run * mult2 + cross2 + bonus
                    if score >= floor:
                        append((score, start, after, tuple(buffer[start:after])))
                if ahead and ahead & child_mask[child] & (ALL_LETTERS if jokers > 1 else real):
                    rack[BLANK] = jokers - 1
                    extend(after, child, main_run, mult2, cross2, placed2, real, start, floor, limit)
                    rack[BLANK] = jokers

    def release() -> None:
        # The walk calls itself through its own closure: a reference cycle that would keep the
        # search's arrays and every move it found alive until the garbage collector's next full
        # walk (which the searches pause). Ending the search breaks it.
        nonlocal extend
        del extend

    return extend, release


def _keep_best(found: list[Raw], best: int) -> list[Raw]:
    """The ``best`` highest scores of ``found`` and their ties."""
    if len(found) <= best:
        return found
    floor = heapq.nlargest(best, [item[0] for item in found])[-1]
    return [item for item in found if item[0] >= floor]


# A piece of the bounded search: (minus the most it could score, anchor, left-part length or 0
# for tiles already before the anchor, [(tiles laid, the most such a move could score)…], the
# board letters a whole-rack move would spell with when its bingo is counted but not checked).
Unit = tuple[int, int, int, list[tuple[int, int]], tuple[int, ...] | None]


def _bounded_units(view: BoardView, rack: tuple[int, ...], room_of: dict[int, int]) -> list[Unit]:
    """The search's pieces with an upper bound on the score of any move each can find, best first.

    A move from anchor ``a`` with a left part of ``length`` tiles and ``k`` tiles in all covers a
    known window of squares: its score is ``M * (board points + sum of v_t * lm_t) + cross-words
    + bingo``, ``M`` the product of the window's word factors. Each tile's value ``v_t`` then
    counts ``c_t = lm_t * (M + wm_t if a cross-word forms there)`` times; the bound pairs the
    largest rack values with the largest ``c_t`` (the best any assignment can do), and also
    gives each square the best rack letter its cross-check allows, keeping the smaller. The
    bingo counts only where the rack (with the window's board letters) spells some word: that
    costs a walk of the DAWG, so it is left for :meth:`_Search.whole_rack_spells` to check when
    the piece's turn comes (most are cut before). The list is a heap (:mod:`heapq`), highest bound on top.
    """
    cells = view.cells
    letter_mul, word_mul = view.letter_mul, view.word_mul
    cross_mask, cross_score = view.cross_mask, view.cross_score
    next_free, run_value, run_after = view.next_free, view.run_value, view.run_after
    board_value = view.board_value
    values = view.letter_values
    rules = view.rules
    bingo_tiles, bingo_bonus = rules.rack_size, rules.bingo_bonus
    tile_total = sum(rack)
    jokers = rack[BLANK]
    real = _real_mask(list(rack))
    # The rack's values, highest first (a joker is worth 0).
    rack_values = sorted((values[letter] for letter in range(26) for _ in range(rack[letter])), reverse=True)
    rack_values += [0] * jokers
    best_letter: dict[int, int] = {}  # cross-check mask -> best value a rack tile can have there

    def square_cap(index: int) -> int:
        mask = cross_mask[index]
        found = best_letter.get(mask)
        if found is None:
            allowed = mask & real
            if allowed:
                found = max(values[letter] for letter in range(26) if (allowed >> letter) & 1)
            elif jokers and mask:
                found = 0
            else:
                found = -1  # no rack tile can go there
            best_letter[mask] = found
        return found

    units: list[Unit] = []
    for anchor in view.anchors:
        # The empty squares a move from this anchor fills rightwards, in order.
        right: list[int] = []
        index = anchor
        while len(right) < tile_total and cells[index] == EMPTY:
            right.append(index)
            index = next_free[index]
        if cells[anchor - 1] >= 0:
            first = anchor - 1
            while cells[first - 1] >= 0:
                first -= 1
            prefix_points = sum(board_value[first:anchor])
            prefix_letters = tuple(cells[first:anchor])
            lefts: list[tuple[int, list[int]]] = [(0, [])]
        else:
            prefix_points = 0
            prefix_letters = ()
            room = room_of[anchor]
            lefts = [(length, list(range(anchor - length + 1, anchor))) for length in range(1, room + 2)]
        for length, left in lefts:
            # Each square of the window as (letter factor, word factor if a cross-word forms
            # there else 0, best rack value it allows); built as the window grows rightwards.
            facts: list[tuple[int, int, int]] = []
            mult = 1
            crossed = 0  # the cross-words' points from board tiles
            for square in left:
                cap = square_cap(square)
                if cap < 0:
                    break
                wm = word_mul[square]
                xs = cross_score[square]
                facts.append((letter_mul[square], wm if xs >= 0 else 0, cap))
                mult *= wm
                if xs >= 0:
                    crossed += xs * wm
            else:
                board_points = prefix_points
                board_letters = list(prefix_letters)
                limits: list[tuple[int, int]] = []
                top = -1
                pending: tuple[int, ...] | None = None
                for square in right:
                    cap = square_cap(square)
                    if cap < 0:
                        break  # nothing can go there: no longer move either
                    wm = word_mul[square]
                    xs = cross_score[square]
                    facts.append((letter_mul[square], wm if xs >= 0 else 0, cap))
                    mult *= wm
                    if xs >= 0:
                        crossed += xs * wm
                    board_points += run_value[square]
                    if run_after[square]:
                        board_letters.extend(run_after[square])
                    coefficients = [lm * (mult + cross_wm) for lm, cross_wm, _cap in facts]
                    capped = sum(c * fact[2] for c, fact in zip(coefficients, facts, strict=True))
                    coefficients.sort(reverse=True)
                    paired = sum(map(operator.mul, coefficients, rack_values))
                    bound = mult * board_points + crossed + (paired if paired < capped else capped)
                    k = len(facts)
                    if k >= bingo_tiles:
                        bound += bingo_bonus
                        if k == tile_total:
                            pending = tuple(sorted(board_letters))
                    limits.append((k, bound))
                    if bound > top:
                        top = bound
                    if k == tile_total:
                        break
                if limits:
                    units.append((-top, anchor, length, limits, pending))
    heapq.heapify(units)
    return units


def _without_bingo(unit: Unit, bonus: int) -> Unit:
    """``unit`` once its whole-rack moves are known to spell no word: their bingo is taken off."""
    _minus, anchor, length, limits, _pending = unit
    k, bound = limits[-1]
    limits = [*limits[:-1], (k, bound - bonus)]
    return (-max(value for _k, value in limits), anchor, length, limits, None)


def _real_mask(rack: list[int]) -> int:
    """A bit for each letter (not the joker) with at least one tile in the count array."""
    mask = 0
    for letter in range(26):
        if rack[letter]:
            mask |= 1 << letter
    return mask


def search_position(position: Position, best: int | None = None) -> tuple[BoardView, list[Raw]]:
    """The raw moves of the player to move (all, or the ``best`` highest scores and ties)."""
    view = view_of(position)
    return view, _search_paused(view, rack_counts(position.rack), best)


def search_rack(view: BoardView, rack: str) -> list[Raw]:
    """The raw moves of ``rack`` on a board ``view`` (every placement)."""
    return _search(view, rack_counts(rack), None)


def tiles_used(view: BoardView, found: Raw) -> str:
    """The rack tiles a found move lays (``?`` for a joker), in board order."""
    _score, start, _end, letters = found
    cells = view.cells
    return "".join(
        ("?" if code >= BLANK else ALPHABET[code]) for index, code in enumerate(letters, start) if cells[index] < 0
    )


def to_move(view: BoardView, found: Raw) -> Move:
    """The :class:`Move` of a found placement, filled in as :meth:`Position.describe` does; its
    word and words (:func:`found_field`) are made when first read."""
    return to_moves(view, [found])[0]


def to_moves(view: BoardView, records: Iterable[Raw]) -> list[Move]:
    """:func:`to_move` of each found placement, in one go (a list's moves are built by the
    thousand: no call per move but the one that makes it)."""
    origin, square_of, cells, laid = view.strip.origin, view.square_of, view.cells, view.laid
    return Move.found_all(found_field, view, [
        # The tiles in board order, which is the order Move.place sorts them in.
        (tuple([laid[square_of[index] * 52 + code] or _lay(laid, square_of[index] * 52 + code)
                for index, code in enumerate(found[3], found[1]) if cells[index] < 0]),
         origin[found[1]], found[0], found)
        for found in records
    ])


class LaterView:
    """The :class:`BoardView` of a board as it is now, made the first time it is asked for: the
    compiled engine's move lists (:func:`scrabble_fr.player.generator.generate_moves`) search
    without one, and their moves need one only for their word and words, when first read.

        >>> from scrabble_fr.engine.board import Board
        >>> from scrabble_fr.engine.rules import Rules
        >>> board = Board()
        >>> later = LaterView(board, Rules.preset("ffsc"), Dawg.from_words(["OK"]))
        >>> board[7, 7] = "O"; later.view().squares[7 * 15 + 7] is None  # the board as it was
        True
    """

    __slots__ = ("_board", "_dawg", "_rules", "_view")

    def __init__(self, board: Board, rules: Rules, dawg: Dawg) -> None:
        self._board = board.copy()  # a snapshot: the moves are read maybe after the board changed
        self._rules = rules
        self._dawg = dawg
        self._view: BoardView | None = None

    def view(self) -> BoardView:
        view = self._view
        if view is None:  # two threads: the same view, made twice
            view = self._view = BoardView(self._board, self._rules, self._dawg)
        return view


class LaterDescription:
    """A board as it is now and its rules, for the few moves of a best-move search
    (:func:`scrabble_fr.player.generator.best_moves`): their word and words are made when first
    read by :mod:`scrabble_fr.engine.scoring`, as :meth:`Position.describe` makes them, without
    a view of the whole board (which costs more than a few moves do).

        >>> from scrabble_fr.engine.board import Board
        >>> from scrabble_fr.engine.rules import Rules
        >>> later = LaterDescription(Board(), Rules.preset("ffsc"))
        >>> described_field("words", later, (4, 118, 120, (14, 18)))  # OS on 8G-8H
        (Word(text='OS', row=7, col=6, across=True, score=4),)
    """

    __slots__ = ("board", "rules")

    def __init__(self, board: Board, rules: Rules) -> None:
        self.board = board.copy()  # a snapshot: the moves are read maybe after the board changed
        self.rules = rules


def described_field(name: str, later: LaterDescription, found: Raw) -> str | tuple[Word, ...]:
    """The ``word`` or the ``words`` of a placement found on the board of ``later``, as
    :meth:`Position.describe` gives them."""
    board, rules = later.board, later.rules
    placement = score_placement(board, rules, raw_placement(board.size, board.squares, found).tiles,
                                rules.notation)
    return placement.words if name == "words" else placement.main.text


def later_field(name: str, later: LaterView, found: Raw) -> str | tuple[Word, ...]:
    """:func:`found_field` of a placement found on the board of ``later``."""
    return found_field(name, later.view(), found)


def found_field(name: str, view: BoardView, found: Raw) -> str | tuple[Word, ...]:
    """The ``word`` (its text, as the board shows it) or the ``words`` of a found placement."""
    if name == "words":
        return words_of(view, found)
    _score, start, _end, letters = found
    row, col, across = view.square(start)
    size = view.size
    step = 1 if across else size
    squares, cells = view.squares, view.cells
    return "".join([SHOWN[code] if cells[start + offset] < 0 else squares[(row * size + col) + offset * step]  # type: ignore[misc]
                    for offset, code in enumerate(letters)])


def words_of(view: BoardView, found: Raw) -> tuple[Word, ...]:
    """The words a found placement forms, main word first, with what each scores."""
    _score, start, _end, letters = found
    row, col, across = view.square(start)
    size = view.size
    step = 1 if across else size
    square = row * size + col
    squares = view.squares
    cells = view.cells
    values = view.letter_values
    letter_mul, word_mul = view.letter_mul, view.word_mul
    cross_score = view.cross_score
    board_value = view.board_value
    text: list[str] = []
    cross_words: list[Word] = []
    main = 0
    mult = 1
    index = start
    for code in letters:
        if cells[index] >= 0:
            text.append(squares[square])  # type: ignore[arg-type]
            main += board_value[index]
        else:
            shown = SHOWN[code]
            value = 0 if code >= BLANK else values[code] * letter_mul[index]
            factor = word_mul[index]
            main += value
            mult *= factor
            text.append(shown)
            points = cross_score[index]
            if points >= 0:
                r, c = divmod(square, size)
                before, after, back = view.cross_word(index)
                points = (points + value) * factor
                if across:
                    cross_words.append(Word(before + shown + after, r - back, c, False, points))
                else:
                    cross_words.append(Word(before + shown + after, r, c - back, True, points))
        index += 1
        square += step
    return (Word("".join(text), row, col, across, main * mult), *cross_words)


SHOWN = ALPHABET + LOWER  # a letter code as a word shows it: 0-25 a letter, 26-51 a joker
# The tiles a placement may lay on a board of a size, one per square and code (square * 52 +
# code), made once: the same tiles make up thousands of the moves of a list.
_LAID: dict[int, list[PlacedTile | None]] = {}


def laid_tiles(size: int) -> list[PlacedTile | None]:
    laid = _LAID.get(size)
    if laid is None:
        laid = _LAID[size] = [None] * (size * size * 52)
    return laid


def _lay(laid: list[PlacedTile | None], key: int) -> PlacedTile:
    """The tile of ``key`` (square * 52 + code) in ``laid``, made the first time it is asked for."""
    size = round((len(laid) // 52) ** 0.5)
    square, code = divmod(key, 52)
    tile = laid[key] = PlacedTile(square // size, square % size, ALPHABET[code % BLANK], code >= BLANK)
    return tile


def _tile_codes(view: BoardView, found: Raw) -> tuple[int, ...]:
    """The placed tiles of a found move as integers that sort as its ``Move.tiles`` do.

    ``Move.tiles`` is sorted by (row, col, letter, is_blank): each tile becomes
    ``(row * size + col) * 52 + letter * 2 + is_blank``, which orders the same way, and a tuple
    of them compares as the tuple of tiles (board order is row-major for both directions).
    """
    _score, start, _end, letters = found
    cells = view.cells
    square_of = view.square_of
    return tuple(
        square_of[index] * 52 + (code * 2 if code < BLANK else (code - BLANK) * 2 + 1)
        for index, code in enumerate(letters, start)
        if cells[index] < 0
    )


def _raw_squares(size: int, found: Raw) -> Iterator[tuple[int, int]]:
    """The board squares of a found move's main word, with each one's code, from its strip
    square alone (no view: the strip's shape is its board's size)."""
    _score, start, _end, letters = found
    width = size + 1
    half = size * width
    if start < half:
        row, col = divmod(start, width)
        square, step = row * size + col, 1
    else:
        col, row = divmod(start - half, width)
        square, step = row * size + col, size
    for code in letters:
        yield square, code
        square += step


def raw_placement(size: int, squares: Sequence[str | None], found: Raw) -> Move:
    """The placement (tiles only: :meth:`Position.describe` fills in the rest) of a found move
    on a board of ``size`` whose ``squares`` it was found on."""
    return Move.place(
        PlacedTile(square // size, square % size, ALPHABET[code % BLANK], code >= BLANK)
        for square, code in _raw_squares(size, found) if squares[square] is None
    )


def raw_tile_codes(size: int, squares: Sequence[str | None], found: Raw) -> tuple[int, ...]:
    """:func:`_tile_codes` of a found move from the board's squares, without a view."""
    return tuple(
        square * 52 + (code * 2 if code < BLANK else (code - BLANK) * 2 + 1)
        for square, code in _raw_squares(size, found) if squares[square] is None
    )


def _ordered(view: BoardView, found: list[Raw]) -> list[Raw]:
    """``found`` in the order of :func:`generate_moves`: best score first, then by tiles."""
    return sorted(found, key=lambda item: (-item[0], _tile_codes(view, item)))


class MoveList(Sequence[Move]):
    """The moves of a position, best score first, made into :class:`Move` objects only when read.

    A search finds thousands of placements; most callers read a few. The list holds the compact
    records of the search sorted by score (a sort at C speed); the placements of equal score are
    put in board order the first time one of them is read, and a ``Move`` is built once, on first
    access. It behaves as a read-only list: ``len``, indexing, slices (lists of moves), iteration,
    and equality with a list of moves. The compiled engine's lists
    (:func:`scrabble_fr.player.generator.generate_moves`) come with every move made, in order, on
    its C side, where a move costs less than its record's sorting would here.

        >>> from scrabble_fr.engine.position import Position
        >>> from scrabble_fr.words import WordSet
        >>> p = Position.from_cgp("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 ENTS/ 0/0 0",
        ...                       lexicon=WordSet(["NET", "NETS", "SENT"]))
        >>> moves = generate_moves(p); len(moves), moves[0].notation(), moves[-1].score
        ... # NET at 3 places and NETS, SENT at 4 each, across and down: (3 + 4 + 4) × 2 = 22
        (22, '8E NETS', 6)
        >>> moves[:2] == best_moves(p, 2), moves == list(moves)
        (True, True)
    """

    __slots__ = ("_built", "_records", "_settled", "_view", "_whole")

    def __init__(self, view: BoardView | None, records: Collection[Raw], built: list[Move] | None = None) -> None:
        """The list of the ``records`` found on ``view`` (a list, put in order here); or, with
        ``built``, the moves already made, in the list's order, from the ``records`` in that
        order (the compiled engine's, read only by :meth:`records`)."""
        self._view = view
        self._records: list[Raw] = records  # type: ignore[assignment]  # a list unless every move is built
        self._whole = built is not None  # every move made and in order
        if built is not None:
            self._built: list[Move | None] = built  # type: ignore[assignment]  # a list of Move is one of Move | None
            self._settled = bytearray(b"\x01") * len(records)
            return
        assert isinstance(records, list)
        records.sort(key=_score_of, reverse=True)  # stable: equal scores stay in search order
        self._built = [None] * len(records)
        self._settled = bytearray(len(records))  # 1 where the record's tie group is in order

    def __len__(self) -> int:
        return len(self._records)

    @overload
    def __getitem__(self, index: int) -> Move: ...

    @overload
    def __getitem__(self, index: slice) -> list[Move]: ...

    def __getitem__(self, index: int | slice) -> Move | list[Move]:
        if isinstance(index, slice):
            return [self._move(i) for i in range(*index.indices(len(self._records)))]
        count = len(self._records)
        if index < 0:
            index += count
        if not 0 <= index < count:
            raise IndexError("move index out of range")
        return self._move(index)

    def __iter__(self) -> Iterator[Move]:
        if self._whole:  # every move made, in order: the list's own iterator
            return iter(self._built)  # type: ignore[arg-type]
        return self._made_as_read()

    def _made_as_read(self) -> Iterator[Move]:
        count = len(self._records)
        built = self._built
        for low in range(0, count, _CHUNK):
            high = min(low + _CHUNK, count)
            # Made a chunk at a time with the collector paused, as the search runs: thousands
            # of new objects with no cycles, which it would only walk again and again.
            with collector_paused():
                self._settle(low, high)  # a tie group met is built whole, and put in order
                self._build(low, high)
            yield from built[low:high]  # type: ignore[misc]
        self._whole = True

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, (list, tuple, MoveList)):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]  # a list of moves, compared by content

    def __repr__(self) -> str:
        return f"<MoveList of {len(self)} moves>"

    def records(self) -> list[Raw]:
        """The compact records, in the list's order (for callers that rank moves themselves)."""
        self._settle(0, len(self._records))
        return list(self._records)

    def _move(self, index: int) -> Move:
        move = self._built[index]
        if move is None:
            if not self._settled[index]:
                self._settle_group(index)
            move = self._built[index]
            if move is None:
                move = self._built[index] = to_move(self._made_from(), self._records[index])
        return move

    def _made_from(self) -> BoardView:
        # Only a list of records has moves left to make, and it has its view.
        assert self._view is not None
        return self._view

    def _build(self, low: int, high: int) -> None:
        built, records = self._built, self._records
        if built[low:high].count(None) == high - low:  # as a list read through finds them
            built[low:high] = to_moves(self._made_from(), records[low:high])
            return
        missing = [index for index in range(low, high) if built[index] is None]
        if missing:
            for index, move in zip(missing, to_moves(self._made_from(), [records[i] for i in missing]), strict=True):
                built[index] = move

    def _settle_group(self, index: int) -> None:
        # The records of one score lie together: find them and put them in board order.
        records = self._records
        score = records[index][0]
        low = bisect_left(records, -score, key=_minus_score)
        high = bisect_right(records, -score, lo=index, key=_minus_score)
        self._settle(low, high)

    def _settle(self, low: int, high: int) -> None:
        """Put the tie groups met between ``low`` and ``high`` in board order: each is built
        into moves, sorted by their tiles (a comparison of tuples at C speed; the order of
        :func:`_tile_codes`)."""
        records, settled, built = self._records, self._settled, self._built
        index = low
        while index < high:
            if settled[index]:
                index += 1
                continue
            score = records[index][0]
            end = bisect_right(records, -score, lo=index, key=_minus_score)
            if end - index > 1:
                self._build(index, end)
                pairs = sorted(zip(built[index:end], records[index:end], strict=True), key=_tiles_of_pair)
                built[index:end] = [move for move, _record in pairs]
                records[index:end] = [record for _move, record in pairs]
            settled[index:end] = b"\x01" * (end - index)
            index = end


_CHUNK = 512  # moves made at once when a MoveList is read through


def _tiles_of_pair(pair: tuple[Move | None, Raw]) -> tuple[PlacedTile, ...]:
    return pair[0].tiles  # type: ignore[union-attr]  # built


def _score_of(found: Raw) -> int:
    return found[0]


def _minus_score(found: Raw) -> int:
    return -found[0]


def dawg_of(position: Position) -> Dawg:
    """The word graph of a position's lexicon, for its board (refused with no listable lexicon)."""
    lexicon = position.lexicon
    if lexicon is None:
        raise MoveGenError("no_lexicon")
    if not isinstance(lexicon, WordList):
        raise MoveGenError("lexicon_not_listable")
    return dawg_for(lexicon, position.board.size)


def view_of(position: Position) -> BoardView:
    """The search snapshot of a position (its board, rules and its lexicon's DAWG)."""
    return BoardView(position.board, position.rules, dawg_of(position))


@contextmanager
def collector_paused() -> Iterator[None]:
    """The garbage collector paused while searching.

    A search makes tens of thousands of small tuples and no reference cycles: the collector
    would only walk them again and again as they pile up (a fifth of the time on large racks).
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _search_paused(view: BoardView, rack: list[int], best: int | None) -> list[Raw]:
    """:func:`_search` with the garbage collector paused (:func:`collector_paused`)."""
    with collector_paused():
        return _search(view, rack, best)


def generate_moves(position: Position) -> MoveList:
    """Every legal placement for the player to move, best score first (ties in board order).

    Each placement appears once (a joker's letter choices are distinct moves) with its score
    and words; all the words it forms are in the position's lexicon. The result is a read-only
    sequence (:class:`MoveList`) whose moves are made when read.
    """
    view = view_of(position)
    return MoveList(view, _search_paused(view, rack_counts(position.rack), None))


def best_moves(position: Position, n: int = 10) -> list[Move]:
    """The ``n`` highest-scoring placements, in the order of :func:`generate_moves`."""
    if n <= 0:
        return []
    view = view_of(position)
    found = _search_paused(view, rack_counts(position.rack), n)
    return [to_move(view, item) for item in _ordered(view, found)[:n]]
