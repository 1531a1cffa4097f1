"""What ``scrabble-fr tables`` and ``table etat`` say of a table: its state, and what each code sees.

    >>> from scrabble_fr.table.duplicate import DuplicateTableSettings, create_duplicate_table
    >>> from scrabble_fr.table.store import open_store
    >>> store = open_store(":memory:")
    >>> created = create_duplicate_table(store, DuplicateTableSettings(["Alice"], seconds=None, seed=4))
    >>> row = summary(store, created.table); row["players"], row["arbiter"], row["state"], row["coup"]
    (['Alice'], 'Arbitre', 'waiting', 0)

A classic table is at someone's turn; a duplicate table has no turn but a coup, in one of the
:class:`TableState` states. A code opens one role (:class:`Access`), and each role is shown what
it may see and nothing more: a classic seat its own rack; a duplicate player the coup's draw once
the coup has started and whether their own move is in; the arbitrator who has handed a move in
(never which); the open table's own code what the room's projector shows. Never a rack another
seat holds, never a draw before its coup starts.
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any

from scrabble_fr.duplicate.variant import Variant
from scrabble_fr.i18n import _, elide
from scrabble_fr.table.club_view import Phase, phase, proposed
from scrabble_fr.table.duplicate import DUPLICATE, DuplicateTable
from scrabble_fr.table.errors import TableError
from scrabble_fr.table.results import variant_entry
from scrabble_fr.table.series import series_of
from scrabble_fr.table.session import TableSession
from scrabble_fr.table.store import Role, TableInfo, TableStore


class TableState(StrEnum):
    """Where a table stands (the ``state`` of ``tables --json`` and of a duplicate ``etat``)."""

    TURN = "turn"  # a classic table: a player's turn
    WAITING = "waiting"  # duplicate: no coup in play; the arbitrator starts the next
    RUNNING = "running"  # duplicate: a coup in play, the players hand their moves in
    CLOSED = "closed"  # duplicate: a coup closed, its results not yet published
    OVER = "over"
    DAMAGED = "damaged"


class Access(StrEnum):
    """What a code opens at a table."""

    PLAYER = "player"
    ARBITER = "arbiter"
    TABLE = "table"  # an open duplicate table's own code, with which a player joins under a name


_PHASE_STATES = {Phase.WAITING: TableState.WAITING, Phase.PLAYING: TableState.RUNNING,
                 Phase.CLOSING: TableState.CLOSED, Phase.OVER: TableState.OVER}


def duplicate_state(table: DuplicateTable) -> TableState:
    """The table's :func:`~scrabble_fr.table.club_view.phase` as ``tables`` says it, or damaged."""
    if table.damaged is not None:
        return TableState.DAMAGED
    return _PHASE_STATES[phase(table)]


def state_text(state: TableState, turn: str | None = None, coup: int = 0) -> str:
    """A table's state in a few words: « au tour d'Alice », « coup 5 en cours »…"""
    if state is TableState.TURN:
        return elide(_("turn of {name}").format(name=turn))
    return {TableState.WAITING: _("waiting for coup {n}").format(n=coup + 1),
            TableState.RUNNING: _("coup {n} in play").format(n=coup),
            TableState.CLOSED: _("coup {n} closed").format(n=coup),
            TableState.OVER: _("over"), TableState.DAMAGED: _("damaged")}[state]


