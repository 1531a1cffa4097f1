"""Review mode for an imported GCG record: step through the moves and see the board at each step,
with the best move of the position when analysis is available. In the endgame (two players, the
bag empty) every move played is judged by the exact solver, and a mistake is marked in the
history with the spread it cost."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.coordinate import Coordinate
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from scrabble_fr.engine.move import Move
from scrabble_fr.engine.position import Position
from scrabble_fr.engine.wordlist import WordList
from scrabble_fr.i18n import N_, _, format_number, points
from scrabble_fr.records.gcg import GcgGame
from scrabble_fr.records.replay import Step, steps
from scrabble_fr.texts import history_columns
from scrabble_fr.tui.bindings import LocalizedBindings
from scrabble_fr.tui.widgets.board import BoardPicture, BoardView

if TYPE_CHECKING:  # the solver (and the move generator) loads only when a review asks
    from scrabble_fr.player.endgame import EndgameVerdict

ENDGAME_SECONDS = 4.0  # the solver's time to judge one endgame move (two searches)


class ReviewScreen(LocalizedBindings, Screen[None]):
    KEYS = [
        ("right,down,n", "step(1)", N_("Next"), True),
        ("left,up,p", "step(-1)", N_("Previous"), True),
        ("home", "go(0)", N_("Start"), True),
        ("end", "go(-1)", N_("End"), True),
        ("ctrl+q", "app.quit", N_("Quit"), True),
    ]

    AUTO_FOCUS = None
    index: reactive[int] = reactive(0)

    def __init__(self, record: GcgGame, source: str, lexicon: WordList | None = None) -> None:
        super().__init__()
        self.record = record
        self.source = source
        self.lexicon = lexicon  # the list that finds the best moves and judges the endgame (None: neither)
        self.rules, self.steps = steps(record)
        self.verdicts: dict[int, EndgameVerdict] = {}

    def compose(self) -> ComposeResult:
        with Horizontal(id="main"):
            with Vertical(id="left"):
                board = BoardView(id="board")
                board.can_focus = False  # the arrows step through the game, not a cursor
                yield board
                yield Static(id="review-step")
                yield Static(id="review-best")
            with Vertical(id="right"):
                yield Static(id="review-title")
                table: DataTable[str] = DataTable(id="history", cursor_type="row", zebra_stripes=True)
                table.can_focus = False
                yield table
        yield Footer(compact=True)

    def on_mount(self) -> None:
        names = " — ".join(full for _nick, full in self.record.players) or self.source
        self.query_one("#review-title", Static).update(_("Review: {names}").format(names=names))
        table = self.query_one("#history", DataTable)
        table.add_columns(*history_columns())
        for number, step in enumerate(self.steps, 1):
            event = step.event
            move = f"{event.position} {event.word}" if event.kind == "place" else _kind_text(event.kind, event)
            table.add_row(str(number), event.nick, move, f"{event.score:+d}", str(event.total))
        if not self.steps:
            self.query_one("#review-step", Static).update(_("This record cannot be shown (tile set not supported)."))
        self.index = 0
        self._show()
        self._judge_endgame()

    def watch_index(self) -> None:
        if self.is_mounted:
            self._show()

    def action_step(self, delta: int) -> None:
        if self.steps:
            self.index = max(0, min(len(self.steps) - 1, self.index + delta))

    def action_go(self, where: int) -> None:
        if self.steps:
            self.index = where if where >= 0 else len(self.steps) - 1

    @on(DataTable.RowHighlighted, "#history")
    def _row(self, event: DataTable.RowHighlighted) -> None:
        if event.cursor_row != self.index:
            self.index = event.cursor_row

    def _show(self) -> None:
        if not self.steps or self.rules is None:
            return
        step: Step = self.steps[self.index]
        board = self.query_one("#board", BoardView)
        board.picture = BoardPicture(
            squares=step.after,
            layout=self.rules.layout,
            values=tuple(self.rules.tile_set.values.items()),
            style="en",
            last_move=frozenset((t.row, t.col) for t in step.tiles),
        )
        event = step.event
        self.query_one("#review-step", Static).update(
            _("Move {n} of {total}: {player} holds {rack}").format(
                n=self.index + 1, total=len(self.steps), player=event.nick, rack=event.rack or "?"
            )
        )
        table = self.query_one("#history", DataTable)
        if table.cursor_row != self.index:
            table.move_cursor(row=self.index)
        self.query_one("#review-best", Static).update("")
        if self.index in self.verdicts:
            self.query_one("#review-best", Static).update(self._verdict_text(self.verdicts[self.index]))
        else:
            self._best_move(step, self.index)

    @work(thread=True, exclusive=True, group="review")
    def _best_move(self, step: Step, index: int) -> None:
        from scrabble_fr.player.generator import best_moves  # the generator, only when a review asks

        lexicon = self.lexicon
        rack = (step.event.rack or "").upper()
        if lexicon is None or self.rules is None or not rack or len(rack) > self.rules.rack_size:
            return
        try:
            position = Position(self.rules, racks=[rack, ""], lexicon=lexicon)
            position.board.squares = list(step.before)
            best = best_moves(position, 1)
        except Exception:  # analysis is a bonus: never let it disturb the review
            return
        if best:
            text = _("Best move here: {move} ({points})").format(move=best[0].notation("en"), points=best[0].score)
            self.app.call_from_thread(self._set_best, index, text)

    def _set_best(self, index: int, text: str) -> None:
        if index == self.index and index not in self.verdicts:
            self.query_one("#review-best", Static).update(text)

    def endgame_position(self, index: int) -> tuple[Position, Move] | None:
        """The position before step ``index`` and its move, if it is an endgame move to judge:
        two players, the bag empty (the tiles the mover cannot see fit on one rack: they are the
        opponent's), a placement laid or a pass."""
        lexicon = self.lexicon
        step = self.steps[index]
        event = step.event
        rack = (event.rack or "").upper()
        rules = self.rules
        if lexicon is None or rules is None or not rack or len(rack) > rules.rack_size:
            return None
        if event.kind not in ("place", "pass"):
            return None
        if event.kind == "place" and not step.tiles:
            return None
        from scrabble_fr.training.review import endgame_of

        position = Position(rules, racks=[rack, ""], lexicon=lexicon)
        position.board.squares = list(step.before)
        totals: dict[str, int] = {}
        for earlier in self.steps[:index]:
            totals[earlier.event.nick] = earlier.event.total
        other = next((nick for nick, _name in self.record.players if nick != event.nick), "")
        endgame = endgame_of(position, len(self.record.players), (event.total - event.score, totals.get(other, 0)))
        if endgame is None:
            return None
        move = Move.place(step.tiles) if event.kind == "place" else Move.pass_()
        return endgame, move

    @work(thread=True, exclusive=True, group="review-endgame")
    def _judge_endgame(self) -> None:
        from scrabble_fr.player.endgame import judge_move

        for index in range(len(self.steps)):
            try:
                found = self.endgame_position(index)
                if found is None:
                    continue
                verdict = judge_move(*found, seconds=ENDGAME_SECONDS)
            except Exception:  # analysis is a bonus: never let it disturb the review
                continue
            self.app.call_from_thread(self._set_verdict, index, verdict)

    def _set_verdict(self, index: int, verdict: EndgameVerdict) -> None:
        self.verdicts[index] = verdict
        if verdict.cost:
            table = self.query_one("#history", DataTable)
            move = str(table.get_cell_at(Coordinate(index, 2)))
            table.update_cell_at(Coordinate(index, 2), f"{move} ✗−{verdict.cost}")
        if index == self.index:
            self.query_one("#review-best", Static).update(self._verdict_text(verdict))

    @staticmethod
    def _verdict_text(verdict: EndgameVerdict) -> str:
        best = verdict.best.notation("en") if verdict.best.is_place else _("pass")
        spread = ("+" if verdict.best_value > 0 else "") + format_number(verdict.best_value)
        if verdict.cost:
            text = _("Endgame: {move} was best (final spread {spread}); the move played cost {cost}.").format(
                move=best, spread=spread, cost=points(verdict.cost))
        else:
            text = _("Endgame: the move played is the best (final spread {spread}).").format(spread=spread)
        if not verdict.proven:
            text += " " + _("(search not complete)")
        return text


def _kind_text(kind: str, event: Any) -> str:
    texts = {
        "withdrawn": _("withdrawn"),
        "pass": _("pass"),
        "exchange": _("exchange {tiles}").format(tiles=event.exchanged),
        "challenge": _("challenge"),
        "end_gain": _("racks of the others"),
        "end_loss": _("own rack {rack}").format(rack=event.rack),
        "time": _("overtime"),
    }
    return texts.get(kind, kind)
