"""The one word structure of a list: a minimal DAWG with integer letters.

A move generator asks, at every square, which letters may follow a prefix; a word list is asked
whether a word is in it; the tirage search asks which words some tiles spell. One structure
answers the three, so a list is held in memory once: a *directed acyclic word graph* (a trie
whose equal subtrees are shared), the structure of Appel and Jacobson's generator, built from
the list's words, and beside it (:meth:`Dawg.anagram_keys`) the same kind of graph over the
words' letters in alphabetical order, made from it when a search by letters is first asked.
Letters are integers (``A`` = 0 … ``Z`` = 25) and each node is a small dict ``letter -> child``,
the fastest shape for CPython to follow one edge or list a node's children.

    >>> d = Dawg.from_words(["ME", "MOT", "MOTS", "TE"])
    >>> d.contains("MOTS"), d.contains("MO"), d.node_count, sorted(d.words()) == ["ME", "MOT", "MOTS", "TE"]
    (True, False, 6, True)

Building takes about half a second for 400,000 words in pure Python, so a built structure is
kept in memory for each lexicon object (:func:`dawg_for`) and, for large lists, in the user's
cache folder, keyed by a hash of the word list: a stale or corrupt file is detected and rebuilt.
"""

from __future__ import annotations

import hashlib
import marshal
import operator
import os
import threading
import weakref
from bisect import bisect_left
from collections import OrderedDict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol, runtime_checkable

from scrabble_fr.records.atomic import write_atomic

# Letters are A-Z only: French words are played without accents (regles.md).
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
ALL_LETTERS = (1 << 26) - 1
CODES = {letter: code for code, letter in enumerate(ALPHABET)}
_NEXT = {letter: chr(ord(letter) + 1) for letter in ALPHABET}  # the bound of a letter's range

# Below this many words a build takes a few milliseconds: not worth a file.
DISK_CACHE_MIN_WORDS = 20_000
CACHE_ENV = "SCRABBLE_FR_CACHE"  # a folder for the cache, or "off" to disable it
KEEP_FILES = 4  # cache files kept: French, English, a player's own list, one spare
_FORMAT = b"scrabble_fr-dawg-3"


@runtime_checkable
class WordSource(Protocol):
    """What the move generator needs from a lexicon: membership and the full, sorted word list.

    ``scrabble_fr.lexicon.Lexicon`` is one; :class:`WordSet` wraps a plain list for tests.
    """

    def __contains__(self, word: object) -> bool: ...

    def words(self) -> Iterable[str]: ...


class WordSet:
    """A plain word list with the :class:`WordSource` interface (for tests and small lists).

    >>> w = WordSet(["mot", "ME"]); "MOT" in w, list(w.words())
    (True, ['ME', 'MOT'])
    """

    def __init__(self, words: Iterable[str], name: str = "") -> None:
        self._words = sorted({word.upper() for word in words})
        self._set = frozenset(self._words)
        self.name = name

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and word.upper() in self._set

    def __len__(self) -> int:
        return len(self._words)

    def words(self) -> Iterator[str]:
        return iter(self._words)

    def __repr__(self) -> str:
        return f"<WordSet {self.name or len(self._words)}>"


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
    # Cross-checks already worked out, (letters before, letters after) -> mask: boards change
    # by one move a turn, so most of a position's cross-checks were seen the turn before.
    cross_cache: dict[tuple[str, str], int] = field(default_factory=dict, compare=False, repr=False)
    _below: tuple[list[int], list[int]] | None = field(default=None, compare=False, repr=False)
    _keys: Dawg | None = field(default=None, compare=False, repr=False)

    def anagram_keys(self) -> Dawg:
        """The DAWG of this one's words with their letters sorted (MAISON is AIMNOS): the
        structure that answers "which words do these tiles spell?" (:func:`key_search`).

        Made on first use from this DAWG's words and kept with it, and on disk beside it for
        large lists (a build takes a few seconds for the French list, a read a few hundredths).
        """
        with _lock:
            if self._keys is None:
                self._keys = _load_or_build_keys(self)
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

    @classmethod
    def from_words(cls, words: Iterable[str], max_length: int = 0) -> Dawg:
        """Build from words (any order, any case); keeps words of 2 to ``max_length`` A-Z letters."""
        clean, digest = _clean(words, max_length)
        return _build(clean, digest, max_length)

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
        payload = marshal.dumps(
            (self.digest, self.word_count, self.max_length, self.root, bytes(self.terminal), self.children,
             self.child_mask, lengths, letters)
        )
        checksum = hashlib.blake2b(payload, digest_size=16).digest()
        return _FORMAT + checksum + payload

    @classmethod
    def from_bytes(cls, data: bytes, digest: str | None = None) -> Dawg:
        """Read :meth:`to_bytes` output; raise ValueError if it is corrupt or for another list."""
        head = len(_FORMAT)
        if data[:head] != _FORMAT:
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


