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

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, DataTable, Digits, Footer, Input, Label, Select, Static

from scrabble_fr.duplicate.export import percent_text
from scrabble_fr.engine.errors import ScrabbleError
from scrabble_fr.i18n import N_, _, colon, format_number, ngettext, points
from scrabble_fr.match.outcome import Outcome
from scrabble_fr.messages import describe
from scrabble_fr.table import club_view
from scrabble_fr.table.club_view import Phase
from scrabble_fr.table.duplicate import DuplicateTable
from scrabble_fr.tui.bindings import LocalizedBindings
from scrabble_fr.tui.screens.dialogs import ConfirmDialog, _Dialog
from scrabble_fr.tui.widgets.board import BoardPicture, BoardView
from scrabble_fr.tui.widgets.rack import RackView

FOLLOW_SECONDS = 0.2  # how often a screen reads the table


class _ClubScreen(LocalizedBindings, Screen[None]):
    """What the three screens share: the board, the draw, the clock, following the table."""

    DEFAULT_CSS = """
    _ClubScreen #club-main { height: 17; }
    _ClubScreen #club-side { width: 1fr; min-width: 28; padding: 0 1; }
    _ClubScreen #club-rack { width: 30; height: 1; }
    _ClubScreen #club-head { height: auto; }
    _ClubScreen #club-info { height: auto; }
    _ClubScreen #club-message { height: auto; max-height: 4; padding: 0 1; }
    """

    def __init__(self, table: DuplicateTable) -> None:
        super().__init__()
        self.table = table
        self.ended = False

    def on_mount(self) -> None:
        self.set_interval(FOLLOW_SECONDS, self.follow)
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
        if outcome is not None:
            self.shown(outcome)
            self.refresh_view()
            self.refresh_bindings()
            if club_view.phase(self.table) is Phase.OVER and not self.ended:
                self.finish()
        else:
            self.refresh_clock()

    def shown(self, outcome: Outcome) -> None:
        if outcome.messages:
            self.say("\n".join(outcome.messages))
        if outcome.warning:
            self.notify(outcome.warning, severity="error")

    def intent(self, action: Callable[[], Outcome | None]) -> bool:
        """Send an intent to the table; a refusal is said (nothing written)."""
        try:
            outcome = action()
        except ScrabbleError as exc:
            self.say(describe(exc))
            return False
        if outcome is not None:
            self.shown(outcome)
        self.refresh_view()
        self.refresh_bindings()
        if club_view.phase(self.table) is Phase.OVER and not self.ended:
            self.finish()
        return True

    def say(self, text: str) -> None:
        self.query_one("#club-message", Static).update(text)

    def finish(self) -> None:
        self.ended = True
        self.app.push_screen(ClubEndScreen(self.table))

    # -- drawing ---------------------------------------------------------------------------
    def refresh_view(self) -> None:
        self.refresh_board()
        self.refresh_rack()
        self.refresh_clock()

    def refresh_board(self) -> None:
        table = self.table
        rules = table.rules
        self.query_one("#club-board", BoardView).picture = BoardPicture(
            squares=tuple(table.board.squares), layout=rules.layout, values=tuple(rules.tile_set.values.items()),
            style=rules.notation, last_move=club_view.last_squares(table))

    def refresh_rack(self) -> None:
        coup = self.table.current
        rack = self.query_one("#club-rack", RackView)
        values = self.table.rules.tile_set
        rack.tiles = tuple((t, values.value(t)) for t in coup.tiles) if coup is not None else ()

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
            if left is not None:
                lines.append(_("Time left: {time}").format(time=club_view.clock_text(left)))
            else:
                lines.append(_("No clock: the arbitrator closes the coup."))
        elif state is Phase.CLOSING:
            lines.append(_("Coup {n} is closed: the top is being computed.").format(n=coup.number if coup else 0))
        elif state is Phase.WAITING:
            lines.append(_("Waiting for the arbitrator to start coup {n}.").format(n=len(table.coups) + 1))
        else:
            lines.append(_("The game is over."))
        return lines

    def action_sheet(self) -> None:
        from scrabble_fr.tui.screens.duplicate import SheetScreen

        self.app.push_screen(SheetScreen(club_view.sheet_text(self.table, self.sheet_seats())))

    def sheet_seats(self) -> list[int] | None:
        return None


