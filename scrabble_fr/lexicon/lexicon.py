"""A word list: the shipped French or English list, a player's own file, and extra words on top.

    >>> lexicon = Lexicon.builtin("fr")
    >>> "maison" in lexicon, "MAISONX" in lexicon
    (True, False)

Words are kept as one sorted text, and answered from one structure, the list's DAWG
(:mod:`scrabble_fr.words`: about 17 MB for the 405,793 French words, read in a tenth of a
second from the disk cache once built), which the move generator and the tirage search walk too.
Every word goes through :func:`normalize_word`, so a list with accents or in lower case behaves
like the shipped ones.
"""

from __future__ import annotations

import gzip
import heapq
import threading
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from scrabble_fr.lexicon.errors import N_, LexiconError
from scrabble_fr.lexicon.normalize import MAX_LENGTH, normalize_word
from scrabble_fr.lexicon.wordfile import SKIPPED_EXAMPLES, read_word_file
from scrabble_fr.messages import system_error_detail
from scrabble_fr.resources import data_path
from scrabble_fr.words import Dawg, load_or_build, ship_graphs

if TYPE_CHECKING:
    from scrabble_fr.lexicon.anagram import AnagramIndex

__all__ = ["BUILTINS", "SHIPPED_GRAPHS", "BuiltinList", "Lexicon", "read_word_file", "ship_builtin_graphs"]


@dataclass(frozen=True)
class BuiltinList:
    """A word list shipped in ``lexiques/``."""

    language: str
    file_name: str
    label: str


# The folder of the shipped lists' graphs in an installed package (built by setup.py).
SHIPPED_GRAPHS = "graphs"

BUILTINS: dict[str, BuiltinList] = {
    "fr": BuiltinList("fr", "fr.txt.gz", N_("Grammalecte 7.0 (free list)")),
    "en": BuiltinList("en", "en.txt.gz", "SCOWL 80"),
}


