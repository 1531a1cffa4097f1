"""Build step: the translation catalogues compiled into ``.mo`` files inside the wheel, and the
shipped word lists' graphs built.

The ``.po`` files under ``locales/`` are the source contributors edit; a wheel carries, for each
language, ``scrabble_fr/_data/locales/<lang>/LC_MESSAGES/scrabble_fr.mo``, which the standard
``gettext`` reads at start without Babel. An editable install gets none: it reads the ``.po``
(see ``scrabble_fr/i18n.py``), so an edit shows without building again.

The word graph and the anagram-key graph of each list in ``lexiques/`` take a few seconds and
twice the memory of a game to build: a wheel carries them built (``scrabble_fr/_data/graphs``,
about 6 MB for French), so the first move of a fresh install waits no longer than any other.
They are built here by the package's own code, from whatever list ``lexiques/`` holds, and named
by a hash of it: a graph that does not match its list is never read (the list is built instead).

The endgame search in C (``scrabble_fr/player/_endgame.c``) is compiled here with the machine's C
compiler into ``scrabble_fr/_data/native``, and the wheel is then tagged for this platform;
without a compiler the wheel is built without it (the search runs in Python, slower).
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

DOMAIN = "scrabble_fr"


class CompileCatalogues(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable":
            return
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        self._work = Path(tempfile.mkdtemp(prefix="scrabble_fr-mo-"))
        sources = sorted(Path(self.root, "locales").glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
        if not sources:
            raise RuntimeError("no translation catalogue under locales/: the wheel would speak no language")
        for source in sources:
            language = source.parent.parent.name
            with open(source, "rb") as handle:
                catalog = read_po(handle, locale=language, domain=DOMAIN)
            compiled = self._work / language / f"{DOMAIN}.mo"
            compiled.parent.mkdir(parents=True)
            with open(compiled, "wb") as handle:
                write_mo(handle, catalog)
            build_data["force_include"][str(compiled)] = f"scrabble_fr/_data/locales/{language}/LC_MESSAGES/{DOMAIN}.mo"
        for graph in self._build_graphs(self._work / "graphs"):
            build_data["force_include"][str(graph)] = f"scrabble_fr/_data/graphs/{graph.name}"
        library = self._compile_endgame(self._work / "native")
        if library is not None:
            build_data["force_include"][str(library)] = f"scrabble_fr/_data/native/{library.name}"
            # A compiled library ties the wheel to this platform.
            build_data["pure_python"] = False
            build_data["infer_tag"] = True

    def _compile_endgame(self, folder: Path) -> Path | None:
        """The endgame search compiled (scrabble_fr/player/_endgame.c); None without a C compiler:
        the wheel then searches in Python, slower, with the same answers."""
        player = Path(self.root, "scrabble_fr", "player")
        spec = importlib.util.spec_from_file_location("native_build", player / "native_build.py")
        if spec is None or spec.loader is None:
            return None
        builder = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(builder)
        target = folder / f"{builder.LIBRARY_NAME}{builder.library_suffix()}"
        if not builder.compile_library(player / builder.SOURCE_NAME, target):
            self.app.display_warning("no C compiler: the endgame search will run in Python (slower)")
            return None
        return target

    def _build_graphs(self, folder: Path) -> list[Path]:
        """The shipped lists' graphs, built in a separate interpreter (the package's code, run from
        the source tree; the few hundred megabytes it takes go back when it ends)."""
        script = (
            "import sys; from pathlib import Path; "
            "from scrabble_fr.lexicon.lexicon import ship_builtin_graphs; "
            "ship_builtin_graphs(Path(sys.argv[1]))"
        )
        env = {**os.environ, "PYTHONPATH": self.root, "SCRABBLE_FR_CACHE": "off"}
        subprocess.run([sys.executable, "-c", script, str(folder)], cwd=self.root, env=env, check=True)
        graphs = sorted(folder.glob("*.bin"))
        if not graphs:
            raise RuntimeError("no word graph was built from lexiques/: the wheel would start slowly")
        return graphs

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        work = getattr(self, "_work", None)
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)
