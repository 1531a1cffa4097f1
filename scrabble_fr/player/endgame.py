"""The end of the game solved exactly: the bag is empty, both racks are known.

With nothing left to draw, Scrabble is a game of perfect information, and the best sequence can
be searched for: negamax with alpha-beta pruning, iterative deepening (one more turn each
round), a transposition table keyed by a Zobrist hash of the board, both racks and the run of
turns toward a blocked game, and moves tried in the order most likely to cut: going out first,
then the move the table remembers, then two *killer* moves per depth (moves that cut elsewhere
at that depth), then by score plus the value of the tiles played (what a move is worth if the
game were blocked right after it). Passing is a move.

Most of the time went to generating moves, so a node first tries the moves of its player's
earlier list that are still playable, and generates the new tiles' moves only when none of those
cuts; a node one turn from the depth limit is weighed without laying its moves at all (each is
worth its score and the value of its tiles, going out its score and twice the opponent's rack).

The value is the final spread for the player to move: their final score less their opponent's,
the current scores included, under the position's end-of-game rules. Going out ends the game:
under FFSc's rule the player going out gains the opponent's rack and the opponent loses it;
under NASPA/WESPA's the player going out gains twice the opponent's rack. Either way the spread
moves by twice the rack left. A blocked game (the rules' run of passes, or of scoreless turns)
ends with each player losing their own rack.

The same search is compiled (:mod:`scrabble_fr.player.native`, ``_c/``): when the engine
is there, :meth:`EndgameSolver.solve` hands the position to it, and the answers are the same (the
tests hold both to the same exhaustive minimax), found some thirteen times as fast. It also tries
the table's move before generating any, one turn from the depth limit the best moves of the
player's list two turns up, rescored, before generating, takes from that list the moves of the
lines the two moves since left alone, stops generating at the first move that ends the game at
beta, tries the killers that go out before generating, reads a child's table entry before
laying its move, keeps each line's moves for a rack and takes them again where the search meets
the same line with the same rack, and after its round of four turns goes to the end of the game
in one round (every value it keeps is then proven, and its cuts hold); in that round, a move
that lays no tile on or beside the words of an out the other player holds (one of the last
outs that cut a turn down, or of its killers) is weighed by the out played after it, without
being searched, when that shows it no better than the best so far. The
Python search below is the one without a C compiler, and the reference the compiled one is read
against.

The search stops at its time or node budget; the answer is then the best line of the deepest
round finished, marked not proven. A round that never met its depth limit (every line reached
the end of the game) proves its value.

    >>> from scrabble_fr.engine.position import Position
    >>> from scrabble_fr.words import WordSet
    >>> p = Position.from_cgp("15/15/15/15/15/15/15/7OS6/15/15/15/15/15/15/15 T/N 10/10 0",
    ...                       lexicon=WordSet(["OS", "OST", "ON", "TO", "NO", "OT"]))
    >>> r = solve(p); r.value, r.proven, [m.notation() for m in r.moves]
    (5, True, ['H8 OST'])
"""

from __future__ import annotations

import gc
import random
import time
from bisect import bisect_left
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import Any

from scrabble_fr.engine.move import Move
from scrabble_fr.engine.position import Position
from scrabble_fr.engine.rules import BlockedRule, Rules
from scrabble_fr.player import generator
from scrabble_fr.player import native as _native
from scrabble_fr.player.movegen import (
    BLANK,
    EMPTY,
    WALL,
    BoardView,
    _Heads,
    _real_mask,
    _search,
    board_code,
    line_ends,
    placement_of,
    rack_counts,
    view_of,
)
from scrabble_fr.words import ALL_LETTERS, ALPHABET

TIME_BUDGET = 10.0  # seconds, by default
INFINITY = 1_000_000
RESOLVED = 10_000  # the depth stored for a value that no depth limit touched

EXACT, LOWER, UPPER = 0, 1, 2
PASS_COST = 1  # the depth a pass uses up
LAY, TAKE_BACK = -1, 1  # what a move does to the rack's counts

# A move inside the search: (score, tiles laid as (board square, board letter), rack indices
# used: 0-25 for a letter, 26 for a joker, the squares where a tile would change the move as bits
# with the rack tiles it uses as bits above them, the change to the board's Zobrist key, the score
# plus the value of the tiles used: what the move is worth one turn from the end of the search,
# the squares laid). A pass lays nothing.
Inner = tuple[int, tuple[tuple[int, str], ...], tuple[int, ...], int, int, int, tuple[int, ...]]
PASS: Inner = (0, (), (), 0, 0, 0, ())

_ZOBRIST = random.Random(20231123)


def _bits() -> int:
    return _ZOBRIST.getrandbits(64)


@dataclass(frozen=True)
class EndgameResult:
    """What the solver found: ``value`` is the final spread for the player to move (current
    scores included) if both play ``moves`` on; ``proven`` when the search reached the end of
    every line; ``nodes`` positions searched in ``seconds``; ``depth`` the turns looked ahead."""

    value: int
    proven: bool
    moves: tuple[Move, ...]
    nodes: int
    seconds: float
    depth: int

    @property
    def move(self) -> Move:
        """The move to play now."""
        return self.moves[0] if self.moves else Move.pass_()


