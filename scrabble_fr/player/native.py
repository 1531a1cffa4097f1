"""The compiled engine: the C of ``_c/`` built as the extension module ``_native``.

The search of :mod:`scrabble_fr.player.endgame` in pure Python finishes 60 % of the endgames
of the Champion's games within 10 s; the same search in C searches fourteen times as many
positions a second and finishes 71.5 %. The same engine finds the Master's playouts' moves
(:class:`RackSearch`): for each set of rack tiles, the best placement, from which the best by
score plus leave follows, the same as the Python search's, about ten times as fast.

The same engine gives every placement of a rack with its score (:class:`MoveSearch`), for the
move lists, hints, analyses and duplicate tops.

The package's build compiles it (``pip install .``, ``pip wheel .``, and ``pip install -e .`` for
a checkout, which builds it beside its source); a game never compiles anything. Whether it is
used is decided in one place, :mod:`scrabble_fr.player.generator`: where it was not built (no C
compiler at install, a checkout not installed), or with ``SCRABBLE_FR_NATIVE=off``, the Python
searches do the same work: the answers are the same, only the time differs.

    >>> from scrabble_fr.engine.position import Position
    >>> from scrabble_fr.words import WordSet
    >>> p = Position.from_cgp("15/15/15/15/15/15/15/7OS6/15/15/15/15/15/15/15 T/N 10/10 0",
    ...                       lexicon=WordSet(["OS", "OST", "ON", "TO", "NO", "OT"]))
    >>> found = search(p, seconds=5.0, start_run=0)
    >>> (found.value, found.proven, found.line)
    (5, True, (((114, 'T'),),))
"""

from __future__ import annotations

import functools
import itertools
import os
import threading
import weakref
from array import array
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any

from scrabble_fr.engine.move import Move
from scrabble_fr.engine.position import Position
from scrabble_fr.engine.rules import BlockedRule, Rules
from scrabble_fr.engine.scoring import LETTER_FACTOR, WORD_FACTOR
from scrabble_fr.player.movegen import (
    LaterDescription,
    LaterView,
    Raw,
    board_code,
    board_tile,
    dawg_of,
    described_field,
    laid_tiles,
    later_field,
    rack_counts,
)
from scrabble_fr.words import ALPHABET, Dawg

if TYPE_CHECKING:
    from scrabble_fr.engine.board import Board

MOST_SIZE = 16  # squares are bytes on the C side: larger boards are searched in Python
MOST_RACK = 15  # tiles on a rack the C side takes
LINES_DIFFER = -3  # eg_solve() under check_lines
ANSWERS_DIFFER = -4  # eg_solve() under check_answers
# The transposition table: 2^bits buckets of two entries (64 bytes), at least and at most (256 MB),
# and never more than an eighth of the machine's memory (table_bits_most).
TABLE_BITS = (12, 22)
# The table's buckets at first, at most 2^20 (64 MB): it grows to the budget's size once the
# positions searched reach as many (a table of 256 MB from the start cost the searches of a tenth
# of a second 1.3 to 1.5 times their time, mapping its pages).
TABLE_BITS_FIRST = 20
NODES_A_SECOND = 700_000  # about what the search does, to size the table for a time budget
# Threads for a search under a budget of time: as many as the process may run on, up to this.
MOST_THREADS = 4

MAX_SUBSETS = 1 << 15  # the sets of rack tiles the C side keeps a best placement for, at most


@dataclass(frozen=True)
class NativeAnswer:
    """The compiled search's answer: ``value`` relative to the current scores (the player to
    move's), ``line`` each move's tiles as (board square, board letter: lower case a joker),
    empty for a pass; ``answered`` the moves weighed by the other player's out without being
    searched (not counted in ``nodes``), ``answered_later`` those of them weighed by an out other
    than the best scoring one the other held (the move touched that one); ``table_bits`` the
    table's size at the end, 2^table_bits buckets (grown where the search lasted); ``helpers`` the
    threads that searched beside the caller's, the most at once (``nodes`` counts theirs too);
    ``splits`` the nodes whose moves they shared (the root, and nodes of the first line);
    ``inner_splits`` the nodes below those whose moves they shared while the helpers had none of
    the split's left; ``restarts`` the moves of a split searched again because the split's best
    rose (or it cut) while a thread was on them."""

    value: int
    proven: bool
    depth: int
    nodes: int
    seconds: float
    line: tuple[tuple[tuple[int, str], ...], ...]
    answered: int = 0
    answered_later: int = 0
    table_bits: int = 0
    helpers: int = 0
    splits: int = 0
    inner_splits: int = 0
    restarts: int = 0


