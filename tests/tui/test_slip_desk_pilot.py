"""The arbitrator's desk and the players on paper, at 80×24, in English and French: F8 seats a
player on paper, F7 types their slips (chosen in the list, typed on the line, Enter), a refusal is
said in the window and the line kept, what the slip pays is said; the table counts it.

Seed 1: the first draw is ERZAGEP and its top H6 ARPEGEZ, 108.
"""

from __future__ import annotations

import pytest
from textual.widgets import Input, Select

from scrabble_fr.duplicate.marking import WarningKind
from scrabble_fr.i18n import set_language
from scrabble_fr.table import open_store
from scrabble_fr.table.duplicate import DuplicateTable, DuplicateTableSettings, create_duplicate_table
from scrabble_fr.tui.app import ScrabbleApp
from scrabble_fr.tui.screens.club import ArbiterScreen
from scrabble_fr.tui.screens.slip_desk import PaperPlayerDialog, SlipDialog

from .conftest import text

SIZE = (80, 24)


@pytest.fixture
def french():
    """Enough of the French list for the first coup (the whole list costs seconds to load)."""
    from scrabble_fr.words import WordSet

    return WordSet(["ARPEGEZ", "PAGE", "GAZER", "ZEPA"], "mini")


@pytest.mark.parametrize("language", ["en", "fr"])
async def test_the_desk_seats_a_player_on_paper_and_types_the_slips(tmp_path, french, language):
    set_language(language)
    base = str(tmp_path / "tables.sqlite3")
    created = create_duplicate_table(open_store(base), DuplicateTableSettings(["Alice"], seed=1, seconds=None))
    arbiter = DuplicateTable.join(open_store(base), created.codes[1], french)
    app = ScrabbleApp(lexicon=french, table=arbiter)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ArbiterScreen)
        await pilot.press("f7")  # nobody on paper yet: no slip to type
        await pilot.pause()
        assert isinstance(app.screen, ArbiterScreen)
        await pilot.press("f8")
        await pilot.pause()
        assert isinstance(app.screen, PaperPlayerDialog)
        await pilot.press("a", "l", "i", "c", "e", "enter")  # a name taken: said, the window stays
        await pilot.pause()
        assert isinstance(app.screen, PaperPlayerDialog) and "alice" in text(app, "#desk-said")
        app.screen.query_one("#paper-name", Input).value = ""
        await pilot.press(*"Chloé", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ArbiterScreen) and arbiter.paper == {2}
        assert "✎" in text(app, "#club-players") and "Chloé" in text(app, "#club-players")
        await pilot.press("f2")
        await pilot.pause()
        await pilot.press("f7")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, SlipDialog) and dialog.query_one("#slip-player", Select).value == 2
        await pilot.press(*"H6 ARP3GEZ", "enter")  # unreadable: said, the line kept
        await pilot.pause()
        assert isinstance(app.screen, SlipDialog) and "H6 ARP3GEZ" in text(app, "#desk-said")
        assert app.screen.query_one("#slip-line", Input).value == "H6 ARP3GEZ" and not arbiter.current.slips
        app.screen.query_one("#slip-line", Input).value = ""
        await pilot.press(*"H6 ARPEGEZ", "enter")  # no score written: paid, with a warning
        await pilot.pause()
        line = text(app, "#desk-said")
        assert "108" in line and WarningKind.SCORE_MISSING.text in line, line
        assert app.screen.query_one("#slip-line", Input).value == ""
        # The window fits the screen.
        region = app.screen.query_one(".dialog").region
        assert region.right <= 80 and region.bottom <= 24
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ArbiterScreen) and "108" in text(app, "#club-message")
        assert "✓ Chloé" in text(app, "#club-players")
        assert arbiter.current.slips[2]["text"] == "H6 ARPEGEZ"
    arbiter.close()
    set_language("fr")
