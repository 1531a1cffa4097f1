"""The duplicate's variants: the joker game (a joker in every draw, the jokers on the board swapped
for their letters before the next draw) and 7 out of 8 (eight tiles drawn, seven played at most),
on random games, on published sheets, in saves and on the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scrabble_fr.duplicate import DuplicateError, DuplicateGame, DuplicateRecord, Variant, load_sheet, read_sheet
from scrabble_fr.words import WordSet

from .conftest import run

PARTIES = Path(__file__).resolve().parents[2] / "benchmarks" / "parties"
JOKER_GAME = PARTIES / "hiersac-2022-01-21-joker.txt"


def _jokers_on_board(game: DuplicateGame) -> int:
    return sum(1 for _row, _col, letter in game.position.board.tiles() if letter.islower())


@pytest.mark.parametrize("seed", [5, 11])
def test_every_joker_game_draw_holds_a_joker_while_one_is_off_the_board(french, seed):
    # The French bag has two jokers: a draw lacks one only when both lie on the board, kept there
    # because the bag no longer had their letters.
    game = DuplicateGame([], lexicon=french, seed=seed, seconds=None, variant=Variant.JOKER)
    with_joker = 0
    while not game.is_over:
        coup = game.current
        assert coup is not None
        if _jokers_on_board(game) < 2:
            assert "?" in coup.draw.tiles, (coup.number, coup.draw.text)
            with_joker += 1
        game.close_coup()
    assert with_joker >= 5


def test_a_classic_game_has_no_joker_in_most_draws(french):
    # What the joker test above would catch if the variant were not applied.
    game = DuplicateGame([], lexicon=french, seed=5, seconds=None)
    draws = []
    while not game.is_over:
        assert game.current is not None
        draws.append(game.current.draw.tiles)
        game.close_coup()
    assert sum("?" in draw for draw in draws) <= 4


def test_seven_of_eight_draws_eight_tiles_and_plays_seven_at_most(french):
    game = DuplicateGame([], lexicon=french, seed=5, seconds=None, variant=Variant.SEVEN_OF_EIGHT)
    sizes = []
    while not game.is_over:
        coup = game.current
        assert coup is not None and coup.top is not None
        sizes.append(len(coup.draw.tiles))
        assert len(coup.top.move.tiles) <= 7
        game.close_coup()
    assert sizes[0] == 8 and sizes.count(8) >= len(sizes) - 2  # only the last draws fall short


def test_seven_of_eight_refuses_all_eight_and_keeps_the_eighth_in_the_leftover():
    # AEINRSTU with RUINATES (eight tiles) and NATURES (seven): the top is NATURES, seven tiles
    # and the 50-point bonus; RUINATES is refused at once; the I not played is the leftover.
    lexicon = WordSet(["RUINATES", "NATURES"], "test")
    game = DuplicateGame(["A"], lexicon=lexicon, sheet=read_sheet("AEINRSTU", rack_size=8), seconds=None,
                         variant=Variant.SEVEN_OF_EIGHT)
    coup = game.current
    assert coup is not None and coup.top is not None
    assert coup.top.move.word == "NATURES" and len(coup.top.move.tiles) == 7
    with pytest.raises(DuplicateError) as refused:
        game.propose(0, "H1 RUINATES")
    assert refused.value.code == "too_many_tiles"
    assert coup.proposals == [None]  # nothing recorded
    game.close_coup()
    assert game.leftover == "I"


def test_the_joker_on_the_board_becomes_its_letter_before_the_next_draw(french):
    # Coup 1 of the published joker game: ?TIOEXG, H8 InTOX, the joker as the N on H9. The bag
    # still has N: H9 becomes a real N and the joker goes back, drawn again at coup 2.
    sheet, variant = load_sheet(str(JOKER_GAME))
    game = DuplicateGame([], lexicon=french, sheet=sheet, seconds=None, variant=variant)
    bag_n = game.bag.count("N")
    closed = game.close_coup()
    assert closed.swapped == "N"
    assert game.position.board[7, 8] == "N"
    assert game.bag.count("N") == bag_n - 1
    assert game.current is not None and "?" in game.current.draw.tiles


def test_a_joker_whose_letter_the_bag_lacks_stays_a_joker():
    # The French bag has one K. KAI?EEE plays H5 KAkI: the real K and a joker as the second K.
    # No K is left in the bag: the joker stays on H7, and the bag keeps one joker, the other's.
    game = DuplicateGame([], lexicon=WordSet(["KAKI"], "test"), sheet=read_sheet("KAI?EEE H5 KAkI"), seconds=None,
                         variant=Variant.JOKER)
    closed = game.close_coup()
    assert closed.swapped == ""
    assert game.position.board[7, 6] == "k"
    assert game.bag.count("?") == 1 and "K" not in game.bag


def test_without_the_variant_the_joker_sheet_does_not_replay(french):
    # The sheet draws a joker at coup 3 that only the swap puts back into the bag.
    sheet, _variant = load_sheet(str(JOKER_GAME), Variant.CLASSIC)
    game = DuplicateGame([], lexicon=french, sheet=sheet, seconds=None)
    with pytest.raises(DuplicateError) as refused:
        while not game.is_over:
            game.close_coup()
    assert refused.value.code == "sheet_tiles"


def test_a_joker_game_is_saved_and_resumed_as_played(words):
    game = DuplicateGame(["Alice"], lexicon=words, seed=4, seconds=None, variant=Variant.JOKER)
    game.propose(0, "-")
    game.close_coup()
    record = DuplicateRecord.new(game)
    again = DuplicateRecord.from_json(record.to_json()).rebuild(words)
    assert again.variant is Variant.JOKER
    assert again.current is not None and game.current is not None
    assert again.current.draw == game.current.draw and "?" in again.current.draw.tiles


def test_a_save_from_before_the_variants_reads_as_the_classic_game(words):
    game = DuplicateGame(["Alice"], lexicon=words, seed=4, seconds=None)
    data = json.loads(DuplicateRecord.new(game).to_json())
    del data["variant"]
    record = DuplicateRecord.from_json(json.dumps(data))
    assert record.variant is Variant.CLASSIC
    assert record.rebuild(words).current.draw == game.current.draw  # type: ignore[union-attr]


def test_a_save_naming_an_unknown_variant_is_refused_as_damaged(words):
    from scrabble_fr.records.errors import RecordError

    data = json.loads(DuplicateRecord.new(DuplicateGame(["A"], lexicon=words, seed=4, seconds=None)).to_json())
    data["variant"] = "explosif"
    with pytest.raises((RecordError, ValueError)):
        DuplicateRecord.from_json(json.dumps(data))


def test_a_sheet_says_its_variant_and_the_command_line_may_say_it_instead(tmp_path):
    path = tmp_path / "p.txt"
    path.write_text("# partie joker\nNETSAA? H5 NETS\n", encoding="utf-8")
    assert load_sheet(str(path))[1] is Variant.JOKER
    assert load_sheet(str(path), Variant.CLASSIC)[1] is Variant.CLASSIC
    path.write_text("# partie 7/8\nAEINRSTU\n", encoding="utf-8")
    sheet, variant = load_sheet(str(path))
    assert variant is Variant.SEVEN_OF_EIGHT and len(sheet[0].tiles) == 8


def test_an_unknown_variant_is_one_clear_refusal():
    with pytest.raises(DuplicateError) as refused:
        Variant.parse("explosif")
    assert refused.value.code == "unknown_variant"


# -- the command line ---------------------------------------------------------------------------


def test_a_published_joker_game_replays_to_its_published_total(french, capsys):
    # Hiersac, 21 January 2022, a « partie joker »: "Top : 1187 points en 18 coups", told by its
    # own « # partie joker » line and again with --variante joker.
    for extra in ([], ["--variante", "joker"]):
        status, out, _err = run(capsys, "duplicate", "--tirages", str(JOKER_GAME), "--json", *extra)
        assert status == 0
        data = json.loads(out)
        assert (data["total"], len(data["coups"]), data["variante"]) == (1187, 18, "joker")


def test_an_unknown_variant_on_the_command_line_is_one_line_and_exit_2(capsys):
    status, out, err = run(capsys, "duplicate", "--variante", "explosif", "--json")
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "explosif" in err


def test_the_sheet_names_the_variant_and_the_jokers_swapped(french):
    from scrabble_fr.duplicate import sheet_data, sheet_text

    sheet, variant = load_sheet(str(JOKER_GAME))
    game = DuplicateGame(["Alice"], lexicon=french, sheet=sheet, seconds=None, variant=variant)
    game.close_coup()
    assert sheet_text(game).splitlines()[0] == "Partie joker"
    data = sheet_data(game)
    assert data["variante"] == "joker" and data["coups"][0]["jokers_swapped"] == "N"
