"""One command for a seat without a screen: ``scrabble-fr table jouer CODE "COMMANDE"``.

    >>> from scrabble_fr.table.store import open_store
    >>> from scrabble_fr.table.session import TableSettings, create_table
    >>> from scrabble_fr.words import WordSet
    >>> store = open_store(":memory:")
    >>> created = create_table(store, TableSettings(["Alice", "Bruno"], seed=7))
    >>> info, seat = store.find_code(created.codes[0])
    >>> play_command(store, info, seat, WordSet(["BALTE"]), "H4 BALTE", created.codes[0])
    ['Alice joue BALTE en H4\\xa0: 20 points']

The command is first rehearsed on the table as its log has it, by a session that holds no seat and
writes nothing. Whatever refuses it — text that is no command, another seat's turn, a move the
rules refuse, a word the move did not form — refuses it then: the seat's lease, the clocks (which
start once every human seat has been taken) and the rows stay exactly as they were. Only a command
the rehearsal took is played again by a session that takes the seat and writes its row; another
terminal's row written in between is said as at a screen (``acted_first``).
"""

from __future__ import annotations

from contextlib import closing
from typing import Any

from scrabble_fr import texts
from scrabble_fr.engine.move import MoveKind
from scrabble_fr.engine.notation import CommandWord, command_word
from scrabble_fr.engine.wordlist import WordList
from scrabble_fr.i18n import _
from scrabble_fr.match.outcome import Outcome
from scrabble_fr.table.duplicate import DUPLICATE, DuplicateTable
from scrabble_fr.table.errors import TableError
from scrabble_fr.table.session import TableSession
from scrabble_fr.table.store import TableInfo, TableStore


class _Rehearsal(TableSession):
    """A seat's session that takes no seat and writes nothing: its changes are dropped with it."""

    def commit(self, kind: str, **extra: Any) -> str | None:
        if self.damaged is not None:
            raise self.damaged
        return None


def play_command(store: TableStore, info: TableInfo, seat: int | None, lexicon: WordList | None,
                 text: str, code: str | None = None) -> list[str]:
    """Play ``text`` for ``seat`` of the table ``info``, opened by ``code`` (a classic seat's
    rack needs its code: :mod:`.seal`); returns what is said of it (the computers to move play
    before it returns). Raises, having changed nothing, when it is refused."""
    if seat is None:
        raise TableError("table_needs_name")
    if info.kind == DUPLICATE:
        DuplicateTable(store, info, seat, spectator=True).check_propose(text)
        with closing(DuplicateTable(store, info, seat)) as table:
            return list(table.propose(text).messages)
    words = text.split()
    if not words:
        raise TableError("table_command", text=text)
    _act(_Rehearsal(store, info, seat, lexicon, spectator=True, computers=None, code=code), words, text)
    with closing(TableSession(store, info, seat, lexicon, code=code)) as session:
        match = session.match
        said = list(_act(session, words, text).messages)
        for reply in match.run_computers():  # a computer to move plays before this process leaves
            said.extend(reply.messages)
        pending = match.game.pending
        if pending is not None and pending.player == session.me:
            said.insert(0, texts.announcement_text(match.game))
        return said or [_("Done.")]


def _act(session: TableSession, words: list[str], text: str) -> Outcome:
    match = session.match
    command = command_word(words[0])
    if command is CommandWord.CHALLENGE:
        if session.me is None:
            raise TableError("arbiter_plays_no_tiles" if session.is_arbiter else "spectator")
        return match.contest(session.me, words=words[1:] or None)
    if command is CommandWord.ACCEPT and len(words) == 1:
        return match.accept()
    move = match.game.position.parse_move(text)
    return match.pass_() if move.kind is MoveKind.PASS else match.play(move)
