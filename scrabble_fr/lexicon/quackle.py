"""Quackle's word graphs (``.dawg`` files): the official lists many players already have on disk.

    >>> graph = read_quackle_dawg(open("ods5.dawg", "rb").read())  # doctest: +SKIP
    >>> graph.version, graph.words[:2]  # doctest: +SKIP
    (1, ['AA', 'AAS'])

Quackle keeps a lexicon as a DAWG of fixed 7-byte nodes. The layout, as Quackle's own reader
(``lexiconparameters.cpp``) and writer (``quackleio/dawgfactory.cpp``) define it:

* **version 1**: one byte ``1``; a 16-byte checksum of the words; the word count on 3 bytes (big
  endian); the size of the alphabet on one byte, then each letter's text in UTF-8 followed by a
  space (a letter may be ``É`` or even two characters); then the nodes.
* **version 0** (older files): the nodes only; the letters are ``A`` to ``Z``. Such a file starts
  with the root node, whose child pointer is 1, hence with the bytes ``00 00 01``, the "version 0".

A node is: the index of its first child on 3 bytes (big endian, 0 for none); one byte holding the
letter's number (bits 0-5 in version 1, 0-4 in version 0), "last of its siblings" (bit 6), "in
the smaller list too" (bit 7; kept by Quackle for the British/American split, ignored here) and,
in version 0 only, "ends a word" (bit 5); then three bytes of "playability", a word's rank, which
in version 1 also marks the end of a word (non-zero). Node 0 is the root; its children, the first
letters, start at node 1, and each node's children are consecutive up to the one marked last.

The reader checks everything a damaged or cut file breaks (a length that is not whole nodes, a
pointer or a letter out of range, a group of siblings running off the end, a loop, a word count
that is not the header's) and raises :class:`QuackleGraphError` with one reason; nothing is
returned half read. The words come back as spelt by the graph's alphabet: the caller normalises
them like any list (accents removed, capitals A to Z).
"""

from __future__ import annotations

from dataclasses import dataclass

from scrabble_fr.engine.errors import N_

NODE_SIZE = 7
# What version 0 files spell with: Quackle's default (English) alphabet.
PLAIN_ALPHABET = tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
HEADER_V1 = 1 + 16 + 3 + 1  # version, checksum, word count, alphabet size
# Deeper than any word of any game: a path this long only exists in a graph that loops.
MAX_DEPTH = 64
# More words than any official list holds ten times over: a damaged graph multiplying paths.
MAX_WORDS = 5_000_000

# Why a graph is refused: message ids, translated when shown (no number in them).
CUT_SHORT = N_("the file is cut short")
BAD_HEADER = N_("its header is damaged")
BAD_POINTER = N_("a link points outside the file")
BAD_LETTER = N_("a letter is not in the graph's alphabet")
LOOP = N_("the graph loops back on itself")
TOO_MANY = N_("the graph spells far too many words")
WRONG_COUNT = N_("it does not hold the number of words its header gives")


