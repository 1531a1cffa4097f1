"""Errors of the match: what a game session refuses (not a rule of the game, a rule of the table).

    >>> MatchError("undo_club").code
    'undo_club'
"""

from __future__ import annotations

from typing import ClassVar

from scrabble_fr.engine.errors import N_, ScrabbleError

MESSAGES: dict[str, str] = {
    # Players, as named on the command line or in a saved game
    "players_bad_level": N_("{text!r} is not a computer level: write ordi:N with N from {low} to {high}"),
    # Settings typed on the command line
    "bad_clock": N_("{text!r} is not a clock: give the minutes per player, from 1 to {maximum} (0: no clock)"),
    "bad_seed": N_("{text!r} is not a seed: give a whole number from 0 to {maximum}"),
    # Turns and who may act
    "not_human_turn": N_("wait: it is not a human player's turn"),
    "no_contester": N_("only the opponents can challenge"),
    "unknown_contester": N_("no single opponent is called {name}"),
    "no_word_list": N_("no word list is loaded: switch to manual verification in the settings (F9)"),
    "answers_needed": N_("the players must judge each word of the challenged move"),
    "announced_first": N_("accept or challenge the announced move first"),
    "square_taken": N_("this square is taken"),
    "no_tile": N_("no {letter} left on the rack"),
    "use_joker": N_("no {letter} on the rack: type ? then the letter to use a blank"),
    # Friendly-game comforts
    "undo_clock": N_("undo is not allowed while a clock is running"),
    "undo_club": N_("undo is not allowed in club mode"),
    "undo_nothing": N_("there is no move of a human player to take back"),
    "hint_club": N_("hints are not allowed in club mode"),
    "tools_club": N_("the word tools are not allowed in club mode"),
    "hint_needs_list": N_("a hint needs a word list, and none is loaded"),
}


class MatchError(ScrabbleError):
    """The session refuses an intent: not this player's turn, not in club mode, no word list…"""

    MESSAGES: ClassVar[dict[str, str]] = MESSAGES
