"""Topping: a duplicate played alone where each draw must be answered by its top, against the clock.

    >>> from scrabble_fr.words import WordSet
    >>> t = [0.0]
    >>> s = ToppingSession.create(ToppingSettings("Alice", seed=4), WordSet(["NET", "NETS", "SENT", "NEST"]),
    ...                           now=lambda: t[0])
    >>> s.start(); t[0] = 7.2; top = s.current.top
    >>> _ = s.propose(f"{s.game.reference(top)} {top.word}"); s.review.found, s.review.count, s.total
    (True, 8, 8)

The game underneath is a :class:`~scrabble_fr.duplicate.DuplicateGame` with no players: the same
draws, the same top (FISF §3.4), the same end (§3.7) as a duplicate from the same seed. The
player proposes as often as they like within the time; a proposal that is not the top is told
its own score (never the top's); the coup ends when the top is found (any placement scoring as
much as the top), when the time is up, or when the player gives up, and the top then goes on the
board either way. :mod:`.count` says what each coup counts. A hint shows one more tile of the top
(its letter and its square) and takes :data:`~.count.HINT_SECONDS` off the clock.

Like the duplicate session, a front end shows the state and sends *intents* (:meth:`start`,
:meth:`propose`, :meth:`hint`, :meth:`give_up`, :meth:`tick`, :meth:`next_coup`, :meth:`pause`,
:meth:`resume`, :meth:`close`); each returns an :class:`~scrabble_fr.match.outcome.Outcome` or
raises a :class:`~scrabble_fr.engine.errors.ScrabbleError` and changes nothing. The session owns
the coup's clock (:class:`~.stopwatch.StopWatch`), read from an injectable time source, and saves
after every change.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from scrabble_fr.duplicate.draw import Draw
from scrabble_fr.duplicate.errors import DuplicateError
from scrabble_fr.duplicate.game import DuplicateGame, Proposal
from scrabble_fr.duplicate.session import refused_at_once
from scrabble_fr.engine.errors import InvalidMoveError, ScrabbleError
from scrabble_fr.engine.move import Move, PlacedTile
from scrabble_fr.engine.notation import square_name
from scrabble_fr.engine.rules import Rules, rules_from_mapping, rules_to_mapping
from scrabble_fr.engine.wordlist import WordList
from scrabble_fr.i18n import _, ngettext, points
from scrabble_fr.match.outcome import Outcome
from scrabble_fr.messages import describe
from scrabble_fr.records.errors import RecordError
from scrabble_fr.records.recorder import Recorder, Unrecorded
from scrabble_fr.records.store import new_id
from scrabble_fr.training.count import DEFAULT_SECONDS, HINT_SECONDS, coup_count
from scrabble_fr.training.errors import TrainingError
from scrabble_fr.training.save import ToppingRecord
from scrabble_fr.training.stopwatch import StopWatch


def parse_seconds(text: str) -> float:
    """The time of a topping coup from ``1:00`` or ``2`` (minutes), as :func:`check_seconds` allows it.

        >>> parse_seconds("1:30")
        90.0
    """
    from scrabble_fr.duplicate.timing import parse_time

    try:
        seconds = parse_time(text)
    except DuplicateError as exc:
        raise _topping_error(exc) from None
    return check_seconds(seconds)


def check_seconds(seconds: float | None) -> float:
    """``seconds`` if a topping coup may last that long: a duplicate's training range, and always a
    clock (None or 0 is refused). Raises :class:`TrainingError` in the topping's words."""
    from scrabble_fr.duplicate.timing import check_time

    if not seconds:
        raise TrainingError("topping_no_clock")
    try:
        checked = check_time(seconds)
    except DuplicateError as exc:
        raise _topping_error(exc) from None
    assert checked is not None
    return checked


def _topping_error(exc: DuplicateError) -> ScrabbleError:
    # The duplicate's range offers 0 for no clock; topping has none.
    if exc.code != "time_range":
        return exc
    return TrainingError("topping_time_range", text=exc.params["text"], low=exc.params["low"],
                         high=exc.params["high"])


@dataclass
class ToppingSettings:
    """What a new topping game needs from the command line."""

    player: str
    seed: int | None = None
    seconds: float = DEFAULT_SECONDS
    lexicon: str | None = None  # the list's name or path (None: the rules' own), as a save keeps it
    rules: Rules = field(default_factory=lambda: Rules.preset("ffsc"))


@dataclass(frozen=True)
class Try:
    """A proposal that was not the top: the ``text`` typed, ``seconds`` into the coup, its
    ``score`` (0 for a word outside the list) and why it scores 0 (``error``)."""

    text: str
    seconds: float
    score: int
    error: ScrabbleError | None = None


