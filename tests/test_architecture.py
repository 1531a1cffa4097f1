"""The layout is the architecture: the engine stays pure, and dependencies point one way."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import scrabble_fr

PACKAGE = Path(scrabble_fr.__file__).resolve().parent

# The engine does no I/O and draws nothing.
FORBIDDEN = {
    "engine": {"textual", "rich", "os", "io", "pathlib", "subprocess", "shutil", "tempfile",
               "scrabble_fr.tui", "scrabble_fr.cli", "scrabble_fr.records", "scrabble_fr.lexicon",
               "scrabble_fr.match", "scrabble_fr.words"},
    "player": {"textual", "rich", "scrabble_fr.tui", "scrabble_fr.cli", "scrabble_fr.lexicon",
               "scrabble_fr.match", "scrabble_fr.training"},
    "records": {"textual", "rich", "scrabble_fr.tui", "scrabble_fr.cli", "scrabble_fr.match"},
    # The match is the game session below every front end: it draws nothing.
    "match": {"textual", "rich", "scrabble_fr.tui", "scrabble_fr.cli"},
    # Duplicate play likewise: rules, sheets and saves, no screen.
    "duplicate": {"textual", "rich", "scrabble_fr.tui", "scrabble_fr.cli"},
    # Training (reviews, topping, the study deck) stands on the match, duplicate, player and records:
    # it draws nothing and sits below the shared tables.
    "training": {"textual", "rich", "scrabble_fr.tui", "scrabble_fr.cli", "scrabble_fr.table"},
    "lexicon": {"textual", "rich", "scrabble_fr.tui", "scrabble_fr.cli", "scrabble_fr.player"},
    # The word graph serves both the lexicon and the player: it uses neither (see below).
    "words": {"textual", "rich", "ahocorasick", "scrabble_fr.tui", "scrabble_fr.cli", "scrabble_fr.match",
              "scrabble_fr.duplicate", "scrabble_fr.player", "scrabble_fr.lexicon"},
}
# Single modules held to a room's rule: resuming a game is below every front end.
FORBIDDEN_MODULES = {
    "resume.py": {"textual", "rich", "scrabble_fr.tui", "scrabble_fr.cli"},
    # Opening a session of any kind: the app, the web entry screen and the command line ask it.
    "opening.py": {"textual", "rich", "scrabble_fr.tui", "scrabble_fr.cli"},
    # The duplicate screen renders the session and sends it intents: no file, no save, no lock.
    "tui/screens/duplicate.py": {"scrabble_fr.records", "scrabble_fr.duplicate.save", "json", "os", "pathlib"},
    # The topping screen likewise: the session owns the clock and the save.
    "tui/screens/topping.py": {"scrabble_fr.records", "scrabble_fr.training.save", "json", "os", "pathlib", "time"},
    # What the two share sends intents and reads the session's clock: no file either.
    "tui/screens/coup.py": {"scrabble_fr.records", "json", "os", "pathlib", "time"},
}


def _is_module(name: str) -> bool:
    """True if ``name`` is a module or package of scrabble_fr (``from scrabble_fr import texts``)."""
    parts = name.split(".")
    if parts[0] != "scrabble_fr":
        return False
    target = PACKAGE.joinpath(*parts[1:])
    return target.with_suffix(".py").is_file() or (target / "__init__.py").is_file()


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports, wherever the import stands: at the top, inside a function
    (a lazy import is still an arrow), relative (``from .board import``), a module named in a
    ``from`` (``from scrabble_fr import texts``), or by ``importlib.import_module("…")``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    relative = path.relative_to(PACKAGE).with_suffix("").parts
    package = ("scrabble_fr", *relative[:-1])  # a module's package; an __init__'s is its own folder
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = ".".join(package[:len(package) - node.level + 1]) if node.level else ""
            module = ".".join(part for part in (base, node.module or "") if part)
            names.add(module)
            names.update(f"{module}.{alias.name}" for alias in node.names if _is_module(f"{module}.{alias.name}"))
        elif (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)
              and isinstance(node.args[0].value, str)
              and ((isinstance(node.func, ast.Attribute) and node.func.attr == "import_module")
                   or (isinstance(node.func, ast.Name) and node.func.id in ("import_module", "__import__")))):
            names.add(node.args[0].value)
    return names


def test_the_import_reader_sees_every_kind_of_import(tmp_path, monkeypatch):
    # The reader itself, on a module written for it: the rules above are only as good as it.
    fake = tmp_path / "scrabble_fr"
    (fake / "engine").mkdir(parents=True)
    for name in ("__init__.py", "texts.py", "engine/__init__.py", "engine/board.py"):
        (fake / name).write_text("", encoding="utf-8")
    (fake / "engine" / "sample.py").write_text(
        "import json\nfrom scrabble_fr import texts\nfrom .board import Board\nfrom .. import texts as t\n"
        "def later():\n    from scrabble_fr.player.movegen import best_moves\n"
        "    import importlib; importlib.import_module('scrabble_fr.lexicon')\n", encoding="utf-8")
    monkeypatch.setitem(globals(), "PACKAGE", fake)
    assert _imports(fake / "engine" / "sample.py") == {
        "json", "scrabble_fr", "scrabble_fr.texts", "scrabble_fr.engine.board", "scrabble_fr.player.movegen",
        "importlib", "scrabble_fr.lexicon"}


def test_rooms_import_only_what_they_may():
    problems = []
    for room, forbidden in FORBIDDEN.items():
        for path in sorted((PACKAGE / room).rglob("*.py")):
            relative = path.relative_to(PACKAGE).as_posix()
            for name in _imports(path):
                for banned in forbidden:
                    if name == banned or name.startswith(banned + "."):
                        problems.append(f"{relative} imports {name}")
    assert problems == []


# Arrows one way: UI and CLI -> table -> match/duplicate/training -> player/records -> engine <- lexicon.
# The engine and the records say what they may use rather than what they may not: the engine
# only itself and the standard library; the records the engine, themselves and the two leaf
# utilities every room uses to speak (translations and error messages), never a word list or
# anything above. A caller that wants moves asks the player room, not the position.
MAY_USE = {
    "engine": {"scrabble_fr.engine"},
    "records": {"scrabble_fr.engine", "scrabble_fr.records", "scrabble_fr.i18n", "scrabble_fr.messages"},
}
# What a room of the package may take beyond the standard library (the records' default folder).
THIRD_PARTY = {"engine": set(), "records": {"platformdirs"}}
# The leaf utilities: they stand on the engine's errors and the package's data files, nothing else.
LEAVES = {"i18n.py": {"scrabble_fr.engine.errors", "scrabble_fr.resources"},
          "messages.py": {"scrabble_fr.engine.errors", "scrabble_fr.i18n"},
          "resources.py": set()}


def _outside(name: str, allowed: set[str]) -> bool:
    return not any(name == a or name.startswith(a + ".") for a in allowed)


def test_the_engine_and_the_records_import_nothing_above_them():
    problems = []
    for room, allowed in MAY_USE.items():
        for path in sorted((PACKAGE / room).rglob("*.py")):
            for name in _imports(path):
                top = name.split(".")[0]
                if top == "scrabble_fr":
                    bad = name != "scrabble_fr" and _outside(name, allowed)
                else:
                    bad = top not in sys.stdlib_module_names and top not in THIRD_PARTY[room]
                if bad:
                    problems.append(f"{path.relative_to(PACKAGE).as_posix()} imports {name}")
    assert problems == []


def test_the_leaf_utilities_stand_on_the_engine_alone():
    problems = []
    for relative, allowed in LEAVES.items():
        for name in _imports(PACKAGE / relative):
            if name.startswith("scrabble_fr") and name not in allowed:
                problems.append(f"{relative} imports {name}")
    assert problems == []


def test_loading_the_engine_and_the_records_loads_nothing_above():
    # What the reader cannot see (an import hidden in a string built at run time) shows here:
    # every module of both rooms loaded in a fresh interpreter, and nothing else of the package.
    modules = [".".join(("scrabble_fr", *p.relative_to(PACKAGE).with_suffix("").parts)).removesuffix(".__init__")
               for room in MAY_USE for p in sorted((PACKAGE / room).rglob("*.py"))]
    code = ("import sys, importlib\n"
            f"for m in {modules!r}: importlib.import_module(m)\n"
            "print('\\n'.join(sorted(n for n in sys.modules if n.startswith('scrabble_fr'))))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                            cwd=PACKAGE.parent).stdout.split()
    allowed = set().union(*MAY_USE.values()) | {"scrabble_fr.resources"}
    assert [name for name in loaded if name != "scrabble_fr" and _outside(name, allowed)] == []


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


def test_nothing_below_training_uses_it():
    # Training is above the player, the records, the match and the duplicate: none of them (nor
    # the engine, the lexicon, the word graph) reaches up into it.
    problems = []
    for room in ("engine", "lexicon", "words", "player", "records", "match", "duplicate"):
        for path in sorted((PACKAGE / room).rglob("*.py")):
            problems.extend(f"{path.relative_to(PACKAGE).as_posix()} imports {name}" for name in _imports(path)
                            if name == "scrabble_fr.training" or name.startswith("scrabble_fr.training."))
    assert problems == []


def _module(path: Path) -> str:
    return ".".join(("scrabble_fr", *path.relative_to(PACKAGE).with_suffix("").parts)).removesuffix(".__init__")


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The circles of ``graph`` (module -> the modules it imports): each group of modules that
    reach one another, sorted; a module importing itself is one too."""
    found: list[list[str]] = []
    reach: dict[str, set[str]] = {}
    for start in graph:
        seen: set[str] = set()
        todo = list(graph[start])
        while todo:
            name = todo.pop()
            if name not in seen:
                seen.add(name)
                todo.extend(graph.get(name, ()))
        reach[start] = seen
    for start in sorted(graph):
        if start in reach[start] and not any(start in group for group in found):
            found.append(sorted(name for name in reach[start] if start in reach[name]))
    return found


