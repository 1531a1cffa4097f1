"""The topping screen driven by keys at 80×24: a try that is not the top, a hint shown on the
board, the top found, a coup given up, bad input, the game resumed; in French and in English.

Seed 4 with this word list: coup 1 -CAANSIB (top H6 BAS, 10 points), coup 2 ACIN+HST (top G7 SA)."""

from __future__ import annotations

from textual.widgets import Input

from scrabble_fr.i18n import set_language
from scrabble_fr.records.recorder import LocalSave
from scrabble_fr.training.save import ToppingRecord
from scrabble_fr.training.topping import ToppingSettings
from scrabble_fr.tui.app import ScrabbleApp
from scrabble_fr.tui.screens.topping import ToppingScreen
from scrabble_fr.words import WordSet

WORDS = WordSet(["NET", "NETS", "NEST", "SENT", "TA", "AS", "SA", "ES", "ET", "TE", "BIS", "BAS", "RUA"])


class FakeTime:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def make(clock: FakeTime, seconds: float = 60.0) -> ScrabbleApp:
    return ScrabbleApp(lexicon=WORDS, topping=ToppingSettings("Alice", seed=4, seconds=seconds), now=clock)


def screen_of(app) -> ToppingScreen:
    assert isinstance(app.screen, ToppingScreen)
    return app.screen


def text(app, selector: str) -> str:
    return str(app.screen.query_one(selector).render())


async def type_line(pilot, value: str) -> None:
    pilot.app.screen.query_one("#top-input", Input).value = value
    await pilot.press("enter")
    await pilot.pause()


async def test_a_topping_game_at_80_by_24():
    clock = FakeTime()
    app = make(clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        for selector in ("#top-board", "#top-rack", "#top-head", "#top-tries", "#top-message", "#top-input"):
            region = screen.query_one(selector).region
            assert region.bottom <= 24 and region.right <= 80, selector
        assert "CAANSIB" in text(app, "#top-head") and "Temps restant\u00a0: 1:00" in text(app, "#top-head")
        clock.now = 3.0
        await type_line(pilot, "H7 AS")
        assert text(app, "#top-message") == "H7 AS\u00a0: 4 points, pas le top."
        assert "H7 AS 4" in text(app, "#top-tries")
        await type_line(pilot, "ZZZ")  # no placement: one line, nothing counted
        assert len(text(app, "#top-message").splitlines()) == 1 and len(screen.session.current.tries) == 1
        await pilot.press("f2")
        await pilot.pause()
        assert text(app, "#top-message") == "Indice\u00a0: B en H6 (10 s de moins à l'horloge)."
        assert screen.query_one("#top-board").picture.tentative == ((7, 5, "B"),)
        clock.now = 5.0
        await type_line(pilot, "H6 BAS")
        assert "Top trouvé en 15 s\u00a0: H6 BAS, 10 points." in text(app, "#top-message")
        assert screen.session.game.position.board[7, 5] == "B"
        await pilot.press("enter")  # the next draw
        await pilot.pause()
        assert "ACIN+HST" in text(app, "#top-head")
        clock.now = 8.0
        await pilot.press("f3")  # give up
        await pilot.pause()
        assert "Top non trouvé" in text(app, "#top-message")
        assert "Total\u00a0: 135 s, 1/2 tops" in text(app, "#top-head")
        assert screen.check_action("hint", ()) is False  # nothing to hint at during the review


async def test_the_time_running_out_ends_the_coup():
    clock = FakeTime()
    app = make(clock, seconds=20.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        clock.now = 21.0
        await pilot.pause(0.4)
        screen = screen_of(app)
        assert screen.session.review is not None and screen.session.review.count == 80
        assert "Le temps est écoulé." in text(app, "#top-message")


async def test_the_clock_stops_while_the_help_is_open():
    clock = FakeTime()
    app = make(clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        clock.now = 5.0
        await pilot.press("f1")
        await pilot.pause()
        assert app.screen is not screen
        clock.now = 65.0  # a minute reading the help: not the coup's time
        await pilot.pause(0.4)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and screen.session.review is None
        assert screen.session.watch.elapsed() == 5.0
        clock.now = 7.0 + 60.0
        assert screen.session.watch.elapsed() == 7.0


async def test_in_english():
    set_language("en")
    clock = FakeTime()
    app = make(clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        clock.now = 2.0
        await type_line(pilot, "H7 AS")
        assert text(app, "#top-message") == "H7 AS: 4 points, not the top."
        await pilot.press("f2")
        await pilot.pause()
        assert text(app, "#top-message") == "Hint: B on H6 (10 s off the clock)."


async def test_a_saved_game_resumes_at_its_coup(tmp_path):
    clock = FakeTime()
    app = make(clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        clock.now = 4.0
        await type_line(pilot, "H7 AS")
        record_id = screen_of(app).session.record.id
    from scrabble_fr.records.store import RecordStore

    record = RecordStore(tmp_path / "parties").load(record_id)
    assert isinstance(record, ToppingRecord) and record.current["elapsed"] == 4.0
    again = ScrabbleApp(lexicon=WORDS, resume=record, now=clock)
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = screen_of(again)
        assert [t.text for t in screen.session.current.tries] == ["H7 AS"]
        assert "Temps restant\u00a0: 0:56" in text(again, "#top-head")


async def test_an_unfinished_topping_game_is_offered_at_start(tmp_path):
    from scrabble_fr.records.store import RecordStore
    from scrabble_fr.training.topping import ToppingSession
    from scrabble_fr.tui.screens.dialogs import ResumeDialog

    clock = FakeTime()
    session = ToppingSession.create(ToppingSettings("Alice", seed=4), WORDS,
                                    recorder=LocalSave(RecordStore(tmp_path / "parties")), now=clock)
    session.start()
    session.give_up()
    session.close()
    fresh = ScrabbleApp(lexicon=WORDS, now=clock)
    async with fresh.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(fresh.screen, ResumeDialog)
        assert "Une partie de topping de Alice n'a pas été finie" in fresh.screen.description
        assert "1 coup joué" in fresh.screen.description
        await pilot.click("#resume")
        await pilot.pause()
        screen = screen_of(fresh)
        assert screen.session.total == 120 and screen.session.current.number == 2


async def test_a_move_scoring_as_much_as_the_top_is_named_as_a_top():
    # H8 BIS scores the 10 points of the top H6 BAS: the player's move is the top they found,
    # the board's top named after it, in both languages, the whole message on screen.
    for language, said, other, side in (
            ("fr", "Votre coup est un top, trouvé en 3 s\u00a0: H8 BIS, 10 points.",
             "Autre top\u00a0: H6 BAS, 10 points.",
             "Top\u00a0: 10 points\nVotre coup\u00a0: BIS\nAutre top\u00a0: BAS"),
            ("en", "Your move is a top, found in 3 s: H8 BIS, 10 points.", "Other top: H6 BAS, 10 points.",
             "Top: 10 points\nYour move: BIS\nOther top: BAS")):
        set_language(language)
        clock = FakeTime()
        app = make(clock)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            clock.now = 3.0
            await type_line(pilot, "H8 BIS")  # the French rules' notation in both languages
            message = text(app, "#top-message").splitlines()
            assert message[:3] == [said, other, "Coup 1\u00a0: 3 s\u00a0; total 3 s." if language == "fr"
                                   else "Coup 1: 3 s; total 3 s."]
            assert text(app, "#top-tries") == side
            column = app.screen.query_one("#top-tries")
            assert all(len(line) <= column.content_region.width for line in side.splitlines())
            region = app.screen.query_one("#top-message").region
            assert region.bottom <= 23 and region.height >= len(message)
