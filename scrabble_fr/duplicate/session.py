"""A duplicate game at one table, with no screen: the players' proposals, the coup's clock, saving.

    >>> from scrabble_fr.words import WordSet
    >>> s = DuplicateSession.create(DuplicateSettings(["Alice"], seed=4, seconds=None), WordSet(["NET", "NETS"]))
    >>> outcome = s.propose("")  # Alice proposes nothing: everyone has proposed
    >>> s.review is not None, s.game.coups[0].closed
    (True, True)

:class:`~scrabble_fr.duplicate.DuplicateGame` knows the rules of a coup; the session knows the
table, like :class:`~scrabble_fr.match.Match` for a classic game: who types now (one keyboard,
each player in turn, the line hidden at several players), when the coup closes (everyone has
proposed, the time is up, or it is asked), the top shown until the next coup is asked for, the
sheet written at the end, the save after every change under the game's one-writer lock. A front
end shows its state and sends it *intents* (:meth:`propose`, :meth:`close_coup`,
:meth:`next_coup`, :meth:`next_player`, :meth:`tick`, :meth:`pause`, :meth:`resume`,
:meth:`export`, :meth:`close`); each returns an :class:`~scrabble_fr.match.outcome.Outcome` or
raises a :class:`~scrabble_fr.engine.errors.ScrabbleError` and changes nothing. Time comes from
an injectable source, so a test moves the clock instead of waiting.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from scrabble_fr.duplicate.errors import DuplicateError
from scrabble_fr.duplicate.export import sheet_data, sheet_text
from scrabble_fr.duplicate.game import DEFAULT_SECONDS, Coup, DuplicateGame
from scrabble_fr.duplicate.save import DuplicateRecord
from scrabble_fr.duplicate.sheet import SheetCoup
from scrabble_fr.duplicate.texts import coup_result_lines, final_text
from scrabble_fr.duplicate.variant import Variant
from scrabble_fr.engine.errors import IllegalMoveError, ScrabbleError
from scrabble_fr.engine.move import Move, PlacedTile
from scrabble_fr.engine.rules import Rules
from scrabble_fr.engine.wordlist import WordList
from scrabble_fr.i18n import _
from scrabble_fr.match.entry import check_tile
from scrabble_fr.match.outcome import Outcome
from scrabble_fr.messages import system_error_text
from scrabble_fr.records.atomic import write_atomic
from scrabble_fr.records.recorder import Recorder, Unrecorded

SHEETS_FOLDER = "feuilles"  # beside the saves, in a folder of their own


@dataclass
class DuplicateSettings:
    """What a new duplicate game needs from the command line or the set-up screen."""

    players: list[str]
    seed: int | None = None
    seconds: float | None = DEFAULT_SECONDS
    sheet: list[SheetCoup] | None = None
    lexicon: str | None = None  # the list's name or path (None: the rules' own), as a save keeps it
    rules: Rules = field(default_factory=lambda: Rules.preset("ffsc"))
    club: bool = False  # a club game: only the rules' times per coup (FISF §1.3)
    variant: Variant = Variant.CLASSIC


def refused_at_once(error: ScrabbleError | None) -> bool:
    # The rules refuse a placement before any word is looked up (not in the draw, off the centre,
    # not connected…): the player is told and types again. A word outside the list is a
    # proposal scoring 0, told only when the coup closes, as on paper.
    return error is not None and not (isinstance(error, IllegalMoveError) and error.code == "invalid_words")


class DuplicateSession:
    """One duplicate game at one keyboard, from the first draw to the final ranking, recorded
    after every change by the ``recorder`` given (a local save under the game's lock; none:
    nowhere)."""

    def __init__(
        self,
        game: DuplicateGame,
        *,
        record: DuplicateRecord | None = None,
        recorder: Recorder | None = None,
        lexicon: str | None = None,
    ) -> None:
        self.game = game
        self.record = record if record is not None else DuplicateRecord.new(game, lexicon=lexicon)
        self.typist = 0  # who has the keyboard
        self.review: Coup | None = None  # the coup just closed, shown until the next one is asked for
        self.sheet_path: Path | None = None  # where the sheet was last written
        self.recorder: Recorder = recorder if recorder is not None else Unrecorded()
        self.recorder.open(self.record)  # raises if another process has the game: nothing opened
        if game.current is not None:
            game.start_coup()
            self._hand_to_next_free()

    @classmethod
    def create(cls, settings: DuplicateSettings, lexicon: WordList, *, recorder: Recorder | None = None,
               now: Callable[[], float] = time.monotonic) -> DuplicateSession:
        """A new game from its settings (bad players, a bad sheet: raises, nothing saved)."""
        game = DuplicateGame(settings.players, lexicon=lexicon, rules=settings.rules, seed=settings.seed,
                             sheet=settings.sheet, seconds=settings.seconds, club=settings.club, now=now,
                             variant=settings.variant)
        session = cls(game, recorder=recorder, lexicon=settings.lexicon or settings.rules.lexicon)
        session._save()
        return session

    @classmethod
    def from_record(cls, record: DuplicateRecord, lexicon: WordList, *, recorder: Recorder | None = None,
                    now: Callable[[], float] = time.monotonic) -> DuplicateSession:
        """A saved game where it stopped: its closed coups replayed, the coup in progress with its
        proposals and a fresh clock (a record that does not replay raises, nothing opened)."""
        return cls(record.rebuild(lexicon, now=now), record=record, recorder=recorder)

    # -- reading the table -------------------------------------------------------------------
    @property
    def players(self) -> list[str]:
        return self.game.players

    @property
    def is_over(self) -> bool:
        return self.game.is_over

    @property
    def shown_coup(self) -> Coup | None:
        """The coup on screen: the one just closed while it is reviewed, else the one in play."""
        return self.review or self.game.current

    @property
    def accepting(self) -> bool:
        """True while proposals are taken (a coup in play, not under review)."""
        return self.review is None and self.game.current is not None

    def remaining(self) -> float | None:
        """Seconds left for the coup in play (None: no clock, or no coup in play)."""
        return self.game.remaining() if self.accepting else None

    def unproposed(self) -> list[int]:
        """The players who have not proposed yet in the coup in play."""
        coup = self.game.current
        if coup is None or not self.accepting:
            return []
        return [i for i, proposal in enumerate(coup.proposals) if proposal is None]

    def has_proposed(self, player: int) -> bool:
        coup = self.game.current
        return coup is not None and self.accepting and coup.proposals[player] is not None

    @property
    def board_entry_allowed(self) -> bool:
        """A move may be typed on the board only alone at the table: the board is in everyone's
        sight, so at several players a move goes on the hidden line."""
        return self.accepting and len(self.players) == 1

    def result_lines(self, coup: Coup) -> list[str]:
        """A closed coup in the players' words: the top, then each player's move and score."""
        return coup_result_lines(self.game, coup)

    # -- intents -----------------------------------------------------------------------------
    def propose(self, text: str, player: int | None = None) -> Outcome:
        """``player`` (by default the one at the keyboard) proposes ``text`` (empty: nothing),
        replacing an earlier proposal. A line that is no placement, or a placement the rules
        refuse at once, raises and changes nothing: the player types again. When everyone has
        proposed, the coup closes."""
        game = self.game
        if not self.accepting:
            raise DuplicateError("coup_closed")
        who = self.typist if player is None else player
        if not 0 <= who < len(self.players):
            raise DuplicateError("unknown_player", player=who + 1)
        if game.time_is_up:
            return self.close_coup(_("The time for this coup is up: the move was not taken."))
        judged = game.judge(text)  # raises for a line that is no placement
        if refused_at_once(judged.error):
            assert judged.error is not None
            raise judged.error
        proposal = game.propose(who, text)
        name = self.players[who]
        said = (_("{name} proposes nothing.") if proposal.is_empty else _("{name} has played.")).format(name=name)
        if player is None and not self._hand_to_next_free():
            return self.close_coup(_("Everyone has played."), first=said)
        return Outcome((said,), self._save())

    def close_coup(self, why: str | None = None, first: str | None = None) -> Outcome:
        """Close the coup in play: every proposal scored, the top placed, the next draw made; the
        closed coup is reviewed until :meth:`next_coup`. At the end of the game the sheet is
        written."""
        if not self.accepting:
            raise DuplicateError("coup_closed")
        coup = self.game.close_coup()
        self.review = coup
        messages = [m for m in (first, why or _("The coup is ended.")) if m]
        messages += self.result_lines(coup)
        warning = self._save()
        if self.game.is_over:
            messages.append(final_text(self.game))
            try:
                path = self.export()
                messages.append(_("Sheet exported: {path}").format(path=path))
            except OSError as exc:
                warning = warning or _("The sheet cannot be written: {detail}").format(detail=system_error_text(exc))
        return Outcome(tuple(messages), warning)

    def next_coup(self) -> Outcome:
        """The review is over: the next coup's draw is announced and its clock starts."""
        if self.review is None:
            return Outcome()
        self.review = None
        current = self.game.current
        if current is None:
            return Outcome()
        self.game.start_coup()
        self.typist = 0
        self._hand_to_next_free()
        return Outcome((_("New draw: {draw}").format(draw=current.draw.text),), self._save())

    def next_player(self) -> None:
        """Hand the keyboard to the next player (to change a move before the coup closes)."""
        if self.accepting and len(self.players) > 1:
            self.typist = (self.typist + 1) % len(self.players)

    def tick(self) -> Outcome | None:
        """Read the coup's clock (a front end calls this a few times a second): the coup closes
        when the time is up, and the outcome says so."""
        if self.accepting and self.game.time_is_up:
            return self.close_coup(_("Time is up."))
        return None

    def pause(self) -> None:
        """Nobody can play (a dialog is open): the coup's clock stops until :meth:`resume`."""
        if self.game.clocks is not None:
            self.game.clocks.pause()

    def resume(self) -> None:
        if self.game.clocks is not None:
            self.game.clocks.resume()

    def check_tile(self, tentative: Sequence[PlacedTile], row: int, col: int, letter: str, joker: bool) -> None:
        """Raise unless ``letter`` may be laid on the square for the move being typed on the board."""
        coup = self.game.current
        if coup is None or not self.accepting:
            raise DuplicateError("coup_closed")
        if not self.board_entry_allowed:
            raise DuplicateError("board_entry_hidden")
        check_tile(self.game.position.board, coup.draw.tiles, tentative, row, col, letter, joker)

    def board_move_text(self, tentative: Sequence[PlacedTile]) -> str:
        """The move typed on the board, written out as the line would take it."""
        move = self.game.position.describe(Move.place(list(tentative)))
        return move.notation(self.game.rules.notation)

    def export(self) -> Path:
        """Write the sheet as text and as JSON (``feuilles/ID.txt`` and ``.json`` beside the saves);
        returns the text's path. Raises :class:`OSError` if it cannot be written."""
        folder = (self.recorder.folder or Path.cwd()) / SHEETS_FOLDER
        text_path, json_path = folder / f"{self.record.id}.txt", folder / f"{self.record.id}.json"
        write_atomic(text_path, sheet_text(self.game).encode("utf-8"))
        write_atomic(json_path, json.dumps(sheet_data(self.game), ensure_ascii=False, indent=1).encode("utf-8"))
        self.sheet_path = text_path
        return text_path

    def close(self) -> None:
        """The table is left: the game is saved once more and released for another process."""
        self._save()
        self.recorder.close()

    # -- internals ---------------------------------------------------------------------------
    def _hand_to_next_free(self) -> bool:
        """The keyboard to the next player without a proposal; False when everyone has one."""
        coup = self.game.current
        if coup is None:
            return False
        count = len(self.players)
        for step in range(count):
            index = (self.typist + step) % count
            if coup.proposals[index] is None:
                self.typist = index
                return True
        return False

    def _save(self) -> str | None:
        """Record the game; a failure is returned once as a warning and never stops the game."""
        self.record.update(self.game)
        return self.recorder.save()
