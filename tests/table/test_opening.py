"""Opening every kind of session through :mod:`scrabble_fr.opening`, without a screen: each kind
opens what it says (on both backends for the tables), each refusal is the error a player reads in
one line, and a refusal has taken no seat and written nothing."""

from __future__ import annotations

import pytest

from scrabble_fr import opening
from scrabble_fr.duplicate import DuplicateSession, DuplicateSettings
from scrabble_fr.i18n import set_language
from scrabble_fr.match import Match
from scrabble_fr.match.config import GameConfig
from scrabble_fr.records.errors import RecordError
from scrabble_fr.records.store import RecordStore
from scrabble_fr.table import TableSession, TableSettings, create_table, open_store
from scrabble_fr.table.duplicate import DuplicateTable, DuplicateTableSettings, create_duplicate_table
from scrabble_fr.training.topping import ToppingSession, ToppingSettings

Kind = opening.Kind


def refusal(outcome: object) -> str:
    assert isinstance(outcome, opening.Refused), outcome
    return outcome.error.code


def classic(base: str):  # type: ignore[no-untyped-def]
    return create_table(open_store(base), TableSettings(["Alice", "Bruno"], seed=3))


def duplicate(base: str, players: tuple[str, ...] = ("Alice",)):  # type: ignore[no-untyped-def]
    return create_duplicate_table(open_store(base), DuplicateTableSettings(list(players), seconds=None, seed=2))


def seats_of(base: str, table_id: str) -> list[str]:
    store = open_store(base)
    try:
        return [seat.name for seat in store.table(table_id).seats]
    finally:
        store.close()


def test_a_classic_seat_opens_by_its_code_and_once(base, words):
    created = classic(base)
    opened = opening.table_code(created.codes[1], base=base, lexicon=words)
    assert isinstance(opened, opening.Opened) and opened.kind is Kind.CLASSIC_SEAT
    assert isinstance(opened.session, TableSession) and opened.session.seat == 1 and opened.seat_code is None
    try:
        # The same seat open in another terminal: refused, unless taken over.
        assert refusal(opening.table_code(created.codes[1], base=base, lexicon=words)) == "seat_taken"
        taken = opening.accepted(opening.table_code(created.codes[1], base=base, lexicon=words, force=True))
        opening.close_table(taken.session)
    finally:
        opening.close_table(opened.session)


def test_an_unknown_code_is_refused_in_one_line_in_each_language(base):
    classic(base)
    refused = opening.table_code("abcd-efgh", base=base)
    assert refusal(refused) == "table_unknown_code"
    assert isinstance(refused, opening.Refused)
    set_language("en")
    try:
        assert refused.line.startswith("no seat has this code")
    finally:
        set_language("fr")
    assert refused.line.startswith("aucune place n'a ce code")
    assert "\n" not in refused.line


def test_a_duplicate_table_s_codes_open_the_player_and_the_arbitrator(base, words):
    created = duplicate(base)
    player = opening.accepted(opening.table_code(created.codes[0], base=base))
    arbitrator = opening.accepted(opening.table_code(created.codes[1], base=base, lexicon_for=lambda info: words))
    try:
        assert player.kind is Kind.DUPLICATE_SEAT and isinstance(player.session, DuplicateTable)
        assert player.session.seat == 0 and not player.session.is_arbiter and player.seat_code is None
        assert arbitrator.kind is Kind.ARBITRATOR and arbitrator.session.is_arbiter
    finally:
        opening.close_table(player.session)
        opening.close_table(arbitrator.session)


def test_the_arbitrator_s_seat_is_refused_to_any_other_code(base, words):
    created = duplicate(base)
    assert refusal(opening.arbitrator(created.codes[0], base=base)) == "arbitrator_only"
    # Closing a coup not played yet: refused before the arbitrator's seat is taken.
    assert refusal(opening.arbitrator(created.codes[1], base=base, closing=1)) == "coup_not_started"
    desk = opening.accepted(opening.arbitrator(created.codes[1], base=base, lexicon_for=lambda info: words))
    try:
        assert desk.kind is Kind.ARBITRATOR and desk.session.is_arbiter
    finally:
        opening.close_table(desk.session)


