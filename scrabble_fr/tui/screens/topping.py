"""The topping screen: the board, the draw, the coup's clock, the tries, the hints and the count.

Each coup: the draw is shown and the clock runs; the player types placements on the line
(``H4 MAISON`` across, ``4H MAISON`` down, a lowercase letter for a joker) as often as they like.
A placement that is not the top is told its score; the top, or the time running out, or F3
(give up), ends the coup, and the top goes on the board with the coup's count; Enter shows the next
draw. F2 shows one more letter of the top on the board, at a cost in time. The screen owns no
rule, no clock and no file: it renders a :class:`~scrabble_fr.training.topping.ToppingSession`
and sends it the player's intents.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Input, Static

from scrabble_fr.i18n import N_, _, points
from scrabble_fr.training.topping import ToppingSession
from scrabble_fr.tui.bindings import LocalizedBindings
from scrabble_fr.tui.screens.coup import CoupScreen, time_left_line
from scrabble_fr.tui.widgets.board import BoardView
from scrabble_fr.tui.widgets.rack import RackView

TRIES_SHOWN = 4  # the last tries, in the side column's room at 80×24


class ToppingScreen(LocalizedBindings, CoupScreen):
    """One topping game, from the first draw to the total count."""

    KEYS = [
        ("f1", "app.help", N_("Help"), True),
        ("f2", "hint", N_("Hint"), True),
        ("f3", "give_up", N_("Give up"), True),
        ("escape", "clear", N_("Clear"), False),
        ("ctrl+q", "app.quit", N_("Quit"), True),
    ]
    DEFAULT_CSS = """
    ToppingScreen #top-main { height: 17; }
    ToppingScreen #top-side { width: 1fr; min-width: 28; padding: 0 1; }
    ToppingScreen #top-rack { width: 30; height: 1; }
    ToppingScreen #top-head { height: auto; }
    ToppingScreen #top-tries { height: auto; }
    ToppingScreen #top-message { height: auto; max-height: 5; padding: 0 1; }
    ToppingScreen #top-input { margin: 0 1; }
    """

    def __init__(self, session: ToppingSession) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        with Horizontal(id="top-main"):
            yield BoardView(id="top-board")
            with Vertical(id="top-side"):
                yield Static(id="top-head")
                yield RackView(id="top-rack")
                yield Static(id="top-tries")
        yield Static(id="top-message")
        yield Input(id="top-input", compact=True)
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.session.start()  # the draw is on screen: its clock runs
        self.set_interval(0.25, self.tick)
        self.query_one("#top-input", Input).focus()
        self.refresh_view()
        if self.session.is_over:  # a finished game reopened: its count
            self.say(self.session.final_text())

    def on_unmount(self) -> None:
        self.session.close()

    def refresh_texts(self) -> None:
        self.refresh_view()

    # -- drawing ---------------------------------------------------------------------------
    def refresh_view(self) -> None:
        session = self.session
        game = session.game
        coup = session.shown_coup
        board = self.query_one("#top-board", BoardView)
        if session.review is not None:
            board.picture = self.board_picture(last=session.review.top.tiles)
        else:
            board.picture = self.board_picture(tentative=coup.shown if coup is not None else ())
        rack = self.query_one("#top-rack", RackView)
        rack.tiles = tuple((t, game.rules.tile_set.value(t)) for t in coup.drawn.tiles) if coup else ()
        self.refresh_head()
        self._refresh_tries()
        self._refresh_prompt()

    def refresh_head(self) -> None:
        session = self.session
        coup = session.shown_coup
        lines = []
        if coup is not None:
            lines.append(_("Coup {n} — draw {draw}").format(n=coup.number, draw=coup.draw))
        left = session.remaining()
        if left is not None:
            lines.append(time_left_line(left))
        elif session.is_over:
            lines.append(_("The game is over."))
        lines.append(_("Total: {seconds} s, {found}/{played} tops").format(
            seconds=session.total, found=session.found, played=len(session.closed)))
        self.query_one("#top-head", Static).update("\n".join(lines))

    def _refresh_tries(self) -> None:
        coup = self.session.shown_coup
        lines = []
        if coup is not None and self.session.review is None:
            if coup.tries:
                lines.append(_("Tries:"))
            # No "points" here: the line fits the side column at 80 columns.
            lines += [f"{t.text} {t.score}" for t in coup.tries[-TRIES_SHOWN:]]
        elif coup is not None and coup.other_top:
            # The player's move scored the top: it is named first, the board's placement after it;
            # the score on a line of its own, so that a long word keeps to the side column at 80.
            assert coup.played is not None and coup.played.move is not None
            lines.append(_("Top: {points}").format(points=points(coup.played.score)))
            lines.append(_("Your move: {word}").format(word=coup.played.move.word))
            lines.append(_("Other top: {word}").format(word=coup.top.word))
        elif coup is not None:
            lines.append(_("Top: {word}, {points}").format(word=coup.top.word, points=points(coup.top.score or 0)))
        self.query_one("#top-tries", Static).update("\n".join(lines))

    def _refresh_prompt(self) -> None:
        session = self.session
        field = self.query_one("#top-input", Input)
        if session.is_over:
            field.placeholder = _("The game is over: Ctrl+Q to quit")
        elif session.review is not None:
            field.placeholder = _("Enter: next coup")
        else:
            # Examples in the game's notation: French H4 across, English 8H across.
            across, down = ("H4 MAISON", "4H MOT") if session.game.rules.notation == "fr" else ("8H WORD", "H8 WORD")
            field.placeholder = _("The top: {across} or {down}; F2 a hint").format(across=across, down=down)

    def say(self, text: str) -> None:
        self.query_one("#top-message", Static).update(text)

    # -- intents (sent by CoupScreen.intent) ------------------------------------------------
    def after_intent(self) -> None:
        if self.session.review is not None:  # the coup is over: what was being typed is moot
            self.query_one("#top-input", Input).value = ""

    @on(Input.Submitted, "#top-input")
    def _submitted(self, event: Input.Submitted) -> None:
        field = self.query_one("#top-input", Input)
        if self.session.review is not None or self.session.is_over:
            field.value = ""
            if not self.session.is_over:
                self.intent(self.session.next_coup)
            return
        if self.intent(lambda: self.session.propose(event.value)):
            field.value = ""

    def action_hint(self) -> None:
        self.intent(self.session.hint)

    def action_give_up(self) -> None:
        self.intent(self.session.give_up)

    def action_clear(self) -> None:
        self.query_one("#top-input", Input).value = ""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # The footer offers only what can be done now.
        if action in ("hint", "give_up"):
            return self.session.accepting
        return True
