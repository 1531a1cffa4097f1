"""The endgame search compiled: the C library beside this module, loaded with :mod:`ctypes`.

The search of :mod:`scrabble_fr.player.endgame` in pure Python finishes 60 % of the endgames
of the Champion's games within 10 s; the same search in C (``_endgame.c``, one file, the
standard library only) searches fourteen times as many positions a second and finishes 71.5 %.
The same library finds the Master's playouts' moves (:class:`RackSearch`): for each set of rack
tiles, the best placement, from which the best by score plus leave follows, the same as the
Python search's, about ten times as fast.
A wheel carries the library built (``hatch_build.py``); a checkout builds it on first use with
the machine's C compiler into the cache folder, named by a hash of the source, so an edit is
built again. Without a compiler, or with ``SCRABBLE_FR_NATIVE=off``, :func:`library` is None
and the Python searches do the same work: the answers are the same, only the time differs.

    >>> from scrabble_fr.engine.position import Position
    >>> from scrabble_fr.words import WordSet
    >>> p = Position.from_cgp("15/15/15/15/15/15/15/7OS6/15/15/15/15/15/15/15 T/N 10/10 0",
    ...                       lexicon=WordSet(["OS", "OST", "ON", "TO", "NO", "OT"]))
    >>> found = search(p, seconds=5.0, start_run=0)
    >>> found is None or (found.value, found.proven, found.line) == (5, True, (((114, "T"),),))
    True
"""

from __future__ import annotations

import ctypes
import functools
import hashlib
import itertools
import os
import struct
import tempfile
import threading
import weakref
from array import array
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scrabble_fr.engine.position import Position
from scrabble_fr.engine.rules import BlockedRule, Rules
from scrabble_fr.engine.scoring import LETTER_FACTOR, WORD_FACTOR
from scrabble_fr.player.movegen import board_code, board_tile, dawg_of, rack_counts
from scrabble_fr.player.native_build import LIBRARY_NAME, SOURCE_NAME, compile_library, library_suffix
from scrabble_fr.records.atomic import write_atomic
from scrabble_fr.words import ALPHABET, Dawg

if TYPE_CHECKING:
    from scrabble_fr.engine.board import Board

NATIVE_ENV = "SCRABBLE_FR_NATIVE"  # "off": the Python search only
SOURCE = Path(__file__).with_name(SOURCE_NAME)
SHIPPED = Path(__file__).resolve().parent.parent / "_data" / "native"
MAX_TILES = 16  # the C side's tiles per move (MAXT)
MAX_LINE = 64
LINES_DIFFER = -3  # eg_solve() under check_lines
ANSWERS_DIFFER = -4  # eg_solve() under check_answers
ABI = 11  # eg_abi(): the layout of the structures below
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

_ints8 = ctypes.POINTER(ctypes.c_int8)
_ints32 = ctypes.POINTER(ctypes.c_int32)


class _Input(ctypes.Structure):
    _fields_ = [
        ("size", ctypes.c_int32),
        ("board", _ints8),
        ("letter_mul", _ints8),
        ("word_mul", _ints8),
        ("tile_value", _ints32),
        ("racks", _ints32),
        ("bingo_size", ctypes.c_int32),
        ("bingo_bonus", ctypes.c_int32),
        ("limit", ctypes.c_int32),
        ("scoreless_counts", ctypes.c_int32),
        ("pass_cost", ctypes.c_int32),
        ("start_run", ctypes.c_int32),
        ("centre", ctypes.c_int32),
        ("child_mask", ctypes.POINTER(ctypes.c_uint32)),
        ("first_edge", _ints32),
        ("edges", _ints32),
        ("terminal", ctypes.POINTER(ctypes.c_uint8)),
        ("root", ctypes.c_int32),
        ("seconds", ctypes.c_double),
        ("max_nodes", ctypes.c_int64),
        ("cpu_clock", ctypes.c_int32),
        ("table_bits", ctypes.c_int32),
        ("max_depth", ctypes.c_int32),
        ("graph_id", ctypes.c_int64),
        ("check_lines", ctypes.c_int32),
        ("check_answers", ctypes.c_int32),
        ("table_bits_first", ctypes.c_int32),
        ("threads", ctypes.c_int32),
        ("helpers_after", ctypes.c_int64),
    ]


