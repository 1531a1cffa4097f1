"""Extract every translatable text of the package and update the catalogues.

    python tools/catalogues.py          # update locales/scrabble_fr.pot, fr and en catalogues
    python tools/catalogues.py --check  # exit 1 if a catalogue lacks a text or a translation

Texts are marked in the code with ``_()``, ``N_()`` and ``ngettext()``. English is the language of
the code, so the English catalogue is filled from the texts themselves; the French catalogue is
translated by hand (new entries arrive empty, and ``--check`` lists them).
"""

from __future__ import annotations

import argparse
import sys
from datetime import datetime, timezone
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
DOMAIN = "scrabble_fr"
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2)}
# A fixed date keeps the catalogues' headers from changing at every run.
STAMP = datetime(2026, 1, 1, tzinfo=timezone.utc)


def extract() -> Catalog:
    template = Catalog(project="scrabble_fr", domain=DOMAIN, creation_date=STAMP, charset="utf-8")
    for filename, lineno, message, comments, context in extract_from_dir(
        str(ROOT / "scrabble_fr"), method_map=[("**.py", "python")], keywords=KEYWORDS
    ):
        template.add(message, None, [(f"scrabble_fr/{filename}", lineno)], auto_comments=comments, context=context)
    return template


def _read(path: Path, locale: str) -> Catalog:
    if path.exists():
        with open(path, "rb") as handle:
            return read_po(handle, locale=locale, domain=DOMAIN)
    return Catalog(locale=locale, domain=DOMAIN, project="scrabble_fr", creation_date=STAMP, charset="utf-8")


def _write(path: Path, catalog: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as handle:
        write_po(handle, catalog, width=100, sort_output=True, ignore_obsolete=True, include_previous=False)


def missing(catalog: Catalog, template: Catalog) -> list[str]:
    """Texts of the template absent from the catalogue, empty, or marked fuzzy."""
    problems = []
    for message in template:
        if not message.id:
            continue
        entry = catalog.get(message.id)
        strings = entry.string if entry is not None else None
        if isinstance(strings, tuple):
            empty = not all(strings)
        else:
            empty = not strings
        if entry is None or empty or entry.fuzzy:
            problems.append(message.id if isinstance(message.id, str) else message.id[0])
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    template = extract()
    if args.check:
        status = 0
        for locale in ("fr", "en"):
            catalog = _read(ROOT / "locales" / locale / "LC_MESSAGES" / f"{DOMAIN}.po", locale)
            for text in missing(catalog, template):
                print(f"{locale}: {text!r}")
                status = 1
        return status
    _write(ROOT / "locales" / f"{DOMAIN}.pot", template)
    for locale in ("fr", "en"):
        path = ROOT / "locales" / locale / "LC_MESSAGES" / f"{DOMAIN}.po"
        catalog = _read(path, locale)
        catalog.update(template, update_header_comment=False)
        catalog.revision_date = STAMP
        catalog.fuzzy = False  # the header: a fuzzy header would hide the plural rule
        for message in catalog:
            if not message.id:
                continue
            if message.fuzzy and locale == "fr":
                # A changed English text: keep the old French as a hint but count it as untranslated.
                continue
            if locale == "en":
                message.string = message.id
                message.flags.discard("fuzzy")
        _write(path, catalog)
        print(f"{locale}: {len(missing(catalog, template))} to translate")
    return 0


if __name__ == "__main__":
    sys.exit(main())