class _MoveList(list[Inner]):
    """A player's placements by worth, the ``outs`` first moves going out (none in a first
    list), with indexes of them by the tiles they lay and by the rack tiles they use (made when
    first asked for: the search asks again and again down the line)."""

    __slots__ = ("_area", "_by_laid", "_by_tiles", "outs")

    def __init__(self, moves: Sequence[Inner], area: int, outs: int = 0) -> None:
        super().__init__(moves)
        self._area = area  # the board's squares: the tiles' bits are above them in a move
        self.outs = outs
        self._by_tiles: dict[int, list[Inner]] | None = None
        self._by_laid: dict[tuple[tuple[int, str], ...], Inner] | None = None

    def by_tiles_laid(self) -> dict[tuple[tuple[int, str], ...], Inner]:
        """The placements by the tiles they lay (made when first asked for)."""
        index = self._by_laid
        if index is None:
            index = self._by_laid = {move[1]: move for move in self}
        return index

    def with_tiles(self, tiles: int) -> list[Inner]:
        """The placements using exactly the rack tiles ``tiles`` (as bits)."""
        index = self._by_tiles
        if index is None:
            index = self._by_tiles = {}
            for move in self:
                index.setdefault(move[3] >> self._area, []).append(move)
        return index.get(tiles, [])


class _Stop(Exception):
    """The budget ran out inside a round."""


