"""A table's future is not in its database: the seed is sealed under the codes that need it, on
both backends; a player's process follows a duplicate without it, the arbitrator's process opens it
with its code (again after a restart), and a table written before the seals keeps playing.

Seed 1 (duplicate): the first draw is ERZAGEP, its top H6 ARPEGEZ, 108; the second draw OOUMEDR.
Seed 7 (classic): Alice draws IELTABP, Bruno CKRAOEA; H4 BALTE is worth 20.
"""

from __future__ import annotations

import contextlib
import io
import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from scrabble_fr.cli import main
from scrabble_fr.engine.errors import ScrabbleError
from scrabble_fr.engine.public import UNKNOWN
from scrabble_fr.records.gcg import parse_gcg
from scrabble_fr.table import TableError, TableSession, TableSettings, create_table, open_store
from scrabble_fr.table.duplicate import DuplicateTable, DuplicateTableSettings, create_duplicate_table
from scrabble_fr.table.seal import SEALED, open_seed, seal_seed

from .conftest import plays_coup_3

DATA = Path(__file__).parent / "data"


@pytest.fixture(scope="module")
def french():
    from scrabble_fr.lexicon import Lexicon

    return Lexicon.builtin("fr")


def stored_text(base: str, table_id: str) -> str:
    """Everything the database holds of a table: its configuration and its rows, as text."""
    store = open_store(base)
    info = store.table(table_id)
    return json.dumps(info.config) + "\n" + "\n".join(json.dumps(row.payload) for row in store.rows(table_id))


def seed_forms(seed: int) -> list[str]:
    return [str(seed), format(seed, "x"), format(seed, "064x")]


# -- the duplicate -------------------------------------------------------------------------------------------
def test_a_new_duplicate_keeps_its_seed_sealed_for_the_arbitrator_alone(base, french):
    created = create_duplicate_table(open_store(base), DuplicateTableSettings(["Alice", "Bruno"], seconds=None))
    table_id, arbiter_code = created.table.id, created.codes[2]
    config = open_store(base).table(table_id).config
    assert "seed" not in config and list(config[SEALED]) == ["2"]  # the arbitrator's seat only
    seed = open_seed(config[SEALED]["2"], arbiter_code, table_id)
    assert seed.bit_length() > 64  # 128 random bits: no search from the first draw finds it
    for code in (created.codes[0], created.codes[1]):  # a player's code opens nothing
        assert open_seed(config[SEALED]["2"], code, table_id) != seed
    arbiter = DuplicateTable.join(open_store(base), arbiter_code, french)
    assert arbiter.seed == seed
    arbiter.start_coup()
    text = stored_text(base, table_id)
    assert not any(form in text for form in seed_forms(seed))
    # The second coup's draw is nowhere before the coup starts.
    assert arbiter.game is not None and len(arbiter.coups) == 1
    assert text.count('"type": "coup"') == 1