def _clean(words: Iterable[str], max_length: int) -> tuple[list[str], str]:
    """Sorted unique uppercase words of 2..max_length letters A-Z, and a hash of that list."""
    longest = max_length or 99
    items = words if isinstance(words, list) else list(words)
    text = "\n".join(items)
    # A lexicon gives its words sorted and clean: check that at C speed before paying for a sort.
    letters = text.replace("\n", "")
    if (
        items and letters.isascii() and letters.isalpha() and letters.isupper()
        and 2 <= min(map(len, items)) and max(map(len, items)) <= longest
        and all(map(operator.lt, items, items[1:]))
    ):
        clean = items
    else:
        clean = sorted({w.upper() for w in items if 2 <= len(w) <= longest and w.isascii() and w.isalpha()})
        text = "\n".join(clean)
    digest = hashlib.blake2b(text.encode("ascii"), digest_size=20).hexdigest() + f"-{max_length}"
    return clean, digest


def _build(words: list[str], digest: str, max_length: int) -> Dawg:
    """The minimal DAWG of sorted unique words, each node made once its children are known.

    A node is the set of words sharing a prefix: a range of the sorted list, split by the next
    letter with a binary search. Equal nodes are merged through ``register`` (hash-consing), and
    a range of one word is a *tail* looked up by its text, so the many words ending alike
    (-ERAIENT, -ATIONS…) share their tail without walking it again. About three times faster
    than Daciuk's incremental algorithm in CPython, which creates a node per letter.
    """
    children: list[dict[int, int]] = []
    terminal = bytearray()
    masks: list[int] = []
    register: dict[tuple[int, tuple[tuple[int, int], ...]], int] = {}
    tails: dict[str, int] = {}

    def make(term: int, kids: tuple[tuple[int, int], ...]) -> int:
        key = (term, kids)
        node = register.get(key)
        if node is None:
            node = register[key] = len(children)
            children.append(dict(kids))
            terminal.append(term)
            mask = 0
            for letter, _child in kids:
                mask |= 1 << letter
            masks.append(mask)
        return node

    def tail(rest: str) -> int:
        node = tails.get(rest)
        if node is None:
            node = make(0, ((CODES[rest[0]], tail(rest[1:])),)) if rest else make(1, ())
            tails[rest] = node
        return node

    def span(lo: int, hi: int, depth: int) -> int:
        term = 0
        if len(words[lo]) == depth:  # sorted: only the first word of the range can end here
            term, lo = 1, lo + 1
        kids = []
        below = depth + 1
        while lo < hi:
            word = words[lo]
            letter = word[depth]
            end = bisect_left(words, word[:depth] + _NEXT[letter], lo + 1, hi)
            if end - lo == 1:
                child = tails.get(word[below:])
                if child is None:
                    child = tail(word[below:])
            else:
                child = span(lo, end, below)
            kids.append((CODES[letter], child))
            lo = end
        return make(term, tuple(kids))

    root = span(0, len(words), 0) if words else make(0, ())
    return Dawg(children, bytes(terminal), masks, len(words), digest, max_length, root)


# -- caches --------------------------------------------------------------------------------
_lock = threading.RLock()
_memory: weakref.WeakKeyDictionary[object, dict[int, Dawg]] = weakref.WeakKeyDictionary()
# Objects that refuse weak references (a plain list…): a few kept by identity, with the object.
_by_id: OrderedDict[int, tuple[object, dict[int, Dawg]]] = OrderedDict()


def cache_dir() -> Path | None:
    """The folder for DAWG files: ``$SCRABBLE_FR_CACHE``, else the user cache dir; None if off."""
    configured = os.environ.get(CACHE_ENV)
    if configured:
        return None if configured.lower() in ("off", "0", "none") else Path(configured)
    try:
        import platformdirs
    except ImportError:  # platformdirs comes with textual; without it, memory caching only
        return None
    return Path(platformdirs.user_cache_dir("scrabble_fr", appauthor=False))


