"""Nothing cut at 80×24 (nor at 120×40), in French and in English: the set-up screen, the settings,
the help's rules, the word tools, the end screen and the match sheet, driven by keyboard. (The
help's rules, some 450 blocks laid out, are checked here for French typography too, at both sizes:
tests/tui/test_typography_pilot.py checks every other screen.)

A widget "shows" a text when its rendered lines, joined, hold it whole (a label may wrap, never
lose its end); a widget is "in view" when its region lies inside the screen's.
"""

from __future__ import annotations

import dataclasses
import itertools

import pytest
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, Label, OptionList, Select, Static, TabbedContent, Tree
from textual.widgets._footer import FooterKey

from scrabble_fr.engine.rules import Rules
from scrabble_fr.i18n import set_language
from scrabble_fr.lexicon import Lexicon
from scrabble_fr.match.config import GameConfig
from scrabble_fr.tui.app import ScrabbleApp
from scrabble_fr.tui.screens.end import EndScreen, SheetScreen, SheetTable
from scrabble_fr.tui.screens.game import GameScreen
from scrabble_fr.tui.screens.panels import ContentsScreen, HelpScreen, RulesViewer, SettingsScreen, ToolsScreen
from scrabble_fr.tui.screens.setup import SetupScreen

from .conftest import SmallLexicon, check_typography

SMALL, LARGE = (80, 24), (120, 40)


def lines_of(widget: Widget) -> list[str]:
    """What the screen shows where a widget is, line by line (a select: its value and ▼; a
    footer key: its key and description); of a scrolled widget, its part in view."""
    region = widget.region.intersection(widget.screen.region)
    if widget.parent is not None and isinstance(widget.parent, Widget):
        region = region.intersection(widget.parent.region)
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


# The fresh set-up screen, in each language: Tab's order to the rules, every label and choice
# whole at 80×24, then the clock's line as the rules change.
@pytest.mark.parametrize("language", ["fr", "en"])
async def test_setup_every_label_and_choice_is_whole_at_80_by_24(language):
    set_language(language)
    app = setup_app()
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        await setup_shows_two_players_and_tab_reaches_the_rules_in_six_presses(app, pilot)
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
        await setup_clock_shows_the_chosen_rules_own_time(app, pilot, language)


async def setup_shows_two_players_and_tab_reaches_the_rules_in_six_presses(app, pilot) -> None:
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
            await pilot.pause(0.3)  # a button takes no second press while it shows the first
        assert sum(row.display for row in screen.query(".player-row")) == 6
        for _ in range(3):
            await pilot.press("f4")
        await pilot.pause()
        assert sum(row.display for row in screen.query(".player-row")) == 3
        screen.query_one("#name-1", Input).value = "Bruno"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.match.game.players == ["Joueur 1", "Bruno", "Chloé"]


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
        assert app.screen.match.game.players == ["Joueur 1"]


async def setup_clock_shows_the_chosen_rules_own_time(app, pilot, language: str) -> None:
    screen = app.screen
    label = screen.query_one("#clock-label", Static)
    label.scroll_visible(animate=False)
    await pilot.pause()
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


async def test_the_settings_and_the_word_tools_open_centred_over_the_game(make_app):
    # Their screens are ModalScreens with translated keys: the dialog in the middle of the
    # screen, as every dialog (app.tcss), the game dimmed behind it.
    set_language("fr")
    app = make_app(words={"PILE"})
    async with app.run_test(size=LARGE) as pilot:
        for key, kind in (("f9", SettingsScreen), ("f7", ToolsScreen)):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, kind)
            box = app.screen.query_one(".dialog").region
            assert abs(box.x - (LARGE[0] - box.right)) <= 1 and abs(box.y - (LARGE[1] - box.bottom)) <= 1, box
            await pilot.press("escape")
            await pilot.pause()


def test_every_screen_with_translated_keys_keeps_its_textual_screen_styles():
    from scrabble_fr.tui.bindings import LocalizedBindings

    def kinds(cls: type) -> list[type]:
        return [cls, *(kind for sub in cls.__subclasses__() for kind in kinds(sub))]

    screens = kinds(LocalizedBindings)[1:]
    assert len(screens) >= 8  # those this module imports
    for screen in screens:
        assert "Screen" in screen._css_type_names, screen


