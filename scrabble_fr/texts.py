"""The game's events and outcomes in players' words, for the interface and the command line
(translated at the moment they are shown)."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from scrabble_fr.engine.game import ContestResult, Event, EventKind, Game
from scrabble_fr.i18n import N_, _, colon, format_number, join_list, ngettext, points

if TYPE_CHECKING:
    from scrabble_fr.match.match import Note


def history_columns() -> list[str]:
    """The headings of a game's history: turn number, player, move, points, running total."""
    return ["#", _("Player"), _("Move"), _("Pts"), _("Total")]


# The events that make a turn; the others (a withdrawal, a contestation's cost, a time penalty,
# the end's rack values) are lines under the turn they belong to.
_TURN_KINDS = (EventKind.PLACE, EventKind.EXCHANGE, EventKind.PASS, EventKind.LOST_TURN)


@dataclass(frozen=True)
class HistoryRow:
    turn: str  # the turn's number on its first line, empty under it
    player: str
    move: str
    points: str
    total: str


def history_rows(game: Game, timeline: Sequence[Event | Note]) -> list[HistoryRow]:
    """A game's history as its table shows it: one numbered line per turn, what happened to that
    turn (withdrawn, contested, penalties) on unnumbered lines under it, notes in between."""
    rows: list[HistoryRow] = []
    turn = 0
    for item in timeline:
        if isinstance(item, Event):
            number = ""
            if item.kind in _TURN_KINDS:
                turn += 1
                number = str(turn)
            rows.append(HistoryRow(number, game.players[item.player], event_move_text(game, item),
                                   f"{item.points:+d}" if item.points else "0", format_number(item.total)))
        else:
            rows.append(HistoryRow("", "", note_text(game.players, item), "", ""))
    return rows


def cut_name(name: str, room: int) -> str:
    """A player's name in ``room`` columns: cut with « … », keeping a number that ends it, which
    is what tells two computers apart.

        >>> cut_name("Computer 4", 7), cut_name("Computer 12", 7), cut_name("Bernadette", 7), cut_name("Ordi 4", 7)
        ('Compu…4', 'Comp…12', 'Bernad…', 'Ordi 4')
    """
    if len(name) <= room:
        return name
    head, _space, number = name.rpartition(" ")
    if head and number.isdigit() and room - len(number) - 1 >= 2:
        return head[: room - len(number) - 1] + "…" + number
    return name[: max(0, room - 1)] + "…"


def history_lines(rows: Sequence[HistoryRow], width: int, turns: bool = True,
                  name_width: int = 12) -> tuple[str, list[str]]:
    """The history as text lines of ``width`` columns: the heading and the lines of each row.

    The numbers (points, running total) keep their columns whatever the moves and notes are
    like, and every entry is shown whole: a player's name longer than its column takes the
    name's and the move's columns on its line, and a move too long for its column goes on the
    lines under it (under the move's column, as wide as the line allows); a note (which has no
    numbers) runs over the whole line, wrapped onto more lines if need be. ``turns``: show the
    turn numbers (the wide layout); ``name_width``: the most a player's name column takes.

        >>> rows = [HistoryRow("1", "Alice", "H4 MAISON", "+18", "18"), HistoryRow("", "", "hint for Bruno", "", "")]
        >>> head, lines = history_lines(rows, 30, turns=False, name_width=6)
        >>> lines
        ['Alice  H4 MAISON     +18    18', '       hint for Bruno']
        >>> rows = [HistoryRow("1", "Joueur 1", "H4 BALTE", "+20", "20"),
        ...         HistoryRow("", "Bernadette", "contestation perdue", "-10", "10")]
        >>> for line in history_lines(rows, 27, turns=False, name_width=7)[1]: print(line)
        Joueur 1          +20    20
                H4 BALTE
        Bernadette        -10    10
                contestation perdue
    """
    columns = history_columns()
    turn_w = max([len(columns[0])] + [len(r.turn) for r in rows]) if turns else 0
    name_w = min(name_width, max([len(columns[1])] + [len(r.player) for r in rows if r.points or r.total]))
    pts_w = max([len(columns[3])] + [len(r.points) for r in rows])
    total_w = max([len(columns[4])] + [len(r.total) for r in rows])
    lead = turn_w + 1 if turns else 0
    move_w = max(4, width - lead - name_w - 1 - 1 - pts_w - 1 - total_w)
    indent = " " * (lead + name_w + 1)  # where the move's column starts
    room = max(8, width - len(indent))  # a move or a note under its row: to the line's end

    def line(turn: str, name: str, name_room: int, move: str, pts: str, total: str) -> str:
        start = f"{turn:>{turn_w}} " if turns else ""
        move_room = name_w + 1 + move_w - name_room - 1  # a long name takes from the move's room
        return f"{start}{name:<{name_room}} {move:<{move_room}} {pts:>{pts_w}} {total:>{total_w}}"

    head = line(columns[0] if turns else "", columns[1], name_w, columns[2], columns[3], columns[4]).rstrip()
    lines: list[str] = []
    for row in rows:
        if row.points or row.total or row.player:
            if len(row.player) <= name_w and len(row.move) <= move_w:
                lines.append(line(row.turn, row.player, name_w, row.move, row.points,
                                  row.total).rstrip())
                continue
            # The name in the name's and the move's columns (cut only past both), the move under it.
            span = name_w + 1 + move_w
            name = row.player if len(row.player) <= span else cut_name(row.player, span)
            lines.append(line(row.turn, name, max(name_w, len(name)), "", row.points, row.total).rstrip())
            lines.extend(indent + part for part in textwrap.wrap(row.move, room, break_on_hyphens=False))
            continue
        # A note: no player column of its own, no numbers; the whole width, wrapped.
        lines.extend(indent + part for part in textwrap.wrap(row.move, room) or [""])
    return head, lines


