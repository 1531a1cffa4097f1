"""Which screen a shared table's code opens: the one place the app, the CLI and the code-entry
screen of ``scrabble-fr serveur`` ask.

    >>> # a code typed in the app (a player's seat, an open table's code with a name, the
    >>> # arbitrator's code, a classic seat):
    >>> # open_table_code(app, "7kq2-m9xz-…", name="Alice")  ->  True, the screen is shown
    >>> # a session opened elsewhere (the CLI):
    >>> # show_table(app, session)

A classic table's seat gets the game screen; a duplicate table gives the arbitrator's screen to the
arbitrator's code, the player's screen to a player's code (or to an open table's own code with a
name: a new seat), and the projector view to a spectator (``table regarder``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.screen import Screen

from scrabble_fr.engine.errors import ScrabbleError
from scrabble_fr.messages import describe

if TYPE_CHECKING:
    from scrabble_fr.table import TableSession
    from scrabble_fr.table.duplicate import DuplicateTable
    from scrabble_fr.table.store import TableStore
    from scrabble_fr.tui.app import ScrabbleApp


def code_needs_name(store: TableStore, code: str) -> bool:
    """Whether ``code`` is an open duplicate table's own code (a name must come with it).
    Raises :class:`~scrabble_fr.table.TableError` for an unknown code."""
    _info, seat = store.find_code(code)
    return seat is None


def open_code(store: TableStore, code: str, *, name: str | None = None, lexicon: Any = None,
              lexicon_for: Any = None, force: bool = False) -> TableSession | DuplicateTable:
    """The session ``code`` opens in ``store``: a classic seat, a duplicate player's seat (an open
    table's code with ``name``: a new seat), or the arbitrator's seat. ``lexicon_for(info)`` loads
    the word list a session needs (the arbitrator's, a classic seat's) when ``lexicon`` is None.
    Raises a :class:`~scrabble_fr.engine.errors.ScrabbleError` (said in one line) when refused."""
    from scrabble_fr.table import TableSession
    from scrabble_fr.table.duplicate import DUPLICATE, DuplicateTable

    info, seat = store.find_code(code)
    if info.kind == DUPLICATE:
        words = None
        if seat is not None and info.arbiter is not None and seat == info.arbiter.number:
            words = lexicon if lexicon is not None else (lexicon_for(info) if lexicon_for is not None else None)
        return DuplicateTable.join(store, code, words, name=name, force=force)
    words = lexicon if lexicon is not None else (lexicon_for(info) if lexicon_for is not None else None)
    return TableSession(store, info, seat, words, force=force, code=code)


def table_screen(session: TableSession | DuplicateTable) -> Screen[None]:
    """The screen that shows ``session``."""
    from scrabble_fr.table.duplicate import DuplicateTable

    if isinstance(session, DuplicateTable):
        from scrabble_fr.tui.screens.club import ArbiterScreen, PlayerScreen, ProjectorScreen

        if session.is_arbiter:
            return ArbiterScreen(session)
        if session.seat is None or session.seat not in session.names:
            return ProjectorScreen(session)
        return PlayerScreen(session)
    from scrabble_fr.tui.screens.game import GameScreen

    return GameScreen(session.match)


def show_table(app: ScrabbleApp, session: TableSession | DuplicateTable) -> None:
    """Show ``session``'s screen in ``app``, in place of whatever was shown."""
    app.show_table(session)


def open_table_code(app: ScrabbleApp, code: str, *, name: str | None = None, base: str | None = None,
                    force: bool = False) -> bool:
    """Open the seat ``code`` gives (in the store ``base``, else the app's) and show its screen.
    A refusal (an unknown code, a name taken, a store out of reach) is notified in one line and
    nothing changes: False."""
    try:
        enter_table_code(app, code, name=name, base=base, force=force)
    except ScrabbleError as exc:
        app.notify(describe(exc), severity="error", timeout=12)
        return False
    return True


def enter_table_code(app: ScrabbleApp, code: str, *, name: str | None = None, base: str | None = None,
                     force: bool = False) -> None:
    """:func:`open_table_code` for a caller that says the refusal itself: raises the
    :class:`~scrabble_fr.engine.errors.ScrabbleError`, and nothing changes. A table the app opened
    before from a code (its session and its store) is left for the new one."""
    from scrabble_fr.table.store import open_store

    store = open_store(base if base is not None else app.table_base)
    try:
        session = open_code(store, code.strip(), name=name, lexicon_for=lambda info: table_lexicon(app, info),
                            force=force)
    except BaseException:
        store.close()
        raise
    previous = app.owned_table_store
    if previous is not None and app.table is not None:
        app.table.close()
    app.owned_table_store = store
    show_table(app, session)
    if previous is not None:
        previous.close()


def table_lexicon(app: ScrabbleApp, info: Any) -> Any:
    """The word list a table's config names, loaded the app's way."""
    language = str(info.config.get("rules", {}).get("lexicon", "fr"))
    wanted = info.config.get("lexicon") or language
    return app.word_list(str(wanted), language)
