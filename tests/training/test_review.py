"""``scrabble-fr revoir`` and ``review_game``: each move judged against the best of its position
(checked against ``analyser`` on the same positions), unknown racks left unjudged, duplicate
games coup by coup against the top, bad input refused on one line."""

from __future__ import annotations

import io
import json
from collections import Counter

import pytest

from scrabble_fr.cli import main
from scrabble_fr.duplicate import DuplicateGame, DuplicateRecord, read_sheet
from scrabble_fr.engine.game import Game
from scrabble_fr.engine.position import Position
from scrabble_fr.engine.rules import Rules
from scrabble_fr.player.computer import GOING_OUT, leaves_for
from scrabble_fr.records.gcg import parse_gcg
from scrabble_fr.records.save import SavedGame
from scrabble_fr.records.store import RecordStore
from scrabble_fr.training.review import review_game
from scrabble_fr.words import WordSet

# A French and an English game from the corpus, every rack of both players known or nearly.
CORPUS_FILES = {"webappwarriors__GetGCG.FRA24.TfnqTZkYPL.gcg": ("ffsc", "fr"),
                "liwords__stats_doug_vs_emely.gcg": ("hasbro", "en")}
CHECKED = 8  # the first moves of each game checked against analyser (the time of the tests)
JSON_MOVE_KEYS = {"n", "player", "played", "score", "best", "best_score", "loss", "missed_bingo"}


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def _kept(rack: str, tiles: list[list[object]]) -> str:
    left = Counter(rack)
    left.subtract("?" if blank else str(letter) for _row, _col, letter, blank in tiles)
    return "".join(sorted(left.elements()))


@pytest.mark.parametrize("name", sorted(CORPUS_FILES))
def test_revoir_json_best_moves_agree_with_analyser(gcg_corpus, name):
    preset, language = CORPUS_FILES[name]
    path = gcg_corpus / name
    status, out, err = run("revoir", str(path), "--json", "--reflexion", "0.2", "--langue", language)
    assert status == 0, err
    review = json.loads(out)
    moves = review["moves"]
    assert moves and all(JSON_MOVE_KEYS <= set(move) for move in moves)
    record = parse_gcg(path.read_text(encoding="utf-8"))
    rules = Rules.preset(preset)
    leaves = leaves_for(rules, fitted=True)
    # The positions again, independently of the review: the review's boards are the record's.
    from scrabble_fr.records.replay import steps

    _rules, record_steps = steps(record)
    turns = [step for step in record_steps if step.event.kind in ("place", "pass", "exchange")]
    assert len(turns) == len(moves)
    judged = 0
    for move, step in list(zip(moves, turns, strict=True))[:CHECKED]:
        assert move["score"] == step.event.score or record_steps[record_steps.index(step) + 1].event.kind == "withdrawn"
        if move["best"] is None:
            assert move["loss"] is None and move["best_score"] is None
            continue
        judged += 1
        assert move["loss"] == move["best_score"] - move["score"]
        position = Position(rules, racks=[move["rack"], ""])
        position.board.squares = list(step.before)
        status, out, err = run("analyser", "--position", position.to_cgp(), "--top", "400", "--json",
                               "--regles", preset, "--langue", language)
        assert status == 0, err
        listed = json.loads(out)
        if not listed:
            assert move["best"] == "-"
            continue
        # The best is a move analyser lists, with the same score, and none ranks higher by score
        # plus the worth of the tiles it keeps (going out, with the bag empty).
        bag = position.bag_estimate()

        def equity(entry: dict[str, object], bag: int = bag, rack: str = move["rack"]) -> float:
            kept = _kept(rack, entry["tiles"])  # type: ignore[arg-type]
            score = float(entry["score"])  # type: ignore[arg-type]
            return score + (leaves.value(kept) if bag else (0.0 if kept else GOING_OUT))

        by_move = {entry["move"]: entry for entry in listed}
        assert move["best"] in by_move, move
        assert by_move[move["best"]]["score"] == move["best_score"]
        assert equity(by_move[move["best"]]) == pytest.approx(max(equity(entry) for entry in listed))
        bingos = [entry for entry in listed if len(entry["tiles"]) == rules.rack_size]
        if move["missed_bingo"]:
            assert by_move[move["missed_bingo"]]["score"] == max(entry["score"] for entry in bingos)
        elif len(move["rack"]) == rules.rack_size and bingos:
            assert len(move["played"].split()[-1]) >= rules.rack_size  # a scrabble was played
    assert judged >= CHECKED // 2
    for name_, summary in review["players"].items():
        mine = [m for m in moves if m["player"] == name_]
        assert summary["moves"] == len(mine)
        assert summary["loss"] == sum(m["loss"] or 0 for m in mine)
        assert summary["missed_bingos"] == sum(1 for m in mine if m["missed_bingo"])