class _Output(ctypes.Structure):
    _fields_ = [
        ("value", ctypes.c_int32),
        ("proven", ctypes.c_int32),
        ("depth", ctypes.c_int32),
        ("line_length", ctypes.c_int32),
        ("nodes", ctypes.c_int64),
        ("seconds", ctypes.c_double),
        ("answered", ctypes.c_int64),
        ("answered_later", ctypes.c_int64),
        ("table_bits", ctypes.c_int32),
        ("helpers", ctypes.c_int32),
        ("splits", ctypes.c_int32),
        ("inner_splits", ctypes.c_int32),
        ("restarts", ctypes.c_int32),
        ("line_n", ctypes.c_int8 * MAX_LINE),
        ("line_square", ctypes.c_uint8 * (MAX_LINE * MAX_TILES)),
        ("line_code", ctypes.c_uint8 * (MAX_LINE * MAX_TILES)),
    ]


# One placement of mg_best_by_tiles's answer (MgMove): score, tiles laid, the board squares, the
# codes (a letter 0-25, a joker 26 + its letter).
_PLACEMENT = struct.Struct(f"ii{MAX_TILES}s{MAX_TILES}s")
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


_lock = threading.Lock()
_library: ctypes.CDLL | None = None
_tried = False
# The word graph as flat arrays (child masks, first edges, edges, terminals), made once per graph.
_flat: weakref.WeakKeyDictionary[Dawg, _FlatGraph] = weakref.WeakKeyDictionary()
_graph_idents = itertools.count(1)


def library() -> ctypes.CDLL | None:
    """The compiled search, loaded (built first from a checkout); None when it cannot be had."""
    global _library, _tried
    with _lock:
        if _tried:
            return _library
        _tried = True
        if os.environ.get(NATIVE_ENV, "").lower() in ("off", "0", "no"):
            return None
        try:
            for path in _candidates():
                try:
                    loaded = ctypes.CDLL(str(path))
                    if loaded.eg_abi() != ABI:
                        continue
                except (OSError, AttributeError):
                    continue
                loaded.eg_solve.argtypes = [ctypes.POINTER(_Input), ctypes.POINTER(_Output)]
                loaded.eg_solve.restype = ctypes.c_int
                loaded.mg_new.restype = ctypes.c_void_p
                loaded.mg_free.argtypes = [ctypes.c_void_p]
                loaded.mg_best_by_tiles.argtypes = [ctypes.c_void_p, ctypes.POINTER(_Input), ctypes.c_void_p,
                                                    ctypes.c_int]
                loaded.mg_best_by_tiles.restype = ctypes.c_int
                _library = loaded
                break
        except OSError:  # a cache or temporary folder that cannot be read or written: no library
            _library = None
        return _library


def _candidates() -> Iterator[Path]:
    """The shipped library, then (only if that one is not there or does not load) one built from
    the source in the cache folder."""
    shipped = SHIPPED / f"{LIBRARY_NAME}{library_suffix()}"
    if shipped.is_file():
        yield shipped
    if SOURCE.is_file():
        built = _build_in_cache()
        if built is not None:
            yield built


def _build_in_cache() -> Path | None:
    from scrabble_fr.words.cache import cache_dir  # the folder graphs are kept in

    folder = cache_dir()
    if folder is None:
        folder = Path(tempfile.gettempdir()) / f"scrabble_fr-native-{os.getuid() if hasattr(os, 'getuid') else 0}"
    digest = hashlib.sha256(SOURCE.read_bytes()).hexdigest()[:16]
    target = folder / "native" / f"{LIBRARY_NAME}-{digest}{library_suffix()}"
    if target.is_file():
        return target
    with tempfile.TemporaryDirectory(prefix="scrabble_fr-build-") as work:
        built = Path(work) / target.name
        if not compile_library(SOURCE, built):
            return None
        try:
            # Whole or not at all: another process may be loading it already.
            write_atomic(target, built.read_bytes(), mode=0o755)
        except OSError:
            return None
    return target


@dataclass(frozen=True)
class _FlatGraph:
    """The word graph's nodes as arrays, and the pointers the C side reads them through: each
    node's child mask, where its edges start, the edges (its children in the order of their
    letters), whether it ends a word."""

    arrays: tuple[array, array, array, bytes]  # held here: the pointers point into them
    child_mask: Any
    first_edge: Any
    edges: Any
    terminal: Any
    ident: int = 0  # names the graph to the C side, which keeps cross-checks for one graph at a time


