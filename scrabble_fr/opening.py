"""Opening a session, of every kind, in one place: the app, the web entry screen and the command
line ask here and show (or say) what comes back.

    >>> from scrabble_fr.match.config import GameConfig
    >>> from scrabble_fr.records.store import RecordStore
    >>> import tempfile, pathlib
    >>> outcome = new_game(GameConfig.from_spec("Alice,Bruno", seed=7), RecordStore(pathlib.Path(tempfile.mkdtemp())))
    >>> outcome.kind, outcome.session.game.players[0]
    (<Kind.NEW_GAME: 'new_game'>, 'Alice')
    >>> outcome.session.close()
    >>> refused = table_code("nope-nope", base=":memory:")
    >>> isinstance(refused, Refused), refused.error.code
    (True, 'table_unknown_code')

Each function returns an :class:`Opened` (the session, and what kind of session it is) or a
:class:`Refused` (the error, said in one line by :attr:`Refused.line`); a refusal has opened
nothing, written nothing, and closed the table store it opened. A table session holds its store
(``session.store``): whoever closes the session closes it too (:func:`close_table`). A game of
this terminal is recorded where it is opened: it is handed a
:class:`~scrabble_fr.records.recorder.LocalSave` of the store of saved games, whose lock it takes
as it opens (refused: another process has it).

The kinds: a new game (classic, duplicate, topping), a saved game resumed, a shared table created
from the set-up screen, a classic table's seat, a duplicate player's seat, a new seat at an open
duplicate table (its code with a name), the arbitrator's seat, a watcher of a table. Which screen
shows a session, and whether a terminal is there to show it, is the caller's business.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Generic, TypeAlias, TypeVar

from scrabble_fr import resume
from scrabble_fr.duplicate import DuplicateError, DuplicateSession, DuplicateSettings
from scrabble_fr.engine.errors import ScrabbleError
from scrabble_fr.engine.wordlist import WordList
from scrabble_fr.match import Match
from scrabble_fr.match.config import GameConfig
from scrabble_fr.messages import describe
from scrabble_fr.records.recorder import LocalSave
from scrabble_fr.records.store import RecordStore, SavedRecord
from scrabble_fr.table import Created, TableError, TableInfo, TableSession, TableSettings, TableStore, create_table
from scrabble_fr.table import open_store as _open_store
from scrabble_fr.table.duplicate import DUPLICATE, DuplicateTable
from scrabble_fr.training.topping import ToppingSession, ToppingSettings

S = TypeVar("S", covariant=True)
T = TypeVar("T")
TableSeat: TypeAlias = TableSession | DuplicateTable
# Loads the word list a table's config names (the arbitrator's, a classic seat's): the caller's way.
LexiconFor: TypeAlias = Callable[[TableInfo], WordList | None]


class Kind(Enum):
    """What was opened."""

    NEW_GAME = "new_game"  # a classic game of this terminal
    NEW_DUPLICATE = "new_duplicate"  # a duplicate game of this terminal
    NEW_TOPPING = "new_topping"  # a topping game of this terminal
    RESUMED = "resumed"  # a saved game of any kind, where it stopped
    NEW_TABLE = "new_table"  # a shared table created here (its seats' codes to show)
    CLASSIC_SEAT = "classic_seat"  # a seat at a classic table
    DUPLICATE_SEAT = "duplicate_seat"  # a player's seat at a duplicate table
    NEW_SEAT = "new_seat"  # a new seat at an open duplicate table: its own code comes with it
    ARBITRATOR = "arbitrator"  # the arbitrator's seat at a duplicate table
    WATCHER = "watcher"  # a watcher of a table: never a rack


@dataclass(frozen=True)
class Opened(Generic[S]):
    """What opened: the session, its kind, and a new seat's own code (said nowhere else)."""

    session: S
    kind: Kind
    seat_code: str | None = None


@dataclass(frozen=True)
class Refused:
    """Why nothing opened."""

    error: ScrabbleError

    @property
    def line(self) -> str:
        """The refusal in the player's language, one line."""
        return describe(self.error)


