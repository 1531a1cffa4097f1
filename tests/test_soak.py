"""A short soak: computer-against-computer games under every preset keep every invariant
(the full run, 1,000 games per preset, is ``python tools/soak.py --parties 1000``)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from scrabble_fr.engine.rules import PRESETS, Rules

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
soak = pytest.importorskip("soak")


@pytest.fixture(scope="module")
def lexicons():
    from scrabble_fr.lexicon import Lexicon

    return {"fr": Lexicon.builtin("fr"), "en": Lexicon.builtin("en")}


@pytest.mark.parametrize("preset", list(PRESETS))
def test_computer_games_keep_every_invariant(preset, lexicons):
    rules = Rules.preset(preset)
    for seed in range(1, 4):
        game = soak.play_one(rules, seed, lexicons[rules.lexicon], players=2 + seed % 3)
        assert game.is_over