WORDS = WordSet(["NET", "NETS", "SENT", "TENS", "ANE", "ANES", "SANE", "ETA", "ETAS", "TE", "ES", "SA", "AS"], "mini")


def test_missed_words_are_the_best_moves_words_the_move_played_lacked():
    record = parse_gcg("#player1 ana Ana\n#player2 bob Bob\n"
                       ">ana: EENSTTT 8H NET +6 6\n"
                       ">bob: AAEESTT 9H ES +5 5\n")
    review = review_game(record, WORDS, endgame_seconds=None)
    assert [m.player for m in review.moves] == ["Ana", "Bob"] and all(m.judged for m in review.moves)
    first = review.moves[0]
    assert first.loss == first.best_score - first.score
    assert set(review.missed_words("Ana")) <= {"NETS", "SENT", "TENS"}
    for move in review.moves:
        # Missed words only where the best scored more; never a word the move played made.
        if (move.loss or 0) <= 0:
            assert move.missed_words == [] or move.missed_bingo
        assert not set(move.missed_words) & set(move.played_words)


def test_unknown_racks_are_not_judged_never_guessed(tmp_path):
    # An unfinished table's export leaves the racks out; a partial rack with tiles in the bag
    # (an observer's notes) is as unknown.
    record = parse_gcg("#player1 ana Ana\n#player2 bob Bob\n"
                       ">ana: 8H NET +6 6\n"
                       ">bob: AE 9H AE +4 4\n")
    review = review_game(record, WORDS, endgame_seconds=None)
    assert [(m.best, m.best_score, m.loss) for m in review.moves] == [(None, None, None)] * 2
    assert review.summary("Ana").judged == 0 and review.summary("Ana").moves == 1
    path = tmp_path / "sans.gcg"
    path.write_text("#player1 ana Ana\n#player2 bob Bob\n>ana: 8H NET +6 6\n", encoding="utf-8")
    status, out, err = run("revoir", str(path), "--json", "--langue", "en")
    assert status == 0, err
    move = json.loads(out)["moves"][0]
    assert (move["best"], move["best_score"], move["loss"], move["played"]) == (None, None, None, "8H NET")
    status, out, _err = run("revoir", str(path))
    assert "tirage inconnu" in out


def test_a_withdrawn_move_scored_nothing():
    record = parse_gcg(">ana: ENST 8H NET +6 6\n>ana: ENST -- -6 0\n>bob: AEST 8H ETAS +8 8\n")
    review = review_game(record, WORDS, endgame_seconds=None)
    assert [(m.player, m.played, m.score) for m in review.moves][:2] == [("ana", "8H NET", 0), ("bob", "8H ETAS", 8)]


def _duplicate(words: WordSet) -> DuplicateGame:
    game = DuplicateGame(["Alice", "Bruno"], lexicon=words, sheet=read_sheet("NETSAAE\nAAE+BIS 8H TA\n"), seconds=90)
    game.propose(0, "H8 SENT")  # Alice finds a top
    game.propose(1, "H8 NET")  # Bruno misses the S
    game.close_coup()
    game.propose(0, "6H ES")
    game.close_coup()
    return game


def test_a_duplicate_game_is_reviewed_coup_by_coup_against_the_top():
    game = _duplicate(WordSet(["AS", "SA", "ES", "ET", "TE", "NET", "NETS", "NEST", "SENT", "BIS", "RUA", "BAS", "TA"]))
    review = review_game(game, game.position.lexicon)
    assert review.duplicate and review.players == ["Alice", "Bruno"]
    coup_one = [m for m in review.moves if m.rack == game.coups[0].draw.tiles.upper()]
    top = game.coups[0].top
    assert top is not None
    for move in coup_one:
        assert move.best_score == top.move.score and move.loss == top.move.score - move.score
    alice, bruno = coup_one
    assert alice.loss == 0 and alice.missed_words == []
    assert bruno.score == game.coups[0].points(1) and bruno.loss > 0
    assert bruno.missed_words == [w for w in (word.text.upper() for word in top.move.words) if w != "NET"]
    # Bruno proposed nothing on the second coup: the whole top is missed.
    assert review.moves_of("Bruno")[1].played == "-" and review.moves_of("Bruno")[1].score == 0