def accepted(outcome: Opened[S] | Refused) -> Opened[S]:
    """What opened, or the refusal raised (the command line says it and exits 2)."""
    if isinstance(outcome, Refused):
        raise outcome.error
    return outcome


def session_of(outcome: Opened[S] | Refused) -> S:
    """The session opened, or the refusal raised."""
    return accepted(outcome).session


@dataclass(frozen=True)
class NewTable:
    """A table created here, in its store (left open for the seat this terminal takes)."""

    store: TableStore
    created: Created


@dataclass(frozen=True)
class Located:
    """What a code opens, read before anything is taken or written: the table, the seat (None:
    an open table's own code), and the kind of seat. ``store`` stays open for the caller."""

    store: TableStore
    code: str
    info: TableInfo
    seat: int | None
    kind: Kind

    def close(self) -> None:
        self.store.close()


def _attempt(opening: Callable[[], Opened[S]], *, store: TableStore | None = None) -> Opened[S] | Refused:
    """``opening()``, or the refusal it raised; ``store`` (opened for it) closed when refused."""
    try:
        return opening()
    except BaseException as exc:
        if store is not None:
            store.close()
        if isinstance(exc, ScrabbleError):
            return Refused(exc)
        raise


def _in_store(base: str | None, opening: Callable[[TableStore], Opened[S]]) -> Opened[S] | Refused:
    """``opening(store)`` in the table store ``base``, opened for it: the store goes with what
    opened (the caller closes it), or is closed when refused."""
    try:
        store = _open_store(base)
    except ScrabbleError as exc:
        return Refused(exc)
    return _attempt(lambda: opening(store), store=store)


# -- this terminal's own games -------------------------------------------------------------------
def new_game(config: GameConfig, store: RecordStore, lexicon: WordList | None = None, *, take_over: bool = False,
             now: Callable[[], float] = time.monotonic) -> Opened[Match] | Refused:
    """A classic game, saved in ``store`` (refused: its save open in another process)."""
    def opening() -> Opened[Match]:
        game = config.new_game()
        return Opened(Match(config, game=game, record=config.new_record(game), lexicon=lexicon, now=now,
                            recorder=LocalSave(store, take_over=take_over)), Kind.NEW_GAME)

    return _attempt(opening)


def new_duplicate(settings: DuplicateSettings, lexicon: WordList | None, store: RecordStore, *,
                  now: Callable[[], float] = time.monotonic) -> Opened[DuplicateSession] | Refused:
    """A duplicate game (refused without a word list, or for a bad setting)."""
    return _with_tops(lexicon, Kind.NEW_DUPLICATE,
                      lambda words: DuplicateSession.create(settings, words, recorder=LocalSave(store), now=now))


def new_topping(settings: ToppingSettings, lexicon: WordList | None, store: RecordStore, *,
                now: Callable[[], float] = time.monotonic) -> Opened[ToppingSession] | Refused:
    """A topping game (likewise)."""
    return _with_tops(lexicon, Kind.NEW_TOPPING,
                      lambda words: ToppingSession.create(settings, words, recorder=LocalSave(store), now=now))


def _with_tops(lexicon: WordList | None, kind: Kind, create: Callable[[WordList], T]) -> Opened[T] | Refused:
    # A game whose tops are looked for needs its word list before anything opens.
    def opening() -> Opened[T]:
        if lexicon is None:
            raise DuplicateError("no_word_list")
        return Opened(create(lexicon), kind)

    return _attempt(opening)


def resumed(record: SavedRecord, store: RecordStore, lexicon: WordList | None = None, *,
            lexicon_for: Callable[[SavedRecord], WordList | None] | None = None, take_over: bool = False,
            as_new: bool = False, now: Callable[[], float] = time.monotonic) -> Opened[resume.Session] | Refused:
    """A saved game of any kind where it stopped (see :func:`scrabble_fr.resume.open_session`),
    judged by ``lexicon``, else by what ``lexicon_for(record)`` loads: refused for a damaged
    record (one whose list cannot even be named) or a game open in another process."""
    def opening() -> Opened[resume.Session]:
        words = lexicon if lexicon is not None or lexicon_for is None else lexicon_for(record)
        return Opened(resume.open_session(record, store, words, take_over=take_over, as_new=as_new, now=now),
                      Kind.RESUMED)

    return _attempt(opening)