def _flat_graph(dawg: Dawg) -> _FlatGraph:
    found = _flat.get(dawg)
    if found is None:
        masks = array("I", dawg.child_mask)
        first = array("i", bytes(4 * len(dawg.children)))
        edges = array("i")
        for node, children in enumerate(dawg.children):
            first[node] = len(edges)
            edges.extend(children[letter] for letter in sorted(children))
        if not edges:
            edges.append(0)
        terminal = bytes(dawg.terminal)
        found = _flat[dawg] = _FlatGraph(
            (masks, first, edges, terminal), _address(masks, ctypes.c_uint32), _address(first, ctypes.c_int32),
            _address(edges, ctypes.c_int32), ctypes.cast(ctypes.c_char_p(terminal), ctypes.POINTER(ctypes.c_uint8)),
            next(_graph_idents))
    return found


def _address(values: array, kind: type) -> Any:
    address, _length = values.buffer_info()
    return ctypes.cast(ctypes.c_void_p(address), ctypes.POINTER(kind))


def board_codes(board: Board) -> bytearray:
    """The board as the compiled searches read it: a byte a square, its
    :func:`~scrabble_fr.player.movegen.board_code`, 255 (-1) where it is empty.

        >>> from scrabble_fr.engine.board import Board
        >>> codes = board_codes(Board()); len(codes), set(codes)
        (225, {255})
    """
    return bytearray(255 if tile is None else board_code(tile) for tile in board.squares)


