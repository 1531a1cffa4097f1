"""Keeping built word graphs: in memory for each word list, on disk for large lists.

Building the French list's graph takes over a second; reading it back from a file a tenth of
one. A built graph is kept in memory for each word-list object (:func:`dawg_for`) and, for large
lists, in the user's cache folder (:func:`cache_dir`), in a file named by a hash of the word
list: a stale or corrupt file is detected and rebuilt, and only the few files used last are kept.

The shipped lists' graphs are built when the package is built and installed with it (a folder
given as ``shipped``, read-only): a fresh install reads them as a warm cache would. They are
found by the same hash, so a list changed since they were built is simply built again. A build
that lasts more than a second is announced (:func:`announce_slow_builds`): a player's own list
is built once, and the player is told why the first question waits.

    >>> from scrabble_fr.words import WordSet
    >>> d = dawg_for(WordSet(["EU", "EUS"])); d is dawg_for(WordSet(["EU", "EUS"])), d.word_count
    (False, 2)
"""

from __future__ import annotations

import hashlib
import os
import threading
import time
import weakref
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING

from scrabble_fr.records.atomic import write_atomic
from scrabble_fr.words.build import anagram_key_graph, build, clean
from scrabble_fr.words.graph import Dawg

if TYPE_CHECKING:
    from scrabble_fr.engine.wordlist import WordList

# Below this many words a build takes a few milliseconds: not worth a file.
DISK_CACHE_MIN_WORDS = 20_000
CACHE_ENV = "SCRABBLE_FR_CACHE"  # a folder for the cache, or "off" to disable it
KEEP_FILES = 4  # cache files kept: French, English, a player's own list, one spare
SLOW_BUILD_SECONDS = 1.0  # a build still running after this long is announced


class GraphKind(Enum):
    """Which structure a build makes: the word graph, or the anagram-key graph beside it."""

    WORDS = "words"
    KEYS = "keys"


@dataclass(frozen=True)
class BuildNotice:
    """A slow build, told to whoever listens (:func:`announce_slow_builds`).

    Sent once when the build has run :data:`SLOW_BUILD_SECONDS` (``finished`` False), and once
    more when it ends (``finished`` True, ``seconds`` its whole length); a quick build sends none.
    """

    kind: GraphKind
    words: int
    finished: bool
    seconds: float


_listener: Callable[[BuildNotice], None] | None = None

# One build at a time: the interface asks for moves from worker threads, and two threads
# building the same structure would only waste a second each.
lock = threading.RLock()
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


def dawg_for(lexicon: WordList, max_length: int = 15) -> Dawg:
    """The DAWG of ``lexicon``'s words, built at first use and then cached.

    A lexicon that keeps its own (``word_graph()``, as :class:`scrabble_fr.lexicon.Lexicon`
    does) gives that one: the list is then held once.
    """
    own = getattr(lexicon, "word_graph", None)
    if own is not None and max_length == 15:
        return own()  # type: ignore[no-any-return]
    with lock:
        slot = _slot(lexicon)
        found = slot.get(max_length)
        if found is None:
            found = load_or_build(lexicon.words(), max_length)
            slot[max_length] = found
        return found


def _slot(lexicon: object) -> dict[int, Dawg]:
    """The graphs kept for ``lexicon``, by longest word: with it while it lives."""
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


def text_digest(text: str, max_length: int) -> str:
    """What names the graph of the list ``text`` (words one a line): a hash of the text itself."""
    hashed = hashlib.blake2b(text.encode("ascii", "replace"), digest_size=20).hexdigest()
    return f"text-{hashed}-{max_length}"


def announce_slow_builds(listener: Callable[[BuildNotice], None] | None) -> None:
    """Tell ``listener`` about every build that lasts more than a second (None: tell no one).

    The listener is called from a timer thread while the build runs, then from the building one.
    """
    global _listener
    _listener = listener


@contextmanager
def _announced(kind: GraphKind, words: int) -> Iterator[None]:
    listener = _listener
    if listener is None:
        yield
        return
    start = time.monotonic()
    told = threading.Event()

    def tell() -> None:
        told.set()
        listener(BuildNotice(kind, words, False, time.monotonic() - start))

    timer = threading.Timer(SLOW_BUILD_SECONDS, tell)
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()
        if told.is_set():
            listener(BuildNotice(kind, words, True, time.monotonic() - start))


