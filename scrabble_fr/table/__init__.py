"""Shared tables: one game played from several terminals, the database as the meeting point.

    >>> from scrabble_fr.table import open_store, create_table, TableSettings
    >>> created = create_table(open_store(":memory:"), TableSettings(["Alice", "Bruno"], seed=3))
    >>> sorted(created.codes) == [0, 1]
    True

:mod:`.store` is the interface (tables, seats and their join codes, the append-only log of
events), :mod:`.sqlite` and :mod:`.postgres` its backends, :mod:`.session` a seat following a
table and playing at it.
"""

from scrabble_fr.table.classic_seat import ClassicSeat
from scrabble_fr.table.errors import TableError
from scrabble_fr.table.session import TableSession, TableSettings, create_table
from scrabble_fr.table.store import Conflict, Created, Role, Row, TableInfo, TableStore, open_store

__all__ = ["ClassicSeat", "Conflict", "Created", "Role", "Row", "TableError", "TableInfo", "TableSession",
           "TableSettings", "TableStore", "create_table", "open_store"]
