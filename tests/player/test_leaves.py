"""Leave values: the hand-set model worked by hand, the fitted French one, and the fitting tool."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from scrabble_fr.engine.rules import Rules
from scrabble_fr.player.computer import ComputerPlayer, best_by_equity
from scrabble_fr.player.leaves import Leaves
from scrabble_fr.player.movegen import search_position

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import leaves as leaves_tool  # noqa: E402

FFSC = Rules.preset("ffsc")


def test_the_hand_set_values_worked_by_hand() -> None:
    hand = Leaves.hand(FFSC)
    assert hand.value("") == 0.0
    assert hand.value("?S") == 25.0 + 8.0  # one consonant, no vowel: balanced enough
    assert hand.value("EEE") == 3 * 4.0 - 2 * 3.0 - 2.0 * 2  # two repeats; three vowels, no consonant
    assert hand.value("QA") == -6.0 + 1.0 - 5.0  # a Q without a U
    assert hand.value("QU") == -6.0 - 2.5
    # The ceiling bounds every leave of a rack.
    rack = "?SEEQUX"
    subsets = {"".join(sorted(rack[i] for i in range(7) if mask >> i & 1)) for mask in range(128)}
    assert max(hand.value(kept) for kept in subsets) <= hand.ceiling(rack)


def test_the_fitted_french_values() -> None:
    fitted = Leaves.fitted(FFSC)
    assert fitted is not None and fitted.name == "fitted"
    assert set(fitted.tiles) == set(FFSC.tile_set.values)  # every tile of the French set
    # A joker is worth most, then among letters what a player most likes to keep; the dear
    # letters that are hard to place cost.
    assert fitted.value("?") == max(fitted.value(tile) for tile in FFSC.tile_set.values)
    assert fitted.value("?") > fitted.value("S") > 0 > fitted.value("Q") and fitted.value("W") < 0
    assert fitted.value("EIUU") < fitted.value("EIRS")
    # Keeping nothing has no term (the fit's constant): worth 0, whatever the joker-only term.
    assert fitted.value("") == 0.0 and fitted.value("?") == fitted.tiles["?"] + fitted.balance[(0, 0)]
    assert Leaves.from_json(fitted.to_json()) == fitted
    # English has no fitted values: the hand-set ones.
    naspa = Rules.preset("naspa")
    assert Leaves.fitted(naspa) is None and Leaves.best(naspa) == Leaves.hand(naspa)


def test_the_master_weighs_with_the_fitted_values_and_the_champion_with_the_hand_set_ones() -> None:
    assert ComputerPlayer(6).leaves_of(FFSC) == Leaves.fitted(FFSC)
    assert ComputerPlayer(5).leaves_of(FFSC) == Leaves.hand(FFSC)
    given = Leaves.hand(FFSC)
    assert ComputerPlayer(6, leaves=given).leaves_of(FFSC) is given


def test_the_ceiling_keeps_the_choice_exact() -> None:
    # The reading stops early only where no leave could change the choice: the same move as
    # weighing every placement.
    from scrabble_fr.engine.position import Position
    from scrabble_fr.lexicon import Lexicon

    lexicon = Lexicon.builtin("fr")
    for rack in ("?ESTRAN", "QWKEEIU", "AEIOUSS", "ZXJKWEA"):
        position = Position.from_cgp(f"{'15/' * 14}15 {rack}/ 0/0 0", lexicon=lexicon)
        view, found = search_position(position)
        for model in (Leaves.hand(FFSC), Leaves.fitted(FFSC)):
            assert model is not None
            move, equity, _kept = best_by_equity(view, found, rack, 80, model)
            from scrabble_fr.player.movegen import tiles_used

            every = max(item[0] + model.value("".join(sorted(set_minus(rack, tiles_used(view, item)))))
                        for item in found)
            assert equity == pytest.approx(every)


def set_minus(rack: str, used: str) -> list[str]:
    left = list(rack)
    for tile in used:
        left.remove(tile)
    return left


def test_the_fit_finds_what_a_leave_adds(tmp_path: Path) -> None:
    # Made-up games: keeping an S is followed by 30 points, keeping an A by 15, nothing by 20.
    lines = []
    for seed, (kept, score) in enumerate((("S", 30), ("A", 15), ("", 20)) * 40):
        turns = [[0, kept, 10, 50, "place"], [1, "", 12, 48, "place"], [0, "", score, 40, "place"]]
        lines.append(json.dumps({"seed": seed, "rules": "ffsc", "turns": turns}))
    games = tmp_path / "turns.jsonl"
    games.write_text("\n".join(lines) + "\n")
    data = list(leaves_tool.samples([str(games)], min_bag=10))
    worth, constant = leaves_tool.fit(data, rounds=2, ridge=0.001)
    model = Leaves.from_worths("test", worth)
    assert constant == pytest.approx(20.0, abs=0.1)  # what keeping nothing is followed by (bingo)
    assert model.value("S") == pytest.approx(10.0, abs=0.1)
    assert model.value("A") == pytest.approx(-5.0, abs=0.1)


def test_pairs_worked_by_hand() -> None:
    model = Leaves("demo", {"E": 2.0, "R": 1.0, "S": 5.0}, {"E": -4.0}, {}, -6.0,
                   pairs={"ER": 3.0, "ES": -1.0})
    assert model.value("RE") == 2.0 + 1.0 + 3.0  # the pair ER, in either order
    assert model.value("SER") == 2.0 + 1.0 + 5.0 + 3.0 - 1.0  # pairs ER, ES and RS (worth nothing)
    assert model.value("EER") == 2 * 2.0 + 1.0 - 4.0 + 3.0  # a pair counts once, however many copies
    rack = "EERSSQ"
    subsets = {"".join(sorted(rack[i] for i in range(6) if mask >> i & 1)) for mask in range(64)}
    assert max(model.value(kept) for kept in subsets) <= model.ceiling(rack)
    assert Leaves.from_json(model.to_json()) == model
    assert "pairs" not in Leaves.hand(FFSC).to_json()  # the plain model's form is unchanged


def test_the_fit_finds_what_a_pair_adds(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Made-up games: E alone is followed by 20 points, R alone by 20, E and R together by 30 (10
    # more than each alone says: the pair's worth), nothing by 20.
    lines = []
    for seed, (kept, score) in enumerate((("E", 20), ("R", 20), ("ER", 30), ("", 20)) * 40):
        turns = [[0, kept, 10, 50, "place"], [1, "", 12, 48, "place"], [0, "", score, 40, "place"]]
        lines.append(json.dumps({"seed": seed, "rules": "ffsc", "turns": turns}))
    games = tmp_path / "turns.jsonl"
    games.write_text("\n".join(lines) + "\n")
    data = list(leaves_tool.samples([str(games)], min_bag=10))
    worth, _constant = leaves_tool.fit(data, rounds=1, ridge=0.001, pairs=True)
    model = Leaves.from_worths("test", worth)
    assert model.value("ER") - model.value("E") - model.value("R") == pytest.approx(10.0, abs=0.1)
    assert model.value("E") == pytest.approx(0.0, abs=0.1)
    # R and S together are worth 10 more, R and T or S and T nothing more: fitted on four games
    # in five, the model with pairs foretells the fifth, the plain one (whose term for two
    # consonants is the same for all three) does not.
    lines = []
    kinds = (("R", 20), ("S", 20), ("T", 20), ("RS", 30), ("RT", 20), ("ST", 20), ("", 20))
    for seed, (kept, score) in enumerate(kinds * 40):
        turns = [[0, kept, 10, 50, "place"], [1, "", 12, 48, "place"], [0, "", score, 40, "place"]]
        lines.append(json.dumps({"seed": seed, "rules": "ffsc", "turns": turns}))
    games.write_text("\n".join(lines) + "\n")
    leaves_tool.check([str(games)], min_bag=10, rounds=1, ridge=0.001, pairs=True)
    said = capsys.readouterr().out
    plain, asked = (float(said.split(word)[1].split(",")[0].split()[-1]) for word in ("plain ", "pairs) "))
    assert said.startswith("224 turns fitted, 56 foretold")
    # Six leaves, and the plain model has five terms for them (R, S, T, one consonant, two): its
    # least squares are off on each (5.1 points squared a turn), the model with pairs on none.
    assert asked == pytest.approx(0.0, abs=0.01) and plain > 4.0