# -- shared tables -------------------------------------------------------------------------------
def new_table(settings: TableSettings, *, base: str | None = None) -> Opened[NewTable] | Refused:
    """A classic shared table created in the store ``base`` (None: ``SCRABBLE_FR_BASE``, else the
    data folder's file); its store stays open for the seat this terminal then takes
    (:func:`classic_seat`)."""
    return _in_store(base, lambda store: Opened(NewTable(store, create_table(store, settings)), Kind.NEW_TABLE))


def classic_seat(store: TableStore, table_id: str, seat: int, lexicon: WordList | None,
                 code: str) -> Opened[TableSession] | Refused:
    """The seat ``seat`` of a table just created here, with its ``code`` (the store is the
    table's, already open: it stays open when refused)."""
    return _attempt(lambda: Opened(TableSession(store, store.table(table_id), seat, lexicon, code=code),
                                   Kind.CLASSIC_SEAT))


def rematch_seat(store: TableStore, code: str, lexicon: WordList | None) -> Opened[TableSession] | Refused:
    """This seat at its table's rematch, by the seat's new ``code``, in the same store."""
    return _attempt(lambda: Opened(TableSession.join(store, code, lexicon), Kind.CLASSIC_SEAT))


def locate(code: str, *, base: str | None = None, name: str | None = None,
           check_name: bool = True) -> Opened[Located] | Refused:
    """What ``code`` opens, taking and writing nothing: an unknown code is refused. An open
    table's own code (:attr:`Kind.NEW_SEAT`) has its newcomer's ``name`` checked unless
    ``check_name`` is False (a screen that asks for the name once it knows one is needed)."""
    def opening(store: TableStore) -> Opened[Located]:
        typed = code.strip()
        info, seat = store.find_code(typed)
        kind = _seat_kind(info, seat)
        if kind is Kind.NEW_SEAT and check_name:
            DuplicateTable.newcomer_name(info, name)
        return Opened(Located(store, typed, info, seat, kind), kind)

    return _in_store(base, opening)


def _seat_kind(info: TableInfo, seat: int | None) -> Kind:
    if info.kind != DUPLICATE:
        if seat is None:
            raise TableError("table_unknown_code")
        return Kind.CLASSIC_SEAT
    if seat is None:
        return Kind.NEW_SEAT
    if info.arbiter is not None and seat == info.arbiter.number:
        return Kind.ARBITRATOR
    return Kind.DUPLICATE_SEAT


def table_code(code: str, *, base: str | None = None, name: str | None = None, lexicon_for: LexiconFor | None = None,
               force: bool = False, lexicon: WordList | None = None) -> Opened[TableSeat] | Refused:
    """The seat ``code`` opens in the store ``base``: a classic table's seat, a duplicate player's
    seat, the arbitrator's, or — an open table's own code with ``name`` — a new seat, whose own
    code comes in :attr:`Opened.seat_code`. ``force`` takes a seat open in another terminal.
    The word list of the seats that judge (a classic seat, the arbitrator) is ``lexicon``, else
    ``lexicon_for(info)``."""
    located = locate(code, base=base, name=name)
    if isinstance(located, Refused):
        return located
    return open_located(located.session, name=name, lexicon_for=lexicon_for, force=force, lexicon=lexicon)


