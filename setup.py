"""The package's build steps, run by setuptools (the backend named in pyproject.toml, where the
rest of the package's description lives).

Why setuptools: its extension support builds the compiled engine (``scrabble_fr/player/_c``)
with the platform's own compiler and flags (MSVC on Windows), against Python's stable ABI, so one
wheel a platform serves every Python from 3.11 (``cp311-abi3-<platform>``); an extension marked
optional lets an install without a working compiler succeed (the engine then runs in Python);
its editable install (``pip install -e .``) builds the extension once, beside its source, and a
game never compiles anything. meson-python's editable install rebuilds on import, which needs
the build tools at run time, and it, like scikit-build-core, would add a second build language
(meson, CMake) for steps that are Python here: the catalogues compiled by Babel, and the word
graphs built by the package's own code.

What a wheel carries besides the package's modules:

- ``scrabble_fr/_data/locales/<lang>/LC_MESSAGES/scrabble_fr.mo``: the ``.po`` catalogues of
  ``locales/`` compiled (the standard ``gettext`` reads them at start, without Babel). An editable
  install gets none: it reads the ``.po`` (``scrabble_fr/i18n.py``), so an edit shows at once.
- ``scrabble_fr/_data/graphs``: the word graph and the anagram-key graph of each list of
  ``lexiques/``, built here by the package's own code (a few seconds, twice a game's memory), so
  the first move of a fresh install waits no longer than any other. Named by a hash of their
  list: a graph that does not match its list is never read.
- ``scrabble_fr/_data/lexiques``, ``regles.md``, ``rules.md``: the word lists and the rules, which
  live at the top of the repository where contributors look for them.
- ``scrabble_fr/player/_native``: the compiled engine (the endgame search, the playouts' rack
  search), when the machine has a C compiler; without one the wheel is pure Python, tagged
  ``py3-none-any``, and says so in the build's output.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.bdist_wheel import bdist_wheel
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
DOMAIN = "scrabble_fr"
ENGINE = "scrabble_fr.player._native"
ENGINE_SOURCES = sorted(str(path.relative_to(ROOT)) for path in (ROOT / "scrabble_fr" / "player" / "_c").glob("*.c"))
# Set (to anything but 0) where a wheel without the compiled engine would be a mistake: the
# release builds (cibuildwheel) fail instead of shipping the slower engine.
REQUIRE_ENGINE = "SCRABBLE_FR_REQUIRE_ENGINE"
NO_ENGINE = (
    "scrabble-fr: the compiled engine could not be built (no working C compiler?); the engine will run in "
    "Python (the same moves, slower). `scrabble-fr --version` says which engine is in use."
)
STABLE_ABI = "cp311"  # the oldest Python the package supports: its stable ABI serves the later ones


class BuildPy(build_py):
    """The modules, then what a wheel carries besides them (the module's docstring)."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads these from the repository
        data = Path(self.build_lib) / DOMAIN / "_data"
        self._compile_catalogues(data / "locales")
        self._build_graphs(data / "graphs")
        for name in ("lexiques", "regles.md", "rules.md"):
            source, target = ROOT / name, data / name
            if source.is_dir():
                shutil.copytree(source, target, dirs_exist_ok=True)
            else:
                shutil.copy2(source, target)

    def _compile_catalogues(self, folder: Path) -> None:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        sources = sorted((ROOT / "locales").glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
        if not sources:
            raise RuntimeError("no translation catalogue under locales/: the wheel would speak no language")
        for source in sources:
            language = source.parent.parent.name
            with open(source, "rb") as handle:
                catalog = read_po(handle, locale=language, domain=DOMAIN)
            compiled = folder / language / "LC_MESSAGES" / f"{DOMAIN}.mo"
            compiled.parent.mkdir(parents=True, exist_ok=True)
            with open(compiled, "wb") as handle:
                write_mo(handle, catalog)

    def _build_graphs(self, folder: Path) -> None:
        """The shipped lists' graphs, built in a separate interpreter (the package's code, run from
        the source tree; the few hundred megabytes it takes go back when it ends)."""
        script = (
            "import sys; from pathlib import Path; "
            "from scrabble_fr.lexicon.lexicon import ship_builtin_graphs; "
            "ship_builtin_graphs(Path(sys.argv[1]))"
        )
        env = {**os.environ, "PYTHONPATH": str(ROOT), "SCRABBLE_FR_CACHE": "off"}
        subprocess.run([sys.executable, "-c", script, str(folder)], cwd=ROOT, env=env, check=True)
        if not any(folder.glob("*.bin")):
            raise RuntimeError("no word graph was built from lexiques/: the wheel would start slowly")


class BuildExt(build_ext):
    """The compiled engine with the compiler's own flags (C11, warnings on, threads); when it
    cannot be built, one line says the engine runs in Python, and the build goes on."""

    engine_built = False

    def build_extensions(self) -> None:
        msvc = self.compiler.compiler_type == "msvc"
        for extension in self.extensions:
            if msvc:
                # C11 and its atomics (Visual Studio 2022 17.5 and later); threads are Windows' own.
                extension.extra_compile_args = ["/O2", "/GL", "/std:c11", "/experimental:c11atomics", "/W3"]
                extension.extra_link_args = ["/LTCG"]
            else:
                # Link-time optimisation: the engine's parts (one file each) are inlined into one
                # another as when they were one file; only the module's entry point is exported.
                extension.extra_compile_args = ["-O2", "-std=c11", "-Wall", "-Wextra", "-pthread", "-flto",
                                                "-fvisibility=hidden", "-Werror=implicit-function-declaration"]
                extension.extra_link_args = ["-O2", "-pthread", "-flto"]
        super().build_extensions()

    def build_extension(self, extension: Extension) -> None:
        try:
            super().build_extension(extension)
        except Exception as error:  # no compiler, or one that fails: a build in Python
            if os.environ.get(REQUIRE_ENGINE, "0") not in ("", "0"):
                raise
            print(f"{NO_ENGINE} ({type(error).__name__}: {error})", file=sys.stderr)
            return
        self.engine_built = True

    def copy_extensions_to_source(self) -> None:
        if self.engine_built:  # an editable install: the engine beside its source, when built
            super().copy_extensions_to_source()


class BdistWheel(bdist_wheel):
    """The wheel's tags as what it holds needs: the engine against the stable ABI (abi3) for this
    platform, or, built without it, any Python anywhere (py3-none-any)."""

    def finalize_options(self) -> None:
        self.py_limited_api = STABLE_ABI
        super().finalize_options()

    def get_tag(self) -> tuple[str, str, str]:
        if not self.get_finalized_command("build_ext").engine_built:
            self.root_is_pure = True
            return "py3", "none", "any"
        return super().get_tag()


setup(
    ext_modules=[
        Extension(
            ENGINE,
            sources=ENGINE_SOURCES,
            depends=[str(path.relative_to(ROOT)) for path in (ROOT / "scrabble_fr" / "player" / "_c").glob("*.h")],
            py_limited_api=True,  # binding.c defines Py_LIMITED_API: Python 3.11's stable ABI
        )
    ],
    cmdclass={"build_py": BuildPy, "build_ext": BuildExt, "bdist_wheel": BdistWheel},
)