@dataclass
class ToppingCoup:
    """One coup: its number, draw and top, the tries, the hints taken; once closed, the time taken,
    whether the top was found (``played``: the player's move that scored as much as the top, which
    may be another placement than ``top``) and what the coup counts."""

    number: int
    drawn: Draw
    top: Move
    tries: list[Try] = field(default_factory=list)
    hints: int = 0
    elapsed: float = 0.0
    found: bool | None = None  # None while the coup is played
    count: int | None = None
    played: Proposal | None = None

    @property
    def other_top(self) -> bool:
        """True when the player found a top that is not the placement the board receives."""
        return self.played is not None and self.played.move is not None and self.played.move != self.top

    @property
    def draw(self) -> str:
        """The draw as a sheet prints it: ``EEU+ESI?``."""
        return self.drawn.text

    @property
    def closed(self) -> bool:
        return self.found is not None

    @property
    def shown(self) -> list[PlacedTile]:
        """The tiles of the top the hints have shown, in the order of the word."""
        return list(self.top.tiles[:self.hints])


def hint_text(tile: PlacedTile, notation: str) -> str:
    """``E en H8`` / ``E on H8``; a joker's letter lowercase, as sheets write it."""
    return _("{letter} on {square}").format(letter=tile.board_letter, square=square_name(tile.row, tile.col, notation))