class EndgameSolver:
    """The exact endgame of a two-player position whose bag is empty.

    ``blocked_run`` is the run of turns already counting toward a blocked game (passes, or
    scoreless turns under Hasbro/NASPA/WESPA rules): by default the position's scoreless turns.

    Moves are generated once per player at the start, for the whole rack (every part of the
    rack is among them); further on, a player's moves are those of their previous turn that the
    tiles laid since leave alone (each move carries the squares where a tile would change it:
    its own, the ends of its word and of its cross-words) and whose tiles the rack still holds,
    with the moves through the ends of the lines of the new tiles generated afresh
    (:func:`~scrabble_fr.player.movegen.line_ends`): the same moves, with the same scores, as a
    full generation, at a fraction of its cost. The board's search view is likewise patched,
    not rebuilt.
    """

    def __init__(
        self,
        position: Position,
        *,
        blocked_run: int | None = None,
        seconds: float = TIME_BUDGET,
        max_nodes: int | None = None,
        clock: Callable[[], float] = time.perf_counter,
        native: bool | None = None,
        threads: int | None = None,
    ) -> None:
        if len(position.racks) != 2:
            raise ValueError("the endgame solver plays two-player games")
        if position.lexicon is None:
            raise ValueError("the endgame solver needs a word list")
        self.position = position
        self.rules: Rules = position.rules
        self.seconds = seconds
        self.max_nodes = max_nodes
        self.clock = clock
        # The compiled search (same answers, thirteen times the speed) when it is there; the
        # budget it keeps is on the wall clock or this process's processor time only.
        if native is None:
            native = clock in (time.perf_counter, time.process_time)
        self.native = native and generator.endgame_compiled()
        # The compiled search's threads: by default all the process may run on under a wall
        # clock budget, one under a budget of positions or of processor time (native.search).
        self.threads = threads
        self.pass_cost = PASS_COST
        rules = self.rules
        self.limit = rules.blocked_count * 2
        self.scoreless_counts = rules.blocked is BlockedRule.SCORELESS
        self.start_run = min(position.scoreless_turns if blocked_run is None else blocked_run, self.limit)
        self.me = position.to_move
        self.board = position.board.copy()
        self.squares = self.board.squares
        self.size = self.board.size
        values = rules.tile_set.values
        self.tile_value = [values.get(ch, 0) for ch in ALPHABET] + [0]
        self.racks = [rack_counts(position.racks[self.me]), rack_counts(position.racks[1 - self.me])]
        self.rack_values = [self._rack_value(player) for player in range(2)]
        self.rack_sizes = [sum(self.racks[player]) for player in range(2)]
        # A pass answering a pass counts as the blocked end (see _passes_end), unless a
        # placement may score nothing and count toward the run.
        self.pass_answers_end = not self.scoreless_counts or all(
            self.tile_value[tile] > 0 for rack in self.racks for tile, count in enumerate(rack) if count)
        self.nodes = 0
        self.next_check = 0
        self.deadline = 0.0
        self._prepared = False

    def _prepare(self) -> None:
        """The Python search's own state (the board's view, the keys, the tables), made when it
        is first needed: the compiled search, or a game already over, needs none of it."""
        if self._prepared:
            return
        self._prepared = True
        self.root_view = view_of(self.position)
        self.dawg = self.root_view.dawg
        # Zobrist keys: a square's tile (52 codes: letters, then jokers as letters), the k-th copy
        # of a rack tile for the player to move and for the other, the blocked run.
        self.area = area = self.size * self.size
        self.z_square = [[_bits() for _code in range(52)] for _square in range(area)]
        self.z_run = [_bits() for _ in range(self.limit + 2)]
        # Each player's rack as bits: the copies of a tile are consecutive bits, the lowest ones
        # kept (``base[tile]``, then one more for each copy): a move's tiles, written the same
        # way, are on the rack when their bits are among the rack's.
        self.base: list[list[int]] = []
        self.full_bits: list[int] = []
        self.z_copy: list[list[list[int]]] = []  # [player][role][bit]: the Zobrist key of a rack tile
        for player in range(2):
            base = []
            offset = 0
            for count in self.racks[player]:
                base.append(offset)
                offset += count
            self.base.append(base)
            self.full_bits.append((1 << offset) - 1)
            self.z_copy.append([[_bits() for _bit in range(offset)] for _role in range(2)])
        self.rack_bits = list(self.full_bits)
        self.rack_keys = [[self._rack_key(player, role) for role in range(2)] for player in range(2)]
        self.player_salt = [_bits(), _bits()]
        self.board_key = 0
        for square, tile in enumerate(self.squares):
            if tile is not None:
                self.board_key ^= self.z_square[square][board_code(tile)]
        self.table: dict[int, tuple[int, int, int, Inner | None]] = {}
        self.root_key = self.board_key
        self.views: dict[int, BoardView] = {self.board_key: self.root_view}
        self.reach: dict[int, dict[int, int]] = {}  # board key -> strip square -> cross-word ends
        self.trail: list[tuple[int, tuple[int, ...]]] = []  # (board key before, squares laid) along the line
        self.move_cache: dict[int, _MoveList] = {}
        self.heads: dict[tuple[int, ...], _Heads] = {}  # the left parts each rack spells
        self.killers: list[list[tuple[tuple[int, str], ...]]] = []
        self.line: list[Inner] = []

    # -- the state -------------------------------------------------------------------------
    def _rack_key(self, player: int, role: int) -> int:
        key = 0
        table = self.z_copy[player][role]
        bits = self.rack_bits[player]
        bit = 0
        while bits >> bit:
            if (bits >> bit) & 1:
                key ^= table[bit]
            bit += 1
        return key

    def _rack_value(self, player: int) -> int:
        rack, value = self.racks[player], self.tile_value
        return sum(value[tile] * count for tile, count in enumerate(rack) if count)

    def _view(self) -> BoardView:
        """The search view of the board: patched from the nearest board of the line with one."""
        view = self.views.get(self.board_key)
        if view is None:
            placed: list[int] = []
            base = None
            for key, squares in reversed(self.trail):
                placed.extend(squares)
                base = self.views.get(key)
                if base is not None:
                    break
            if len(self.views) > 3_000:
                self.views.clear()
                self.reach.clear()
                self.views[self.root_key] = self.root_view
            if base is None:
                view = BoardView(self.board, self.rules, self.dawg)
            else:
                view = base.after(self.board, placed)
            self.views[self.board_key] = view
        return view

    def _list_key(self, player: int) -> int:
        """The key of ``player``'s list of placements: the board and their rack."""
        return self.board_key ^ self.rack_keys[player][0] ^ self.player_salt[player]

    def _moves(self, player: int, moves: list[Inner], since: tuple[int, ...]) -> _MoveList:
        """The placements of ``player``'s rack on the board, those going out first, then by
        score plus the value of the tiles played. ``moves`` are the player's placements on the
        board without the tiles laid since on the squares ``since``, for a rack holding theirs."""
        key = self._list_key(player)
        found = self.move_cache.get(key)
        if found is not None:
            return found
        if since:
            bad = self._unplayable(player, since)[1]
            current = [move for move in moves if not move[3] & bad]
            current.extend(self._generate(player, since))
        else:
            current = list(moves)
        current.sort(key=_worth, reverse=True)
        size = self.rack_sizes[player]
        outs = [move for move in current if len(move[2]) == size]
        if outs:
            current = outs + [move for move in current if len(move[2]) != size]
        if len(self.move_cache) > 50_000:  # a bound on memory for long searches (lists of moves)
            self.move_cache.clear()
        found = self.move_cache[key] = _MoveList(current, self.area, len(outs))
        return found

    def _unplayable(self, player: int, since: tuple[int, ...]) -> tuple[int, int]:
        """What makes a placement of an earlier list unplayable now, as bits of a move's fourth
        field: the squares ``since`` laid on; those, or a rack tile ``player`` no longer holds."""
        laid = 0
        for square in since:
            laid |= 1 << square
        return laid, laid | ((self.full_bits[player] & ~self.rack_bits[player]) << self.area)

    def _staged(self, player: int, mine: tuple[_MoveList, tuple[int, ...]],
                hash_move: tuple[tuple[int, str], ...] | None, ply: int, source: list[Any],
                pass_ends: bool) -> Iterator[Inner]:
        """The moves of :meth:`_order`, the cheap ones first: a pass that ends the game
        (``pass_ends``: worth the racks as they are, known without a search, where it reaches beta
        the node cuts on it); when the player's list is not made yet, those of the earlier list
        still playable (going out, the hash move, the killers, the best by worth), and only if
        none of them cuts, the list made (the new tiles' moves generated, three quarters of the
        search's time) and the rest of it. ``source`` tells the search which list the moves come
        from: ``[earlier list, squares laid since]``, then ``[the list made, ()]``."""
        moves, since = mine
        size = self.rack_sizes[player]
        tried: set[tuple[tuple[int, str], ...]] = set()
        if pass_ends:
            tried.add(())
            yield PASS
        if not since or self._list_key(player) in self.move_cache:
            listed = self._moves(player, moves, since)
            source[0], source[1] = listed, ()
            ordered = self._order(listed, hash_move, ply, size)
            yield from (move for move in ordered if move[1]) if pass_ends else ordered  # the pass once
            return
        # The earlier list is looked into, not filtered, until the list is made: most nodes cut first.
        laid, bad = self._unplayable(player, since)
        for move in moves.with_tiles(self.rack_bits[player]):
            if not move[3] & laid:
                tried.add(move[1])
                yield move
        if hash_move == () and () not in tried:
            tried.add(())
            yield PASS
        special = [hash_move] if hash_move else []
        special.extend(k for k in self.killers[ply] if k != hash_move)
        if special:
            index = moves.by_tiles_laid()
            for placed in special:
                found = index.get(placed)
                if found is not None and placed not in tried and not found[3] & bad:
                    tried.add(placed)
                    yield found
        for move in moves:
            if not move[3] & bad and move[1] not in tried:
                tried.add(move[1])
                yield move
                break
        listed = self._moves(player, moves, since)
        source[0], source[1] = listed, ()
        for move in self._order(listed, hash_move, ply, size):
            if move[1] not in tried:
                yield move

    def _root_moves(self, player: int) -> _MoveList:
        """All the placements of ``player``'s rack at the start, by worth (the searches looking
        into an earlier list take its first playable move for its best)."""
        return _MoveList(sorted(self._generate(player, None), key=_worth, reverse=True), self.area)

    def _generate(self, player: int, since: tuple[int, ...] | None) -> list[Inner]:
        """The placements of ``player``'s rack that lay a tile at an end of a line through the
        squares ``since`` (every placement if None)."""
        view = self._view()
        size = self.size
        cells = view.cells
        if since is None:
            ends: list[int] = []
            anchors = None
        else:
            across_of, down_of = view.strip.across_of, view.strip.down_of
            ends = sorted(index for square in line_ends(self.squares, size, since)
                          for index in (across_of[square], down_of[square]))
            if not ends:
                return []
            # A move's first anchor is on its line, at or before the end square it covers, with
            # no more empty squares from the one to the other than the rack has tiles, and none
            # where no tile of the rack may go.
            is_anchor, cross_mask = view.is_anchor, view.cross_mask
            rack = self.racks[player]
            fits = ALL_LETTERS if rack[BLANK] else _real_mask(rack)
            tiles = self.rack_sizes[player]
            chosen: set[int] = set()
            for index in ends:
                empties = 0
                while True:
                    cell = cells[index]
                    if cell == WALL:
                        break
                    if cell == EMPTY:
                        empties += 1
                        if empties > tiles or not cross_mask[index] & fits:
                            break
                        if is_anchor[index]:
                            chosen.add(index)
                    index -= 1
            anchors = sorted(chosen)
        found = _search(view, list(self.racks[player]), None, anchors, self.heads)
        square_of = view.square_of
        count = len(ends)
        reach = self.reach.get(self.board_key)
        if reach is None:
            reach = self.reach[self.board_key] = {}
        base = self.base[player]
        area = self.area
        z_square = self.z_square
        tile_value = self.tile_value
        moves: list[Inner] = []
        for score, start, end, letters in found:
            if count:
                at = bisect_left(ends, start)
                if at == count or ends[at] >= end:
                    continue  # no tile at an end square (those in the word's span are its own)
            placed: list[tuple[int, str]] = []
            used: list[int] = []
            laid = 0
            for index, code in enumerate(letters, start):
                if cells[index] < 0:
                    square = square_of[index]
                    laid |= 1 << square
                    if code >= BLANK:
                        placed.append((square, ALPHABET[code - BLANK].lower()))
                        used.append(BLANK)
                    else:
                        placed.append((square, ALPHABET[code]))
                        used.append(code)
            # The squares where a tile would change the move: its own, the ends of its word
            # and of its cross-words.
            touchy = laid
            if square_of[start - 1] >= 0:
                touchy |= 1 << square_of[start - 1]
            if square_of[end] >= 0:
                touchy |= 1 << square_of[end]
            zobrist = 0
            for index, code in enumerate(letters, start):
                if cells[index] < 0:
                    ends_there = reach.get(index)
                    if ends_there is None:
                        ends_there = reach[index] = _cross_ends(view, index)
                    touchy |= ends_there
                    square = square_of[index]
                    zobrist ^= z_square[square][code if code < BLANK else code - BLANK + 26]
            tiles = 0
            copies: dict[int, int] = {}
            for code in used:
                copy = copies.get(code, 0)
                copies[code] = copy + 1
                tiles |= 1 << (base[code] + copy)
            worth = score + sum(tile_value[code] for code in used)
            moves.append((score, tuple(placed), tuple(used), touchy | (tiles << area), zobrist, worth,
                          tuple(square for square, _tile in placed)))
        return moves

    def _lay(self, player: int, move: Inner, step: int) -> None:
        """Lay ``move`` (a placement) for ``player`` (``step`` −1: its tiles leave the rack) or
        take it back (``step`` +1): the board, the rack and the keys."""
        squares = self.squares
        rack, base = self.racks[player], self.base[player]
        bits = self.rack_bits[player]
        keys = self.rack_keys[player]
        z_mover, z_other = self.z_copy[player]
        mover_key, other_key = keys
        laying = step < 0
        if laying:
            for square, tile in move[1]:
                squares[square] = tile
        else:
            for square in move[6]:
                squares[square] = None
        for code in move[2]:
            count = rack[code] + step
            rack[code] = count
            bit = base[code] + (count if laying else count - 1)  # the copy's bit: the highest held
            bits ^= 1 << bit
            mover_key ^= z_mover[bit]
            other_key ^= z_other[bit]
        keys[0], keys[1] = mover_key, other_key
        self.board_key ^= move[4]
        self.rack_bits[player] = bits
        self.rack_values[player] += step * (move[5] - move[0])  # the value of the tiles used
        self.rack_sizes[player] += step * len(move[2])

    # -- the search ------------------------------------------------------------------------
    def solve(self) -> EndgameResult:
        start = self.clock()
        self.deadline = start + self.seconds
        scores = self.position.scores
        base = scores[self.me] - scores[1 - self.me]
        values = self.rack_values
        if self.start_run >= self.limit:
            # The game is over, blocked: each player loses their own rack.
            value = base - values[0] + values[1]
            return EndgameResult(value, True, (), 0, self.clock() - start, 0)
        if not self.rack_sizes[0] or not self.rack_sizes[1]:
            # The game is over: a player is out (the other loses, or pays twice, their rack).
            value = base
            if not self.rack_sizes[1]:
                value -= 2 * values[0]
            elif self.rack_sizes[0]:
                value += 2 * values[1]
            return EndgameResult(value, True, (), 0, self.clock() - start, 0)
        if self.native:
            found = _native.search(self.position, seconds=self.seconds, max_nodes=self.max_nodes,
                                  start_run=self.start_run, cpu_clock=self.clock is time.process_time,
                                  threads=self.threads)
            if found is not None:
                return EndgameResult(base + found.value, found.proven, self._to_moves(found.line), found.nodes,
                                     self.clock() - start, found.depth)
        self._prepare()
        most = 2 * (self.rack_sizes[0] + self.rack_sizes[1]) + 2 * self.limit + 2
        best_line: list[Inner] = []
        best_value = 0
        proven = False
        finished = 0
        enabled = gc.isenabled()
        gc.disable()
        try:
            roots = (self._root_moves(0), self._root_moves(1))
            for depth in range(1, most + 1):
                try:
                    value, resolved = self._round(depth, roots, budgeted=depth > 1)
                except _Stop:
                    break
                best_value, best_line, finished = value, self._complete(self.line), depth
                if resolved:
                    proven = True
                    break
            moves = self._to_moves([move[1] for move in best_line])
            # Let go of the tables before the collector comes back: it would walk them all.
            for cache in (self.table, self.move_cache, self.views, self.reach, self.heads):
                cache.clear()
        finally:
            if enabled:
                gc.enable()
        return EndgameResult(base + best_value, proven, moves, self.nodes, self.clock() - start, finished)

    def limited(self, depth: int) -> int:
        """The value of one round of the search cut at ``depth`` turns, where the game is counted
        blocked (each player loses their rack), as it is at a pass answering a pass after the
        first turn (:meth:`_passes_end`), the current scores included; no budget. The solver's
        rounds are these, one turn deeper each time. For a game not over yet."""
        scores = self.position.scores
        found = _native.search(self.position, start_run=self.start_run, max_depth=depth) if self.native else None
        if found is not None:
            value = found.value
        else:
            self._prepare()
            value, _resolved = self._round(depth, (self._root_moves(0), self._root_moves(1)), budgeted=False)
        return scores[self.me] - scores[1 - self.me] + value

    def _round(self, depth: int, roots: tuple[_MoveList, _MoveList], budgeted: bool) -> tuple[int, bool]:
        """One round of the search from the start, cut at ``depth`` turns: the value relative
        to the current scores, and whether no depth limit touched it."""
        self.killers = [[] for _ in range(2 * depth + self.limit + 4)]
        return self._negamax(0, depth, -INFINITY, INFINITY, self.start_run, budgeted, (roots[0], ()), (roots[1], ()))

    def _passes_end(self, ply: int, run: int) -> bool:
        """Whether a pass at ``ply`` ends the game, or may be counted as ending it: a pass that
        answers a pass may. After two passes the board and the racks are those of two turns
        before, with the same placements to each side, worth the same (a placement starts the
        run again), so the passes that follow only bring the blocked end nearer: the player who
        passed first gets the best of their best placement and the lesser of the blocked end and
        what the other's best placement leaves them, whoever passes last, which is what the first
        pass is worth when the answering pass ends the game at once. The answering node is then
        not worth what the rules make it (its value serves the pass before it only; the run in
        the key tells it from any other). After the root, a run under way means the turn before
        was a pass."""
        return run + 1 >= self.limit or (self.pass_answers_end and ply >= 1 and run >= 1)

    def _negamax(self, ply: int, depth: int, alpha: int, beta: int, run: int, budgeted: bool,
                 mine: tuple[_MoveList, tuple[int, ...]],
                 theirs: tuple[_MoveList, tuple[int, ...]]) -> tuple[int, bool]:
        """The value for the player to move at ``ply`` (even: the root's player) of the rest of
        the game, relative (scores from here on), and whether no depth limit touched it.
        ``mine`` and ``theirs``: each player's placements on an earlier board, and the squares
        laid since (see :meth:`_moves`)."""
        self.nodes += 1
        if budgeted and self.nodes >= self.next_check:  # a clock read is not free (process_time is a system call)
            self.next_check = self.nodes + 32
            if self.clock() > self.deadline or (self.max_nodes is not None and self.nodes > self.max_nodes):
                raise _Stop
        me = ply & 1
        other = 1 - me
        values = self.rack_values
        key = self.board_key ^ self.rack_keys[me][0] ^ self.rack_keys[other][1] ^ self.z_run[run]
        entry = self.table.get(key)
        hash_move = None
        if entry is not None:
            stored_depth, flag, stored, hash_move = entry
            if stored_depth >= depth:
                if (
                    flag == EXACT
                    or (flag == LOWER and stored >= beta)
                    or (flag == UPPER and stored <= alpha)
                ):
                    self.line = [] if hash_move is None else [hash_move]
                    return stored, stored_depth == RESOLVED
        if depth == 0:
            self.line = []
            return values[other] - values[me], False
        if depth == 1:
            return self._frontier(ply, alpha, beta, run, mine, key)
        alpha_start = alpha
        source: list[Any] = [mine[0], mine[1]]  # this player's list the moves come from, and what was laid since
        order = self._staged(me, mine, None if hash_move is None else hash_move[1], ply, source,
                             self._passes_end(ply, run))
        best = -INFINITY
        best_line: list[Inner] = []
        resolved = True
        theirs_moves, theirs_since = theirs
        limit = self.limit
        trail = self.trail
        for move in order:
            score, placed = move[0], move[1]
            if placed:
                trail.append((self.board_key, move[6]))
                self._lay(me, move, LAY)
                if not self.rack_sizes[me]:
                    # Out: the spread gains twice the rack left (FFSc: +v and −v; NASPA: +2v).
                    value = score + 2 * values[other]
                    child_line: list[Inner] = []
                    child_resolved = True
                else:
                    next_run = run + 1 if self.scoreless_counts and not score else 0
                    if next_run >= limit:
                        value = score + values[other] - values[me]
                        child_line, child_resolved = [], True
                    else:
                        laid = trail[-1][1]
                        child_mine = (theirs_moves, theirs_since + laid)
                        child_theirs = (source[0], source[1] + laid)
                        if best > -INFINITY and beta - alpha > 1:
                            # Principal variation search: after the first move, a null window
                            # shows whether this one does better; only then the full window.
                            child, child_resolved = self._negamax(ply + 1, depth - 1, -alpha - 1 + score,
                                                                  -alpha + score, next_run, budgeted, child_mine,
                                                                  child_theirs)
                            value = score - child
                            if alpha < value < beta:
                                child, child_resolved = self._negamax(ply + 1, depth - 1, -beta + score,
                                                                      -value + score, next_run, budgeted,
                                                                      child_mine, child_theirs)
                                value = score - child
                        else:
                            child, child_resolved = self._negamax(ply + 1, depth - 1, -beta + score, -alpha + score,
                                                                  next_run, budgeted, child_mine, child_theirs)
                            value = score - child
                        child_line = self.line
                self._lay(me, move, TAKE_BACK)
                trail.pop()
            else:
                if self._passes_end(ply, run):
                    value = values[other] - values[me]
                    child_line, child_resolved = [], True
                else:
                    # A pass uses up a turn of depth, as a placement does (the rules end a run of them).
                    child, child_resolved = self._negamax(ply + 1, depth - self.pass_cost, -beta, -alpha, run + 1,
                                                          budgeted, theirs, (source[0], source[1]))
                    value = -child
                    child_line = self.line
            if value > best:
                best = value
                best_line = [move, *child_line]
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        # A cut is proven by its move alone: the moves tried before it, below
                        # beta whatever their depth, take no part in it.
                        resolved = child_resolved
                        if placed:
                            killers = self.killers[ply]
                            if placed not in killers:
                                killers.insert(0, placed)
                                del killers[2:]
                        break
            resolved = resolved and child_resolved
        flag = UPPER if best <= alpha_start else LOWER if best >= beta else EXACT
        if len(self.table) > 2_000_000:
            self.table.clear()
        self.table[key] = (RESOLVED if resolved else depth, flag, best, best_line[0] if best_line else None)
        self.line = best_line
        return best, resolved

    def _frontier(self, ply: int, alpha: int, beta: int, run: int,
                  mine: tuple[_MoveList, tuple[int, ...]], key: int) -> tuple[int, bool]:
        """A node one turn from the depth limit, weighed without laying its moves: after a move
        that does not end the game, the search stops and counts the game blocked (each player
        loses their rack), so a move is worth its score plus the value of its tiles (the list's
        order), less the player's rack, plus the opponent's; going out, its score plus twice the
        opponent's rack. The best of the earlier list's moves still playable is weighed first:
        if it cuts, the new tiles' moves are never generated. An out that reaches ``beta`` cuts
        before any move worth more is looked for: its bound holds at every depth, so the node is
        resolved (proofs come sooner). Same value as laying each move."""
        me = ply & 1
        other = 1 - me
        values = self.rack_values
        mine_value, theirs_value = values[me], values[other]
        size = self.rack_sizes[me]
        moves, since = mine
        ends_scoreless = self.scoreless_counts and run + 1 >= self.limit
        ends_on_pass = self._passes_end(ply, run)

        def worth(move: Inner) -> int:
            if len(move[2]) == size:
                return move[0] + 2 * theirs_value
            return move[5] + theirs_value - mine_value

        def ends(move: Inner) -> bool:
            # The game is over after it: the player goes out, passes or scores nothing to the
            # end of the run (the value is then exact, not the depth limit's).
            return len(move[2]) == size or (ends_scoreless and not move[0]) or (not move[1] and ends_on_pass)

        best_move: Inner = PASS
        best = theirs_value - mine_value  # passing: the game blocked now or at the depth limit
        if since and self._list_key(me) not in self.move_cache:
            # Most of these nodes cut on the best out or the best other move still playable of
            # the earlier list (by worth): looked for before the list is filtered.
            laid, bad = self._unplayable(me, since)
            outs = [move for move in moves.with_tiles(self.rack_bits[me]) if not move[3] & laid]
            if outs:
                out = max(outs, key=_score)
                value = worth(out)
                if value >= beta:  # a cut the depth limit cannot undo: the game ends on it
                    return self._frontier_store(key, ply, value, LOWER, out, True, cut=True)
            # The first other move by worth (if it reaches beta, it is worth more than any out).
            first = next((move for move in moves if not move[3] & bad and len(move[2]) != size), None)
            if first is not None:
                value = worth(first)
                if value >= beta:
                    return self._frontier_store(key, ply, value, LOWER, first, ends(first), cut=True)
        listed = self._moves(me, moves, since)
        going_out = listed.outs
        if going_out:  # the outs in front, by score
            best_move, best = listed[0], worth(listed[0])
            if best >= beta:  # resolved, as above, even if another move is worth more
                return self._frontier_store(key, ply, best, LOWER, best_move, True, cut=True)
        if len(listed) > going_out:
            value = worth(listed[going_out])
            if value > best:
                best_move, best = listed[going_out], value
        flag = UPPER if best <= alpha else LOWER if best >= beta else EXACT
        # A cut needs its move's bound alone; any other answer, every move's.
        resolved = ends(best_move) if flag == LOWER else ends_on_pass and all(ends(move) for move in listed)
        return self._frontier_store(key, ply, best, flag, best_move, resolved, cut=flag == LOWER)

    def _frontier_store(self, key: int, ply: int, value: int, flag: int, move: Inner, resolved: bool,
                        cut: bool) -> tuple[int, bool]:
        if cut and move[1]:
            killers = self.killers[ply]
            if move[1] not in killers:
                killers.insert(0, move[1])
                del killers[2:]
        if len(self.table) > 2_000_000:
            self.table.clear()
        self.table[key] = (RESOLVED if resolved else 1, flag, value, move)
        self.line = [move]
        return value, resolved

    def _order(self, moves: _MoveList, hash_move: tuple[tuple[int, str], ...] | None, ply: int,
               size: int) -> Iterator[Inner]:
        """Going out first, then the hash move, the killers, the rest by score, passing last;
        made as the search asks (a cut often comes after the first moves). ``moves`` is a
        :meth:`_moves` answer, ``size`` the tiles on the rack."""
        outs = moves.outs
        if outs:
            yield from islice(moves, outs)
        special = [hash_move] if hash_move is not None else []
        special.extend(k for k in self.killers[ply] if k != hash_move)
        if not special:
            yield from islice(moves, outs, None)
            yield PASS
            return
        pass_first = hash_move == ()
        if pass_first:
            yield PASS
        index = moves.by_tiles_laid()
        chosen = set()
        for placed in special:
            move = index.get(placed)
            if move is not None and len(move[2]) != size:
                chosen.add(placed)
                yield move
        if chosen:
            for move in islice(moves, outs, None):
                if move[1] not in chosen:
                    yield move
        else:
            yield from islice(moves, outs, None)
        if not pass_first:
            yield PASS

    # -- the answer ------------------------------------------------------------------------
    def _complete(self, line: list[Inner]) -> list[Inner]:
        """``line`` followed to the end of the game through the table's best moves."""
        line = list(line)
        applied: list[Inner] = []
        run = self.start_run
        player = 0
        over = False
        for move in line:
            run, over = self._apply(player, move, run)
            applied.append(move)
            player = 1 - player
            if over:
                break
        line = applied
        while not over and len(line) < 64:
            if len(line) >= 2 and not line[-1][1] and not line[-2][1] and self.pass_answers_end:
                # A pass answering a pass: counted the blocked end, and passing on to the end of
                # the run is as good for both (see _passes_end).
                line.extend([PASS] * (self.limit - run))
                break
            key = self.board_key ^ self.rack_keys[player][0] ^ self.rack_keys[1 - player][1] ^ self.z_run[run]
            entry = self.table.get(key)
            if entry is None or entry[3] is None:
                break
            move = entry[3]
            run, over = self._apply(player, move, run)
            line.append(move)
            player = 1 - player
        for index in range(len(line) - 1, -1, -1):
            if line[index][1]:
                self._lay(index & 1, line[index], TAKE_BACK)
        return line

    def _apply(self, player: int, move: Inner, run: int) -> tuple[int, bool]:
        if move[1]:
            self._lay(player, move, LAY)
            if not self.rack_sizes[player]:
                return 0, True
        run = run + 1 if not move[1] or (self.scoreless_counts and not move[0]) else 0
        return run, run >= self.limit

    def _to_moves(self, line: Sequence[tuple[tuple[int, str], ...]]) -> tuple[Move, ...]:
        """The game's moves of a line given as each move's tiles laid (none: a pass)."""
        position = self.position.copy()
        moves: list[Move] = []
        for placed in line:
            if not placed:
                move_now = Move.pass_()
            else:
                move_now = position.describe(placement_of(placed, self.board.size))
            position.push(move_now)
            moves.append(move_now)
        return tuple(moves)