def dawg_for(lexicon: WordSource, max_length: int = 15) -> Dawg:
    """The DAWG of ``lexicon``'s words, built at first use and then cached.

    A lexicon that keeps its own (``word_graph()``, as :class:`scrabble_fr.lexicon.Lexicon`
    does) gives that one: the list is then held once.

    >>> d = dawg_for(WordSet(["EU", "EUS"])); d is dawg_for(WordSet(["EU", "EUS"])), d.word_count
    (False, 2)
    """
    own = getattr(lexicon, "word_graph", None)
    if own is not None and max_length == 15:
        return own()  # type: ignore[no-any-return]
    # One build at a time: the interface asks for moves from worker threads, and two threads
    # building the same structure would only waste a second each.
    with _lock:
        slot = _slot(lexicon)
        found = slot.get(max_length)
        if found is None:
            found = load_or_build(lexicon.words(), max_length)
            slot[max_length] = found
        return found


def _slot(lexicon: object) -> dict[int, Dawg]:
    try:
        slot = _memory.get(lexicon)
        if slot is None:
            slot = _memory[lexicon] = {}
        return slot
    except TypeError:
        pass
    key = id(lexicon)
    entry = _by_id.get(key)
    if entry is None or entry[0] is not lexicon:
        entry = (lexicon, {})
        _by_id[key] = entry
        while len(_by_id) > 4:
            _by_id.popitem(last=False)
    _by_id.move_to_end(key)
    return entry[1]


def load_or_build(words: Iterable[str], max_length: int = 15, text: str | None = None) -> Dawg:
    """Build the DAWG, or read it from the disk cache when a file for this exact list is there.

    ``text``, when given, is the words one a line, as a word list keeps them: the cache file is
    then found from a hash of that text alone, without splitting, checking and joining 400,000
    words again (a tenth of a second); the words are read from it only to build.
    """
    clean: list[str] | None = None
    if text is not None:
        hashed = hashlib.blake2b(text.encode("ascii", "replace"), digest_size=20).hexdigest()
        digest = f"text-{hashed}-{max_length}"
        count = text.count("\n") + 1 if text else 0
    else:
        clean, digest = _clean(words, max_length)
        count = len(clean)
    folder = cache_dir() if count >= DISK_CACHE_MIN_WORDS else None
    path = folder / f"dawg-{digest}.bin" if folder is not None else None
    if path is not None:
        try:
            found = Dawg.from_bytes(path.read_bytes(), digest)
            os.utime(path)  # marks it recently used, for the clean-up below
            return found
        except (OSError, ValueError):
            pass  # missing, stale or corrupt: rebuilt below and rewritten
    if clean is None:
        clean, _digest = _clean(text.split("\n") if text else [], max_length)
    dawg = _build(clean, digest, max_length)
    if path is not None:
        _write_atomically(path, dawg.to_bytes())
        _forget_old_files(path.parent)
    return dawg


def _load_or_build_keys(words: Dawg) -> Dawg:
    """The anagram-key DAWG of ``words``, read from the disk cache when it is there."""
    digest = f"keys-{words.digest}"
    folder = cache_dir() if words.word_count >= DISK_CACHE_MIN_WORDS and words.digest else None
    path = folder / f"{digest}.bin" if folder is not None else None
    if path is not None:
        try:
            found = Dawg.from_bytes(path.read_bytes(), digest)
            os.utime(path)
            return found
        except (OSError, ValueError):
            pass
    keys = sorted({"".join(sorted(word)) for word in words.words()})
    built = _build(keys, digest, words.max_length)
    if path is not None:
        _write_atomically(path, built.to_bytes())
        _forget_old_files(path.parent, pattern="keys-*.bin")
    return built


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


def _forget_old_files(folder: Path, keep: int = KEEP_FILES, pattern: str = "dawg-*.bin") -> None:
    # Each word list (or edition of one) leaves a file: keep the few used last.
    try:
        files = sorted(folder.glob(pattern), key=lambda f: f.stat().st_mtime, reverse=True)
        for old in files[keep:]:
            old.unlink()
    except OSError:
        pass  # another process may be cleaning up too


def _write_atomically(path: Path, data: bytes) -> None:
    try:
        write_atomic(path, data)
    except OSError:
        pass  # a read-only cache folder only costs a rebuild next time: never stop the game
