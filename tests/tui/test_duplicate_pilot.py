"""The duplicate screen driven by keys: alone against the top, two players at one keyboard, the
clock, the sheet, the export, and the 80×24 terminal."""

from __future__ import annotations

from textual.widgets import Input

from scrabble_fr.duplicate import DuplicateSettings, read_sheet
from scrabble_fr.tui.app import ScrabbleApp
from scrabble_fr.tui.screens.dialogs import ConfirmDialog
from scrabble_fr.tui.screens.duplicate import DuplicateScreen, SheetScreen
from scrabble_fr.tui.screens.duplicate_end import DuplicateEndScreen
from scrabble_fr.tui.screens.setup import SetupScreen
from scrabble_fr.words import WordSet

WORDS = WordSet(["NET", "NETS", "NEST", "SENT", "TA", "AS", "SA", "ES", "ET", "TE", "BIS", "BAS", "RUA"])
SHEET = "NETSAAE\nAAE+BIS 8H TA\n"


class FakeTime:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def make(players=("Alice",), seconds=60.0, clock=None) -> ScrabbleApp:
    settings = DuplicateSettings(list(players), seconds=seconds, sheet=read_sheet(SHEET))
    return ScrabbleApp(lexicon=WORDS, duplicate=settings, now=clock or FakeTime())


def screen_of(app) -> DuplicateScreen:
    assert isinstance(app.screen, DuplicateScreen)
    return app.screen


def text(app, selector: str) -> str:
    return str(app.screen.query_one(selector).render())


async def type_line(pilot, value: str) -> None:
    pilot.app.screen.query_one("#dup-input", Input).value = value
    await pilot.press("enter")
    await pilot.pause()


async def test_alone_against_the_top(tmp_path):
    app = make()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        assert screen.query_one("#dup-input", Input).has_focus
        assert "NETSAAE" in text(app, "#dup-head")
        assert screen.game.remaining() is not None  # the clock runs
        await type_line(pilot, "H8 SENT")
        message = text(app, "#dup-message")
        # The top H5 NEST, 8 points; Alice's SENT (1+1+1+1) × 2 = 8 as well: 100 % of the top.
        assert "H5 NEST, 8 points" in message
        assert "Alice\u00a0: H8 SENT, 8 points (100\u00a0% du top)" in message
        assert screen.game.position.board[7, 4] == "N"  # the top is on the board
        await pilot.press("enter")  # next coup
        await pilot.pause()
        assert "AAE+BIS" in text(app, "#dup-head")
        await pilot.press("f5")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        assert "NETSAAE" in text(app, "#sheet-text")
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("f2")  # end the coup with nothing proposed: asked first
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog) and "Alice" in str(app.screen.question)
        await pilot.press("shift+tab", "enter")  # from « Annuler » to « Finir le coup »
        await pilot.pause()
        assert screen.game.is_over
        assert "Alice\u00a0: rien" in text(app, "#dup-message")
        folder = tmp_path / "parties"
        game_id = screen.session.record.id
        exported = sorted(p.name for p in (folder / "feuilles").iterdir())
        assert exported == [f"{game_id}.json", f"{game_id}.txt"]
        # The save is untouched by the export and holds the finished game.
        from scrabble_fr.records.store import load_file

        assert load_file(folder / f"{game_id}.json").status == "terminee"
        assert screen.check_action("end_coup", ()) is False  # the footer no longer offers it
        await pilot.press("enter")  # the final ranking
        await pilot.pause()
        assert isinstance(app.screen, DuplicateEndScreen)
        table = app.screen.query_one("#dup-ranking")
        assert table.row_count == 1 and table.get_row_at(0)[1] == "Alice"
        assert "feuilles" in str(app.screen.query_one("#dup-end-export").render())
        assert "n" in app.screen.active_bindings  # a game of the app's own: a new game is offered
        await pilot.resize_terminal(80, 24)  # at 80×24 every button is whole and on screen
        await pilot.pause()
        for button in app.screen.query("Button"):
            if button.display:
                region = button.region
                assert region.height >= 1 and region.bottom <= 24 and region.right <= 80, (button.id, region)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)