# -- a long game: three-digit totals, a long note, more lines than the screen ---------------------

LONG_WORDS = {"ENTRAIS", "SAEINRST"}


async def play_long_game(app, pilot, rig) -> None:
    """Alice: ENTRAIS on H8, then SAEINRST down from its S (two scrabbles, a three-digit total);
    Bruno changes tiles every turn; a look-up of many words makes a note longer than any move."""
    match = app.game_screen.match
    game = match.game
    rig(game, ["AEINRST", "AEINRST"], next_draws="AEINRST")
    match.play("H8 ENTRAIS")
    match.accept()
    match.exchange(game.racks[1][:3])
    match.play("14H SAEINRST")
    match.accept()
    match.lookup(["ENTRAIS", "SAEINRST", "ZYTHUM", "MAISON", "ANANAS", "KAYAK", "WHISKY", "OXYDE"])
    # Many turns without a word: the blocked end is put far away (this is about the sheet's look).
    game.rules = dataclasses.replace(game.rules, blocked_count=50)
    for _ in range(24):
        match.exchange(game.racks[game.to_move][:2])
        if game.pending is not None:
            match.accept()
    assert game.scores[0] >= 100
    await pilot.pause()


async def footer_in_view(app, pilot) -> None:
    """Every key of the screen's footer inside the screen, its description whole. The footer is
    composed again after a screen change, a little later: on a loaded machine, one pause may come
    before it (up to two seconds are given)."""
    for _attempt in range(40):
        keys = list(app.screen.query(FooterKey))
        if keys and all(in_view(app, key) and plain(key.description) in shown(key) for key in keys):
            return
        await pilot.pause(0.05)
    keys = list(app.screen.query(FooterKey))
    assert keys
    for key in keys:
        assert in_view(app, key), key.description
        assert plain(key.description) in shown(key), key.description


async def sheet_shows_every_column(app, pilot, size: tuple[int, int], language: str) -> None:
    """The sheet of the long game at ``size``: every column whole, scrolled from its top."""
    assert tuple(app.size) == size
    table = app.screen.query_one(SheetTable)
    await pilot.press("ctrl+home")
    await pilot.pause()
    # As wide as the screen, and no column past its right edge: nothing to scroll sideways.
    assert table.region.width >= size[0] - 2
    assert table.virtual_size.width <= table.scrollable_content_region.width <= size[0]
    head, *rows = lines_of(table)
    assert head.split() == ["#", *(["Joueur", "Coup"] if language == "fr" else ["Player", "Move"]), "Pts", "Total"]
    # Alice's second scrabble: its points and her three-digit total, whole, on its line.
    line = next(line for line in rows if "SAEINRST" in line)
    assert line.split()[-2:] == ["+70", "136"]
    # The look-up note wraps inside the move column: every word of it is shown.
    note_words = ["ENTRAIS", "SAEINRST", "ZYTHUM", "MAISON", "ANANAS", "KAYAK", "WHISKY", "OXYDE"]
    assert all(word in " ".join(rows) for word in note_words)
    # A long game scrolls down to its last turn by keyboard; the totals stay in their column.
    assert table.max_scroll_y > 0 or size == LARGE
    await pilot.press("ctrl+end")
    await pilot.pause()
    last = [line for line in lines_of(table) if line.strip()][-1].split()
    assert last[0] == str(table.row_count - 1) and last[-1] in ("0", "136")
    assert in_view(app, app.screen.query_one("#close", Button))
    await footer_in_view(app, pilot)


# One long game per language, its sheet opened at one size and checked whole, then the terminal
# resized to the other and the sheet checked again: each size is met as the first one (French at
# 80 columns, English at 120) and after a resize, growing and shrinking.
@pytest.mark.parametrize("language, first, then", [("fr", SMALL, LARGE), ("en", LARGE, SMALL)])
async def test_sheet_shows_every_column_of_a_long_game_and_follows_a_resize(make_app, rig, language, first, then):
    set_language(language)
    app = make_app(words=LONG_WORDS)
    async with app.run_test(size=first) as pilot:
        await pilot.pause()
        await play_long_game(app, pilot, rig)
        app.push_screen(EndScreen(app.game_screen.match))
        await pilot.pause()
        await pilot.press("f")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        assert app.focused is app.screen.query_one(SheetTable)
        await sheet_shows_every_column(app, pilot, first, language)
        await pilot.resize_terminal(*then)
        await pilot.pause()
        await pilot.pause()
        await sheet_shows_every_column(app, pilot, then, language)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, EndScreen)