# -- a player's seat ---------------------------------------------------------------------------
class PlayerScreen(_ClubScreen):
    """A player at their own terminal: the draw, the clock, their proposal, then the top, their
    score, its share of the top and their rank."""

    KEYS = [
        ("f1", "app.help", N_("Help"), True),
        ("f5", "sheet", N_("Sheet"), True),
        ("escape", "clear", N_("Clear"), False),
        ("ctrl+q", "app.quit", N_("Quit"), True),
    ]
    DEFAULT_CSS = """
    PlayerScreen #club-input { margin: 0 1; }
    """

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
        super().on_mount()
        self.query_one("#club-input", Input).focus()

    def head_lines(self) -> list[str]:
        name = self.table.names.get(self.seat, "")
        return [_("Table {table} — {name}").format(table=self.table.table_id, name=name), *super().head_lines()]

    def refresh_view(self) -> None:
        super().refresh_view()
        self.refresh_info()
        self.refresh_prompt()

    def refresh_info(self) -> None:
        table = self.table
        lines: list[str] = []
        if club_view.phase(table) is Phase.PLAYING:
            mine = club_view.own_proposal(table)
            lines.append(_("Your move: {move}").format(move=mine or "—") if mine is not None
                         else _("No move of yours yet."))
        last = club_view.last_results(table)
        top = club_view.top_of(last)
        if last is not None and top is not None:
            line = club_view.seat_coup(table, last, self.seat)
            lines.append(_("Top of coup {n}{colon} {top}").format(n=last.number, colon=colon(), top=top.text))
            lines.append(_("You{colon} {points} ({percent})").format(colon=colon(), points=points(line.points),
                                                                    percent=percent_text(line.percent)))
            if line.solo:
                lines.append(_("A solo!"))
            if line.error:
                lines.append(line.error)
            if line.correction:
                lines.append(_("Corrected: {reason}").format(reason=line.correction))
        if table.coups and last is not None:
            rank = table.rank(self.seat)
            lines.append(_("Total{colon} {points} ({percent})").format(
                colon=colon(), points=points(table.total(self.seat)), percent=percent_text(table.percent(self.seat))))
            lines.append(_("Rank {rank} of {n}").format(rank=rank, n=len(table.players)))
        self.query_one("#club-info", Static).update("\n".join(lines))

    def refresh_prompt(self) -> None:
        field = self.query_one("#club-input", Input)
        if club_view.phase(self.table) is Phase.PLAYING:
            if club_view.own_proposal(self.table) is None:
                field.placeholder = _("Your move: H4 MAISON, 4H MOT, Enter to send")
            else:
                field.placeholder = _("Another move replaces yours until the coup closes")
        else:
            field.placeholder = _("Wait for the next coup (F5: the sheet)")

    @on(Input.Submitted, "#club-input")
    def _submitted(self, event: Input.Submitted) -> None:
        text = event.value
        if club_view.phase(self.table) is not Phase.PLAYING:
            return
        if not text.strip():
            self.say(_("Type a move first: H4 MAISON across, 4H MAISON down."))
            return
        if self.intent(lambda: self.table.propose(text)):
            event.input.value = ""

    def action_clear(self) -> None:
        self.query_one("#club-input", Input).value = ""

    def sheet_seats(self) -> list[int] | None:
        return [self.seat]


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
        ("ctrl+q", "app.quit", N_("Quit"), True),
    ]
    DEFAULT_CSS = """
    ArbiterScreen #club-players { height: 1fr; }
    ArbiterScreen #club-message { min-height: 3; }
    """

    def compose(self) -> ComposeResult:
        with Horizontal(id="club-main"):
            yield BoardView(id="club-board")
            with Vertical(id="club-side"):
                yield Static(id="club-head")
                yield RackView(id="club-rack")
                with VerticalScroll(id="club-players-box"):
                    yield Static(id="club-players")
        yield Static(id="club-message")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        super().on_mount()
        self.table.refresh_seats()
        self.refresh_players()
        self.set_interval(2.0, self._seats)
        if not self.table.coups:
            self.say(_("F2 starts the first coup when the players are here."))

    def head_lines(self) -> list[str]:
        table = self.table
        lines = [_("Table {table} — {clock}").format(table=table.table_id, clock=club_view.time_per_coup_text(table))]
        lines.extend(super().head_lines())
        coup = table.current
        if coup is not None:
            rejets = club_view.rejets_text(coup)
            if rejets:
                lines.append(rejets)
            lines.append(_("Proposed: {n} of {total}").format(n=len(club_view.proposed(table)),
                                                             total=len(table.players)))
        return lines

    announced = -1  # the last coup whose top was said

    def _seats(self) -> None:
        self.table.refresh_seats()
        self.refresh_players()

    def refresh_view(self) -> None:
        super().refresh_view()
        self.refresh_players()
        last = club_view.last_results(self.table)
        number = last.number if last is not None else 0
        if self.announced < 0:
            self.announced = number  # reopened: what was closed before is not news
        elif number > self.announced:
            self.announced = number
            self.say_results()

    def refresh_players(self) -> None:
        table = self.table
        state = club_view.phase(table)
        last = club_view.last_results(table)
        lines = [_("{n} players").format(n=len(table.players)) if len(table.players) != 1 else _("1 player")]
        if not table.players:
            lines.append(_("Nobody yet: the players join with the table's code."))
        if state is Phase.PLAYING or last is None:
            in_ = set(club_view.proposed(table))
            for seat in table.players:
                here = "●" if table.present(seat) else "○"
                done = "✓" if seat in in_ else "·" if state is Phase.PLAYING else " "
                lines.append(f"{here}{done} {table.names[seat]}")
        else:
            lines.append(_("Rank Player       Coup  Total"))
            for line in club_view.ranking(table):
                coup_line = club_view.seat_coup(table, last, line.seat)
                mark = "*" if coup_line.solo else " "
                here = "●" if table.present(line.seat) else "○"
                lines.append(f"{line.rank:>3}{here}{line.name[:12]:<12} {coup_line.points:>4}{mark}{line.total:>5}")
        self.query_one("#club-players", Static).update("\n".join(lines))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        state = club_view.phase(self.table)
        if action == "start_coup":
            return state is Phase.WAITING
        if action == "close_coup":
            return state is Phase.PLAYING
        if action == "correct":
            return club_view.last_results(self.table) is not None
        return True

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
            if yes and table.current is not None and table.current.number == coup.number:
                self.intent(lambda: table.close_coup(coup.number))

        self.app.push_screen(ConfirmDialog(_("Close the coup"), question, _("Close")), answered)

    def say_results(self) -> None:
        table = self.table
        last = club_view.last_results(table)
        top = club_view.top_of(last)
        if last is None or top is None:
            return
        solos = [table.names[s] for s in table.players if club_view.seat_coup(table, last, s).solo]
        lines = [_("Coup {n} is closed.").format(n=last.number),
                 _("Top of coup {n}{colon} {top}").format(n=last.number, colon=colon(), top=top.text)]
        if solos:
            lines.append(_("Solo: {names}").format(names=", ".join(solos)))
        self.say("\n".join(lines))

    def action_correct(self) -> None:
        table = self.table
        last = club_view.last_results(table)
        if last is None:
            return
        closed = [c.number for c in table.coups if c.results is not None]

        def answered(answer: tuple[int, int, int, str] | None) -> None:
            if answer is not None:
                number, seat, value, reason = answer
                self.intent(lambda: table.correct(number, seat, value, reason))

        players = [(seat, table.names[seat]) for seat in table.players]
        self.app.push_screen(CorrectionDialog(players, closed, last.number), answered)


