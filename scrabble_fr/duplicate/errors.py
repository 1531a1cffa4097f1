"""Errors of duplicate play: what a duplicate game or a published sheet refuses.

    >>> DuplicateError("time_up").code
    'time_up'
"""

from __future__ import annotations

from typing import ClassVar

from scrabble_fr.engine.errors import N_, ScrabbleError

MESSAGES: dict[str, str] = {
    # The table
    "unknown_player": N_("there is no player {player} at this table"),
    "no_word_list": N_("duplicate needs a word list to find the top of each coup"),
    "bad_time": N_("{text!r} is not a time for the coup: write minutes and seconds such as 3:00, 2:30 or 1:00"),
    "time_club": N_("in a club game a coup lasts 3:00, 2:30, 2:00 or 1:00 (FISF rules §1.3), not {text}"),
    "time_range": N_("a coup lasts from {low} to {high} (or 0 for no clock), not {text}"),
    # The coup
    "game_over": N_("the duplicate game is over"),
    "coup_closed": N_("this coup is closed: wait for the next draw"),
    "board_entry_hidden": N_("at several players, type your move on the line: it stays hidden"),
    "time_up": N_("the time for this coup is up: the move was not taken"),
    "too_many_tiles": N_("a move places {maximum} tiles of the draw at most"),
    "slip_unreadable": N_("{text!r} cannot be read as a slip: write [REF] WORD [SCORE], such as H8 MOT 24"),
    "unknown_variant": N_("{text!r} is not a duplicate variant: write one of {known}"),
    "proposal_not_a_move": N_("{text!r} is not a placement: write a square and a word, such as H4 MAISON or 4H MAISON"),
    # Published sheets (--tirages)
    "sheet_empty": N_("{path} holds no coup: one line per coup, such as EEU+ESI? H4 ChACUNE"),
    "sheet_line": N_("line {line}: {text!r} cannot be read ({detail}); write TIRAGE [REF MOT], such as EEU+ESI? H4 ChACUNE"),
    "sheet_leftover": N_("line {line}: the leftover {written} is not what the previous coup left ({expected})"),
    "sheet_tiles": N_("line {line}: the draw {draw} needs {missing}, no longer in the bag"),
    "sheet_move": N_("line {line}: the move {move} cannot be played on this board: {detail}"),
    "sheet_no_move": N_("line {line}: no move can be played with {draw}, and the line gives none"),
}


class DuplicateError(ScrabbleError):
    """A duplicate game or a published sheet refuses an input; the state is left unchanged."""

    MESSAGES: ClassVar[dict[str, str]] = MESSAGES
