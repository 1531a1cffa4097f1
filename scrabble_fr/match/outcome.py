"""What an intent did, for the players: the answer every game session gives a front end.

    >>> Outcome(("Alice passes.",)).text
    'Alice passes.'

A session (:class:`~scrabble_fr.match.Match`, :class:`~scrabble_fr.duplicate.DuplicateSession`)
takes an intent, changes its state or raises a :class:`~scrabble_fr.engine.errors.ScrabbleError`
without changing anything, and answers with an :class:`Outcome`: the messages to show, in order,
and a warning for a notice (a save that failed, a game taken over by another process).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Outcome:
    """Messages in order, and a warning for a notice."""

    messages: tuple[str, ...] = ()
    warning: str | None = None

    @property
    def text(self) -> str:
        return " ".join(self.messages)
