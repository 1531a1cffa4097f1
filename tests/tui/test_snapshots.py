"""Snapshots of the screens players judge: set-up, game, contestation dialog, end.

Regenerate after a deliberate change of the look with ``pytest tests/tui --snapshot-update`` and
review the SVG files under ``__snapshots__`` before committing them.
"""

from __future__ import annotations

import pytest

pytest.importorskip("pytest_textual_snapshot")

from scrabble_fr.tui.app import ScrabbleApp  # noqa: E402

from .conftest import SmallLexicon  # noqa: E402

SIZE = (100, 30)


@pytest.fixture(autouse=True)
def steady_cursor(monkeypatch):
    # A blinking cursor makes a snapshot depend on the instant it is taken: here it stays on.
    from textual.widgets import Input

    monkeypatch.setattr(Input, "cursor_blink", False)


async def _play_and_contest(pilot) -> None:
    command = pilot.app.screen.query_one("#command")
    command.value = "H8 PLIE"
    await pilot.press("enter")
    await pilot.press("f2")
    await pilot.pause()


async def _block(pilot) -> None:
    for _ in range(6):
        command = pilot.app.screen.query_one("#command")
        command.value = "passer"
        await pilot.press("enter")
    await pilot.pause()
    await pilot.press("tab", "enter")  # the last pass ends the game: confirmed
    await pilot.pause()


async def _announce(pilot) -> None:
    command = pilot.app.screen.query_one("#command")
    command.value = "H8 PLIE"
    await pilot.press("enter")
    await pilot.pause()


def test_setup_screen(snap_compare):
    assert snap_compare(ScrabbleApp(lexicon=SmallLexicon(set())), terminal_size=SIZE)


def test_game_screen(snap_compare, make_app):
    app = make_app(words={"PLIE"})
    assert snap_compare(app, terminal_size=SIZE, press=["f8", "p", "l", "i", "e"])


def test_manual_contestation_dialog(snap_compare, make_app):
    app = make_app(words={"PLIE"}, verification="manuelle")
    assert snap_compare(app, terminal_size=SIZE, run_before=_play_and_contest)


def test_end_screen(snap_compare, make_app):
    app = make_app(words={"PLIE"})
    assert snap_compare(app, terminal_size=SIZE, run_before=_block)


def test_game_screen_at_80_by_24_with_a_move_announced(snap_compare, make_app):
    # The compact layout: the whole grid, the rack with values, scores, bag, history, the
    # announced move, the message and the command line, all at 80×24.
    app = make_app(words={"PLIE"})
    assert snap_compare(app, terminal_size=(80, 24), run_before=_announce)


def test_english_game_screen(snap_compare, make_app):
    from scrabble_fr.i18n import set_language

    set_language("en")
    app = make_app(words={"PLIE"}, rules="hasbro")

    async def announce(pilot) -> None:
        command = pilot.app.screen.query_one("#command")
        command.value = "8H PLIE"
        await pilot.press("enter")
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=announce)
