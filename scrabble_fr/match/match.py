"""A whole game session: players, verification, clocks, computer turns, undo, hints and saving.

    >>> m = Match(GameConfig.from_spec("Alice,Bruno", seed=7)); m.game.racks[0]
    'IELTABP'
    >>> _outcome = m.play("H4 BALTE"); m.game.pending.move.score, m.actor
    (20, 1)

The engine's :class:`~scrabble_fr.engine.game.Game` knows the rules; the match knows the table:
who sits there (humans, computers and their levels), who judges a contested word (the active word
list, or the players — never a human judging a computer), whose clock runs, when a computer
moves, what undo takes back, and it saves after every change. A front end shows its state and
sends it *intents* (:meth:`play`, :meth:`accept`, :meth:`contest`, :meth:`pass_`,
:meth:`exchange`, :meth:`undo`, :meth:`hint_task`, :meth:`lookup`, :meth:`tick`); each returns an
:class:`Outcome` (what to tell the players) or raises a :class:`ScrabbleError` and changes
nothing. Slow work (a computer's move, a hint) is handed out as a task the front end may run on
another thread and bring back with :meth:`complete_computer` or :meth:`complete_hint`; a stale
answer is dropped.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Protocol

from scrabble_fr import texts
from scrabble_fr.engine.errors import GameStateError, ScrabbleError
from scrabble_fr.engine.game import ContestResult, Event, EventKind, Game, Phase
from scrabble_fr.engine.move import Move, MoveKind, PlacedTile
from scrabble_fr.engine.position import Position
from scrabble_fr.engine.rules import game_language
from scrabble_fr.engine.verify import AnswersVerifier, LexiconVerifier, Verifier
from scrabble_fr.engine.wordlist import WordList
from scrabble_fr.i18n import N_, _, format_number, join_list, ngettext, points, translations
from scrabble_fr.match.actors import ActorPolicy, OneKeyboard
from scrabble_fr.match.clock import Clocks
from scrabble_fr.match.config import GameConfig, Verification
from scrabble_fr.match.entry import check_tile
from scrabble_fr.match.errors import MatchError
from scrabble_fr.match.outcome import Outcome
from scrabble_fr.records.recorder import Recorder, Unrecorded
from scrabble_fr.records.save import SavedGame, lexicon_words

NOTE_KINDS = ("undo", "hint", "lookup")
# What an undo note lists: every event it took back but the end's rack values (an undo after the
# end lists the move that ended it, not the arithmetic that followed).
_NOT_TAKEN_BACK = (EventKind.END_RACK_GAIN, EventKind.END_RACK_LOSS)


@dataclass(frozen=True)
class Note:
    """Something the table did that is not a move: an undo, a hint asked, words looked up.

    ``after`` is the number of game events when it happened: it is shown after that event.
    Asking again in the same turn raises ``count`` rather than adding a line.
    """

    kind: str
    after: int
    player: int
    count: int = 1
    detail: dict[str, Any] = field(default_factory=dict)

    def to_data(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_data(cls, data: Mapping[str, Any], players: int) -> Note | None:
        """A saved note, or None if it is malformed (a note is a comment: dropping one is safe)."""
        kind, detail = data.get("kind"), data.get("detail", {})
        numbers: list[Any] = [data.get("after"), data.get("player"), data.get("count", 1)]
        after, player, count = numbers
        if (kind not in NOTE_KINDS or not isinstance(detail, dict)
                or not all(isinstance(n, int) and not isinstance(n, bool) for n in numbers)
                or not 0 <= player < players or after < 0 or count < 1):
            return None
        return cls(str(kind), after, player, count, dict(detail))

    @classmethod
    def read_all(cls, data: Iterable[Mapping[str, Any]], players: int) -> list[Note]:
        """The saved notes that read (see :meth:`from_data`)."""
        return [note for note in (cls.from_data(item, players) for item in data) if note is not None]

    def gcg_text(self, names: Sequence[str], language: str = "en") -> str:
        """The note as a GCG ``#note`` comment, in the game's ``language``."""
        tr = translations(language)
        name = names[self.player]
        if self.kind == "undo":
            moves = "; ".join(self.detail.get("moves", []))
            return "#note " + tr.gettext(N_("{name} took back: {moves}")).format(name=name, moves=moves)
        asked = N_("{name} asked for a hint") if self.kind == "hint" else N_("{name} looked words up")
        text = "#note " + tr.gettext(asked).format(name=name)
        if self.count > 1:
            text += " " + tr.ngettext("({n} time)", "({n} times)", self.count).format(n=self.count)
        if self.kind == "lookup":
            text += ": " + " ".join(self.detail.get("words", []))
        return text