class CorrectionDialog(_Dialog):
    """Correct a player's score on a closed coup: the coup, the player, the points, a reason."""

    DEFAULT_CSS = """
    CorrectionDialog .dialog { width: 60; }
    CorrectionDialog Input, CorrectionDialog Select { margin: 0 0 0 0; }
    """

    def __init__(self, players: Sequence[tuple[int, str]], coups: Sequence[int], coup: int) -> None:
        super().__init__()
        self.players = list(players)
        self.coups = list(coups)
        self.coup = coup

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(_("Correct a score"), classes="dialog-title")
            yield Select([(_("Coup {n}").format(n=n), n) for n in reversed(self.coups)], value=self.coup,
                         allow_blank=False, id="corr-coup", compact=True)
            yield Select([(name, seat) for seat, name in self.players], prompt=_("Player"), id="corr-player",
                         compact=True)
            yield Input(placeholder=_("Points on that coup"), id="corr-points", type="integer", compact=True)
            yield Input(placeholder=_("Reason (written on the sheet)"), id="corr-reason", compact=True)
            yield Static(id="corr-error")
            with Horizontal(classes="buttons"):
                yield Button(_("Correct"), id="confirm", variant="primary", compact=True)
                yield Button(_("Cancel"), id="cancel", compact=True)

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

    @on(Button.Pressed, "#cancel")
    def _cancel(self) -> None:
        self.dismiss(None)


