"""Nothing cut at 80×24 (nor at 120×40), in French and in English: the set-up screen, the settings,
the help's rules, the word tools, the end screen and the match sheet, driven by keyboard.

A widget "shows" a text when its rendered lines, joined, hold it whole (a label may wrap, never
lose its end); a widget is "in view" when its region lies inside the screen's.
"""

from __future__ import annotations

import pytest
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from scrabble_fr.i18n import set_language
from scrabble_fr.tui.app import ScrabbleApp
from scrabble_fr.tui.screens.game import GameScreen
from scrabble_fr.tui.screens.panels import SettingsScreen
from scrabble_fr.tui.screens.setup import SetupScreen

from .conftest import SmallLexicon

SMALL, LARGE = (80, 24), (120, 40)


def lines_of(widget: Widget) -> list[str]:
    """What the screen shows where a widget is, line by line (a select: its value and ▼)."""
    if not isinstance(widget, Select):
        return [strip.text for strip in widget.render_lines(Region(0, 0, *widget.size))]
    region = widget.region
    strips = widget.screen._compositor.render_strips()
    return [strip.crop(region.x, region.right).text for strip in strips[region.y:region.bottom]]


def shown(widget: Widget) -> str:
    """A widget's lines joined by single spaces: a wrapped label reads as one sentence again."""
    return " ".join(" ".join(lines_of(widget)).split())


def in_view(app, widget: Widget) -> bool:
    region = widget.region
    return region.area > 0 and app.screen.region.contains_region(region)


def plain(text: object) -> str:
    return " ".join(str(text).split())


def setup_app() -> ScrabbleApp:
    return ScrabbleApp(lexicon=SmallLexicon({"PILE"}), offer_resume=False)


# -- the set-up screen ---------------------------------------------------------------------------


@pytest.mark.parametrize("language", ["fr", "en"])
async def test_setup_every_label_and_choice_is_whole_at_80_by_24(language):
    set_language(language)
    app = setup_app()
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        widgets = list(screen.query("Label, Checkbox, Button, Select, #rules-summary, #lexicon-note, #clock-label"))
        assert len(widgets) > 15
        for widget in widgets:
            if not widget.display or not widget.parent.display:
                continue
            widget.scroll_visible(animate=False)
            await pilot.pause()
            assert widget.region.right <= SMALL[0], widget
            text = shown(widget)
            if isinstance(widget, Select):
                # The chosen value whole, and the ▼ that says it is a list.
                label = next(str(label) for label, value in widget._options if value == widget.value)
                assert plain(label) in text and text.endswith("▼"), (widget.id, text)
            elif isinstance(widget, (Checkbox, Button)):
                assert plain(widget.label) in text, (widget.id, text)
            elif isinstance(widget, (Label, Static)):
                assert plain(widget.content) in text, (widget.id, text)
        # The placeholders of the inputs left empty are whole too.
        for field in screen.query(Input):
            if field.display and field.parent.display and not field.value and field.placeholder:
                assert len(field.placeholder) <= field.content_size.width, field.id


async def test_setup_shows_two_players_and_tab_reaches_the_rules_in_six_presses():
    app = setup_app()
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = app.screen
        rows = [row for row in screen.query(".player-row") if row.display]
        assert len(rows) == 2
        assert app.focused is screen.query_one("#name-0", Input)
        presses = 0
        while app.focused is not screen.query_one("#rules", Select):
            await pilot.press("tab")
            presses += 1
            assert presses <= 6, app.focused
        # Name, kind, name, kind, « Add a player », « Remove a player », the rules.
        assert presses == 6


async def test_setup_adds_players_up_to_eight_and_removes_the_last():
    app = setup_app()
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("f3")  # a third row, its name ready to type
        await pilot.pause()
        assert app.focused is screen.query_one("#name-2", Input)
        await pilot.press(*"Chloé")
        for _ in range(10):  # up to eight: the key then only rings
            await pilot.press("f3")
        await pilot.pause()
        assert sum(row.display for row in screen.query(".player-row")) == 8
        assert screen.query_one("#add-player", Button).disabled
        # The button by keyboard: Tab to « Remove a player », Enter; twice.
        while app.focused is not screen.query_one("#remove-player", Button):
            await pilot.press("tab")
        for _ in range(2):
            await pilot.press("enter")
            await pilot.pause()
        assert sum(row.display for row in screen.query(".player-row")) == 6
        for _ in range(3):
            await pilot.press("f4")
        await pilot.pause()
        assert sum(row.display for row in screen.query(".player-row")) == 3
        screen.query_one("#name-1", Input).value = "Bruno"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.match.players == ["Joueur 1", "Bruno", "Chloé"]


async def test_setup_a_removed_player_does_not_play():
    app = setup_app()
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("f3")
        await pilot.press(*"Chloé")
        await pilot.press("f4", "f4")  # Chloé and Joueur 2 leave; one row stays
        await pilot.press("f4")
        await pilot.pause()
        assert [row.display for row in screen.query(".player-row")][:3] == [True, False, False]
        assert screen.query_one("#remove-player", Button).disabled
        await pilot.press("f3")  # the row comes back empty: its player was forgotten
        await pilot.pause()
        assert screen.query_one("#name-1", Input).value == ""
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen.match.players == ["Joueur 1"]


@pytest.mark.parametrize("language", ["fr", "en"])
async def test_setup_clock_shows_the_chosen_rules_own_time(language):
    set_language(language)
    app = setup_app()
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = app.screen
        label = screen.query_one("#clock-label", Static)
        first = "ffsc" if language == "fr" else "hasbro"
        assert first in shown(label) and "25" in shown(label) and "FFSc" not in shown(label).replace("ffsc", "")
        screen.query_one("#rules", Select).value = "naspa"
        await pilot.pause()
        assert "naspa" in shown(label) and first not in shown(label)
        # A time the player typed stays when the rules change.
        screen.query_one("#clock-minutes", Input).value = "40"
        screen.query_one("#rules", Select).value = "wespa"
        await pilot.pause()
        assert screen.query_one("#clock-minutes", Input).value == "40"


# -- the settings ----------------------------------------------------------------------------------


@pytest.mark.parametrize("language", ["fr", "en"])
async def test_settings_labels_are_whole(make_app, language):
    set_language(language)
    app = make_app(words={"PILE"}, rules="ffsc" if language == "fr" else "hasbro")
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("f9")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        labels = list(app.screen.query(".setting-row > Label").results(Label))
        assert len(labels) == 4
        for label in labels:
            assert shown(label) == plain(label.content) and in_view(app, label)
        assert any(shown(label) in ("Default word list", "Liste de mots par défaut") for label in labels)
        for select in app.screen.query(Select):
            assert shown(select).endswith("▼") and in_view(app, select)
