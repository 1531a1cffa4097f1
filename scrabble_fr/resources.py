"""Where the shipped data lives: catalogues, word lists and the rules text.

In the repository they sit at the top level (``locales/``, ``lexiques/``, ``regles.md``); an
installed package carries them under ``scrabble_fr/_data/``. Both layouts are looked up here, so
the same code runs from a checkout, an editable install and a wheel.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent


def data_path(name: str) -> Path:
    """The path of a shipped data file or folder (``"locales"``, ``"lexiques"``, ``"regles.md"``)."""
    installed = _PACKAGE_DIR / "_data" / name
    if installed.exists():
        return installed
    return _PACKAGE_DIR.parent / name
