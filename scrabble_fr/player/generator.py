"""The move generator behind one boundary: the only place that chooses between the compiled
engine (``_c/``, reached through :mod:`scrabble_fr.player.native`) and the Python one
(:mod:`scrabble_fr.player.movegen`, the reference implementation).

Every caller asks here: move lists, hints, analyses, duplicate tops, the computer levels, the
endgame and the playouts. The compiled engine answers where the package's build made it and it
can take the request (a board of at most 16 × 16, a rack of at most 15 tiles); otherwise, or
with the environment variable ``SCRABBLE_FR_NATIVE=off`` (``0``, ``no``), Python does. Both give
the same moves, with the same scores, in the same order (``tests/player/test_conformance.py``
holds them to it); only the time differs.

    >>> from scrabble_fr.engine.position import Position
    >>> from scrabble_fr.words import WordSet
    >>> p = Position.from_cgp("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 ENTS/ 0/0 0",
    ...                       lexicon=WordSet(["NET", "NETS", "SENT"]))
    >>> [(m.notation(), m.score) for m in best_moves(p, 2)]
    [('8E NETS', 8), ('8E SENT', 8)]
    >>> moves = generate_moves(p); len(moves), moves[0].notation(), moves[-1].score
    (22, '8E NETS', 6)
"""

from __future__ import annotations

import importlib
import os
import threading
import weakref
from types import ModuleType
from typing import TYPE_CHECKING

from scrabble_fr.engine.move import Move, MoveKind, PlacedTile
from scrabble_fr.player import movegen, native
from scrabble_fr.player.movegen import BoardView, MoveList, Raw, collector_paused, dawg_of, view_of

if TYPE_CHECKING:
    from scrabble_fr.engine.position import Position
    from scrabble_fr.engine.rules import Rules
    from scrabble_fr.words import Dawg

NATIVE_ENV = "SCRABBLE_FR_NATIVE"  # "off" (or "0", "no"): the Python engine only
EXTENSION = "scrabble_fr.player._native"  # built by setup.py from _c/
INTERFACE = 2  # the version of its calls this side makes (binding.c's INTERFACE): any other, not used
_OFF = ("off", "0", "no")

_lock = threading.Lock()
_last = threading.local()  # this thread's last position's search and word graph (_prepared)
_library: ModuleType | None = None
_tried = False


def compiled() -> ModuleType | None:
    """The compiled engine, as the package's build left it; None when it was not built, or is
    turned off (:data:`NATIVE_ENV`). Loaded once; never built here: a game compiles nothing."""
    global _library, _tried
    if _tried:  # asked at every move list: the lock only until it is settled
        return _library
    with _lock:
        if not _tried:
            _tried = True
            _library = None if os.environ.get(NATIVE_ENV, "").lower() in _OFF else _load()
        return _library


def _load() -> ModuleType | None:
    try:
        loaded = importlib.import_module(EXTENSION)
    except ImportError:  # not built (no compiler at install, a checkout not installed), or broken
        return None
    if getattr(loaded, "INTERFACE", None) != INTERFACE:  # built from older sources (a checkout not built again)
        return None
    loaded.bind_moves(Move, PlacedTile, MoveKind.PLACE)  # what its move lists are made of
    return loaded


def engine() -> str:
    """The engine in use, as ``scrabble-fr --version`` names it: ``compiled`` or ``Python``."""
    return "compiled" if compiled() is not None else "Python"


def _search_for(rules: Rules, dawg: Dawg, size: int, rack: str) -> native.MoveSearch | None:
    """The compiled search for boards of ``size`` under ``rules``, words of ``dawg`` and
    ``rack``; None where Python answers (no compiled engine, a board or a rack it does not take)."""
    loaded = compiled()
    if loaded is None or len(rack) > native.MOST_RACK or not 2 <= size <= native.MOST_SIZE:
        return None
    return native.MoveSearch.of(loaded, rules, dawg)


def _compiled_for(position: Position) -> tuple[native.MoveSearch, Dawg] | None:
    """:func:`_search_for` the position's board, rules, word list and rack, with the word graph
    it searches."""
    if compiled() is None:
        return None
    search, dawg = _prepared(position)
    if search is None or len(position.rack) > native.MOST_RACK:
        return None
    return search, dawg


