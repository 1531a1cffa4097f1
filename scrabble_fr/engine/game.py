"""The game: turns, the bag, the contestation window, the end, and the history of events.

A placement is first *announced* with its score; until the next player acts, any opponent may
*contest* it (French *contestation*, English *challenge*). The words are verified by a
:class:`~scrabble_fr.engine.verify.Verifier` and the rule set decides the outcome: an invalid move
is withdrawn (tiles back, 0 points, turn lost); a valid one costs the contester (FFSc: −10), or
their next turn (Hasbro), or earns the player a bonus (WESPA), or nothing. Then the player draws.

    >>> g = Game(["Alice", "Bruno"], seed=7); len(g.bag), g.racks[0]
    (88, 'IELTABP')
    >>> g.pass_(); g.to_move
    1

Which methods check legality: :meth:`play`, :meth:`exchange`, :meth:`pass_`, :meth:`contest` and
:meth:`accept` all check and raise (leaving the game unchanged); nothing here trusts its caller.
Tiles are conserved after every event: bag + racks + board = the tile set.
"""

from __future__ import annotations

import enum
import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from scrabble_fr.engine.errors import GameStateError, IllegalMoveError, InvalidMoveError
from scrabble_fr.engine.move import Move, MoveKind, PlacedTile, Word
from scrabble_fr.engine.notation import fold_letters
from scrabble_fr.engine.position import Position
from scrabble_fr.engine.ranking import Standing, rank_scores
from scrabble_fr.engine.rules import BlockedRule, ChallengeKind, EndRule, Rules
from scrabble_fr.engine.verify import AnswersVerifier, Verifier

# Longer than any game's clock: an overrun beyond this is a broken clock, not a slow player.
MAX_OVERRUN = 24 * 3600.0


class Phase(enum.Enum):
    TURN = "turn"  # the player to move must place, exchange or pass
    ANNOUNCED = "announced"  # a placement awaits acceptance or contestation
    OVER = "over"


class EventKind(enum.Enum):
    PLACE = "place"  # a placement announced (points = its score)
    EXCHANGE = "exchange"
    PASS = "pass"
    WITHDRAWN = "withdrawn"  # a contested invalid move taken back (points = −its score)
    CONTEST_PENALTY = "contest_penalty"  # the contester of a valid move pays (FFSc −10)
    CONTEST_BONUS = "contest_bonus"  # the contested player of a valid move gains (WESPA +5)
    CONTEST_FAILED = "contest_failed"  # a valid move contested at no cost, or for a lost turn
    LOST_TURN = "lost_turn"  # a turn lost after a failed contestation (Hasbro, NASPA)
    END_RACK_GAIN = "end_rack_gain"  # going out: the others' racks
    END_RACK_LOSS = "end_rack_loss"  # the game is over: one's own rack
    TIME_PENALTY = "time_penalty"


class Termination(enum.Enum):
    OUT = "out"  # a player used their last tile with the bag empty
    BLOCKED = "blocked"  # every player passed (or scored nothing) too many times in a row
    TIME = "time"  # a player went past the rules' overtime limit


@dataclass(frozen=True)
class Event:
    """One line of the game's history; ``points`` is the change to ``player``'s score."""

    number: int
    kind: EventKind
    player: int
    rack: str  # the player's rack before the event
    points: int
    total: int  # the player's score after the event
    move: Move | None = None
    words: tuple[str, ...] = ()
    detail: dict[str, Any] = field(default_factory=dict, compare=False)


@dataclass(frozen=True)
class Announcement:
    """A placement awaiting acceptance or contestation."""

    player: int
    move: Move
    rack_before: str
    words: tuple[Word, ...]


@dataclass(frozen=True)
class ContestResult:
    contester: int
    valid: bool
    invalid_words: tuple[str, ...]
    checked_words: tuple[str, ...]
    points: int  # the penalty (negative) or bonus (positive) applied, 0 otherwise


