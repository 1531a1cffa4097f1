"""The review screen driven by keys at 80×24: R on a classic game's end screen, a duplicate
game coup by coup, in French and in English."""

from __future__ import annotations

from textual.app import App
from textual.widgets import DataTable

from scrabble_fr.duplicate import DuplicateGame, read_sheet
from scrabble_fr.i18n import set_language
from scrabble_fr.tui.screens.game_review import GameReviewScreen
from scrabble_fr.words import WordSet

WORDS = ["NET", "NETS", "NEST", "SENT", "TA", "AS", "SA", "ES", "ET", "TE", "BIS", "BAS", "RUA"]


def shown(app: App[None]) -> str:
    return str(app.screen.query_one("#gr-compare").render())


class Host(App[None]):
    def __init__(self, screen: GameReviewScreen) -> None:
        super().__init__()
        self.first = screen

    def on_mount(self) -> None:
        self.push_screen(self.first)


def duplicate_game() -> DuplicateGame:
    game = DuplicateGame(["Alice", "Bruno"], lexicon=WordSet(WORDS), sheet=read_sheet("NETSAAE\nAAE+BIS 8H TA\n"),
                         seconds=90)
    game.propose(0, "H8 SENT")
    game.propose(1, "H8 NET")
    game.close_coup()
    game.close_coup()
    return game


async def test_a_duplicate_game_steps_coup_by_coup_against_the_top_in_both_languages():
    for language, played, best in (("fr", "Joué", "Meilleur"), ("en", "Played", "Best")):
        set_language(language)
        game = duplicate_game()
        app = Host(GameReviewScreen(game, game.position.lexicon, "duplicate", endgame_seconds=None))
        async with app.run_test(size=(80, 24)) as pilot:
            await app.workers.wait_for_complete()
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameReviewScreen) and screen.review is not None
            table = screen.query_one("#gr-moves", DataTable)
            assert table.row_count == 4  # two coups, two players
            first = shown(app)
            assert "Alice" in first and played in first and best in first
            await pilot.press("right")
            await pilot.pause()
            bruno = shown(app)
            assert "Bruno" in bruno and "H8 NET" in bruno and table.cursor_row == 1
            top = game.coups[0].top
            assert top is not None and str(top.move.score - game.coups[0].points(1)) in bruno
            # The board shows the move played, then the best with m.
            board = screen.query_one("#gr-board")
            assert board.picture.last_move == frozenset((t.row, t.col) for t in screen.review.moves[1].played_tiles)
            await pilot.press("m")
            await pilot.pause()
            assert board.picture.last_move == frozenset((t.row, t.col) for t in top.move.tiles)
            await pilot.press("end")
            await pilot.pause()
            assert table.cursor_row == 3
            # Nothing cut at 80 columns: every line of the panel fits, none starts with a colon.
            for line in shown(app).splitlines():
                assert len(line) <= 78 and not line.lstrip().startswith((":", "?"))
    set_language("fr")


async def test_r_on_the_end_screen_reviews_the_game_at_80_by_24(rig, mini_rules):
    from scrabble_fr.match.config import GameConfig
    from scrabble_fr.tui.app import ScrabbleApp
    from scrabble_fr.tui.screens.end import EndScreen

    config = GameConfig.from_spec("Alice,ordi:5", seed=5, rules=mini_rules("ffsc", "KWZ" + "AEINRST"))
    words = WordSet(["ENTRAIS"])
    app = ScrabbleApp(config, lexicon=words)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = app.screen.game
        rig(game, ["KWZ", "AEINRST"])
        await pilot.press(*"passer", "enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("f5")
        await pilot.pause()
        assert isinstance(app.screen, EndScreen)
        saved = app.screen.match.record
        assert saved is not None
        await pilot.press("R")
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameReviewScreen) and screen.review is not None
        moves = screen.review.moves
        assert [m.player for m in moves] == ["Alice", "Ordi 5"]
        assert moves[0].played == "-" and moves[0].best == "-"  # KWZ makes no word
        assert moves[1].best is not None and moves[1].loss == 0 and "ENTRAIS" in moves[1].played
        # The game's loss is kept under the saved game's id, as revoir ID keeps it, not under the
        # players' names (another game of the same players would have replaced it).
        from scrabble_fr.training.deck import Deck

        with Deck() as deck:
            assert [game for game, _loss in deck.progress("Alice", "").losses] == [saved.id]
        await pilot.press("right")
        await pilot.pause()
        assert "ENTRAIS" in shown(app) and "perte 0" in shown(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, EndScreen)


async def test_a_damaged_deck_is_said_and_the_review_shown_all_the_same():
    from scrabble_fr.training.deck import deck_folder

    deck_folder().mkdir(parents=True)
    (deck_folder() / "cartes.sqlite3").write_bytes(b"not a deck " * 20)
    game = duplicate_game()
    app = Host(GameReviewScreen(game, game.position.lexicon, "duplicate", endgame_seconds=None))
    said: list[str] = []
    app.notify = lambda message, **kw: said.append(message)  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameReviewScreen) and screen.review is not None
        assert screen.query_one("#gr-moves", DataTable).row_count == 4
        assert any("cartes.sqlite3" in message for message in said)
