"""The word graph of a list: a minimal DAWG with integer letters, and the questions it answers.

A move generator asks, at every square, which letters may follow a prefix; a word list is asked
whether a word is in it; the tirage search asks which words some tiles spell. One structure
answers the three, so a list is held in memory once: a *directed acyclic word graph* (a trie
whose equal subtrees are shared), the structure of Appel and Jacobson's generator, built from
the list's words (:mod:`.build`), and beside it (:meth:`Dawg.anagram_keys`) the same kind of
graph over the words' letters in alphabetical order, made when a search by letters is first
asked. Letters are integers (``A`` = 0 … ``Z`` = 25) and each node is a small dict
``letter -> child``, the fastest shape for CPython to follow one edge or list a node's children.

    >>> d = Dawg.from_words(["ME", "MOT", "MOTS", "TE"])
    >>> d.contains("MOTS"), d.contains("MO"), d.node_count, sorted(d.words()) == ["ME", "MOT", "MOTS", "TE"]
    (True, False, 6, True)
"""

from __future__ import annotations

import hashlib
import marshal
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

# Letters are A-Z only: French words are played without accents (regles.md).
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
ALL_LETTERS = (1 << 26) - 1
CODES = {letter: code for code, letter in enumerate(ALPHABET)}
FORMAT = b"scrabble_fr-dawg-3"  # the head of a graph's file; a new layout takes a new number
MARSHAL_VERSION = 4