def test_revoir_reads_a_saved_duplicate_game_and_a_saved_classic_game(tmp_path, monkeypatch):
    listed = ["AS", "SA", "ES", "ET", "TE", "NET", "NETS", "NEST", "SENT", "BIS", "RUA", "BAS", "TA"]
    words = WordSet(listed, "test")
    monkeypatch.setenv("SCRABBLE_FR_PARTIES", str(tmp_path / "parties"))
    listfile = tmp_path / "mots.txt"
    listfile.write_text("\n".join(listed) + "\n", encoding="utf-8")
    game = _duplicate(words)
    store = RecordStore(tmp_path / "parties")
    record = DuplicateRecord.new(game, lexicon=str(listfile))
    store.save(record)
    status, out, err = run("revoir", record.id, "--json")
    assert status == 0, err
    data = json.loads(out)
    assert data["kind"] == "duplicate" and set(data["players"]) == {"Alice", "Bruno"}
    assert data["players"]["Bruno"]["loss"] > 0 and data["players"]["Alice"]["moves"] == 2
    # A classic saved game: its GCG record, the racks known, each move judged.
    classic = Game(["Alice", "Bruno"], seed=7)
    classic.play("H8 PILE")
    classic.pass_()
    store.save(SavedGame.new(classic, [("Alice", None), ("Bruno", None)], game_id="20260101-000000-rvw"))
    status, out, err = run("revoir", "20260101-000000-rvw", "--json")
    assert status == 0, err
    moves = json.loads(out)["moves"]
    assert [m["played"] for m in moves] == ["H8 PILE", "-"]
    assert all(m["best"] is not None and m["loss"] == m["best_score"] - m["score"] for m in moves)
    status, out, err = run("revoir", "dernier")
    assert status == 0 and "Revue de la partie" in out and "Alice" in out
    # With --simulation the best is the Master's choice, with its chances of winning.
    status, out, err = run("revoir", "dernier", "--simulation", "--reflexion", "0.05", "--json")
    assert status == 0, err
    first = json.loads(out)["moves"][0]
    assert first["best"] is not None and 0.0 <= first["best_win_chance"] <= 1.0
    assert first["loss"] == first["best_score"] - first["score"]


@pytest.mark.parametrize("argv, needle", [
    (("revoir", "inconnue"), "ni une partie sauvegardée"),
    (("revoir", "absent.gcg"), "absent.gcg"),
    (("revoir", "{empty}"), "aucun coup"),
    (("revoir", "{gcg}", "--reflexion", "0"), "« 0 » n'est pas un nombre de secondes supérieur à 0"),
    (("revoir", "{gcg}", "--reflexion", "inf"), "« inf » n'est pas un nombre de secondes"),  # it would never end
    (("revoir", "{polish}"), "polish"),
    (("revoir",), "revoir"),
    (("revoir", "{gcg}", "--ecran"), "terminal"),  # the screen needs one
])
def test_bad_input_is_one_line_exit_2(tmp_path, argv, needle):
    gcg = tmp_path / "ok.gcg"
    gcg.write_text(">ana: ENST 8H NET +6 6\n", encoding="utf-8")
    empty = tmp_path / "vide.gcg"
    empty.write_text("#player1 ana Ana\n", encoding="utf-8")
    polish = tmp_path / "pl.gcg"
    polish.write_text("#tile-distribution polish\n>ana: ENST 8H NET +6 6\n", encoding="utf-8")
    args = [a.format(gcg=gcg, empty=empty, polish=polish) for a in argv]
    status, out, err = run(*args)
    assert status == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err
    assert needle in err and err.startswith("scrabble-fr")
    assert not (tmp_path / "parties").exists() or not any((tmp_path / "parties").iterdir())