def event_move_text(game: Game, event: Event, reveal: bool = False) -> str:
    """What the history's "move" column shows for an event. Exchanged tiles stay secret (the
    opponents see how many) unless ``reveal``."""
    style = game.rules.notation
    kind = event.kind
    if kind is EventKind.PLACE and event.move is not None:
        return event.move.notation(style)
    if kind is EventKind.EXCHANGE and event.move is not None:
        if reveal:
            return _("exchange {tiles}").format(tiles=event.move.exchanged)
        count = len(event.move.exchanged)
        return ngettext("exchange {n} tile", "exchange {n} tiles", count).format(n=count)
    if kind is EventKind.PASS:
        return _("pass")
    if kind is EventKind.WITHDRAWN:
        return _("withdrawn ({words})").format(words=", ".join(event.words))
    if kind is EventKind.CONTEST_PENALTY:
        return _("challenge lost")
    if kind is EventKind.CONTEST_BONUS:
        return _("challenge bonus")
    if kind is EventKind.CONTEST_FAILED:
        return _("challenge failed")
    if kind is EventKind.LOST_TURN:
        return _("turn lost")
    if kind is EventKind.END_RACK_GAIN:
        return _("racks of the others")
    if kind is EventKind.END_RACK_LOSS:
        return _("own rack {rack}").format(rack=event.rack)
    if kind is EventKind.TIME_PENALTY:
        return _("overtime")
    return kind.value


def announcement_text(game: Game) -> str:
    """``Alice joue MAISON en H4 : 18 points``."""
    pending = game.pending
    if pending is None:
        return ""
    move = pending.move
    coordinate = move.notation(game.rules.notation).split(" ")[0]
    return _("{player} plays {word} at {square}{colon} {points}").format(
        player=game.players[pending.player],
        word=move.word.upper(),
        square=coordinate,
        colon=colon(),
        points=points(move.score or 0),
    )


def contest_outcome_text(game: Game, result: ContestResult, announcer: int) -> str:
    contester = game.players[result.contester]
    player = game.players[announcer]
    if not result.valid:
        return _("Not valid: {words}. {player} takes the tiles back and loses the turn.").format(
            words=", ".join(result.invalid_words), player=player
        )
    if result.points < 0:
        return _("All words are valid: {contester} loses {points}.").format(
            contester=contester, points=points(-result.points)
        )
    if result.points > 0:
        return _("All words are valid: {player} gains {points}.").format(player=player, points=points(result.points))
    recent = game.history[-3:]
    if any(e.kind is EventKind.CONTEST_FAILED and e.detail.get("loses_turn") for e in recent):
        return _("All words are valid: {contester} loses their next turn.").format(contester=contester)
    return _("All words are valid.")


def note_text(players: Sequence[str], note: Note) -> str:
    """What the history shows for an undo, a hint or a look-up (once per turn, with a count)."""
    name = players[note.player]
    times = "" if note.count == 1 else " " + _("(×{n})").format(n=note.count)
    if note.kind == "undo":
        moves = join_list(list(note.detail.get("moves", []))) or "—"
        return _("{name} takes back: {moves}").format(name=name, moves=moves)
    if note.kind == "hint":
        return _("{name} asked for a hint").format(name=name) + times
    return _("{name} looked up: {words}").format(name=name, words=" ".join(note.detail.get("words", []))) + times


def clock_text(seconds: float) -> str:
    """A clock as ``mm:ss``, with a minus sign in overtime."""
    sign = "-" if seconds < 0 else ""
    whole = int(abs(seconds))
    return f"{sign}{whole // 60:02d}:{whole % 60:02d}"


_RULES_SUMMARIES = {
    "ffsc": N_("FFSc: a valid move challenged costs the challenger 10 points; 102 French tiles; "
               "blocked after three turns each without a word (passes, exchanges)."),
    "hasbro": N_("Hasbro: a valid move challenged costs the challenger their next turn; 100 English tiles."),
    "naspa": N_("NASPA: double challenge; going out earns twice the racks left; −10 a minute over time, "
                "the game ends past 10."),
    "wespa": N_("WESPA: +5 to the challenged player for each valid word challenged; going out earns twice "
                "the racks left; −10 a minute over time, the game ends past 10."),
    "single": N_("Free challenge: a valid move challenged costs nothing."),
    "void": N_("No challenge: a word outside the list is refused when placed."),
}


def rules_summary(name: str) -> str:
    """One line on what a rule preset means at the table (set-up screen)."""
    summary = _RULES_SUMMARIES.get(name)
    return _(summary) if summary else name