@dataclass(frozen=True)
class _Scoring:
    """The rules' premiums, square by square, and the tiles' values, as the C side reads them."""

    letter_mul: Any
    word_mul: Any
    tile_value: Any

    @classmethod
    def of(cls, rules: Rules) -> _Scoring:
        size = len(rules.layout)
        letter_mul = (ctypes.c_int8 * (size * size))()
        word_mul = (ctypes.c_int8 * (size * size))()
        for square in range(size * size):
            marker = rules.layout[square // size][square % size]
            letter_mul[square] = LETTER_FACTOR.get(marker, 1)
            word_mul[square] = WORD_FACTOR.get(marker, 1)
        values = rules.tile_set.values
        return cls(letter_mul, word_mul, (ctypes.c_int32 * 27)(*[values.get(letter, 0) for letter in ALPHABET], 0))


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
    loaded = library()
    if loaded is None:
        return None
    rules = position.rules
    size = position.board.size
    dawg = dawg_of(position)
    graph = _flat_graph(dawg)
    codes = board_codes(position.board)
    scoring = _Scoring.of(rules)
    me = position.to_move
    racks = (ctypes.c_int32 * 54)(*rack_counts(position.racks[me]), *rack_counts(position.racks[1 - me]))
    # A table for the positions the budget allows (each search allocates its own: a table far
    # larger than the search costs more to map and give back than the search itself).
    expected = max_nodes if max_nodes is not None else int(seconds * NODES_A_SECOND)
    if table_bits is None:
        most = min(max(expected.bit_length(), TABLE_BITS[0]), table_bits_most())
        table_bits = (min(most, TABLE_BITS_FIRST), most)
    if threads is None:
        threads = 1 if max_nodes is not None or cpu_clock else usable_threads()
    row, col = rules.centre
    request = _Input(
        size=size, board=(ctypes.c_int8 * len(codes)).from_buffer(codes), letter_mul=scoring.letter_mul,
        word_mul=scoring.word_mul, tile_value=scoring.tile_value, racks=racks,
        bingo_size=rules.rack_size, bingo_bonus=rules.bingo_bonus, limit=rules.blocked_count * 2,
        scoreless_counts=int(rules.blocked is BlockedRule.SCORELESS), pass_cost=1, start_run=start_run,
        centre=row * size + col, child_mask=graph.child_mask,
        first_edge=graph.first_edge, edges=graph.edges, terminal=graph.terminal, root=dawg.root, seconds=seconds,
        max_nodes=-1 if max_nodes is None else max_nodes,
        cpu_clock=int(cpu_clock), table_bits=table_bits[1], max_depth=max_depth, graph_id=graph.ident,
        check_lines=int(check_lines), check_answers=int(check_answers), table_bits_first=table_bits[0],
        threads=threads, helpers_after=-1 if helpers_after is None else helpers_after,
    )
    answer = _Output()
    status = loaded.eg_solve(ctypes.byref(request), ctypes.byref(answer))
    if status == LINES_DIFFER:
        raise RuntimeError("a line's kept moves are not the moves generated there again")
    if status == ANSWERS_DIFFER:
        raise RuntimeError("a move answered by the other's out changes the out")
    if status != 0:
        return None
    line = []
    for index in range(answer.line_length):
        tiles = range(index * MAX_TILES, index * MAX_TILES + answer.line_n[index])
        line.append(tuple((answer.line_square[at], board_tile(answer.line_code[at])) for at in tiles))
    return NativeAnswer(answer.value, bool(answer.proven), answer.depth, answer.nodes, answer.seconds, tuple(line),
                        answer.answered, answer.answered_later, answer.table_bits, answer.helpers,
                        answer.splits, answer.inner_splits, answer.restarts)


class _RackState:
    """A thread's state on the C side for :class:`RackSearch` (its cross-checks kept warm from
    one board to the next), given back when the thread's last reference to it goes."""

    def __init__(self, loaded: ctypes.CDLL) -> None:
        self._free = loaded.mg_free
        self.pointer = loaded.mg_new()
        if not self.pointer:
            raise MemoryError
        self.answer = bytearray(_PLACEMENT.size * 128)  # the placements written back

    def __del__(self) -> None:
        if getattr(self, "pointer", None):
            self._free(self.pointer)
            self.pointer = None


_threads = threading.local()


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
        >>> found = RackSearch.of(Rules.preset("ffsc"), Dawg.from_words(["OS", "SO"]))
        >>> found is None or found.best_by_tiles(board_codes(Board()), "OS")[0][0] == 4  # the centre doubles
        True
    """

    def __init__(self, loaded: ctypes.CDLL, rules: Rules, dawg: Dawg) -> None:
        self._call = loaded.mg_best_by_tiles
        self._loaded = loaded
        size = len(rules.layout)
        self.area = size * size
        self._scoring = scoring = _Scoring.of(rules)  # held here: the request points into it
        self._graph = graph = _flat_graph(dawg)
        row, col = rules.centre
        # The endgame's request, of which the rack search reads the board, the scoring, the word
        # graph and the first rack.
        self._request = _Input(
            size=size, letter_mul=scoring.letter_mul, word_mul=scoring.word_mul, tile_value=scoring.tile_value,
            bingo_size=rules.rack_size, bingo_bonus=rules.bingo_bonus, centre=row * size + col,
            child_mask=graph.child_mask, first_edge=graph.first_edge, edges=graph.edges, terminal=graph.terminal,
            root=dawg.root, graph_id=graph.ident)
        self._board_type = ctypes.c_int8 * self.area

    @classmethod
    def of(cls, rules: Rules, dawg: Dawg) -> RackSearch | None:
        """The search for boards of ``rules`` and words of ``dawg``; None without the library, or
        on a board larger than its 16 × 16."""
        loaded = library()
        if loaded is None or not 2 <= len(rules.layout) <= 16:
            return None
        return cls(loaded, rules, dawg)

    def best_by_tiles(self, board: bytearray, rack: str) -> list[tuple[int, tuple[int, ...], tuple[int, ...]]]:
        """For each set of tiles of ``rack`` a placement may use, its best placement on ``board``
        as (score, board squares, codes), best score first (ties in the Python search's order)."""
        # Each thread its own state on the C side and its own buffers: a search may be shared.
        state = getattr(_threads, "state", None)
        if state is None:
            state = _threads.state = _RackState(self._loaded)
        counts = rack_counts(rack)
        subsets = 1
        for count in counts:
            subsets *= count + 1
        if subsets > MAX_SUBSETS:
            raise ValueError("a rack of more than 15 tiles")
        answer = state.answer
        if len(answer) < subsets * _PLACEMENT.size:
            answer = state.answer = bytearray(subsets * _PLACEMENT.size)
        request = _Input.from_buffer_copy(self._request)
        request.board = self._board_type.from_buffer(board)
        request.racks = (ctypes.c_int32 * 54)(*counts)
        found = self._call(state.pointer, ctypes.byref(request), (ctypes.c_char * len(answer)).from_buffer(answer),
                           subsets)
        if found == -1:
            raise ValueError("a rack of more than 15 tiles, or of more than 15 of one tile")
        if found < 0:
            raise MemoryError
        placements = []
        for score, laid, squares, codes in _PLACEMENT.iter_unpack(memoryview(answer)[:found * _PLACEMENT.size]):
            placements.append((score, tuple(squares[:laid]), tuple(codes[:laid])))
        return placements
