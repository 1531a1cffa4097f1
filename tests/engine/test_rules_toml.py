"""Rule sets: the presets of regles.md and custom rules read from TOML."""

from __future__ import annotations

import pytest

from scrabble_fr.engine.errors import InvalidMoveError, RulesError
from scrabble_fr.engine.game import Game
from scrabble_fr.engine.position import Position
from scrabble_fr.engine.rules import PRESETS, BlockedRule, ChallengeKind, EndRule, Rules
from scrabble_fr.engine.tiles import ENGLISH, FRENCH

# -- presets (regles.md, "Les options et leurs valeurs par défaut") --------------------------


def test_ffsc_preset():
    r = Rules.preset("ffsc")
    assert r.tile_set is FRENCH
    assert (r.rack_size, r.bingo_bonus, r.exchange_min_bag) == (7, 50, 7)
    assert (r.challenge.kind, r.challenge.amount, r.challenge.per_word) == (ChallengeKind.PENALTY, 10, False)
    assert (r.end_rule, r.blocked, r.blocked_count) == (EndRule.ADD_SUBTRACT, BlockedRule.WITHOUT_WORD, 3)
    assert (r.notation, r.lexicon, r.clock_minutes) == ("fr", "fr", 25)


def test_hasbro_preset():
    r = Rules.preset("hasbro")
    assert r.tile_set is ENGLISH
    assert r.challenge.kind is ChallengeKind.LOSE_TURN
    assert (r.end_rule, r.blocked, r.blocked_count) == (EndRule.ADD_SUBTRACT, BlockedRule.SCORELESS, 3)
    assert (r.notation, r.lexicon) == ("en", "en")


def test_naspa_and_wespa_presets():
    naspa, wespa = Rules.preset("naspa"), Rules.preset("wespa")
    assert naspa.challenge.kind is ChallengeKind.LOSE_TURN
    assert naspa.end_rule is wespa.end_rule is EndRule.DOUBLE
    assert naspa.overtime_penalty == wespa.overtime_penalty == 10
    assert naspa.overtime_limit == wespa.overtime_limit == 10  # the game ends past 10 minutes over
    assert (wespa.challenge.kind, wespa.challenge.amount, wespa.challenge.per_word) == (ChallengeKind.BONUS, 5, True)
    assert (naspa.challenge.named_words, wespa.challenge.named_words) == (False, True)


def test_a_game_saved_before_the_overtime_limit_replays_without_it():
    from scrabble_fr.engine.rules import rules_from_mapping, rules_to_mapping

    saved = rules_to_mapping(Rules.preset("naspa"))
    assert rules_from_mapping(saved) is PRESETS["naspa"]
    del saved["overtime_limit"]
    old = rules_from_mapping(saved)
    assert old.overtime_limit == 0 and old.overtime_penalty == 10
    assert Rules.from_toml('base = "naspa"')[0].overtime_limit == 10  # a rules file takes the preset's
    assert Rules.from_toml('base = "ffsc"\novertime_limit = 5')[0].overtime_limit == 5


def test_single_and_void_variants():
    assert Rules.preset("single").challenge.kind is ChallengeKind.SINGLE
    assert Rules.preset("void").challenge.kind is ChallengeKind.VOID


def test_preset_names_are_case_insensitive_and_unknown_ones_raise():
    assert Rules.preset("FFSC") is Rules.preset("ffsc")
    with pytest.raises(RulesError) as info:
        Rules.preset("scrabble")
    assert info.value.code == "rules_unknown"
    assert info.value.params["name"] == "scrabble"
    assert set(PRESETS) == {"ffsc", "hasbro", "naspa", "wespa", "single", "void"}


# -- custom rules from TOML -----------------------------------------------------------------

SMALL_BOARD = [
    "§...§",
    ".@.&.",
    "..#..",
    ".%.@.",
    "§...§",
]


def _toml_board(lines: list[str]) -> str:
    return "board = [" + ", ".join(f'"{line}"' for line in lines) + "]\n"