# One game of eight players per language, over: its end screen opened at 80×24, then, the
# terminal widened, opened again at 120×40 (a new screen, laid out at that size).
@pytest.mark.parametrize("language", ["fr", "en"])
async def test_end_screen_keeps_its_buttons_and_footer_in_view(make_app, language):
    set_language(language)
    # Eight players: the tables are longer than the screen; they scroll, the rest stays.
    app = make_app(players="Alice,Bruno,Chloé,David,Emma,Fanny,Gaspard,Hugo", words={"PILE"},
                   rules="ffsc" if language == "fr" else "hasbro")
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        match = app.game_screen.match
        while not match.game.is_over:
            match.pass_()
        await end_screen_keeps_its_buttons_and_footer_in_view(app, pilot, match, SMALL)
        app.pop_screen()
        await pilot.resize_terminal(*LARGE)
        await pilot.pause()
        await end_screen_keeps_its_buttons_and_footer_in_view(app, pilot, match, LARGE)


async def end_screen_keeps_its_buttons_and_footer_in_view(app, pilot, match, size) -> None:
    assert tuple(app.size) == size
    app.push_screen(EndScreen(match))
    await pilot.pause()
    screen = app.screen
    for button in screen.query(Button):
        assert in_view(app, button) and plain(button.label) in shown(button), button.id
    await footer_in_view(app, pilot)
    ranking = screen.query_one("#ranking")
    if size == SMALL:
        assert screen.query_one("#end").max_scroll_y > 0
    screen.query_one("#end").scroll_end(animate=False)
    await pilot.pause()
    assert in_view(app, ranking)
    # The export's answer shows above the buttons, which stay where they were.
    await pilot.press("e")
    await pilot.pause()
    assert in_view(app, screen.query_one("#export-result"))
    assert "GCG" in shown(screen.query_one("#export-result"))
    for button in screen.query(Button):
        assert in_view(app, button), button.id


# -- the help: the rules readable at 80 columns -------------------------------------------------------


@pytest.mark.parametrize("language", ["fr", "en"])
async def test_help_rules_text_is_wide_at_80_columns_and_its_contents_come_with_t(make_app, language):
    # (in French, the same game then widened to 120 columns: the contents beside the text)
    set_language(language)
    app = make_app(words={"PILE"}, rules="ffsc" if language == "fr" else "hasbro")
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HelpScreen)
        rules = screen.query_one(RulesViewer)
        assert not rules.sections  # the rules' hundreds of blocks wait for their tab: F1 opens at once
        # The key that shows the table of contents is in the footer, whole.
        await footer_in_view(app, pilot)
        assert any(key.key == "t" for key in screen.query(FooterKey))
        await pilot.press("right")  # the tabs have the focus: the next one is the rules
        await pilot.pause()
        assert screen.query_one(TabbedContent).active == "help-rules"
        assert not rules.show_table_of_contents
        assert rules.document.region.width >= 70  # not a strip beside a table of contents
        text = " ".join(lines_of(rules.document))
        assert ("Le plateau" if language == "fr" else "15 × 15") in text or "scrabble_fr" in text
        if language == "fr":  # French typography on every line of the rules laid out (not only those in view)
            assert rules.sections
            check_typography(app, "rules")
        # T: the sections in a dialog over the text, the cursor on the first; Enter goes to one
        # and the text, which kept its width, shows it at the top.
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, ContentsScreen)
        sections = app.screen.query_one(OptionList)
        assert app.focused is sections and sections.highlighted == 0
        assert ("Le matériel" if language == "fr" else "Equipment") in shown(sections)
        assert in_view(app, sections)
        await pilot.press("down", "enter")
        await pilot.pause()
        await pilot.pause()
        assert app.screen is screen and app.focused is rules.document
        assert rules.document.region.width >= 70
        heading = "Le coup" if language == "fr" else "A turn"
        # (the scroll bar's thumb may share a line with the heading)
        top_lines = [line.strip().rstrip("▁▂▃▄▅▆▇█▔▕▏ ") for line in lines_of(rules)[:4]]
        assert heading in top_lines, top_lines
        # Escape closes the sections, leaving the text where it was, then the help.
        await pilot.press("t")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and heading in [line.strip().rstrip("▁▂▃▄▅▆▇█▔▕▏ ")
                                                    for line in lines_of(rules)[:4]]
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is app.game_screen
        if language == "fr":  # the same game, its terminal widened: the contents beside the text
            await pilot.resize_terminal(*LARGE)
            await pilot.pause()
            await help_rules_contents_beside_the_text_at_120_columns(app, pilot)


