"""The study deck's screens: the drill (a question, the answer typed, the answers and the card's
next date) and the progress view (the deck's counts, right answers day by day, the points lost
per reviewed game, drawn as bars on a fixed scale). The rules are in :mod:`scrabble_fr.training`."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Input, Static

from scrabble_fr.duplicate.export import percent_text
from scrabble_fr.engine.errors import ScrabbleError
from scrabble_fr.i18n import N_, _, colon, elide, format_number, ngettext
from scrabble_fr.messages import describe
from scrabble_fr.training.deck import Deck, Progress
from scrabble_fr.training.drills import question_text
from scrabble_fr.training.study import Drill
from scrabble_fr.tui.bindings import LocalizedBindings
from scrabble_fr.tui.widgets.bar_chart import BarChart


class DrillScreen(LocalizedBindings, Screen[None]):
    """One card at a time: type the words and Enter; Enter again for the next card."""

    KEYS = [
        ("f2", "progress", N_("Progress"), True),
        ("escape", "app.quit", N_("Quit"), True),
    ]
    DEFAULT_CSS = """
    DrillScreen #drill-body { padding: 1 2; height: 1fr; }
    DrillScreen #drill-question { text-style: bold; height: auto; margin: 1 0; }
    DrillScreen #drill-result { height: auto; margin: 1 0; }
    """

    def __init__(self, drill: Drill, player: str) -> None:
        super().__init__()
        self.drill = drill
        self.player = player
        self.waiting_next = False  # an answer is shown; Enter goes on

    def compose(self) -> ComposeResult:
        with Vertical(id="drill-body"):
            yield Static("", id="drill-count")
            yield Static("", id="drill-question")
            yield Input(placeholder=_("the words, separated by spaces (- for none)"), id="drill-answer")
            yield Static("", id="drill-result")
        yield Footer()

    def on_mount(self) -> None:
        self.show_card()

    def show_card(self) -> None:
        count = self.query_one("#drill-count", Static)
        question = self.query_one("#drill-question", Static)
        entry = self.query_one("#drill-answer", Input)
        card = self.drill.current
        if card is None:
            count.update(elide(_("{player}'s deck").format(player=self.player)))
            total = len(self.drill.cards)
            over = ngettext("Drill over: {right} right of {n} card.", "Drill over: {right} right of {n} cards.", total)
            question.update(over.format(right=self.drill.right, n=total) if total
                            else _("No card is due: come back tomorrow, or add a drill (mots ajouter)."))
            entry.display = False
            return
        count.update(_("Card {n} of {total} · box {box}").format(n=self.drill.index + 1, total=len(self.drill.cards),
                                                                 box=card.box))
        question.update(question_text(card.kind, card.question))
        entry.value = ""
        entry.focus()

    @on(Input.Submitted, "#drill-answer")
    def submitted(self, event: Input.Submitted) -> None:
        result = self.query_one("#drill-result", Static)
        if self.waiting_next:
            self.waiting_next = False
            result.update("")
            self.show_card()
            return
        try:
            answered = self.drill.answer(event.value)
        except ScrabbleError as exc:
            result.update(describe(exc))
            return
        lines = answered.lines(self.drill.deck.clock())
        result.update("\n".join(lines + ["", _("Enter: next card")]))
        # The answer is read: the field empties so that what is typed next is the next card's.
        event.input.value = ""
        self.waiting_next = True

    def action_progress(self) -> None:
        self.app.push_screen(ProgressScreen(self.drill.deck, self.drill.lexicon.key, self.player))


def progress_lines(progress: Progress) -> list[str]:
    """The progress view's figures, beside its charts."""
    right, answered, days = progress.right, progress.answered, len(progress.percents)
    lines = [_("Cards{colon} {cards}, due now {due}, learned {learned} (box 4 or more)").format(
        colon=colon(), cards=format_number(progress.cards), due=format_number(progress.due),
        learned=format_number(progress.learned))]
    if not days:  # a fresh deck, or cards never answered: no « 0 of 0 », no empty chart
        lines.append(_("No answer yet (scrabble-fr mots reviser drills the cards due)."))
        return lines
    lines.append(ngettext("Answers right{colon} {right} of {answered}, over {days} day of drills (a bar a day)",
                          "Answers right{colon} {right} of {answered}, over {days} days of drills (a bar a day)",
                          days).format(days=days, colon=colon(), right=format_number(right),
                                       answered=format_number(answered)))
    return lines


def loss_line(progress: Progress) -> str:
    if progress.average_loss is None:
        return _("No reviewed game yet (scrabble-fr revoir adds each game's loss).")
    return ngettext("Points lost per game over the last {n} reviewed game{colon} {average} on average",
                    "Points lost per game over the last {n} reviewed games{colon} {average} on average",
                    len(progress.losses)).format(n=len(progress.losses), colon=colon(),
                                                 average=format_number(round(progress.average_loss, 1)))


class ProgressScreen(LocalizedBindings, Screen[None]):
    KEYS = [
        ("escape", "back", N_("Back"), True),
        ("ctrl+q", "app.quit", N_("Quit"), False),
    ]
    DEFAULT_CSS = """
    ProgressScreen #progress-body { padding: 1 2; height: 1fr; }
    ProgressScreen BarChart { height: 4; margin: 0 0 1 0; }
    ProgressScreen Static { height: auto; }
    """

    def __init__(self, deck: Deck, lexicon: str, player: str) -> None:
        super().__init__()
        self.progress = deck.progress(player, lexicon)
        self.player = player

    def compose(self) -> ComposeResult:
        progress = self.progress
        with Vertical(id="progress-body"):
            yield Static(elide(_("Progress of {player}").format(player=self.player)), id="progress-title")
            figures = progress_lines(progress)
            yield Static(figures[0])
            yield Static(figures[1])
            # A chart is drawn only over values: an empty one would be axes around nothing.
            if progress.percents:
                yield BarChart(progress.percents, 100, (percent_text(100), percent_text(0)), id="progress-right")
            yield Static(loss_line(progress))
            losses = [loss for _game, loss in progress.losses]
            if losses:
                top = max([*losses, 1])
                yield BarChart(losses, top, (format_number(top), "0"), id="progress-loss")
        yield Footer()

    def action_back(self) -> None:
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()
        else:
            self.app.exit()
