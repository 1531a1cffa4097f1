"""Build step: the translation catalogues compiled into ``.mo`` files inside the wheel.

The ``.po`` files under ``locales/`` are the source contributors edit; a wheel carries, for each
language, ``scrabble_fr/_data/locales/<lang>/LC_MESSAGES/scrabble_fr.mo``, which the standard
``gettext`` reads at start without Babel. An editable install gets none: it reads the ``.po``
(see ``scrabble_fr/i18n.py``), so an edit shows without building again.
"""

from __future__ import annotations

import shutil
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

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        work = getattr(self, "_work", None)
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)
