"""GCG game records (John Chew's format, written by Quackle, Macondo, Woogles), read forgivingly.

    >>> g = parse_gcg("#player1 ana Ana\\n#player2 bob Bob\\n>ana: ?AEILRT 8D RETAIlA +72 72\\n")
    >>> g.events[0].kind, g.events[0].position, g.events[0].score
    ('place', '8D', 72)

Quirks of real files handled here: played-through letters in full instead of ``.``, lowercase
coordinates, CRLF line ends, Latin-1 text, duplicate nicknames, trailing spaces, the legacy
``-- +0`` withdrawal, and this project's French contestation penalty written
``>nick: RACK (challenge) -10 total`` on the contester's row with a ``#note``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from scrabble_fr.engine.errors import N_
from scrabble_fr.engine.rules import game_language
from scrabble_fr.i18n import translations
from scrabble_fr.records.errors import RecordError
from scrabble_fr.records.files import read_limited

_EVENT = re.compile(r"^>\s*([^:]*):\s*(.*)$")
_SCORE = re.compile(r"^[+-]\d+$")
_COORD = re.compile(r"^(\d{1,2}[A-Za-z]|[A-Za-z]\d{1,2})$")
MAX_BYTES = 5_000_000


@dataclass(frozen=True)
class GcgEvent:
    """One ``>nick: …`` line. ``kind``: place, withdrawn, pass, exchange, challenge, end_gain,
    end_loss, time."""

    line: int
    nick: str
    rack: str
    kind: str
    score: int
    total: int
    position: str | None = None
    word: str | None = None
    exchanged: str = ""
    notes: tuple[str, ...] = ()


@dataclass
class GcgGame:
    players: list[tuple[str, str]] = field(default_factory=list)  # (nick, full name)
    pragmas: dict[str, str] = field(default_factory=dict)
    events: list[GcgEvent] = field(default_factory=list)
    problems: list[tuple[int, str]] = field(default_factory=list)  # (line, text) not understood

    @property
    def lexicon(self) -> str:
        """The list's name from ``#lexicon NAME [WORDS]``."""
        name, _count = _lexicon_parts(self.pragmas.get("lexicon", ""))
        return name

    @property
    def lexicon_words(self) -> int | None:
        """The list's word count, when ``#lexicon`` gives it after the name (this project does)."""
        return _lexicon_parts(self.pragmas.get("lexicon", ""))[1]

    @property
    def tile_distribution(self) -> str:
        """``french`` or ``english`` (default), from the pragmas or the lexicon's name."""
        declared = self.pragmas.get("tile-distribution", "").strip().lower()
        if declared:
            return declared
        lexicon = self.lexicon.upper()
        if lexicon.startswith(("FRA", "ODS")):
            return "french"
        return "english"


def _lexicon_parts(value: str) -> tuple[str, int | None]:
    """``("ODS8", 411430)`` from ``"ODS8 411430"``; a value without a trailing count is all name.

        >>> _lexicon_parts("ODS8 411430"), _lexicon_parts("NWL18")
        (('ODS8', 411430), ('NWL18', None))
    """
    head, _sep, tail = value.strip().rpartition(" ")
    if head and tail.isdigit():
        return head.strip(), int(tail)
    return value.strip(), None


def lexicon_pragma(name: str, words: int | None = None) -> str:
    """The ``#lexicon`` value: the list's name as one word, then its word count when known.

        >>> lexicon_pragma("Mes mots ODS", 411430)
        'Mes_mots_ODS 411430'
    """
    token = "_".join(name.split())
    return f"{token} {words}" if words is not None else token


