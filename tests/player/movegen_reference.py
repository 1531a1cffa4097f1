"""A slow, obviously correct move generator, and random positions to compare the fast one with.

It tries every word of the list at every square in both directions, every way of taking its
missing letters from the rack (real tile or joker), and lets the engine judge the rest: the
geometry, the connection, the opening on the centre, the rack, and the score.

    >>> p = Position(small_rules(), racks=["NOT", ""], lexicon=WordSet(["ON", "NO", "TON"]))
    >>> sorted((p.describe(m).notation(), s) for m, s in brute_force_moves(p).items())[:3]
    [('5C TON', 8), ('5D NO', 4), ('5D ON', 4)]
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import replace

from scrabble_fr.engine.board import Board
from scrabble_fr.engine.errors import IllegalMoveError
from scrabble_fr.engine.move import Move, PlacedTile
from scrabble_fr.engine.position import Position
from scrabble_fr.engine.rules import Rules
from scrabble_fr.words import WordSet

# A 9x9 board with every kind of premium, the centre in the middle.
SMALL_LAYOUT = (
    "§..&...%§",
    ".@...%.@.",
    "..&.&..&.",
    "&..@...&.",
    "..%.#.%..",
    ".&...@..&",
    "..&.&...%",
    ".@.%...@.",
    "§..&..%.§",
)


def small_rules(base: str = "ffsc", rack_size: int = 7) -> Rules:
    return replace(Rules.preset(base), name="small", layout=SMALL_LAYOUT, rack_size=rack_size)


def brute_force_moves(position: Position, candidates: Iterable[str] | None = None) -> dict[Move, int]:
    """Every legal placement and its score, by exhaustion.

    Each of ``candidates`` (by default every word of the lexicon) is tried as the main word; a
    caller may pass fewer when it knows the others cannot be laid (letters not in the rack).
    """
    board = position.board
    size = board.size
    lexicon = position.lexicon
    source = lexicon.words() if candidates is None else candidates  # type: ignore[union-attr]
    words = [w for w in source if 2 <= len(w) <= size]
    rack = Counter(position.rack.upper())
    jokers = rack["?"]
    tile_count = sum(rack.values())
    empty_board = board.is_empty()
    centre = position.rules.centre
    touching = {
        (r, c)
        for r in range(size)
        for c in range(size)
        if board[r, c] is None
        and any(board.inside(r + dr, c + dc) and board[r + dr, c + dc] for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)))
    }
    crossing: dict[tuple[int, int, bool, str], bool] = {}

    def cross_ok(r: int, c: int, across: bool, letter: str) -> bool:
        # A quick, cautious filter (the engine judges afterwards): the word across the move's
        # line through (r, c) is a single letter or a listed word.
        key = (r, c, across, letter)
        if key not in crossing:
            dr, dc = (1, 0) if across else (0, 1)
            text = letter
            i = 1
            while board.inside(r - dr * i, c - dc * i) and board[r - dr * i, c - dc * i]:
                text = board[r - dr * i, c - dc * i].upper() + text  # type: ignore[union-attr]
                i += 1
            i = 1
            while board.inside(r + dr * i, c + dc * i) and board[r + dr * i, c + dc * i]:
                text += board[r + dr * i, c + dc * i].upper()  # type: ignore[union-attr]
                i += 1
            crossing[key] = len(text) == 1 or text in lexicon  # type: ignore[operator]
        return crossing[key]

    # Each row and each column read once: the loop below tries every window of every line and
    # reads them many times over.
    rows, columns = board_lines(board)
    lines = {True: rows, False: columns}
    found: dict[Move, int] = {}
    for word in words:
        length = len(word)
        for across in (True, False):
            for line, cells in enumerate(lines[across]):
                for first in range(size - length + 1):
                    # The word must be maximal: the squares just before and after it are free.
                    if first > 0 and cells[first - 1] is not None:
                        continue
                    if first + length < size and cells[first + length] is not None:
                        continue
                    needed: list[tuple[int, int, str]] = []
                    for i, letter in enumerate(word):
                        tile = cells[first + i]
                        if tile is None:
                            needed.append((line, first + i, letter) if across else (first + i, line, letter))
                        elif tile != letter:
                            break
                    else:
                        if not needed or len(needed) > tile_count:
                            continue
                        # Letters the rack lacks need as many jokers: without them no way of
                        # filling the window can be laid, and the engine need not judge it.
                        if sum((Counter(letter for _r, _c, letter in needed) - rack).values()) > jokers:
                            continue
                        isolated = not any((r, c) in touching for r, c, _l in needed)
                        if not empty_board and len(needed) == length and isolated:
                            continue
                        # An opening covers the centre (the engine judges it again, afterwards).
                        if empty_board and not any((r, c) == centre for r, c, _l in needed):
                            continue
                        if not all(cross_ok(r, c, across, letter) for r, c, letter in needed):
                            continue
                        _try_window(position, needed, rack, jokers, found)
    return found


def _try_window(
    position: Position, needed: list[tuple[int, int, str]], rack: Counter[str], jokers: int, found: dict[Move, int]
) -> None:
    """Judge one way of filling a window: the engine checks it, then each choice of jokers is scored."""
    plain = Move.place(PlacedTile(r, c, letter, False) for r, c, letter in needed)
    try:
        placement = position.placement(plain)
        from scrabble_fr.engine.scoring import check_placement

        check_placement(position.board, position.rules, plain.tiles, placement)
    except IllegalMoveError:
        return
    if not all(w.letters in position.lexicon for w in placement.words):  # type: ignore[operator]
        return
    for blanks in itertools.product((False, True), repeat=len(needed)):
        if sum(blanks) > jokers:
            continue
        real = Counter(letter for (_r, _c, letter), b in zip(needed, blanks, strict=True) if not b)
        if real - rack:
            continue
        move = Move.place(PlacedTile(r, c, letter, b) for (r, c, letter), b in zip(needed, blanks, strict=True))
        if move not in found:
            found[move] = position.score(move)  # the engine's word: checks the rack, scores


def board_lines(board: Board) -> tuple[list[list[str | None]], list[list[str | None]]]:
    """The board's rows and columns, each square's tile in capitals (a joker shows its letter) or None."""
    rows = [[None if t is None else t.upper() for t in (board[r, c] for c in range(board.size))]
            for r in range(board.size)]
    return rows, [list(column) for column in zip(*rows, strict=True)]


def playable_words(position: Position) -> list[str]:
    """The words that could be a move's main word, judged by letters alone.

    With no joker in the rack, a main word lies along one line: its letters come from the rack
    and that line's tiles, and it is no longer than both together.
    """
    assert "?" not in position.rack
    rack = set(position.rack.upper())
    rows, columns = board_lines(position.board)
    fits = set()  # lines with the same letters and length allow the same words: each once
    for line in rows + columns:
        letters = [t for t in line if t]
        fits.add((frozenset(rack | set(letters)), len(position.rack) + len(letters)))
    # A word fitting some line has only letters of the rack and the board: most words of a full
    # list are ruled out by that alone, before any line is tried.
    on_hand = frozenset().union(*(allowed for allowed, _longest in fits))
    found = []
    for w in position.lexicon.words():  # type: ignore[union-attr]
        letters = set(w)
        if letters <= on_hand and any(len(w) <= longest and letters <= allowed for allowed, longest in fits):
            found.append(w)
    return found


def random_words(rng: random.Random, count: int, alphabet: str = "AEINRSTLO") -> WordSet:
    """A made-up word list over a few letters: dense enough for many crossings."""
    words: set[str] = set()
    while len(words) < count:
        length = rng.choice((2, 2, 3, 3, 3, 4, 4, 5, 6, 7))
        words.add("".join(rng.choice(alphabet) for _ in range(length)))
    # Some words with their plurals and prefixes, as real lists have.
    for word in sorted(words)[: count // 4]:
        words.add(word + "S")
        words.add(word[:-1] if len(word) > 2 else word)
    return WordSet(words)


def random_rack(rng: random.Random, alphabet: str, size: int = 7, jokers: int | None = None) -> str:
    count = rng.choice((0, 0, 0, 1, 2)) if jokers is None else jokers
    return "".join(rng.choice(alphabet) for _ in range(size - count)) + "?" * count


def random_position(rng: random.Random, words: WordSet, rules: Rules, alphabet: str, moves: int) -> Position:
    """A position reached by random legal moves, then a fresh rack for the player to move.

    The moves are drawn from the fast generator's list; each is checked by the engine as it is
    pushed, so the board is a legal one whichever generator chose it.
    """
    from scrabble_fr.player.movegen import generate_moves

    position = Position(rules, racks=["", ""], lexicon=words)
    for _ in range(moves):
        position.racks[position.to_move] = random_rack(rng, alphabet)
        options = generate_moves(position)
        if options:
            position.push(rng.choice(options))
        else:
            position.to_move = 1 - position.to_move
    position.racks[position.to_move] = random_rack(rng, alphabet)
    return position