def summary(store: TableStore, info: TableInfo) -> dict[str, Any]:
    """One row of ``tables``; a table that cannot be replayed is listed as damaged, never an error."""
    turn: str | None = None
    coup = 0
    variant = Variant.CLASSIC
    try:
        if info.kind == DUPLICATE:
            table = DuplicateTable(store, info, None, spectator=True)
            variant = table.variant
            state = duplicate_state(table)
            last = table.current or table.last
            coup = last.number if last is not None else 0
        else:
            view = TableSession.watch(store, info)
            over = view.match.game.is_over
            turn = None if over else view.match.game.players[view.match.actor]
            state = TableState.DAMAGED if view.damaged is not None else (
                TableState.OVER if over else TableState.TURN)
    except Exception:  # a damaged table is listed, never a crash
        state = TableState.DAMAGED
    if info.over and state is not TableState.DAMAGED:
        state = TableState.OVER
    arbiter = info.arbiter
    return {
        "table": info.id, "kind": info.kind, **variant_entry(variant), **series_entry(info),
        "players": [s.name for s in info.seats if s.role is Role.PLAYER],
        "arbiter": arbiter.name if arbiter is not None else None,
        "turn": turn if state is TableState.TURN else None, "coup": coup, "state": state.value,
        "events": info.events, "over": info.over, "damaged": state is TableState.DAMAGED,
        "updated": datetime.fromtimestamp(info.updated_ms / 1000).astimezone().isoformat(timespec="seconds"),
    }


def series_entry(info: TableInfo) -> dict[str, dict[str, int]]:
    """A series' game as the JSON of ``tables`` names it, ``{"series": {"game": 2, "games": 3}}``;
    nothing for a single game, whose JSON stays as it always was."""
    place = series_of(info)
    return {} if place is None else {"series": {"game": place.game, "games": place.games}}


def series_text(entry: dict[str, int]) -> str:
    """A series' game in ``tables``' line: « partie 2/3 »."""
    return _("game {n} of {games}").format(n=entry["game"], games=entry["games"])


def classic_view(store: TableStore, info: TableInfo, seat: int, code: str | None = None) -> dict[str, Any]:
    """What a classic seat's ``code`` sees (the arbiter's: no rack); the code opens the seed that
    makes the seat's rack (:mod:`.seal`)."""
    session = TableSession(store, info, seat, None, spectator=True, computers=None, code=code)
    if session.damaged is not None:
        raise session.damaged
    match = session.match
    game = match.game
    me = session.me
    pending = game.pending
    return {
        "table": session.table_id,
        "seat": info.seat(seat).name,
        "turn": None if game.is_over else game.players[match.actor],
        "rack": game.racks[me] if me is not None else None,
        "scores": {name: score for name, score in zip(game.players, game.scores, strict=True)},
        "events": session.seq,
        "over": game.is_over,
        "pending": {"move": pending.move.notation(game.rules.notation), "by": game.players[pending.player]}
        if pending is not None else None,
    }


def duplicate_view(store: TableStore, info: TableInfo, seat: int | None, code: str = "") -> dict[str, Any]:
    """What a duplicate ``code`` sees: a player's, the arbitrator's (with an open table's own
    code, which late players need and which only the arbitrator's code derives) or the open
    table's own."""
    table = DuplicateTable(store, info, seat, spectator=True, code=code or None)
    if table.damaged is not None:
        raise table.damaged
    handed_in: bool | list[str] | None = None
    rank = None
    if seat is None:
        access = Access.TABLE
    elif table.is_arbiter:
        access = Access.ARBITER
        handed_in = [table.names[s] for s in proposed(table)]  # who, never what
    elif seat in table.names:
        access = Access.PLAYER
        handed_in, rank = table.has_proposed(seat), table.rank(seat)
    else:
        raise TableError("table_unknown_code")
    coup = table.current or table.last
    return {
        "table": table.table_id, **variant_entry(table.variant),
        "seat": table.info.seat(seat).name if seat is not None else None,
        "role": access.value,
        "coup": coup.number if coup is not None else 0,
        "state": duplicate_state(table).value,
        "draw": coup.draw_text if coup is not None else "",  # a started coup's: never the next
        "proposed": handed_in,
        "scores": {table.names[s]: table.total(s) for s in table.players},
        "rank": rank,
        "over": table.over,
        # None for a table made before its code was derived (shown once, at its creation).
        "code": table.table_code,
    }