def decode(data: bytes) -> str:
    """GCG text from bytes: UTF-8 when declared or valid, else Latin-1 (old files)."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def read_gcg_file(path: str | Path) -> GcgGame:
    """Read a GCG file; raises :class:`RecordError` if it cannot be read."""
    data = read_limited(path, MAX_BYTES)
    if b"\x00" in data:
        raise RecordError("gcg_binary", path=str(path))
    return parse_gcg(decode(data))


def parse_gcg(text: str) -> GcgGame:
    game = GcgGame()
    in_note = False  # a note runs on over the following lines until the next "#" or ">" line
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if in_note and not line.startswith(("#", ">")):
            last = game.events[-1]
            notes = last.notes[:-1] + (last.notes[-1] + "\n" + line,)
            game.events[-1] = replace(last, notes=notes)
            continue
        in_note = False
        if line.startswith("#"):
            name, _, value = line[1:].partition(" ")
            name = name.lower()
            value = value.strip()
            if name in ("player1", "player2", "player3", "player4", "player5", "player6", "player7", "player8"):
                nick, _, full = value.partition(" ")
                game.players.append((nick, full.strip() or nick))
            elif name == "note" and game.events:
                last = game.events[-1]
                game.events[-1] = replace(last, notes=last.notes + (value,))
                in_note = True
            else:
                game.pragmas.setdefault(name, value)
            continue
        match = _EVENT.match(line)
        if not match:
            game.problems.append((number, line))
            continue
        event = _parse_event(number, match.group(1).strip(), match.group(2).split())
        if event is None:
            game.problems.append((number, line))
        else:
            game.events.append(event)
    return game


def _parse_event(number: int, nick: str, tokens: list[str]) -> GcgEvent | None:
    # The score and running total end the event; older Quackle files add the words formed after.
    for index in range(1, len(tokens) - 1):
        if _SCORE.match(tokens[index]) and re.fullmatch(r"-?\d+", tokens[index + 1]):
            break
    else:
        return None
    score, total = int(tokens[index]), int(tokens[index + 1])
    middle = tokens[:index]

    def event(kind: str, rack: str = "", **extra: str) -> GcgEvent:
        return GcgEvent(number, nick, rack, kind, score, total, **extra)  # type: ignore[arg-type]

    if len(middle) == 1 and middle[0] in ("(challenge)", "(time)"):
        # A challenge bonus or a time penalty written without the rack.
        return event(middle[0][1:-1])
    if len(middle) == 1 and middle[0].startswith("(") and middle[0].endswith(")"):
        return event("end_gain", rack=middle[0][1:-1])
    if len(middle) == 1 and middle[0] in ("-", "--"):
        return event("pass" if middle[0] == "-" else "withdrawn")  # written without the rack
    if len(middle) == 1 and re.fullmatch(r"-(\d+|[A-Za-z?]+)", middle[0]):
        return event("exchange", exchanged=middle[0][1:])  # without the rack (by count: -2)
    if len(middle) == 3 and _COORD.match(middle[1]):
        return event("place", middle[0], position=middle[1], word=middle[2])
    if len(middle) == 2 and _COORD.match(middle[0]) and not _COORD.match(middle[1]):
        return event("place", "", position=middle[0], word=middle[1])
    if len(middle) != 2:
        return None
    rack, action = middle
    lowered = action.lower()
    if action == "--":
        return event("withdrawn", rack)
    if action == "-":
        return event("pass", rack)
    if action.startswith("(") and action.endswith(")") and sorted(action[1:-1].upper()) == sorted(rack.upper()):
        # The rack repeated in parentheses: a rack subtracted at the end (even a rack "TIME").
        return event("end_loss", rack)
    if lowered == "(challenge)":
        return event("challenge", rack)
    if lowered == "(time)":
        return event("time", rack)
    if action.startswith("(") and action.endswith(")"):
        return event("end_loss", rack)
    if action.startswith("-"):
        return event("exchange", rack, exchanged=action[1:])
    return None


def _nicknames(names: list[str]) -> list[str]:
    """GCG nicknames: no spaces, unique (``Alice``, ``Jean_Paul``, ``Alice_2``)."""
    nicks: list[str] = []
    for index, name in enumerate(names):
        nick = re.sub(r"[^\w-]", "_", name.strip()) or f"joueur{index + 1}"
        while nick in nicks:
            nick = f"{nick}_{index + 1}"
        nicks.append(nick)
    return nicks


def write_gcg(
    game: Any, lexicon: str | None = None, title: str | None = None, lexicon_words: int | None = None,
    notes: Sequence[tuple[int, str]] = (), racks: bool = True,
) -> str:
    """A finished or unfinished :class:`~scrabble_fr.engine.game.Game` as GCG text.

    ``#lexicon`` holds the list's name and, when ``lexicon_words`` is given, its word count
    (``#lexicon ODS8 411430``). Coordinates are written in the English convention GCG requires,
    letters already on the board as ``.``, jokers in lowercase. The French contestation penalty
    has no native GCG line: it is written ``>nick: RACK (challenge) -10 total`` on the contester's
    row, followed by a ``#note``.
    ``notes`` are ``(after, line)`` pairs: a ``#note`` line written after that many events
    (an undo, a hint: what the table did besides moves).
    ``racks=False`` leaves the racks out (a game still played: ``>nick: H4 BALTE +20 20``, an
    exchange by its count ``-2``), as GCG allows; :func:`read_gcg` reads it back.
    """
    def notes_after(count: int) -> list[str]:
        return [line for after, line in notes if min(after, len(game.history)) == count]

    from scrabble_fr.engine.game import EventKind

    # The notes speak the game's language: a French game's record is French throughout.
    tr = translations(game_language(game.rules)).gettext
    nicks = _nicknames(list(game.players))
    lines = ["#character-encoding UTF-8"]
    for index, (nick, name) in enumerate(zip(nicks, game.players, strict=True), 1):
        lines.append(f"#player{index} {nick} {name}")
    if title:
        lines.append(f"#title {title}")
    if lexicon:
        lines.append(f"#lexicon {lexicon_pragma(lexicon, lexicon_words)}")
    if game.rules.tile_set.name == "french":
        lines.append("#tile-distribution french")
    lines.extend(notes_after(0))
    for event in game.history:
        nick = nicks[event.player]
        rack = (event.rack or "") if racks else ""
        who = f">{nick}: {rack}" if rack else f">{nick}:"  # the event's start, its rack if told
        score = f"{event.points:+d}"
        kind = event.kind
        if kind is EventKind.PLACE and event.move is not None:
            lines.append(f"{who} {event.move.notation('en', through='dot')} {score} {event.total}")
        elif kind is EventKind.WITHDRAWN:
            lines.append(f"{who} -- {score} {event.total}")
        elif kind is EventKind.PASS:
            lines.append(f"{who} - +0 {event.total}")
        elif kind is EventKind.EXCHANGE and event.move is not None:
            exchanged = event.move.exchanged if racks else str(len(event.move.exchanged))
            lines.append(f"{who} -{exchanged} +0 {event.total}")
        elif kind is EventKind.CONTEST_PENALTY:
            lines.append(f"{who} (challenge) {score} {event.total}")
            words = ", ".join(event.words)
            lines.append("#note " + tr(N_("failed challenge of {words}: the challenger loses {points} points (FFSc)"))
                         .format(words=words, points=-event.points))
        elif kind is EventKind.CONTEST_BONUS:
            lines.append(f"{who} (challenge) {score} {event.total}")
        elif kind is EventKind.CONTEST_FAILED:
            lines.append("#note " + tr(N_("{nick} challenged {words}: valid")).format(
                nick=nick, words=", ".join(event.words)))
        elif kind is EventKind.LOST_TURN:
            lines.append(f"{who} - +0 {event.total}")
            lines.append("#note " + tr(N_("turn lost after a failed challenge")))
        elif kind is EventKind.END_RACK_GAIN:
            others = "".join(r for i, r in enumerate(game.racks) if i != event.player)
            lines.append(f">{nick}: ({others}) {score} {event.total}")
        elif kind is EventKind.END_RACK_LOSS:
            lines.append(f">{nick}: {rack} ({rack}) {score} {event.total}")
        elif kind is EventKind.TIME_PENALTY:
            lines.append(f"{who} (time) {score} {event.total}")
        lines.extend(notes_after(event.number))
    return "\n".join(lines) + "\n"
