"""Hostile input for duplicate: any sheet text and any proposal give a result or a typed error,
and a refused proposal changes nothing."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scrabble_fr.duplicate import DuplicateError, DuplicateGame, read_sheet
from scrabble_fr.engine.errors import ScrabbleError
from scrabble_fr.words import WordSet

FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
WORDS = WordSet(["NET", "NETS", "NEST", "SENT", "TA", "AS", "SA", "ES", "ET", "TE"])
alphabet = st.characters(codec="utf-8", exclude_categories=("Cs",))
sheet_like = st.one_of(
    st.text(alphabet, max_size=60),
    st.from_regex(r"\A-?[A-Z?]{0,4}\+?[A-Za-z?]{0,5}( [A-O1-9]{1,3} [A-Za-z()]{0,9})?\Z"),
)
move_like = st.one_of(st.text(alphabet, max_size=30), st.from_regex(r"\A[A-Oa-o1-9]{1,3} [A-Za-z.?()]{0,9}\Z"))


@FAST
@given(text=sheet_like)
def test_any_sheet_gives_coups_or_one_error(text):
    try:
        coups = read_sheet(text)
    except DuplicateError as exc:
        assert exc.code in ("sheet_line", "sheet_empty")
        return
    try:
        game = DuplicateGame([], lexicon=WORDS, sheet=coups, seconds=None)
        while not game.is_over:
            game.close_coup()
    except DuplicateError as exc:
        assert exc.code.startswith("sheet_")


@FAST
@given(text=move_like)
def test_any_proposal_is_judged_or_refused_without_change(text):
    game = DuplicateGame(["Alice"], lexicon=WORDS, sheet=read_sheet("NETSAAE\n"), seconds=None)
    game.propose(0, "H8 SENT")
    try:
        proposal = game.propose(0, text)
    except ScrabbleError:
        assert game.current.proposals[0].text == "H8 SENT"  # type: ignore[union-attr]
        return
    assert proposal.score >= 0 and (proposal.score == 0 or proposal.error is None)
    assert game.position.board.is_empty()  # nothing is placed before the coup closes


def test_a_proposal_that_is_no_placement_is_told_in_duplicate_words():
    # Duplicate has no pass and no exchange: its errors must not suggest them.
    from scrabble_fr.messages import describe

    game = DuplicateGame(["Alice"], lexicon=WORDS, sheet=read_sheet("NETSAAE\n"), seconds=None)
    for text in ("xyz", "passer", "changer ABC", "H8", "ZZ9 NET"):
        try:
            game.propose(0, text)
        except DuplicateError as exc:
            assert exc.code == "proposal_not_a_move"
            said = describe(exc)
            assert "passer" not in said.replace(text, "") and "changer" not in said.replace(text, ""), said
        else:
            raise AssertionError(f"{text!r} was taken")
