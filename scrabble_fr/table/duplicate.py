"""A club duplicate at a shared table: an arbitrator, players at their own terminals, a ranking.

    >>> from scrabble_fr.table.store import open_store
    >>> from scrabble_fr.words import WordSet
    >>> store = open_store(":memory:"); words = WordSet(["NET", "NETS", "NEST", "SENT"])
    >>> created = create_duplicate_table(store, DuplicateTableSettings(["Alice"], seconds=None, seed=4))
    >>> arbiter = DuplicateTable.join(store, created.codes[1], words); arbiter.is_arbiter
    True

Every player has the same draw; the arbitrator starts each coup (the clock, if any, runs from that
row's database time), each player proposes (a placement the rules refuse is refused at once and
retyped; a later proposal replaces an earlier one), the coup closes exactly once — on the
arbitrator's key, or when the time is up, whichever process notices — and the arbitrator's process,
which alone holds the word list and the move generator, writes the results. A player's process
needs neither: it follows the rows (:mod:`.rows`), so a club host can run one per player. Nor does
it need the seed that makes the draws: the table keeps it sealed for the arbitrator's code alone
(:mod:`.seal`), and a coup's draw is in the database from the row that starts it.

A late player scores 0 on the coups they missed. The variant (``"variant"`` in the configuration;
none: the classic duplicate, as every table made before the variants) holds in every process: the
arbitrator's game draws by it, the others refuse a move over its play limit and exchange the
board's jokers as the results row says.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from scrabble_fr.duplicate.draw import Draw
from scrabble_fr.duplicate.errors import DuplicateError
from scrabble_fr.duplicate.followed import CoupView, FollowedGame
from scrabble_fr.duplicate.game import CLUB_MAX_PLAYERS, DuplicateGame, check_names
from scrabble_fr.duplicate.sheet import SheetCoup
from scrabble_fr.duplicate.timing import check_time, time_text
from scrabble_fr.duplicate.variant import Variant
from scrabble_fr.engine.errors import ScrabbleError
from scrabble_fr.engine.game import move_to_data
from scrabble_fr.engine.rules import Rules, rules_from_mapping, rules_to_mapping
from scrabble_fr.engine.wordlist import WordList
from scrabble_fr.i18n import _, elide
from scrabble_fr.match.config import check_seed
from scrabble_fr.match.outcome import Outcome
from scrabble_fr.table.errors import NOT_RECORDED, TableError
from scrabble_fr.table.following import FollowedTable
from scrabble_fr.table.rows import (
    CloseRow,
    CorrectionRow,
    CoupDraw,
    CoupRow,
    DuplicateRow,
    JoinRow,
    NextRow,
    PlacedMove,
    ProposalRow,
    ResultsRow,
    RowType,
    SlipRow,
    read_duplicate_row,
)
from scrabble_fr.table.seal import SEALED, new_seed, sealed_seeds, table_seed
from scrabble_fr.table.slips import SlipRecord
from scrabble_fr.table.store import (
    Created,
    NewTable,
    Role,
    Row,
    SeatSpec,
    TableInfo,
    TableStore,
    check_new_seat,
    open_table_code,
)

DUPLICATE = "duplicate"


@dataclass
class DuplicateTableSettings:
    """``table creer --duplicate``'s settings (no players: an open table)."""

    players: list[str] = field(default_factory=list)
    seconds: float | None = 180.0
    club: bool = False
    seed: int | None = None
    rules: Rules = field(default_factory=lambda: Rules.preset("ffsc"))
    lexicon: str | None = None
    lexicon_name: str = ""
    lexicon_words: int = 0
    arbiter: str = ""
    variant: Variant = Variant.CLASSIC
    extra: dict[str, Any] = field(default_factory=dict)  # more of the configuration (a series' place: .series)


