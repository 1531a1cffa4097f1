"""A seat at a shared classic table, as its :class:`~scrabble_fr.match.Match` sees it.

The table's match is a plain :class:`~scrabble_fr.match.Match` given two ports, both filled by
one :class:`ClassicSeat`: where its changes are recorded (each change the table's next row; a
change another seat recorded first, or that the store did not take, refused by raising) and who
may act (the seat's own player on their turn; a challenge judged by hand goes to the table's
arbiter, an undo to the other seats' vote). Its clocks are the table's: a dialog on one screen
stops nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scrabble_fr.engine.errors import ScrabbleError
from scrabble_fr.match.actors import ActorPolicy
from scrabble_fr.match.outcome import Outcome
from scrabble_fr.table.errors import NOT_RECORDED, TableError

if TYPE_CHECKING:
    from scrabble_fr.match.match import Match
    from scrabble_fr.records.store import SavedRecord
    from scrabble_fr.table.session import TableSession


class ClassicSeat(ActorPolicy):
    """One seat of ``table`` (None: a spectator, or the arbiter, who plays no tiles): the
    recorder and the policy of who acts of the table's match (one player at each screen: no
    keyboard handed over)."""

    owns_clocks = False  # the table's clocks run on the database's time, whoever's screen is open

    def __init__(self, table: TableSession) -> None:
        self.table = table

    # -- where the match is recorded: the table's log ----------------------------------------
    folder = None  # a table keeps no save file to write beside: the working folder

    def open(self, record: SavedRecord | None) -> None:
        pass  # the seat is taken by the table session before its match is built

    def save(self) -> str | None:
        return self.table.commit("move")

    def close(self) -> None:
        self.table.close()

    def postponed(self, error: ScrabbleError) -> bool:
        # Another terminal recorded it first (the state is rebuilt), or the store is away (the
        # state is put back; what was not recorded is made again once it is back).
        return isinstance(error, TableError) and (error.code == "acted_first" or error.code in NOT_RECORDED)

    # -- who may act: this seat's player ---------------------------------------------------
    def rack_owner(self, match: Match) -> int:
        return self.table.me if self.table.me is not None else match.actor

    def rack_visible(self, match: Match) -> bool:
        return self.table.me is not None  # its own rack, always; a spectator's screen shows none

    def may_act(self, match: Match, player: int) -> bool:
        # Its own player, and the computers (one process holding a seat plays them; a spectator
        # writes nothing).
        return self.table.can_act and (player == self.table.me or match.is_computer(player))

    def require_turn(self, match: Match, player: int) -> None:
        table = self.table
        if table.damaged is not None:
            raise table.damaged
        if table.me is None:
            raise TableError("arbiter_plays_no_tiles" if table.is_arbiter else "spectator")
        if player != table.me:
            raise TableError("not_your_turn", name=match.game.players[player])

    def check_contest(self, match: Match, contester: int) -> None:
        table = self.table
        if contester != table.me and not table.judging:
            raise TableError("spectator" if table.me is None else "not_your_turn", name=match.game.players[contester])
        if table.judgement is not None and not table.judging:
            raise TableError("judgement_pending")

    def ask_judgement(self, match: Match, contester: int, words: list[str]) -> Outcome | None:
        return self.table.request_judgement(contester, words)

    def ask_undo(self, match: Match) -> Outcome | None:
        return self.table.request_undo()


def table_of(match: Match) -> TableSession | None:
    """The shared table whose seat plays ``match`` (None: a match at one keyboard)."""
    return match.actors.table if isinstance(match.actors, ClassicSeat) else None
