"""French typography on every screen: no line starts with « : », « ; », « ! », « ? », « % » or « » »,
at 80 and at 120 columns, and a French game shows no English word of the program's."""

from __future__ import annotations

import pytest
from textual.widgets import Input

from scrabble_fr.duplicate import DuplicateSettings, read_sheet
from scrabble_fr.i18n import set_language
from scrabble_fr.match import Outcome
from scrabble_fr.tui.app import ScrabbleApp

from .conftest import SmallLexicon
from .conftest import check_typography as check

WORDS = {"PILE", "PILES", "NET", "NETS", "NEST", "SENT", "TA", "AS", "ES", "ET", "TE"}


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_no_line_starts_with_a_french_sign_on_any_screen(size, make_app):
    set_language("fr")
    app = make_app(players="Alice,ordi:3", words=WORDS)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.game_screen
        # A long message of the kind that used to break before its colon.
        screen.shown = ["Un ordinateur est en jeu\u00a0: la liste de mots tranche.",
                        "Tous les mots sont valables\u00a0: Alice perd 10\u00a0points\u00a0; là où il le faut\u00a0!",
                        "Vraiment\u00a0? Oui\u00a0: 861\u00a0points (97,2\u00a0%)."]
        screen.say("")
        await pilot.pause()
        check(app, "game")
        for key, name in (("f1", "help"), ("f9", "settings"), ("f7", "tools"), ("ctrl+l", "messages")):
            await pilot.press(key)
            await pilot.pause()
            if name == "tools":
                field = app.screen.query_one("#tirage", Input)
                field.value = "AEINRST"
                field.focus()
                await pilot.press("enter")
                await pilot.pause()
            check(app, name)  # (the rules' page: in test_layout_pilot.py, which lays it out at both sizes)
            await pilot.press("escape")
            await pilot.pause()
        match = screen.match
        while not match.game.is_over:  # passes to the blocked end
            if match.current_human is not None:
                match.pass_()
            else:
                match.run_computers()
        screen.after_change(Outcome())  # the end screen
        await pilot.pause()
        check(app, "end")
        await pilot.press("f")
        await pilot.pause()
        check(app, "sheet")


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_no_line_starts_with_a_french_sign_in_duplicate(size):
    set_language("fr")
    settings = DuplicateSettings(["Alice", "Bruno"], seconds=None, sheet=read_sheet("NETSAAE\nAAE+BIS 8H TA\n"))
    app = ScrabbleApp(lexicon=SmallLexicon(WORDS), duplicate=settings)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        check(app, "duplicate")
        session = app.screen.session
        for text in ("H8 SENT", "H8 NETS"):
            app.screen.query_one("#dup-input", Input).value = text
            await pilot.press("enter")
            await pilot.pause()
        check(app, "duplicate result")
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("f2")
        await pilot.pause()
        check(app, "confirm")
        await pilot.press("shift+tab", "enter")
        await pilot.pause()
        assert session.is_over
        check(app, "last coup")
        await pilot.press("enter")
        await pilot.pause()
        check(app, "duplicate end")