def open_located(located: Located, *, name: str | None = None, lexicon_for: LexiconFor | None = None,
                 force: bool = False, lexicon: WordList | None = None,
                 paper: bool = False) -> Opened[TableSeat] | Refused:
    """:func:`table_code` of a code :func:`locate` found (its store is the session's, or
    closed when refused). ``paper``: the new seat is a player on paper, whose slips the desk types."""
    if located.kind is Kind.ARBITRATOR:
        return open_arbitrator(located, lexicon_for=lexicon_for, force=force, lexicon=lexicon)
    store, code, info, seat, kind = located.store, located.code, located.info, located.seat, located.kind

    def opening() -> Opened[TableSeat]:
        if kind is Kind.CLASSIC_SEAT:
            return Opened(TableSession(store, info, seat, _words(located, lexicon, lexicon_for), force=force,
                                       code=code), kind)
        # A duplicate player's proposal needs no word list: the arbitrator's desk judges.
        if kind is Kind.NEW_SEAT:
            table = DuplicateTable.join(store, code, None, name=name, force=force, paper=paper)
            return Opened(table, kind, seat_code=table.code)
        return Opened(DuplicateTable(store, info, seat, None, force=force, code=code), kind)

    return _attempt(opening, store=store)


def open_arbitrator(located: Located, *, lexicon_for: LexiconFor | None = None, force: bool = False,
                    lexicon: WordList | None = None, leased: bool = True) -> Opened[DuplicateTable] | Refused:
    """The arbitrator's seat of a code :func:`locate` found (any other seat is refused:
    ``arbitrator_only``), with the word list that judges (``lexicon``, else ``lexicon_for``).
    ``leased=False``: one intent written beside a desk that has the seat open, without taking it."""
    def opening() -> Opened[DuplicateTable]:
        if located.kind is not Kind.ARBITRATOR:
            raise TableError("arbitrator_only")
        words = _words(located, lexicon, lexicon_for)
        return Opened(DuplicateTable(located.store, located.info, located.seat, words, force=force,
                                     code=located.code, leased=leased), Kind.ARBITRATOR)

    return _attempt(opening, store=located.store)


def _words(located: Located, lexicon: WordList | None, lexicon_for: LexiconFor | None) -> WordList | None:
    return lexicon if lexicon is not None or lexicon_for is None else lexicon_for(located.info)


def locate_arbitrator(code: str, *, base: str | None = None, closing: int | None = None) -> Opened[Located] | Refused:
    """:func:`locate` for the arbitrator's seat of a duplicate table, taking nothing (any other
    code is refused: ``arbitrator_only``); :func:`open_arbitrator` then takes it. ``closing``: the
    coup the arbitrator closes without a screen, checked first (a coup already closed, or not
    played, is refused)."""
    located = locate(code, base=base, check_name=False)
    if isinstance(located, Refused):
        return located
    where = located.session

    def check() -> Opened[Located]:
        if where.kind is not Kind.ARBITRATOR:
            raise TableError("arbitrator_only")
        if closing is not None:
            DuplicateTable(where.store, where.info, where.seat, spectator=True).check_close(closing)
        return located

    return _attempt(check, store=where.store)


def arbitrator(code: str, *, base: str | None = None, lexicon_for: LexiconFor | None = None,
               force: bool = False, closing: int | None = None) -> Opened[DuplicateTable] | Refused:
    """The arbitrator's seat of a duplicate table (see :func:`locate_arbitrator`)."""
    located = locate_arbitrator(code, base=base, closing=closing)
    if isinstance(located, Refused):
        return located
    return open_arbitrator(located.session, lexicon_for=lexicon_for, force=force)


def watcher(table_id: str, *, base: str | None = None) -> Opened[TableSeat] | Refused:
    """A watcher of the table ``table_id``: the board, the scores, the history and the clocks,
    never a rack; a duplicate table's projector. It takes no seat and writes nothing."""
    def opening(store: TableStore) -> Opened[TableSeat]:
        info = store.table(table_id)
        if info.kind == DUPLICATE:
            return Opened(DuplicateTable(store, info, None, spectator=True), Kind.WATCHER)
        return Opened(TableSession.watch(store, info), Kind.WATCHER)

    return _in_store(base, opening)


def close_table(session: TableSeat) -> None:
    """Leave a table session opened here: its seat given back, then its store closed."""
    try:
        session.close()
    finally:
        session.store.close()
