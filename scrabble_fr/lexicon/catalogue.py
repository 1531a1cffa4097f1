"""The known word lists: the shipped French and English ones and the player's own, by name.

    >>> catalogue = Catalogue(Path("lexiques-du-joueur"))  # doctest: +SKIP
    >>> catalogue.add(Path("ods8.txt"), "ODS8", "fr", make_default=True).words  # doctest: +SKIP
    411430

A player's list is normalised once (accents, case, bad lines) and stored compressed, one word a
line, in the user data folder (``SCRABBLE_FR_LEXIQUES`` overrides it, as ``SCRABBLE_FR_PARTIES``
does for saved games). An index, ``lexiques.json``, keeps each list's name, language, word count
and source file, and the default list of each language. Every command resolves the list to use
through :func:`default_source` and :func:`load_source`, so they all agree.
"""

from __future__ import annotations

import gzip
import json
import os
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scrabble_fr.lexicon.errors import N_, LexiconError
from scrabble_fr.lexicon.lexicon import BUILTINS, Lexicon, read_word_file
from scrabble_fr.lexicon.wordfile import ListFormat
from scrabble_fr.messages import system_error_detail
from scrabble_fr.records.atomic import write_atomic

LISTS_ENV = "SCRABBLE_FR_LEXIQUES"
INDEX_FILE = "lexiques.json"
LANGUAGES = ("fr", "en")
# The names of the shipped lists, as the player types them (``fr`` and ``en`` are aliases).
BUILTIN_NAMES = {"fr": "grammalecte", "en": "scowl"}
MAX_NAME_LENGTH = 40


def lexicon_token(source: object, name: object = None) -> str | None:
    """A one-word name for GCG's ``#lexicon`` pragma: the shipped lists by a fixed name, a
    player's list by the name it was given (``lexiques ajouter --nom``), a file by its stem.

        >>> lexicon_token("fr"), lexicon_token("fr", "Club ODS"), lexicon_token("/x/mes mots.txt")
        ('Grammalecte-7.0', 'Club_ODS', 'mes_mots')
    """
    # The recorded name is the list that judged the game; the source may be just the language
    # (``fr``) when the player's default list was used.
    shipped = {"Grammalecte 7.0": "Grammalecte-7.0", "SCOWL 80": "SCOWL-80"}
    if isinstance(name, str) and name.strip():
        for label, token in shipped.items():
            if name.startswith(label):
                return token
        return "_".join(name.split())
    if not isinstance(source, str) or not source:
        return None
    if source in ("fr", BUILTIN_NAMES["fr"]):
        return "Grammalecte-7.0"
    if source in ("en", BUILTIN_NAMES["en"]):
        return "SCOWL-80"
    return Path(source).stem.replace(" ", "_") or None


def default_directory() -> Path:
    """Where the player's lists live: the user data folder (``SCRABBLE_FR_LEXIQUES`` overrides it)."""
    explicit = os.environ.get(LISTS_ENV)
    if explicit:
        return Path(explicit)
    from platformdirs import user_data_dir

    return Path(user_data_dir("scrabble_fr")) / "lexiques"


@dataclass(frozen=True)
class ListInfo:
    """One known list: its name, language, word count and where its words come from."""

    name: str
    language: str
    words: int
    source: str  # the file it was read from (a shipped list: its file in lexiques/)
    builtin: bool = False
    file: str = ""  # a player's list: the compressed file in the catalogue's folder


@dataclass(frozen=True)
class AddReport:
    """What ``add`` stored, and the lines of the file that were not words."""

    info: ListInfo
    skipped: int
    skipped_examples: tuple[str, ...]
    made_default: bool
    format: ListFormat = ListFormat.TEXT


def _key(name: str) -> str:
    """Names are compared without case or accents: ``ODS`` and ``ods`` are the same list."""
    decomposed = unicodedata.normalize("NFD", name.strip())
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def _file_name(name: str, taken: set[str]) -> str:
    """A safe file name for a list called ``name`` (letters, digits and dashes only)."""
    stem = re.sub(r"[^a-z0-9]+", "-", _key(name)).strip("-") or "liste"
    candidate, number = f"{stem}.txt.gz", 2
    while candidate in taken:
        candidate, number = f"{stem}-{number}.txt.gz", number + 1
    return candidate