@contextlib.contextmanager
def seed_out_of_reach(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Within: opening a seed or making a draw fails the test (players' processes at work)."""

    def unreachable(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("a player's process opened the seed or made a draw")

    with monkeypatch.context() as patched:
        patched.setattr("scrabble_fr.table.seal.open_seed", unreachable)
        patched.setattr("scrabble_fr.table.duplicate.DuplicateGame", unreachable)
        yield


def test_a_players_process_follows_the_duplicate_without_the_seed(base, french, monkeypatch):
    created = create_duplicate_table(open_store(base), DuplicateTableSettings(["Alice", "Bruno"], seed=1,
                                                                              seconds=None))
    arbiter = DuplicateTable.join(open_store(base), created.codes[2], french)
    with seed_out_of_reach(monkeypatch):
        alice = DuplicateTable.join(open_store(base), created.codes[0])
        assert alice.seed is None and alice.game is None
        assert alice.current is None  # nothing of the first draw before the coup starts
    arbiter.start_coup()
    with seed_out_of_reach(monkeypatch):
        alice.poll(timeout=2.0)
        assert alice.current is not None and alice.current.draw_text == "ERZAGEP"
        alice.propose("H2 ARPEGEZ")
    arbiter.poll(timeout=2.0)
    arbiter.close_coup()
    arbiter.start_coup()
    with seed_out_of_reach(monkeypatch):
        # A player's process started now replays every row, the seed out of its reach.
        late = DuplicateTable.join(open_store(base), created.codes[1])
        assert late.seed is None and late.damaged is None
        assert [coup.draw_text for coup in late.coups] == ["ERZAGEP", "OOUMEDR"]
        assert late.total(0) == 108 and late.board[7, 5] == "A"
        # So does a spectator (the projector, tables, resultats).
        wall = DuplicateTable(open_store(base), open_store(base).table(created.table.id), None, spectator=True)
        assert wall.seed is None and [coup.draw_text for coup in wall.coups] == ["ERZAGEP", "OOUMEDR"]


def test_an_open_duplicate_seals_its_seed_for_the_arbitrator(base, french):
    created = create_duplicate_table(open_store(base), DuplicateTableSettings([], seed=1, seconds=None))
    config = open_store(base).table(created.table.id).config
    assert "seed" not in config and list(config[SEALED]) == ["0"]  # the arbitrator's seat, first here
    arbiter = DuplicateTable.join(open_store(base), created.codes[0], french)
    assert arbiter.seed == 1
    assert created.table_code is not None
    alice = DuplicateTable.join(open_store(base), created.table_code, name="Alice")  # a seat made later
    arbiter.start_coup()
    alice.poll(timeout=2.0)
    assert alice.seed is None and alice.current is not None and alice.current.draw_text == "ERZAGEP"


def test_the_arbitrator_restarts_with_its_code_and_continues(base, french):
    created = create_duplicate_table(open_store(base), DuplicateTableSettings(["Alice", "Bruno"], seconds=None))
    arbiter = DuplicateTable.join(open_store(base), created.codes[2], french)
    alice = DuplicateTable.join(open_store(base), created.codes[0])
    arbiter.start_coup()
    alice.poll(timeout=2.0)
    alice.propose("-")
    arbiter.poll(timeout=2.0)
    arbiter.close_coup()
    arbiter.start_coup()
    draws = [coup.draw_text for coup in arbiter.coups]
    # The arbitrator's process is gone without a word (killed): its lease still runs.
    restarted = DuplicateTable.join(open_store(base), created.codes[2], french, force=True)
    assert restarted.damaged is None and [coup.draw_text for coup in restarted.coups] == draws
    restarted.close_coup()
    restarted.start_coup()
    alice.poll(timeout=2.0)
    assert alice.damaged is None and len(alice.coups) == 3 and alice.current is not None
    assert alice.current.draw_text == restarted.coups[2].draw_text
    # The arbitrator's seat opened without its code cannot make the draws: refused, nothing written.
    store = open_store(base)
    before = len(store.rows(created.table.id))
    with pytest.raises(TableError) as refused:
        DuplicateTable(store, store.table(created.table.id), 2, french, force=True)
    assert refused.value.code == "table_unknown_code"
    assert len(store.rows(created.table.id)) == before


def legacy_base(tmp_path: Path) -> tuple[str, dict[str, dict[str, object]]]:
    """A copy of the table store written before the seals, and its tables' ids and codes."""
    base = tmp_path / "legacy.sqlite3"
    shutil.copyfile(DATA / "legacy_tables.sqlite3", base)
    return str(base), json.loads((DATA / "legacy_tables.json").read_text(encoding="utf-8"))


def test_a_duplicate_written_before_the_seals_plays_on(tmp_path, french):
    base, tables = legacy_base(tmp_path)
    codes = tables["duplicate"]["codes"]
    assert isinstance(codes, dict)
    assert open_store(base).table(str(tables["duplicate"]["table"])).config["seed"] == 1
    arbiter = DuplicateTable.join(open_store(base), codes["2"], french)
    alice = DuplicateTable.join(open_store(base), codes["0"])
    assert arbiter.damaged is None and alice.damaged is None
    coup = arbiter.current
    assert coup is not None and coup.number == 2 and coup.draw_text == "OOUMEDR" and coup.proposals == {0: "-"}
    assert alice.total(0) == 108
    plays_coup_3(arbiter, alice)


# -- the classic table ---------------------------------------------------------------------------------------
def classic(base: str, words, players=("Alice", "Bruno"), **options):  # type: ignore[no-untyped-def]
    created = create_table(open_store(base), TableSettings(list(players), **options))
    sessions = [TableSession.join(open_store(base), created.codes[n], words) for n in sorted(created.codes)]
    return created, sessions


def export(base: str, table_id: str) -> str:
    out, err = io.StringIO(), io.StringIO()
    assert main(["exporter", table_id, "--gcg", "--base", base], out=out, err=err) == 0, err.getvalue()
    return out.getvalue()


def test_a_new_classic_table_keeps_its_seed_sealed_for_each_human_seat(base, words):
    created, (alice, bruno) = classic(base, words, ("Alice", "Bruno", "ordi:1"))
    table_id = created.table.id
    config = open_store(base).table(table_id).config
    assert "seed" not in config and sorted(config[SEALED]) == ["0", "1"]  # the computer has no code
    seeds = {open_seed(config[SEALED][str(n)], created.codes[n], table_id) for n in (0, 1)}
    assert len(seeds) == 1 and alice.seed in seeds and seeds.pop().bit_length() > 64
    assert config[SEALED]["0"] != config[SEALED]["1"]  # one seal per code
    rack = alice.match.game.racks[0]
    alice.match.play("passer")
    bruno.poll(timeout=2.0)
    assert bruno.match.game.racks[0] == rack  # each seat replays the same game from the seed
    text = stored_text(base, table_id)
    assert alice.seed is not None and not any(form in text for form in seed_forms(alice.seed))
    # What the database alone gives: the board, the scores, the turn, the bag's count; no rack.
    view = TableSession.watch(open_store(base), table_id, None)
    assert view.seed is None
    game, seen = bruno.match.game, view.match.game
    assert seen.scores == game.scores and seen.to_move == game.to_move and len(seen.bag) == len(game.bag)
    assert all(set(r) == {UNKNOWN} for r in seen.racks) and set(seen.bag) == {UNKNOWN}
    # A seat opened without its code cannot play its rack: refused, nothing written.
    store = open_store(base)
    for spectator in (False, True):  # its view without a screen (etat) as well: it shows the rack
        with pytest.raises(TableError) as refused:
            TableSession(store, store.table(table_id), 1, words, force=True, spectator=spectator)
        assert refused.value.code == "table_unknown_code"
    assert TableSession(store, store.table(table_id), 1, None, spectator=True,
                        code=created.codes[1]).match.game.racks[1] == bruno.match.game.racks[1]
    assert len(store.rows(table_id)) == len(view.rows)


def test_a_spectator_follows_moves_challenges_and_exchanges_without_the_racks(base, words):
    _created, (alice, bruno) = classic(base, words, seed=7)
    view = TableSession.watch(open_store(base), alice.table_id, None)
    alice.match.play("H4 BALTE")
    bruno.poll(timeout=2.0)
    bruno.match.contest(1)  # BALTE is valid: FFSc, Bruno loses 10
    alice.poll(timeout=2.0)
    bruno.poll(timeout=2.0)
    bruno.match.play("changer CK")
    alice.poll(timeout=2.0)
    # The tiles put back are the exchanger's secret: the row says how many, sealed under the seed.
    row = open_store(base).rows(alice.table_id)[-1].payload
    move = row["actions"][-1]["move"]
    assert move["kind"] == "exchange" and move["count"] == 2 and "tiles" not in move
    assert "CK" not in "".join(json.dumps(r.payload) for r in open_store(base).rows(alice.table_id))
    assert alice.match.game.history[-1].move.exchanged == "CK"  # a seat's process opens them
    alice.match.play("passer")
    view.poll(timeout=2.0)
    game, seen = alice.match.game, view.match.game
    assert seen.board.squares == game.board.squares and seen.scores == game.scores == [20, -10]
    assert seen.to_move == game.to_move and len(seen.bag) == len(game.bag)
    assert [(e.kind, e.player, e.points) for e in seen.history] == [(e.kind, e.player, e.points)
                                                                     for e in game.history]
    assert "IELTABP" not in "".join(e.rack for e in seen.history)
    # What a spectator cannot see: every tile off the board (no rack known to take from it).
    off_board = seen.rules.tile_set.as_counter()
    for _row, _col, tile in seen.board.tiles():
        off_board["?" if tile.islower() else tile] -= 1
    assert seen.unseen(seen.to_move) == +off_board


def test_the_end_reveals_the_seed_the_export_has_racks_only_then(base, words):
    created, (alice, bruno) = classic(base, words, seed=7)
    table_id = created.table.id
    alice.match.play("H4 BALTE")
    bruno.poll(timeout=2.0)
    # A game still played: its record says what was played, not what each still holds.
    record = export(base, table_id)
    assert ">Alice: 8D BALTE +20 20" in record and "IELTABP" not in record
    assert parse_gcg(record).events[0].word == "BALTE"
    bruno.match.play("changer CK")
    alice.poll(timeout=2.0)
    record = export(base, table_id)
    assert ">Bruno: -2 +0 0" in record and "CK" not in record.split("#title")[1]
    events = parse_gcg(record)
    assert [e.kind for e in events.events] == ["place", "exchange"] and not events.problems
    # Six turns without a word (the exchange and five passes) end the game (FFSc): each
    # subtracts their own rack.
    for seat, other in [(alice, bruno), (bruno, alice)] * 2 + [(alice, bruno)]:
        seat.match.play("passer")
        other.poll(timeout=2.0)
    assert alice.match.game.is_over and bruno.match.game.is_over
    view = TableSession.watch(open_store(base), table_id, None)
    assert view.seed == alice.seed and view.match.game.racks == alice.match.game.racks
    assert view.match.game.history == alice.match.game.history  # the racks too, now the game is over
    record = export(base, table_id)
    assert ">Alice: IELTABP 8D BALTE +20 20" in record and " -CK +0 0" in record  # the exchange's tiles
    assert not parse_gcg(record).problems
    # Taken back after its end, the game would go on with its racks readable: refused.
    with pytest.raises(ScrabbleError) as refused:
        alice.match.undo()  # her pass ended it
    assert refused.value.code == "game_over"


def test_a_classic_table_written_before_the_seals_plays_on(tmp_path, words):
    base, tables = legacy_base(tmp_path)
    table_id, codes = str(tables["classic"]["table"]), tables["classic"]["codes"]
    assert isinstance(codes, dict)
    assert open_store(base).table(table_id).config["seed"] == 7
    alice = TableSession.join(open_store(base), codes["0"], words)
    bruno = TableSession.join(open_store(base), codes["1"], words)
    assert alice.damaged is None and bruno.damaged is None and alice.match.game.scores == [20, 0]
    assert alice.match.game.racks[0].startswith(tuple("IELTABP"))  # its own rack, drawn from seed 7
    bruno.match.play("passer")
    alice.poll(timeout=2.0)
    alice.match.play("passer")
    bruno.poll(timeout=2.0)
    assert bruno.match.game.scores == [20, 0] and bruno.match.game.to_move == 1
    # A spectator of such a table replays it as before, from its plain seed.
    view = TableSession.watch(open_store(base), table_id, None)
    assert view.match.game.history == alice.match.game.history
    record = export(base, table_id)
    assert ">Alice: 8D BALTE +20 20" in record and "IELTABP" not in record  # not over: no rack


@pytest.mark.parametrize("seed", [0, 1, 2**63 - 1, 2**128 - 1, -5, 10**100])
def test_a_seed_is_sealed_and_read_back_whole(seed):
    sealed = seal_seed(seed, "abcd-efgh-jkmn-pqrs-tuvw", "t1")
    assert open_seed(sealed, "ABCD EFGH JKMN PQRS TUVW", "t1") == seed
    assert open_seed(sealed, "abcd-efgh-jkmn-pqrs-tuvx", "t1") != seed  # another code: another number
    assert open_seed(sealed, "abcd-efgh-jkmn-pqrs-tuvw", "t2") != seed  # another table too
    if 0 <= seed < 2**256:
        assert sealed != format(seed, "064x") and len(sealed) == 64
