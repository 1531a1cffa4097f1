"""A drill: the due cards asked one after the other, each answer judged against the active list
and the card moved along the cardbox. The screen shows it; the rules are here.

    >>> from datetime import datetime, timezone
    >>> from scrabble_fr.lexicon import Lexicon
    >>> from scrabble_fr.training.deck import Deck
    >>> words = Lexicon.from_words(["CHIEN", "NICHE"], "demo")
    >>> deck = Deck(":memory:", clock=lambda: datetime(2026, 1, 1, tzinfo=timezone.utc))
    >>> deck.add("Alice", words.key, CardKind.ANAGRAM, "CEHIN")
    True
    >>> drill = Drill(deck, words, deck.due("Alice", words.key))
    >>> drill.answer("niche chien").judgement.right, drill.finished, drill.right
    (True, True, 1)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from scrabble_fr.i18n import _, colon
from scrabble_fr.lexicon.lexicon import Lexicon
from scrabble_fr.training.deck import Card, Deck
from scrabble_fr.training.drills import CardKind, Judgement, judge
from scrabble_fr.training.schedule import Step, due_text

__all__ = ["Answered", "CardKind", "Drill", "answer_card"]


@dataclass(frozen=True)
class Answered:
    """A card answered: the judgement and where the card goes."""

    card: Card
    judgement: Judgement
    step: Step

    def lines(self, now: datetime) -> list[str]:
        """The answer as the drill and ``mots repondre`` say it."""
        verdict = self.judgement
        lines = [_("Right!") if verdict.right else _("Missed.")]
        shown = ", ".join(verdict.answers) if verdict.answers else _("none under this list")
        lines.append(_("Answers{colon} {words}").format(colon=colon(), words=shown))
        if verdict.missing and verdict.found:
            lines.append(_("Not found{colon} {words}").format(colon=colon(), words=", ".join(verdict.missing)))
        if verdict.wrong:
            lines.append(_("Not answers{colon} {words}").format(colon=colon(), words=", ".join(verdict.wrong)))
        lines.append(_("Box {box}, back {when}").format(box=self.step.box, when=due_text(self.step.due, now)))
        return lines


def answer_card(deck: Deck, card: Card, typed: str, lexicon: Lexicon) -> Answered:
    """Judge ``typed`` against the card's answers under ``lexicon`` and record it in the deck.
    A malformed answer raises before anything is written."""
    judgement = judge(card.kind, card.question, typed, lexicon)
    return Answered(card, judgement, deck.answer(card, judgement.right, typed))


@dataclass
class Drill:
    """The cards of one drill, in order; ``answer`` judges the current one and moves on."""

    deck: Deck
    lexicon: Lexicon
    cards: list[Card]
    index: int = 0
    right: int = 0
    answered: list[Answered] = field(default_factory=list)

    @property
    def current(self) -> Card | None:
        return self.cards[self.index] if self.index < len(self.cards) else None

    @property
    def finished(self) -> bool:
        return self.index >= len(self.cards)

    def answer(self, typed: str) -> Answered:
        card = self.current
        if card is None:
            raise IndexError("the drill is over")
        answered = answer_card(self.deck, card, typed, self.lexicon)
        self.answered.append(answered)
        self.right += answered.judgement.right
        self.index += 1
        return answered
