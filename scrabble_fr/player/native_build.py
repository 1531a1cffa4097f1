"""Building the compiled endgame search: the one compiler call, for the wheel and for a checkout.

Standard library only, so that the build step (``hatch_build.py``) can load this file on its own,
before the package's dependencies are there.

    >>> library_suffix() in (".so", ".dylib", ".dll")
    True
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

SOURCE_NAME = "_endgame.c"
LIBRARY_NAME = "libendgame"


def library_suffix() -> str:
    """The file ending of a shared library on this system."""
    return ".dll" if sys.platform == "win32" else ".dylib" if sys.platform == "darwin" else ".so"


def compile_library(source: Path, target: Path) -> bool:
    """Build the shared library ``target`` from ``source`` with the machine's C compiler (``$CC``,
    else cc, gcc or clang); False when there is none or it fails. The compiler writes ``target``
    itself: a folder of the caller's own (a reader waiting for it gets it through
    :func:`~scrabble_fr.records.atomic.write_atomic`)."""
    compiler = os.environ.get("CC") or next(
        (found for name in ("cc", "gcc", "clang") if (found := shutil.which(name))), None)
    if compiler is None:
        return False
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        done = subprocess.run(
            [compiler, "-O2", "-shared", "-fPIC", "-std=c99", "-D_POSIX_C_SOURCE=200112L",
             *([] if sys.platform == "win32" else ["-pthread"]), "-o", str(target), str(source)],
            capture_output=True, timeout=120, check=False)
    except (OSError, subprocess.SubprocessError):
        return False
    return done.returncode == 0 and target.is_file()
