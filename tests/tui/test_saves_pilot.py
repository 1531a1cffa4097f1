"""Autosave after every event, resumption offered at start, and the review of a GCG record."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.coordinate import Coordinate
from textual.widgets import Input

from scrabble_fr.records.gcg import read_gcg_file
from scrabble_fr.records.store import RecordStore
from scrabble_fr.tui.app import ScrabbleApp
from scrabble_fr.tui.screens.dialogs import ResumeDialog
from scrabble_fr.tui.screens.review import ReviewScreen
from scrabble_fr.tui.widgets.board import BoardView

from .conftest import SmallLexicon


async def _type(pilot, text: str) -> None:
    command = pilot.app.screen.query_one("#command", Input)
    command.value = text
    command.focus()
    await pilot.press("enter")
    await pilot.pause()


async def test_every_event_is_saved_and_the_game_is_offered_again(make_app):
    app = make_app(words={"PILE"})
    async with app.run_test(size=(100, 30)) as pilot:
        await _type(pilot, "H8 PILE")  # announced: saved with the contestation window open
        record = RecordStore().latest()
        assert record is not None and record.status == "en_cours"
        assert record.actions[-1]["type"] == "play"
        game_before = app.game_screen.game
        state = (game_before.position.to_cgp(), game_before.bag, game_before.phase)

    fresh = ScrabbleApp(lexicon=SmallLexicon({"PILE"}))
    async with fresh.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(fresh.screen, ResumeDialog)
        await pilot.click("#resume")
        await pilot.pause()
        game = fresh.game_screen.game
        assert (game.position.to_cgp(), game.bag, game.phase) == state
        await pilot.press("f2")  # the contestation in progress goes on: PILE is valid, Bruno pays
        await pilot.pause()
        assert game.scores == [12, -10]


async def test_review_steps_through_a_record(shared_dir):
    path = shared_dir / "corpus" / "gcg" / "webappwarriors__GetGCG.FRA24.TfnqTZkYPL.gcg"
    record = read_gcg_file(path)
    app = ScrabbleApp(review=(record, str(path)))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        assert app.screen.rules.tile_set.name == "french"
        board = app.screen.query_one("#board", BoardView)
        first = sum(square is not None for square in board.picture.squares)
        await pilot.press("right", "right", "right")
        await pilot.pause()
        assert app.screen.index == 3
        assert sum(square is not None for square in board.picture.squares) > first
        await pilot.press("end")
        await pilot.pause()
        assert app.screen.index == len(app.screen.steps) - 1


def test_no_save_folder_is_written_outside_the_test(tmp_path: Path):
    assert str(RecordStore().directory).startswith(str(tmp_path.parent.parent))


async def test_a_damaged_save_is_reported_and_its_backup_offered(make_app):
    app = make_app(words={"PILE"})
    async with app.run_test(size=(100, 30)) as pilot:
        await _type(pilot, "H8 PILE")
        await pilot.press("f3")
        await pilot.pause()
    store = RecordStore()
    record = store.latest()
    path = store.path(record.id)
    path.write_text("{ damaged", encoding="utf-8")  # a power cut mid-write on a bad disk

    fresh = ScrabbleApp(lexicon=SmallLexicon({"PILE"}))
    async with fresh.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(fresh.screen, ResumeDialog)
        assert "--precedente" in fresh.screen.description
        await pilot.click("#resume")
        await pilot.pause()
        game = fresh.game_screen.game
        assert game.pending is not None  # the backup: the move announced, not yet accepted
        assert fresh.game_screen.match.record.id != record.id
    kept = path.with_name(path.name + ".damaged")
    assert kept.read_text(encoding="utf-8") == "{ damaged"  # nothing overwritten, set aside


async def test_review_judges_the_endgame_moves(monkeypatch):
    import scrabble_fr.tui.screens.review as review
    from scrabble_fr.lexicon import Lexicon
    from scrabble_fr.player.selfplay import new_computer_game, play_out
    from scrabble_fr.records.gcg import parse_gcg, write_gcg

    try:
        lexicon = Lexicon.builtin("fr")
    except (OSError, ValueError):
        pytest.skip("the French word list is not there")
    monkeypatch.setattr(review, "ENDGAME_SECONDS", 0.3)
    game = play_out(new_computer_game(["Ana", "Bob"], "ffsc", 3, lexicon, [4, 4]))
    record = parse_gcg(write_gcg(game))
    app = ScrabbleApp(review=(record, "partie.gcg"))
    app.review_lexicon = lexicon
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        endgame = [i for i in range(len(screen.steps)) if screen.endgame_position(i) is not None]
        assert endgame, "the game ends with the bag empty"
        for _ in range(200):
            if len(screen.verdicts) == len(endgame):
                break
            await pilot.pause(0.1)
        assert sorted(screen.verdicts) == endgame
        table = screen.query_one("#history")
        for index, verdict in screen.verdicts.items():
            cell = str(table.get_cell_at(Coordinate(index, 2)))
            assert (f"✗−{verdict.cost}" in cell) == bool(verdict.cost)
        screen.index = endgame[0]
        await pilot.pause()
        assert "Finale" in str(screen.query_one("#review-best").render())