class Computer(Protocol):
    """A computer player as the match uses it (:class:`scrabble_fr.player.ComputerPlayer`)."""

    def choose(self, position: Position, bag_count: int) -> Move: ...

    def should_contest(self, position_before: Position, move: Move, lexicon: WordList) -> bool: ...


@dataclass
class ComputerTask:
    """A computer's move to think about, off the interface thread if the front end likes."""

    player: int
    token: int
    computer: Computer | None  # None: no word list or no analysis, the computer passes
    position: Position
    bag_count: int

    def compute(self) -> Move:
        if self.computer is None:
            return Move.pass_()
        try:
            return self.computer.choose(self.position, self.bag_count)
        except Exception:  # a computer's failure must never reach the players: it passes
            return Move.pass_()


HINT_ENDGAME_SECONDS = 3.0  # how long the hint searches an endgame


@dataclass
class HintTask:
    """The best moves for the player to act, searched off the interface thread if need be."""

    player: int
    token: int
    position: Position
    bag_count: int = -1  # with the bag empty (two players) the endgame is solved instead
    blocked_run: int = 0  # the run of turns toward a blocked game, for the endgame
    ending: tuple[int, bool] | None = None  # the endgame's final spread and whether it is proven

    def compute(self) -> list[Move] | None:
        try:
            if self.bag_count == 0 and len(self.position.racks) == 2 and all(self.position.racks):
                from scrabble_fr.player.endgame import solve

                result = solve(self.position, seconds=HINT_ENDGAME_SECONDS, blocked_run=self.blocked_run)
                self.ending = (result.value, result.proven)
                return [result.move]
            from scrabble_fr.player.generator import best_moves

            return best_moves(self.position, 5)
        except Exception:  # analysis is a bonus: its failure is said, never raised
            return None


def match_gcg(game: Game, notes: Sequence[Note], settings: Mapping[str, Any], *, title: str | None = None,
              racks: bool = True) -> str:
    """A classic game as GCG text, whether saved or played at a shared table: its moves, the list
    that judged it (``settings``' ``lexicon``, ``lexicon_name`` and ``lexicon_words``, as both
    keep them), the table's notes in the game's language."""
    from scrabble_fr.lexicon.catalogue import lexicon_token
    from scrabble_fr.records.gcg import write_gcg

    language = game_language(game.rules)
    return write_gcg(
        game,
        lexicon=lexicon_token(settings.get("lexicon"), settings.get("lexicon_name")),
        lexicon_words=lexicon_words(settings),
        notes=[(note.after, note.gcg_text(game.players, language)) for note in notes],
        title=title,
        racks=racks,
    )


def record_gcg(record: SavedGame, game: Game | None = None) -> str:
    """A saved game as GCG text: its moves, the list that judged it, and the table's notes."""
    game = game if game is not None else record.rebuild()
    return match_gcg(game, Note.read_all(record.notes, len(game.players)), record.settings)


def default_computers(level: int, rng: random.Random) -> Computer:
    """The program's computer player of ``level`` (a match's and a table seat's default)."""
    from scrabble_fr.player.computer import ComputerPlayer

    return ComputerPlayer(level, rng)


