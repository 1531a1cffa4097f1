"""The club duplicate's screens at a shared table: a player's seat, the arbitrator's desk, the
projector for the club room, and the end of the game.

Each follows the table a few times a second (what the other terminals wrote, the coup's clock on
the table's database time) and sends its seat's intents to the
:class:`~scrabble_fr.table.duplicate.DuplicateTable`, which holds every rule: a proposal refused is
said at once with its reason and stays on the line to be fixed; the arbitrator's close asks for a
confirmation; a correction asks for the points and a reason.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, DataTable, Digits, Footer, Input, Label, Select, Static

from scrabble_fr.duplicate.export import percent_text
from scrabble_fr.duplicate.ranking import RankingLine
from scrabble_fr.duplicate.timing import CLUB_SECONDS
from scrabble_fr.engine.errors import ScrabbleError
from scrabble_fr.engine.move import PlacedTile
from scrabble_fr.i18n import N_, _, colon, format_number, ngettext, points, sentence
from scrabble_fr.match.entry import used_tiles
from scrabble_fr.match.outcome import Outcome
from scrabble_fr.messages import describe
from scrabble_fr.opening import Kind, Opened
from scrabble_fr.table import club_view
from scrabble_fr.table.club_view import Phase
from scrabble_fr.table.duplicate import DuplicateTable
from scrabble_fr.table.errors import NOT_RECORDED
from scrabble_fr.table.series import follow_next, next_game, series_of, series_results
from scrabble_fr.table.slips import type_slip
from scrabble_fr.tui.bindings import LocalizedBindings
from scrabble_fr.tui.requests import TableOpened
from scrabble_fr.tui.screens.board_entry import BoardEntryScreen
from scrabble_fr.tui.screens.dialogs import ConfirmDialog, _Dialog
from scrabble_fr.tui.screens.duplicate_sheet import SheetScreen
from scrabble_fr.tui.screens.slip_desk import CLUB_CSS, DeskDialog, PaperPlayerDialog, SlipDialog, desk_row
from scrabble_fr.tui.table_watch import follow_table
from scrabble_fr.tui.widgets.board import BoardPicture, BoardView
from scrabble_fr.tui.widgets.rack import RackView
from scrabble_fr.tui.widgets.ranking import fill_ranking

FOLLOW_SECONDS = 0.2  # how often a screen reads the table
PAGE_SECONDS = 6.0  # how long the projector shows a page of a long ranking
RANK_WIDTH = 28  # a line of the projector's ranking: " 12. Name…            1234"


class WallBoard(BoardView, can_focus=False):
    """The board shown, not typed on (the arbitrator's desk, the projector): no cursor."""

    def on_mount(self) -> None:
        self.cursor = (-1, -1)


def club_screen(table: DuplicateTable) -> Screen[None]:
    """The screen of a seat at a duplicate table: the arbitrator's desk, a player's own screen, or
    the projector for a watcher (``table regarder``)."""
    if table.is_arbiter:
        return ArbiterScreen(table)
    return PlayerScreen(table) if player_seat(table) is not None else ProjectorScreen(table)


def player_seat(table: DuplicateTable) -> int | None:
    """The seat of the player at this terminal (None: the arbitrator's desk, the wall)."""
    return table.seat if table.seat in table.names else None


def sheet_screen(table: DuplicateTable) -> SheetScreen:
    """The sheet so far: a player's screen shows their own column."""
    seat = player_seat(table)
    return SheetScreen(lambda width: club_view.sheet_text(table, [seat] if seat is not None else None, width))


class _ClubScreen(LocalizedBindings, Screen[None]):
    """What the three screens share: the board, the draw, the clock, following the table."""

    CSS_PATH = CLUB_CSS

    def __init__(self, table: DuplicateTable) -> None:
        super().__init__()
        self.table = table
        self.ended = False
        self.tentative: list[PlacedTile] = []  # a move typed on the board, not sent yet
        self.damage_said = False
        self.moment = (club_view.phase(table), len(table.coups))

    def on_mount(self) -> None:
        # Textual runs every class's on_mount, a screen's own first then this one: none calls it
        # through super() (it would follow the table on two timers).
        rules = self.table.rules
        self.set_class(self.table.variant.draw_size(rules.rack_size) > rules.rack_size, "eight-tiles")
        follow_table(self, self.table, self.follow, every=FOLLOW_SECONDS)
        self.refresh_view()
        if club_view.phase(self.table) is Phase.OVER:
            self.call_after_refresh(self.finish)

    def refresh_texts(self) -> None:
        self.refresh_view()

    # -- following -------------------------------------------------------------------------
    def follow(self) -> None:
        """Read what the table's other processes wrote; close a coup whose time is up."""
        try:
            outcome = self.table.poll()
        except ScrabbleError as exc:
            self.say(describe(exc))
            return
        if self.table.damaged is not None:  # a row no process can read: said, and nothing more follows
            if not self.damage_said:
                self.damage_said = True
                self.say(describe(self.table.damaged))
        elif outcome is None:
            self.refresh_clock()
        else:
            if (club_view.phase(self.table), len(self.table.coups)) != self.moment:
                self.say("")  # what was said belongs to the moment before
                self.tentative.clear()
            self.changed(outcome)

    def intent(self, action: Callable[[], Outcome | None]) -> bool:
        """Send an intent to the table; a refusal is said (nothing written), and what was typed
        stays where it was typed (the caller clears it when this says True)."""
        try:
            outcome = action()
        except ScrabbleError as exc:
            self.say(describe(exc))
            if exc.code in NOT_RECORDED:
                # The store did not take it: the table as its rows have it, and the typed line
                # (or the move on the board) stays, to send again as it is.
                self.refresh_view()
            return False
        self.changed(outcome)
        return True

    def changed(self, outcome: Outcome | None) -> None:
        """The table moved on: what it said is said, the screen redrawn, the end shown."""
        if outcome is not None and outcome.messages:
            self.say("\n".join(outcome.messages))
        if outcome is not None and outcome.warning:
            self.notify(outcome.warning, severity="error")
        self.moment = (club_view.phase(self.table), len(self.table.coups))
        self.refresh_view()
        self.refresh_bindings()
        if club_view.phase(self.table) is Phase.OVER:
            self.finish()

    def say(self, text: str) -> None:
        self.query_one("#club-message", Static).update(sentence(text) if text else "")

    def finish(self) -> None:
        # Once: the mount's look at a finished table and the first follow may both see its end.
        if self.ended:
            return
        self.ended = True
        self.app.push_screen(ClubEndScreen(self.table))

    # -- drawing ---------------------------------------------------------------------------
    def refresh_view(self) -> None:
        table = self.table
        self.query_one("#club-board", BoardView).picture = BoardPicture.of(
            table.board.squares, table.rules, club_view.last_squares(table), self.tentative)
        draw = table.current.draw.tiles if table.current is not None else ""
        for rack in self.query("#club-rack").results(RackView):  # none on the desk: it writes the draw out
            rack.tiles = tuple((tile, table.rules.tile_set.value(tile)) for tile in draw)
            rack.used = frozenset(used_tiles(draw, self.tentative))
        self.refresh_clock()

    def refresh_clock(self) -> None:
        self.query_one("#club-head", Static).update("\n".join(self.head_lines()))

    def head_lines(self) -> list[str]:
        """The coup, its draw and the clock."""
        table = self.table
        lines: list[str] = []
        state = club_view.phase(table)
        coup = table.current or table.last
        if coup is not None:
            lines.append(_("Coup {n} — draw {draw}").format(n=coup.number, draw=coup.draw_text))
        if state is Phase.PLAYING:
            left = table.remaining()
            lines.append(_("Time left: {time}").format(time=club_view.clock_text(left)) if left is not None
                         else _("No clock: the arbitrator closes the coup."))
        elif state is Phase.CLOSING:
            lines.append(_("Coup {n} is closed: the top is being computed.").format(n=coup.number if coup else 0))
        elif state is Phase.WAITING:
            lines.append(_("Waiting for the arbitrator to start coup {n}.").format(n=len(table.coups) + 1))
        else:
            lines.append(_("The game is over."))
        return lines

    def action_sheet(self) -> None:
        self.app.push_screen(sheet_screen(self.table))


# -- a player's seat ---------------------------------------------------------------------------
class PlayerScreen(_ClubScreen, BoardEntryScreen):
    """A player at their own terminal: the draw, the clock, their proposal, then the top, their
    score, its share of the top and their rank."""

    KEYS = [
        ("f1", "app.help", N_("Help"), True),
        ("f5", "sheet", N_("Sheet"), True),
        ("escape", "clear", N_("Clear"), False),
        ("ctrl+q", "app.quit", N_("Quit"), True),
    ]

    def compose(self) -> ComposeResult:
        with Horizontal(id="club-main"):
            yield BoardView(id="club-board")
            with Vertical(id="club-side"):
                yield Static(id="club-head")
                yield RackView(id="club-rack")
                yield Static(id="club-info")
        yield Static(id="club-message")
        yield Input(id="club-input", compact=True)
        yield Footer(compact=True, show_command_palette=False)

    @property
    def seat(self) -> int:
        assert self.table.seat is not None
        return self.table.seat

    def on_mount(self) -> None:
        self.query_one("#club-input", Input).focus()
        if self.table.code is not None:  # a new seat at an open table: its code, to come back with
            self.say(_("Your seat's code, to rejoin: {code}").format(code=self.table.code))

    def head_lines(self) -> list[str]:
        name = self.table.names.get(self.seat, "")
        variant = club_view.variant_text(self.table)
        return [_("Table {table} — {name}").format(table=self.table.table_id, name=name),
                *([variant] if variant else []), *super().head_lines()]

    def refresh_view(self) -> None:
        super().refresh_view()
        self.refresh_info()
        self.refresh_prompt()

    def refresh_info(self) -> None:
        """The proposal in play; the last coup's results beside its top; the total and the rank."""
        table = self.table
        lines: list[str] = []
        if club_view.phase(table) is Phase.PLAYING:
            mine = club_view.own_proposal(table)
            lines.append(_("Your move: {move}").format(move=mine or "—") if mine is not None
                         else _("No move of yours yet."))
        last = table.last_results
        if last is not None and last.top is not None:
            line = club_view.seat_coup(table, last, self.seat)
            move = line.move or line.proposal
            if lines:
                lines.append("")
            lines.extend(text for text in (
                _("Coup {n} results").format(n=last.number),
                *club_view.top_lines(last),
                _("Your move: {move}").format(move=move) if move else None,
                _("You{colon} {points} ({percent})").format(colon=colon(), points=points(line.points),
                                                           percent=percent_text(line.percent)),
                _("A solo!") if line.solo else None,
                line.error,
                _("Corrected: {reason}").format(reason=line.correction) if line.correction else None,
            ) if text)
        if last is not None:
            lines.append(_("Total{colon} {points} ({percent})").format(
                colon=colon(), points=points(table.total(self.seat)), percent=percent_text(table.percent(self.seat))))
            lines.append(_("Rank {rank} of {n}").format(rank=table.rank(self.seat), n=len(table.players)))
            if table.top_total:
                lines.append(_("Top total{colon} {points}").format(colon=colon(), points=points(table.top_total)))
        self.query_one("#club-info", Static).update("\n".join(lines))

    def refresh_prompt(self) -> None:
        field = self.query_one("#club-input", Input)
        if club_view.phase(self.table) is not Phase.PLAYING:
            field.placeholder = _("Wait for the next coup (F5: the sheet)")
        elif club_view.own_proposal(self.table) is None:
            across, down = self.examples()
            field.placeholder = _("Your move: {across} WORD (across), {down} WORD (down), Enter to send").format(
                across=across, down=down)
        else:
            field.placeholder = _("Type another move to replace yours, until the coup closes")

    def examples(self) -> tuple[str, str]:
        """A move's references across and down in the table's notation (not the screen's language)."""
        return ("H8", "8H") if self.table.rules.notation == "fr" else ("8H", "H8")

    @on(Input.Submitted, "#club-input")
    def _submitted(self, event: Input.Submitted) -> None:
        if club_view.phase(self.table) is not Phase.PLAYING:
            return
        if not event.value.strip():
            across, down = self.examples()
            self.say(_("Type a move first: {across} WORD across, {down} WORD down.").format(across=across, down=down))
        elif self.intent(lambda: self.table.propose(event.value)):
            event.input.value = ""

    def action_clear(self) -> None:
        self.query_one("#club-input", Input).value = ""

    # -- a move typed on the board (Tab to go there: BoardEntryScreen's handlers) ---------------
    BOARD_ID = "club-board"

    def check_board_tile(self, row: int, col: int, letter: str, joker: bool) -> None:
        club_view.check_board_tile(self.table, self.tentative, row, col, letter, joker)

    def board_entry_allowed(self) -> bool:
        return club_view.phase(self.table) is Phase.PLAYING

    def board_move_text(self) -> str:
        return club_view.board_move_text(self.table, self.tentative)

    def send_board_move(self, text: str) -> bool:
        return self.intent(lambda: self.table.propose(text))


# -- the arbitrator's desk ---------------------------------------------------------------------
class ArbiterScreen(_ClubScreen):
    """The arbitrator: who is here, the draw, start the coup, who has proposed, close it, the top,
    the scores, solos and ranking, corrections."""

    KEYS = [
        ("f1", "app.help", N_("Help"), True),
        ("f2", "start_coup", N_("Start the coup"), True),
        ("f3", "close_coup", N_("Close the coup"), True),
        ("f4", "correct", N_("Correct"), True),
        ("f5", "sheet", N_("Sheet"), True),
        ("f6", "coup_time", N_("Time"), True),
        ("f7", "slip", N_("Slip"), True),
        ("f8", "paper_player", N_("On paper"), True),
        ("ctrl+q", "app.quit", N_("Quit"), True),
    ]

    def compose(self) -> ComposeResult:
        with Horizontal(id="club-main"):
            yield WallBoard(id="club-board")
            with Vertical(id="club-side"):
                yield Static(id="club-head")
                with VerticalScroll(id="club-players-box"):
                    yield Static(id="club-players")
        yield Static(id="club-code", markup=False)
        yield Static(id="club-message")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        # The desk shows who is here: as they are now, not when its session was opened (the
        # shared on_mount, which draws the desk, runs after this one).
        self.table.refresh_seats()
        if not self.table.coups:
            self.say(_("F2 starts the first coup when the players are here."))

    def head_lines(self) -> list[str]:
        table = self.table
        variant = club_view.variant_text(table)
        lines = [_("Table {table}").format(table=table.table_id) + (f" — {variant}" if variant else "")]
        if club_view.phase(table) is Phase.WAITING:
            coup = table.last
            if coup is not None:
                lines.append(_("Coup {n} — draw {draw}").format(n=coup.number, draw=coup.draw_text))
                swapped = club_view.swap_text(coup)
                if swapped:
                    lines.append(swapped)
            lines.extend(club_view.figures_lines(table, coup))
            lines.append(_("Coup {n} is next ({clock}): F2 starts it.").format(
                n=len(table.coups) + 1, clock=club_view.time_per_coup_text(table)))
        else:
            lines.extend(super().head_lines())
            if club_view.phase(table) is Phase.OVER:
                lines.extend(club_view.figures_lines(table, table.last))
        upcoming = club_view.next_draw(table)
        if upcoming is not None:
            lines.append(_("Next draw: {draw}").format(draw=upcoming[0]))
            if upcoming[1]:
                lines.append(club_view.rejets_text(upcoming[1]))
        coup = table.current
        if coup is not None:
            rejets = club_view.rejets_text(coup.draw.rejets)
            if rejets:
                lines.append(rejets)
            lines.append(_("Proposed: {n} of {total}").format(n=len(club_view.proposed(table)),
                                                             total=len(table.players)))
        return lines

    announced = -1  # the last coup whose top was said

    def refresh_view(self) -> None:
        super().refresh_view()
        self.refresh_players()
        code = club_view.table_code_text(self.table)
        widget = self.query_one("#club-code", Static)
        widget.update(code or "")
        widget.display = code is not None
        last = self.table.last_results
        number = last.number if last is not None else 0
        if self.announced < 0:
            self.announced = number  # reopened: what was closed before is not news
        elif number > self.announced:
            self.announced = number
            self.say_results()

    def refresh_players(self) -> None:
        table = self.table
        state = club_view.phase(table)
        last = table.last_results
        count = ngettext("{n} player", "{n} players", len(table.players)).format(n=len(table.players))
        away = sum(1 for seat in table.players if not table.present(seat) and seat not in table.paper)
        if away:  # the marks' legend: ○ away, ● here
            count += ", " + ngettext("{n} away (○)", "{n} away (○)", away).format(n=away)
        lines = [count]
        if not table.players:
            lines.append(_("Nobody yet: the players join with the table's code."))
        if state is Phase.PLAYING or last is None:
            in_ = set(club_view.proposed(table))
            for seat in table.players:
                done = "✓" if seat in in_ else "·" if state is Phase.PLAYING else " "
                lines.append(f"{_presence(table, seat)}{done} {table.names[seat]}")
        else:
            lines.append(f"{_('Rank')[:5]:<5} {_('Player')[:11]:<11} {_('Coup')[:4]:>4} {_('Total')[:5]:>5}")
            for line in table.standings():
                coup_line = club_view.seat_coup(table, last, line.seat)
                mark = "*" if coup_line.solo else " "
                here = _presence(table, line.seat)
                lines.append(f"{line.rank:>3} {here} {line.name[:11]:<11} {coup_line.points:>4}{mark}{line.total:>5}")
        self.query_one("#club-players", Static).update("\n".join(lines))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        state = club_view.phase(self.table)
        return {
            "start_coup": state is Phase.WAITING,
            "close_coup": state is Phase.PLAYING,
            "correct": self.table.last_results is not None,
            "slip": state is Phase.PLAYING and bool(self.table.paper),
            "paper_player": state is not Phase.OVER,
        }.get(action, True)

    def action_slip(self) -> None:
        """Type the slips of the players on paper, for the coup in play."""
        table = self.table
        if not self.check_action("slip", ()):
            return

        def send(name: str, line: str) -> str:
            said = type_slip(table, name, line).text_line()
            self.refresh_view()
            return said

        players = [(seat, table.names[seat]) for seat in table.players if seat in table.paper]
        self.app.push_screen(SlipDialog(players, send), lambda last: self.say(last or _("No slip typed.")))

    def action_paper_player(self) -> None:
        """Seat a player on paper: no screen, the desk types their slips."""
        table = self.table

        def seated(name: str | None) -> None:
            if name is not None:
                self.say(_("{name} plays on paper: F7 types their slips.").format(name=name))
                self.refresh_view()
                self.refresh_bindings()

        self.app.push_screen(PaperPlayerDialog(lambda name: table.names[table.add_paper_player(name)]), seated)

    def action_start_coup(self) -> None:
        if club_view.phase(self.table) is Phase.WAITING:
            self.intent(self.table.start_coup)

    def action_close_coup(self) -> None:
        table = self.table
        coup = table.current
        if coup is None:
            return
        missing = len(table.players) - len(club_view.proposed(table))
        question = _("Close coup {n} now?").format(n=coup.number)
        if missing:
            question += " " + ngettext("{n} player has not proposed a move.", "{n} players have not proposed a move.",
                                       missing).format(n=missing)

        def answered(yes: bool | None) -> None:
            if table.current is None or table.current.number != coup.number:
                return  # closed meanwhile (its time was up): said when it happened
            if yes:
                self.intent(lambda: table.close_coup(coup.number))
            else:
                self.say(_("Coup {n} stays open.").format(n=coup.number))

        self.app.push_screen(ConfirmDialog(_("Close the coup"), question, _("Close"), proposed=True), answered)

    def say_results(self) -> None:
        table = self.table
        last = table.last_results
        top = last.top if last is not None else None
        if last is None or top is None:
            return
        solos = [table.names[s] for s in table.players if club_view.seat_coup(table, last, s).solo]
        lines = [_("Coup {n} is closed.").format(n=last.number),
                 _("Top of coup {n}{colon} {top}").format(n=last.number, colon=colon(), top=club_view.top_text(top))]
        if solos:
            lines.append(_("Solo: {names}").format(names=", ".join(solos)))
        self.say("\n".join(lines))

    def action_coup_time(self) -> None:
        """Choose the time of the coups to come."""
        table = self.table

        def chosen(seconds: float | None) -> None:
            if seconds is None:
                self.say(_("The time of the coups to come is unchanged: {time}.").format(
                    time=club_view.time_per_coup_text(table)))
            else:
                self.intent(lambda: table.set_coup_time(seconds or None))

        self.app.push_screen(TimeDialog(table.club, table.coup_seconds), chosen)

    def action_correct(self) -> None:
        table = self.table
        last = table.last_results
        if last is None:
            return
        closed = [c.number for c in table.coups if c.results is not None]

        def answered(answer: tuple[int, int, int, str] | None) -> None:
            if answer is None:
                self.say(_("No score corrected."))
            else:
                number, seat, value, reason = answer
                self.intent(lambda: table.correct(number, seat, value, reason))

        players = [(seat, table.names[seat]) for seat in table.players]
        self.app.push_screen(CorrectionDialog(players, closed, last.number), answered)


def _presence(table: DuplicateTable, seat: int) -> str:
    """A player's mark on the desk: ● here, ○ away, ✎ on paper (the desk types the slips)."""
    return "✎" if seat in table.paper else "●" if table.present(seat) else "○"


class TimeDialog(_Dialog):
    """The time of a coup: 3:00, 2:30, 2:00 or 1:00 (FISF §1.3), or no clock in training.
    Dismissed with the seconds (0: no clock), or None (Escape)."""

    BINDINGS = [Binding("left", "app.focus_previous", show=False), Binding("right", "app.focus_next", show=False)]

    def __init__(self, club: bool, current: float | None) -> None:
        super().__init__()
        self.club = club
        self.current = current

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(_("Time of the coups to come"), classes="dialog-title")
            with Horizontal(classes="buttons"):
                for seconds in CLUB_SECONDS:
                    yield Button(club_view.clock_text(seconds), id=f"time-{int(seconds)}", compact=True,
                                 variant="primary" if seconds == self.current else "default")
                if not self.club:
                    yield Button(_("No clock"), id="time-0", compact=True,
                                 variant="primary" if not self.current else "default")

    def on_mount(self) -> None:
        (self.query(f"#time-{int(self.current or 0)}") or self.query(Button)).first().focus()

    @on(Button.Pressed)
    def _chosen(self, event: Button.Pressed) -> None:
        self.dismiss(float((event.button.id or "time-0").removeprefix("time-")))


class CorrectionDialog(DeskDialog):
    """Correct a player's score on a closed coup: the coup, the player, the points, a reason."""

    def __init__(self, players: Sequence[tuple[int, str]], coups: Sequence[int], coup: int) -> None:
        super().__init__()
        self.players = list(players)
        self.coups = list(coups)
        self.coup = coup

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(_("Correct a score"), classes="dialog-title")
            yield desk_row(_("Coup"), Select([(_("Coup {n}").format(n=n), n) for n in reversed(self.coups)],
                                             value=self.coup, allow_blank=False, id="corr-coup", compact=True))
            yield desk_row(_("Player"), Select([(name, seat) for seat, name in self.players],
                                               prompt=_("Choose the player."), id="corr-player", compact=True))
            yield desk_row(_("Points"), Input(placeholder=_("Points on that coup"), id="corr-points", type="integer",
                                              compact=True))
            yield desk_row(_("Reason"), Input(placeholder=_("Reason (written on the sheet)"), id="corr-reason",
                                              compact=True))
            yield Static(id="corr-error")
            with Horizontal(classes="buttons"):
                yield Button(_("Correct"), id="confirm", variant="primary", compact=True)
                yield Button(_("Cancel"), id="cancel", compact=True, action="screen.cancel")

    def on_mount(self) -> None:
        self.query_one("#corr-player", Select).focus()

    @on(Input.Submitted)
    @on(Button.Pressed, "#confirm")
    def _confirm(self) -> None:
        seat = self.query_one("#corr-player", Select).value
        coup = self.query_one("#corr-coup", Select).value
        value = self.query_one("#corr-points", Input).value.strip()
        reason = self.query_one("#corr-reason", Input).value.strip()
        error = self.query_one("#corr-error", Static)
        if not isinstance(seat, int):
            error.update(_("Choose the player."))
            return
        try:
            number = int(value)
        except ValueError:
            error.update(_("Give the points as a whole number."))
            return
        if not reason:
            error.update(_("Say why the score is corrected."))
            return
        assert isinstance(coup, int)
        self.dismiss((coup, seat, number, reason))


# -- the projector -----------------------------------------------------------------------------
class ProjectorScreen(_ClubScreen):
    """The club room's wall: the board, the draw, the clock in large digits, the last top and the
    ranking. It writes nothing."""

    KEYS = [
        ("f5", "sheet", N_("Sheet"), True),
        ("ctrl+q", "app.quit", N_("Quit"), True),
    ]

    def compose(self) -> ComposeResult:
        with Horizontal(id="club-main"):
            yield WallBoard(id="club-board")
            with Vertical(id="club-side"):
                yield Static(id="club-head")
                yield RackView(id="club-rack")
                yield Digits(id="club-clock")
                yield Static(id="club-top")
                yield Static(id="club-ranking")
        yield Static(id="club-message")
        yield Footer(compact=True, show_command_palette=False)

    def finish(self) -> None:
        self.ended = True  # the wall keeps showing the board and the final ranking

    moved = False  # the wall went on to the series' next game: this screen is done

    def follow(self) -> None:
        if self.moved or not self.is_attached:
            return
        super().follow()
        following = self.table.next_table
        if following is not None:  # the series' next game started: the wall shows it
            store = self.table.store
            try:
                wall = DuplicateTable(store, store.table(following), None, spectator=True)
            except ScrabbleError:
                return  # the store out of reach: the next look tries again
            self.moved = True
            self.post_message(TableOpened(Opened(wall, Kind.WATCHER)))

    def head_lines(self) -> list[str]:
        table = self.table
        coup = table.current or table.last
        state = club_view.phase(table)
        variant = club_view.variant_text(table)
        lines = [variant] if variant else []
        if coup is not None:
            lines.append(_("Coup {n}").format(n=coup.number) + "   " + coup.draw_text)
        if state is Phase.WAITING:
            lines.append(_("Next: coup {n}").format(n=len(table.coups) + 1))
        elif state is Phase.CLOSING:
            lines.append(_("Closed: the top is coming."))
        elif state is Phase.OVER:
            lines.append(_("The game is over."))
        elif table.seconds is None:
            lines.append(_("No clock"))
        return lines

    def refresh_clock(self) -> None:
        super().refresh_clock()
        left = self.table.remaining() if club_view.phase(self.table) is Phase.PLAYING else None
        clock = self.query_one("#club-clock", Digits)
        clock.update(club_view.clock_text(left) if left is not None else "")
        clock.display = left is not None

    def refresh_view(self) -> None:
        super().refresh_view()
        table = self.table
        last = table.last_results
        lines = [*club_view.top_lines(last), *club_view.figures_lines(table, last)]
        self.query_one("#club-top", Static).update("\n".join(lines))
        self.refresh_ranking()

    page = 0

    def on_mount(self) -> None:
        self.set_interval(PAGE_SECONDS, self.turn_page)

    def turn_page(self) -> None:
        self.page += 1
        self.refresh_ranking()

    def on_resize(self) -> None:
        # A large wall (from about 110×34) draws the board larger, and the ranking takes the
        # height beside it.
        board = self.query_one("#club-board", WallBoard)
        large = board.board_size(2)
        room = self.size
        zoom = 2 if room.width >= large.width + RANK_WIDTH + 4 and room.height >= large.height + 3 else 1
        if zoom != board.zoom:
            board.zoom = zoom
            board.styles.width, board.styles.height = (large.width, large.height) if zoom == 2 else (None, None)
        self.call_after_refresh(self.refresh_ranking)

    def refresh_ranking(self) -> None:
        """The ranking, a page at a time when it does not fit: the pages turn by themselves."""
        table = self.table
        widget = self.query_one("#club-ranking", Static)
        series = self.series_ranking()
        lines = series[1] if series is not None else table.standings()
        rows = [f"{line.rank:>3}. {line.name[:16]:<16} {line.total:>5}" for line in lines]
        height = max(1, widget.size.height - 1) if widget.size.height > 1 else max(1, len(rows))
        columns = max(1, widget.size.width // (RANK_WIDTH + 2))  # a wide screen: side by side
        room = height * columns
        pages = max(1, -(-len(rows) // room))
        page = self.page % pages
        title = _("Final ranking") if table.over else _("Ranking")
        head = series[0] if series is not None else _("{title} — top {points}").format(
            title=title, points=format_number(table.top_total))
        if pages > 1:
            head += f" ({page + 1}/{pages})"
        widget.update("\n".join([head, *ranking_lines(rows[page * room:(page + 1) * room], height, columns)]))

    _series: tuple[bool, tuple[str, Sequence[RankingLine]]] | None = None  # read when the table was (not) over

    def series_ranking(self) -> tuple[str, Sequence[RankingLine]] | None:
        """Between two games of a series (this one over, or the next not begun): its title and the
        cumulative ranking, read once each time a game ends or begins."""
        table = self.table
        place = series_of(table.info)
        if place is None or not (table.over or (place.game > 1 and not table.coups)):
            return None
        if self._series is None or self._series[0] != table.over:
            try:
                results = series_results(table.store, place.id)
            except ScrabbleError:
                return None  # the store away or busy: this game's ranking until a later look reads it
            if results is None:
                return None
            done = place.game if table.over else place.game - 1
            title = _("Series ({n}/{games}) — top {points}").format(
                n=done, games=place.games, points=format_number(results.top_total))
            self._series = (table.over, (title, results.ranking))
        return self._series[1]


def ranking_lines(rows: Sequence[str], height: int, columns: int) -> list[str]:
    """``rows`` in reading order: one column down the height it has, and only when they do not
    fit, side by side, left to right then down (ranks 1 and 2 on the first line).

        >>> ranking_lines(["1. A", "2. B", "3. C"], 5, 2)
        ['1. A', '2. B', '3. C']
        >>> [line.split() for line in ranking_lines(["1.", "2.", "3.", "4.", "5."], 3, 2)]
        [['1.', '2.'], ['3.', '4.'], ['5.']]
    """
    used = min(columns, max(1, -(-len(rows) // max(1, height))))
    return ["  ".join(row.ljust(RANK_WIDTH) for row in rows[start:start + used]).rstrip()
            for start in range(0, len(rows), used)]


# -- the end -----------------------------------------------------------------------------------
class ClubEndScreen(LocalizedBindings, Screen[None]):
    """The end of a club duplicate: the top total, the final ranking, the sheet."""

    KEYS = [
        ("f", "sheet", N_("Sheet"), True),
        ("n", "next_game", N_("Next game"), True),
        ("q,ctrl+q", "app.quit", N_("Quit"), True),
    ]
    CSS_PATH = CLUB_CSS

    def __init__(self, table: DuplicateTable) -> None:
        super().__init__()
        self.table = table
        self.seat = player_seat(table)
        self.place = series_of(table.info)  # None: a game alone

    def compose(self) -> ComposeResult:
        table = self.table
        with Vertical(id="club-end"):
            yield Label(_("End of the duplicate game"), classes="dialog-title")
            closed = sum(1 for c in table.coups if c.results is not None)
            yield Static(_("Top total: {points}, in {n} coups.").format(points=points(table.top_total), n=closed))
            seat = self.seat
            if seat is not None:
                yield Static(_("You{colon} {points} ({percent}), rank {rank} of {n}.").format(
                    colon=colon(), points=points(table.total(seat)), percent=percent_text(table.percent(seat)),
                    rank=table.rank(seat), n=len(table.players)), id="club-end-you")
            if self.place is not None:
                yield Static(self.series_text(), id="club-end-series")
            yield Label(_("Final ranking"), classes="section-title")
            yield DataTable(id="club-ranking", cursor_type="row", zebra_stripes=True)
            if seat is not None:
                yield Label(_("Your coups against the top"), classes="section-title")
                yield DataTable(id="club-end-coups", cursor_type="row", zebra_stripes=True)
            with Horizontal(classes="buttons"):
                # Not "#sheet": the app's style gives the game sheet's box that id (the whole screen).
                yield Button(_("Sheet"), id="club-end-sheet", variant="primary", compact=True, action="screen.sheet")
                yield Button(_("Quit"), id="club-end-quit", compact=True, action="app.quit")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        grid = self.query_one("#club-ranking", DataTable)
        # The ranking ``table resultats`` gives (the table's standings), warnings included.
        grid.move_cursor(row=fill_ranking(grid, self.table.standings(), self.seat, warnings=True))
        if self.seat is not None:
            self.fill_coups(self.seat)
        self.query_one("#club-end-sheet", Button).focus()
        # Only a player waits for the next game to be started: the arbitrator starts it, and a
        # watcher's line says the same either way, so neither reads the store every second.
        if self.place is not None and not self.place.is_last and self.seat is not None:
            self.set_interval(1.0, self.watch_next)

    # -- a series: its next game -------------------------------------------------------------
    def series_text(self) -> str:
        place = self.place
        if place is None:
            return ""
        said = _("Game {n} of {games} of the series {series}.").format(n=place.game, games=place.games,
                                                                       series=place.id)
        if place.is_last:
            return said + " " + _("The series is over: scrabble-fr table resultats {series}.").format(series=place.id)
        if self.table.is_arbiter:
            return said + " " + _("N starts game {n}.").format(n=place.game + 1)
        if self.seat is None:
            return said
        if self.table.next_table is None:
            return said + " " + _("Game {n} starts when the arbitrator starts it.").format(n=place.game + 1)
        return said + " " + _("Game {n} has started: N to sit at it.").format(n=place.game + 1)

    next_said = False

    def watch_next(self) -> None:
        """Follow the finished table for the arbitrator's start of the next game, and say it."""
        if self.table.next_table is None:
            try:
                self.table.sync()
            except ScrabbleError:
                return  # the store out of reach: the next look tries again
        if self.table.next_table is not None and not self.next_said:
            self.next_said = True
            self.query_one("#club-end-series", Static).update(self.series_text())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next_game":
            place = self.place
            return place is not None and not place.is_last and (self.table.is_arbiter or self.seat is not None)
        return True

    def action_next_game(self) -> None:
        """The arbitrator starts the series' next game, a player sits at it: its screen replaces
        this one, the seat's new code said (to come back to it)."""
        table = self.table
        try:
            _table_id, code = next_game(table) if table.is_arbiter else follow_next(table)
            new = DuplicateTable.join(table.store, code, table.lexicon)
        except ScrabbleError as exc:
            self.query_one("#club-end-series", Static).update(describe(exc))
            return
        new.code = code
        table.close()
        self.post_message(TableOpened(Opened(new, Kind.ARBITRATOR if new.is_arbiter else Kind.DUPLICATE_SEAT)))
        if new.is_arbiter:  # a player's screen says it on its message line
            self.app.notify(_("Your seat's code, to rejoin: {code}").format(code=code), timeout=30)

    def fill_coups(self, seat: int) -> None:
        """The seat's coups beside each top: what they played, and what they left (the top's
        words for a coup missed)."""
        grid = self.query_one("#club-end-coups", DataTable)
        grid.add_columns(_("Coup"), _("Top"), _("Yours"), _("Missed"))
        for line in club_view.against_top(self.table, seat):
            missed = f"−{format_number(line.missed)}" if line.missed else "✓"
            grid.add_row(Text(str(line.number), justify="right"), club_view.top_text(line.top),
                         f"{line.move or '—'} {format_number(line.points)}", Text(missed, justify="right"))

    def action_sheet(self) -> None:
        self.app.push_screen(sheet_screen(self.table))
