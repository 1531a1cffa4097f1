"""A duplicate table's results, on both backends: ``resultats`` as text, CSV, JSON and the web page,
whose numbers are read back from the page and checked against the JSON and the sheet.

Seed 1: coup 1 draws ERZAGEP (top H6 ARPEGEZ, 108), coup 2 OOUMEDR (top 12B MOUDREZ, 36).
"""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path

import pytest

from scrabble_fr.table import open_store
from scrabble_fr.table.duplicate import DuplicateTable, DuplicateTableSettings, create_duplicate_table
from scrabble_fr.words import WordSet

from .conftest import run

NAMES = ("Alice", "Bruno <b>&", "Chloé")
WORDS = ["ARPEGEZ", "PAGE", "GAZER", "MOUDREZ"]


@pytest.fixture(scope="module")
def french() -> WordSet:
    """The words these coups play (the whole French list takes seconds to load): each top is the
    whole list's, since a smaller list finds no better move."""
    return WordSet(WORDS, "fr")


def played_table(base: str, french) -> str:  # type: ignore[no-untyped-def]
    """Two coups played by three players (one found each top, one a sub-top, one corrected)."""
    created = create_duplicate_table(open_store(base), DuplicateTableSettings(list(NAMES), seed=1, seconds=None))
    arbiter = DuplicateTable.join(open_store(base), created.codes[3], french)
    alice, bruno, chloe = (DuplicateTable.join(open_store(base), created.codes[n]) for n in range(3))
    for proposals in (("H6 ARPEGEZ", "H4 PAGE", "H8 GAZER"), ("12B MOUDREZ", "12B MOUDREZ", "")):
        arbiter.start_coup()
        for seat, text in zip((alice, bruno, chloe), proposals, strict=True):
            seat.poll(5.0)
            if text:
                seat.propose(text)
        arbiter.poll()
        arbiter.close_coup()
    arbiter.correct(1, 1, 20, "bulletin mal lu")
    for seat in (arbiter, alice, bruno, chloe):
        seat.close()
    return created.table.id


