"""Paper slips marked as the FISF duplicate rules mark them (chapter 5): every expected payment
below is worked out by hand from the paragraph quoted in the test's docstring.

The board for the later coups: coup 1 draws NETSAAE and places H5 NEST (N H5, E H6, S H7, T H8);
coup 2 draws AAE+?NNS with ANANAS in the list. ANANAS down column 7 from C7 ends on the S of
NEST: A on C7 (double letter), N on D7, A on E7, N on F7, A on G7 (double letter), S on H7
already there. Two real A in the draw: the joker is one of the three A, and
  joker on C7: 0 + 1 + 1 + 1 + 1×2 + 1 = 6
  joker on E7: 1×2 + 1 + 0 + 1 + 1×2 + 1 = 7 (``7C ANaNAS``)
  joker on G7: 1×2 + 1 + 1 + 1 + 0 + 1 = 6
"""

from __future__ import annotations

import pytest

from scrabble_fr.duplicate import DuplicateError, DuplicateGame, read_sheet
from scrabble_fr.duplicate.marking import WarningKind
from scrabble_fr.duplicate.slip import SlipReason, mark_slip, read_slip
from scrabble_fr.engine.position import Position
from scrabble_fr.words import WordSet

from .conftest import WORDS


@pytest.fixture
def ananas() -> Position:
    game = DuplicateGame(["A"], lexicon=WordSet(WORDS + ["ANANAS"], "test"), sheet=read_sheet("NETSAAE\nAAE+?NNS\n"),
                         seconds=None)
    game.close_coup()
    return game.position


@pytest.fixture
def first() -> Position:
    game = DuplicateGame(["A"], lexicon=WordSet(WORDS, "test"), sheet=read_sheet("NETSAAE\n"), seconds=None)
    return game.position


def _mark(position: Position, text: str, **kwargs: object):
    return mark_slip(position, read_slip(text), **kwargs)  # type: ignore[arg-type]


def test_place_and_score_right_are_paid_the_score(ananas):
    """§5.3.1: the reference and the score right, the word is paid its score: 7C ANaNAS, 7."""
    m = _mark(ananas, "7C ANaNAS 7")
    assert (m.paid, m.reason, m.warnings) == (7, SlipReason.EXACT, [])


@pytest.mark.parametrize(("text", "warning"), [("7C ANaNAS 9", WarningKind.SCORE_WRONG),
                                               ("7C ANaNAS", WarningKind.SCORE_MISSING)])
def test_place_right_and_score_wrong_or_absent_is_paid_with_a_warning(ananas, text, warning):
    """§5.3.2: the place right, the score wrong (9 written) or absent: paid the real score, 7,
    with a warning (§5.5: « score erroné ou absent »)."""
    m = _mark(ananas, text)
    assert (m.score, m.paid, m.reason, m.warnings) == (7, 7, SlipReason.SCORE_WRONG, [warning])


@pytest.mark.parametrize("score", ["6", "7", ""])
def test_a_joker_left_unmarked_is_paid_the_lowest_circling_with_one_warning(ananas, score):
    """§5.3.2 « y compris dans le cas où aucune lettre n'est encerclée … payée du score minimum
    parmi les divers encerclements possibles »: ANANAS without a circle is paid 6 (joker on C7
    or G7), with a warning; whatever score is written, one warning only (§5.8)."""
    m = _mark(ananas, f"7C ANANAS {score}".strip())
    assert (m.paid, m.reason, m.warnings) == (6, SlipReason.JOKER, [WarningKind.JOKER_UNMARKED])


@pytest.mark.parametrize("text", ["7D ANaNAS 7", "ANaNAS 7"])
def test_a_wrong_or_absent_reference_is_paid_the_score_written_less_5_where_the_word_makes_it(ananas, text):
    """§5.3.3: the reference wrong (7D: the word's A would fall on the S of H7) or absent, the
    word written in full, and the score written, 7, is the word's at a place where it lies in the
    same direction (7C): paid 7 less the 5-point penalty, 2."""
    m = _mark(ananas, text)
    assert (m.score, m.reference_penalty, m.paid, m.reason) == (7, 5, 2, SlipReason.ELSEWHERE)
    assert m.move is not None and m.move.notation() == "7C ANaNAS"


@pytest.mark.parametrize("text", ["7D ANaNAS 8", "C7 ANaNAS 7", "7D ANaNAS"])
def test_a_wrong_reference_whose_score_fits_no_place_in_its_direction_is_0(ananas, text):
    """§5.4.1 b: ANaNAS lies down at 7C for 7 and at 5E, 5G for 10, across only at I8 for 9: 8
    fits nowhere; 7 across (C7) fits nowhere across; no score, nothing to place it by: 0."""
    m = _mark(ananas, text)
    assert (m.paid, m.reason, m.warnings) == (0, SlipReason.WRONG_REFERENCE, [])