class Catalogue:
    """The player's lists and the default list of each language, kept in one folder."""

    def __init__(self, directory: Path | None = None) -> None:
        self.directory = directory or default_directory()

    # -- the index ---------------------------------------------------------------------------

    @property
    def index_path(self) -> Path:
        return self.directory / INDEX_FILE

    def _read_index(self) -> dict[str, Any]:
        """The index; a missing or damaged one counts as empty (no list of the player's)."""
        try:
            data = json.loads(self.index_path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {"lists": [], "defaults": {}}
        if not isinstance(data, dict):
            return {"lists": [], "defaults": {}}
        lists = [entry for entry in data.get("lists", []) if _valid_entry(entry)]
        defaults = data.get("defaults", {})
        if not isinstance(defaults, dict):
            defaults = {}
        return {"lists": lists, "defaults": {k: v for k, v in defaults.items() if isinstance(v, str)}}

    def _write_index(self, index: dict[str, Any]) -> None:
        """Write the index through a temporary file, so a crash leaves the old one whole."""
        self.directory.mkdir(parents=True, exist_ok=True)
        text = json.dumps(index, ensure_ascii=False, indent=2) + "\n"
        write_atomic(self.index_path, text.encode("utf-8"))

    # -- queries -----------------------------------------------------------------------------

    def builtin_lists(self) -> list[ListInfo]:
        """The shipped lists (their word count read from the list itself)."""
        found = []
        for language, spec in BUILTINS.items():
            count = _builtin_count(language)
            found.append(ListInfo(BUILTIN_NAMES[language], language, count,
                                  f"lexiques/{spec.file_name}", builtin=True))
        return found

    def user_lists(self) -> list[ListInfo]:
        return [
            ListInfo(e["name"], e["language"], e["words"], e["source"], file=e["file"])
            for e in self._read_index()["lists"]
        ]

    def lists(self) -> list[ListInfo]:
        """Every known list: the shipped ones first, then the player's in the order added."""
        return self.builtin_lists() + self.user_lists()

    def find(self, name: str) -> ListInfo | None:
        """The list called ``name`` (any case, accents ignored; ``fr``/``en`` name the shipped ones)."""
        key = _key(name)
        if key in BUILTIN_NAMES:
            key = BUILTIN_NAMES[key]
        for language, builtin in BUILTIN_NAMES.items():
            if key == builtin:
                return next(i for i in self.builtin_lists() if i.language == language)
        return next((info for info in self.user_lists() if _key(info.name) == key), None)

    def default_name(self, language: str) -> str:
        """The name of the default list of ``language`` (the shipped one unless the player chose)."""
        chosen = self._read_index()["defaults"].get(language)
        if chosen and any(_key(i.name) == _key(chosen) for i in self.user_lists()):
            return chosen
        return BUILTIN_NAMES.get(language, language)

    def default(self, language: str) -> ListInfo | None:
        return self.find(self.default_name(language))

    # -- changes -----------------------------------------------------------------------------

    def add(self, path: Path, name: str, language: str, make_default: bool = False) -> AddReport:
        """Read ``path``, store its words under ``name``, and with ``make_default`` make it the default.

        ``path`` is a text list, a list with definitions or a Quackle word graph (``.dawg``),
        recognised from its content (:func:`~scrabble_fr.lexicon.wordfile.read_word_file`).
        Raises :class:`LexiconError` (``lexicon_missing``, ``lexicon_unreadable``, ``lexicon_empty``,
        ``lexicon_damaged_graph``, ``lexicon_not_text``, ``lexicon_name_taken``,
        ``lexicon_name_invalid``, ``lexicon_language``); nothing is stored then.
        """
        name = name.strip()
        if not name or len(name) > MAX_NAME_LENGTH or any(unicodedata.category(c)[0] == "C" for c in name):
            raise LexiconError("lexicon_name_invalid", name=name, maximum=MAX_NAME_LENGTH)
        if language not in LANGUAGES:
            raise LexiconError("lexicon_language", language=language)
        found = self.find(name)
        if found is not None and found.builtin:
            raise LexiconError("lexicon_name_reserved", name=found.name)
        if found is not None:
            raise LexiconError("lexicon_name_taken", name=name)
        if path.is_dir():
            raise LexiconError("lexicon_unreadable", path=str(path), detail=N_("is a folder"))
        loaded = read_word_file(path)
        words = sorted(set(loaded.words))
        if not words:
            raise LexiconError("lexicon_empty", path=str(path))
        index = self._read_index()
        file_name = _file_name(name, {e["file"] for e in index["lists"]})
        self.directory.mkdir(parents=True, exist_ok=True)
        target = self.directory / file_name
        data = gzip.compress(("\n".join(words) + "\n").encode("ascii"), compresslevel=9, mtime=0)
        try:
            write_atomic(target, data)
            info = ListInfo(name, language, len(words), str(path.resolve()), file=file_name)
            index["lists"].append(
                {"name": name, "language": language, "words": len(words), "source": info.source,
                 "file": file_name}
            )
            if make_default:
                index["defaults"][language] = name
            self._write_index(index)
        except BaseException:
            if not any(e["file"] == file_name for e in self._read_index()["lists"]):
                target.unlink(missing_ok=True)
            raise
        return AddReport(info, loaded.skipped, tuple(loaded.skipped_examples), make_default, loaded.format)

    def choose(self, name: str) -> ListInfo:
        """Make ``name`` the default list of its language (raises ``lexicon_unknown``)."""
        info = self._known(name)
        index = self._read_index()
        if info.builtin:
            index["defaults"].pop(info.language, None)
        else:
            index["defaults"][info.language] = info.name
        self._write_index(index)
        return info

    def remove(self, name: str) -> ListInfo:
        """Forget a player's list and delete its file; the shipped list becomes the default again.

        Raises ``lexicon_unknown``, or ``lexicon_builtin_kept`` for a shipped list.
        """
        info = self._known(name)
        if info.builtin:
            raise LexiconError("lexicon_builtin_kept", name=info.name)
        index = self._read_index()
        index["lists"] = [e for e in index["lists"] if _key(e["name"]) != _key(info.name)]
        if _key(index["defaults"].get(info.language, "")) == _key(info.name):
            del index["defaults"][info.language]
        self._write_index(index)
        (self.directory / info.file).unlink(missing_ok=True)
        return info

    def _known(self, name: str) -> ListInfo:
        info = self.find(name)
        if info is None:
            known = ", ".join(i.name for i in self.lists())
            raise LexiconError("lexicon_unknown", name=name, known=known)
        return info

    # -- loading -----------------------------------------------------------------------------

    def load(self, info: ListInfo) -> Lexicon:
        """The words of a known list (raises ``lexicon_missing``/``lexicon_unreadable``)."""
        if info.builtin:
            return Lexicon.builtin(info.language)
        path = self.directory / info.file
        try:
            text = gzip.decompress(path.read_bytes()).decode("ascii")
        except FileNotFoundError:
            raise LexiconError("lexicon_missing", path=str(path)) from None
        except (OSError, EOFError, gzip.BadGzipFile, UnicodeDecodeError) as error:
            detail = system_error_detail(error) if isinstance(error, OSError) else str(error)
            raise LexiconError("lexicon_unreadable", path=str(path), detail=detail) from None
        # Stored by ``add``: already normalised, sorted and unique.
        return Lexicon([], text=text, name=info.name, language=info.language)


def _builtin_count(language: str) -> int:
    """How many words a shipped list holds, without building its lookup structure (a screen that
    only lists the lists should not pay 50 MB for the English one)."""
    from scrabble_fr.resources import data_path

    try:
        data = gzip.decompress((data_path("lexiques") / BUILTINS[language].file_name).read_bytes())
    except (OSError, EOFError, gzip.BadGzipFile):
        return 0
    return data.count(b"\n")


def _valid_entry(entry: object) -> bool:
    return (
        isinstance(entry, dict)
        and all(isinstance(entry.get(k), str) for k in ("name", "language", "source", "file"))
        and isinstance(entry.get("words"), int)
        and entry["language"] in LANGUAGES
        and "/" not in entry["file"] and "\\" not in entry["file"] and not entry["file"].startswith(".")
    )


def default_source(language: str, catalogue: Catalogue | None = None) -> str:
    """What to load when nothing is asked for: the default list of ``language``, by name.

        >>> default_source("fr", Catalogue(Path("/nonexistent")))
        'grammalecte'

    The one place every command (verifier, tirage, analyser, jouer…) takes its default from.
    """
    return (catalogue or Catalogue()).default_name(language)


def load_source(source: str, catalogue: Catalogue | None = None) -> Lexicon:
    """Load a list given by name (a known list), by language code (``fr``/``en``) or by path.

    A name wins over a file of the same name in the current folder: names are what the player set.
    """
    catalogue = catalogue or Catalogue()
    if source in BUILTINS:
        return Lexicon.builtin(source)
    info = catalogue.find(source)
    if info is not None:
        return catalogue.load(info)
    return Lexicon.from_file(source)