class PageReader(HTMLParser):
    """The page's ranking rows, each coup's text, and each board's tiles (new ones apart)."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[str]] = []
        self.coups: list[str] = []
        self.boards: list[dict[str, int]] = []
        self._where: list[str] = []
        self._cell: list[str] | None = None
        self._in_ranking = False
        self._tile = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = (dict(attrs).get("class") or "").split()
        if tag == "table" and "rk" in classes:
            self._in_ranking = True
        elif tag == "table" and "b" in classes:
            self.boards.append({"tiles": 0, "new": 0})
        elif tag == "tr" and self._in_ranking:
            self.rows.append([])
        elif tag == "td" and self._in_ranking:
            self._cell = []
        elif tag == "td" and self.boards and "t" in classes:
            self.boards[-1]["tiles"] += 1
            self.boards[-1]["new"] += "new" in classes
        elif tag == "section":
            self.coups.append("")
        self._where.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag == "table":
            self._in_ranking = False
        elif tag == "td" and self._cell is not None:
            self.rows[-1].append("".join(self._cell))
            self._cell = None
        if self._where:
            self._where.pop()

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)
        elif self.coups and "section" in self._where and "table" not in self._where:
            self.coups[-1] += data


def read_page(text: str) -> PageReader:
    reader = PageReader()
    reader.feed(text)
    return reader


def test_the_web_page_s_numbers_are_the_json_s(base, french, tmp_path: Path):
    table = played_table(base, french)
    status, out, err = run("table", "resultats", table, "--json", "--base", base)
    assert status == 0, err
    data = json.loads(out)
    assert [(r["name"], r["total"]) for r in data["ranking"]] == [("Alice", 144), ("Bruno <b>&", 56), ("Chloé", 34)]
    first = data["coups"][0]
    assert (first["found"], first["seated"], first["spread"]) == (1, 3, {"min": 20, "median": 34, "max": 108})
    assert [(m["word"], m["score"], m["players"]) for m in first["subtops"]] == [
        ("GAZER", 34, ["Chloé"]), ("PAGE", 20, ["Bruno <b>&"])]  # PAGE: its corrected score
    assert (data["coups"][1]["found"], data["coups"][1]["spread"]["median"]) == (2, 36)
    page_path = tmp_path / "r.html"
    status, out, err = run("table", "resultats", table, "--html", "-o", str(page_path), "--base", base)
    assert status == 0 and out.startswith("Écrit") and str(page_path) in out, err
    text = page_path.read_text(encoding="utf-8")
    assert "<script" not in text and "http" not in text.replace('name="viewport"', "")  # self-contained
    assert "Bruno &lt;b&gt;&amp;" in text and "<b>&" not in text
    page = read_page(text)
    header, *rows = page.rows
    assert [row[1] for row in rows] == [r["name"] for r in data["ranking"]]
    assert [int(row[2]) for row in rows] == [r["total"] for r in data["ranking"]]
    assert [row[3].replace("\u00a0", " ") for row in rows] == ["100 %", "38,9 %", "23,6 %"]  # of the tops' total, 144
    assert [int(row[4]) for row in rows] == [r["solos"] for r in data["ranking"]]
    assert "Top trouvé par 1 sur 3" in page.coups[0] and "Top trouvé par 2 sur 3" in page.coups[1]
    assert "H6 ARPEGEZ 108 points" in page.coups[0].replace("\u00a0", " ")
    assert "12B MOUDREZ 36 points" in page.coups[1].replace("\u00a0", " ")
    assert "H4 GAZER 34 (Chloé)" in page.coups[0] and "bulletin mal lu" in page.coups[0]
    # The boards: ARPEGEZ's 7 tiles, then MOUDREZ's 6 new ones on the Z (13 in all).
    assert page.boards == [{"tiles": 7, "new": 7}, {"tiles": 13, "new": 6}]


def test_the_page_and_the_csv_follow_the_language(base, french, tmp_path: Path):
    table = played_table(base, french)
    status, out, _err = run("table", "resultats", table, "--html", "--base", base, "--langue", "en")
    assert status == 0 and '<html lang="en">' in out and "Top found by 1 of 3" in out
    status, out, _err = run("table", "resultats", table, "--csv", "--base", base)
    assert out.splitlines()[0].split(";")[-1] == "avertissements"
    assert out.splitlines()[2].split(";")[1:4] == ["Bruno <b>&", "56", "38,89"]
    status, out, _err = run("table", "resultats", table, "--base", base)
    assert "Top trouvé par 1 sur 3 — min 20 · médiane 34 · max 108" in out


def test_an_unwritable_file_is_one_line_and_exit_2(tmp_path: Path):
    base = str(tmp_path / "t.sqlite3")
    created = create_duplicate_table(open_store(base), DuplicateTableSettings(["Alice"], seed=1, seconds=None))
    status, out, err = run("table", "resultats", created.table.id, "--html", "-o", str(tmp_path / "no" / "r.html"),
                           "--base", base)
    assert (status, out, err.count("\n")) == (2, "", 1)


def test_the_sheet_as_csv_has_a_line_per_coup_and_player(base, french):
    table = played_table(base, french)
    status, out, err = run("table", "resultats", table, "--feuille", "--base", base)
    assert status == 0, err
    header, *rows = [line.split(";") for line in out.splitlines()]
    assert header[:6] == ["coup", "tirage", "référence du top", "mot du top", "points du top", "nom"]
    assert len(rows) == 6  # two coups, three players
    assert rows[1] == ["1", "ERZAGEP", "H6", "ARPEGEZ", "108", "Bruno <b>&", "H5 PAGE", "20", "0", "",
                       "bulletin mal lu"]
    assert rows[3][5:9] == ["Alice", "12B MOUDREZ", "36", "0"] and rows[5][5:8] == ["Chloé", "", "0"]
    # Its points are the JSON's, coup by coup.
    data = json.loads(run("table", "resultats", table, "--json", "--base", base)[1])
    assert [int(row[7]) for row in rows] == [line["points"] for coup in data["coups"]
                                             for line in coup["players"].values()]
    status, out, _err = run("table", "resultats", table, "--feuille", "--base", base, "--langue", "en")
    assert out.splitlines()[2].split(",")[5:8] == ["Bruno <b>&", "H5 PAGE", "20"]


def test_equal_totals_share_a_place_on_every_output(base, french):
    """Two players on the same top, the third below: 1, 1, 3 on the desk's ranking, the players'
    ranks, ``resultats`` as text, CSV, JSON and the web page — one ranking, read the same way."""
    created = create_duplicate_table(open_store(base), DuplicateTableSettings(list(NAMES), seed=1, seconds=None))
    arbiter = DuplicateTable.join(open_store(base), created.codes[3], french)
    seats = [DuplicateTable.join(open_store(base), created.codes[n]) for n in range(3)]
    arbiter.start_coup()
    for seat, text in zip(seats, ("H6 ARPEGEZ", "H6 ARPEGEZ", "H4 PAGE"), strict=True):
        seat.poll()
        seat.propose(text)
    arbiter.poll()
    arbiter.close_coup()
    assert [(line.rank, line.total, line.solos) for line in arbiter.standings()] == [
        (1, 108, 0), (1, 108, 0), (3, 14, 0)]  # a top found twice is nobody's solo
    assert [arbiter.rank(seat) for seat in range(3)] == [1, 1, 3]
    for seat in (arbiter, *seats):
        seat.close()
    table = created.table.id
    data = json.loads(run("table", "resultats", table, "--json", "--base", base)[1])
    assert [(r["rank"], r["total"]) for r in data["ranking"]] == [(1, 108), (1, 108), (3, 14)]
    _status, out, _err = run("table", "resultats", table, "--csv", "--base", base)
    assert [line.split(";")[0] for line in out.splitlines()[1:]] == ["1", "1", "3"]
    _status, out, _err = run("table", "resultats", table, "--base", base)
    assert [line.split(".")[0].strip() for line in out.splitlines()[1:4]] == ["1", "1", "3"]
    _status, out, _err = run("table", "resultats", table, "--html", "--base", base)
    assert [row[0] for row in read_page(out).rows[1:]] == ["1", "1", "3"]


def test_a_damaged_table_s_results_are_refused_in_one_line(base, french):
    """A row that does not replay: no ranking is posted from the rows before it, in any format."""
    table = played_table(base, french)
    store = open_store(base)
    store.append(table, len(store.rows(table)) + 1, {"type": "coup", "n": "two"})
    for form in ((), ("--json",), ("--html",), ("--csv",)):
        status, out, err = run("table", "resultats", table, *form, "--base", base)
        assert (status, out) == (2, "") and len(err.strip().splitlines()) == 1 and "endommag" in err, (form, err)