class QuackleGraphError(ValueError):
    """A file that starts like a Quackle graph but cannot be read whole; ``reason`` says why."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class QuackleGraph:
    """What a Quackle ``.dawg`` holds: its words (as its alphabet spells them), in graph order."""

    version: int
    words: list[str]
    alphabet: tuple[str, ...]
    declared_count: int | None  # version 1 files say how many words they hold


def looks_like_quackle_dawg(data: bytes) -> bool:
    """True when ``data`` starts as a Quackle graph does (a text list never starts so).

        >>> looks_like_quackle_dawg(b"\\x01" + bytes(20)), looks_like_quackle_dawg(b"AA\\nAAS\\n")
        (True, False)
    """
    return data[:1] == b"\x01" or data[:3] == b"\x00\x00\x01"


def read_quackle_dawg(data: bytes) -> QuackleGraph:
    """Every word of a Quackle graph of version 0 or 1 (raises :class:`QuackleGraphError`)."""
    if data[:1] == b"\x01":
        version = 1
        alphabet, declared, start = _read_header(data)
    elif data[:3] == b"\x00\x00\x01":
        version, alphabet, declared, start = 0, PLAIN_ALPHABET, None, 0
    else:
        raise QuackleGraphError(BAD_HEADER)
    body = memoryview(data)[start:]
    # The nodes start with the root's, pointing at node 1 (or at nothing, in an empty graph):
    # anything else means the header is not what it says.
    if bytes(body[:3]) not in (b"\x00\x00\x01", b"\x00\x00\x00"):
        raise QuackleGraphError(CUT_SHORT if len(body) < 3 else BAD_HEADER)
    if len(body) % NODE_SIZE:
        raise QuackleGraphError(CUT_SHORT)
    nodes = len(body) // NODE_SIZE
    if nodes == 0:
        raise QuackleGraphError(CUT_SHORT)
    pointers, letters, terminal, last = _decode_nodes(body, nodes, version, len(alphabet))
    if pointers[0] != (1 if nodes > 1 else 0):  # a root pointing at node 1 in a file of one node
        raise QuackleGraphError(CUT_SHORT)
    first = 1 if nodes > 1 else 0
    if first:
        _check_groups(pointers, last, nodes, first)
        _check_acyclic(pointers, terminal, last, first)
    words = _spell(pointers, letters, terminal, last, alphabet, first) if first else []
    if declared is not None and declared != len(words):
        raise QuackleGraphError(WRONG_COUNT)
    return QuackleGraph(version, words, alphabet, declared)


def _read_header(data: bytes) -> tuple[tuple[str, ...], int, int]:
    """A version 1 header: the alphabet, the word count and where the nodes start."""
    if len(data) < HEADER_V1:
        raise QuackleGraphError(CUT_SHORT)
    declared = int.from_bytes(data[17:20], "big")
    size = data[20]
    if size == 0 or size > 64:  # the letter's number has six bits
        raise QuackleGraphError(BAD_HEADER)
    alphabet: list[str] = []
    position = HEADER_V1
    for _ in range(size):
        # Quackle reads each letter as a whitespace-delimited word, then skips one separator.
        while position < len(data) and data[position] in b" \t\r\n\v\f":
            position += 1
        end = position
        while end < len(data) and data[end] not in b" \t\r\n\v\f":
            end += 1
        if end >= len(data):
            raise QuackleGraphError(CUT_SHORT)
        if end == position or end - position > 16:
            raise QuackleGraphError(BAD_HEADER)
        try:
            letter = data[position:end].decode("utf-8")
        except UnicodeDecodeError:
            raise QuackleGraphError(BAD_HEADER) from None
        if not letter.isprintable():
            raise QuackleGraphError(BAD_HEADER)
        alphabet.append(letter)
        position = end + 1
    # Quackle's readers of some years skipped one more separator here: a file written with one is
    # read too (the nodes start with the root's, whose first byte is 0, never a blank).
    while position < len(data) and data[position] in b" \t\r\n\v\f":
        position += 1
    return tuple(alphabet), declared, position


def _decode_nodes(
    body: memoryview, nodes: int, version: int, alphabet_size: int
) -> tuple[list[int], list[int], list[bool], list[bool]]:
    """The nodes' child pointers, letters, word ends and last-sibling marks, checked for range."""
    raw = body.tobytes()
    pointers = [int.from_bytes(raw[i : i + 3], "big") for i in range(0, len(raw), NODE_SIZE)]
    flags = raw[3::NODE_SIZE]
    last = [bool(flag & 64) for flag in flags]
    if version == 1:
        letters = [flag & 63 for flag in flags]
        terminal = [raw[i + 4 : i + 7] != b"\x00\x00\x00" for i in range(0, len(raw), NODE_SIZE)]
    else:
        letters = [flag & 31 for flag in flags]
        terminal = [bool(flag & 32) for flag in flags]
    # The root (node 0) carries no letter: only the others are checked.
    if nodes > 1 and max(letters[1:]) >= alphabet_size:
        raise QuackleGraphError(BAD_LETTER)
    if max(pointers) >= nodes:
        raise QuackleGraphError(BAD_POINTER)
    return pointers, letters, terminal, last


def _check_groups(pointers: list[int], last: list[bool], nodes: int, first: int) -> None:
    """Every group of siblings a pointer starts ends, on a node marked last, inside the file."""
    starts = {first, *(p for p in pointers[1:] if p)}
    # The end of the group starting at each node: found once, from the file's end backwards.
    group_end = [0] * nodes
    running = -1
    for index in range(nodes - 1, 0, -1):
        if last[index]:
            running = index
        group_end[index] = running
    for start in starts:
        if start == 0 or group_end[start] < 0:
            raise QuackleGraphError(CUT_SHORT if start else BAD_POINTER)


def _check_acyclic(pointers: list[int], terminal: list[bool], last: list[bool], first: int) -> None:
    """No path comes back to a group it left (a graph that loops would spell without end), and
    the paths stay within :data:`MAX_DEPTH` letters and :data:`MAX_WORDS` words."""
    # Per group of siblings: how many words start there, and the longest, worked out children
    # first by an explicit stack (a deep recursion would overflow on a damaged file).
    words: dict[int, int] = {}
    depth: dict[int, int] = {}
    on_path: set[int] = set()
    stack: list[tuple[int, bool]] = [(first, False)]
    while stack:
        group, done = stack.pop()
        if done:
            on_path.discard(group)
            count, longest = 0, 0
            for node in _siblings(group, last):
                child = pointers[node]
                count += terminal[node] + (words[child] if child else 0)
                longest = max(longest, 1 + (depth[child] if child else 0))
            if count > MAX_WORDS:
                raise QuackleGraphError(TOO_MANY)
            if longest > MAX_DEPTH:
                raise QuackleGraphError(LOOP)
            words[group], depth[group] = count, longest
            continue
        if group in words:
            continue
        if group in on_path:
            raise QuackleGraphError(LOOP)
        on_path.add(group)
        stack.append((group, True))
        for node in _siblings(group, last):
            child = pointers[node]
            if child:
                if child in on_path:
                    raise QuackleGraphError(LOOP)
                if child not in words:
                    stack.append((child, False))


def _siblings(group: int, last: list[bool]) -> range:
    end = group
    while not last[end]:
        end += 1
    return range(group, end + 1)


def _spell(
    pointers: list[int], letters: list[int], terminal: list[bool], last: list[bool],
    alphabet: tuple[str, ...], first: int,
) -> list[str]:
    """Every word, by a walk of the (checked, loop-free) graph with an explicit stack."""
    found: list[str] = []
    stack: list[tuple[int, str]] = [(first, "")]
    while stack:
        node, prefix = stack.pop()
        while True:
            word = prefix + alphabet[letters[node]]
            if terminal[node]:
                found.append(word)
            child = pointers[node]
            if child:
                stack.append((child, word))
            if last[node]:
                break
            node += 1
    return found
