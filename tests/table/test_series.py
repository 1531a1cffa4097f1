"""A series of duplicate games, on both backends: created by ``creer --parties``, the next game
started by the arbitrator once one is over (the same players, each with a code only they can work
out), one cumulative ranking in ``resultats SERIES_ID`` (text, CSV, JSON, HTML); refusals.

The games are short: a bag of 14 tiles (ARPEGEZ and MOUDREZ's letters) and seed 2 for both (the
test's choice) make two coups, ARPEGEZ 108 then MOUDREZ 36, and the bag is empty.
"""

from __future__ import annotations

import dataclasses
import json

import pytest

from scrabble_fr.engine.rules import Rules
from scrabble_fr.engine.tiles import FRENCH, TileSet
from scrabble_fr.table import TableError, open_store
from scrabble_fr.table.duplicate import DuplicateTable, DuplicateTableSettings
from scrabble_fr.table.series import create_series, follow_next, next_game, series_of
from scrabble_fr.words import WordSet
from tests.table.test_results import WORDS, read_page

from .conftest import run

PLAYERS = ("Alice", "Bruno")
SHORT_BAG = TileSet("short", {letter: "ARPEGEZMOUDREZ".count(letter) for letter in "ARPEGZMOUD"},
                    {letter: FRENCH.values[letter] for letter in "ARPEGZMOUD"})
SHORT_RULES = dataclasses.replace(Rules.preset("ffsc"), tile_set=SHORT_BAG)


@pytest.fixture(scope="module")
def words() -> WordSet:
    return WordSet(WORDS, "fr")


def play_game(arbiter: DuplicateTable, player: DuplicateTable, move: str, follow: bool = True) -> None:
    """A whole game, ``player`` playing ``move`` on the first coup and nothing after (``follow``:
    the player's table reads the end, else its screen does)."""
    while not arbiter.over:
        arbiter.start_coup()
        if len(arbiter.coups) == 1:
            player.poll()
            player.propose(move)
            arbiter.poll()
        arbiter.close_coup()
    if follow:
        player.poll()


def test_a_series_s_games_follow_each_other_and_rank_together(base, words):
    made = create_series(open_store(base), DuplicateTableSettings(list(PLAYERS), seed=2, seconds=None,
                                                                  rules=SHORT_RULES), 2)
    series = series_of(made.table).data()  # type: ignore[union-attr]
    created = {"table": made.table.id, "arbiter": made.codes[2], "seats": [{"code": made.codes[n]} for n in (0, 1)]}
    arbiter = DuplicateTable.join(open_store(base), created["arbiter"], words)
    alice, bruno = (DuplicateTable.join(open_store(base), seat["code"]) for seat in created["seats"][:2])
    with pytest.raises(TableError) as refused:
        next_game(arbiter)
    assert refused.value.code == "series_not_over"
    play_game(arbiter, alice, "H6 ARPEGEZ")
    with pytest.raises(TableError) as refused:
        follow_next(bruno)
    assert refused.value.code == "series_not_yet"  # the arbitrator has not started it: nothing written
    first_rows = len(open_store(base).rows(arbiter.table_id))

    second_id, arbiter_code = next_game(arbiter, seed=2)
    assert next_game(arbiter, seed=2) == (second_id, arbiter_code)  # asked twice: the same game
    # ``tables`` says which game of the series each table is, in its line and its JSON.
    listed = {row["table"]: row for row in json.loads(run("tables", "--json", "--base", base)[1])}
    assert [listed[t]["series"] for t in (made.table.id, second_id)] == [{"game": 1, "games": 2},
                                                                         {"game": 2, "games": 2}]
    lines = {line.split()[0]: line for line in run("tables", "--base", base)[1].splitlines()}
    assert "partie 2/2, en attente du coup 1" in lines[second_id] and "partie 1/2, terminée" in lines[made.table.id]
    assert "game 2 of 2, waiting for coup 1" in run("tables", "--base", base, "--langue", "en")[1]
    assert len(open_store(base).rows(arbiter.table_id)) == first_rows + 1  # one link row
    followed = [follow_next(seat) for seat in (alice, bruno)]
    assert {table for table, _code in followed} == {second_id}
    assert len({arbiter_code, *(code for _table, code in followed)}) == 3  # a code of each seat's own
    assert follow_next(alice) == followed[0]  # followed again: the same seat and code
    arbiter2 = DuplicateTable.join(open_store(base), arbiter_code, words)
    alice2, bruno2 = (DuplicateTable.join(open_store(base), code) for _table, code in followed)
    assert (arbiter2.is_arbiter, alice2.names[alice2.seat], bruno2.names[bruno2.seat]) == (True, "Alice", "Bruno")
    place = series_of(arbiter2.info)
    assert place is not None and (place.id, place.game, place.is_last) == (series["id"], 2, True)
    play_game(arbiter2, bruno2, "H6 ARPEGEZ")
    with pytest.raises(TableError) as refused:
        next_game(arbiter2)
    assert refused.value.code == "series_last"

    status, out, err = run("table", "resultats", series["id"], "--json", "--base", base)
    assert status == 0, err
    data = json.loads(out)
    tops = [game["top_total"] for game in data["played"]]
    assert data["over"] and data["top_total"] == sum(tops) and [g["table"] for g in data["played"]] == [
        created["table"], second_id]
    alice_total, bruno_total = (sum(next(r["total"] for r in game["ranking"] if r["name"] == name)
                                    for game in data["played"]) for name in PLAYERS)
    assert alice_total == bruno_total == 108  # each found the one top once: they share the first place
    assert [(r["rank"], r["name"], r["total"], r["solos"]) for r in data["ranking"]] == [
        (1, "Alice", 108, 1), (1, "Bruno", 108, 1)]
    assert data["ranking"][0]["percent"] == round(100 * 108 / sum(tops), 2)
    status, out, _err = run("table", "resultats", series["id"], "--csv", "--base", base)
    assert out.splitlines()[1].split(";")[:3] == ["1", "Alice", "108"]
    status, out, _err = run("table", "resultats", series["id"], "--feuille", "--base", base)
    assert out.splitlines()[0].startswith("partie;coup;") and out.splitlines()[-1].startswith("2;")
    status, out, _err = run("table", "resultats", series["id"], "--html", "--base", base)
    page = read_page(out)
    assert [row[1:3] for row in page.rows[1:3]] == [["Alice", "108"], ["Bruno", "108"]]  # the cumulative ranking
    status, out, _err = run("table", "resultats", series["id"], "--base", base, "--langue", "en")
    assert out.startswith(f"Series {series['id']}: 2 of 2 games played") and f"Game 2 — table {second_id}" in out


