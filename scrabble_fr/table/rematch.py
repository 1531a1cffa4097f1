"""The rematch of a finished shared table: a new table with the same seats and settings, a new
draw, each seat's new code known only to that seat.

At the end of a game, each seat's end screen (or its own code again) follows it::

    rematch = follow_rematch(session)  # Rematch(table="k3m9…", code="…"), this seat's alone
    TableSession.join(session.store, rematch.code, lexicon)

The first seat that asks writes a link on the old table's log (a row ``{"type": "rematch",
"table": NEW_ID}``); the other seats read it as they follow the table and are told. Whichever seat
comes first creates the new table from the link's id and the old table's configuration, its human
seats without codes. Each seat then gives its own new seat a code derived from its old one
(:func:`~scrabble_fr.table.secrets.derive_secret`, a keyed hash only the holder of the old code can
work out): no code is shown to, or written for, anyone else, and following twice gives the same
code. Two seats asking at the same instant write one link (the log's numbers), and create one
table (its id).

The new draw is sealed as any table's (:mod:`.seal`), though no seat knows another's new code:
the old table keeps, sealed under each seat's code, one rematch secret R shared by its seats.
The rematch's seed follows from R and the new table's id, and the rematch's own secret (for the
next rematch) from R too; neither is written plain. Each seat, as it sets its new code, writes
in the same write its own seals of both under that code. A table of before these secrets (a
plain seed, or no ``sealed_rematch``) gets a link holding a plain seed, as it always did.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from scrabble_fr.table.errors import TableError
from scrabble_fr.table.following import not_recorded
from scrabble_fr.table.rows import RematchRow
from scrabble_fr.table.seal import SEALED, SEALED_REMATCH, open_rematch, seal_rematch, seal_seed
from scrabble_fr.table.secrets import derive_secret
from scrabble_fr.table.session import TableSession
from scrabble_fr.table.store import NewTable, SeatSpec, code_hash, derived_code, new_table_id

REMATCH_OF = "rematch_of"  # the new table's configuration names the table it follows
REMATCH_LABEL = "rematch seat code"  # the use of a secret derived from a seat's code (table.secrets)
_SEED_LABEL = "rematch seed"  # the uses of the rematch secret: the new table's seed,
_NEXT_LABEL = "next rematch"  # and the new table's own rematch secret


@dataclass(frozen=True)
class Rematch:
    """The new table and this seat's code there."""

    table: str
    code: str


def rematch_code(code: str, table_id: str) -> str:
    """The code of a seat at the rematch ``table_id``, worked out from the seat's old ``code``
    (read as :func:`~scrabble_fr.table.store.code_hash` reads codes).

        >>> rematch_code("abcd-efgh-jkmn-pqrs-tuvw", "t1") == rematch_code("ABCDEFGHJKMNPQRSTUVW", "t1")
        True
        >>> rematch_code("abcd-efgh-jkmn-pqrs-tuvw", "t1") != rematch_code("abcd-efgh-jkmn-pqrs-tuvw", "t2")
        True
    """
    # Keyed by the code itself, not by its stored hash: reading the store does not give it.
    return derived_code(code, REMATCH_LABEL, table_id)


def follow_rematch(session: TableSession) -> Rematch:
    """This seat's place at the rematch of its finished table: asked for now if no seat has yet,
    followed otherwise. Raises (nothing written) for a game not over, a watcher, a seat opened
    without its code, or a store that does not take the link (« not recorded »)."""
    if session.seat is None or not session.held:
        raise TableError("spectator")
    if not session.match.game.is_over:
        raise TableError("rematch_not_over")
    if session.code is None:
        raise TableError("rematch_no_code")
    try:
        secret = _secret(session, session.code)
        link = _link(session, secret is None)
        table_id, plain = link.table, link.rematch_seed
        code = rematch_code(session.code, table_id)
        seals = None
        if plain is None:
            if secret is None:  # a sealed link, no secret to open it
                raise TableError("rematch_unknown", table=session.table_id)
            seals = {SEALED: seal_seed(rematch_seed(secret, table_id), code, table_id),
                     SEALED_REMATCH: seal_rematch(_derive(secret, _NEXT_LABEL, table_id), code, table_id)}
        _create(session, table_id, plain)
        if not session.store.set_seat_code(table_id, session.seat, code_hash(code), seals):
            raise TableError("rematch_unknown", table=session.table_id)
    except TableError as exc:
        raise not_recorded(exc) from None
    return Rematch(table_id, code)


def _derive(secret: int, label: str, table_id: str) -> int:
    # Keyed by the secret (as hex: derive_secret reads a key as it reads a code, letters and digits).
    return int.from_bytes(derive_secret(format(secret, "032x"), label, table_id)[:16], "big")


def rematch_seed(secret: int, table_id: str) -> int:
    """The seed of the rematch ``table_id`` of a table whose rematch secret is ``secret``: 128 bits
    any of its seats works out, and no row holds."""
    return _derive(secret, _SEED_LABEL, table_id)


def _secret(session: TableSession, code: str) -> int | None:
    """The old table's rematch secret as this seat's ``code`` opens it; None at a table of before
    the secrets (a plain seed, or none sealed for this seat)."""
    config = session.info.config
    sealed = config.get(SEALED_REMATCH)
    entry = sealed.get(str(session.seat)) if isinstance(sealed, dict) else None
    if "seed" in config or not isinstance(entry, str):
        return None
    try:
        return open_rematch(entry, code, session.table_id)
    except ValueError:  # no hex: a damaged configuration, whose rematch nobody could seal
        raise TableError("rematch_unknown", table=session.table_id) from None


def _link(session: TableSession, plain: bool) -> RematchRow:
    """The rematch's link on the old table: read, or written by this seat (one wins a race);
    ``plain``: a link with its seed, for a table of before the rematch secrets."""
    for _attempt in range(20):
        session.sync()
        if session.rematch is None:
            # Another row coming first is read at the next turn (another seat's link, as likely as not).
            session.link_rematch(new_table_id(), random.randrange(2**31) if plain else None)
        if session.rematch is not None:
            return session.rematch
    raise TableError("base_lost")


def _create(session: TableSession, table_id: str, seed: int | None) -> None:
    """The rematch's table as the link names it, created if no seat has yet; a table of that id
    that is not this table's rematch is refused. ``seed``: a link's plain seed (an old table's);
    None: the seals are empty, each seat writes its own (:func:`follow_rematch`)."""
    store = session.store
    try:
        info = store.table(table_id)
    except TableError as exc:
        if exc.code != "table_unknown":
            raise
        old = session.info
        # The old table's seals open only under its old codes: each seat seals the new ones.
        kept = {key: value for key, value in old.config.items() if key not in (SEALED, SEALED_REMATCH, "seed")}
        drawn: dict[str, object] = {"seed": seed} if seed is not None else {SEALED: {}, SEALED_REMATCH: {}}
        config = {**kept, **drawn, REMATCH_OF: old.id}
        seats = [SeatSpec(seat.name, seat.computer_level, seat.role) for seat in old.seats]
        try:
            store.create_table(NewTable(old.kind, config, seats, id=table_id, coded=False))
        except TableError as race:
            if race.code != "table_exists":
                raise
        info = store.table(table_id)
    if info.config.get(REMATCH_OF) != session.table_id:
        raise TableError("rematch_unknown", table=session.table_id)