def test_full_custom_rules_file():
    text = (
        'base = "ffsc"\n'
        'name = "Club du mardi"\n'
        "rack_size = 5\n"
        "bingo_bonus = 40\n"
        "exchange_min_bag = 5\n"
        'notation = "en"\n'
        'lexicon = "mots.txt"\n'
        "clock_minutes = 20\n"
        "overtime_penalty = 5\n"
        'players = ["Alice", "Bruno", "Chloé"]\n'
        + _toml_board(SMALL_BOARD)
        + "[tiles]\n"
        "A = [6, 1]\nE = [6, 1]\nK = [2, 10]\nS = [4, 1]\n\"?\" = [2, 0]\n"
        "[challenge]\n"
        'kind = "bonus"\namount = 7\nper_word = true\n'
        "[end]\n"
        'rule = "double"\nblocked = "scoreless"\nblocked_count = 2\n'
    )
    rules, extra = Rules.from_toml(text)
    assert rules.name == "Club du mardi"
    assert (rules.rack_size, rules.bingo_bonus, rules.exchange_min_bag) == (5, 40, 5)
    assert (rules.notation, rules.lexicon, rules.clock_minutes, rules.overtime_penalty) == ("en", "mots.txt", 20, 5)
    assert rules.layout == tuple(SMALL_BOARD)
    assert rules.size == 5 and rules.centre == (2, 2)
    assert dict(rules.tile_set.counts) == {"A": 6, "E": 6, "K": 2, "S": 4, "?": 2}
    assert rules.tile_set.value("K") == 10 and rules.tile_set.total_tiles == 20
    assert (rules.challenge.kind, rules.challenge.amount, rules.challenge.per_word) == (ChallengeKind.BONUS, 7, True)
    assert (rules.end_rule, rules.blocked, rules.blocked_count) == (EndRule.DOUBLE, BlockedRule.SCORELESS, 2)
    assert extra["players"] == ["Alice", "Bruno", "Chloé"]
    assert extra["lexicon"] == "mots.txt"


def test_custom_board_is_used_for_scoring_and_play():
    rules, _extra = Rules.from_toml(_toml_board(SMALL_BOARD) + 'notation = "fr"\n')
    position = Position(rules, racks=["", ""])
    # C3 KA on a 5 × 5 board: K on C3 (# centre, double word) 10, A on C4 1 = 11; × 2 = 22
    move = position.parse_move("C3 KA")
    assert position.score(move) == 22
    # C4 KAS runs off the 5 × 5 board (C4, C5, then no column 6)
    with pytest.raises(InvalidMoveError) as info:
        position.parse_move("C4 KAS")
    assert info.value.code == "off_board"
    # rows run from A to E: F1 is not a square of this board
    with pytest.raises(InvalidMoveError) as info:
        position.parse_move("F1 KA")
    assert info.value.code == "bad_coordinate"
    game = Game(["Ana", "Bob"], rules, seed=1)
    assert len(game.bag) == FRENCH.total_tiles - 14
    assert game.board.size == 5


def test_tiles_by_name():
    rules, _ = Rules.from_toml('base = "ffsc"\ntiles = "english"\n')
    assert rules.tile_set is ENGLISH
    assert rules.notation == "fr"


def test_defaults_come_from_the_base_preset():
    rules, extra = Rules.from_toml('base = "naspa"\n')
    assert rules.name == "naspa*"
    assert rules.end_rule is EndRule.DOUBLE
    assert rules.tile_set is ENGLISH
    assert extra == {"players": [], "lexicon": None}


def test_empty_file_is_ffsc():
    rules, _ = Rules.from_toml("")
    assert rules.tile_set is FRENCH and rules.challenge == Rules.preset("ffsc").challenge