@dataclass(eq=False)
class Dawg:
    """A minimal DAWG: ``children[n]`` maps a letter (0-25) to a node; ``root`` spells "".

    ``terminal[n]`` is 1 when the path to ``n`` spells a word; ``child_mask[n]`` has bit ``L``
    set when ``n`` has a child for letter ``L`` (one AND tells whether any allowed letter can
    follow). Words of one letter are left out: a single letter is never a word of the game.
    """

    children: list[dict[int, int]]
    terminal: bytes
    child_mask: list[int]
    word_count: int
    digest: str = ""
    max_length: int = 0
    root: int = 0
    source: str = field(default="built", compare=False)  # "built" or "disk"
    # The read-only folder this graph came from when it was built with the package: its
    # anagram-key graph is looked for there too.
    shipped: Path | None = field(default=None, compare=False, repr=False)
    # Cross-checks already worked out, (letter codes before, letter codes after) -> mask: boards
    # change by one move a turn, so most of a position's cross-checks were seen the turn before.
    cross_cache: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = field(
        default_factory=dict, compare=False, repr=False)
    _below: tuple[list[int], list[int]] | None = field(default=None, compare=False, repr=False)
    _keys: Dawg | None = field(default=None, compare=False, repr=False)

    @classmethod
    def from_words(cls, words: Iterable[str], max_length: int = 0) -> Dawg:
        """Build from words (any order, any case); keeps words of 2 to ``max_length`` A-Z letters."""
        from scrabble_fr.words.build import build, clean  # build makes Dawgs: imported when used

        kept, digest = clean(words, max_length)
        return build(kept, digest, max_length)

    def anagram_keys(self) -> Dawg:
        """The DAWG of this one's words with their letters sorted (MAISON is AIMNOS): the
        structure that answers "which words do these tiles spell?" (:func:`key_search`).

        Made on first use from this DAWG's words and kept with it, and on disk beside it for
        large lists (a build takes a few seconds for the French list, a read a few hundredths).
        """
        from scrabble_fr.words import cache  # the cache reads and builds graphs: imported when used

        with cache.lock:
            if self._keys is None:
                self._keys = cache.load_or_build_keys(self)
            return self._keys

    def below(self) -> tuple[list[int], list[int]]:
        """For each node, what lies under it: ``(lengths, letters)`` as bit masks.

        Bit ``n`` of ``lengths[node]`` is set when ``n`` more letters can end a word, and
        ``letters[node]`` has a bit for each letter on some path below: a search that must spend
        exactly a set of tiles stops where they cannot all be spent. Worked out once (children
        have smaller numbers than their parents, so one pass in order does it).
        """
        if self._below is None:
            children, terminal = self.children, self.terminal
            lengths = [0] * len(children)
            letters = [0] * len(children)
            for node, kids in enumerate(children):
                reach = 1 if terminal[node] else 0
                seen = 0
                for letter, child in kids.items():
                    reach |= lengths[child] << 1
                    seen |= letters[child] | (1 << letter)
                lengths[node] = reach
                letters[node] = seen
            self._below = (lengths, letters)
        return self._below

    @property
    def node_count(self) -> int:
        return len(self.children)

    @property
    def edge_count(self) -> int:
        return sum(len(kids) for kids in self.children)

    def walk(self, word: str) -> int | None:
        """The node reached by spelling ``word`` from the root, or None."""
        node: int | None = self.root
        children = self.children
        for ch in word:
            node = children[node].get(ord(ch) - 65)  # type: ignore[index]
            if node is None:
                return None
        return node

    def contains(self, word: str) -> bool:
        node = self.walk(word.upper())
        return node is not None and bool(self.terminal[node])

    def spellings(self, letters: str) -> list[str]:
        """The words made of exactly ``letters`` (A-Z, any order), alphabetically.

        >>> Dawg.from_words(["CHIEN", "NICHE", "CHINE", "CHIENS"]).spellings("NICHE")
        ['CHIEN', 'CHINE', 'NICHE']
        """
        children, terminal = self.children, self.terminal
        lengths, below = self.below()
        counts = [0] * 26
        need = 0
        for letter in letters:
            code = ord(letter) - 65
            counts[code] += 1
            need |= 1 << code
        found: list[str] = []
        spelled: list[str] = []

        def walk(node: int, left: int, need: int) -> None:
            if not left:
                if terminal[node]:
                    found.append("".join(spelled))
                return
            # Stop where no word of the remaining length ends, or a letter left appears nowhere.
            if not (lengths[node] >> left) & 1 or need & ~below[node]:
                return
            for letter, child in children[node].items():
                count = counts[letter]
                if count:
                    counts[letter] = count - 1
                    spelled.append(ALPHABET[letter])
                    walk(child, left - 1, need if count > 1 else need & ~(1 << letter))
                    spelled.pop()
                    counts[letter] = count

        walk(self.root, len(letters), need)
        return found

    def spell_from(
        self, letters: str, jokers: int = 0, min_len: int = 2, max_len: int = 15, use_all: bool = False
    ) -> list[tuple[str, str]]:
        """Every word the tiles spell (``letters`` A-Z in any order, and ``jokers``), as
        ``(word, letters the jokers stand for)``, alphabetically; ``use_all``: every real tile.

        One walk of the graph spending the tiles. A real tile is used whenever there is one, so
        each word is met once, with the fewest jokers; where no word of an allowed length ends
        below a node, or (``use_all``) a tile left appears nowhere below it, the walk turns back.

            >>> Dawg.from_words(["NICHE", "CHIEN", "NI", "HEN"]).spell_from("CHIN", 1, 3)
            [('CHIEN', 'E'), ('HEN', 'E'), ('NICHE', 'E')]
        """
        children, terminal = self.children, self.terminal
        lengths, below = self.below()
        counts = [0] * 26
        for letter in letters:
            counts[ord(letter) - 65] += 1
        top = min(max_len, len(letters) + jokers)
        # Bit n set: a word of n letters is wanted.
        window = ((1 << (top + 1)) - 1) & ~((1 << min_len) - 1) if top >= min_len else 0
        found: list[tuple[str, str]] = []
        spelled: list[str] = []
        marks: list[str] = []

        def walk(node: int, depth: int, jokers: int, need: int) -> None:
            for letter, child in children[node].items():
                count = counts[letter]
                if count:
                    counts[letter] = count - 1
                    left = need if count > 1 else need & ~(1 << letter)
                    by_joker = False
                elif jokers:
                    left = need
                    by_joker = True
                else:
                    continue
                length = depth + 1
                if lengths[child] << length & window and not (use_all and left & ~below[child] and left):
                    spelled.append(ALPHABET[letter])
                    if by_joker:
                        marks.append(ALPHABET[letter])
                    if terminal[child] and (window >> length) & 1 and not (use_all and left):
                        found.append(("".join(spelled), "".join(marks)))
                    if length < top:
                        walk(child, length, jokers - by_joker, left)
                    spelled.pop()
                    if by_joker:
                        marks.pop()
                if count:
                    counts[letter] = count

        if window:
            walk(self.root, 0, jokers, sum(1 << (ord(letter) - 65) for letter in set(letters)))
        return found

    def words(self) -> Iterator[str]:
        """Every word, in alphabetical order (for checks; the generator never needs it)."""
        stack: list[tuple[int, str]] = [(self.root, "")]
        children, terminal = self.children, self.terminal
        while stack:
            node, prefix = stack.pop()
            if terminal[node]:
                yield prefix
            for letter, child in sorted(children[node].items(), reverse=True):
                stack.append((child, prefix + ALPHABET[letter]))

    # -- files -----------------------------------------------------------------------------
    def to_bytes(self) -> bytes:
        """A checksummed serialisation through :mod:`marshal` (which reads lists of dicts at C speed)."""
        # What lies below each node goes in too: a search by letters needs it at once, and
        # reading it costs less than working it out again.
        lengths, letters = self.below()
        # Marshal's version 4, which every Python since 3.4 reads: a graph built with the package
        # by one Python is read by another (an unreadable one is only built again).
        payload = marshal.dumps(
            (self.digest, self.word_count, self.max_length, self.root, bytes(self.terminal), self.children,
             self.child_mask, lengths, letters),
            MARSHAL_VERSION,
        )
        checksum = hashlib.blake2b(payload, digest_size=16).digest()
        return FORMAT + checksum + payload

    @classmethod
    def from_bytes(cls, data: bytes, digest: str | None = None) -> Dawg:
        """Read :meth:`to_bytes` output; raise ValueError if it is corrupt or for another list."""
        head = len(FORMAT)
        if data[:head] != FORMAT:
            raise ValueError("not a DAWG file of this version")
        checksum, payload = data[head : head + 16], data[head + 16 :]
        if hashlib.blake2b(payload, digest_size=16).digest() != checksum:
            raise ValueError("DAWG file checksum mismatch")
        try:
            stored, word_count, max_length, root, terminal, children, masks, lengths, letters = marshal.loads(payload)
        except (EOFError, ValueError, TypeError) as exc:
            raise ValueError(f"unreadable DAWG file: {exc}") from None
        if digest is not None and stored != digest:
            raise ValueError("DAWG file is for another word list")
        # The checksum vouches for the bytes; these checks catch a file this code did not write.
        count = len(children)
        if not (
            isinstance(terminal, bytes) and isinstance(children, list) and isinstance(masks, list)
            and isinstance(lengths, list) and isinstance(letters, list)
            and len(terminal) == count == len(masks) == len(lengths) == len(letters) and 0 <= root < count
        ):
            raise ValueError("inconsistent DAWG file")
        found = cls(children, terminal, masks, word_count, stored, max_length, root, "disk")
        found._below = (lengths, letters)
        return found