@dataclass
class _State:
    """Everything that changes during a game, so that undo is a plain restore."""

    squares: list[str | None]
    racks: list[str]
    scores: list[int]
    to_move: int
    bag: list[str]
    rng_state: Any
    phase: Phase = Phase.TURN
    pending: Announcement | None = None
    events: list[Event] = field(default_factory=list)
    loses_next_turn: set[int] = field(default_factory=set)
    passes_in_a_row: int = 0
    scoreless_in_a_row: int = 0
    termination: Termination | None = None
    actions_len: int = 0
    wordless_in_a_row: int = 0


class Game:
    """A game from the first draw to the final ranking, reproducible from its seed."""

    def __init__(
        self,
        players: Sequence[str],
        rules: Rules | str = "ffsc",
        seed: int | None = None,
        verifier: Verifier | None = None,
    ) -> None:
        if not 1 <= len(players) <= 8:
            raise GameStateError("bad_player_count", count=len(players))
        self.rules = Rules.preset(rules) if isinstance(rules, str) else rules
        self.players = [str(name) for name in players]
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
        self.verifier = verifier
        self._rng = random.Random(self.seed)
        bag = self.rules.tile_set.full_bag()
        self._rng.shuffle(bag)
        self.position = Position(self.rules, racks=[""] * len(players))
        self._bag = bag
        self._undo: list[_State] = []
        self._actions: list[dict[str, Any]] = []
        self._phase = Phase.TURN
        self._pending: Announcement | None = None
        self._events: list[Event] = []
        self._loses_next_turn: set[int] = set()
        self.passes_in_a_row = 0
        self.wordless_in_a_row = 0  # turns without a word placed: passes, exchanges, withdrawals
        self._termination: Termination | None = None
        for player in range(len(players)):
            self._draw(player)

    # -- reading the game ------------------------------------------------------------------
    @property
    def board(self):  # type: ignore[no-untyped-def]
        return self.position.board

    @property
    def racks(self) -> list[str]:
        return self.position.racks

    @property
    def scores(self) -> list[int]:
        return self.position.scores

    @property
    def to_move(self) -> int:
        return self.position.to_move

    @property
    def bag(self) -> list[str]:
        """The tiles left in the bag, in drawing order (not for a player's eyes)."""
        return list(self._bag)

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def pending(self) -> Announcement | None:
        """The announced placement awaiting acceptance or contestation, if any."""
        return self._pending

    @property
    def history(self) -> list[Event]:
        return list(self._events)

    @property
    def is_over(self) -> bool:
        return self._phase is Phase.OVER

    @property
    def termination(self) -> Termination | None:
        return self._termination

    @property
    def timed_out(self) -> int | None:
        """The player whose overtime passed the rules' limit, when that ended the game."""
        if self._termination is Termination.TIME and self._actions:
            return int(self._actions[-1]["player"])
        return None

    @property
    def scoreless_in_a_row(self) -> int:
        """Consecutive turns that scored nothing (kept by the position, as CGP records it)."""
        return self.position.scoreless_turns

    @property
    def actions(self) -> list[dict[str, Any]]:
        """Every action that made the game, as JSON-ready data (undone actions removed).

        With the players, the rules and the seed they rebuild the game exactly: :meth:`replay`.
        """
        return [dict(action) for action in self._actions]

    @property
    def action_count(self) -> int:
        """How many actions made the game so far (cheaper than ``len(actions)``)."""
        return len(self._actions)

    @classmethod
    def replay(
        cls,
        players: Sequence[str],
        rules: Rules | str,
        seed: int,
        actions: Sequence[dict[str, Any]],
        verifier: Verifier | None = None,
    ) -> Game:
        """Rebuild a game from its actions; raises :class:`ScrabbleError` if one does not apply.

        >>> g = Game(["A", "B"], seed=1); g.pass_()
        >>> Game.replay(["A", "B"], "ffsc", 1, g.actions).to_move
        1
        """
        # Under the "void" rule words are judged at placement; recorded placements were accepted then.
        game = cls(players, rules, seed, verifier or _AcceptRecorded())
        for number, action in enumerate(actions, 1):
            game.apply_action(action, number)
        game.verifier = verifier
        return game

    def apply_action(self, action: dict[str, Any], number: int = 0) -> None:
        """Apply one recorded action (as :attr:`actions` lists them); raises
        :class:`ScrabbleError` (``bad_action`` for one that is not an action) and changes nothing."""
        kind = action.get("type") if isinstance(action, dict) else None
        if kind == "play":
            verifier = self.verifier
            if self.rules.challenge.kind is ChallengeKind.VOID and not isinstance(verifier, _AcceptRecorded):
                self.verifier = _AcceptRecorded()  # a recorded placement was accepted when it was made
            try:
                self.play(move_from_data(action.get("move")))
            finally:
                self.verifier = verifier
        elif kind == "accept":
            self.accept()
        elif kind == "contest":
            words = [str(w).upper() for w in action.get("words", [])]
            invalid = {str(w).upper() for w in action.get("invalid", [])}
            answers = AnswersVerifier({word: word not in invalid for word in words})
            self.contest(int(action["contester"]), answers, words or None)
        elif kind == "time_penalty":
            self.time_penalty(int(action["player"]), float(action["overrun"]))
        else:
            raise GameStateError("bad_action", number=number)

    def pass_ends_game(self) -> bool:
        """True if a pass by the player to act now would end the game (blocked), so an interface
        can ask before it. (While a move is announced, passing first accepts it: that breaks a
        run of passes.)"""
        if self._phase is not Phase.TURN:
            return False
        limit = self.rules.blocked_count * len(self.players)
        return self._blocked_run() + 1 >= limit

    @property
    def blocked_run(self) -> int:
        """The run of turns so far that counts toward a blocked game under the rule set (the
        game ends when it reaches ``blocked_count`` turns per player)."""
        return self._blocked_run()

    def _blocked_run(self) -> int:
        """The run of turns that counts toward a blocked game under the rule set."""
        if self.rules.blocked is BlockedRule.PASSES:
            return self.passes_in_a_row
        if self.rules.blocked is BlockedRule.WITHOUT_WORD:
            return self.wordless_in_a_row
        return self.scoreless_in_a_row

    def unseen(self, player: int | None = None) -> Counter[str]:
        """Tiles the player cannot see: the bag and the other racks."""
        return self.position.unseen(player)

    def ranking(self) -> list[Standing[int]]:
        """``(rank, player, score)`` best first; equal scores share a rank."""
        return rank_scores(enumerate(self.scores))

    def tiles_conserved(self) -> bool:
        """True when bag + racks + board (+ an announced move's tiles) make up the tile set."""
        counts: Counter[str] = Counter(self._bag)
        for rack in self.racks:
            counts.update(rack)
        for _r, _c, tile in self.board.tiles():
            counts["?" if tile.islower() else tile] += 1
        return counts == self.rules.tile_set.as_counter()

    # -- actions ---------------------------------------------------------------------------
    def play(self, move: Move | str) -> Move:
        """Place, exchange or pass for the player to move; a placement is announced.

        A string is read in the rule set's notation. If a placement is announced, playing
        accepts it first (the next player acting accepts it). Returns the move with its score.
        When accepting ends the game (the announced move used its player's last tile), the
        acceptance is all that happens and the announced move is returned: the game is over.
        """
        self._require_not_over()
        if isinstance(move, str):
            move = self.position.parse_move(move)  # a typo changes nothing, not even the acceptance
        if self._phase is Phase.ANNOUNCED and self._pending is not None and self._accept_ends_game():
            accepted = self._pending.move
            self.accept()
            return accepted
        saved = self._save()
        try:
            if self._phase is Phase.ANNOUNCED:
                self._accept()
            if isinstance(move, str):
                move = self.position.parse_move(move)
            if move.kind is MoveKind.PASS:
                self._pass()
            elif move.kind is MoveKind.EXCHANGE:
                self._exchange(move)
            else:
                move = self._place(move)
        except Exception:
            self._restore(saved)
            raise
        self._undo.append(saved)
        self._actions.append({"type": "play", "move": move_to_data(move)})
        return move

    def pass_(self) -> None:
        self.play(Move.pass_())

    def exchange(self, tiles: str) -> None:
        self.play(Move.exchange(tiles))

    def check_exchange(self) -> None:
        """Raise :class:`IllegalMoveError` if exchanging is not allowed now (too few in the bag),
        so an interface can say so before asking which tiles.

        While a placement is announced, exchanging first accepts it and its player draws: the bag
        is counted after that draw, as the exchange itself will find it.
        """
        self._require_not_over()
        bag = len(self._bag)
        pending = self._pending
        if self._phase is Phase.ANNOUNCED and pending is not None:
            bag -= min(self.rules.rack_size - len(self.racks[pending.player]), bag)
        if bag < self.rules.exchange_min_bag:
            raise IllegalMoveError("exchange_bag_too_small", minimum=self.rules.exchange_min_bag, bag=bag)

    def _accept_ends_game(self) -> bool:
        # Accepting ends the game when the announced move went out (or, scoring nothing, blocked
        # the game): tried on the state, then put back.
        saved = self._save()
        try:
            self._accept()
            return self._phase is Phase.OVER
        finally:
            self._restore(saved)

    def accept(self) -> None:
        """Accept the announced placement: the player draws and the turn passes on."""
        self._require_not_over()
        if self._phase is not Phase.ANNOUNCED:
            raise GameStateError("no_announced_move")
        saved = self._save()
        self._accept()
        self._undo.append(saved)
        self._actions.append({"type": "accept"})

    def formed_words(self) -> list[str]:
        """The words the announced move formed, each once (a word it forms twice, main word and
        cross word, is one word to look up); none without an announced move."""
        pending = self._pending
        return list(dict.fromkeys(word.letters for word in pending.words)) if pending is not None else []

    def named_words(self, words: Sequence[str] | None) -> list[str]:
        """The words a contester names, each once, in capitals; raises ``word_not_formed`` for a
        word the announced move did not form (a slip that would otherwise contest other words),
        before anything changes."""
        formed = self.formed_words()
        named = list(dict.fromkeys(fold_letters(w).upper() for w in words or ()))
        for word in named:
            if word not in formed:
                raise GameStateError("word_not_formed", word=word, words=", ".join(formed))
        return named

    def contest(
        self, contester: int, verifier: Verifier | None = None, words: Sequence[str] | None = None
    ) -> ContestResult:
        """``contester`` contests the announced placement (all its words, or ``words``)."""
        self._require_not_over()
        pending = self._pending
        if self._phase is not Phase.ANNOUNCED or pending is None:
            raise GameStateError("no_announced_move")
        if self.rules.challenge.kind is ChallengeKind.VOID:
            raise GameStateError("no_challenge_rule")
        if not 0 <= contester < len(self.players):
            raise GameStateError("unknown_player", player=contester)
        if contester == pending.player:
            raise GameStateError("cannot_contest_own_move")
        judge = verifier or self.verifier
        if judge is None:
            raise GameStateError("no_verifier")
        all_words = self.formed_words()
        # FFSc, WESPA: the contester names the words they doubt, each counted once; none named,
        # all are checked. Hasbro, NASPA: a challenge covers the whole play.
        named = self.named_words(words)
        checked = (named if self.rules.challenge.named_words else []) or all_words
        invalid = tuple(judge.invalid_words(checked))  # may raise (missing answer): nothing changed yet
        saved = self._save()
        if invalid:
            self._withdraw(pending, invalid, contester)
            result = ContestResult(contester, False, invalid, tuple(checked), 0)
        else:
            result = self._failed_contest(pending, contester, tuple(checked))
            self._accept()
        self._undo.append(saved)
        self._actions.append(
            {"type": "contest", "contester": contester, "words": list(checked), "invalid": list(invalid)}
        )
        return result

    def time_penalty(self, player: int, overrun: float) -> int:
        """Charge ``player`` for ``overrun`` seconds past their clock; returns the points deducted.

        The rule set's ``overtime_penalty`` is due for every minute started. ``overrun`` is the
        player's whole overrun so far: what earlier calls charged is not charged twice, so a
        clock may report as often as it likes. A negative, non-finite or absurd overrun, one
        smaller than an earlier report, or any call once the game is over, is refused.

        Past the rule set's ``overtime_limit`` (minutes; 0 for none) the game ends: the minutes up
        to the limit are charged, none beyond (the game stops there), and each player subtracts
        their own rack, as when a game is blocked.

        >>> g = Game(["A", "B"], "naspa", seed=1); g.time_penalty(0, 61.0), g.time_penalty(0, 100.0)
        (20, 0)
        >>> g.time_penalty(0, 665.0), g.is_over, g.timed_out
        (80, True, 0)
        """
        self._require_not_over()
        if not 0 <= player < len(self.players):
            raise GameStateError("unknown_player", player=player)
        if (
            isinstance(overrun, bool)
            or not isinstance(overrun, (int, float))
            or not math.isfinite(overrun)
            or not 0 < overrun <= MAX_OVERRUN
        ):
            raise GameStateError("bad_overrun", overrun=str(overrun)[:20])
        earlier = [e for e in self._events if e.kind is EventKind.TIME_PENALTY and e.player == player]
        if earlier and overrun < earlier[-1].detail["overrun"]:
            raise GameStateError("bad_overrun", overrun=str(overrun)[:20])
        minutes = math.ceil(overrun / 60)
        limit = self.rules.overtime_limit
        out_of_time = bool(limit) and overrun > limit * 60
        if out_of_time:
            minutes = limit
        due = self.rules.overtime_penalty * minutes
        points = due + sum(e.points for e in earlier)  # earlier points are negative
        if points <= 0 and not out_of_time:
            return 0
        saved = self._save()
        if points > 0:
            self._log(EventKind.TIME_PENALTY, player, -points, overrun=overrun)
        if out_of_time:
            # An announced move stands as it was announced; nobody draws any more.
            self._pending = None
            self._end(Termination.TIME, None)
        self._undo.append(saved)
        self._actions.append({"type": "time_penalty", "player": player, "overrun": overrun})
        return max(points, 0)

    def actors(self) -> list[int]:
        """Who acted for each action that :meth:`undo` can take back, oldest first: the player
        to move, or while a move was announced the player after its announcer."""
        n = len(self.players)
        return [state.to_move if state.pending is None else (state.pending.player + 1) % n for state in self._undo]

    def undo(self) -> None:
        """Take back the last action (friendly games)."""
        if not self._undo:
            raise GameStateError("nothing_to_undo")
        self._restore(self._undo.pop())

    # -- internals -------------------------------------------------------------------------
    def _require_not_over(self) -> None:
        if self._phase is Phase.OVER:
            raise GameStateError("game_over")

    def _draw(self, player: int) -> None:
        need = self.rules.rack_size - len(self.racks[player])
        drawn = [self._bag.pop() for _ in range(min(need, len(self._bag)))]
        self.racks[player] = self.racks[player] + "".join(drawn)

    def _log(self, kind: EventKind, player: int, points: int, rack: str | None = None, move: Move | None = None,
             words: tuple[str, ...] = (), **detail: Any) -> Event:
        self.scores[player] += points
        event = Event(len(self._events) + 1, kind, player, self.racks[player] if rack is None else rack, points,
                      self.scores[player], move, words, detail)
        self._events.append(event)
        return event

    def _take_from_rack(self, player: int, letters: str) -> None:
        rack = list(self.racks[player])
        for letter in letters:
            rack.remove(letter)
        self.racks[player] = "".join(rack)

    def _place(self, move: Move) -> Move:
        placement = self.position.check(move)
        assert placement is not None
        move = self.position.describe(move, placement)
        player = self.to_move
        if self.rules.challenge.kind is ChallengeKind.VOID:
            if self.verifier is None:
                raise GameStateError("no_verifier")
            invalid = self.verifier.invalid_words(word.letters for word in placement.words)
            if invalid:
                raise IllegalMoveError("invalid_words", words=", ".join(invalid))
        rack_before = self.racks[player]
        self.board.place(move.tiles)
        self._take_from_rack(player, move.rack_letters)
        words = tuple(word.text for word in placement.words)
        self._log(EventKind.PLACE, player, placement.score, rack=rack_before, move=move, words=words)
        self._pending = Announcement(player, move, rack_before, placement.words)
        self._phase = Phase.ANNOUNCED
        if self.rules.challenge.kind is ChallengeKind.VOID:
            self._accept()
        return move

    def _accept(self) -> None:
        pending = self._pending
        assert pending is not None
        self._pending = None
        self._phase = Phase.TURN
        player = pending.player
        self._draw(player)
        scored = (pending.move.score or 0) > 0
        self._turn_done(scored=scored, passed=False, placed=True)
        if not self.racks[player] and not self._bag:
            self._end(Termination.OUT, player)
        elif not self._check_blocked():
            self._next_player()

    def _withdraw(self, pending: Announcement, invalid: tuple[str, ...], contester: int) -> None:
        player = pending.player
        self.board.remove(pending.move.tiles)
        self.racks[player] = pending.rack_before
        self._pending = None
        self._phase = Phase.TURN
        self._log(EventKind.WITHDRAWN, player, -(pending.move.score or 0), move=pending.move,
                  words=invalid, contester=contester)
        # A withdrawn move is a turn without a move: it counts as a pass toward a blocked game,
        # or "play a non-word, be contested, repeat" would never end.
        self._turn_done(scored=False, passed=True)
        if not self._check_blocked():
            self._next_player()

    def _failed_contest(self, pending: Announcement, contester: int, checked: tuple[str, ...]) -> ContestResult:
        rule = self.rules.challenge
        count = len(checked) if rule.per_word else 1
        points = 0
        if rule.kind is ChallengeKind.PENALTY:
            points = -rule.amount * count
            self._log(EventKind.CONTEST_PENALTY, contester, points, words=checked, challenged=pending.player)
        elif rule.kind is ChallengeKind.BONUS:
            points = rule.amount * count
            self._log(EventKind.CONTEST_BONUS, pending.player, points, words=checked, contester=contester)
        else:
            if rule.kind is ChallengeKind.LOSE_TURN:
                self._loses_next_turn.add(contester)
            self._log(EventKind.CONTEST_FAILED, contester, 0, words=checked, challenged=pending.player,
                      loses_turn=rule.kind is ChallengeKind.LOSE_TURN)
        return ContestResult(contester, True, (), checked, points)

    def _pass(self) -> None:
        self._log(EventKind.PASS, self.to_move, 0, move=Move.pass_())
        self._turn_done(scored=False, passed=True)
        if not self._check_blocked():
            self._next_player()

    def _exchange(self, move: Move) -> None:
        self.check_exchange()
        self.position.check(move)
        player = self.to_move
        rack_before = self.racks[player]
        self._take_from_rack(player, move.exchanged)
        self._draw(player)
        self._bag.extend(move.exchanged)
        self._rng.shuffle(self._bag)
        self._log(EventKind.EXCHANGE, player, 0, rack=rack_before, move=move)
        self._turn_done(scored=False, passed=False)
        if not self._check_blocked():
            self._next_player()

    def _turn_done(self, scored: bool, passed: bool, placed: bool = False) -> None:
        self.passes_in_a_row = self.passes_in_a_row + 1 if passed else 0
        self.wordless_in_a_row = 0 if placed else self.wordless_in_a_row + 1
        self.position.scoreless_turns = 0 if scored else self.position.scoreless_turns + 1

    def _check_blocked(self) -> bool:
        limit = self.rules.blocked_count * len(self.players)
        if self._blocked_run() >= limit:
            self._end(Termination.BLOCKED, None)
            return True
        return False

    def _next_player(self) -> None:
        n = len(self.players)
        self.position.to_move = (self.to_move + 1) % n
        # A player who lost a contestation under "lose turn" rules skips this turn.
        while self.to_move in self._loses_next_turn and self._phase is not Phase.OVER:
            player = self.to_move
            self._loses_next_turn.discard(player)
            self._log(EventKind.LOST_TURN, player, 0)
            self._turn_done(scored=False, passed=False)
            if self._check_blocked():
                return
            self.position.to_move = (player + 1) % n

    def _end(self, termination: Termination, out_player: int | None) -> None:
        self._phase = Phase.OVER
        self._termination = termination
        values = self.rules.tile_set
        if termination is Termination.OUT and out_player is not None:
            others = 0
            for player, rack in enumerate(self.racks):
                if player == out_player or not rack:
                    continue
                value = values.rack_value(rack)
                others += value
                if self.rules.end_rule is EndRule.ADD_SUBTRACT:
                    self._log(EventKind.END_RACK_LOSS, player, -value)
            gain = others * (2 if self.rules.end_rule is EndRule.DOUBLE else 1)
            self._log(EventKind.END_RACK_GAIN, out_player, gain, others=others)
        else:
            for player, rack in enumerate(self.racks):
                if rack:
                    self._log(EventKind.END_RACK_LOSS, player, -values.rack_value(rack))

    # -- state for undo --------------------------------------------------------------------
    def _save(self) -> _State:
        return _State(
            list(self.board.squares), list(self.racks), list(self.scores), self.to_move, list(self._bag),
            self._rng.getstate(), self._phase, self._pending, list(self._events), set(self._loses_next_turn),
            self.passes_in_a_row, self.scoreless_in_a_row, self._termination, len(self._actions),
            self.wordless_in_a_row,
        )

    def _restore(self, state: _State) -> None:
        self.board.squares = list(state.squares)
        self.position.racks = list(state.racks)
        self.position.scores = list(state.scores)
        self.position.to_move = state.to_move
        self._bag = list(state.bag)
        self._rng.setstate(state.rng_state)
        self._phase = state.phase
        self._pending = state.pending
        self._events = list(state.events)
        self._loses_next_turn = set(state.loses_next_turn)
        self.passes_in_a_row = state.passes_in_a_row
        self.wordless_in_a_row = state.wordless_in_a_row
        self.position.scoreless_turns = state.scoreless_in_a_row
        self._termination = state.termination
        del self._actions[state.actions_len :]


