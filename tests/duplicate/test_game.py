"""The coup machine: proposals judged (0 for an invalid word or a wrong placement), solos,
the clock, published sheets replayed, and whole games on the French list."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from scrabble_fr.duplicate import DuplicateError, DuplicateGame, read_sheet, replay_data, sheet_data, sheet_text
from scrabble_fr.duplicate.draw import minimum_met
from scrabble_fr.duplicate.game import DuplicateEnd
from scrabble_fr.duplicate.texts import ranking_text
from scrabble_fr.engine.errors import InvalidMoveError
from scrabble_fr.player.movegen import best_moves

SHEET = "NETSAAE\nAAE+BIS 8H TA\n"


def table(words, names=("Alice", "Bruno"), sheet=SHEET, **options):
    return DuplicateGame(list(names), lexicon=words, sheet=read_sheet(sheet), seconds=None, **options)


def test_the_first_top_is_announced_before_anyone_plays(words):
    game = table(words)
    coup = game.current
    assert coup is not None and coup.draw.text == "NETSAAE"
    # NEST, NETS, SENT from H5 to H8: 4 × 1 × 2 (the centre) = 8; the tie-break keeps H5 NEST.
    assert coup.top is not None and (coup.top.move.notation(), coup.top.move.score) == ("H5 NEST", 8)


@pytest.mark.parametrize(
    ("text", "score", "error"),
    [
        ("H8 SENT", 8, None),  # (1+1+1+1) × 2 on the centre
        ("8H SENT", 8, None),  # down scores the same on the first coup
        ("H7 ES", 4, None),  # (1+1) × 2
        ("H8 SNET", 0, "invalid_words"),  # not a word
        ("H9 NETS", 8, None),  # first coup: the word's best score wherever written (FISF §5.4.2a)
        ("H8 BAS", 0, "tiles_not_on_rack"),  # no B in the draw
        ("", 0, None),  # nothing proposed
    ],
)
def test_a_proposal_scores_its_points_or_zero(words, text, score, error):
    game = table(words)
    proposal = game.propose(0, text)
    assert proposal.score == score
    assert (proposal.error.code if proposal.error else None) == error


@pytest.mark.parametrize("text", ["bonjour", "Z99 MOT", "changer ABC", "passer"])
def test_text_that_is_no_placement_is_refused_and_changes_nothing(words, text):
    game = table(words)
    game.propose(0, "H8 SENT")
    with pytest.raises((InvalidMoveError, DuplicateError)):
        game.propose(0, text)
    assert game.current.proposals[0].text == "H8 SENT"  # type: ignore[union-attr]


def test_a_solo_is_a_score_above_every_other(words):
    game = table(words, names=("Alice", "Bruno", "Chloé"))
    game.propose(0, "H8 SENT")  # 8
    game.propose(1, "H6 NETS")  # 8
    game.propose(2, "H7 ES")  # 4
    first = game.close_coup()
    assert first.solo is None  # 8 = 8: nobody is alone
    game.propose(0, "6H ES")  # E on H6 (board) + S on I6, plain: 1 + 1 = 2
    second = game.close_coup()
    assert second.solo == 0  # 2 against 0 and 0, below the top all the same (§3.5)
    # No bonus below sixteen players: 8 + 2.
    assert game.total(0) == 10 and game.solos(0) == 1
    assert game.total(1) == 8 and game.total(2) == 4


def test_equal_totals_share_a_place_in_the_ranking(words):
    # Alice and Chloé both score 8, Bruno 4: Alice and Chloé first (ex aequo), Bruno third.
    game = table(words, names=("Alice", "Bruno", "Chloé"))
    game.propose(0, "H8 SENT")  # 8
    game.propose(1, "H7 ES")  # 4
    game.propose(2, "H6 NETS")  # 8
    game.close_coup()
    assert game.ranking() == [(1, 0, 8), (1, 2, 8), (3, 1, 4)]
    assert ranking_text(game).startswith("Alice 8 points (")


def test_the_solo_bonus_from_sixteen_players(words):
    names = [f"J{n}" for n in range(16)]
    game = table(words, names=names)
    game.propose(3, "H8 SENT")
    game.close_coup()
    assert game.total(3) == 8 + 10
    assert game.total(0) == 0


def test_the_board_receives_the_published_move_and_the_game_ends_with_the_sheet(words):
    game = table(words)
    game.close_coup()
    coup = game.close_coup()
    # TA down from H8: the T of NEST (board) and an A on I8, plain: 1 + 1 = 2.
    assert (coup.placed.notation(), coup.placed.score) == ("8H TA", 2)  # type: ignore[union-attr]
    assert game.is_over and game.end_reason == DuplicateEnd.SHEET
    # Leftover of coup 1: NETSAAE less NEST = AAE, as the second line says.
    data = replay_data(game)
    assert data["total"] == 8 + 2
    assert [c["tirage"] for c in data["coups"]] == ["NETSAAE", "AAE+BIS"]
    assert data["coups"][0]["placed"] == {"ref": "H5", "word": "NEST", "score": 8}
    assert data["coups"][1]["placed"] == {"ref": "8H", "word": "TA", "score": 2}
    assert data["coups"][1]["top"]["score"] >= 2
    assert set(data) == {"coups", "total"} and set(data["coups"][0]) == {"n", "tirage", "top", "placed"}


def test_a_rejet_in_a_sheet_sends_the_leftover_back(words):
    game = table(words, sheet="NETSAAE H5 NEST\n-BIRUAAE\n")
    game.close_coup()
    coup = game.current
    assert coup is not None and coup.draw.text == "-BIRUAAE" and coup.draw.leftover == ""
    # 102 tiles: 4 on the board, 7 in the draw, the rest in the bag (the leftover AAE went back).
    assert len(game.bag) == 102 - 4 - 7


@pytest.mark.parametrize(
    ("sheet", "code", "line"),
    [
        ("NETSAAE H5\n", "sheet_line", 1),
        ("NETSAAE\n\nAB+CD+E\n", "sheet_line", 3),
        ("-AB+CDE\n", "sheet_line", 1),
        ("ABCDEFGH\n", "sheet_line", 1),
        ("A1B2\n", "sheet_line", 1),
        ("NETSAAE Z99 NEST\n", "sheet_line", 1),
        ("NETSAAE H9 NETS\n", "sheet_move", 1),  # misses the centre
        ("NETSAAE H5 BIS\n", "sheet_move", 1),  # no B, no I in the draw
        ("NETSAAE H5 NEST\nAE+BIRU\n", "sheet_leftover", 2),  # the leftover is AAE
        ("KKAEIOU\n", "sheet_tiles", 1),  # one K in the French set
        ("# only a comment\n", "sheet_empty", None),
    ],
)
def test_a_bad_sheet_is_one_error_naming_the_line(words, sheet, code, line):
    with pytest.raises(DuplicateError) as caught:
        game = table(words, sheet=sheet)
        while not game.is_over:
            game.close_coup()
    assert caught.value.code == code
    if line is not None:
        assert caught.value.params["line"] == line


def test_the_time_of_the_coup(words):
    now = [100.0]
    game = DuplicateGame(["Alice"], lexicon=words, sheet=read_sheet(SHEET), seconds=60, now=lambda: now[0])
    assert game.remaining() is None  # the clock starts with the coup, not with the draw
    game.start_coup()
    now[0] = 159.0
    assert game.remaining() == pytest.approx(1.0)
    game.propose(0, "H8 SENT")
    now[0] = 161.0
    assert game.time_is_up
    with pytest.raises(DuplicateError) as caught:
        game.propose(0, "H7 ES")
    assert caught.value.code == "time_up"
    assert game.current.proposals[0].text == "H8 SENT"  # type: ignore[union-attr]
    game.close_coup()
    game.start_coup()
    assert game.remaining() == pytest.approx(60.0)


def test_the_sheet_as_text_and_json(words):
    game = table(words)
    game.propose(0, "H8 SENT")
    game.propose(1, "H8 SNET")
    game.close_coup()
    text = sheet_text(game)
    assert "NETSAAE" in text and "H5" in text and "NEST" in text
    assert "H8 SENT 8" in text and "H8 SNET 0" in text
    data = sheet_data(game)
    assert data["players"][0] == {"name": "Alice", "total": 8, "solos": 1, "percent": 100.0, "warnings": 0,
                                  "penalty": 0}
    assert data["coups"][0]["players"][1]["score"] == 0


def test_a_whole_game_on_the_french_list(french):
    game = DuplicateGame(["Alice"], lexicon=french, seed=3, seconds=None)
    while not game.is_over:
        coup = game.current
        assert coup is not None and coup.top is not None
        assert minimum_met(coup.draw.tiles, coup.draw.need)
        if coup.number <= 15:
            assert coup.draw.need == 2
        # The top is the best the generator knows.
        game.position.racks[0] = coup.draw.tiles
        assert coup.top.move.score == best_moves(game.position, 1)[0].score
        if coup.number == 1:
            assert coup.top.move.across
        game.propose(0, coup.top.move.notation())
        game.close_coup()
    assert game.end_reason == DuplicateEnd.NO_DRAW
    # Every tile is somewhere: on the board, in the bag or in the last leftover.
    on_board = Counter("?" if t.islower() else t for _r, _c, t in game.position.board.tiles())
    assert on_board + Counter(game.bag) + Counter(game.leftover) == game.rules.tile_set.as_counter()
    assert game.total(0) == game.top_total and game.percent(0) == 100.0


def test_the_same_seed_gives_the_same_game(french):
    one = DuplicateGame([], lexicon=french, seed=11, seconds=None)
    two = DuplicateGame([], lexicon=french, seed=11, seconds=None)
    for _ in range(5):
        assert one.current.draw == two.current.draw  # type: ignore[union-attr]
        one.close_coup()
        two.close_coup()
    assert replay_data(one) == replay_data(two)


def test_a_leftover_written_without_plus_is_read_out_of_the_draw(words):
    # Many sheets print the last draws without "+": AAE is the leftover of NETSAAE less NEST.
    game = table(words, sheet="NETSAAE H5 NEST\nAAE 8H TA\n")
    game.close_coup()
    coup = game.current
    assert coup is not None and (coup.draw.leftover, coup.draw.new, coup.draw.text) == ("AAE", "", "AAE+")
    game.close_coup()
    assert game.top_total == 8 + 2


PUBLISHED = Path(__file__).parent / "data" / "hiersac-2019-11-22.txt"
# The sheet's column of points, coup by coup, as printed beside each top.
PUBLISHED_POINTS = [18, 69, 25, 28, 24, 66, 24, 86, 48, 66, 32, 74, 78, 57, 103, 78, 30, 25, 27]


def test_a_published_game_replays_to_its_published_scores(french):
    from scrabble_fr.duplicate import read_sheet_file

    game = DuplicateGame([], lexicon=french, sheet=read_sheet_file(str(PUBLISHED)), seconds=None)
    while not game.is_over:
        game.close_coup()
    assert [c.placed.score for c in game.closed_coups] == PUBLISHED_POINTS  # type: ignore[union-attr]
    # 18 + 69 + 25 + 28 + 24 + 66 + 24 + 86 + 48 + 66 + 32 + 74 + 78 + 57 + 103 + 78 + 30 + 25 + 27
    assert game.top_total == 958
    # Where the list knows every word, our top reaches the published score: the first two coups
    # (BIEF 18, ÉPIEUSE with the joker 69) and the scrabble SOULEVAS (103, coup 15).
    for number in (1, 2, 15):
        assert game.coups[number - 1].top.move.score == PUBLISHED_POINTS[number - 1]  # type: ignore[union-attr]