def load_or_build(
    words: Iterable[str], max_length: int = 15, text: str | None = None, shipped: Path | None = None
) -> Dawg:
    """Build the DAWG, or read it from the disk cache when a file for this exact list is there.

    ``text``, when given, is the words one a line, as a word list keeps them: the cache file is
    then found from a hash of that text alone, without splitting, checking and joining 400,000
    words again (a tenth of a second); the words are read from it only to build. ``shipped`` is
    a read-only folder of graphs built with the package (:func:`ship_graphs`), looked at first.
    """
    kept: list[str] | None = None
    if text is not None:
        digest = text_digest(text, max_length)
        count = text.count("\n") + 1 if text else 0
    else:
        kept, digest = clean(words, max_length)
        count = len(kept)
    name = f"dawg-{digest}.bin"
    if shipped is not None:
        found = _read(shipped / name, digest, touch=False)
        if found is not None:
            found.shipped = shipped
            return found
    folder = cache_dir() if count >= DISK_CACHE_MIN_WORDS else None
    path = folder / name if folder is not None else None
    if path is not None:
        found = _read(path, digest)
        if found is not None:
            return found
    with _announced(GraphKind.WORDS, count):
        if kept is None:
            kept, _digest = clean(text.split("\n") if text else [], max_length)
        dawg = build(kept, digest, max_length)
        dawg.below()  # part of the file, and the first search needs it anyway
    if path is not None:
        _write(path, dawg.to_bytes())
        _forget_old_files(path.parent)
    return dawg


def load_or_build_keys(words: Dawg) -> Dawg:
    """The anagram-key DAWG of ``words``, read from the disk cache when it is there."""
    digest = f"keys-{words.digest}"
    if words.shipped is not None and words.digest:
        found = _read(words.shipped / f"{digest}.bin", digest, touch=False)
        if found is not None:
            return found
    folder = cache_dir() if words.word_count >= DISK_CACHE_MIN_WORDS and words.digest else None
    path = folder / f"{digest}.bin" if folder is not None else None
    if path is not None:
        found = _read(path, digest)
        if found is not None:
            return found
    with _announced(GraphKind.KEYS, words.word_count):
        built = anagram_key_graph(words, digest)
        built.below()
    if path is not None:
        _write(path, built.to_bytes())
        _forget_old_files(path.parent, pattern="keys-*.bin")
    return built


def ship_graphs(text: str, folder: Path, max_length: int = 15) -> list[Path]:
    """Build the word graph and the anagram-key graph of the list ``text`` (words one a line, as
    :class:`~scrabble_fr.lexicon.Lexicon` keeps them) into ``folder``, named as the cache names
    them: the package build does this for the shipped lists (``setup.py``).

    Returns the files written. A run with the package's ``shipped`` folder then reads them.
    """
    folder.mkdir(parents=True, exist_ok=True)
    kept, _digest = clean(text.split("\n") if text else [], max_length)
    digest = text_digest(text, max_length)
    words = build(kept, digest, max_length)
    keys = anagram_key_graph(words, f"keys-{digest}")
    written = [folder / f"dawg-{digest}.bin", folder / f"keys-{digest}.bin"]
    write_atomic(written[0], words.to_bytes())
    write_atomic(written[1], keys.to_bytes())
    return written


def _read(path: Path, digest: str, touch: bool = True) -> Dawg | None:
    """The graph in ``path`` if it is a sound file for the list ``digest``, else None."""
    try:
        found = Dawg.from_bytes(path.read_bytes(), digest)
    except (OSError, ValueError):
        return None  # missing, stale or corrupt: rebuilt by the caller and rewritten
    if touch:
        try:
            os.utime(path)  # marks it recently used, for the clean-up of old files
        except OSError:
            pass
    return found


def _forget_old_files(folder: Path, keep: int = KEEP_FILES, pattern: str = "dawg-*.bin") -> None:
    # Each word list (or edition of one) leaves a file: keep the few used last.
    try:
        files = sorted(folder.glob(pattern), key=lambda f: f.stat().st_mtime, reverse=True)
        for old in files[keep:]:
            old.unlink()
    except OSError:
        pass  # another process may be cleaning up too


def _write(path: Path, data: bytes) -> None:
    try:
        write_atomic(path, data)
    except OSError:
        pass  # a read-only cache folder only costs a rebuild next time: never stop the game