class ToppingSession:
    """One topping game at one keyboard, recorded after every change by the ``recorder`` given
    (a local save under the game's lock; none: nowhere)."""

    def __init__(self, game: DuplicateGame, record: ToppingRecord, *, seconds: float,
                 recorder: Recorder | None = None, now: Callable[[], float] = time.monotonic) -> None:
        self.game = game
        self.record = record
        self.seconds = seconds
        self._now = now
        self.closed: list[ToppingCoup] = []
        self.current: ToppingCoup | None = None
        self.review: ToppingCoup | None = None  # the coup just closed, shown until the next one
        self.watch = StopWatch(now)
        self.recorder: Recorder = Unrecorded()
        self._open_coup()
        if recorder is not None:
            self._keep_in(recorder)

    @classmethod
    def create(cls, settings: ToppingSettings, lexicon: WordList, *, recorder: Recorder | None = None,
               now: Callable[[], float] = time.monotonic) -> ToppingSession:
        """A new game (a time that is no clock or out of range, a bad seed: raises, nothing saved)."""
        seconds = check_seconds(settings.seconds)
        game = DuplicateGame([], lexicon=lexicon, rules=settings.rules, seed=settings.seed,
                             seconds=seconds, now=now)
        record = ToppingRecord(id=new_id(), player=settings.player, rules=rules_to_mapping(settings.rules),
                               seed=game.seed, seconds=seconds, lexicon=settings.lexicon or settings.rules.lexicon)
        session = cls(game, record, seconds=seconds, recorder=recorder, now=now)
        session._save()
        return session

    @classmethod
    def from_record(cls, record: ToppingRecord, lexicon: WordList, *, recorder: Recorder | None = None,
                    now: Callable[[], float] = time.monotonic) -> ToppingSession:
        """A saved game where it stopped: its closed coups replayed from the seed (each draw and
        top as recorded), the coup in progress with its tries, hints and the time it had taken.
        A record that does not replay raises :class:`RecordError`, nothing opened; once it has
        replayed, it is recorded by ``recorder``."""
        try:
            game = DuplicateGame([], lexicon=lexicon, rules=rules_from_mapping(record.rules), seed=record.seed,
                                 seconds=record.seconds, now=now)
            session = cls(game, record, seconds=record.seconds, now=now)
            for data in record.coups:
                coup = session._require_open()
                if [data.get("n"), data.get("tirage"), data.get("top")] != [coup.number, coup.draw,
                                                                             session._top_text(coup)]:
                    raise RecordError("save_replay", id=record.id, detail="sheet differs")
                session._restore(coup, data)
                session._end_coup(coup, bool(data.get("found")), None)
                session.review = None
            if session.current is not None and record.current is not None:
                session._restore(session.current, record.current)
        except RecordError:
            raise
        except ScrabbleError as exc:
            raise RecordError("save_replay", id=record.id, detail=str(exc)) from None
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError("save_replay", id=record.id, detail=type(exc).__name__) from None
        if recorder is not None:
            session._keep_in(recorder)
        return session

    # -- reading -----------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.game.is_over and self.current is None

    @property
    def accepting(self) -> bool:
        """True while a coup is played (not under review)."""
        return self.review is None and self.current is not None

    @property
    def shown_coup(self) -> ToppingCoup | None:
        """The coup on screen: the one just closed while it is reviewed, else the one in play."""
        return self.review or self.current

    @property
    def total(self) -> int:
        """The game's count so far, in seconds: the sum of the closed coups' counts."""
        return sum(coup.count or 0 for coup in self.closed)

    @property
    def found(self) -> int:
        return sum(1 for coup in self.closed if coup.found)

    def remaining(self) -> float | None:
        """Seconds left for the coup in play (None: no coup in play)."""
        return max(0.0, self.seconds - self.watch.elapsed()) if self.accepting else None

    def coup_lines(self, coup: ToppingCoup) -> list[str]:
        """A closed coup in the player's words: found in how long or not, the top (the player's
        own move when it scored as much as another placement, that one then named as the other
        top), the count."""
        top = self._place_text(coup.top, coup.top.score or 0)
        if coup.other_top:
            assert coup.played is not None and coup.played.move is not None
            mine = self._place_text(coup.played.move, coup.played.score)
            head = [_("Your move is a top, found in {seconds} s: {move}.").format(seconds=coup.count, move=mine),
                    _("Other top: {move}.").format(move=top)]
        elif coup.found:
            head = [_("Top found in {seconds} s: {move}.").format(seconds=coup.count, move=top)]
        else:
            head = [_("Top not found: {move}.").format(move=top)]
        return head + [_("Coup {n}: {count} s; total {total} s.").format(n=coup.number, count=coup.count,
                                                                        total=self._total_until(coup))]

    def _place_text(self, move: Move, score: int) -> str:
        return _("{ref} {word}, {points}").format(ref=self.game.reference(move), word=move.word, points=points(score))

    def final_text(self) -> str:
        played = len(self.closed)
        return _("The topping game is over: {total} s over {coups}, {found}.").format(
            total=self.total, coups=ngettext("{n} coup", "{n} coups", played).format(n=played),
            found=ngettext("{n} top found", "{n} tops found", self.found).format(n=self.found))

    # -- intents -----------------------------------------------------------------------------
    def start(self) -> None:
        """The coup in play is on screen: its clock starts (a no-op if it runs)."""
        if self.accepting:
            self.watch.start()

    def propose(self, text: str) -> Outcome:
        """Try ``text`` on the coup in play. The top (or a placement scoring as much) ends the
        coup, found; another placement is told its score and the player tries again. A line that
        is no placement, or one the rules refuse at once, raises and changes nothing."""
        coup = self._require_open()
        if self._time_up():
            return self._close(coup, False, _("Time is up."))
        judged = self.game.judge(text)  # raises for a line that is no placement
        if judged.is_empty:
            raise InvalidMoveError("empty_input")
        if refused_at_once(judged.error):
            assert judged.error is not None
            raise judged.error
        seconds = self.watch.elapsed()
        if judged.error is None and judged.score >= (coup.top.score or 0):
            coup.played = judged
            return self._close(coup, True, None, seconds=seconds)
        coup.tries.append(Try(judged.text, seconds, judged.score, judged.error))
        if judged.error is not None:
            said = _("{move}: 0 ({reason}), not the top.").format(move=judged.text, reason=describe(judged.error))
        else:
            said = _("{move}: {points}, not the top.").format(move=judged.text, points=points(judged.score))
        return Outcome((said,), self._save())

    def hint(self) -> Outcome:
        """Show one more tile of the top, its letter and its square; it takes
        :data:`~.count.HINT_SECONDS` off the clock (the coup ends if that runs the time out)."""
        coup = self._require_open()
        if self._time_up():
            return self._close(coup, False, _("Time is up."))
        if coup.hints >= len(coup.top.tiles):
            raise TrainingError("no_more_hints")
        coup.hints += 1
        self.watch.charge(HINT_SECONDS)
        said = _("Hint: {hint} ({seconds} s off the clock).").format(
            hint=hint_text(coup.shown[-1], self.game.rules.notation), seconds=int(HINT_SECONDS))
        if self._time_up():
            return self._close(coup, False, _("Time is up."), first=said)
        return Outcome((said,), self._save())

    def give_up(self) -> Outcome:
        """The player stops looking: the coup counts as not found and the top goes on the board."""
        return self._close(self._require_open(), False, _("You give up this coup."))

    def tick(self) -> Outcome | None:
        """Read the clock (a front end calls this a few times a second): the coup closes, not
        found, when the time is up."""
        if self.accepting and self._time_up():
            assert self.current is not None
            return self._close(self.current, False, _("Time is up."))
        return None

    def next_coup(self) -> Outcome:
        """The review is over: the next draw is shown and its clock starts."""
        if self.review is None:
            return Outcome()
        self.review = None
        if self.current is None:
            return Outcome()
        self.watch.start()
        return Outcome((_("New draw: {draw}").format(draw=self.current.draw),), self._save())

    def pause(self) -> None:
        """Nobody can play (a dialog is open): the clock stops until :meth:`resume`."""
        self.watch.pause()

    def resume(self) -> None:
        self.watch.resume()

    def close(self) -> None:
        """The game is left: saved once more (the coup in progress with the time it had taken)
        and released for another process."""
        self.watch.pause()
        self._save()
        self.recorder.close()

    # -- internals ---------------------------------------------------------------------------
    def _require_open(self) -> ToppingCoup:
        if self.current is None:
            raise TrainingError("topping_over")
        if self.review is not None:
            raise TrainingError("topping_closed")
        return self.current

    def _time_up(self) -> bool:
        return self.watch.elapsed() >= self.seconds

    def _open_coup(self) -> None:
        duplicate = self.game.current
        if duplicate is None:
            self.current = None
            return
        top = duplicate.board_move
        assert top is not None  # a coup is only opened with a move to place
        self.current = ToppingCoup(duplicate.number, duplicate.draw, top)
        self.watch = StopWatch(self._now)

    def _restore(self, coup: ToppingCoup, data: dict[str, Any]) -> None:
        # Tries are judged again on the replayed board: their scores are not trusted from the file.
        for seconds, text in data.get("tries", []):
            judged = self.game.judge(str(text))
            coup.tries.append(Try(judged.text, float(seconds), judged.score, judged.error))
        coup.played = self._replayed_top(coup, data.get("played")) if data.get("found") else None
        # Hints and time were checked when the record was read (:mod:`.save`).
        coup.hints = min(data.get("hints", 0), len(coup.top.tiles))
        self.watch = StopWatch(self._now, float(data.get("elapsed", 0.0)))

    def _replayed_top(self, coup: ToppingCoup, text: object) -> Proposal | None:
        # The move that found the top is only shown, never counted: a record made before it was
        # kept, or one whose move no longer scores the top, reads as the top found.
        if not isinstance(text, str):
            return None
        try:
            judged = self.game.judge(text)
        except ScrabbleError:
            return None
        if judged.error is None and judged.move is not None and judged.score >= (coup.top.score or 0):
            return judged
        return None

    def _close(self, coup: ToppingCoup, found: bool, why: str | None, *, seconds: float | None = None,
               first: str | None = None) -> Outcome:
        self._end_coup(coup, found, seconds)
        messages = [m for m in (first, why) if m] + self.coup_lines(coup)
        if self.is_over:
            messages.append(self.final_text())
        return Outcome(tuple(messages), self._save())

    def _end_coup(self, coup: ToppingCoup, found: bool, seconds: float | None) -> None:
        # What closing a coup changes, whether played now or replayed from the record.
        self.watch.stop()
        coup.elapsed = min(seconds if seconds is not None else self.watch.elapsed(), self.seconds)
        coup.found = found
        coup.count = coup_count(self.seconds, coup.elapsed, found)
        self.game.close_coup()  # the top goes on the board, found or not, and the next draw is made
        self.closed.append(coup)
        self.review = coup
        self._open_coup()

    def _total_until(self, coup: ToppingCoup) -> int:
        return sum(c.count or 0 for c in self.closed if c.number <= coup.number)

    def _top_text(self, coup: ToppingCoup) -> str:
        return f"{self.game.reference(coup.top)} {coup.top.word}"

    def _refresh(self, record: ToppingRecord) -> None:
        record.coups = [{
            "n": coup.number, "tirage": coup.draw, "top": self._top_text(coup),
            "tries": [[round(t.seconds, 3), t.text] for t in coup.tries], "hints": coup.hints,
            "elapsed": round(coup.elapsed, 3), "found": bool(coup.found), "count": coup.count,
            **({"played": coup.played.text} if coup.played is not None else {}),
        } for coup in self.closed]
        current = self.current
        record.current = None if current is None else {
            "tries": [[round(t.seconds, 3), t.text] for t in current.tries], "hints": current.hints,
            "elapsed": round(self.watch.elapsed(), 3),
        }
        record.touch(finished=self.is_over)

    def _save(self) -> str | None:
        """Record the game; a failure is returned once as a warning and never stops the game."""
        self._refresh(self.record)
        return self.recorder.save()

    def _keep_in(self, recorder: Recorder) -> None:
        recorder.open(self.record)  # raises if another process has the game: nothing opened
        self.recorder = recorder