async def help_rules_contents_beside_the_text_at_120_columns(app, pilot) -> None:
    await pilot.press("f1")
    await pilot.pause()
    await pilot.press("t")  # from the keys' tab: straight to the rules' contents
    await pilot.pause()
    screen = app.screen
    rules = screen.query_one(RulesViewer)
    assert screen.query_one(TabbedContent).active == "help-rules"
    assert rules.show_table_of_contents
    contents = rules.table_of_contents
    assert contents.region.width <= LARGE[0] * 0.4
    assert rules.document.region.width >= 70
    # Every section whole in the table (the document's title is not one of them).
    shown_contents = shown(contents)
    for section in ("Le matériel", "Le décompte des points", "Exemples calculés à la main",
                    "Les options et leurs valeurs par défaut", "Règles anglaises"):
        assert section in shown_contents
    # T put the cursor in it: Enter goes to a section, the table stays.
    assert app.focused is contents.query_one(Tree)
    check_typography(app, "rules at 120 columns")
    await pilot.press("down", "enter")
    await pilot.pause()
    assert "Le coup" in [line.strip() for line in lines_of(rules.document)[:4]]
    # T again, there, hides it and the text takes the whole width.
    await pilot.press("t")
    await pilot.pause()
    assert not rules.show_table_of_contents and rules.document.region.width >= 110


# -- the word tools -------------------------------------------------------------------------------------


TIRAGE_WORDS = sorted({"".join(p) for n in range(2, 8) for p in itertools.permutations("AEINRST", n)})[::7]


# One game per language; the word tools opened at 80×24, then, the terminal widened, opened again
# at 120×40 (a new dialog, laid out at that size).
@pytest.mark.parametrize("language", ["fr", "en"])
async def test_word_tools_results_scroll_and_close_stays_in_view(language):
    set_language(language)
    config = GameConfig.from_spec("Alice,Bruno", seed=7, rules=Rules.preset("ffsc" if language == "fr" else "hasbro"))
    app = ScrabbleApp(config, lexicon=Lexicon.from_words(TIRAGE_WORDS, "mini"))
    async with app.run_test(size=SMALL) as pilot:
        await word_tools_results_scroll_and_close_stays_in_view(app, pilot, SMALL, language)
        await pilot.resize_terminal(*LARGE)
        await pilot.pause()
        await word_tools_results_scroll_and_close_stays_in_view(app, pilot, LARGE, language)


async def word_tools_results_scroll_and_close_stays_in_view(app, pilot, size, language: str) -> None:
    assert tuple(app.size) == size
    await pilot.press("f7")
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, ToolsScreen)
    screen.query_one("#tirage", Input).focus()
    await pilot.press(*"AEINRST", "enter")
    await pilot.pause()
    result = screen.query_one("#tirage-result", Static)
    text = str(result.render())
    # The language's typography: « 7 lettres : … » in French, « 7 letters: … » in English.
    first = text.splitlines()[0]
    assert first.startswith("7\u00a0lettres\u00a0: " if language == "fr" else "7 letters: ")
    assert "6\u00a0lettres\u00a0: " in text if language == "fr" else "6 letters: " in text
    scroll = screen.query_one("#tirage-scroll")
    close = screen.query_one("#close", Button)
    assert in_view(app, close) and plain(close.label) in shown(close)
    if size == SMALL:
        assert scroll.max_scroll_y > 0  # more words than lines: they scroll inside the dialog
    # Tab to the results, which scroll by keyboard; « Close » does not move.
    before = close.region
    while app.focused is not scroll:
        await pilot.press("tab")
    await pilot.press("pagedown")
    await pilot.pause()
    assert close.region == before and in_view(app, close)
    assert scroll.scroll_y > 0 or size == LARGE
    await pilot.press("tab")
    assert app.focused is close
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(app.screen, GameScreen)