def test_the_circle_finder_sees_circles():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"a"}, "b": set()}) == [["a"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_the_interface_imports_in_no_circle():
    # The app shows screens; a screen asks the app by messages (tui/requests.py) and never
    # imports it, nor another screen that imports it back: every import counts, a lazy one in a
    # function or one for the type checker alike.
    modules = {_module(path): path for path in sorted((PACKAGE / "tui").rglob("*.py"))}
    graph = {name: {other for other in _imports(path) if other in modules} for name, path in modules.items()}
    assert _cycles(graph) == []


def test_no_screen_reaches_into_the_app():
    # Screens send the app messages and read its policy through policy.may_open: none imports
    # the app's module or silences the type checker to call the app's methods.
    problems = []
    for path in sorted((PACKAGE / "tui").rglob("*.py")):
        relative = path.relative_to(PACKAGE).as_posix()
        if relative == "tui/app.py":
            continue
        if "scrabble_fr.tui.app" in _imports(path):
            problems.append(f"{relative} imports the app")
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if "self.app" in line and "type: ignore" in line:
                problems.append(f"{relative}:{number} {line.strip()}")
    assert problems == []


# Textual's own private members the interface touches on purpose, each for a reason Textual
# offers no public way to serve: its built-in keys described in French (``_merged_bindings``,
# ``_bindings``, ``_merge_bindings``) and its Markdown keeping non-breaking spaces
# (``_token_to_content``).
TEXTUAL_PRIVATE = {"_merged_bindings", "_bindings", "_merge_bindings", "_token_to_content"}


def _own_private_names(tree: ast.AST) -> set[str]:
    """The private names a module defines: its functions, classes and methods, what its classes
    set on ``self``/``cls``, what it assigns."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif (isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store)
              and isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
            names.add(node.attr)
    return {name for name in names if name.startswith("_")}


def _foreign_private_uses(source: str) -> list[tuple[int, str]]:
    """Where ``source`` touches ``obj._name`` of another module's object: not on ``self``,
    ``cls`` or ``super()``, and a name the module does not define itself (an object of its own
    class may be reached into, as Python means it)."""
    tree = ast.parse(source)
    own = _own_private_names(tree) | TEXTUAL_PRIVATE
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute) or not node.attr.startswith("_") or node.attr.startswith("__"):
            continue
        value = node.value
        if isinstance(value, ast.Name) and value.id in ("self", "cls"):
            continue
        if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "super":
            continue
        if node.attr not in own:
            found.append((node.lineno, ast.unparse(node)))
    return found


def test_the_private_member_finder_sees_a_reach_into_another_object():
    source = ("class Seat:\n    def _mine(self):\n        other = Seat()\n        other._mine()\n"
              "        self._x = 1\n        super()._y()\n"
              "def leave(table, match):\n    table._write(1)\n    match.clock._settle()\n")
    assert _foreign_private_uses(source) == [(8, "table._write"), (9, "match.clock._settle")]


def test_the_table_and_the_interface_touch_no_private_member_of_another_module():
    # A table's seat and a screen talk to a match, a table or another screen through what these
    # offer: a private member reached from outside is a part bent from outside.
    problems = []
    for room in ("table", "tui"):
        for path in sorted((PACKAGE / room).rglob("*.py")):
            relative = path.relative_to(PACKAGE).as_posix()
            problems += [f"{relative}:{line} {text}" for line, text in
                         _foreign_private_uses(path.read_text(encoding="utf-8"))]
    assert problems == []


def test_no_type_check_is_silenced_for_a_missing_attribute():
    # The app is no service locator: a screen that needs the app says so by a message, and
    # nothing in the interface calls what the type checker cannot see.
    problems = []
    for path in sorted((PACKAGE / "tui").rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if "type: ignore[attr-defined]" in line:
                problems.append(f"{path.relative_to(PACKAGE).as_posix()}:{number} {line.strip()}")
    assert problems == []
