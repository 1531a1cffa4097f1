"""The two-line examples in the docstrings of the engine, the records, the lexicon and the i18n
layer run (``pytest --doctest-modules scrabble_fr`` runs them all)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "scrabble_fr",
    "scrabble_fr.engine.tiles",
    "scrabble_fr.engine.rules",
    "scrabble_fr.engine.board",
    "scrabble_fr.engine.move",
    "scrabble_fr.engine.notation",
    "scrabble_fr.engine.scoring",
    "scrabble_fr.engine.position",
    "scrabble_fr.engine.cgp",
    "scrabble_fr.engine.verify",
    "scrabble_fr.engine.errors",
    "scrabble_fr.engine.game",
    "scrabble_fr.engine.public",
    "scrabble_fr.engine.ranking",
    "scrabble_fr.records.gcg",
    "scrabble_fr.records.replay",
    "scrabble_fr.records.save",
    "scrabble_fr.records.files",
    "scrabble_fr.messages",
    "scrabble_fr.i18n",
    "scrabble_fr.cli.argparse_texts",
    "scrabble_fr.match",
    "scrabble_fr.match.config",
    "scrabble_fr.match.clock",
    "scrabble_fr.match.outcome",
    "scrabble_fr.records.lock",
    "scrabble_fr.records.store",
    "scrabble_fr.records.atomic",
    "scrabble_fr.records.recorder",
    "scrabble_fr.engine.wordlist",
    "scrabble_fr.resume",
    "scrabble_fr.opening",
    "scrabble_fr.match.match",
    "scrabble_fr.duplicate",
    "scrabble_fr.duplicate.draw",
    "scrabble_fr.duplicate.top",
    "scrabble_fr.duplicate.sheet",
    "scrabble_fr.duplicate.game",
    "scrabble_fr.duplicate.jokers",
    "scrabble_fr.duplicate.paid",
    "scrabble_fr.duplicate.followed",
    "scrabble_fr.duplicate.export",
    "scrabble_fr.duplicate.ranking",
    "scrabble_fr.duplicate.save",
    "scrabble_fr.duplicate.session",
    "scrabble_fr.duplicate.texts",
    "scrabble_fr.duplicate.errors",
    "scrabble_fr.training.review",
    "scrabble_fr.training.errors",
    "scrabble_fr.training.schedule",
    "scrabble_fr.training.drills",
    "scrabble_fr.training.kinds",
    "scrabble_fr.training.deck",
    "scrabble_fr.training.study",
    "scrabble_fr.tui.widgets.bar_chart",
    "scrabble_fr.player.selfplay",
    "scrabble_fr.player.movegen",
    "scrabble_fr.player.generator",
    "scrabble_fr.player.computer",
    "scrabble_fr.player.leaves",
    "scrabble_fr.player.chances",
    "scrabble_fr.words",
    "scrabble_fr.words.graph",
    "scrabble_fr.words.build",
    "scrabble_fr.words.cache",
    "scrabble_fr.words.wordset",
    "scrabble_fr.lexicon",
    "scrabble_fr.lexicon.lexicon",
    "scrabble_fr.lexicon.anagram",
    "scrabble_fr.lexicon.normalize",
    "scrabble_fr.lexicon.errors",
    "scrabble_fr.texts",
    "scrabble_fr.tui.typography",
    "scrabble_fr.tui.textual_texts",
    "scrabble_fr.engine.players",
    "scrabble_fr.duplicate.marking",
    "scrabble_fr.duplicate.timing",
    "scrabble_fr.duplicate.slip",
    "scrabble_fr.duplicate.variant",
    "scrabble_fr.training.count",
    "scrabble_fr.training.save",
    "scrabble_fr.training.stopwatch",
    "scrabble_fr.training.topping",
    "scrabble_fr.lexicon.quackle",
    "scrabble_fr.lexicon.tools",
    "scrabble_fr.lexicon.catalogue",
    "scrabble_fr.match.errors",
    "scrabble_fr.match.entry",
    "scrabble_fr.table.address",
    "scrabble_fr.table.errors",
    "scrabble_fr.table.duplicate",
    "scrabble_fr.table.club_view",
    "scrabble_fr.table.results",
    "scrabble_fr.table.results_html",
    "scrabble_fr.table.series",
    "scrabble_fr.table.secrets",
    "scrabble_fr.table.seal",
    "scrabble_fr.table.session",
    "scrabble_fr.table.rematch",
    "scrabble_fr.table.rows",
    "scrabble_fr.table.following",
    "scrabble_fr.table.command",
    "scrabble_fr.table.overview",
    "scrabble_fr.table.store",
    "scrabble_fr.table.sqlite",
    "scrabble_fr.table.autorun",
    "scrabble_fr.player.endgame",
    "scrabble_fr.player.native",
    "scrabble_fr.cli.lexique_cmds",
    "scrabble_fr.cli.analyse",
    "scrabble_fr.tui.app",
    "scrabble_fr.tui.widgets.forms",
    "scrabble_fr.tui.policy",
    "scrabble_fr.tui.web_access",
    "scrabble_fr.tui.web_limits",
    "scrabble_fr.tui.screens.club",
    "scrabble_fr.cli.serveur",
    "scrabble_fr.cli.duplicate",
    "scrabble_fr.table",
    "scrabble_fr.player",
]


# Modules whose examples run the compiled engine: skipped with a reason where it is not built,
# failed under CI (the compiled_engine fixture); never passed without it.
NEEDS_COMPILED = {"scrabble_fr.player.native"}


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name, request):
    if name in NEEDS_COMPILED:
        request.getfixturevalue("compiled_engine")
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_every_module_with_examples_is_listed():
    # A module whose examples nobody runs is a module whose examples may lie.
    import pkgutil

    import scrabble_fr

    finder = doctest.DocTestFinder()
    missing = []
    for info in pkgutil.walk_packages(scrabble_fr.__path__, "scrabble_fr."):
        if info.name in MODULES or info.name.endswith("__main__"):
            continue
        tests = finder.find(importlib.import_module(info.name))
        if any(not example.options.get(doctest.SKIP) for test in tests for example in test.examples):
            missing.append(info.name)
    assert not missing, f"add to MODULES: {missing}"
