"""The end of the game solved exactly: the bag is empty, both racks are known.

With nothing left to draw, Scrabble is a game of perfect information, and the best sequence can
be searched for: negamax with alpha-beta pruning, iterative deepening (one more turn each
round), a transposition table keyed by a Zobrist hash of the board, both racks and the run of
turns toward a blocked game, and moves tried in the order most likely to cut: going out first,
then the move the table remembers, then two *killer* moves per depth (moves that cut elsewhere
at that depth), then by score. Passing is a move.

The value is the final spread for the player to move: their final score less their opponent's,
the current scores included, under the position's end-of-game rules. Going out ends the game:
under FFSc's rule the player going out gains the opponent's rack and the opponent loses it;
under NASPA/WESPA's the player going out gains twice the opponent's rack. Either way the spread
moves by twice the rack left. A blocked game (the rules' run of passes, or of scoreless turns)
ends with each player losing their own rack.

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
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from scrabble_fr.engine.move import Move, PlacedTile
from scrabble_fr.engine.position import Position
from scrabble_fr.engine.rules import BlockedRule, Rules
from scrabble_fr.player.movegen import BLANK, BoardView, _search, rack_counts, view_of
from scrabble_fr.words import ALPHABET

TIME_BUDGET = 10.0  # seconds, by default
INFINITY = 1_000_000
RESOLVED = 10_000  # the depth stored for a value that no depth limit touched

EXACT, LOWER, UPPER = 0, 1, 2
PASS_COST = 1  # the depth a pass uses up

# A move inside the search: (score, tiles laid as (board square, board letter), rack indices
# used: 0-25 for a letter, 26 for a joker). A pass lays nothing.
Inner = tuple[int, tuple[tuple[int, str], ...], tuple[int, ...]]
PASS: Inner = (0, (), ())

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


class _Stop(Exception):
    """The budget ran out inside a round."""


class EndgameSolver:
    """The exact endgame of a two-player position whose bag is empty.

    ``blocked_run`` is the run of turns already counting toward a blocked game (passes, or
    scoreless turns under Hasbro/NASPA/WESPA rules): by default the position's scoreless turns.
    """

    def __init__(
        self,
        position: Position,
        *,
        blocked_run: int | None = None,
        seconds: float = TIME_BUDGET,
        max_nodes: int | None = None,
        clock: Callable[[], float] = time.perf_counter,
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
        self.pass_cost = PASS_COST
        rules = self.rules
        self.limit = rules.blocked_count * 2
        self.scoreless_counts = rules.blocked is BlockedRule.SCORELESS
        self.start_run = min(position.scoreless_turns if blocked_run is None else blocked_run, self.limit)
        self.me = position.to_move
        self.board = position.board.copy()
        self.squares = self.board.squares
        self.dawg = view_of(position).dawg
        values = rules.tile_set.values
        self.tile_value = [values.get(ch, 0) for ch in ALPHABET] + [0]
        self.racks = [rack_counts(position.racks[self.me]), rack_counts(position.racks[1 - self.me])]
        # Zobrist keys: a square's tile (52 codes: letters, then jokers as letters), the k-th copy
        # of a rack tile for the player to move and for the other, the blocked run.
        area = self.board.size * self.board.size
        self.z_square = [[_bits() for _code in range(52)] for _square in range(area)]
        self.z_rack = [[[_bits() for _copy in range(16)] for _tile in range(27)] for _role in range(2)]
        self.z_run = [_bits() for _ in range(self.limit + 2)]
        self.board_key = 0
        for square, tile in enumerate(self.squares):
            if tile is not None:
                self.board_key ^= self.z_square[square][_code(tile)]
        self.table: dict[int, tuple[int, int, int, tuple[tuple[int, str], ...] | None]] = {}
        self.views: dict[int, BoardView] = {}
        self.move_cache: dict[tuple[int, tuple[int, ...]], tuple[list[Inner], int]] = {}
        self.killers: list[list[tuple[tuple[int, str], ...]]] = []
        self.nodes = 0
        self.deadline = 0.0
        self.line: list[Inner] = []

    # -- the state -------------------------------------------------------------------------
    def _rack_key(self, player: int, role: int) -> int:
        key = 0
        table = self.z_rack[role]
        for tile, count in enumerate(self.racks[player]):
            for copy in range(count):
                key ^= table[tile][copy]
        return key

    def _view(self) -> BoardView:
        view = self.views.get(self.board_key)
        if view is None:
            if len(self.views) > 20_000:
                self.views.clear()
            view = self.views[self.board_key] = BoardView(self.board, self.rules, self.dawg)
        return view

    def _moves(self, player: int) -> tuple[list[Inner], int]:
        """The placements of ``player``'s rack on the board, those going out first, then by
        score; and how many go out."""
        rack = self.racks[player]
        key = (self.board_key, tuple(rack))
        found = self.move_cache.get(key)
        if found is not None:
            return found
        view = self._view()
        cells, square_of = view.cells, view.square_of
        size = sum(rack)
        moves: list[Inner] = []
        for score, start, _end, letters in _search(view, list(rack), None):
            placed: list[tuple[int, str]] = []
            used: list[int] = []
            for index, code in enumerate(letters, start):
                if cells[index] < 0:
                    if code >= BLANK:
                        placed.append((square_of[index], ALPHABET[code - BLANK].lower()))
                        used.append(BLANK)
                    else:
                        placed.append((square_of[index], ALPHABET[code]))
                        used.append(code)
            moves.append((score, tuple(placed), tuple(used)))
        moves.sort(key=lambda m: (len(m[2]) != size, -m[0]))
        outs = 0
        for move in moves:
            if len(move[2]) != size:
                break
            outs += 1
        if len(self.move_cache) > 200_000:
            self.move_cache.clear()
        found = self.move_cache[key] = (moves, outs)
        return found

    def _rack_value(self, player: int) -> int:
        rack, value = self.racks[player], self.tile_value
        return sum(value[tile] * count for tile, count in enumerate(rack) if count)

    # -- the search ------------------------------------------------------------------------
    def solve(self) -> EndgameResult:
        start = self.clock()
        self.deadline = start + self.seconds
        scores = self.position.scores
        base = scores[self.me] - scores[1 - self.me]
        if self.start_run >= self.limit:
            # The game is over, blocked: each player loses their own rack.
            value = base - self._rack_value(0) + self._rack_value(1)
            return EndgameResult(value, True, (), 0, self.clock() - start, 0)
        if not sum(self.racks[0]) or not sum(self.racks[1]):
            # The game is over: a player is out (the other loses, or pays twice, their rack).
            value = base
            if not sum(self.racks[1]):
                value -= 2 * self._rack_value(0)
            elif sum(self.racks[0]):
                value += 2 * self._rack_value(1)
            return EndgameResult(value, True, (), 0, self.clock() - start, 0)
        most = 2 * (sum(self.racks[0]) + sum(self.racks[1])) + 2 * self.limit + 2
        best_line: list[Inner] = []
        best_value = 0
        proven = False
        finished = 0
        enabled = gc.isenabled()
        gc.disable()
        try:
            for depth in range(1, most + 1):
                self.killers = [[] for _ in range(2 * depth + self.limit + 4)]
                try:
                    value, resolved = self._negamax(0, depth, -INFINITY, INFINITY, self.start_run, depth > 1)
                except _Stop:
                    break
                best_value, best_line, finished = value, self._complete(self.line), depth
                if resolved:
                    proven = True
                    break
        finally:
            if enabled:
                gc.enable()
        moves = self._to_moves(best_line)
        return EndgameResult(base + best_value, proven, moves, self.nodes, self.clock() - start, finished)

    def _negamax(self, ply: int, depth: int, alpha: int, beta: int, run: int, budgeted: bool) -> tuple[int, bool]:
        """The value for the player to move at ``ply`` (even: the root's player) of the rest of
        the game, relative (scores from here on), and whether no depth limit touched it."""
        self.nodes += 1
        if budgeted and not self.nodes & 31:  # a clock read is not free (process_time is a system call)
            if self.clock() > self.deadline or (self.max_nodes is not None and self.nodes > self.max_nodes):
                raise _Stop
        me = ply & 1
        other = 1 - me
        key = self.board_key ^ self._rack_key(me, 0) ^ self._rack_key(other, 1) ^ self.z_run[run]
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
                    self.line = [] if hash_move is None else [self._find(me, hash_move)]
                    return stored, stored_depth == RESOLVED
        if depth == 0:
            self.line = []
            return self._rack_value(other) - self._rack_value(me), False
        alpha_start = alpha
        moves, outs = self._moves(me)
        order = self._order(moves, outs, hash_move, ply)
        best = -INFINITY
        best_line: list[Inner] = []
        resolved = True
        racks = self.racks
        rack, other_rack = racks[me], racks[other]
        squares = self.squares
        z_square = self.z_square
        for move in order:
            score, placed, used = move
            if placed:
                board_key = self.board_key
                for square, tile in placed:
                    squares[square] = tile
                    board_key ^= z_square[square][_code(tile)]
                saved_key, self.board_key = self.board_key, board_key
                for code in used:
                    rack[code] -= 1
                if not sum(rack):
                    # Out: the spread gains twice the rack left (FFSc: +v and −v; NASPA: +2v).
                    value = score + 2 * self._rack_value(other)
                    child_line: list[Inner] = []
                    child_resolved = True
                else:
                    next_run = run + 1 if self.scoreless_counts and not score else 0
                    if next_run >= self.limit:
                        value = score + self._rack_value(other) - self._rack_value(me)
                        child_line, child_resolved = [], True
                    else:
                        child, child_resolved = self._negamax(ply + 1, depth - 1, -beta + score, -alpha + score,
                                                              next_run, budgeted)
                        value = score - child
                        child_line = self.line
                for code in used:
                    rack[code] += 1
                for square, _tile in placed:
                    squares[square] = None
                self.board_key = saved_key
            else:
                if run + 1 >= self.limit:
                    value = self._rack_value(other) - self._rack_value(me)
                    child_line, child_resolved = [], True
                else:
                    # A pass does not use up depth: a run of passes is short (the rules end it).
                    child, child_resolved = self._negamax(ply + 1, depth - self.pass_cost, -beta, -alpha, run + 1,
                                                          budgeted)
                    value = -child
                    child_line = self.line
            resolved = resolved and child_resolved
            if value > best:
                best = value
                best_line = [move, *child_line]
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        if placed:
                            killers = self.killers[ply]
                            if placed not in killers:
                                killers.insert(0, placed)
                                del killers[2:]
                        break
        del other_rack
        flag = UPPER if best <= alpha_start else LOWER if best >= beta else EXACT
        if len(self.table) > 2_000_000:
            self.table.clear()
        self.table[key] = (RESOLVED if resolved else depth, flag, best, best_line[0][1] if best_line else None)
        self.line = best_line
        return best, resolved

    def _order(self, moves: list[Inner], outs: int, hash_move: tuple[tuple[int, str], ...] | None,
               ply: int) -> list[Inner]:
        """Going out first, then the hash move, the killers, the rest by score, passing last."""
        special = [hash_move] if hash_move is not None else []
        special.extend(k for k in self.killers[ply] if k != hash_move)
        if not special:
            return [*moves, PASS]
        wanted = set(special)
        front: dict[tuple[tuple[int, str], ...], Inner] = {}
        rest: list[Inner] = []
        for index, move in enumerate(moves):
            if index >= outs and move[1] in wanted:
                front[move[1]] = move
            else:
                rest.append(move)
        pass_first = hash_move == ()
        head = [front[k] for k in special if k in front]
        order = rest[:outs] + ([PASS] if pass_first else []) + head + rest[outs:]
        if not pass_first:
            order.append(PASS)
        return order

    def _find(self, player: int, placed: tuple[tuple[int, str], ...]) -> Inner:
        if not placed:
            return PASS
        for move in self._moves(player)[0]:
            if move[1] == placed:
                return move
        return PASS  # pragma: no cover - a stored move is always among the moves

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
            key = self.board_key ^ self._rack_key(player, 0) ^ self._rack_key(1 - player, 1) ^ self.z_run[run]
            entry = self.table.get(key)
            if entry is None or entry[3] is None:
                break
            move = self._find(player, entry[3])
            run, over = self._apply(player, move, run)
            line.append(move)
            player = 1 - player
        for index in range(len(line) - 1, -1, -1):
            self._unapply(index & 1, line[index])
        return line

    def _apply(self, player: int, move: Inner, run: int) -> tuple[int, bool]:
        score, placed, used = move
        for square, tile in placed:
            self.squares[square] = tile
            self.board_key ^= self.z_square[square][_code(tile)]
        for code in used:
            self.racks[player][code] -= 1
        if placed and not sum(self.racks[player]):
            return 0, True
        run = run + 1 if not placed or (self.scoreless_counts and not score) else 0
        return run, run >= self.limit

    def _unapply(self, player: int, move: Inner) -> None:
        _score, placed, used = move
        for square, tile in placed:
            self.squares[square] = None
            self.board_key ^= self.z_square[square][_code(tile)]
        for code in used:
            self.racks[player][code] += 1

    def _to_moves(self, line: Sequence[Inner]) -> tuple[Move, ...]:
        position = self.position.copy()
        size = self.board.size
        moves: list[Move] = []
        for _score, placed, _used in line:
            if not placed:
                move = Move.pass_()
            else:
                move = position.describe(Move.place(
                    PlacedTile(square // size, square % size, tile.upper(), tile.islower()) for square, tile in placed
                ))
            position.push(move)
            moves.append(move)
        return tuple(moves)


def _code(tile: str) -> int:
    """A board letter as 0-51: uppercase letters, then jokers."""
    code = ord(tile)
    return code - 65 if code < 97 else code - 97 + 26


def solve(
    position: Position,
    seconds: float = TIME_BUDGET,
    max_nodes: int | None = None,
    blocked_run: int | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> EndgameResult:
    """The exact endgame of ``position`` (two players, empty bag, both racks known). ``clock``
    measures the budget (``time.process_time`` counts this process's own work only)."""
    return EndgameSolver(position, seconds=seconds, max_nodes=max_nodes, blocked_run=blocked_run,
                         clock=clock).solve()



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
) -> PreEndgameResult | None:
    """The best placement with one tile left in the bag (two players), or None if there is none.

    The player to move cannot see the opponent's rack: the unseen tiles are that rack and the
    tile in the bag. For each of the ``candidates`` best placements by score and each tile the
    bag may hold, the player draws it, the opponent's rack is the rest, and the endgame that
    follows is solved exactly. The time (``seconds``) and ``max_nodes`` are shared out evenly
    among the endgames still to solve. Passing (which leaves the tile to the opponent) is not
    weighed; an exchange is not allowed with one tile in the bag.
    """
    from scrabble_fr.player.movegen import search_position, to_move

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
            result = solve(child, seconds=share, max_nodes=node_share, clock=clock)
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
