"""The match as one seat of a shared table sees and plays it (:class:`SeatMatch`)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from scrabble_fr.engine.move import Move
from scrabble_fr.engine.wordlist import WordList
from scrabble_fr.match.config import GameConfig
from scrabble_fr.match.match import ComputerTask, Match
from scrabble_fr.match.outcome import Outcome
from scrabble_fr.table.errors import NOT_RECORDED, TableError

if TYPE_CHECKING:
    from scrabble_fr.table.session import TableSession


class SeatMatch(Match):
    """The match as one seat of a shared table sees and plays it."""

    def __init__(self, table: TableSession, config: GameConfig, lexicon: WordList | None,
                 computers: Callable[[int, random.Random], Any] | None) -> None:
        self.table = table
        super().__init__(config, lexicon=lexicon, computers=computers, now=table.clock)

    # -- what this seat sees -----------------------------------------------------------------
    @property
    def me(self) -> int | None:
        return self.table.me

    @property
    def rack_owner(self) -> int:
        return self.me if self.me is not None else self.actor

    def rack_visible(self) -> bool:
        return self.me is not None

    def needs_handover(self) -> int | None:
        return None

    @property
    def current_human(self) -> int | None:
        actor = super().current_human
        return actor if actor is not None and actor == self.me and self.table.can_act else None

    def human_contesters(self) -> list[int]:
        return [i for i in super().human_contesters() if i == self.me and self.table.can_act]

    def seat_present(self, player: int) -> bool | None:
        """Whether a live process holds that player's seat (None for a computer)."""
        return self.table.present(player)

    def pause(self) -> None:
        pass  # a table's clocks belong to the table: a dialog on one screen stops nothing

    def resume(self) -> None:
        pass

    # -- intents that take the table's ways --------------------------------------------------
    def accept(self) -> Outcome:
        self.table.require_turn(self.actor)
        return super().accept()

    def contest(self, contester: int, answers: Mapping[str, bool] | None = None,
                words: Sequence[str] | None = None) -> Outcome:
        if contester != self.me and not self.table.judging:
            raise TableError("spectator" if self.me is None else "not_your_turn", name=self.players[contester])
        if self.table.judgement is not None and not self.table.judging:
            raise TableError("judgement_pending")
        if self.contest_needs_answers(contester) and answers is None:
            # A word the move did not form is refused here, before the arbiter is asked to judge it.
            named = self.game.named_words(words)
            return self.table.request_judgement(contester, named or self.contested_words())
        return super().contest(contester, answers, words)

    def undo(self) -> Outcome:
        return self.table.request_undo()

    def computer_task(self) -> ComputerTask | None:
        # Only a process holding a seat plays the computers (a spectator writes nothing).
        return super().computer_task() if self.table.can_act else None

    def _require_human(self) -> None:
        if self.game.is_over:
            super()._require_human()  # the game is over
        self.table.require_turn(self.actor)

    def complete_computer(self, task: ComputerTask, move: Move) -> Outcome:
        try:
            return super().complete_computer(task, move)
        except TableError as exc:
            if exc.code == "acted_first":  # another terminal recorded the computer's move first
                return Outcome()
            if exc.code in NOT_RECORDED:
                # The store is away: the computer plays again once it is back (no one's intent lost).
                return Outcome()
            raise

    def tick(self) -> bool:
        try:
            return super().tick()
        except TableError as exc:
            if exc.code == "acted_first":
                return True  # another terminal charged it: the state was rebuilt, redraw
            if exc.code in NOT_RECORDED:
                return True  # the store is away: charged at a tick once it is back (table time)
            raise

    # -- the table is the store --------------------------------------------------------------
    def _save(self) -> str | None:
        return self.table.commit("move")

    def close(self) -> None:
        self.table.close()

    def take_back(self) -> None:
        """Undo as at one keyboard (every player agreed): what :meth:`undo` does there."""
        Match.undo(self)