# The word graph as flat arrays (child masks, first edges, edges, terminals), made once per graph.
_flat: weakref.WeakKeyDictionary[Dawg, _FlatGraph] = weakref.WeakKeyDictionary()
_graph_idents = itertools.count(1)
_made_lock = threading.Lock()  # the graphs flattened and the searches made, once each across threads


def _loaded() -> ModuleType | None:
    """The compiled engine when the boundary (:mod:`~scrabble_fr.player.generator`) uses it."""
    from scrabble_fr.player.generator import compiled  # the boundary imports this module

    return compiled()


@dataclass(frozen=True)
class _FlatGraph:
    """The word graph's nodes as arrays, as the C side reads them: each node's child mask, where
    its edges start, the edges (its children in the order of their letters), whether it ends a
    word; ``ident`` names the graph to the C side, which keeps cross-checks for one at a time."""

    child_mask: array
    first_edge: array
    edges: array
    terminal: bytes
    ident: int


def _flat_graph(dawg: Dawg) -> _FlatGraph:
    with _made_lock:
        found = _flat.get(dawg)
        if found is None:
            found = _flat[dawg] = _flatten(dawg)
        return found


def _flatten(dawg: Dawg) -> _FlatGraph:
    """The graph's arrays, at C speed (a tenth of the time of a loop on the 45,000 nodes of the
    French list: the first move of a fresh install waits for it). A node's edges are its
    children in the order of their letters, as its child mask counts them: the graph's builder
    makes each node's map in that order (its words sorted), which its file keeps."""
    children = dawg.children
    first = array("i", itertools.accumulate(map(len, children), initial=0))
    first.pop()
    edges = array("i", itertools.chain.from_iterable(map(dict.values, children)))
    if not edges:
        edges.append(0)
    return _FlatGraph(array("I", dawg.child_mask), first, edges, bytes(dawg.terminal), next(_graph_idents))


