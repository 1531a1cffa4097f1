"""The results' web page in the real browser at a phone's width (360 px): nothing wider than the
screen, the board's squares all drawn. The screenshot is kept in the test's folder."""

from __future__ import annotations

import io
from pathlib import Path

from scrabble_fr.cli import main
from scrabble_fr.words import WordSet
from tests.table.test_results import WORDS, played_table

PHONE = {"width": 360, "height": 740}


def test_the_results_page_fits_a_phone(browser, tmp_path: Path):
    base = str(tmp_path / "tables.sqlite3")
    table = played_table(base, WordSet(WORDS, "fr"))
    page_path = tmp_path / "resultats.html"
    out, err = io.StringIO(), io.StringIO()
    assert main(["table", "resultats", table, "--html", "-o", str(page_path), "--base", base], out=out, err=err) == 0
    tab = browser.browser.new_page(viewport=PHONE)
    try:
        tab.goto(page_path.as_uri())
        widths = tab.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        assert widths[0] <= widths[1] == PHONE["width"]
        # Every board inside the screen, each of its 15 × 15 squares drawn.
        boards = tab.evaluate("""[...document.querySelectorAll('table.b')].map(t => {
            const r = t.getBoundingClientRect();
            return [r.left, r.right, t.querySelectorAll('td').length]; })""")
        assert [squares for _l, _r, squares in boards] == [225, 225]
        assert all(left >= 0 and right <= PHONE["width"] for left, right, _s in boards)
        tab.screenshot(path=str(tmp_path / "resultats.png"), full_page=True)
    finally:
        tab.close()
