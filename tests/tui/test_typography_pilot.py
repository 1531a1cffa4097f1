"""French typography on every screen: no line starts with « : », « ; », « ! », « ? », « % » or « » »,
at 80 and at 120 columns, and a French game shows no English word of the program's."""

from __future__ import annotations

import re

import pytest
from textual.geometry import Region
from textual.widgets import Input

from scrabble_fr.duplicate import DuplicateSettings, read_sheet
from scrabble_fr.i18n import set_language
from scrabble_fr.match import Outcome
from scrabble_fr.tui.app import ScrabbleApp
from scrabble_fr.tui.screens.panels import RulesViewer

from .conftest import SmallLexicon

FORBIDDEN_STARTS = tuple(":;!?%»")
# English words of the program's own texts that a French screen must not show.
ENGLISH = re.compile(r"\b(Challenge|Accept|Exchange|Pass|Hint|Settings|Search for|Dismiss|Focus|Rack of|blank|"
                     r"took back|asked for|Close|Cancel|Quit|Help|Sheet|Export)\b")
WORDS = {"PILE", "PILES", "NET", "NETS", "NEST", "SENT", "TA", "AS", "ES", "ET", "TE"}


def screen_lines(app) -> list[tuple[str, str]]:
    """Every line every visible widget of the screen draws, with the widget's name."""
    found = []
    for widget in [app.screen, *app.screen.walk_children()]:
        if not widget.display or not widget.size.area or not widget.is_mounted:
            continue
        try:
            strips = widget.render_lines(Region(0, 0, widget.size.width, widget.size.height))
        except Exception:  # a container that draws nothing of its own
            continue
        found.extend((repr(widget), strip.text) for strip in strips)
    return found


def check(app, where: str) -> None:
    problems = []
    for widget, line in screen_lines(app):
        # A line's text starts after any border or scroll bar drawn at its left.
        text = line.lstrip(" │┃║▌▐▕▏|▔▁▂▃▄▅▆▇█╭╮╰╯─━")
        # (a premium square's marker, % for a triple letter, may start a line of the board's legend)
        is_marker = text.rstrip() == "%" or text.startswith("% lettre")
        if text.startswith(FORBIDDEN_STARTS) and not is_marker:
            problems.append(f"{where}: {widget}: {line!r}")
        english = ENGLISH.search(line)
        if english:
            problems.append(f"{where}: {widget}: English {english.group(0)!r} in {line!r}")
    assert problems == [], "\n".join(problems)


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
            check(app, name)
            if name == "help":
                await pilot.press("right")  # the rules
                await pilot.pause()
                assert app.screen.query_one(RulesViewer).sections  # laid out: not an empty page checked
                check(app, "rules")
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
