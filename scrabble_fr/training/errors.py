"""Errors of training: what a review, a topping game (and the study drills) refuse.

    >>> TrainingError("review_unknown", source="x").code, TrainingError("no_more_hints").code
    ('review_unknown', 'no_more_hints')
"""

from __future__ import annotations

from typing import ClassVar

from scrabble_fr.engine.errors import N_, ScrabbleError

MESSAGES: dict[str, str] = {
    "review_unknown": N_("{source!r} is neither a saved game, a shared table nor a GCG file: see scrabble-fr parties"),
    "review_empty": N_("{source} holds no move to review"),
    "review_duplicate_unfinished": N_("the duplicate game {id} has no closed coup yet: nothing to review"),
    "topping_no_clock": N_("topping is played against the clock: give a time such as 1:00, not 0"),
    "topping_time_range": N_("a topping coup lasts from {low} to {high}, not {text}"),
    "topping_closed": N_("the top of this coup is already on the board: ask for the next draw"),
    "topping_over": N_("the topping game is over"),
    "no_more_hints": N_("every letter of the top is already shown"),
    "deck_bad_answer": N_("{word!r} is not a word: type the words with letters only, separated by spaces (- for none)"),
    "deck_unknown_card": N_("{player}'s deck has no card {card}: see scrabble-fr mots reviser --json"),
    "deck_bad_length": N_("this drill takes words of {choices} letters, not {length}"),
    "deck_bad_count": N_("--nombre takes a number of cards from 1 to {maximum}, not {count}"),
    "deck_bad_question": N_("{question!r} is not a question of this kind of card"),
}


class TrainingError(ScrabbleError):
    """A review, a topping game or a drill refuses an input; nothing is written and the state is
    left unchanged."""

    MESSAGES: ClassVar[dict[str, str]] = MESSAGES