def _prepared(position: Position) -> tuple[native.MoveSearch | None, Dawg]:
    """The compiled search (None where Python answers) and the word graph of ``position``'s
    rules, lexicon and board size. Kept for this thread's next request of the same three (a
    game's moves, the hints, the analysis, the best move: the same), held weakly: finding the
    graph of a lexicon and the search made for it costs more than a small board's search."""
    lexicon, rules, size, loaded = position.lexicon, position.rules, position.board.size, compiled()
    last = getattr(_last, "found", None)
    if (last is not None and lexicon is not None and last[0]() is lexicon and last[1] is rules and last[2] == size
            and last[3] is loaded):  # (a lexicon gone makes its reference answer None)
        dawg, kept = last[4](), last[5]
        search = None if kept is None else kept()
        if dawg is not None and (kept is None or search is not None):
            return search, dawg
    dawg = dawg_of(position)
    search = _search_for(rules, dawg, size, "")
    try:
        _last.found = (weakref.ref(lexicon), rules, size, loaded, weakref.ref(dawg),
                       None if search is None else weakref.ref(search))
    except TypeError:  # a lexicon that cannot be referred to weakly: not kept
        _last.found = None
    return search, dawg


def search_position(position: Position, best: int | None = None) -> tuple[BoardView, list[Raw]]:
    """The raw placements of the player to move (:data:`~scrabble_fr.player.movegen.Raw`): all,
    or those of the ``best`` highest scores and their ties; with the board's view that makes
    them into moves (:func:`~scrabble_fr.player.movegen.to_move`)."""
    found = _compiled_for(position)
    if found is None:
        return movegen.search_position(position, best)
    return view_of(position), _placements(found[0], position, best or 0)


def _placements(search: native.MoveSearch, position: Position, best: int) -> list[Raw]:
    """The compiled ``search``'s raw placements of the player to move (``best``: 0 for all)."""
    with collector_paused():
        return search.moves(native.board_codes_kept(position.board), position.rack, best)


def search_rack(view: BoardView, rack: str) -> list[Raw]:
    """The raw placements of ``rack`` on a board ``view`` (every one)."""
    search = _search_for(view.rules, view.dawg, view.size, rack)
    if search is None:
        return movegen.search_rack(view, rack)
    return search.moves(native.board_codes_of(view.squares), rack, 0)


def generate_moves(position: Position) -> MoveList:
    """Every legal placement for the player to move, best score first (ties in board order), as
    :func:`scrabble_fr.player.movegen.generate_moves` gives them."""
    found = _compiled_for(position)
    if found is None:
        return movegen.generate_moves(position)
    search, dawg = found
    # Searched and every move made on the C side, in the list's order: no view of the board is
    # made unless a move's words are read (then one, for them all).
    with collector_paused():
        records, moves = search.move_list(position.board, position.rack, dawg)
    return MoveList(None, records, moves)


def best_moves(position: Position, n: int = 10) -> list[Move]:
    """The ``n`` highest-scoring placements, in the order of :func:`generate_moves`, as
    :func:`scrabble_fr.player.movegen.best_moves` gives them. From the compiled engine, made on
    its C side; their word and words, when first read, as :meth:`Position.describe` makes them
    (the scoring of :mod:`scrabble_fr.engine.scoring`): no view of the board is made for a few
    moves."""
    if n <= 0:
        return []
    found = _compiled_for(position)
    if found is None:
        return movegen.best_moves(position, n)
    search, dawg = found
    with collector_paused():
        _records, moves = search.move_list(position.board, position.rack, dawg, n)
    return moves[:n]


def rack_search(rules: Rules, dawg: Dawg) -> native.RackSearch | None:
    """The compiled search of a rack's best placements by the tiles they use, for boards of
    ``rules`` and words of ``dawg`` (the Champion's choice, the Master's playouts); None where
    Python answers (:func:`~scrabble_fr.player.computer.best_by_equity` on every placement)."""
    loaded = compiled()
    if loaded is None or not 2 <= len(rules.layout) <= native.MOST_SIZE:
        return None
    return native.RackSearch(loaded, rules, dawg)


def endgame_compiled() -> bool:
    """Whether the endgame searches run compiled (:func:`scrabble_fr.player.native.search`)."""
    return compiled() is not None