BAD = [
    # (TOML text, code, field or None)
    ("this is not toml", "rules_syntax", None),
    ('base = "scrabble"', "rules_unknown", None),
    ("base = 3", "rules_field", "base"),
    ("colour = 3", "rules_field", "colour"),
    ("rack_size = 'seven'", "rules_field", "rack_size"),
    ("rack_size = true", "rules_field", "rack_size"),
    ("rack_size = 0", "rules_field", "rack_size"),
    ("bingo_bonus = -1", "rules_field", "bingo_bonus"),
    ("bingo_bonus = 2.5", "rules_field", "bingo_bonus"),
    ("exchange_min_bag = 'x'", "rules_field", "exchange_min_bag"),
    ("clock_minutes = -5", "rules_field", "clock_minutes"),
    ("name = ''", "rules_field", "name"),
    ("name = 3", "rules_field", "name"),
    ("notation = 'de'", "rules_field", "notation"),
    ("lexicon = ''", "rules_field", "lexicon"),
    ("players = 'Ana'", "rules_field", "players"),
    ("players = ['Ana', '']", "rules_field", "players"),
    ("players = ['1', '2', '3', '4', '5', '6', '7', '8', '9']", "rules_field", "players"),
    ("board = 'big'", "rules_field", "board"),
    ("board = [1, 2]", "rules_field", "board"),
    ("tiles = 'polish'", "rules_field", "tiles"),
    ("tiles = 3", "rules_field", "tiles"),
    ("[tiles]\nA = [9]", "rules_field", "tiles.A"),
    ("[tiles]\nA = ['9', 1]", "rules_field", "tiles.A"),
    ("[tiles]\nA = [-1, 1]", "rules_field", "tiles.A"),
    ("[tiles]\nAB = [9, 1]", "rules_field", "tiles.AB"),
    ("[tiles]\n\"É\" = [9, 1]", "rules_field", "tiles.É"),
    ("[tiles]\nA = [9, 1]\n\"?\" = [2, 0]", "rules_field", "tiles"),  # 11 tiles cannot fill two racks
    ("challenge = 5", "rules_field", "challenge"),
    ("[challenge]\nkind = 'duel'", "rules_field", "challenge.kind"),
    ("[challenge]\namount = 'ten'", "rules_field", "challenge.amount"),
    ("[challenge]\namount = -10", "rules_field", "challenge.amount"),
    ("[challenge]\nper_word = 'yes'", "rules_field", "challenge.per_word"),
    ("[challenge]\namout = 10", "rules_field", "challenge.amout"),
    ("end = 'double'", "rules_field", "end"),
    ("[end]\nrule = 'triple'", "rules_field", "end.rule"),
    ("[end]\nblocked = 'never'", "rules_field", "end.blocked"),
    ("[end]\nblocked_count = 0", "rules_field", "end.blocked_count"),
    ("[end]\nblock_count = 2", "rules_field", "end.block_count"),
]


@pytest.mark.parametrize(("text", "code", "field"), BAD, ids=[b[0][:40] for b in BAD])
def test_bad_rules_files_raise_with_the_setting_named(text, code, field):
    with pytest.raises(RulesError) as info:
        Rules.from_toml(text)
    assert info.value.code == code
    if field is not None:
        assert info.value.params["field"] == field


def _board_error(lines: list[str]) -> RulesError:
    with pytest.raises(RulesError) as info:
        Rules.from_toml(_toml_board(lines))
    assert info.value.code == "rules_field"
    assert info.value.params["field"] == "board"
    return info.value


def test_board_line_of_the_wrong_length():
    error = _board_error(SMALL_BOARD[:2] + ["..#."] + SMALL_BOARD[3:])
    assert "line 3" in error.params["detail"]


def test_board_without_a_centre():
    error = _board_error([line.replace("#", ".") for line in SMALL_BOARD])
    assert "centre" in error.params["detail"]


def test_board_with_two_centres():
    _board_error(SMALL_BOARD[:3] + [".%.#."] + SMALL_BOARD[4:])


def test_board_with_an_unknown_marker():
    error = _board_error(SMALL_BOARD[:1] + [".@.X."] + SMALL_BOARD[2:])
    assert "'X'" in error.params["detail"] and "line 2" in error.params["detail"]


def test_board_too_small_or_too_large():
    _board_error(["..#.", "....", "....", "...."])
    _board_error(["." * 27] * 27)


def test_an_ffsc_game_saved_with_the_count_of_passes_replays_with_it():
    from scrabble_fr.engine.rules import rules_from_mapping, rules_to_mapping

    saved = rules_to_mapping(Rules.preset("ffsc"))
    assert saved["end"]["blocked"] == "without_word" and rules_from_mapping(saved) is PRESETS["ffsc"]
    saved["end"]["blocked"] = "passes"  # as games were saved before
    old = rules_from_mapping(saved)
    assert (old.name, old.blocked) == ("ffsc", BlockedRule.PASSES)