def _cross_ends(view: BoardView, index: int) -> int:
    """The board squares (as bits) just beyond the tiles in line with strip square ``index``
    across its direction: where a tile would change the cross-word a tile there makes."""
    square = view.square_of[index]
    strip = view.strip
    other = strip.down_of[square] if index < view.down_offset else strip.across_of[square]
    cells, square_of = view.cells, view.square_of
    bits = 0
    before = other - 1
    while cells[before] >= 0:
        before -= 1
    if square_of[before] >= 0:
        bits |= 1 << square_of[before]
    after = other + 1
    while cells[after] >= 0:
        after += 1
    if square_of[after] >= 0:
        bits |= 1 << square_of[after]
    return bits


def solve(
    position: Position,
    seconds: float = TIME_BUDGET,
    max_nodes: int | None = None,
    blocked_run: int | None = None,
    clock: Callable[[], float] = time.perf_counter,
    native: bool | None = None,
    threads: int | None = None,
) -> EndgameResult:
    """The exact endgame of ``position`` (two players, empty bag, both racks known). ``clock``
    measures the budget (``time.process_time`` counts this process's own work only); ``native``
    False keeps to the Python search (by default the compiled one when it is there), whose
    ``threads`` are by default those the process may run on under a wall clock budget."""
    return EndgameSolver(position, seconds=seconds, max_nodes=max_nodes, blocked_run=blocked_run,
                         clock=clock, native=native, threads=threads).solve()



