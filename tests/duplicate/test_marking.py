"""Proposals marked as the FISF duplicate rules of 2023 pay them (chapter 5): the first coup at the
word's best score, a joker left unmarked paid with a warning, warnings counted per player and the
fourth one (the sixth in blitz) costing 5 points. Every expected value is worked out by hand in
the comments."""

from __future__ import annotations

import pytest

from scrabble_fr.duplicate import DuplicateGame, DuplicateRecord, read_sheet, sheet_data, sheet_text
from scrabble_fr.duplicate.marking import WarningKind
from scrabble_fr.i18n import _
from scrabble_fr.words import WordSet

from .conftest import WORDS

# -- the first coup: the word's best score, whatever the reference (§4.1, §5.4.2a) --------------


@pytest.mark.parametrize("text", ["H6 ARPEGEZ", "H2 ARPEGEZ", "H1 ARPEGEZ", "6H ARPEGEZ", "H12 ARPEGEZ"])
def test_the_first_coup_pays_the_words_best_score_wherever_it_is_written(french, text):
    # Seed 1 draws ERZAGEP. ARPEGEZ across row H covering H8: from H6, Z lies on H12 (double
    # letter) and P on H8 (double word): (1+1+3+1+2+1+10×2) × 2 = 58, + 50 for the seven tiles =
    # 108; from H2 it would be 94 (P on H4, Z on H8). §5.4.2a: "le score maximum pour le mot joué
    # est attribué, cela quelle que soit la référence alphanumérique éventuelle".
    game = DuplicateGame(["A"], lexicon=french, seed=1, seconds=None)
    judged = game.judge(text)
    assert (judged.score, judged.warnings, judged.error) == (108, [], None)
    assert judged.move is not None and judged.move.notation() == "H6 ARPEGEZ"


@pytest.mark.parametrize(
    ("text", "error"),
    [("H6 ARPEGES", "tiles_not_on_rack"),  # no S in ERZAGEP and no joker: an erreur de lettre (§5.4.1d)
     ("H6 ZARPEGE", "invalid_words")],  # from the draw, but not a word (§5.7)
)
def test_a_first_word_that_cannot_be_paid_anywhere_still_scores_0(french, text, error):
    game = DuplicateGame(["A"], lexicon=french, seed=1, seconds=None)
    judged = game.judge(text)
    assert judged.score == 0 and judged.error is not None and judged.error.code == error


def test_a_first_word_circled_off_its_best_score_is_paid_that_score_with_a_warning(french):
    # ERZAGEP has no joker: a circled z is "encerclement … ne correspondant pas au score maximum"
    # (§5.5, second case): still 108 (§5.4.2a), with a warning.
    game = DuplicateGame(["A"], lexicon=french, seed=1, seconds=None)
    judged = game.judge("H6 ARPEGEz")
    assert (judged.score, judged.warnings) == (108, [WarningKind.JOKER_MISMARKED])


# -- later coups: a joker left unmarked is paid with a warning (§5.3.2, §5.5) ------------------


# The first six coups of seed 1's game as the shipped list of 2026 played them, kept as a sheet so
# that the boards below do not move when the list changes the tops.
SEED_ONE_SHEET = """\
ERZAGEP H6 ARPEGEZ
OOUMEDR 12B MOUDREZ
O+ANOUAR B9 ARAMON
OU+IIWEL A10 OLE
-VARISB? C3 BAVoIRS
JTYALRL D3 AY
"""


def _seed_one(players: list[str], french: object, seconds: float | None = None) -> DuplicateGame:
    return DuplicateGame(players, lexicon=french, sheet=read_sheet(SEED_ONE_SHEET), seconds=seconds)


def _coup_five(french: object) -> DuplicateGame:
    game = _seed_one(["A"], french)
    for _number in range(4):
        game.close_coup()
    assert game.current is not None and game.current.draw.text == "-VARISB?"
    return game


