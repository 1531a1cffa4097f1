"""The layout is the architecture: the engine stays pure, and dependencies point one way."""

from __future__ import annotations

import ast
from pathlib import Path

import scrabble_fr

PACKAGE = Path(scrabble_fr.__file__).resolve().parent

# The engine does no I/O and draws nothing.
FORBIDDEN = {
    "engine": {"textual", "rich", "os", "io", "pathlib", "subprocess", "shutil", "tempfile",
               "scrabble_fr.tui", "scrabble_fr.cli", "scrabble_fr.records", "scrabble_fr.lexicon",
               "scrabble_fr.match", "scrabble_fr.words"},
    "player": {"textual", "rich", "scrabble_fr.tui", "scrabble_fr.cli", "scrabble_fr.lexicon",
               "scrabble_fr.match"},
    "records": {"textual", "rich", "scrabble_fr.tui", "scrabble_fr.cli", "scrabble_fr.match"},
    # The match is the game session below every front end: it draws nothing.
    "match": {"textual", "rich", "scrabble_fr.tui", "scrabble_fr.cli"},
    # Duplicate play likewise: rules, sheets and saves, no screen.
    "duplicate": {"textual", "rich", "scrabble_fr.tui", "scrabble_fr.cli"},
    "lexicon": {"textual", "rich", "scrabble_fr.tui", "scrabble_fr.cli", "scrabble_fr.player"},
    # The word graph serves both the lexicon and the player: it uses neither (see below).
    "words": {"textual", "rich", "ahocorasick", "scrabble_fr.tui", "scrabble_fr.cli", "scrabble_fr.match",
              "scrabble_fr.duplicate", "scrabble_fr.player", "scrabble_fr.lexicon"},
}
# Single modules held to a room's rule: resuming a game is below every front end.
FORBIDDEN_MODULES = {
    "resume.py": {"textual", "rich", "scrabble_fr.tui", "scrabble_fr.cli"},
    # The duplicate screen renders the session and sends it intents: no file, no save, no lock.
    "tui/screens/duplicate.py": {"scrabble_fr.records", "scrabble_fr.duplicate.save", "json", "os", "pathlib"},
}
# Position.generate_moves() / best_moves() are the library's front door to the move generator:
# imported lazily inside those two methods, so the engine never loads it on its own.
ALLOWED = {("engine/position.py", "scrabble_fr.player.movegen")}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_rooms_import_only_what_they_may():
    problems = []
    for room, forbidden in FORBIDDEN.items():
        for path in sorted((PACKAGE / room).rglob("*.py")):
            relative = path.relative_to(PACKAGE).as_posix()
            for name in _imports(path):
                for banned in forbidden:
                    if (name == banned or name.startswith(banned + ".")) and (relative, name) not in ALLOWED:
                        problems.append(f"{relative} imports {name}")
    assert problems == []


def test_single_modules_import_only_what_they_may():
    problems = []
    for relative, forbidden in FORBIDDEN_MODULES.items():
        for name in _imports(PACKAGE / relative):
            if any(name == banned or name.startswith(banned + ".") for banned in forbidden):
                problems.append(f"{relative} imports {name}")
    assert problems == []


def test_the_duplicate_screen_calls_no_store_lock_or_save():
    source = (PACKAGE / "tui" / "screens" / "duplicate.py").read_text(encoding="utf-8")
    for word in ("store", "SaveLock", ".save(", "_save", "write_text", "open("):
        assert word not in source, word


def test_one_atomic_write():
    # Every file written for keeps goes through records/atomic.py: no other rename-over.
    writers = [path.relative_to(PACKAGE).as_posix() for path in PACKAGE.rglob("*.py")
               if "os.replace(" in path.read_text(encoding="utf-8") or "mkstemp(" in path.read_text(encoding="utf-8")]
    assert sorted(writers) == ["records/atomic.py", "records/lock.py", "records/store.py", "resume.py"]


def test_no_module_imports_an_automaton():
    # The word graph holds each list once; pyahocorasick is no longer a dependency, so an import
    # of it would fail on a fresh install.
    users = [path.relative_to(PACKAGE).as_posix() for path in PACKAGE.rglob("*.py")
             if "ahocorasick" in _imports(path)]
    assert users == []


# What the words room may take from the rest of the package: the word-list protocol and the one
# atomic write, two leaf modules of the standard library only.
WORDS_MAY_USE = {"scrabble_fr.engine.wordlist", "scrabble_fr.records.atomic"}


def test_the_word_graph_stands_apart():
    # Both the lexicon and the player use scrabble_fr.words: it must use neither, nor anything else.
    problems = []
    for path in sorted((PACKAGE / "words").rglob("*.py")):
        for name in _imports(path):
            own = name == "scrabble_fr.words" or name.startswith("scrabble_fr.words.")
            outside = name.startswith("scrabble_fr") and not own and name not in WORDS_MAY_USE
            if outside or name.startswith(("textual", "rich", "ahocorasick")):
                problems.append(f"{path.relative_to(PACKAGE).as_posix()} imports {name}")
    assert problems == []


def test_the_word_list_protocol_stands_alone():
    # Every room names word lists by this protocol, the words room included: it uses nothing.
    names = _imports(PACKAGE / "engine" / "wordlist.py")
    assert not any(name.startswith("scrabble_fr") for name in names)


def test_the_atomic_write_stands_alone():
    names = _imports(PACKAGE / "records" / "atomic.py")
    assert not any(name.startswith("scrabble_fr") for name in names)