async def test_two_players_enter_their_moves_privately(tmp_path):
    app = make(players=("Alice", "Bruno"))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        field = screen.query_one("#dup-input", Input)
        assert field.password  # what one types, the other does not read
        assert "Alice" in field.placeholder
        await type_line(pilot, "H8 SENT")
        assert "Bruno" in field.placeholder and screen.game.current is not None
        await type_line(pilot, "H8 SNET")  # not a word: 0
        coup = screen.game.coups[0]
        assert coup.closed and coup.solo == 0
        message = text(app, "#dup-message")
        assert "Bruno\u00a0: H8 SNET, 0" in message and "solo" in message


async def test_a_line_that_is_no_move_is_refused_and_the_player_keeps_the_keyboard():
    app = make(players=("Alice", "Bruno"))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        await type_line(pilot, "bonjour")
        assert screen.session.typist == 0 and screen.game.current.proposals == [None, None]  # type: ignore[union-attr]
        assert "bonjour" in text(app, "#dup-message")
        await pilot.press("f3")  # the keyboard to Bruno
        assert screen.session.typist == 1


async def test_the_coup_closes_when_the_time_is_up():
    clock = FakeTime()
    app = make(seconds=30.0, clock=clock)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        clock.now += 29
        screen.tick()
        assert not screen.game.coups[0].closed and "0:01" in text(app, "#dup-head")
        clock.now += 2  # beyond the coup's 30 seconds
        screen.tick()
        await pilot.pause()
        assert screen.game.coups[0].closed
        assert "Le temps est écoulé." in text(app, "#dup-message")


async def test_playable_at_80_by_24():
    app = make()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        for selector in ("#dup-board", "#dup-rack", "#dup-head", "#dup-input"):
            region = screen.query_one(selector).region
            assert region.width > 0 and region.bottom <= 24 and region.right <= 80, selector
        await type_line(pilot, "H8 SENT")
        assert screen.game.coups[0].closed