def key_search(
    keys: Dawg, letters: str, jokers: int, min_len: int = 2, max_len: int = 15, use_all: bool = False,
    first_only: bool = False,
) -> list[tuple[str, str]]:
    """Every anagram key the tiles reach in ``keys`` (:meth:`Dawg.anagram_keys`), as
    ``(key, letters taken by jokers)``; ``letters`` are the real tiles, A-Z in any order.

    Keys are sorted, so the walk goes through the alphabet once: a real tile is used whenever
    there is one (the way with the fewest jokers), and with ``use_all`` (every real tile in the
    word) it stops at the smallest tile still unused, which no later letter could place. A node
    from which no key of an allowed length ends is not entered. ``first_only`` stops at the
    first key found (to ask whether any exists).

        >>> keys = Dawg.from_words(["MAISON", "AIMONS", "MAIS", "MAISONS"]).anagram_keys()
        >>> key_search(keys, "MAISON", 1)
        [('AIMNOS', ''), ('AIMNOSS', 'S'), ('AIMS', '')]
    """
    children, terminal = keys.children, keys.terminal
    lengths, _letters = keys.below()
    counts = [0] * 26
    for letter in letters:
        counts[ord(letter) - 65] += 1
    remaining = len(letters)
    found: list[tuple[str, str]] = []
    top = min(max_len, remaining + jokers)
    # Bit n set: a key of n more letters is acceptable (between the lengths asked for).
    window = ((1 << (top + 1)) - 1) & ~((1 << min_len) - 1) if top >= min_len else 0

    def walk(node: int, prefix: str, start: int, jokers: int, marks: str, remaining: int) -> bool:
        depth = len(prefix)
        stop = 26
        if use_all and remaining:
            stop = next(i for i in range(start, 26) if counts[i]) + 1
        kids = children[node]
        for index in range(start, stop):
            child = kids.get(index)
            if child is None:
                continue
            available = counts[index]
            if available:
                counts[index] = available - 1
                left, marks2, real = jokers, marks, 1
            elif jokers:
                left, marks2, real = jokers - 1, marks + ALPHABET[index], 0
            else:
                continue
            key = prefix + ALPHABET[index]
            length = depth + 1
            if lengths[child] << length & window:
                if (
                    terminal[child] and min_len <= length and not (use_all and remaining - real)
                ):
                    found.append((key, marks2))
                    if first_only:
                        if available:
                            counts[index] = available
                        return True
                if length < top and walk(child, key, index, left, marks2, remaining - real):
                    if available:
                        counts[index] = available
                    return True
            if available:
                counts[index] = available
        return False

    if window:
        walk(keys.root, "", 0, jokers, "", remaining)
    return found