def move_to_data(move: Move) -> dict[str, Any]:
    """A move as JSON-ready data (the tiles it lays, or the tiles it exchanges)."""
    if move.kind is MoveKind.PLACE:
        return {"kind": "place", "tiles": [[t.row, t.col, t.letter, t.is_blank] for t in move.tiles]}
    if move.kind is MoveKind.EXCHANGE:
        return {"kind": "exchange", "tiles": move.exchanged}
    return {"kind": "pass"}


def move_from_data(data: Any) -> Move:
    """The inverse of :func:`move_to_data`; raises :class:`InvalidMoveError` on malformed data."""
    try:
        kind = data["kind"]
        if kind == "pass":
            return Move.pass_()
        if kind == "exchange":
            tiles = str(data["tiles"])
            if not tiles or any(not (ch == "?" or "A" <= ch <= "Z") for ch in tiles.upper()):
                raise ValueError(tiles)
            return Move.exchange(tiles)
        if kind == "place":
            placed = []
            for row, col, letter, blank in data["tiles"]:
                if not (isinstance(row, int) and isinstance(col, int) and isinstance(letter, str)
                        and len(letter) == 1 and "A" <= letter.upper() <= "Z" and isinstance(blank, bool)):
                    raise ValueError(letter)
                placed.append(PlacedTile(row, col, letter.upper(), blank))
            if not placed:
                raise ValueError("no tile")
            return Move.place(placed)
    except (KeyError, TypeError, ValueError):
        pass
    raise InvalidMoveError("bad_move_data", text=str(data)[:80])


class _AcceptRecorded:
    """The verifier of a replay: every recorded placement was accepted when it was played."""

    def invalid_words(self, words: Any) -> list[str]:
        return []