def test_an_open_table_s_code_gives_a_new_seat_under_a_name(base, monkeypatch):
    created = duplicate(base, players=())
    code = created.table_code
    assert code is not None
    located = opening.accepted(opening.locate(code, base=base, check_name=False))  # a screen asks the name next
    located.session.close()
    assert located.kind is Kind.NEW_SEAT
    assert refusal(opening.table_code(code, base=base)) == "table_needs_name"
    chloe = opening.accepted(opening.table_code(code, base=base, name="Chloé"))
    try:
        assert chloe.kind is Kind.NEW_SEAT and chloe.seat_code is not None and chloe.session.seat is not None
        assert chloe.session.names[chloe.session.seat] == "Chloé"
        # Her own code opens her seat again, as a player's.
        assert refusal(opening.table_code(chloe.seat_code, base=base)) == "seat_taken"
        before = seats_of(base, created.table.id)
        assert refusal(opening.table_code(code, base=base, name="chloé")) == "name_taken"
        monkeypatch.setattr("scrabble_fr.table.duplicate.CLUB_MAX_PLAYERS", 1)
        assert refusal(opening.table_code(code, base=base, name="Denis")) == "table_full"
        assert seats_of(base, created.table.id) == before  # refused: no seat written
    finally:
        opening.close_table(chloe.session)


def test_a_watcher_takes_no_seat(base):
    table = classic(base).table
    room = duplicate(base).table
    for table_id in (table.id, room.id):
        watching = opening.accepted(opening.watcher(table_id, base=base))
        try:
            assert watching.kind is Kind.WATCHER and watching.session.seat is None
        finally:
            opening.close_table(watching.session)
    assert refusal(opening.watcher("zzzz", base=base)) == "table_unknown"


def test_a_table_created_here_then_its_seat(base, words):
    made = opening.accepted(opening.new_table(TableSettings(["Alice", "ordi:1"], seed=4), base=base))
    assert made.kind is Kind.NEW_TABLE
    store, created = made.session.store, made.session.created
    seat = opening.accepted(opening.classic_seat(store, created.table.id, 0, words, created.codes[0]))
    try:
        assert seat.kind is Kind.CLASSIC_SEAT and seat.session.seat == 0
        # Taken here already: refused, the store left open for the seat this terminal holds.
        assert refusal(opening.classic_seat(store, created.table.id, 0, words, created.codes[0])) == "seat_taken"
    finally:
        opening.close_table(seat.session)
    assert refusal(opening.new_table(TableSettings(["Alice", "Alice"]), base=base)) is not None


def test_a_store_out_of_reach_is_refused():
    assert refusal(opening.table_code("abcd-efgh", base="postgresql://nobody@127.0.0.1:1/none")) == "base_unreachable"


# -- this terminal's own games: no table store ------------------------------------------------------
@pytest.fixture
def saves(tmp_path) -> RecordStore:  # type: ignore[no-untyped-def]
    return RecordStore(tmp_path / "saves")


def test_a_new_game_and_its_resumption_once(saves, words):
    game = opening.accepted(opening.new_game(GameConfig.from_spec("Alice,Bruno", seed=7), saves, words))
    assert game.kind is Kind.NEW_GAME and isinstance(game.session, Match)
    game.session.pass_()  # saved with its first action
    record = saves.latest(unfinished_only=True)
    assert record is not None
    assert refusal(opening.resumed(record, saves, words)) == "save_locked"  # open here already
    game.session.close()

    def unnamed(saved: object) -> None:  # a record whose word list cannot even be named
        raise RecordError("save_corrupt", path="x", id="x", detail="kind")

    assert refusal(opening.resumed(record, saves, lexicon_for=unnamed)) == "save_corrupt"
    again = opening.accepted(opening.resumed(record, saves, lexicon_for=lambda saved: words))
    try:
        assert again.kind is Kind.RESUMED and isinstance(again.session, Match)
        assert again.session.game.players == game.session.game.players
    finally:
        again.session.close()


def test_duplicate_and_topping_need_their_word_list(saves, words):
    settings = DuplicateSettings(["Alice"], seed=1)
    assert refusal(opening.new_duplicate(settings, None, saves)) == "no_word_list"
    assert refusal(opening.new_topping(ToppingSettings("Alice", seed=1), None, saves)) == "no_word_list"
    room = opening.accepted(opening.new_duplicate(settings, words, saves))
    topping = opening.accepted(opening.new_topping(ToppingSettings("Alice", seed=1), words, saves))
    try:
        assert room.kind is Kind.NEW_DUPLICATE and isinstance(room.session, DuplicateSession)
        assert topping.kind is Kind.NEW_TOPPING and isinstance(topping.session, ToppingSession)
    finally:
        room.session.close()
        topping.session.close()

