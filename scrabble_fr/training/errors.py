"""Errors of training: what a review (and the study drills) refuse.

    >>> TrainingError("review_unknown", source="x").code
    'review_unknown'
"""

from __future__ import annotations

from typing import ClassVar

from scrabble_fr.engine.errors import N_, ScrabbleError

MESSAGES: dict[str, str] = {
    "review_unknown": N_("{source!r} is neither a saved game, a shared table nor a GCG file: see scrabble-fr parties"),
    "review_empty": N_("{source} holds no move to review"),
    "review_duplicate_unfinished": N_("the duplicate game {id} has no closed coup yet: nothing to review"),
    "review_bad_seconds": N_("--reflexion takes a number of seconds above 0"),
}


class TrainingError(ScrabbleError):
    """A review or a drill refuses an input; nothing is written."""

    MESSAGES: ClassVar[dict[str, str]] = MESSAGES