PRE_ENDGAME_CANDIDATES = 8  # placements weighed by the pre-endgame solver, best score first


@dataclass(frozen=True)
class PreEndgameResult:
    """The pre-endgame's choice: ``expected`` is the mean final spread for the player to move
    over the tiles the bag may hold (weighted by how many of each are unseen), each followed by
    the exact endgame; ``proven`` when every one of those endgames was solved to the end;
    ``candidates`` each placement weighed with its expected spread, best first."""

    move: Move
    expected: float
    proven: bool
    candidates: tuple[tuple[Move, float], ...]
    endgames: int
    nodes: int
    seconds: float


def solve_pre_endgame(
    position: Position,
    seconds: float = TIME_BUDGET,
    candidates: int = PRE_ENDGAME_CANDIDATES,
    max_nodes: int | None = None,
    clock: Callable[[], float] = time.perf_counter,
    native: bool | None = None,
) -> PreEndgameResult | None:
    """The best placement with one tile left in the bag (two players), or None if there is none.

    The player to move cannot see the opponent's rack: the unseen tiles are that rack and the
    tile in the bag. For each of the ``candidates`` best placements by score and each tile the
    bag may hold, the player draws it, the opponent's rack is the rest, and the endgame that
    follows is solved exactly. The time (``seconds``) and ``max_nodes`` are shared out evenly
    among the endgames still to solve; ``native`` chooses their search as for :func:`solve`.
    Passing (which leaves the tile to the opponent) is not weighed; an exchange is not allowed
    with one tile in the bag.
    """
    from scrabble_fr.player.generator import search_position
    from scrabble_fr.player.movegen import to_move

    start = clock()
    me = position.to_move
    other = 1 - me
    unseen = position.unseen(me)
    view, found = search_position(position)
    if not found:
        return None
    ranked = sorted(found, key=lambda item: (-item[0], item[1], item[3]))[:candidates]
    tiles = sorted(unseen)
    total_weight = sum(unseen.values())
    work = len(ranked) * len(tiles)
    done = 0
    nodes = 0
    proven = True
    weighed: list[tuple[Move, float]] = []
    rack = position.rack.upper()
    for item in ranked:
        move = to_move(view, item)
        kept = list(rack)
        for tile in move.rack_letters:
            kept.remove(tile)
        expected = 0.0
        for tile in tiles:
            left = max(0.0, start + seconds - clock())
            share = max(left / (work - done), 0.001)
            node_share = None if max_nodes is None else max(1, (max_nodes - nodes) // (work - done))
            child = position.copy()
            child.board.place(move.tiles)
            opponent = unseen.copy()
            opponent[tile] -= 1
            child.racks = ["", ""]
            child.racks[me] = "".join(sorted([*kept, tile]))
            child.racks[other] = "".join(sorted((+opponent).elements()))
            child.scores = list(position.scores)
            child.scores[me] += move.score or 0
            child.to_move = other
            child.scoreless_turns = 0
            result = solve(child, seconds=share, max_nodes=node_share, clock=clock, native=native)
            done += 1
            nodes += result.nodes
            proven = proven and result.proven
            expected -= result.value * unseen[tile] / total_weight
        weighed.append((move, expected))
    weighed.sort(key=lambda pair: -pair[1])
    best, value = weighed[0]
    return PreEndgameResult(best, value, proven, tuple(weighed), done, nodes, clock() - start)


@dataclass(frozen=True)
class EndgameVerdict:
    """A move played in an endgame, judged: the solver's ``best`` move and the final spread it
    leads to (``best_value``), the final spread after the move played (``played_value``), both
    for the player who moved; ``proven`` when both searches reached the end of every line."""

    best: Move
    best_value: int
    played_value: int
    proven: bool

    @property
    def cost(self) -> int:
        """The spread the move played gave away (0 for a best move)."""
        return max(0, self.best_value - self.played_value)


def judge_move(position: Position, move: Move, seconds: float = TIME_BUDGET) -> EndgameVerdict:
    """How much ``move`` (legal, a placement or a pass) cost the player to move in an endgame
    (``position``: two players, the bag empty, both racks known), the time shared by the two
    searches: the best line, and the best line after the move played."""
    best = solve(position, seconds=seconds / 2)
    child = position.copy()
    child.push(move)
    after = solve(child, seconds=seconds / 2)
    played = -after.value
    if played > best.value:  # the first search stopped early and missed it: the move played is best
        return EndgameVerdict(move, played, played, best.proven and after.proven)
    return EndgameVerdict(best.move, best.value, played, best.proven and after.proven)


def _worth(move: Inner) -> int:
    return move[5]


def _score(move: Inner) -> int:
    return move[0]