def create_duplicate_table(store: TableStore, settings: DuplicateTableSettings) -> Created:
    """A duplicate table: a seat per player (none yet for an open table), the arbitrator's seat
    last; ``codes`` holds each seat's code, ``table_code`` an open table's own."""
    seconds = check_time(settings.seconds, settings.club)
    names = check_names(settings.players, CLUB_MAX_PLAYERS)
    check_seed(settings.seed)
    # The arbitrator's name is shown to every player and by ``tables``: checked as theirs are.
    arbiter = check_names([settings.arbiter], 1)[0] if settings.arbiter.strip() else _("Arbitrator")
    if arbiter.casefold() in {name.casefold() for name in names}:
        arbiter = _("{name} (arbitrator)").format(name=arbiter)
    seed = settings.seed if settings.seed is not None else new_seed()
    config = {
        "rules": rules_to_mapping(settings.rules),
        "seconds": seconds,
        "club": settings.club,
        "lexicon": settings.lexicon or settings.rules.lexicon,
        "lexicon_name": settings.lexicon_name,
        "lexicon_words": settings.lexicon_words,
        **settings.extra,
    }
    if settings.variant is not Variant.CLASSIC:
        # Only a variant is named: a classic table's configuration stays as it always was.
        config["variant"] = Variant(settings.variant).value
    seats = [SeatSpec(name) for name in names] + [SeatSpec(arbiter, None, Role.ARBITER)]

    def seal(table_id: str, codes: Mapping[int, str]) -> dict[str, Any]:
        # The arbitrator's process alone makes the draws: the seed is sealed for its code only.
        return {SEALED: sealed_seeds(seed, codes, [len(names)], table_id)}

    return store.create_table(NewTable(DUPLICATE, config, seats, open=not names, seal=seal))


