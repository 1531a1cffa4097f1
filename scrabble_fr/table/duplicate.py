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
which alone holds the word list and the move generator, writes the results: the top placed, each
player's score, warning and solo, the totals. A player's process needs neither: it follows the
rows, so a club host can run one per player. Nor does it need the seed that makes the draws: the
table keeps it sealed for the arbitrator's code alone (:mod:`.seal`), and a coup's draw is in the
database from the row that starts it. The log's rows::

    {"type": "coup", "n": N, "draw": {"leftover", "new", "rejets"}}        the arbitrator starts coup N
                                                    (``"seconds"``: its time, when the arbitrator changed it)
    {"type": "proposal", "n": N, "by": SEAT, "text": "H8 MOT"}          a player's proposal (the last counts)
    {"type": "close", "n": N, "by": SEAT}                                 coup N closes (once)
    {"type": "results", "n": N, "placed", "top", "players": {SEAT: …}, "totals": {SEAT: …}, "over"}
                                                    (``"swapped": [[ROW, COL, LETTER], …]``: the joker
                                                    game's jokers the board exchanged after coup N)
    {"type": "correction", "n": N, "seat": SEAT, "points": P, "reason": "…"}
    {"type": "join", "seat": SEAT, "name": NAME}                          a player arrives at an open table
                                                    (``"paper": true``: on paper, without a screen)
    {"type": "slip", "n": N, "seat": SEAT, "text": "H8 MOT 24", "paid", …}  the desk types a paper slip
                                                    (the last counts; see :mod:`.slips`)
    {"type": "next", "table": ID}               a series' next game, once this one is over (:mod:`.series`)

A late player scores 0 on the coups they missed. The table's configuration names its variant
(``"variant"``, :class:`~scrabble_fr.duplicate.variant.Variant`; none: the classic duplicate, as
every table made before the variants): the arbitrator's game draws by it, each player's process
refuses a move over its play limit, and every process exchanges the board's jokers as the results
row says.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scrabble_fr.duplicate.draw import format_draw
from scrabble_fr.duplicate.errors import DuplicateError
from scrabble_fr.duplicate.game import BLITZ_SECONDS, CLUB_MAX_PLAYERS, DuplicateGame, check_names, check_play_limit
from scrabble_fr.duplicate.marking import mark, read_placement
from scrabble_fr.duplicate.sheet import SheetCoup
from scrabble_fr.duplicate.timing import check_time, time_text
from scrabble_fr.duplicate.variant import Variant
from scrabble_fr.engine.board import Board
from scrabble_fr.engine.errors import ScrabbleError
from scrabble_fr.engine.game import move_from_data, move_to_data
from scrabble_fr.engine.move import Move
from scrabble_fr.engine.notation import format_coordinate
from scrabble_fr.engine.position import Position
from scrabble_fr.engine.ranking import Standing, rank_scores
from scrabble_fr.engine.rules import Rules, rules_from_mapping, rules_to_mapping
from scrabble_fr.engine.wordlist import WordList
from scrabble_fr.i18n import _, elide
from scrabble_fr.match.config import check_seed
from scrabble_fr.match.outcome import Outcome
from scrabble_fr.messages import describe
from scrabble_fr.table.errors import OUT_OF_REACH, TableError
from scrabble_fr.table.seal import SEALED, new_seed, sealed_seeds, table_seed
from scrabble_fr.table.store import (
    RENEW_SECONDS,
    Conflict,
    Created,
    FollowedTable,
    NewTable,
    Role,
    Row,
    Seat,
    SeatSpec,
    TableInfo,
    TableStore,
    check_new_seat,
    open_table_code,
)

DUPLICATE = "duplicate"
ROW_TYPES = ("coup", "proposal", "close", "results", "correction", "join", "slip", "next")


@dataclass
class DuplicateTableSettings:
    """``table creer --duplicate``: the players (none: an open table), the time a coup, club,
    seed, rules and word list, the arbitrator's name, and the variant."""

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


# -- what every process knows: the rows, read without a word list --------------------------------
@dataclass
class CoupView:
    """One coup as the rows tell it."""

    number: int
    draw: dict[str, Any]
    started_ms: int
    proposals: dict[int, str] = field(default_factory=dict)  # seat -> the last proposal's text
    closed_ms: int | None = None
    results: dict[str, Any] | None = None
    seconds: float | None = None  # this coup's time (None: no clock)
    corrections: dict[int, dict[str, Any]] = field(default_factory=dict)  # seat -> the last correction
    slips: dict[int, dict[str, Any]] = field(default_factory=dict)  # seat -> the last paper slip's row

    @property
    def draw_text(self) -> str:
        text = format_draw(str(self.draw.get("leftover", "")), str(self.draw.get("new", "")))
        return "-" * int(self.draw.get("rejets", 0) > 0) + text

    @property
    def tiles(self) -> str:
        return str(self.draw.get("leftover", "")) + str(self.draw.get("new", ""))

    @property
    def closed(self) -> bool:
        return self.closed_ms is not None

    def points(self, seat: int) -> int:
        """A seat's points on this coup, the arbitrator's correction first."""
        if seat in self.corrections:
            return int(self.corrections[seat]["points"])
        if self.results is None:
            return 0
        return int(self.results.get("players", {}).get(str(seat), {}).get("points", 0))


class _AnyWord:
    """The word list of a player's process: it has none; words are judged by the arbitrator's."""

    name = ""

    def __contains__(self, word: object) -> bool:
        return True

    def __len__(self) -> int:
        return 0

    def words(self) -> Sequence[str]:
        return ()


class DuplicateTable(FollowedTable):
    """One seat (a player, the arbitrator, or a spectator when ``seat`` is None) at a duplicate
    table. The arbitrator's process needs the word list (``lexicon``); the others do not. Opened
    with the arbitrator's ``code``, it knows an open table's own code (:attr:`table_code`)."""

    def __init__(self, store: TableStore, info: TableInfo, seat: int | None, lexicon: WordList | None = None,
                 *, force: bool = False, spectator: bool = False, code: str | None = None,
                 leased: bool = True) -> None:
        if info.kind != DUPLICATE:
            raise TableError("table_unknown", table=info.id)
        self.store = store
        self.info = info
        self.table_id = info.id
        self.seat = seat
        self.token = secrets.token_hex(12)
        config = info.config
        try:
            self.rules = rules_from_mapping(config["rules"])
            # The seed makes the draws: only the arbitrator's code opens it (a table of before the
            # seals: anyone). Every other process takes each draw from its coup's row.
            self.seed = table_seed(config, info.id, seat, code)
            seconds = config.get("seconds")
            self.seconds: float | None = float(seconds) if seconds else None
            self.club = config.get("club") is True
            # A table made before the variants names none: the classic duplicate.
            self.variant = Variant(config.get("variant", Variant.CLASSIC.value))
        except (KeyError, TypeError, ValueError, ScrabbleError) as exc:
            raise TableError("table_damaged", table=info.id, seq=0, detail=str(exc)) from None
        arbiter = info.arbiter
        self.is_arbiter = arbiter is not None and seat == arbiter.number
        if self.is_arbiter and lexicon is None and not spectator:
            raise DuplicateError("no_word_list")  # a view of the arbitrator's seat (etat) needs none
        self.lexicon = lexicon
        self.held = False
        self.lost_seat = False
        self.offline = False
        self.time_chosen = False  # the arbitrator chose the time of the coups to come:
        self.next_seconds: float | None = None  # this one
        self._renewed = 0.0
        self._now_base = (0, time.monotonic())
        self.watching = spectator
        self.seat_code = code  # the code this seat was opened with (a series' next seat derives from it)
        # The arbitrator opened with its code: an open table's own code, for late players.
        self.table_code = self._open_table_code(code) if self.is_arbiter and code else None
        self._reset()
        # A command of one row (not ``leased``) writes without taking the seat from a screen that
        # has it open: the store's one row a number keeps the two apart, as it keeps two screens.
        self.leased = leased
        if seat is not None and not spectator:
            if leased:
                store.take_seat(info.id, seat, self.token, force=force)
            self.held = True
            self._renewed = time.monotonic()
        self.sync()

    @classmethod
    def join(cls, store: TableStore, code: str, lexicon: WordList | None = None, *, name: str | None = None,
             force: bool = False, paper: bool = False, leased: bool = True) -> DuplicateTable:
        """The seat a code opens; an open table's own code with ``name`` gives a new seat (its code
        is :attr:`code`), a player on ``paper`` whose slips the desk types when asked."""
        info, seat = store.find_code(code)
        if seat is None:
            clean = cls.newcomer_name(info, name)
            # A name taken meanwhile, a table full meanwhile: refused there, in its transaction.
            seat, new_code = store.add_seat(info.id, SeatSpec(clean), max_players=CLUB_MAX_PLAYERS)
            info = store.table(info.id)
            table = cls(store, info, seat, lexicon, force=force)
            table.code = table.seat_code = new_code
            table._write_retrying({"type": "join", "seat": seat, "name": clean, **({"paper": True} if paper else {})})
            return table
        return cls(store, info, seat, lexicon, force=force, code=code, leased=leased)

    def _open_table_code(self, arbiter_code: str) -> str | None:
        """An open table's own code, when it derives from the arbitrator's (see
        :func:`~scrabble_fr.table.store.open_table_code`): the store says whether it is the
        table's. A table made before codes were derived had its code drawn: None."""
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
        self._require_arbiter()
        clean = self.newcomer_name(self.info, name)
        seat, _code = self.store.add_seat(self.table_id, SeatSpec(clean), max_players=CLUB_MAX_PLAYERS)
        self._write_retrying({"type": "join", "seat": seat, "name": clean, "paper": True})
        self.refresh_seats()
        return seat

    code: str | None = None  # a seat's code given at an open table, to rejoin with
    _own_results = False

    @property
    def is_open(self) -> bool:
        """Whether players join by the table's code and a name (no players named at its creation)."""
        return not self._initial()

    # -- state from the rows -----------------------------------------------------------------
    def _reset(self) -> None:
        self.rows: list[Row] = []
        self.seq = 0
        self.coups: list[CoupView] = []
        self.board = Board(self.rules.layout)
        self.names: dict[int, str] = {s.number: s.name for s in self.info.seats if s.role is Role.PLAYER}
        self.joined_at: dict[int, int] = {}  # a late player's first coup
        # The players on paper, whose slips the desk types: a join row says so, and a series' next
        # game lists the ones seated with it (``"paper"`` in its configuration: names).
        on_paper = self.info.config.get("paper")
        named = set(on_paper) if isinstance(on_paper, list) else set()
        self.paper: set[int] = {number for number, name in self.names.items() if name in named}
        # The players' names in the order the arbitrator's game knows them (the table's own, then
        # each join row's): every process checks a join as that game does, so that a table the
        # arbitrator finds damaged reads as damaged everywhere (``tables`` included).
        initial = self._initial()
        self.roster = [s.name for s in self.info.seats if s.number in initial]
        self.over = False
        self.next_table: str | None = None  # a series' next game, once the arbitrator started it
        self.damaged: TableError | None = None
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
            blitz = self.seconds is not None and self.seconds <= BLITZ_SECONDS
            self.game = DuplicateGame(list(self.roster), lexicon=self.lexicon, rules=self.rules, seed=self.seed or 0,
                                      seconds=None, club=False, max_players=CLUB_MAX_PLAYERS, sheet=sheet,
                                      blitz=blitz, variant=self.variant)
            self.game_seats: list[int] = sorted(initial)

    def _started_draws(self) -> list[SheetCoup]:
        """The draws of the coups started, as a sheet's lines (their rows say them)."""
        draws = [row.payload.get("draw") for row in self.store.rows(self.table_id)
                 if row.payload.get("type") == "coup"]
        return [SheetCoup(number, str(draw.get("leftover", "")), str(draw.get("new", "")), bool(draw.get("rejets")))
                for number, draw in enumerate(draws, 1) if isinstance(draw, dict)]

    def _initial(self) -> set[int]:
        # The seats made with the table: the players named by ``table creer``.
        arbiter = next((s.number for s in self.info.seats if s.role is Role.ARBITER), len(self.info.seats))
        return {s.number for s in self.info.seats if s.role is Role.PLAYER and s.number < arbiter}

    @property
    def players(self) -> list[int]:
        """The players' seats, in order of arrival."""
        return sorted(self.names)

    @property
    def current(self) -> CoupView | None:
        """The coup started and not closed, if any."""
        if self.coups and not self.coups[-1].closed:
            return self.coups[-1]
        return None

    @property
    def last(self) -> CoupView | None:
        return self.coups[-1] if self.coups else None

    def deadline_ms(self) -> int | None:
        coup = self.current
        if coup is None or not coup.seconds:
            return None
        return coup.started_ms + int(coup.seconds * 1000)

    @property
    def coup_seconds(self) -> float | None:
        """The time the next coup gets: the arbitrator's choice, else the last coup's, else the
        table's (None: no clock)."""
        if self.time_chosen:
            return self.next_seconds
        return self.coups[-1].seconds if self.coups else self.seconds

    def now_ms(self) -> int:
        base, since = self._now_base
        return base + int((time.monotonic() - since) * 1000)

    def remaining(self) -> float | None:
        deadline = self.deadline_ms()
        return None if deadline is None else (deadline - self.now_ms()) / 1000.0

    def _apply(self, row: Row) -> None:
        payload = row.payload
        kind = payload.get("type")
        if "damaged" in payload or kind not in ROW_TYPES:
            raise ValueError("unreadable")
        game = self.game
        if kind == "join":
            seat, name = int(payload["seat"]), str(payload["name"])
            self.roster = check_names([*self.roster, name], CLUB_MAX_PLAYERS)
            self.names[seat] = name
            self.joined_at[seat] = self.current.number if self.current is not None else len(self.coups) + 1
            if payload.get("paper") is True:
                self.paper.add(seat)
            if game is not None:
                game.add_player(name)
                self.game_seats.append(seat)
        elif kind == "coup":
            number = int(payload["n"])
            if number != len(self.coups) + 1 or self.current is not None:
                raise ValueError("coup out of order")
            if game is not None:
                expected = game.current
                if expected is None or expected.draw.tiles != str(payload["draw"]["leftover"]) + str(
                        payload["draw"]["new"]):
                    raise ValueError("the draw is not the seed's")
                game.start_coup()
            # The coup's own time when the arbitrator changed it, else the table's.
            seconds = payload.get("seconds", self.seconds)
            if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float))):
                raise ValueError("bad time")
            self.coups.append(CoupView(number, dict(payload["draw"]), row.ts_ms, seconds=seconds or None))
        elif kind == "proposal":
            coup = self.current
            if coup is None or int(payload["n"]) != coup.number:
                return  # too late (after the close): it does not count
            seat, text = int(payload["by"]), str(payload["text"])
            coup.proposals[seat] = text
            if game is not None and seat in self.game_seats:
                try:
                    game.propose(self.game_seats.index(seat), text)
                except ScrabbleError:
                    pass  # not a placement at all: scored nothing, as a blank bulletin
        elif kind == "close":
            coup = self.current
            if coup is None or int(payload["n"]) != coup.number:
                raise ValueError("close out of order")
            coup.closed_ms = row.ts_ms
        elif kind == "results":
            number = int(payload["n"])
            coup = self.coups[number - 1]
            if not coup.closed or coup.results is not None:
                raise ValueError("results out of order")
            if game is not None and not self._own_results:
                mine = self._results(game)
                if mine["placed"] != payload["placed"] or mine.get("swapped") != payload.get("swapped"):
                    raise ValueError("results differ")
            coup.results = dict(payload)
            placed = move_from_data(payload["placed"])
            self.board.place(placed.tiles)
            self._swap_jokers(payload.get("swapped", []))
            self.over = bool(payload.get("over"))
        elif kind == "correction":
            coup = self.coups[int(payload["n"]) - 1]
            coup.corrections[int(payload["seat"])] = dict(payload)
        elif kind == "slip":
            from scrabble_fr.table.slips import apply_slip

            apply_slip(self, payload)
        elif kind == "next":
            if not self.over or self.next_table is not None:
                raise ValueError("next game out of order")
            self.next_table = str(payload["table"])
        self.rows.append(row)
        self.seq = row.seq

    def _swap_jokers(self, swaps: Any) -> None:
        """The joker game: the board's jokers the results row says were exchanged become their
        letters, on every process's board as on the arbitrator's game."""
        if swaps and not self.variant.swaps_jokers:
            raise ValueError("a joker swapped outside the joker game")
        for row, col, letter in swaps:
            square = self.board[int(row), int(col)]
            if not isinstance(letter, str) or square is None or not square.islower() or square.upper() != letter:
                raise ValueError("no such joker on the board")
            self.board[int(row), int(col)] = letter

    def _apply_rows(self, rows: Sequence[Row]) -> None:
        for row in rows:
            if self.damaged is not None:
                return
            try:
                self._apply(row)
            except (ScrabbleError, KeyError, TypeError, ValueError, IndexError) as exc:
                detail = describe(exc) if isinstance(exc, ScrabbleError) else str(exc) or type(exc).__name__
                self.damaged = TableError("table_damaged", table=self.table_id, seq=row.seq, detail=detail)

    def sync(self) -> None:
        rows, now = self.store.rows_now(self.table_id, self.seq)
        self._apply_rows(rows)
        self._now_base = (now, time.monotonic())
        if self.over and not self.info.over:
            self.store.set_over(self.table_id)

    def rebuild(self) -> None:
        self._reset()
        self.sync()

    # -- the results -------------------------------------------------------------------------
    def _results(self, game: DuplicateGame) -> dict[str, Any]:
        """Close the game's coup and say what it paid (the arbitrator's process)."""
        coup = game.close_coup()
        assert coup.placed is not None
        notation = self.rules.notation

        def move_info(move: Move | None) -> dict[str, Any] | None:
            if move is None:
                return None
            return {"ref": format_coordinate(move.row, move.col, move.across, notation), "word": move.word,
                    "score": move.score or 0}

        players: dict[str, Any] = {}
        for index, seat in enumerate(self.game_seats):
            proposal = coup.proposals[index]
            players[str(seat)] = {
                "points": coup.points(index),
                "move": move_info(proposal.move) if proposal is not None and proposal.error is None else None,
                "text": proposal.text if proposal is not None else None,
                "error": describe(proposal.error) if proposal is not None and proposal.error is not None else None,
                "warning": proposal.warnings[0].value if proposal is not None and proposal.warnings else None,
                "solo": coup.solo == index,
            }
        return {
            "type": "results", "n": coup.number, "placed": move_to_data(coup.placed),
            "top": move_info(coup.placed), "players": players,
            "totals": {str(seat): game.total(index) for index, seat in enumerate(self.game_seats)},
            "top_total": game.top_total, "over": game.is_over,
            # The joker game's exchanges, for every process to make on its board (none: no key,
            # as a classic table's rows always were).
            **({"swapped": [list(swap) for swap in coup.swaps]} if coup.swaps else {}),
        }

    def total(self, seat: int) -> int:
        """A seat's total: the arbitrator's last totals, with the corrections since."""
        total = 0
        last = next((c for c in reversed(self.coups) if c.results is not None), None)
        if last is not None:
            total = int(last.results.get("totals", {}).get(str(seat), 0)) if last.results else 0
        for coup in self.coups:
            if seat in coup.corrections and coup.results is not None:
                recorded = int(coup.results.get("players", {}).get(str(seat), {}).get("points", 0))
                total += int(coup.corrections[seat]["points"]) - recorded
        return total

    @property
    def top_total(self) -> int:
        last = next((c for c in reversed(self.coups) if c.results is not None), None)
        return int(last.results.get("top_total", 0)) if last is not None and last.results else 0

    def percent(self, seat: int) -> float:
        top = self.top_total
        return 100.0 * self.total(seat) / top if top else 100.0

    def ranking(self) -> list[Standing[int]]:
        """``(rank, seat, total)`` best first; equal totals share a rank."""
        return rank_scores((seat, self.total(seat)) for seat in self.players)

    def rank(self, seat: int) -> int | None:
        return next((rank for rank, s, _t in self.ranking() if s == seat), None)

    def solos(self, seat: int) -> int:
        return sum(1 for c in self.coups if c.results and c.results.get("players", {}).get(str(seat), {}).get("solo"))

    # -- writing -----------------------------------------------------------------------------
    def _write(self, payload: dict[str, Any]) -> Row:
        """Write the next row; another row first: read it, and say so (``acted_first``)."""
        if self.damaged is not None:
            raise self.damaged
        if not self.held or self.lost_seat:
            raise TableError("spectator")
        try:
            # A proposal wakes the arbitrator's process, not the hundred players' (PostgreSQL):
            # they read it with the next row that concerns them, or when they write.
            quiet = payload.get("type") == "proposal"
            row = self.store.append(self.table_id, self.seq + 1, payload, quiet=quiet)
        except Conflict:
            self.sync()
            raise TableError("acted_first", name=_("the table"), what=_("a row was written first")) from None
        self._apply_rows([row])
        return row

    def _write_retrying(self, payload: dict[str, Any]) -> Row:
        # A proposal or a close written while others write theirs: read theirs and write again,
        # as long as what is written still makes sense (checked by the caller's ``check``).
        for _attempt in range(50):
            try:
                return self._write(payload)
            except TableError as exc:
                if exc.code != "acted_first":
                    raise
                self._check_writable(payload)
        raise TableError("base_lost")

    def _check_writable(self, payload: dict[str, Any]) -> None:
        """Raise if what ``payload`` says no longer makes sense after the rows read meanwhile."""
        coup = self.current
        kind = payload["type"]
        if kind == "proposal" and (coup is None or coup.number != payload["n"]):
            raise DuplicateError("coup_closed")
        if kind == "close" and (coup is None or coup.number != payload["n"]):
            raise TableError("coup_closed_already", n=payload["n"])
        if kind == "coup" and (coup is not None or len(self.coups) + 1 != payload["n"]):
            raise TableError("coup_running", n=payload["n"])
        if kind == "slip" and (coup is None or coup.number != payload["n"]):
            raise TableError("slip_coup_closed", n=payload["n"])

    # -- the arbitrator's intents ------------------------------------------------------------
    def start_coup(self) -> Outcome:
        """The arbitrator announces the next draw: the coup's clock starts."""
        self._require_arbiter()
        game = self.game
        assert game is not None
        if self.current is not None:
            raise TableError("coup_running", n=self.current.number)
        if game.is_over or game.current is None:
            raise DuplicateError("game_over")
        draw = game.current.draw
        payload: dict[str, Any] = {"type": "coup", "n": game.current.number,
                                   "draw": {"leftover": draw.leftover, "new": draw.new, "rejets": draw.rejets}}
        if self.coup_seconds != self.seconds:
            payload["seconds"] = self.coup_seconds  # the arbitrator changed the time: the row says it
        self._write_retrying(payload)
        coup = self.current
        assert coup is not None
        return Outcome((_("Coup {n} — draw {draw}").format(n=coup.number, draw=coup.draw_text),))

    def set_coup_time(self, seconds: float | None) -> Outcome:
        """The arbitrator changes the time of the coups to come (3:00, 2:30, 2:00 or 1:00 in a
        club game; any time, or None for no clock, in training); each coup's row records its own."""
        self._require_arbiter()
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
        self._write_retrying({"type": "close", "n": coup.number, "by": self.seat})
        published = self.publish()
        return Outcome((_("Coup {n} is closed.").format(n=coup.number), *published.messages), published.warning)

    def publish(self) -> Outcome:
        """The arbitrator's process: the results of a closed coup that has none yet."""
        if not self.is_arbiter or self.game is None:
            return Outcome()
        last = self.last
        if last is None or not last.closed or last.results is not None:
            return Outcome()
        results = self._results(self.game)
        self._own_results = True  # the game has closed the coup already: the row only records it
        try:
            self._write(results)
        except TableError as exc:
            if exc.code != "acted_first":
                raise
            self._own_results = False
            self.rebuild()  # another arbitrator's window published them
            return Outcome()
        finally:
            self._own_results = False
        top = results["top"]
        return Outcome((_("Top: {ref} {word}, {points} points").format(ref=top["ref"], word=top["word"],
                                                                       points=top["score"]),))

    def correct(self, number: int, seat: int, points: int, reason: str) -> Outcome:
        """The arbitrator corrects a player's score on a closed coup, with a reason for the sheet."""
        self._require_arbiter()
        if not 1 <= number <= len(self.coups) or self.coups[number - 1].results is None:
            raise TableError("coup_not_started", n=number)
        if seat not in self.names:
            raise DuplicateError("unknown_player", player=seat + 1)
        if not reason.strip():
            raise TableError("correction_reason")
        self._write_retrying({"type": "correction", "n": number, "seat": seat, "points": int(points),
                              "reason": reason.strip()})
        return Outcome((elide(_("{name}'s score on coup {n} is now {points}.").format(
            name=self.names[seat], n=number, points=points)),))

    def record_slip(self, payload: dict[str, Any]) -> None:
        """Write a paper slip's row as :mod:`.slips` marked it (the arbitrator's process)."""
        self._require_arbiter()
        self._write_retrying({**payload, "type": "slip"})

    def _require_arbiter(self) -> None:
        if not self.is_arbiter:
            raise TableError("arbitrator_only")

    # -- a player's intents ------------------------------------------------------------------
    def check_proposal(self, text: str) -> None:
        """Raise unless ``text`` is a placement the rules allow on this coup's board and draw
        (a word outside the list is the arbitrator's to judge: it scores 0 at the close)."""
        coup = self.current
        if coup is None:
            raise DuplicateError("coup_closed")
        stripped = text.strip()
        if stripped in ("", "-"):
            return
        command = read_placement(stripped, self.rules.notation, self.board.size)
        position = Position(self.rules, board=self.board.copy(), racks=[coup.tiles], lexicon=_AnyWord())
        marking = mark(position, stripped, command)
        if marking.error is not None:
            raise marking.error
        check_play_limit(marking.move, self.rules.rack_size)  # 7sur8: seven tiles of the eight at most

    def propose(self, text: str) -> Outcome:
        """This seat's proposal for the coup in play (replacing an earlier one)."""
        coup = self.check_propose(text)
        self._write_retrying({"type": "proposal", "n": coup.number, "by": self.seat, "text": text.strip()})
        return Outcome((_("Your move is in: {text}").format(text=text.strip() or "—"),))

    def check_propose(self, text: str) -> CoupView:
        """Raise what :meth:`propose` refuses; returns the coup in play. Nothing is written, but
        by a seat held here that finds the coup's time up: it closes the coup, as any process
        that notices does."""
        if self.seat not in self.names:
            raise TableError("arbiter_plays_no_tiles" if self.is_arbiter else "spectator")
        if self.seat in self.paper:
            raise TableError("paper_seat", name=self.names[self.seat])
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
    def poll(self, timeout: float = 0.0) -> Outcome | None:
        """Follow the table; close a coup whose time is up (whoever notices first), publish its
        results (the arbitrator's process). An outcome when something changed."""
        messages: list[str] = []
        try:
            if self.held and self.leased and time.monotonic() - self._renewed >= RENEW_SECONDS:
                if not self.store.renew_seat(self.table_id, self.seat or 0, self.token):
                    self.lost_seat = True
                self._renewed = time.monotonic()
                self.info = self.store.table(self.table_id)
            changed = self._has_changed(timeout, quiet=self.is_arbiter) or self.offline
            before = (self.seq, len(self.coups))
            if changed:
                self.offline = False
                self.sync()
            if self.held and self.current is not None and self._time_is_up():
                try:
                    self._write_retrying({"type": "close", "n": self.current.number, "by": self.seat})
                    messages.append(_("Time is up."))
                except TableError as exc:
                    if exc.code != "coup_closed_already":  # another process closed it: fine
                        raise
            outcome = self.publish()
            messages.extend(outcome.messages)
        except TableError as exc:
            if exc.code == "base_busy":  # another terminal is writing: read it at the next look
                self._read_later()
                return None
            if exc.code in OUT_OF_REACH:
                if not self.offline:
                    self.offline = True
                    return Outcome(warning=describe(TableError("base_lost")))
                return None
            raise
        if not changed and not messages and before == (self.seq, len(self.coups)):
            return None
        return Outcome(tuple(messages))

    def close(self) -> None:
        if self.held and self.leased and not self.lost_seat:
            try:
                self.store.leave_seat(self.table_id, self.seat or 0, self.token)
            except TableError:
                pass
        self.held = False

    # -- reading -----------------------------------------------------------------------------
    def present(self, seat: int) -> bool:
        info = next((s for s in self.info.seats if s.number == seat), None)
        return bool(info and info.present) or (self.held and seat == self.seat)

    def refresh_seats(self) -> None:
        """Read again who is at the table (the seats' leases), for a screen that shows it."""
        try:
            self.info = self.store.table(self.table_id)
        except TableError:
            pass  # the store out of reach: poll says so

    def seat_info(self, seat: int) -> Seat:
        return next(s for s in self.info.seats if s.number == seat)