async def test_reached_from_the_set_up_screen():
    app = ScrabbleApp(lexicon=WORDS, offer_resume=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.screen.query_one("#seed", Input).value = "3"
        await pilot.press("f2")
        await pilot.pause()
        screen = screen_of(app)
        assert screen.game.players == ["Joueur 1", "Joueur 2"] and screen.game.seed == 3


async def test_a_saved_game_resumes_at_its_coup_with_its_proposals():
    from scrabble_fr.duplicate import DuplicateGame, DuplicateRecord
    game = DuplicateGame(["Alice", "Bruno"], lexicon=WORDS, sheet=read_sheet(SHEET), seconds=60)
    game.propose(0, "H8 SENT")
    game.close_coup()
    game.propose(1, "6H ES")
    record = DuplicateRecord.from_json(DuplicateRecord.new(game, lexicon="test").to_json())
    app = ScrabbleApp(lexicon=WORDS, resume=record)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        assert screen.game.current is not None and screen.game.current.number == 2
        assert screen.game.total(0) == 8
        # Bruno has proposed already: the keyboard goes to Alice, whose move is missing.
        assert screen.session.typist == 0 and screen.game.current.proposals[1].score == 2  # type: ignore[union-attr]
        await type_line(pilot, "")
        assert screen.game.is_over  # both have played the last line of the sheet


def test_resuming_with_no_saved_game_is_one_line(capsys):
    from scrabble_fr.cli import main

    assert main(["duplicate", "--reprendre"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err


async def test_alone_a_move_can_be_typed_on_the_board():
    app = make()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        await pilot.press("tab")  # from the line to the board
        board = screen.query_one("#dup-board")
        assert board.has_focus and board.cursor == (7, 7)
        await pilot.press("z")  # no Z in NETSAAE: refused, said
        assert screen.tentative == [] and "Z" in text(app, "#dup-message")
        for key in "sent":
            await pilot.press(key)
        assert [t.letter for t in screen.tentative] == list("SENT")
        assert sorted(screen.query_one("#dup-rack").used) == [0, 1, 2, 3]  # N E T S of NETSAAE
        await pilot.press("enter")
        await pilot.pause()
        # SENT from H8, as if typed "H8 SENT": (1+1+1+1) × 2 = 8.
        assert screen.game.coups[0].closed and screen.game.coups[0].proposals[0].score == 8  # type: ignore[union-attr]


async def test_at_several_players_the_board_takes_no_move():
    app = make(players=("Alice", "Bruno"))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        await pilot.press("tab", "s")
        assert screen.tentative == []
        assert "masqué" in text(app, "#dup-message") or "cach" in text(app, "#dup-message")


async def test_ending_the_coup_asks_first_when_someone_has_not_proposed():
    app = make(players=("Alice", "Bruno"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        await type_line(pilot, "H8 SENT")  # Alice has played; Bruno has not
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog) and "Bruno" in app.screen.question
        await pilot.press("escape")  # no: the coup goes on
        await pilot.pause()
        assert app.screen is screen and screen.session.accepting
        await pilot.press("f2")
        await pilot.pause()
        await pilot.press("shift+tab", "enter")
        await pilot.pause()
        assert screen.game.coups[0].closed and screen.game.total(0) == 8


async def test_a_warning_is_shown_with_the_players_result():
    # NETSAAE has no joker: a circled s is "une autre lettre que celle dont le joker tient lieu"
    # (FISF §5.5). The first coup still pays SENT's best score, 8 (§5.4.2a), with a warning.
    app = make()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await type_line(pilot, "H8 sENT")
        message = text(app, "#dup-message")
        assert "Alice\u00a0: H8 SENT, 8 points" in message
        assert "avertissement\u00a0: joker marqué sur une autre lettre" in message
        assert screen_of(app).game.coups[0].warnings(0)


async def test_a_joker_game_says_so_and_tells_the_joker_swapped_at_80_by_24(tmp_path):
    # H5 NeTS puts a joker as the E on H6; the bag still holds E: before the next draw the board's
    # joker becomes a real E, and the joker comes back in the next draw.
    from scrabble_fr.duplicate import Variant

    settings = DuplicateSettings(["Alice"], seconds=60.0, sheet=read_sheet("NETS?AE H5 NeTS\nAEE+?BIS\n"),
                                 variant=Variant.JOKER)
    app = ScrabbleApp(lexicon=WORDS, duplicate=settings, now=FakeTime())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Partie joker" in text(app, "#dup-head")
        await type_line(pilot, "H5 NeTS")
        assert "Joker échangé\u00a0: E" in text(app, "#dup-head")
        assert screen_of(app).game.position.board[7, 5] == "E"
        await pilot.press("enter")
        await pilot.pause()
        assert "AEE+?BIS" in text(app, "#dup-head")


async def test_seven_of_eight_shows_the_eight_tiles_whole_at_80_by_24():
    # Eight tiles of four columns each, the last one's trailing space aside: 31 columns.
    from scrabble_fr.duplicate import Variant
    from scrabble_fr.tui.widgets.rack import RackView

    settings = DuplicateSettings(["Alice"], seconds=60.0, sheet=read_sheet("NETSAAEB", rack_size=8),
                                 variant=Variant.SEVEN_OF_EIGHT)
    app = ScrabbleApp(lexicon=WORDS, duplicate=settings, now=FakeTime())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "7 sur 8" in text(app, "#dup-head")
        rack = app.screen.query_one("#dup-rack", RackView)
        assert len(rack.tiles) == 8 and rack.size.width >= 31
        assert rack.region.right <= 80