class Lexicon:
    """The words a game accepts.

        >>> lexicon = Lexicon.from_words(["maison", "Été"], "demo")
        >>> "ETE" in lexicon, len(lexicon), list(lexicon.words())
        (True, 2, ['ETE', 'MAISON'])

    Immutable once built: :meth:`with_extra` returns a new lexicon sharing this one's words.
    """

    def __init__(
        self,
        sorted_words: list[str],
        *,
        text: str | None = None,
        name: str,
        language: str | None = None,
        is_builtin_french: bool = False,
        skipped: int = 0,
        skipped_examples: list[str] | None = None,
        translate_name: bool = False,
    ) -> None:
        """Wrap words that are already normalised, sorted and unique (use the ``from_*`` builders).

        ``text``, when given, is the same words one a line (the content of a shipped file);
        ``sorted_words`` may then be empty: the words are counted from the text.
        """
        # The word graph is read (or built) at the first question: listing words needs only the text.
        self._graph: Dawg | None = None
        # The sorted words as one string: 4.5 MB instead of 25 MB of str objects.
        self._text = "\n".join(sorted_words) if text is None else text.rstrip("\n")
        if text is not None and not sorted_words:
            # Only the text was given (a shipped or stored list): its lines are the words,
            # counted without making 400,000 strings.
            self._count = self._text.count("\n") + 1 if self._text else 0
        else:
            self._count = len(sorted_words)
        self._extra: frozenset[str] = frozenset()
        self._extra_names: tuple[str, ...] = ()
        self._name = name
        self._translate_name = translate_name
        self.language = language
        self.is_builtin_french = is_builtin_french
        self.skipped = skipped
        self.skipped_examples: list[str] = list(skipped_examples or [])
        self._anagram_index: AnagramIndex | None = None
        # A shipped list's graphs, built with the package (None: none, or not installed so).
        self._shipped: Path | None = None

    # -- builders ---------------------------------------------------------------------------

    @classmethod
    def builtin(cls, language: str) -> Lexicon:
        """The list shipped for ``language``: ``"fr"`` (Grammalecte 7.0) or ``"en"`` (SCOWL).

            >>> Lexicon.builtin("fr").name  # in the reader's language  # doctest: +ELLIPSIS
            'Grammalecte 7.0 (...)'

        Loaded once per process and shared (a lexicon never changes). Raises
        :class:`LexiconError` (``lexicon_builtin_unknown``, ``lexicon_missing``).
        """
        if language not in BUILTINS:
            raise LexiconError(
                "lexicon_builtin_unknown", name=language, known=", ".join(sorted(BUILTINS))
            )
        return _load_builtin(language)

    @classmethod
    def from_file(
        cls, path: str | Path, extra: str | Path | None = None, language: str | None = None
    ) -> Lexicon:
        """A player's own list (the ODS, for one), with an optional file of extra words on top.

            >>> Lexicon.from_file("ods.txt", extra="mes-mots.txt").name  # doctest: +SKIP
            'ods.txt + mes-mots.txt'

        Lines that are not words are skipped and counted in ``skipped`` / ``skipped_examples``.
        Raises :class:`LexiconError` (``lexicon_missing``, ``lexicon_unreadable``,
        ``lexicon_empty``).
        """
        path = Path(path)
        loaded = read_word_file(path)
        if not loaded.words:
            raise LexiconError("lexicon_empty", path=str(path))
        lexicon = cls(
            sorted(set(loaded.words)),
            name=path.name,
            language=language,
            skipped=loaded.skipped,
            skipped_examples=loaded.skipped_examples,
        )
        return lexicon.with_extra(extra) if extra is not None else lexicon

    @classmethod
    def from_words(cls, words: Iterable[str], name: str, language: str | None = None) -> Lexicon:
        """A lexicon of the given words (normalised; the ones that are not words are skipped).

            >>> len(Lexicon.from_words(["chat", "chien", "x"], "demo"))
            2
        """
        kept: set[str] = set()
        skipped: list[str] = []
        for text in words:
            word = normalize_word(text)
            if word is None:
                skipped.append(text)
            else:
                kept.add(word)
        return cls(
            sorted(kept),
            name=name,
            language=language,
            skipped=len(skipped),
            skipped_examples=skipped[:SKIPPED_EXAMPLES],
        )

    def with_extra(self, path: str | Path) -> Lexicon:
        """This list plus the words of the file ``path`` (the player's extra words).

            >>> Lexicon.builtin("fr").with_extra("mes-mots.txt").name  # doctest: +SKIP
            'Grammalecte 7.0 (free list) + mes-mots.txt'

        The new lexicon shares this one's text: only the new words are stored apart. Its
        ``skipped`` adds the extra file's rejected lines to this list's.
        """
        path = Path(path)
        loaded = read_word_file(path)
        # A shallow copy: the sorted text is shared, never modified.
        combined = Lexicon.__new__(Lexicon)
        combined.__dict__.update(self.__dict__)
        combined._extra = self._extra | frozenset(w for w in loaded.words if w not in self)
        combined._extra_names = (*self._extra_names, path.name)
        combined.skipped = self.skipped + loaded.skipped
        combined.skipped_examples = (self.skipped_examples + loaded.skipped_examples)[
            :SKIPPED_EXAMPLES
        ]
        combined._anagram_index = None
        combined._graph = None  # the extra words make another graph (its own cache file)
        return combined

    # -- queries ----------------------------------------------------------------------------

    def __contains__(self, word: object) -> bool:
        if not isinstance(word, str):
            return False
        # Fast path: the move generator and the verifier already hand in capitals A to Z.
        if not (word.isascii() and word.isalpha() and word.isupper()):
            normalized = normalize_word(word)
            if normalized is None:
                return False
            word = normalized
        # The walk of Dawg.contains, inline: the verifier asks this for every word of a move.
        graph = self._graph or self.word_graph()
        children = graph.children
        node: int | None = graph.root
        for letter in word:
            node = children[node].get(ord(letter) - 65)  # type: ignore[index]
            if node is None:
                return False
        return node is not None and bool(graph.terminal[node])

    def __len__(self) -> int:
        return self._count + len(self._extra)

    def __repr__(self) -> str:
        return f"<Lexicon {self.name!r}: {len(self)} words>"

    @property
    def name(self) -> str:
        """The short text shown to the player: the list's name, or the file's."""
        base = self._name
        if self._translate_name:
            # Translated when asked, so a change of language shows at once.
            from scrabble_fr.i18n import _

            base = _(base)
        return " + ".join((base, *self._extra_names))

    @property
    def key(self) -> str:
        """The list's name as stored (never translated): what keeps a study deck per list."""
        return " + ".join((self._name, *self._extra_names))

    def words(self) -> Iterator[str]:
        """Every word, in alphabetical order.

            >>> next(Lexicon.builtin("fr").words())
            'AA'
        """
        base: Iterator[str] = iter(self._text.split("\n")) if self._count else iter(())
        if not self._extra:
            return base
        return heapq.merge(base, sorted(self._extra))

    def word_graph(self) -> Dawg:
        """The DAWG of every word (extra words included): membership, the move generator and
        the tirage search all answer from it. Read from the graphs installed with a shipped
        list, or from the disk cache, or built (and written there) on first use."""
        if self._graph is None:
            with _graph_lock:  # the interface asks from worker threads: one build at a time
                if self._graph is None:
                    # The text alone names the cache file (no extra words: it is every word).
                    text = None if self._extra else self._text
                    self._graph = load_or_build(self.words(), MAX_LENGTH, text, shipped=self._shipped)
        return self._graph

    def anagram_index(self) -> AnagramIndex:
        """The structure the draw search walks, made from the word graph on first use."""
        if self._anagram_index is None:
            from scrabble_fr.lexicon.anagram import AnagramIndex

            self._anagram_index = AnagramIndex(self.word_graph())
        return self._anagram_index


_graph_lock = threading.Lock()


@cache
def _load_builtin(language: str) -> Lexicon:
    spec = BUILTINS[language]
    path = data_path("lexiques") / spec.file_name
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise LexiconError("lexicon_missing", path=str(path)) from None
    except OSError as error:
        raise LexiconError("lexicon_unreadable", path=str(path), detail=system_error_detail(error)) from None
    # The shipped files are already normalised, sorted and unique (tools/construire_lexiques.py).
    text = gzip.decompress(data).decode("ascii")
    lexicon = Lexicon(
        [],
        text=text,
        name=spec.label,
        language=language,
        is_builtin_french=language == "fr",
        translate_name=True,
    )
    lexicon._shipped = data_path(SHIPPED_GRAPHS)
    return lexicon


def ship_builtin_graphs(folder: Path) -> list[Path]:
    """Build the shipped lists' word graphs into ``folder``, as an installed package carries them
    (``scrabble_fr/_data/graphs``): the package build calls this, so a fresh install does not
    build them on first use. Each file is named by a hash of the list it was built from: a list
    changed afterwards is not matched, and built as any other.
    """
    written: list[Path] = []
    for language in BUILTINS:
        lexicon = _load_builtin(language)
        written += ship_graphs(lexicon._text, folder, MAX_LENGTH)
    return written
