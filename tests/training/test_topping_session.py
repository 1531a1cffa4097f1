"""The topping session without a screen, on rigged draws: found at t, not found, a hint's cost,
bad input told in one line and changing nothing.

The draws are fixed by a sheet without moves, so that the board receives our top: coup 1
NETSAAE (top H5 NEST, 8 points; SENT and NETS score as much), coup 2 AAE+BIS (top I6 SA, 8),
coup 3 ABEI+UR (top 8G ET), then the sheet ends.
"""

from __future__ import annotations

import pytest

from scrabble_fr.duplicate import DuplicateGame, read_sheet
from scrabble_fr.engine.errors import ScrabbleError
from scrabble_fr.records.recorder import LocalSave
from scrabble_fr.records.store import RecordStore, new_id
from scrabble_fr.training.errors import TrainingError
from scrabble_fr.training.save import ToppingRecord
from scrabble_fr.training.topping import ToppingSession, ToppingSettings

SHEET = "NETSAAE\nAAE+BIS\nABEI+UR\n"


def rigged(words, clock, seconds=60.0) -> ToppingSession:
    game = DuplicateGame([], lexicon=words, sheet=read_sheet(SHEET), seconds=seconds, now=clock)
    record = ToppingRecord(id=new_id(), player="Alice", rules={}, seed=game.seed, seconds=seconds)
    session = ToppingSession(game, record, seconds=seconds, now=clock)
    session.start()
    return session


def test_a_top_found_at_t_counts_t_and_goes_on_the_board(words, clock):
    s = rigged(words, clock)
    clock.now += 4.0
    outcome = s.propose("H8 NET")  # 3 tiles doubled: 6 points, not the 8 of the top
    assert outcome.messages == ("H8 NET\u00a0: 6 points, pas le top.",)
    assert s.accepting and [t.score for t in s.current.tries] == [6]
    clock.now += 7.5  # 11.5 s into the coup
    outcome = s.propose("H8 SENT")  # an iso-top is the top
    coup = s.review
    assert coup.found and coup.count == 12 and s.total == 12
    # The player's move is named as the top they found, the board's top after it as another.
    assert outcome.messages[:2] == ("Votre coup est un top, trouvé en 12 s\u00a0: H8 SENT, 8 points.",
                                    "Autre top\u00a0: H5 NEST, 8 points.")
    # Our top went on the board, not the iso-top proposed.
    assert "".join(s.game.position.board[7, col] or "" for col in range(4, 8)) == "NEST"


def test_the_top_itself_found_is_named_once(words, clock):
    s = rigged(words, clock)
    clock.now += 3.0
    outcome = s.propose("H5 NEST")
    assert outcome.messages[0] == "Top trouvé en 3 s\u00a0: H5 NEST, 8 points."
    assert "Autre top" not in outcome.text and not s.review.other_top


def test_the_move_that_found_the_top_is_saved_and_replayed(words, clock, tmp_path):
    # Seed 4 draws -CAANSIB: the top H6 BAS, 10 points; H8 BIS scores as much elsewhere.
    s = ToppingSession.create(ToppingSettings("Alice", seed=4), words, recorder=LocalSave(RecordStore(tmp_path)),
                              now=clock)
    s.start()
    s.propose("H8 BIS")
    s.close()
    assert s.record.coups[0]["played"] == "H8 BIS"
    back = ToppingSession.from_record(ToppingRecord.from_json(s.record.to_json()), words, now=clock)
    assert back.closed[0].other_top and back.closed[0].played.move.word == "BIS"
    assert back.coup_lines(back.closed[0])[1] == "Autre top\u00a0: H6 BAS, 10 points."
    # A record written before the move was kept reads as the top found, as it did.
    old = ToppingRecord.from_json(s.record.to_json())
    del old.coups[0]["played"]
    back = ToppingSession.from_record(old, words, now=clock)
    assert back.closed[0].found and back.closed[0].played is None
    assert back.coup_lines(back.closed[0])[0] == "Top trouvé en 1 s\u00a0: H6 BAS, 10 points."


def test_a_hint_shows_a_letter_of_the_top_and_its_square_and_costs_ten_seconds(words, clock):
    s = rigged(words, clock)
    clock.now += 2.0
    outcome = s.hint()
    assert outcome.messages == ("Indice\u00a0: N en H5 (10 s de moins à l'horloge).",)
    assert s.remaining() == 48.0
    clock.now += 3.0
    s.propose("H5 NEST")
    assert s.review.found and s.review.count == 15 and s.review.hints == 1  # 2 + 10 + 3


def test_a_hint_can_run_the_time_out(words, clock):
    s = rigged(words, clock, seconds=15.0)
    clock.now += 6.0
    outcome = s.hint()
    assert outcome.messages[1] == "Le temps est écoulé."
    assert s.review.found is False and s.review.count == 75  # 15 + 60


def test_every_letter_shown_then_no_more_hints(words, clock):
    s = rigged(words, clock, seconds=120.0)
    for _ in range(4):
        s.hint()
    with pytest.raises(TrainingError) as caught:
        s.hint()
    assert str(caught.value) == "every letter of the top is already shown"
    assert s.current.hints == 4


def test_giving_up_counts_as_not_found(words, clock):
    s = rigged(words, clock)
    clock.now += 5.0
    s.give_up()
    assert s.review.found is False and s.review.count == 120


def test_bad_input_is_refused_and_changes_nothing(words, clock):
    s = rigged(words, clock)
    clock.now += 3.0
    for text in ("ZZZ", "H8 BIS", "", "Z99 NET"):
        with pytest.raises(ScrabbleError):
            s.propose(text)
    assert s.current.tries == [] and s.accepting
    # A word outside the list is a try scoring 0, told why.
    outcome = s.propose("H8 TEN")
    assert outcome.messages == ("H8 TEN\u00a0: 0 (absent de la liste de mots\u00a0: TEN), pas le top.",)
    s.propose("H8 NEST")
    with pytest.raises(TrainingError) as caught:
        s.propose("H8 NET")
    assert caught.value.code == "topping_closed"


def test_the_game_ends_with_the_sheet_and_its_total(words, clock):
    s = rigged(words, clock)
    while not s.is_over:
        clock.now += 5.0
        outcome = s.give_up()
        s.next_coup()
    assert len(s.closed) == 3 and s.total == 360
    assert outcome.messages[-1] == "La partie de topping est finie\u00a0: 360 s en 3 coups, 0 top trouvé."
    with pytest.raises(TrainingError):
        s.propose("H8 NET")


def test_a_game_with_no_clock_is_refused(words):
    with pytest.raises(TrainingError) as caught:
        ToppingSession.create(ToppingSettings("Alice", seconds=0), words)
    assert caught.value.code == "topping_no_clock"


def test_a_time_out_of_range_is_refused_in_the_toppings_words(words):
    # As the command line says it: the duplicate's range, without its « 0 for no clock ».
    with pytest.raises(TrainingError) as caught:
        ToppingSession.create(ToppingSettings("Alice", seconds=5), words)
    assert caught.value.code == "topping_time_range" and caught.value.params["text"] == "0:05"