class DuplicateTable(FollowedTable, FollowedGame):
    """One seat (a player, the arbitrator, or a spectator when ``seat`` is None) at a duplicate
    table, which holds the seat, the log and the clock. Every process follows the game
    (:class:`~scrabble_fr.duplicate.followed.FollowedGame`); the arbitrator's, which alone needs the
    word list (``lexicon``), also plays it (:attr:`game`): it judges the proposals and writes the
    results. Opened with the arbitrator's ``code``, it knows an open table's own code."""

    def __init__(self, store: TableStore, info: TableInfo, seat: int | None, lexicon: WordList | None = None,
                 *, force: bool = False, spectator: bool = False, code: str | None = None,
                 leased: bool = True) -> None:
        if info.kind != DUPLICATE:
            raise TableError("table_unknown", table=info.id)
        self._open(store, info, seat)
        config = info.config
        with self._reading_config():
            self.rules = rules_from_mapping(config["rules"])
            # The seed makes the draws: only the arbitrator's code opens it (a table of before the
            # seals: anyone). Every other process takes each draw from its coup's row.
            self.seed = table_seed(config, info.id, seat, code)
            seconds = config.get("seconds")
            self.seconds: float | None = float(seconds) if seconds else None
            self.club = config.get("club") is True
            # A table made before the variants names none: the classic duplicate.
            self.variant = Variant(config.get("variant", Variant.CLASSIC.value))
        if self.is_arbiter and lexicon is None and not spectator:
            raise DuplicateError("no_word_list")  # a view of the arbitrator's seat (etat) needs none
        self.lexicon = lexicon
        self.follows_quiet = self.is_arbiter  # a proposal wakes the arbitrator's process only
        self.time_chosen = False  # the arbitrator chose the time of the coups to come:
        self.next_seconds: float | None = None  # this one
        self.watching = spectator
        self.seat_code = code  # the code this seat was opened with (a series' next seat derives from it)
        # The arbitrator opened with its code: an open table's own code, for late players.
        self.table_code = self._open_table_code(code) if self.is_arbiter and code else None
        # A command of one row (not ``leased``) writes without taking the seat from a screen that
        # has it open: the store's one row a number keeps the two apart, as it keeps two screens.
        self.leased = leased
        self._start(force, spectator)

    @classmethod
    def join(cls, store: TableStore, code: str, lexicon: WordList | None = None, *, name: str | None = None,
             force: bool = False, paper: bool = False) -> DuplicateTable:
        """The seat a code opens; an open table's own code with ``name`` gives a new seat (its code
        is :attr:`code`), a player on ``paper`` whose slips the desk types when asked."""
        info, seat = store.find_code(code)
        if seat is not None:
            return cls(store, info, seat, lexicon, force=force, code=code)
        clean = cls.newcomer_name(info, name)
        # A name taken meanwhile, a table full meanwhile: refused there, in its transaction.
        seat, new_code = store.add_seat(info.id, SeatSpec(clean), max_players=CLUB_MAX_PLAYERS)
        # The seat's opening reads who is at the table, the new seat with them, once it holds it.
        table = cls(store, info, seat, lexicon, force=force, code=new_code)
        table.code = new_code
        table._write(JoinRow(seat, clean, paper))
        return table

    def _open_table_code(self, arbiter_code: str) -> str | None:
        """An open table's own code derived from the arbitrator's, if the store knows it as the
        table's (:func:`~.store.open_table_code`); None where it was drawn, before codes were derived."""
        if not self.is_open:
            return None  # players named at its creation: the table has no code of its own
        candidate = open_table_code(arbiter_code, self.table_id)
        try:
            info, seat = self.store.find_code(candidate)
        except TableError as exc:
            if exc.code != "table_unknown_code":
                raise
            return None
        return candidate if info.id == self.table_id and seat is None else None

    @staticmethod
    def newcomer_name(info: TableInfo, name: str | None) -> str:
        """The name a newcomer at the open table ``info`` sits under, checked before anything is
        written: no name, a name the rules refuse or one already seated (case aside), a table
        whose game is over, a table full are refused (the store checks the last two again in the
        transaction that writes the seat)."""
        if not name or not name.strip():
            raise TableError("table_needs_name")
        if info.over:
            raise TableError("table_over", table=info.id)
        return check_new_seat(info.id, SeatSpec(name), ((s.name, s.role.value) for s in info.seats), CLUB_MAX_PLAYERS)

    def add_paper_player(self, name: str) -> int:
        """The desk seats a player on paper (no screen: the desk types their slips); their seat."""
        self.arbiters_game()
        clean = self.newcomer_name(self.info, name)
        seat, _code = self.store.add_seat(self.table_id, SeatSpec(clean), max_players=CLUB_MAX_PLAYERS)
        self._write(JoinRow(seat, clean, paper=True))
        self.refresh_seats()
        return seat

    code: str | None = None  # a seat's code given at an open table, to rejoin with

    @property
    def is_open(self) -> bool:
        """Whether players join by the table's code and a name (no players named at its creation)."""
        return not self._initial()

    # -- state from the rows -----------------------------------------------------------------
    def _reset(self) -> None:
        self.restart()
        self.names = {s.number: s.name for s in self.info.seats if s.role is Role.PLAYER}
        # The players on paper, whose slips the desk types: a join row says so, and a series' next
        # game lists the ones seated with it (``"paper"`` in its configuration: names).
        on_paper = self.info.config.get("paper")
        self.paper: set[int] = {n for n, name in self.names.items() if isinstance(on_paper, list) and name in on_paper}
        # The players' names in the order the arbitrator's game knows them (the table's own, then
        # each join row's): every process checks a join as that game does, so that a table the
        # arbitrator finds damaged reads as damaged everywhere (``tables`` included).
        initial = self._initial()
        self.roster = [s.name for s in self.info.seats if s.number in initial]
        self.next_table: str | None = None  # a series' next game, once the arbitrator started it
        self.game: DuplicateGame | None = None
        if self.is_arbiter and self.lexicon is not None:
            # The table's rows hold the clock (each coup's time, checked against the club's times
            # when set): the game keeps none, and so no club time to check either.
            sheet = None
            if self.seed is None:
                if not self.watching:  # the arbitrator's seat taken without its code: no draw to make
                    raise TableError("table_unknown_code")
                # The arbitrator's seat watched without its code (a review): the draws of the coups
                # started, public from their rows, make the game; none to come is known.
                sheet = self._started_draws()
            # The clock is the rows', but blitz (1:00 a coup, §5.9) gives two more free warnings.
            self.game = DuplicateGame(list(self.roster), lexicon=self.lexicon, rules=self.rules, seed=self.seed or 0,
                                      seconds=None, club=False, max_players=CLUB_MAX_PLAYERS, sheet=sheet,
                                      blitz=self.is_blitz, variant=self.variant)
            self.game_seats: list[int] = sorted(initial)

    def _started_draws(self) -> list[SheetCoup]:
        """The draws of the coups started, as a sheet's lines (their rows say them)."""
        draws = [CoupDraw.from_json(row.payload["draw"]) for row in self.store.rows(self.table_id)
                 if row.kind is RowType.COUP and isinstance(row.payload.get("draw"), dict)]
        return [SheetCoup(number, draw.leftover, draw.new, bool(draw.rejets)) for number, draw in enumerate(draws, 1)]

    def _initial(self) -> set[int]:
        # The seats made with the table: the players named by ``table creer``.
        arbiter = next((s.number for s in self.info.seats if s.role is Role.ARBITER), len(self.info.seats))
        return {s.number for s in self.info.seats if s.role is Role.PLAYER and s.number < arbiter}

    @property
    def coup_seconds(self) -> float | None:
        """The time the next coup gets: the arbitrator's choice, else the last coup's, else the
        table's (None: no clock)."""
        if self.time_chosen:
            return self.next_seconds
        return self.coups[-1].seconds if self.coups else self.seconds

    def now_ms(self) -> int:
        return round(self.clock() * 1000)

    def remaining(self) -> float | None:
        """Seconds left on the coup in play (None: none in play, or no clock)."""
        coup = self.current
        if coup is None or not coup.seconds:
            return None
        return (coup.started_ms + int(coup.seconds * 1000) - self.now_ms()) / 1000.0

    def _apply(self, row: Row) -> None:
        typed = read_duplicate_row(row.payload)
        game = self.game
        if isinstance(typed, JoinRow):
            self.roster = check_names([*self.roster, typed.name], CLUB_MAX_PLAYERS)
            self.names[typed.seat] = typed.name
            if typed.paper:
                self.paper.add(typed.seat)
            if game is not None:
                game.add_player(typed.name)
                self.game_seats.append(typed.seat)
        elif isinstance(typed, CoupRow):
            if game is not None and typed.n == len(self.coups) + 1 and self.current is None:
                expected = game.current
                if expected is None or expected.draw.tiles != typed.draw.tiles:
                    raise ValueError("the draw is not the seed's")
                game.start_coup()
            self.record_start(typed.n, Draw(typed.draw.leftover, typed.draw.new, typed.draw.rejets), row.ts_ms,
                              typed.seconds if typed.own_time else self.seconds)
        elif isinstance(typed, ProposalRow):
            # Too late (after the close): it does not count.
            if self.record_proposal(typed.n, typed.by, typed.text) and game is not None and typed.by in self.game_seats:
                try:
                    game.propose(self.game_seats.index(typed.by), typed.text)
                except ScrabbleError:
                    pass  # not a placement at all: scored nothing, as a blank bulletin
        elif isinstance(typed, CloseRow):
            self.record_close(typed.n, row.ts_ms)
        elif isinstance(typed, ResultsRow):
            self.results_due(typed.n)
            if game is not None and game.current is not None and game.current.number == typed.n:
                # The arbitrator's game judges the coup too (unless it wrote these results itself).
                mine = self._results(game)
                if mine.placed != typed.placed or mine.swapped != typed.swapped:
                    raise ValueError("results differ")
            self.record_results(typed)
        elif isinstance(typed, CorrectionRow):
            self.record_correction(typed)
        elif isinstance(typed, SlipRow):
            SlipRecord.from_row(self, typed.data)  # a slip that does not read is a damaged table
            # A slip for a coup no longer in play (written after its close by a process that had
            # not seen it) does not count, as a late proposal; the arbitrator's game marks it again.
            coup = self.current
            if coup is not None and typed.n == coup.number and typed.seat in self.paper:
                coup.slips[typed.seat] = dict(typed.data)
                if game is not None and typed.seat in self.game_seats and game.current is not None:
                    game.take_slip(self.game_seats.index(typed.seat), str(typed.data["text"]))
        elif isinstance(typed, NextRow):
            if not self.over or self.next_table is not None:
                raise ValueError("next game out of order")
            self.next_table = typed.table
        self._read(row)

    def _game_over(self) -> bool:
        return self.over

    # -- the results -------------------------------------------------------------------------
    def _results(self, game: DuplicateGame) -> ResultsRow:
        """Close the game's coup and say what it paid (the arbitrator's process)."""
        coup = game.close_coup()
        assert coup.placed is not None
        notation, seats = self.rules.notation, self.game_seats
        return ResultsRow(coup.number, move_to_data(coup.placed), PlacedMove.of(coup.placed, notation),
                          {seat: coup.paid(index, notation) for index, seat in enumerate(seats)},
                          {seat: game.total(index) for index, seat in enumerate(seats)},
                          game.top_total, game.is_over, tuple(coup.swaps))

    # -- writing -----------------------------------------------------------------------------
    def _write(self, typed: DuplicateRow, retrying: bool = True) -> None:
        """Write the next row and read it. Another row first: read it, then write again while what
        is written still makes sense (:meth:`_check_writable`), or, not ``retrying``, say so
        (``acted_first``). A row the store does not take is refused at once (:meth:`_append`)."""
        def write() -> Row:
            self._require_seat()
            # A proposal wakes the arbitrator's process, not the hundred players' (PostgreSQL):
            # they read it with the next row that concerns them, or when they write.
            return self._append(self.seq + 1, typed.to_json(), quiet=isinstance(typed, ProposalRow))

        def lost() -> None:
            self.sync()
            if not retrying:
                raise TableError("acted_first", name=_("the table"), what=_("a row was written first")) from None
            self._check_writable(typed)

        self._apply_rows([self._write_retrying(write, lost)])

    def _check_writable(self, typed: DuplicateRow) -> None:
        """Raise if what ``typed`` says no longer makes sense after the rows read meanwhile."""
        coup = self.current
        if isinstance(typed, ProposalRow) and (coup is None or coup.number != typed.n):
            raise DuplicateError("coup_closed")
        if isinstance(typed, CloseRow) and (coup is None or coup.number != typed.n):
            raise TableError("coup_closed_already", n=typed.n)
        if isinstance(typed, CoupRow) and (coup is not None or len(self.coups) + 1 != typed.n):
            raise TableError("coup_running", n=typed.n)
        if isinstance(typed, SlipRow) and (coup is None or coup.number != typed.n):
            raise TableError("slip_coup_closed", n=typed.n)

    # -- the arbitrator's intents ------------------------------------------------------------
    def link_next(self, table_id: str) -> None:
        """Link the series' next game, ``table_id``, on this log (``acted_first``: another row
        came first, read now; it may be another window's link)."""
        self._write(NextRow(table_id), retrying=False)

    def start_coup(self) -> Outcome:
        """The arbitrator announces the next draw: the coup's clock starts."""
        game = self.arbiters_game()
        if self.current is not None:
            raise TableError("coup_running", n=self.current.number)
        if game.is_over or game.current is None:
            raise DuplicateError("game_over")
        number, draw = game.current.number, game.current.draw
        # The arbitrator changed the time: the row says it.
        own_time = self.coup_seconds != self.seconds
        self._write(CoupRow(number, CoupDraw(draw.leftover, draw.new, draw.rejets),
                            self.coup_seconds if own_time else None, own_time))
        return Outcome((_("Coup {n} — draw {draw}").format(n=number, draw=draw.text),))

    def set_coup_time(self, seconds: float | None) -> Outcome:
        """The arbitrator changes the time of the coups to come (3:00, 2:30, 2:00 or 1:00 in a
        club game; any time, or None for no clock, in training); each coup's row records its own."""
        self.arbiters_game()
        self.next_seconds = check_time(seconds, self.club)
        self.time_chosen = True
        said = time_text(seconds) if seconds else _("no clock")
        return Outcome((_("The next coups: {time}.").format(time=said),))

    def check_close(self, number: int | None = None) -> CoupView:
        """The coup :meth:`close_coup` would close (``number``; None: the current one), or what
        refuses it (closed already, not played, not the arbitrator's with time left)."""
        coup = self.current
        wanted = number if number is not None else (coup.number if coup is not None else len(self.coups))
        if coup is None or coup.number != wanted:
            if 1 <= wanted <= len(self.coups):
                raise TableError("coup_closed_already", n=wanted)
            raise TableError("coup_not_started", n=wanted)
        if not self.is_arbiter and not self._time_is_up():
            raise TableError("arbitrator_only")
        return coup

    def close_coup(self, number: int | None = None) -> Outcome:
        """Close coup ``number`` (the current one): refused, and said, if it is closed already."""
        coup = self.check_close(number)
        self._write(CloseRow(coup.number, self.seat))
        closed = _("Coup {n} is closed.").format(n=coup.number)
        try:
            published = self.publish()
        except TableError as exc:
            if exc.code not in NOT_RECORDED:
                raise
            # The close is written; its results are, at a look once the store takes them.
            return Outcome((closed, _("Its results are written once the table store takes them.")))
        return Outcome((closed, *published.messages), published.warning)

    def publish(self) -> Outcome:
        """The arbitrator's process: the results of a closed coup that has none yet."""
        last = self.last
        if not self.is_arbiter or self.game is None or last is None or not last.closed or last.results is not None:
            return Outcome()
        results = self._results(self.game)
        try:
            self._write(results, retrying=False)
        except TableError as exc:
            if exc.code in NOT_RECORDED:
                self.rebuild_from_known()  # the game closed the coup: back to the rows' state
                raise
            if exc.code != "acted_first":
                raise
            self.rebuild()  # another arbitrator's window published them
            return Outcome()
        top = results.top
        assert top is not None  # a closed coup places its top
        return Outcome((_("Top: {ref} {word}, {points} points").format(ref=top.ref, word=top.word,
                                                                       points=top.score),))

    def correct(self, number: int, seat: int, points: int, reason: str) -> Outcome:
        """The arbitrator corrects a player's score on a closed coup, with a reason for the sheet."""
        self.arbiters_game()
        if not 1 <= number <= len(self.coups) or self.coups[number - 1].results is None:
            raise TableError("coup_not_started", n=number)
        if seat not in self.names:
            raise DuplicateError("unknown_player", player=seat + 1)
        if not reason.strip():
            raise TableError("correction_reason")
        self._write(CorrectionRow(number, seat, int(points), reason.strip()))
        return Outcome((elide(_("{name}'s score on coup {n} is now {points}.").format(
            name=self.names[seat], n=number, points=points)),))

    def record_slip(self, payload: dict[str, Any]) -> None:
        """Write a paper slip's row as :mod:`.slips` marked it (the arbitrator's process)."""
        self.arbiters_game()
        self._write(SlipRow(int(payload["n"]), int(payload["seat"]), payload))

    def arbiters_game(self) -> DuplicateGame:
        """The game that makes the draws and marks the slips: every intent of the arbitrator's
        needs it, and its process alone has it."""
        if not self.is_arbiter or self.game is None:
            raise TableError("arbitrator_only")
        return self.game

    # -- a player's intents ------------------------------------------------------------------
    def propose(self, text: str) -> Outcome:
        """This seat's proposal for the coup in play (replacing an earlier one)."""
        coup = self.check_propose(text)
        self._write(ProposalRow(coup.number, self.seat or 0, text.strip()))
        return Outcome((_("Your move is in: {text}").format(text=text.strip() or "—"),))

    def check_propose(self, text: str) -> CoupView:
        """Raise what :meth:`propose` refuses; returns the coup in play. Nothing is written, but
        by a seat held here that finds the coup's time up: it closes the coup, as any process
        that notices does."""
        if self.seat not in self.names:
            raise TableError("arbiter_plays_no_tiles" if self.is_arbiter else "spectator")
        if self.seat in self.paper:
            raise TableError("paper_seat", name=self.names[self.seat])
        if not self.offline:  # the store known to be away: the proposal is refused at once
            self.poll()
        coup = self.current
        if coup is None:
            raise DuplicateError("coup_closed")
        if self._time_is_up():
            if self.held:
                self.close_coup()
            raise DuplicateError("time_up")
        self.check_proposal(text)
        return coup

    def has_proposed(self, seat: int) -> bool:
        coup = self.current
        return coup is not None and (seat in coup.proposals or seat in coup.slips)  # a slip counts as a move in

    def _time_is_up(self) -> bool:
        left = self.remaining()
        return left is not None and left <= 0

    # -- following ---------------------------------------------------------------------------
    def _news(self, before: Any, changed: bool) -> tuple[str, ...]:
        """Close a coup whose time is up (whoever notices first), publish its results (the
        arbitrator's process)."""
        messages: list[str] = []
        if self.held and self.current is not None and self._time_is_up():
            try:
                self._write(CloseRow(self.current.number, self.seat))
                messages.append(_("Time is up."))
            except TableError as exc:
                if exc.code != "coup_closed_already":  # another process closed it: fine
                    raise
        messages.extend(self.publish().messages)
        return tuple(messages)