def _game_request(rules: Rules, dawg: Dawg) -> dict[str, Any]:
    """What every request to the C side says of the game: the board's size and premiums, the
    tiles' values, the bingo, the centre, the word graph."""
    size = len(rules.layout)
    letter_mul = bytearray(size * size)
    word_mul = bytearray(size * size)
    for square in range(size * size):
        marker = rules.layout[square // size][square % size]
        letter_mul[square] = LETTER_FACTOR.get(marker, 1)
        word_mul[square] = WORD_FACTOR.get(marker, 1)
    values = rules.tile_set.values
    graph = _flat_graph(dawg)
    row, col = rules.centre
    return {
        "size": size, "letter_mul": letter_mul, "word_mul": word_mul,
        "tile_value": array("i", [*(values.get(letter, 0) for letter in ALPHABET), 0]),
        "bingo_size": rules.rack_size, "bingo_bonus": rules.bingo_bonus, "centre": row * size + col,
        "child_mask": graph.child_mask, "first_edge": graph.first_edge, "edges": graph.edges,
        "terminal": graph.terminal, "root": dawg.root, "graph_id": graph.ident,
    }


def board_codes(board: Board) -> bytearray:
    """The board as the compiled searches read it: a byte a square, its
    :func:`~scrabble_fr.player.movegen.board_code`, 255 (-1) where it is empty.

        >>> from scrabble_fr.engine.board import Board
        >>> codes = board_codes(Board()); len(codes), set(codes)
        (225, {255})
    """
    return board_codes_of(board.squares)


def board_codes_of(squares: Sequence[str | None]) -> bytearray:
    """:func:`board_codes` of a board's squares (a view's copy of them)."""
    return bytearray(255 if tile is None else board_code(tile) for tile in squares)


@functools.cache
def table_bits_most() -> int:
    """The largest table a search may have, as 2^bits buckets of 64 bytes: TABLE_BITS's most, and
    no more than an eighth of the machine's memory where the system tells it (asked once: the
    Master's playouts search thousands of endgames).

    >>> TABLE_BITS[0] <= table_bits_most() <= TABLE_BITS[1]
    True
    """
    try:
        memory = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, ValueError, OSError):  # not told (Windows): the most
        return TABLE_BITS[1]
    fits = max(memory // 8 // 64, 1).bit_length() - 1
    return max(TABLE_BITS[0], min(TABLE_BITS[1], fits))


def usable_threads() -> int:
    """The processors this process may run on, at most :data:`MOST_THREADS`.

    >>> 1 <= usable_threads() <= MOST_THREADS
    True
    """
    affinity = getattr(os, "sched_getaffinity", None)
    count = len(affinity(0)) if affinity else os.cpu_count() or 1
    return max(1, min(count, MOST_THREADS))


def search(position: Position, *, start_run: int, seconds: float = 10.0, max_nodes: int | None = None,
           cpu_clock: bool = False, max_depth: int = 0, check_lines: bool = False,
           check_answers: bool = False, table_bits: tuple[int, int] | None = None, threads: int | None = None,
           helpers_after: int | None = None) -> NativeAnswer | None:
    """The compiled search of ``position`` (two players, the bag empty, both racks known, the
    game not over), ``start_run`` turns already counting toward a blocked game; None when the
    library is not there. ``max_depth``: one round cut at that many turns, no budget (the value
    of :meth:`EndgameSolver.limited`). ``check_lines``: each line's moves taken from those kept
    for it are generated again and compared (the tests' check): RuntimeError if they differ.
    ``check_answers``: each move the other player's out answers is laid and the out played after
    it (the tests' check): RuntimeError if the out is not playable there with the same score.
    ``table_bits``: the table's 2^bits buckets at first and once grown (the tests'), by default
    from the budget. ``threads``: how many share the round to the end of the game (the others
    starting once the search has searched ``helpers_after`` positions, by default when the table
    grows); by default those the process may run on (:func:`usable_threads`) under a budget of wall
    clock time, one under a budget of positions or of processor time."""
    loaded = _loaded()
    if loaded is None:
        return None
    if position.board.size > MOST_SIZE:  # squares are bytes on the C side: larger boards in Python
        return None
    me = position.to_move
    # A table for the positions the budget allows (each search allocates its own: a table far
    # larger than the search costs more to map and give back than the search itself).
    expected = max_nodes if max_nodes is not None else int(seconds * NODES_A_SECOND)
    if table_bits is None:
        most = min(max(expected.bit_length(), TABLE_BITS[0]), table_bits_most())
        table_bits = (min(most, TABLE_BITS_FIRST), most)
    if threads is None:
        threads = 1 if max_nodes is not None or cpu_clock else usable_threads()
    rules = position.rules
    (status, value, proven, depth, nodes, spent, answered, answered_later, bits, helpers, splits, inner_splits,
     restarts, line) = loaded.solve(
        **_game_request(rules, dawg_of(position)), board=board_codes(position.board),
        racks=array("i", [*rack_counts(position.racks[me]), *rack_counts(position.racks[1 - me])]),
        limit=rules.blocked_count * 2, scoreless_counts=int(rules.blocked is BlockedRule.SCORELESS), pass_cost=1,
        start_run=start_run, seconds=seconds, max_nodes=-1 if max_nodes is None else max_nodes,
        cpu_clock=int(cpu_clock), table_bits=table_bits[1], max_depth=max_depth, check_lines=int(check_lines),
        check_answers=int(check_answers), table_bits_first=table_bits[0], threads=threads,
        helpers_after=-1 if helpers_after is None else helpers_after)
    if status == LINES_DIFFER:
        raise RuntimeError("a line's kept moves are not the moves generated there again")
    if status == ANSWERS_DIFFER:
        raise RuntimeError("a move answered by the other's out changes the out")
    if status != 0:
        return None
    moves = tuple(tuple((square, board_tile(code)) for square, code in tiles) for tiles in line)
    return NativeAnswer(value, bool(proven), depth, nodes, spent, moves, answered, answered_later, bits, helpers,
                        splits, inner_splits, restarts)


_threads = threading.local()
_OTHER_RACK = [0] * 27  # the rack searches read the first rack only


def board_codes_kept(board: Board) -> bytes:
    """:func:`board_codes` of ``board``, kept for this thread's next request while the board
    holds the same tiles: the hints, the analysis and the best move of one position, and a board
    searched again, are written once (the squares compared, a list of references, cost little).
    The board's state alone is kept, never what a search found on it."""
    kept = getattr(_threads, "board", None)
    squares = board.squares
    if kept is not None and kept[0] == squares:
        codes: bytes = kept[1]
        return codes
    codes = bytes(board_codes_of(squares))  # bytes: nobody can change what is kept
    _threads.board = (list(squares), codes)
    return codes


@functools.lru_cache(maxsize=256)
def _racks(rack: str) -> bytes:
    """The request's racks for a search of ``rack``'s placements (as C ints; kept for the racks
    searched again: a game's hints, analyses and best moves ask for the same rack)."""
    return array("i", [*rack_counts(rack), *_OTHER_RACK]).tobytes()


def _thread_state(loaded: ModuleType) -> object:
    """This thread's state on the C side (its cross-checks kept warm from one board to the next,
    given back with the thread): a search may be shared among threads."""
    state = getattr(_threads, "state", None)
    if state is None:
        state = _threads.state = loaded.rack_state()
    return state


class MoveSearch:
    """The compiled generation of every placement of a rack on the boards of one game (its rules,
    its word list), each as the Python search writes it (:data:`~scrabble_fr.player.movegen.Raw`):
    the same placements with the same scores. Boards are written as :func:`board_codes` writes
    them; a rack of at most :data:`MOST_RACK` tiles.

        >>> from scrabble_fr.engine.board import Board
        >>> from scrabble_fr.engine.rules import Rules
        >>> from scrabble_fr.player.generator import compiled
        >>> from scrabble_fr.words import Dawg
        >>> found = MoveSearch(compiled(), Rules.preset("ffsc"), Dawg.from_words(["OS", "SO"]))
        >>> sorted(found.moves(board_codes(Board()), "OS", 0))[:2]  # OS and SO on 8G-8H: the centre doubles
        [(4, 118, 120, (14, 18)), (4, 118, 120, (18, 14))]
    """

    # Made once for each word graph and each rules (a game has one of each; rules are compared,
    # not hashed: they hold the tile set's mappings).
    _kept: weakref.WeakKeyDictionary[Dawg, list[MoveSearch]] = weakref.WeakKeyDictionary()

    def __init__(self, loaded: ModuleType, rules: Rules, dawg: Dawg) -> None:
        self._loaded = loaded
        self.rules = rules
        self._game = _game_request(rules, dawg)

    @classmethod
    def of(cls, loaded: ModuleType, rules: Rules, dawg: Dawg) -> MoveSearch:
        """The search for ``rules`` and ``dawg``, made once (the board's premiums, the graph's
        arrays)."""
        with _made_lock:
            kept = cls._kept.setdefault(dawg, [])
            found = next((search for search in kept if search.rules == rules), None)
        if found is None:
            found = cls(loaded, rules, dawg)
            with _made_lock:
                kept.append(found)
        return found

    def moves(self, board: bytes | bytearray, rack: str, best: int) -> list[Raw]:
        """Every placement of ``rack`` on ``board`` (``best`` 0), or those of the ``best`` highest
        scores and their ties, in no particular order."""
        found: list[Raw] = self._loaded.moves(_thread_state(self._loaded), best, **self._game, board=board,
                                              racks=_racks(rack))
        return found

    def move_list(self, board: Board, rack: str, dawg: Dawg, best: int = 0) -> tuple[FoundRecords, list[Move]]:
        """Every placement of ``rack`` on ``board`` (``dawg``: the graph of this search's words),
        or with ``best`` those of the ``best`` highest scores and their ties, as :meth:`moves`
        writes them and as the :class:`Move` objects :func:`~scrabble_fr.player.movegen.to_moves`
        makes of them (their word and words made when first read: from a view of the board for
        a whole list, by :meth:`Position.describe`'s scoring for the best few), both in the order
        of a move list: best score first, the ties by their tiles. The C side makes the moves: a
        list's thousands cost about what its search does; the records stay as it wrote them
        (:class:`FoundRecords`), each made when read.

            >>> from scrabble_fr.engine.board import Board
            >>> from scrabble_fr.engine.rules import Rules
            >>> from scrabble_fr.player.generator import compiled
            >>> from scrabble_fr.words import Dawg
            >>> dawg = Dawg.from_words(["OS", "SO"])
            >>> search = MoveSearch(compiled(), Rules.preset("ffsc"), dawg)
            >>> records, moves = search.move_list(Board(), "OS", dawg)
            >>> records.record(0), moves[0], moves[0].words
            ((4, 358, 360, (14, 18)), <Move 8G OS 4>, (Word(text='OS', row=6, col=7, across=False, score=4),))
            >>> search.move_list(Board(), "OS", dawg, 1)[1] == moves  # the best and its ties: all 8 score 4
            True
        """
        context = _Found(described_field, LaterDescription(board, self.rules)) if best else \
            _Found(later_field, LaterView(board, self.rules, dawg))
        found: bytes
        moves: list[Move]
        found, moves = self._loaded.move_list(
            _thread_state(self._loaded), laid_tiles(board.size), _found_field, context, best,
            **self._game, board=board_codes_kept(board), racks=_racks(rack))
        records = context.records = FoundRecords(self._loaded, found, len(moves))
        return records, moves


class FoundRecords(Collection[Raw]):
    """The records of a compiled move list (:meth:`MoveSearch.move_list`), in the list's order,
    as the Python search writes them (:data:`~scrabble_fr.player.movegen.Raw`): kept as its C
    side wrote them, in one block, each made a record when read (the list's moves are read for
    their tiles and scores; a record only for a move's word and words, or the list's records)."""

    __slots__ = ("_count", "_found", "_loaded")

    def __init__(self, loaded: ModuleType, found: bytes, count: int) -> None:
        self._loaded = loaded
        self._found = found
        self._count = count

    def __len__(self) -> int:
        return self._count

    def __iter__(self) -> Iterator[Raw]:
        records: list[Raw] = self._loaded.found_records(self._found)
        return iter(records)

    def __contains__(self, record: object) -> bool:
        return any(record == found for found in self)

    def record(self, index: int) -> Raw:
        """The ``index``-th record (from 0)."""
        found: Raw = self._loaded.found_record(self._found, index)  # out of range: IndexError
        return found


class _Found:
    """What a compiled list's moves make their word and words from, when first read
    (:func:`_found_field`): the field maker for the board as it was searched, and the list's
    records."""

    __slots__ = ("later", "make", "records")

    def __init__(self, make: Any, later: LaterView | LaterDescription) -> None:
        self.make = make
        self.later = later
        self.records: FoundRecords | None = None  # set as soon as the list is made


def _found_field(name: str, found: _Found, index: int) -> Any:
    """The ``word`` or ``words`` of the ``index``-th move of a compiled list, as the Python
    list's moves make them (:func:`~scrabble_fr.player.movegen.later_field`, or for the best
    few :func:`~scrabble_fr.player.movegen.described_field`)."""
    assert found.records is not None
    return found.make(name, found.later, found.records.record(index))


class RackSearch:
    """The compiled search of a rack's placements on the boards of one game (its rules, its word
    list), for the simulation's playouts: for each set of rack tiles a placement may use, the
    best-scoring such placement (the first in the Python search's order, as
    :func:`~scrabble_fr.player.computer.best_by_equity` reads it), in that order. The best
    placement by score plus the worth of the tiles kept is among them: the worth depends on the
    tiles alone. Boards are written as :func:`board_codes` writes them.

        >>> from scrabble_fr.engine.board import Board
        >>> from scrabble_fr.engine.rules import Rules
        >>> from scrabble_fr.words import Dawg
        >>> from scrabble_fr.player.generator import compiled
        >>> found = RackSearch(compiled(), Rules.preset("ffsc"), Dawg.from_words(["OS", "SO"]))
        >>> found.best_by_tiles(board_codes(Board()), "OS")[0][0]  # the centre doubles
        4
    """

    def __init__(self, loaded: ModuleType, rules: Rules, dawg: Dawg) -> None:
        self._loaded = loaded
        self._game = _game_request(rules, dawg)


    def best_by_tiles(self, board: bytearray, rack: str) -> list[tuple[int, tuple[int, ...], tuple[int, ...]]]:
        """For each set of tiles of ``rack`` a placement may use, its best placement on ``board``
        as (score, board squares, codes), best score first (ties in the Python search's order)."""
        state = _thread_state(self._loaded)
        counts = rack_counts(rack)
        subsets = 1
        for count in counts:
            subsets *= count + 1
        if subsets > MAX_SUBSETS:
            raise ValueError("a rack of more than 15 tiles")
        found = self._loaded.best_by_tiles(state, subsets, **self._game, board=board,
                                           racks=array("i", [*counts, *_OTHER_RACK]))
        return [(score, tuple(squares), tuple(codes)) for score, squares, codes in found]