# -- the projector -----------------------------------------------------------------------------
class ProjectorScreen(_ClubScreen):
    """The club room's wall: the board, the draw, the clock in large digits, the last top and the
    ranking. It writes nothing."""

    KEYS = [
        ("f5", "sheet", N_("Sheet"), True),
        ("ctrl+q", "app.quit", N_("Quit"), True),
    ]
    DEFAULT_CSS = """
    ProjectorScreen #club-main { height: 1fr; min-height: 17; }
    ProjectorScreen #club-clock { width: auto; height: 3; }
    ProjectorScreen #club-head { text-style: bold; }
    ProjectorScreen #club-top { height: auto; text-style: bold; }
    ProjectorScreen #club-ranking { height: 1fr; }
    """

    def compose(self) -> ComposeResult:
        with Horizontal(id="club-main"):
            yield BoardView(id="club-board")
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

    def head_lines(self) -> list[str]:
        table = self.table
        coup = table.current or table.last
        state = club_view.phase(table)
        lines = []
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
        last = club_view.last_results(table)
        top = club_view.top_of(last)
        self.query_one("#club-top", Static).update(
            _("Top of coup {n}{colon} {top}").format(n=last.number, colon=colon(), top=top.text)
            if last is not None and top is not None else "")
        title = _("Final ranking") if table.over else _("Ranking")
        lines = [_("{title} — top {points}").format(title=title, points=format_number(table.top_total))]
        for line in club_view.ranking(table):
            lines.append(f"{line.rank:>3}. {line.name[:16]:<16} {line.total:>5}")
        self.query_one("#club-ranking", Static).update("\n".join(lines))


# -- the end -----------------------------------------------------------------------------------
class ClubEndScreen(LocalizedBindings, Screen[None]):
    """The end of a club duplicate: the top total, the final ranking, the sheet."""

    KEYS = [
        ("f", "sheet", N_("Sheet"), True),
        ("q,ctrl+q", "app.quit", N_("Quit"), True),
    ]
    DEFAULT_CSS = """
    ClubEndScreen #club-end { padding: 0 1; height: 1fr; }
    ClubEndScreen #club-ranking { height: 1fr; }
    """

    def __init__(self, table: DuplicateTable) -> None:
        super().__init__()
        self.table = table

    @property
    def seat(self) -> int | None:
        table = self.table
        return table.seat if table.seat in table.names else None

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
            yield Label(_("Final ranking"), classes="section-title")
            yield DataTable(id="club-ranking", cursor_type="row", zebra_stripes=True)
            with Horizontal(classes="buttons"):
                yield Button(_("Sheet"), id="sheet", variant="primary", compact=True)
                yield Button(_("Quit"), id="quit", compact=True)
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        grid = self.query_one("#club-ranking", DataTable)
        grid.add_columns(_("Rank"), _("Player"), _("Score"), _("% of the top"), _("Solos"))
        mine = 0
        for index, line in enumerate(club_view.ranking(self.table)):
            grid.add_row(str(line.rank), line.name, format_number(line.total), percent_text(line.percent),
                         str(line.solos))
            if line.seat == self.seat:
                mine = index
        grid.move_cursor(row=mine)
        self.query_one("#sheet", Button).focus()

    @on(Button.Pressed, "#sheet")
    def action_sheet(self) -> None:
        from scrabble_fr.tui.screens.duplicate import SheetScreen

        seat = self.seat
        self.app.push_screen(SheetScreen(club_view.sheet_text(self.table, [seat] if seat is not None else None)))

    @on(Button.Pressed, "#quit")
    def _quit(self) -> None:
        self.app.exit()
