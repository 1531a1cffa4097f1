"""Errors of training: what a topping game refuses.

    >>> TrainingError("no_more_hints").code
    'no_more_hints'
"""

from __future__ import annotations

from typing import ClassVar

from scrabble_fr.engine.errors import N_, ScrabbleError

MESSAGES: dict[str, str] = {
    "topping_no_clock": N_("topping is played against the clock: give a time such as 1:00, not 0"),
    "topping_time_range": N_("a topping coup lasts from {low} to {high}, not {text}"),
    "topping_closed": N_("the top of this coup is already on the board: ask for the next draw"),
    "topping_over": N_("the topping game is over"),
    "no_more_hints": N_("every letter of the top is already shown"),
}


class TrainingError(ScrabbleError):
    """A training session refuses an input; its state is left unchanged."""

    MESSAGES: ClassVar[dict[str, str]] = MESSAGES