@pytest.mark.parametrize(
    ("text", "warnings"),
    [("C3 BAVoIRS", []),  # the joker circled as the O it stands for
     ("C3 BAVOIRS", [WarningKind.JOKER_UNMARKED]),  # "y compris dans le cas où aucune lettre n'est encerclée"
     ("C3 bAVOIRS", [WarningKind.JOKER_MISMARKED])],  # the B circled instead: "une autre lettre" (§5.5)
)
def test_bavoirs_scores_79_however_its_joker_is_marked(french, text, warnings):
    # VARISB? has no O: the joker can only be the O. C3 across: B on C3 (double word), I on C7 and
    # S on C9 (double letters): (3+1+4+0+1×2+1+1×2) × 2 = 26; the S under B9's A forms AS, 1 + 1×2
    # = 3; seven tiles, + 50: 79.
    judged = _coup_five(french).judge(text)
    assert (judged.score, judged.warnings, judged.error) == (79, warnings, None)
    assert judged.move is not None and judged.move.word == "BAVoIRS"


ANANAS_SHEET = "NETSAAE\nAAE+?NNS\n"


@pytest.fixture
def ananas() -> DuplicateGame:
    # Coup 1 places H5 NEST and leaves AAE; coup 2 draws AAE+?NNS. ANANAS down column 7 ends on
    # the S of NEST (H7): new A on C7 (double letter), N on D7, A on E7, N on F7, A on G7 (double
    # letter). Two real A: the joker is one of the three A, and each reading scores differently:
    #   joker on C7: 0 + 1 + 1 + 1 + 1×2 + 1 = 6
    #   joker on E7: 1×2 + 1 + 0 + 1 + 1×2 + 1 = 7
    #   joker on G7: 1×2 + 1 + 1 + 1 + 0 + 1 = 6
    game = DuplicateGame(["A"], lexicon=WordSet(WORDS + ["ANANAS"], "test"), sheet=read_sheet(ANANAS_SHEET),
                         seconds=None)
    game.close_coup()
    return game


@pytest.mark.parametrize(
    ("text", "score", "warnings", "word"),
    [
        ("7C ANaNAS", 7, [], "ANaNAS"),  # the circling written, paid exactly (§5.3.1)
        ("7C aNANAS", 6, [], "aNANAS"),
        # No circle: the lowest of the circlings the draw allows, with a warning (§5.3.2 "Sinon",
        # §5.4.2b "coup joker": "le score minimum parmi les divers encerclements possibles").
        ("7C ANANAS", 6, [WarningKind.JOKER_UNMARKED], "aNANAS"),
        # An N circled (two real N are in the draw): another letter than the joker's, the lowest.
        ("7C ANAnAS", 6, [WarningKind.JOKER_MISMARKED], "aNANAS"),
    ],
)
def test_two_readings_pay_the_one_written_or_else_the_lowest(ananas, text, score, warnings, word):
    judged = ananas.judge(text)
    assert (judged.score, judged.warnings, judged.error) == (score, warnings, None)
    assert judged.move is not None and judged.move.word == word


def test_the_lowest_reading_circles_only_the_letters_the_draw_lacks():
    # AAE+??NN: two jokers, but the draw lacks only one A. Circling two letters (two A, or an A
    # and an N) is possible, and would score less (jokers on C7 and G7: 0+1+1+1+0+1 = 4), but the
    # minimum is taken "parmi les divers encerclements possibles de lettres absentes du tirage"
    # (§5.3.2): one A circled, 6 at the lowest.
    game = DuplicateGame(["A"], lexicon=WordSet(WORDS + ["ANANAS"], "test"), sheet=read_sheet("NETSAAE\nAAE+??NN\n"),
                         seconds=None)
    game.close_coup()
    judged = game.judge("7C ANANAS")
    assert (judged.score, judged.warnings) == (6, [WarningKind.JOKER_UNMARKED])
    assert game.judge("7C aNANaS").score == 4  # both jokers written: a possible circling, paid as written


def test_a_board_letter_circled_though_no_joker_lies_there_is_a_warning(ananas):
    # The S of H7 is a real tile: circling it is "une autre lettre que celle dont le joker tient
    # lieu" (§5.5); the A circled on E7 is possible but the bulletin as a whole is not, so the
    # lowest reading is paid (§5.3.2).
    judged = ananas.judge("7C ANaNAs")
    assert (judged.score, judged.warnings) == (6, [WarningKind.JOKER_MISMARKED])