def test_a_series_is_refused_in_one_line_and_a_single_game_is_unchanged(base):
    for argv, said in ((["--duplicate", "--parties", "1"], "1"), (["--duplicate", "--parties", "10"], "10"),
                       (["--parties", "2", "--joueurs", "A,B"], "--duplicate")):
        status, out, err = run("table", "creer", *argv, "--base", base)
        assert (status, out, err.count("\n")) == (2, "", 1) and said in err
    assert open_store(base).tables() == []
    status, out, _err = run("table", "creer", "--duplicate", "--parties", "3", "--joueurs", "Alice", "--json",
                            "--base", base)
    assert json.loads(out)["series"]["games"] == 3 and json.loads(out)["series"]["game"] == 1
    status, out, _err = run("table", "creer", "--duplicate", "--joueurs", "Alice", "--json", "--base", base)
    created = json.loads(out)
    assert "series" not in created and series_of(open_store(base).table(created["table"])) is None
    # In ``tables``: the single game's row has every key it had and no ``series``.
    listed = {row["table"]: row for row in json.loads(run("tables", "--json", "--base", base)[1])}
    assert set(listed[created["table"]]) == {"table", "kind", "players", "arbiter", "turn", "coup", "state",
                                             "events", "over", "damaged", "updated"}
    assert [row["series"] for row in listed.values() if "series" in row] == [{"game": 1, "games": 3}]
    assert "series" not in open_store(base).table(created["table"]).config
    status, out, err = run("table", "resultats", "snope1234", "--base", base)
    assert (status, out, err.count("\n")) == (2, "", 1) and "snope1234" in err


def test_a_player_on_paper_stays_on_paper_at_the_next_game(base, words):
    made = create_series(open_store(base), DuplicateTableSettings(list(PLAYERS), seed=2, seconds=None,
                                                                  rules=SHORT_RULES), 2)
    arbiter = DuplicateTable.join(open_store(base), made.codes[2], words)
    chloe = arbiter.add_paper_player("Chloé")
    alice = DuplicateTable.join(open_store(base), made.codes[0])
    play_game(arbiter, alice, "H6 ARPEGEZ")
    second_id, arbiter_code = next_game(arbiter, seed=2)
    arbiter2 = DuplicateTable.join(open_store(base), arbiter_code, words)
    assert [arbiter2.names[seat] for seat in sorted(arbiter2.paper)] == [arbiter.names[chloe]]
    assert [arbiter2.names[seat] for seat in arbiter2.players] == ["Alice", "Bruno", "Chloé"]
    arbiter2.start_coup()
    from scrabble_fr.table.slips import type_slip

    record = type_slip(arbiter2, "Chloé", "H6 ARPEGEZ 108")  # the desk types her slips again
    assert record.paid == 108
