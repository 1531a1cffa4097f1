"""The time of a coup (FISF §1.3): "usuellement de trois minutes par coup. Ce temps peut être réduit
à deux minutes et trente secondes, à deux minutes (« semi-rapide ») ou à une minute (« blitz »)".
A club game takes only those; training takes any time from 10 seconds, and the error says the
range."""

from __future__ import annotations

import pytest

from scrabble_fr.cli import main
from scrabble_fr.duplicate import DuplicateError, DuplicateGame, DuplicateRecord
from scrabble_fr.duplicate.timing import check_time, parse_time
from scrabble_fr.messages import describe


@pytest.mark.parametrize(("text", "seconds"), [("3:00", 180.0), ("2:30", 150.0), ("2:00", 120.0), ("1:00", 60.0),
                                               ("3", 180.0), ("1", 60.0)])
def test_a_club_game_takes_the_four_times_of_the_rules(text, seconds):
    assert parse_time(text, club=True) == seconds


@pytest.mark.parametrize("text", ["1:30", "0:45", "0:10", "5:00", "0"])
def test_a_club_game_refuses_any_other_time_and_says_which_it_takes(text):
    with pytest.raises(DuplicateError) as caught:
        parse_time(text, club=True)
    assert caught.value.code == "time_club"
    message = describe(caught.value)
    assert all(allowed in message for allowed in ("3:00", "2:30", "2:00", "1:00"))


@pytest.mark.parametrize(("text", "seconds"), [("0:10", 10.0), ("0:45", 45.0), ("1:30", 90.0), ("30:00", 1800.0),
                                               ("0", None)])
def test_training_takes_any_time_from_10_seconds(text, seconds):
    assert parse_time(text) == seconds


@pytest.mark.parametrize("text", ["0:05", "0:09", "30:01", "45:00"])
def test_training_refuses_a_time_out_of_range_and_says_the_range(text):
    with pytest.raises(DuplicateError) as caught:
        parse_time(text)
    assert caught.value.code == "time_range"
    message = describe(caught.value)
    assert "0:10" in message and "30:00" in message and text in message


def test_the_game_itself_keeps_to_the_rule(words):
    assert DuplicateGame(["A"], lexicon=words, seconds=90.0).seconds == 90.0
    assert DuplicateGame(["A"], lexicon=words, seconds=150.0, club=True).club is True
    for seconds in (90.0, None):
        with pytest.raises(DuplicateError) as caught:
            DuplicateGame(["A"], lexicon=words, seconds=seconds, club=True)
        assert caught.value.code == "time_club"
    with pytest.raises(DuplicateError):
        check_time(5.0)


def test_a_saved_club_game_resumes_as_a_club_game(words):
    game = DuplicateGame(["A"], lexicon=words, seed=4, seconds=60.0, club=True)
    again = DuplicateRecord.from_json(DuplicateRecord.new(game).to_json()).rebuild(words)
    assert (again.club, again.seconds) == (True, 60.0)


@pytest.mark.parametrize(("options", "shown"), [(["--club", "--temps", "1:30"], "1:30"),
                                                (["--temps", "0:05"], "0:05")])
def test_the_command_line_refuses_a_time_the_duplicate_room_refuses(capsys, options, shown):
    status = main(["duplicate", *options, "--json"])
    err = capsys.readouterr().err
    assert status == 2 and shown in err and err.count("\n") == 1