# -- warnings counted per player; the fourth costs 5 points, the sixth in blitz (§5.9) ----------

# The sheet's six tops, each proposed with one letter wrongly circled or a joker unmarked:
# a warning on each coup, paid the top's score (no joker in those draws but coup 5's, whose only
# reading is the top's).
SIX_WARNINGS = [
    ("H6 ARPEGEz", 108),  # no joker in ERZAGEP: the circle is off the best score
    ("12B MOUDREz", 36),  # the Z of H12 is on the board, a real tile
    ("B9 ARAmON", 18),  # the M of B12 likewise
    ("A10 oLE", 28),  # no joker in OU+IIWEL
    ("C3 BAVOIRS", 79),  # the joker left unmarked
    ("D3 aY", 48),  # no joker in JTYALRL
]


@pytest.mark.parametrize(("seconds", "penalty"), [(None, 15), (180.0, 15), (60.0, 5), (30.0, 5)])
def test_warnings_are_counted_per_player_and_cost_5_each_after_the_free_ones(french, seconds, penalty):
    # Six warnings: 3 are free, the 4th, 5th and 6th cost 5 each = 15; in blitz (one minute a
    # coup, or less) 5 are free and only the 6th costs 5. Bruno plays the same moves rightly.
    game = _seed_one(["Alice", "Bruno"], french, seconds)
    for text, score in SIX_WARNINGS:
        game.start_coup()
        alice = game.propose(0, text)
        assert (alice.score, len(alice.warnings)) == (score, 1)
        game.propose(1, game.current.published.notation())  # type: ignore[union-attr]
        game.close_coup()
    points = sum(score for _text, score in SIX_WARNINGS)  # 317
    assert points == 317 == game.top_total
    assert (game.warnings(0), game.penalty(0), game.total(0)) == (6, penalty, 317 - penalty)
    assert (game.warnings(1), game.penalty(1), game.total(1)) == (0, 0, 317)
    assert game.ranking() == [(1, 1, 317), (2, 0, 317 - penalty)]


def test_one_warning_at_most_a_coup(french):
    # Two faults on one bulletin (a board letter circled twice over): "un joueur ne peut recevoir
    # plus d'un avertissement" (§5.8).
    game = DuplicateGame(["A"], lexicon=french, seed=1, seconds=None)
    game.close_coup()
    judged = game.judge("12B mOUDREz")
    assert (judged.score, judged.warnings) == (36, [WarningKind.JOKER_MISMARKED])


def test_the_sheet_shows_each_warning_and_what_the_warnings_cost(french):
    game = _seed_one(["Alice"], french)
    for text, _score in SIX_WARNINGS[:4]:
        game.propose(0, text)
        game.close_coup()
    text = sheet_text(game)
    assert text.count(_("warn.")) == 4
    assert _("Warnings") in text and "(−5)" in text
    data = sheet_data(game)
    assert [c["players"][0]["warnings"] for c in data["coups"]] == [["joker_mismarked"]] * 4
    assert data["players"][0]["warnings"] == 4 and data["players"][0]["penalty"] == 5
    assert data["players"][0]["total"] == 108 + 36 + 18 + 28 - 5


def test_a_saved_game_gives_back_the_same_warnings(french):
    game = _seed_one(["Alice", "Bruno"], french)
    for text, _score in SIX_WARNINGS[:5]:
        game.propose(0, text)
        game.close_coup()
    game.propose(0, SIX_WARNINGS[5][0])  # the coup in progress keeps its proposal too
    record = DuplicateRecord.new(game)
    again = DuplicateRecord.from_json(record.to_json()).rebuild(french)
    assert [c.warnings(0) for c in again.coups] == [c.warnings(0) for c in game.coups]
    assert (again.warnings(0), again.penalty(0), again.total(0)) == (5, 10, game.total(0))
    assert sheet_data(again) == sheet_data(game)