class Match:
    """One game at one table, from the first draw to the end, recorded after every change by the
    ``recorder`` given (a local save under the game's lock, a shared table's log; none: nowhere).
    Who may act is the ``actors`` policy's word: everyone at one keyboard unless it is given (a
    seat at a shared table)."""

    def __init__(
        self,
        config: GameConfig,
        *,
        game: Game | None = None,
        record: SavedGame | None = None,
        lexicon: WordList | None = None,
        computers: Callable[[int, random.Random], Computer] | None = default_computers,
        now: Callable[[], float] = time.monotonic,
        recorder: Recorder | None = None,
        actors: ActorPolicy | None = None,
    ) -> None:
        self.config = config
        self.game = game if game is not None else config.new_game()
        self.lexicon = lexicon
        self.verification = config.verification
        self.record = record
        self._computers = computers
        self._rng = random.Random(self.game.seed)
        self.actors: ActorPolicy = actors if actors is not None else OneKeyboard()
        self._now = now
        self._task_token: int | None = None  # the computer task handed out and not yet back
        self.notes = Note.read_all(record.notes if record is not None else (), len(config.players))
        # Everything said at this table since it opened, for the players to read again.
        self.log: list[str] = []
        self.clocks = self._new_clocks(record.settings.get("clocks") if record is not None else None)
        self.recorder: Recorder = recorder if recorder is not None else Unrecorded()
        self.recorder.open(record)  # raises if another process has the game: nothing opened
        self._settle()

    # -- reading the table -------------------------------------------------------------------
    @property
    def actor(self) -> int:
        """Who acts next: the player to move, or while a move is announced the player after its
        announcer (whose move accepts it)."""
        pending = self.game.pending
        return self.game.to_move if pending is None else (pending.player + 1) % len(self.game.players)

    @property
    def rack_owner(self) -> int:
        """Whose rack the screen shows (at one keyboard the actor's, at a table each seat's own)."""
        return self.actors.rack_owner(self)

    def is_computer(self, player: int) -> bool:
        return self.config.players[player].is_computer

    @property
    def current_human(self) -> int | None:
        """The human who may act now, if any."""
        if self.game.is_over or self.is_computer(self.actor) or not self.actors.may_act(self, self.actor):
            return None
        return self.actor

    def rack_visible(self) -> bool:
        """May the rack of :attr:`rack_owner` be shown now?"""
        return self.actors.rack_visible(self)

    def needs_handover(self) -> int | None:
        """The human who must take the keyboard before their rack is shown (private screen)."""
        return self.actors.needs_handover(self)

    def opponents(self, player: int) -> list[int]:
        return [i for i in range(len(self.game.players)) if i != player]

    def human_contesters(self) -> list[int]:
        """The humans who may contest the announced move."""
        pending = self.game.pending
        opponents = self.opponents(pending.player) if pending is not None else []
        return [i for i in opponents if not self.is_computer(i) and self.actors.may_act(self, i)]

    def timeline(self) -> list[Event | Note]:
        """The game's events with the table's notes in between, in the order they happened."""
        events = self.game.history

        def place(row: Event | Note) -> float:  # a note follows the event it was taken after
            return row.number if isinstance(row, Event) else min(row.after, len(events)) + 0.5

        return sorted([*events, *self.notes], key=place)

    def clock_seconds(self) -> list[float] | None:
        """Each player's time left (negative: overtime), or None without a clock."""
        return self.clocks.snapshot() if self.clocks is not None else None

    # -- intents -----------------------------------------------------------------------------
    def play(self, move: Move | str) -> Outcome:
        """The human to act places, exchanges or passes (a string in the rules' notation)."""
        self._require_human()
        return self._play(move)

    def pass_(self) -> Outcome:
        return self.play(Move.pass_())

    def exchange(self, tiles: str) -> Outcome:
        return self.play(Move.exchange(tiles))

    def pass_ends_game(self) -> bool:
        """True if a pass by the human to act would end the game: a front end asks first."""
        return self.current_human is not None and self.game.pass_ends_game()

    def check_exchange(self) -> None:
        """Raise if the human to act may not exchange now, before they pick tiles."""
        self._require_human()
        self.game.check_exchange()

    def accept(self) -> Outcome:
        """Accept the announced move: its player draws, the turn passes on."""
        self.actors.require_turn(self, self.actor)
        if self._tick_clock() and self.game.is_over:
            return self._after([])  # past the overtime limit: the game is over
        self.game.accept()
        return self._after([_("Move accepted.")])

    def contest_needs_answers(self, contester: int) -> bool:
        """True when the players judge the words themselves (manual verification, two humans)."""
        pending = self.game.pending
        return (self.verification is Verification.MANUAL and pending is not None
                and not self.is_computer(contester) and not self.is_computer(pending.player))

    def find_contester(self, name: str | None = None) -> int | None:
        """The contester named (a prefix of a name), or the only human who may contest; None if
        the players must choose. Raises if nobody may contest."""
        announcer = self._announcer()
        if name:
            matches = self._opponents_named(announcer, name)
            if len(matches) != 1:
                raise MatchError("unknown_contester", name=name)
            return matches[0]
        humans = self.human_contesters()
        if not humans:
            raise MatchError("no_contester")
        return humans[0] if len(humans) == 1 else None

    def _opponents_named(self, player: int, name: str) -> list[int]:
        """The opponents of ``player`` whose name starts with ``name`` (in any case)."""
        prefix = name.lower()
        return [i for i in self.opponents(player) if self.game.players[i].lower().startswith(prefix)]

    def contest_request(self, typed: Sequence[str]) -> tuple[int | None, list[str]]:
        """What « contester [NAME] [WORDS] » asks: the contester (an opponent's name first, else
        the only human who may contest; None: the players choose) and the words named (none:
        every word, or the players name them). A word the move did not form is refused here."""
        announcer = self._announcer()
        contester: int | None = None
        words = list(typed)
        # The longest run of first words that names one opponent (a name may hold spaces).
        for count in range(len(words), 0, -1):
            named = self._opponents_named(announcer, " ".join(words[:count]))
            if len(named) == 1:
                contester, words = named[0], words[count:]
                break
        if contester is None:
            contester = self.find_contester()
        return contester, self.game.named_words(words)

    def contest(self, contester: int, answers: Mapping[str, bool] | None = None,
                words: Sequence[str] | None = None) -> Outcome:
        """``contester`` contests the announced move. The active word list judges, unless the
        players verify by hand (then ``answers`` gives each word's verdict); when a computer is
        involved the list always judges: a computer is never judged by the player it opposes.
        Without the verdicts, the policy of who acts may hand the words to a judge (a table's
        arbiter)."""
        self.actors.check_contest(self, contester)
        announcer = self._announcer()
        named = self.game.named_words(words)  # a word the move did not form: refused before anything
        messages: list[str] = []
        verifier: Verifier
        if self.contest_needs_answers(contester):
            if answers is None:
                asked = self.actors.ask_judgement(self, contester, named or self.game.formed_words())
                if asked is not None:
                    return asked
                raise MatchError("answers_needed")
            verifier = AnswersVerifier(answers)
        else:
            if self.lexicon is None:
                raise MatchError("no_word_list")
            verifier = LexiconVerifier(self.lexicon)
            if self.verification is Verification.MANUAL:
                messages.append(_("A computer is involved: the word list judges."))
        if self._tick_clock() and self.game.is_over:
            return self._after(messages)  # past the overtime limit: the game is over
        result = self.game.contest(contester, verifier, words)
        messages.append(texts.contest_outcome_text(self.game, result, announcer))
        return self._after(messages)

    def undo(self) -> Outcome:
        """Take back the last human action and the computer actions that followed it, once
        whoever must agree has (at one keyboard: at once)."""
        if self.config.club:
            raise MatchError("undo_club")
        asked = self.actors.ask_undo(self)
        return asked if asked is not None else self.take_back()

    def take_back(self) -> Outcome:
        """Undo now, every player having agreed (what :meth:`undo` does at one keyboard)."""
        if self.clocks is not None:
            raise MatchError("undo_clock")
        game = self.game
        actors = game.actors()
        last = max((index for index, player in enumerate(actors) if not self.is_computer(player)), default=None)
        if last is None:
            raise MatchError("undo_nothing")
        before_events = game.history
        for _step in range(len(actors) - last):
            game.undo()
        kept = len(game.history)
        taken = [f"{game.players[e.player]} {texts.event_move_text(game, e)}"
                 + (f" ({e.points:+d})" if e.points else "")
                 for e in before_events[kept:] if e.kind not in _NOT_TAKEN_BACK]
        # Notes of the undone turns now follow the last event kept.
        self.notes = [n if n.after <= kept else Note(n.kind, kept, n.player, n.count, n.detail) for n in self.notes]
        self.notes.append(Note("undo", kept, actors[last], detail={"moves": taken}))
        self._task_token = None
        return self._after([_("Taken back: {moves}.").format(moves=join_list(taken) or "—")])

    def tick(self) -> bool:
        """Read the clocks (a front end calls this every second or so); True if a time penalty
        was charged, so the scores changed."""
        try:
            if self._tick_clock():
                self._save()
                return True
        except ScrabbleError as exc:
            if self.recorder.postponed(exc):
                return True  # recorded elsewhere first, or charged once the store is back: redraw
            raise
        return False

    def pause(self) -> None:
        """Nobody can play (a dialog is open): stop the clocks until :meth:`resume` (a table's
        clocks belong to the table: a dialog on one screen stops nothing)."""
        if self.clocks is not None and self.actors.owns_clocks:
            self.clocks.pause()

    def resume(self) -> None:
        if self.clocks is not None and self.actors.owns_clocks:
            self.clocks.resume()

    def reveal(self, player: int) -> None:
        """``player`` has taken the keyboard: their rack may be shown, their clock runs."""
        self.actors.reveal(self, player)
        self.settle_clock()

    def set_verification(self, mode: Verification | str) -> None:
        self.verification = Verification(mode)
        self._save()

    # -- following a game recorded elsewhere (a shared table's log) ---------------------------
    def replay(self, game: Game) -> None:
        """``game``, rebuilt from where the match is recorded, replaces this one; a computer's
        move handed out for the old one is forgotten."""
        self.game = game
        self._task_token = None

    def apply_actions(self, actions: Sequence[dict[str, Any]]) -> None:
        """Actions recorded elsewhere (another seat's) follow on this game."""
        for action in actions:
            self.game.apply_action(action)
        if actions:
            self._task_token = None

    def reset_clocks(self) -> None:
        """Every clock back to the full time, stopped until :meth:`start_clocks`."""
        self.clocks = self._new_clocks()
        if self.clocks is not None:
            self.clocks.pause()

    def start_clocks(self) -> None:
        """The clocks start (a table's, once every human seat has been taken)."""
        if self.clocks is not None:
            self.clocks.resume()
        self.settle_clock()

    # -- help at the table -------------------------------------------------------------------
    def hint_task(self) -> HintTask:
        """A search of the best moves for the human to act (refused in club mode)."""
        if self.config.club:
            raise MatchError("hint_club")
        self._require_human()  # not this player's turn: said as such, not as a missing list
        if self.lexicon is None:
            raise MatchError("hint_needs_list")
        if self.game.pending is not None:
            raise MatchError("announced_first")
        game = self.game
        return HintTask(self.actor, game.action_count, game.position.copy(lexicon=self.lexicon), len(game.bag),
                        game.blocked_run)

    def complete_hint(self, task: HintTask, moves: list[Move] | None) -> list[str] | None:
        """Record the hint and return its lines (None: stale, or analysis failed)."""
        if task.token != self.game.action_count or moves is None:
            return None
        self._note("hint", task.player)
        style = self.game.rules.notation
        if task.ending is not None and moves:
            value, proven = task.ending
            move = moves[0]
            text = move.notation(style) if move.kind is MoveKind.PLACE else _("pass")
            spread = ("+" if value > 0 else "") + format_number(value)
            return [
                f"{text}  {points(move.score or 0)}",
                (_("Endgame solved: this move ends the game with a spread of {spread} for you") if proven
                 else _("Endgame searched (not to the end): a spread of {spread} for you")).format(spread=spread),
            ]
        return [f"{m.notation(style)}  {points(m.score or 0)}" for m in moves]

    def lookup(self, words: Sequence[str]) -> list[tuple[str, bool]]:
        """Look words up in the active list (the word tools); noted in the history."""
        from scrabble_fr.lexicon.tools import WordTools  # the word graph's code, only for a game that asks

        self.check_tools()
        found = WordTools(self.lexicon).lookup(words)
        if found:
            self._note("lookup", self.actor, words=[w for w, _ok in found])
        return found

    def anagrams(self, letters: str) -> dict[int, list[str]]:
        """Every word a tirage spells (the word tools); noted in the history."""
        from scrabble_fr.lexicon.tools import WordTools

        self.check_tools()
        groups = WordTools(self.lexicon).anagrams(letters)
        self._note("lookup", self.actor, words=[letters.upper()])
        return groups

    # -- computers ---------------------------------------------------------------------------
    def computer_task(self) -> ComputerTask | None:
        """The move a computer must now think about, if it is a computer's turn (handed out once)."""
        game = self.game
        player = game.to_move
        if (game.is_over or game.phase is not Phase.TURN or not self.is_computer(player)
                or self._task_token == game.action_count):
            return None
        if not self.actors.may_act(self, player):
            return None  # a table's spectator writes nothing: a seat's process plays the computers
        self._task_token = game.action_count
        computer = self._computer(player) if self.lexicon is not None else None
        return ComputerTask(player, game.action_count, computer, game.position.copy(lexicon=self.lexicon),
                            len(game.bag))

    def complete_computer(self, task: ComputerTask, move: Move) -> Outcome:
        """Play the computer's answer (an illegal one becomes a pass); a stale answer is dropped,
        and so is one the recorder did not take for now (another terminal recorded it first, or
        the table's store is away: the computer plays again once it is back)."""
        if task.token != self.game.action_count or self.game.is_over or self.game.to_move != task.player:
            return Outcome()
        self._task_token = None
        try:
            try:
                return self._play(move)
            except ScrabbleError:
                if self.game.action_count != task.token or self.game.is_over or self.game.to_move != task.player:
                    raise  # the game moved meanwhile (another terminal at a shared table): not a bad move
                return self._play(Move.pass_())
        except ScrabbleError as exc:
            if self.recorder.postponed(exc):
                return Outcome()
            raise

    def run_computers(self) -> list[Outcome]:
        """Let every computer due to move play now, on this thread (tests, command line)."""
        outcomes = []
        while (task := self.computer_task()) is not None:
            outcomes.append(self.complete_computer(task, task.compute()))
        return outcomes

    # -- entering a move tile by tile ---------------------------------------------------------
    def check_tentative(self, tentative: Sequence[PlacedTile], row: int, col: int, letter: str, joker: bool) -> None:
        """Raise unless the human to act may lay ``letter`` (a joker if ``joker``) on the square,
        given the tiles already laid for the move being entered."""
        self._require_human()
        check_tile(self.game.board, self.game.racks[self.actor], tentative, row, col, letter, joker)

    def export_gcg(self, path: Path | None = None) -> Path:
        """Write the game as GCG (beside the saved games unless ``path`` is given); returns where.
        Raises :class:`OSError` if it cannot be written."""
        self._save()  # the record kept, if any, brought up to the table's state and saved
        record = self.record
        if record is None:  # a game kept nowhere: a record made for the file alone
            record = self.config.new_record(self.game)
            self._update(record)
        if path is None:
            path = (self.recorder.folder or Path.cwd()) / f"{record.id}.gcg"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(record_gcg(record, self.game), encoding="utf-8")
        return path

    # -- closing -----------------------------------------------------------------------------
    def close(self) -> None:
        """The table is left: release the game for another process. Every change is already
        saved; only the clocks have moved since, so they are saved once more (unless they are
        a table's, kept by the table)."""
        if self.clocks is not None and self.actors.owns_clocks and not self.game.is_over:
            self._save()
        self.recorder.close()

    # -- internals ---------------------------------------------------------------------------
    def _new_clocks(self, saved: object = None) -> Clocks | None:
        """The clocks at the full time, or as a saved game left them if that reads (None: no clock)."""
        minutes = self.config.clock_minutes
        if not minutes:
            return None
        seconds = [minutes * 60.0] * len(self.config.players)
        if isinstance(saved, list) and len(saved) == len(seconds) and all(
            isinstance(s, (int, float)) and not isinstance(s, bool) for s in saved
        ):
            seconds = [float(s) for s in saved]
        return Clocks(seconds, self._now)

    def _announcer(self) -> int:
        """The player whose move is announced; raises if none is."""
        pending = self.game.pending
        if pending is None or self.game.phase is not Phase.ANNOUNCED:
            raise GameStateError("no_announced_move")
        return pending.player

    def _require_human(self) -> None:
        if self.game.is_over:
            raise GameStateError("game_over")
        self.actors.require_turn(self, self.actor)
        if self.is_computer(self.actor):
            raise MatchError("not_human_turn")

    def check_tools(self) -> None:
        """Raise unless the word tools may be used now (not in club mode, a list loaded)."""
        if self.config.club:
            raise MatchError("tools_club")
        if self.lexicon is None:
            raise MatchError("no_word_list")

    def _computer(self, player: int) -> Computer | None:
        level = self.config.players[player].computer_level
        if level is None or self._computers is None:
            return None
        try:
            return self._computers(level, self._rng)
        except ImportError:
            return None

    def _play(self, move: Move | str) -> Outcome:
        if self._tick_clock() and self.game.is_over:
            return self._after([])  # past the overtime limit: the game is over
        game = self.game
        name = game.players[self.actor]
        announced = game.pending
        played = game.play(move)
        messages = []
        if announced is not None and game.is_over and played is announced.move:
            # Acting accepts the announced move; this one went out and ended the game.
            messages.append(_("Move accepted."))
        elif played.kind is MoveKind.PASS:
            messages.append(_("{name} passes.").format(name=name))
        elif played.kind is MoveKind.EXCHANGE:
            count = len(played.exchanged)
            messages.append(ngettext("{name} exchanges {n} tile.", "{name} exchanges {n} tiles.", count)
                            .format(name=name, n=count))
        return self._after(messages)

    def _after(self, messages: list[str]) -> Outcome:
        """After every change: computers judge an announced move, clocks switch, the game is saved;
        what was said joins the game's message log."""
        messages = messages + self._settle()
        warning = self._save()
        said = tuple(m for m in messages if m)
        self.log.extend(said)
        if warning:
            self.log.append(warning)
        return Outcome(said, warning)

    def _settle(self) -> list[str]:
        # An announced move: a computer opponent may contest it; with no human opponent to decide,
        # it is accepted at once.
        messages: list[str] = []
        game = self.game
        pending = game.pending
        if game.phase is Phase.ANNOUNCED and pending is not None:
            contester = self._computer_contester(pending.player, pending.move)
            if contester is not None:
                messages.append(_("{name} challenges.").format(name=game.players[contester]))
                result: ContestResult = game.contest(contester, LexiconVerifier(self.lexicon))  # type: ignore[arg-type]
                if self.verification is Verification.MANUAL:
                    messages.append(_("A computer is involved: the word list judges."))
                messages.append(texts.contest_outcome_text(game, result, pending.player))
            elif all(self.is_computer(i) for i in self.opponents(pending.player)):
                game.accept()
        self.settle_clock()
        return messages

    def _computer_contester(self, announcer: int, move: Move) -> int | None:
        if self.lexicon is None:
            return None
        for opponent in self.opponents(announcer):
            computer = self._computer(opponent)
            if computer is None:
                continue
            before = self.game.position.copy(lexicon=self.lexicon)
            before.board.remove(move.tiles)
            try:
                if computer.should_contest(before, move, self.lexicon):
                    return opponent
            except Exception:  # a computer's misjudgement must never stop the game
                continue
        return None

    def settle_clock(self) -> None:
        """Run the clock of the player to act (none while the game waits)."""
        if self.clocks is None:
            return
        waiting = self.game.is_over or self.needs_handover() is not None
        self.clocks.run(None if waiting else self.actor)

    def _tick_clock(self) -> bool:
        """Charge the running player's started minutes of overtime; True if points were taken or
        the overtime limit ended the game."""
        clocks = self.clocks
        rules = self.game.rules
        if clocks is None or self.game.is_over or not (rules.overtime_penalty or rules.overtime_limit):
            return False
        player = clocks.running
        overrun = clocks.overrun(player) if player is not None else 0.0
        if player is None or overrun <= 0:
            return False
        return self.game.time_penalty(player, overrun) > 0 or self.game.is_over

    def _note(self, kind: str, player: int, **detail: Any) -> None:
        """Note what ``player`` asked, and save: one line per kind, player and turn, however many
        times asked (the count goes up)."""
        after = len(self.game.history)
        for index, note in enumerate(self.notes):
            if (note.kind, note.after, note.player) == (kind, after, player):
                merged = dict(note.detail)
                for key, values in detail.items():
                    merged[key] = list(dict.fromkeys(list(merged.get(key, [])) + list(values)))
                self.notes[index] = Note(kind, after, player, note.count + 1, merged)
                break
        else:
            self.notes.append(Note(kind, after, player, detail=detail))
        self._save()

    def _update(self, record: SavedGame) -> None:
        """Bring a record up to the table's state: actions, verification, list, clocks, notes."""
        record.update(self.game)
        record.settings["verification"] = self.verification.value
        if self.lexicon is not None:
            record.record_lexicon(self.lexicon)
        if self.clocks is not None:
            record.settings["clocks"] = self.clocks.snapshot()
        record.notes = [note.to_data() for note in self.notes]

    def _save(self) -> str | None:
        """Record the game; a failure is returned once as a warning and never stops the game."""
        if self.record is not None:
            self._update(self.record)
        return self.recorder.save()