def test_a_word_outside_the_list_is_0(ananas):
    """§5.4.1 a: NANAS is not in the list: 0, whatever the score written."""
    m = _mark(ananas, "7C NANAS 5")
    assert (m.paid, m.reason) == (0, SlipReason.INVALID_WORD)


def test_letters_the_draw_lacks_are_0():
    """§5.4.1 d: on AAE+BIS (no joker), NETS from H9 needs N, E, T, S of the draw: there is no N
    nor T, and NETS lies nowhere else: 0."""
    game = DuplicateGame(["A"], lexicon=WordSet(WORDS, "test"), sheet=read_sheet("NETSAAE\nAAE+BIS\n"), seconds=None)
    game.close_coup()
    m = _mark(game.position, "H9 NETS 4")
    assert (m.paid, m.reason) == (0, SlipReason.LETTER_ERROR)


def test_letters_no_place_could_give_are_0_whatever_the_reference():
    """§5.4.1 d: on AAE+BIS (no joker), RUA needs an R and a U, which neither the draw nor the
    board (NEST) holds: an *erreur de lettre*, 0, even at a reference where nothing could lie."""
    game = DuplicateGame(["A"], lexicon=WordSet(WORDS, "test"), sheet=read_sheet("NETSAAE\nAAE+BIS\n"), seconds=None)
    game.close_coup()
    m = _mark(game.position, "A1 RUA 3")
    assert (m.paid, m.reason) == (0, SlipReason.LETTER_ERROR)


@pytest.mark.parametrize("text", ["H5 NETS 8", "H2 NETS 8", "NETS 8", "5H NETS 8"])
def test_the_first_coup_is_paid_the_words_best_score_whatever_the_reference(first, text):
    """§4.1, §5.4.2 a: « le score maximum pour le mot joué est attribué, cela quelle que soit la
    référence ». NETS across row H covering H8 (double word), from H5 to H8: (1+1+1+1) × 2 = 8
    at each of the four places (no other premium square on H5–H11)."""
    m = _mark(first, text)
    assert (m.paid, m.reason, m.warnings) == (8, SlipReason.FIRST_COUP, [])


def test_the_first_coup_with_a_wrong_score_earns_a_warning(first):
    """§5.4.2 a with §5.5: NETS is paid 8; 9 written is a score « erroné »: a warning."""
    m = _mark(first, "H5 NETS 9")
    assert (m.paid, m.warnings) == (8, [WarningKind.SCORE_WRONG])


@pytest.mark.parametrize(("before", "blitz", "penalty"), [(2, False, 0), (3, False, 5), (3, True, 0),
                                                          (5, True, 5)])
def test_a_warning_costs_5_from_the_fourth_or_the_sixth_in_blitz(ananas, before, blitz, penalty):
    """§5.9: « au quatrième (sixième en blitz …), il se voit retirer cinq points de pénalité. Il en
    va de même à chaque nouvel avertissement ». 7C ANaNAS 9: paid 7 with a warning; after 2
    warnings it is the third (free), after 3 the fourth (5 off: 2), in blitz after 3 the fourth
    (free), after 5 the sixth (5 off)."""
    m = _mark(ananas, "7C ANaNAS 9", warnings_so_far=before, blitz=blitz)
    assert (m.warning_penalty, m.paid) == (penalty, 7 - penalty)


def test_no_warning_no_penalty_even_after_many(ananas):
    """§5.9 counts warnings: a slip right in every way costs nothing, whatever came before."""
    assert _mark(ananas, "7C ANaNAS 7", warnings_so_far=9).paid == 7


@pytest.mark.parametrize("text", ["", "H8", "H8 MOT2 12", "H8 MOT douze"])
def test_an_unreadable_slip_is_refused(text):
    with pytest.raises(DuplicateError) as refused:
        read_slip(text)
    assert refused.value.code == "slip_unreadable"


def test_the_reason_is_said_in_the_players_language(ananas):
    from scrabble_fr.i18n import set_language

    m = _mark(ananas, "7D ANaNAS 7")
    try:
        set_language("fr")
        french = m.reason.text
        set_language("en")
        english = m.reason.text
    finally:
        set_language("fr")
    assert "§5.3.3" in english and "§\u00a05.3.3" in french and "pénalité" in french
