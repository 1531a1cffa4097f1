"""A seat at a shared table: the match rebuilt from the table's log, and its intents written there.

    >>> from scrabble_fr.table.store import open_store
    >>> from scrabble_fr.words import WordSet
    >>> store = open_store(":memory:")
    >>> created = create_table(store, TableSettings(["Alice", "Bruno"], seed=7))
    >>> alice = TableSession.join(store, created.codes[0], WordSet(["BALTE"]))
    >>> _ = alice.match.play("H4 BALTE"); [str(row.kind) for row in alice.rows][-1]
    'move'

A :class:`TableSession` follows one table for one seat (or for a spectator): it holds a
:class:`~scrabble_fr.match.Match` given the seat's ports (:mod:`.classic_seat`: it shows its
seat's own rack, lets its seat act only on its turn, and records in the table's log), rebuilt
from the table's rows (typed in :mod:`.rows`). Every change of the match (a move, a challenge, a
computer's move, a penalty for overtime, a hint noted) is written as the next row: the game's new
actions, how many it took back (an undo), the table's notes. Two processes writing the same
number: one wins. When the winner's row left the game as it was (a note, an undo asked), the
other's change is put on top of it and written next; otherwise the loser rebuilds from the log and
tells its player what happened first (``acted_first``), nothing of theirs written. Clocks run on
the database's timestamps from the moment every human seat has been taken once, whoever's terminal
is open.

The seed that makes the racks is sealed for each human seat's code (:mod:`.seal`): a seat's
process opens it with its code and replays the real game; a spectator, without a code, replays
the game as the public sees it (:class:`~scrabble_fr.engine.public.PublicGame`: no rack), until
the row that ends the game reveals the seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scrabble_fr import texts
from scrabble_fr.engine.errors import GameStateError
from scrabble_fr.engine.game import Event, EventKind, Game
from scrabble_fr.engine.players import check_names
from scrabble_fr.engine.public import PublicGame
from scrabble_fr.engine.rules import Rules, rules_from_mapping, rules_to_mapping
from scrabble_fr.engine.tiles import JOKER
from scrabble_fr.engine.wordlist import WordList
from scrabble_fr.i18n import _, colon
from scrabble_fr.match.config import (
    GameConfig,
    PlayerConfig,
    Verification,
    check_clock_minutes,
    check_players,
    check_seed,
)
from scrabble_fr.match.errors import MatchError
from scrabble_fr.match.match import Match, Note, default_computers, match_gcg
from scrabble_fr.match.outcome import Outcome
from scrabble_fr.table.classic_seat import ClassicSeat
from scrabble_fr.table.errors import TableError
from scrabble_fr.table.following import FollowedTable
from scrabble_fr.table.rows import (
    JudgeRequestRow,
    MoveRow,
    RematchRow,
    UndoAnswerRow,
    UndoRequestRow,
    classic_row,
)
from scrabble_fr.table.seal import is_sealed, new_seed, open_tiles, seal_tiles, table_seals, table_seed
from scrabble_fr.table.store import (
    Conflict,
    Created,
    NewTable,
    Role,
    Row,
    Seat,
    SeatSpec,
    TableInfo,
    TableStore,
)

CLASSIC = "classic"
CONTEST_EVENTS = frozenset({EventKind.WITHDRAWN, EventKind.CONTEST_PENALTY, EventKind.CONTEST_BONUS,
                            EventKind.CONTEST_FAILED, EventKind.LOST_TURN})


@dataclass
class TableSettings:
    """What ``table creer`` and the set-up screen ask: players (``ordi:N`` for a computer), an
    arbiter, the rules, verification, clock, club mode, seed and word list."""

    players: list[str]
    arbiter: str | None = None
    rules: Rules = field(default_factory=lambda: Rules.preset("ffsc"))
    verification: Verification = Verification.AUTO
    clock_minutes: int | None = None
    club: bool = False
    seed: int | None = None
    lexicon: str | None = None  # the list's name or path (None: the rules' language's default)
    lexicon_name: str = ""
    lexicon_words: int = 0


def create_table(store: TableStore, settings: TableSettings) -> Created:
    """Create a classic table; returns it with each human seat's join code. Bad players raise,
    nothing is created."""
    config = GameConfig.from_spec(",".join(settings.players), rules=settings.rules,
                                  seed=check_seed(settings.seed),
                                  clock_minutes=check_clock_minutes(settings.clock_minutes), club=settings.club,
                                  verification=settings.verification, lexicon_path=settings.lexicon)
    seats = [SeatSpec(p.name, p.computer_level) for p in config.players]
    if settings.arbiter is not None:
        if not settings.arbiter.strip():
            raise TableError("arbiter_needs_name")
        check_names([p.name for p in config.players] + [settings.arbiter], 9)
        seats.append(SeatSpec(settings.arbiter.strip(), None, Role.ARBITER))
    else:
        # Manual verification needs someone to judge: without an arbiter the word list decides.
        config.verification = Verification.AUTO
    if len(config.players) < 2 or all(p.is_computer for p in config.players):
        raise TableError("table_players")
    seed = config.seed if config.seed is not None else new_seed()
    # The match's settings as a saved game keeps them, but the private screen: each seat has its own.
    kept = {key: value for key, value in config.settings().items() if key != "private_screen"}
    table_config = {"rules": rules_to_mapping(config.rules), **kept, "lexicon_name": settings.lexicon_name,
                    "lexicon_words": settings.lexicon_words}
    # Every human seat's process replays the game (its rack, the computers' moves): the seed is
    # sealed for each code; the database alone gives it to nobody. So is the secret from which a
    # rematch's seed follows (table.rematch): any seat can make it, none writes it.
    return store.create_table(NewTable(CLASSIC, table_config, seats,
                                       seal=lambda table_id, codes: table_seals(seed, codes, table_id)))


@dataclass
class UndoAsked:
    """An undo asked at the table: by which seat, and the seats that accepted it so far."""

    by: int | None
    yes: list[int] = field(default_factory=list)


HELP_NOTES = ("hint", "lookup")  # the notes of a seat's use of the program's help


class TableSession(FollowedTable):
    """One seat (``seat``; None: a spectator) following one table of ``store``."""

    def __init__(self, store: TableStore, info: TableInfo, seat: int | None, lexicon: WordList | None, *,
                 force: bool = False, computers: Callable[[int, random.Random], Any] | None = default_computers,
                 spectator: bool = False, code: str | None = None) -> None:
        self._open(store, info, seat)
        self.code = code  # the seat's join code, when it was opened with it (its rematch is derived from it)
        config = info.config
        self.me = next((index for index, s in enumerate(self.players) if s.number == seat), None)
        with self._reading_config():
            # The seed makes the racks: a seat's code opens it (a table of before the seals gives
            # it to anyone); without it a spectator follows the game as the public sees it.
            self.own_seed = table_seed(config, info.id, seat, code)
            if config.get("verification", Verification.AUTO.value) not in tuple(Verification):
                raise ValueError("verification")
            self.config = GameConfig.from_settings([PlayerConfig(s.name, s.computer_level) for s in self.players],
                                                   rules_from_mapping(config["rules"]), self.own_seed, config)
            check_players(self.config.players)
        if seat is not None and self.own_seed is None:
            # A seat's view holds its rack (and plays it): it needs the seat's own code. Only a
            # spectator (no seat) follows the game without the seed.
            raise TableError("table_unknown_code")
        self.clock.pin(info.created_ms)
        seat_port = ClassicSeat(self)
        self.match = Match(self.config, lexicon=lexicon, computers=computers, now=self.clock, recorder=seat_port,
                           actors=seat_port)
        self._start(force, spectator)

    @classmethod
    def join(cls, store: TableStore, code: str, lexicon: WordList | None, *, force: bool = False,
             computers: Callable[[int, random.Random], Any] | None = default_computers) -> TableSession:
        """The seat a join code opens (raises ``table_unknown_code``, ``seat_taken``)."""
        info, seat = store.find_code(code)
        if seat is None:
            raise TableError("table_needs_name")
        return cls(store, info, seat, lexicon, force=force, computers=computers, code=code)

    @classmethod
    def watch(cls, store: TableStore, table: str | TableInfo, lexicon: WordList | None = None) -> TableSession:
        """A spectator of the table (its id, or its info already read): the board, the scores and
        the history, never a rack."""
        info = store.table(table) if isinstance(table, str) else table
        return cls(store, info, None, lexicon, spectator=True, computers=None)

    @property
    def players(self) -> list[Seat]:
        return [s for s in self.info.seats if s.role is Role.PLAYER]

    # -- the state of the table --------------------------------------------------------------
    def _reset(self) -> None:
        match = self.match
        self.clock.pin(self.info.created_ms)
        self.seed: int | None = self.own_seed
        match.replay(self._game())
        match.notes = []
        match.reset_clocks()  # stopped until every player has joined
        self.committed: list[dict[str, Any]] = []
        self.committed_notes: list[dict[str, Any]] = []
        self.started_ms = self.info.started_ms
        self.started = False
        self.undo_asked: UndoAsked | None = None
        self.judgement: JudgeRequestRow | None = None  # a challenge waiting for the arbiter's verdict
        self.judging = False
        self.rematch: RematchRow | None = None  # the rematch's link, once asked
        self.events_at: dict[int, int] = {0: 0}  # how many game events there were after each row

    def _game(self, actions: Sequence[dict[str, Any]] = ()) -> Game:
        """The game of ``actions``: the real one with the seed, else the public one (no rack)."""
        names = [p.name for p in self.config.players]
        if self.seed is None:
            return PublicGame.replay(names, self.config.rules, 0, actions)
        return Game.replay(names, self.config.rules, self.seed, actions)

    # -- exchanges, sealed in the rows ------------------------------------------------------
    def _row_action(self, action: dict[str, Any], seq: int, index: int) -> dict[str, Any]:
        """A game's action as row ``seq`` writes it: at a table whose seed is sealed, an
        exchange's tiles are sealed too (the database says how many, as the opponents' screens)."""
        move = action.get("move")
        if (not is_sealed(self.info.config) or self.seed is None or action.get("type") != "play"
                or not isinstance(move, dict) or move.get("kind") != "exchange"):
            return action
        tiles = str(move["tiles"])
        sealed = seal_tiles(tiles, self.seed, self.table_id, seq, index)
        return {**action, "move": {"kind": "exchange", "count": len(tiles), "sealed": sealed}}

    def _game_action(self, action: Any, seq: int, index: int) -> Any:
        """A row's action as the game applies it: a sealed exchange opened with the seed, or
        without it (a spectator) an exchange of that many unknown tiles."""
        move = action.get("move") if isinstance(action, dict) else None
        if not isinstance(move, dict) or "sealed" not in move:
            return action
        if self.seed is None:
            count = move["count"]
            if isinstance(count, bool) or not isinstance(count, int) or count < 1:
                raise ValueError("count")
            return {**action, "move": {"kind": "exchange", "tiles": JOKER * count}}
        return {**action, "move": {"kind": "exchange",
                                   "tiles": open_tiles(str(move["sealed"]), self.seed, self.table_id, seq, index)}}

    def _actions_of(self, rows: Sequence[Row]) -> list[dict[str, Any]]:
        """The game's actions after ``rows``, their exchanges opened (the seed is known)."""
        actions: list[dict[str, Any]] = []
        for row in rows:
            typed = row.classic()
            del actions[len(actions) - typed.drop:]
            for action in typed.actions:
                actions.append(self._game_action(action, row.seq, len(actions)))
        return actions

    @property
    def rematch_asker(self) -> str | None:
        """The name of the seat that asked for the rematch, if another seat did (never said to a
        watcher: no seat, no rematch to follow, and « Revanche (r) » is not on its end screen)."""
        if self.rematch is None or self.seat is None or self.rematch.by == self.seat:
            return None
        return self._writer_name(self.rematch.by)

    def _writer_name(self, by: int | None) -> str:
        """The name of the seat that wrote a row (« the table » for a row of nobody's)."""
        return self.info.seat(by).name if by is not None and 0 <= by < len(self.info.seats) else _("the table")

    @property
    def can_act(self) -> bool:
        return self.held and not self.lost_seat and self.damaged is None and not self.offline

    def player_present(self, player: int) -> bool | None:
        """Whether ``player``'s seat is taken now (None: a computer's, which no one takes)."""
        seat = self.players[player]
        return None if seat.is_computer else self.present(seat.number)

    def _apply(self, row: Row) -> None:
        typed = row.classic()
        match = self.match
        if isinstance(typed, RematchRow) and self.rematch is None:
            # The finished game's rematch: the first link written is the one every seat follows.
            self.rematch = typed
        self._start_clocks(row.ts_ms)
        self.clock.pin(row.ts_ms)
        if typed.seed is not None and self.seed is None:
            # The row that ends the game reveals the seed: from here the real game, its racks.
            self.seed = typed.seed
            self.committed = self._actions_of(self.rows)
            match.replay(self._game(self.committed))
        drop = typed.drop
        if drop:
            match.replay(self._game(self.committed[: len(self.committed) - drop]))
        match.apply_actions([self._game_action(action, row.seq, index)
                             for index, action in enumerate(typed.actions, len(self.committed) - drop)])
        if typed.changes_game:
            self.committed = match.game.actions
        if typed.notes is not None:
            match.notes = Note.read_all(typed.notes, len(self.config.players))
            self.committed_notes = [n.to_data() for n in match.notes]
        if isinstance(typed, UndoRequestRow):
            self.undo_asked = UndoAsked(typed.by)
        elif isinstance(typed, UndoAnswerRow) and self.undo_asked is not None:
            if typed.yes and not drop and typed.by is not None:
                self.undo_asked.yes.append(typed.by)
            if not typed.yes or drop or not self.undo_voters():
                # Refused, or granted and done: the last voter's yes follows the row that took
                # the move back (or, in a row of before, holds it).
                self.undo_asked = None
        elif isinstance(typed, JudgeRequestRow):
            self.judgement = typed
        if isinstance(typed, MoveRow) and self.judgement is not None and match.game.pending is None:
            self.judgement = None  # judged
        if self.started:
            match.settle_clock()
        self._read(row)
        self.events_at[row.seq] = len(match.game.history)

    def _start_clocks(self, until_ms: int) -> None:
        """The clocks start when the last human seat arrives, if that is before ``until_ms``."""
        start = self.started_ms
        if self.started or start is None or start > until_ms:
            return
        self.started = True
        self.clock.pin(start)
        self.match.start_clocks()

    def _read_seats(self) -> bool:
        came_or_went = super()._read_seats()
        if self.started_ms is None and self.info.started_ms is not None:
            # The last human seat came, which writes no row: the next look reads the table's time,
            # and the clocks start from that arrival.
            self._unread = True
        return came_or_went

    def _clocks_follow(self, now: int) -> bool:
        if self.started_ms is None and self.info.started_ms is not None:
            self.started_ms = self.info.started_ms
            if self.rows and self.rows[-1].ts_ms > self.started_ms:
                return False  # the clocks started before rows already replayed
        self._start_clocks(now)
        return True

    def _game_over(self) -> bool:
        return self.match.game.is_over

    # -- writing -----------------------------------------------------------------------------
    def commit(self, kind: str, **extra: Any) -> str | None:
        """Write the match's changes since the last row as the next row. Raises ``acted_first``
        (another process changed the game first: the state is rebuilt from the log) or the
        store's error (the state is put back as the log has it); returns None."""
        if self.damaged is not None:
            raise self.damaged
        match = self.match

        def write() -> Row | None:
            drop, added, notes = self._changes()
            if kind == "move" and not drop and not added and notes == self.committed_notes:
                return None
            # The game is over: its racks are no secret any more, the row reveals the seed.
            revealed = match.game.is_over and self.seed is not None and is_sealed(self.info.config)
            prefix = len(self.committed) - drop
            typed = classic_row(kind, by=self.seat, drop=drop,
                                actions=tuple(self._row_action(action, self.seq + 1, index)
                                              for index, action in enumerate(added, prefix)),
                                notes=tuple(notes) if notes != self.committed_notes else None,
                                seed=self.seed if revealed else None, **extra)
            self._require_seat()
            return self._append(self.seq + 1, typed.to_json())  # refused at once while the store is away

        try:
            row = self._write_retrying(write, self._rebase)
        except TableError as exc:
            if exc.code != "acted_first":
                self.rebuild_from_known()  # refused or not recorded: the match as the log has it
            raise
        if row is not None:
            # The row is ours: what it holds is the state the match already has.
            self._read(row)
            self.events_at[row.seq] = len(match.game.history)
            self.committed = match.game.actions
            self.committed_notes = [n.to_data() for n in match.notes]
            if match.game.is_over:
                self.store.set_over(self.table_id)
        return None

    def _changes(self) -> tuple[int, list[dict[str, Any]], list[dict[str, Any]]]:
        """The match's changes since the last row: how many of the actions written it takes back,
        the actions it adds, its notes."""
        actions = self.match.game.actions
        # How many of the actions written are still the game's: the others are taken back.
        prefix = next((index for index, (mine, theirs) in enumerate(zip(actions, self.committed, strict=False))
                       if mine != theirs), min(len(actions), len(self.committed)))
        return len(self.committed) - prefix, actions[prefix:], [n.to_data() for n in self.match.notes]

    def _rebase(self) -> None:
        """Another row came first: if it left the game as it was (a note, an undo asked…), put
        this change on top of it (to be written again); otherwise rebuild from the log and say
        what happened first (``acted_first``)."""
        drop, added, notes = self._changes()
        newer = self.store.rows(self.table_id, self.seq)
        if drop or any(row.classic().changes_game for row in newer):
            known = self.seq
            self.rebuild()
            first = next((row for row in self.rows if row.seq > known), None)
            who = self._writer_name(first.classic().by if first is not None else None)
            events = self.match.game.history[self.events_at.get(known, 0):]  # the others' rows, in words
            what = "; ".join(self.event_text(e) for e in events) or "—"
            raise TableError("acted_first", name=who, what=what) from None
        mine = [n for n in notes if n not in self.committed_notes]
        self.rebuild_from_known()
        self._apply_rows(newer)
        match = self.match
        match.apply_actions(added)
        kept = [note for note in Note.read_all(mine, len(self.config.players)) if note not in match.notes]
        match.notes = match.notes + kept
        self.clock.release()
        if self.started:
            match.settle_clock()

    def event_text(self, event: Event) -> str:
        game = self.match.game
        text = f"{game.players[event.player]}{colon()} {texts.event_move_text(game, event)}"
        return text + (f" ({event.points:+d})" if event.points else "")

    # -- table-level intents -----------------------------------------------------------------
    def request_judgement(self, contester: int, words: list[str]) -> Outcome:
        """Manual verification with an arbiter: the challenge waits for the arbiter's verdict."""
        self.commit("judge_request", contester=contester, words=tuple(words))
        self.judgement = JudgeRequestRow(self.seat, contester=contester, words=tuple(words))
        return Outcome((_("The arbiter judges the challenged words."),))

    def judge(self, answers: Mapping[str, bool]) -> Outcome:
        """The arbiter's verdict on the challenged words."""
        if not self.is_arbiter:
            raise TableError("arbiter_only")
        if self.judgement is None:
            raise TableError("no_judgement")
        judgement = self.judgement
        self.judging = True
        try:
            outcome = self.match.contest(judgement.contester, answers, list(judgement.words))
        finally:
            self.judging = False
        self.judgement = None
        return outcome

    def request_undo(self) -> Outcome:
        """Ask the other players to take back this seat's last move (the match's :meth:`undo`
        at this seat; it refused it in club mode)."""
        match = self.match
        if self.me is None:
            raise TableError("spectator")
        self._require_not_over()
        if self.undo_asked is not None:
            raise TableError("undo_pending")
        humans_acted = [p for p in match.game.actors() if not match.is_computer(p)]
        if not humans_acted or humans_acted[-1] != self.me:
            raise MatchError("undo_nothing")
        self.commit("undo_request")
        self.undo_asked = UndoAsked(self.seat)
        if not self.undo_voters():
            return self._grant_undo()
        return Outcome((_("Undo asked: each other player accepts or refuses it."),))

    def link_rematch(self, table_id: str, seed: int | None) -> bool:
        """Write the finished game's rematch link (the new table's id; ``seed``: a plain seed, for
        a table of before the rematch secrets) as the next row; False if another row came first."""
        try:
            row = self._append(self.seq + 1, RematchRow(self.seat, table=table_id, rematch_seed=seed).to_json())
        except Conflict:
            return False
        self._apply_rows([row])
        return True

    def undo_voters(self) -> set[int]:
        """The seats that have still to answer the undo asked (none asked: none)."""
        asked = self.undo_asked
        if asked is None:
            return set()
        return {s.number for s in self.players if not s.is_computer and s.number != asked.by} - set(asked.yes)

    @property
    def undo_to_answer(self) -> str | None:
        """The name of the seat whose undo this seat has to answer (None: nothing to answer)."""
        asked = self.undo_asked
        if asked is None or self.seat not in self.undo_voters():
            return None
        return self._writer_name(asked.by)

    def answer_undo(self, yes: bool) -> Outcome:
        if self.undo_asked is None:
            raise TableError("undo_not_asked")
        if self.seat not in self.undo_voters():
            raise TableError("undo_pending")
        if yes and self.undo_voters() == {self.seat}:
            return self._grant_undo()
        self.commit("undo_answer", yes=yes)
        if yes and self.seat is not None:
            self.undo_asked.yes.append(self.seat)
            return Outcome((_("Undo accepted."),))
        self.undo_asked = None
        return Outcome((_("Undo refused."),))

    def _require_not_over(self) -> None:
        # A table's game ends once: its end is written (the seed revealed, the table listed as
        # over), and a game taken back after it would go on with its racks readable.
        if self.match.game.is_over:
            raise GameStateError("game_over")

    def _grant_undo(self) -> Outcome:
        self._require_not_over()
        self.match.take_back()
        self.commit("undo_answer", yes=True)
        self.undo_asked = None
        return Outcome((_("Undo accepted: the move is taken back."),))

    # -- following ---------------------------------------------------------------------------
    def _before_look(self) -> tuple[int, int | None, dict[tuple[str, int, int], int], RematchRow | None]:
        game = self.match.game
        announced = len(game.history) if game.pending is not None else None
        asked = {(n.kind, n.after, n.player): n.count for n in self.match.notes if n.kind in HELP_NOTES}
        return len(game.history), announced, asked, self.rematch

    def _news(self, before: Any, changed: bool) -> tuple[str, ...]:
        """The others' moves, their use of the program's help, a rematch asked, a move of this
        seat's accepted at another terminal."""
        if not changed:
            return ()
        count, announced, asked, rematch = before
        events = self.match.game.history[count:]
        messages = tuple(self.event_text(e) for e in events) + self._help_used(asked)
        asker = self.rematch_asker
        if rematch is None and asker is not None:
            messages += (_("{name} asks for a rematch: Rematch (r) on the end screen takes you to the new table.")
                         .format(name=asker),)
        game = self.match.game
        if (announced is not None and (game.pending is None or len(game.history) > announced)
                and not any(e.kind in CONTEST_EVENTS for e in events)):
            # The announced move was accepted at another terminal: no event of the game says so.
            messages = (_("Move accepted."), *messages)
        return messages

    def _told(self, messages: tuple[str, ...]) -> None:
        self.match.log.extend(messages)

    def _help_used(self, before: Mapping[tuple[str, int, int], int]) -> tuple[str, ...]:
        """What the other seats asked of the program since ``before`` (a hint, a look-up), said
        to every seat: help at a table between humans is never silent."""
        said: list[str] = []
        for note in self.match.notes:
            if (note.kind in HELP_NOTES and note.count > before.get((note.kind, note.after, note.player), 0)
                    and note.player != self.me):
                text = _("{name} asked for a hint.") if note.kind == "hint" else _("{name} used the word tools.")
                said.append(text.format(name=self.match.game.players[note.player]))
        return tuple(said)


def table_gcg(session: TableSession) -> str:
    """A shared table's game as GCG text: its moves, the list that judged it, its notes; the
    players' racks once the game is over only (before, they are what each player still holds)."""
    game = session.match.game
    return match_gcg(game, session.match.notes, session.info.config, title=f"scrabble_fr table {session.table_id}",
                     racks=game.is_over)
