"""Whole turns played through the interface, as players would: keys, command line and clicks.

With seed 7 (French rules) Alice draws IELTABP and Bruno CKRAOEA.
"""

from __future__ import annotations

from textual.widgets import Checkbox, DataTable, Input

from scrabble_fr.engine.game import EventKind, Phase
from scrabble_fr.tui.screens.dialogs import ConfirmDialog, ExchangeDialog, ManualVerifyDialog
from scrabble_fr.tui.screens.end import EndScreen
from scrabble_fr.tui.screens.game import GameScreen
from scrabble_fr.tui.widgets.board import BoardView
from scrabble_fr.tui.widgets.history import HistoryView
from scrabble_fr.tui.widgets.rack import RackView

WORDS = {"PILE", "PILES", "BAL", "ARC", "CRAPE"}


async def type_command(pilot, text: str) -> None:
    command = pilot.app.screen.query_one("#command", Input)
    command.focus()
    command.value = text
    await pilot.press("enter")
    await pilot.pause()


def game_screen(app) -> GameScreen:
    assert isinstance(app.game_screen, GameScreen)
    return app.game_screen


def message(app) -> str:
    return str(game_screen(app).query_one("#message").render())


async def test_opens_on_first_turn_with_rack_and_command_line_focused(make_app):
    app = make_app(words=WORDS)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        assert screen.query_one("#command", Input).has_focus
        rack = screen.query_one("#rack", RackView)
        assert "".join(tile for tile, _value in rack.tiles) == "IELTABP"
        assert not rack.hidden
        assert len(screen.game.bag) == 88


async def test_command_line_move_is_announced_then_accepted(make_app):
    app = make_app(words=WORDS)
    async with app.run_test(size=(100, 30)) as pilot:
        await type_command(pilot, "H8 PILE")
        game = game_screen(app).game
        assert game.phase is Phase.ANNOUNCED
        assert game_screen(app).query_one("#announce").display
        assert "PILE" in str(game_screen(app).query_one("#announce-text").render())
        await pilot.press("f3")  # accept
        await pilot.pause()
        assert game.phase is Phase.TURN and game.to_move == 1
        assert game.scores == [12, 0]  # P on H8 (double word): (3+1+1+1) × 2
        assert len(game.racks[0]) == 7 and len(game.bag) == 84
        assert len(game_screen(app).query_one("#history", HistoryView).lines) == 1


async def test_illegal_move_is_refused_with_reason_and_nothing_changes(make_app):
    app = make_app(words=WORDS)
    async with app.run_test(size=(100, 30)) as pilot:
        game = game_screen(app).game
        before = (game.position.to_cgp(), game.bag)
        await type_command(pilot, "A1 PILE")
        assert (game.position.to_cgp(), game.bag) == before
        assert "H8" in message(app)  # the first word must cover the centre square H8
        await type_command(pilot, "H8 ZOO")
        assert (game.position.to_cgp(), game.bag) == before
        assert "Z" in message(app)


async def test_contested_invalid_move_is_withdrawn_automatic(make_app):
    app = make_app(words=WORDS)
    async with app.run_test(size=(100, 30)) as pilot:
        await type_command(pilot, "H8 PLIE")  # not in the word list
        await pilot.press("f2")  # Bruno contests
        await pilot.pause()
        game = game_screen(app).game
        assert game.history[-1].kind is EventKind.WITHDRAWN
        assert game.scores == [0, 0]
        assert game.board.is_empty() and sorted(game.racks[0]) == sorted("IELTABP")
        assert game.to_move == 1
        assert "PLIE" in message(app)


async def test_contested_valid_move_costs_the_contester_ten_points_automatic(make_app):
    app = make_app(words=WORDS)
    async with app.run_test(size=(100, 30)) as pilot:
        await type_command(pilot, "H8 PILE")
        await type_command(pilot, "contester")
        game = game_screen(app).game
        assert game.scores == [12, -10]
        assert game.to_move == 1 and game.phase is Phase.TURN


async def test_a_challenge_naming_a_word_the_move_did_not_form_is_refused(make_app):
    app = make_app(words=WORDS)
    async with app.run_test(size=(80, 24)) as pilot:
        await type_command(pilot, "H8 PILE")
        game = game_screen(app).game
        await type_command(pilot, "contester PLIAE")
        assert game.phase is Phase.ANNOUNCED and game.scores == [12, 0]  # nothing contested
        assert "PLIAE" in message(app) and "PILE" in message(app)
        await type_command(pilot, "contester pile")  # the word formed, named: judged at once
        assert game.scores == [12, -10] and game.phase is Phase.TURN


async def test_manual_verification_players_judge_each_word(make_app):
    app = make_app(words=WORDS, verification="manuelle")
    async with app.run_test(size=(100, 30)) as pilot:
        await type_command(pilot, "H8 PILE")
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, ManualVerifyDialog)
        assert app.screen.words == ["PILE"]
        assert app.screen.answers() is None  # unjudged: Confirm is not possible yet
        assert app.screen.query_one("#confirm").disabled
        # The players say PILE is not valid: the arrow to "not valid", Space, then Enter on Confirm.
        await pilot.press("right", "space")
        await pilot.pause()
        assert app.screen.answers() == {"PILE": False}
        await pilot.press("enter")
        await pilot.pause()
        game = game_screen(app).game
        assert game.history[-1].kind is EventKind.WITHDRAWN and game.scores == [0, 0]


async def test_manual_verification_valid_word_penalises_contester(make_app):
    app = make_app(words=set(), verification="manuelle")  # the word list plays no part
    async with app.run_test(size=(100, 30)) as pilot:
        await type_command(pilot, "H8 PLIE")
        await pilot.press("f2")
        await pilot.pause()
        await pilot.press("space")  # the first choice: valid; the focus moves on to Confirm
        await pilot.press("enter")
        await pilot.pause()
        assert game_screen(app).game.scores == [12, -10]  # PLIE: (3+1+1+1) × 2


async def test_move_entered_on_the_board_with_keys(make_app):
    app = make_app(words=WORDS)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("f8")  # to the board; the cursor starts on the centre, across
        board = game_screen(app).query_one("#board", BoardView)
        assert board.has_focus and board.cursor == (7, 7)
        await pilot.press("p", "i", "l", "e")
        await pilot.pause()
        assert "12" in str(game_screen(app).query_one("#preview").render())  # the score as it is built
        await pilot.press("backspace")
        assert len(game_screen(app).tentative) == 3
        await pilot.press("e", "enter")
        await pilot.pause()
        game = game_screen(app).game
        assert game.phase is Phase.ANNOUNCED and game.pending.move.word == "PILE"


async def test_board_entry_down_with_space_and_joker_refused_without_one(make_app):
    app = make_app(words=WORDS)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("f8", "space", "b", "a", "l", "enter")
        await pilot.pause()
        game = game_screen(app).game
        pending = game.pending
        assert pending is not None and not pending.move.across and pending.move.word == "BAL"
        await pilot.press("f3")
        await pilot.pause()
        # Bruno has no joker: ? then a letter is refused and nothing is placed.
        await pilot.press("f8", "up", "?", "x")
        await pilot.pause()
        assert game_screen(app).tentative == []


async def test_mouse_places_a_rack_tile_on_a_clicked_square(make_app):
    app = make_app(words=WORDS)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = game_screen(app)
        # Click the 5th rack tile (A), then H8, then the 6th (B) and H9... forming "AB" is not needed:
        await pilot.click("#rack", offset=(4 * 5 + 1, 0))  # tile index 5 = B
        await pilot.click("#board", offset=(3 + 7 * 3 + 1 + 1, 8 + 1))  # content offset + border
        await pilot.pause()
        assert [(t.row, t.col, t.letter) for t in screen.tentative] == [(7, 7, "B")]


async def test_exchange_through_the_dialog(make_app):
    app = make_app(words=WORDS)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("f4")
        await pilot.pause()
        assert isinstance(app.screen, ExchangeDialog)
        app.screen.query_one("#tile-0", Checkbox).value = True  # I
        app.screen.query_one("#tile-6", Checkbox).value = True  # P
        await pilot.click("#confirm")
        await pilot.pause()
        game = game_screen(app).game
        assert game.history[-1].kind is EventKind.EXCHANGE and game.history[-1].move.exchanged == "IP"
        assert len(game.bag) == 88 and game.to_move == 1 and game.tiles_conserved()


async def test_passes_until_blocked_then_end_screen_with_rack_transfers(make_app):
    app = make_app(words=WORDS)
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(6):  # FFSc: every player passed three times in a row
            await type_command(pilot, "passer")
        await pilot.pause()
        # The sixth pass would end the game: asked first; Escape keeps the game going.
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("escape")
        await pilot.pause()
        assert not game_screen(app).game.is_over
        await type_command(pilot, "passer")
        await pilot.press("tab", "enter")  # from Cancel to "Pass and end the game"
        await pilot.pause()
        assert isinstance(app.screen, EndScreen)
        transfers = app.screen.query_one("#transfers", DataTable)
        assert transfers.row_count == 2
        game = app.screen.game
        # IELTABP = 1+1+1+1+1+3+3 = 11; CKRAOEA = 3+10+1+1+1+1+1 = 18
        assert game.scores == [-11, -18]
        ranking = app.screen.query_one("#ranking", DataTable)
        assert ranking.row_count == 2


async def test_undo_takes_back_the_last_action(make_app):
    app = make_app(words=WORDS)
    async with app.run_test(size=(100, 30)) as pilot:
        await type_command(pilot, "passer")
        game = game_screen(app).game
        assert game.to_move == 1
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert game.to_move == 0 and game.history == []


async def test_computer_opponent_plays_in_a_worker(make_app):
    app = make_app(players="Alice,ordi:5", words=WORDS)
    async with app.run_test(size=(100, 30)) as pilot:
        await type_command(pilot, "passer")
        game = game_screen(app).game
        await app.workers.wait_for_complete()  # the computer thinks in a worker thread
        await pilot.pause()
        # The computer has acted: a placement is announced for Alice to accept or contest, or it
        # exchanged or passed and it is Alice's turn again.
        assert len(game.history) >= 2
        if game.pending is not None:
            assert game_screen(app).query_one("#announce").display
            await pilot.press("f3")
            await pilot.pause()
        assert game.to_move == 0 and game.phase is Phase.TURN


async def test_private_screen_hides_the_rack_until_the_player_takes_the_keyboard(make_app):
    from scrabble_fr.tui.screens.dialogs import HandOverDialog

    app = make_app(words=WORDS, private_screen=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandOverDialog)
        assert game_screen(app).query_one("#rack", RackView).hidden
        await pilot.click("#show")
        await pilot.pause()
        assert not game_screen(app).query_one("#rack", RackView).hidden
        await type_command(pilot, "passer")
        assert isinstance(app.screen, HandOverDialog)  # Bruno's turn: Alice's rack is gone, Bruno's hidden
        assert game_screen(app).query_one("#rack", RackView).hidden


async def test_with_several_opponents_the_contester_is_chosen(make_app):
    from scrabble_fr.tui.screens.dialogs import ContesterDialog

    app = make_app(players="Alice,Bruno,Chloé", words=WORDS)
    async with app.run_test(size=(100, 30)) as pilot:
        await type_command(pilot, "H8 PILE")
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, ContesterDialog)
        await pilot.click("#contester-2")  # Chloé contests a valid move and pays
        await pilot.pause()
        assert game_screen(app).game.scores == [12, 0, -10]


async def test_the_next_player_acting_accepts_the_announced_move(make_app):
    app = make_app(words=WORDS)
    async with app.run_test(size=(100, 30)) as pilot:
        await type_command(pilot, "H8 PILE")
        rack = game_screen(app).query_one("#rack", RackView)
        assert "".join(t for t, _v in rack.tiles) == "CKRAOEA"  # Bruno, who acts next, sees his rack
        await type_command(pilot, "passer")
        game = game_screen(app).game
        assert [e.kind for e in game.history] == [EventKind.PLACE, EventKind.PASS]
        assert game.scores == [12, 0] and len(game.racks[0]) == 7


async def test_word_tools_check_words_against_the_active_list(make_app):
    from scrabble_fr.tui.screens.panels import ToolsScreen

    app = make_app(words=WORDS)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("f7")
        await pilot.pause()
        assert isinstance(app.screen, ToolsScreen)
        check = app.screen.query_one("#check", Input)
        check.value = "pile plie"
        await pilot.press("enter")
        await pilot.pause()
        result = str(app.screen.query_one("#check-result").render())
        assert "PILE\u00a0: valable" in result and "PLIE\u00a0: non valable" in result


async def test_hint_is_found_off_the_interface_thread_and_logged(make_app):
    from scrabble_fr.tui.screens.dialogs import MovesDialog

    app = make_app(words=WORDS)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("f6")
        await app.workers.wait_for_complete()  # the search runs in a worker thread
        await pilot.pause()
        assert isinstance(app.screen, MovesDialog)
        assert any("PILE" in line or "BAL" in line for line in app.screen.lines)
        assert [n.kind for n in game_screen(app).match.notes] == ["hint"]  # logged in the history
        await pilot.press("escape")
        await type_command(pilot, "passer")
        history = game_screen(app).query_one("#history", HistoryView)
        assert len(history.lines) == 2  # the hint stays in the history once the game moves on


async def test_after_the_computer_goes_out_f5_ends_the_game_at_80_by_24(rig, mini_rules):
    # The computer holds AEINRST, the bag is empty: it goes out with ENTRAIS. F5 (pass) accepts
    # the move, which ends the game: the end screen opens with the transfer of Alice's KWZ.
    from scrabble_fr.match.config import GameConfig
    from scrabble_fr.tui.app import ScrabbleApp
    from scrabble_fr.tui.screens.end import EndScreen

    config = GameConfig.from_spec("Alice,ordi:5", seed=5, rules=mini_rules("ffsc", "KWZ" + "AEINRST"))
    words = {"ENTRAIS"}

    class Words:
        name = "mini"

        def __contains__(self, word):
            return word in words

        def __len__(self):
            return len(words)

        def words(self):
            return iter(sorted(words))

    app = ScrabbleApp(config, lexicon=Words())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = game_screen(app).game
        rig(game, ["KWZ", "AEINRST"])
        await type_command(pilot, "passer")
        await app.workers.wait_for_complete()  # the computer finds ENTRAIS
        await pilot.pause()
        assert game.pending is not None and game.pending.move.word == "ENTRAIS" and not game.bag
        await pilot.press("f5")
        await pilot.pause()
        assert game.is_over and game.scores[0] == -30
        assert isinstance(app.screen, EndScreen)


async def test_what_happened_to_a_move_stays_readable_after_the_computer_replies(make_app):
    from scrabble_fr.tui.screens.dialogs import MessageLogDialog

    app = make_app(players="Alice,ordi:5", words=WORDS)
    async with app.run_test(size=(80, 24)) as pilot:
        await type_command(pilot, "H8 PLIE")  # not in the list: the computer challenges it
        await app.workers.wait_for_complete()  # then thinks and replies
        await pilot.pause()
        game = game_screen(app).game
        assert game.history[1].kind is EventKind.WITHDRAWN and len(game.history) >= 3
        shown = message(app)
        assert "PLIE" in shown  # « PLIE non valable », still there after the computer's move
        await pilot.press("ctrl+l")
        await pilot.pause()
        assert isinstance(app.screen, MessageLogDialog)
        assert any("PLIE" in line for line in app.screen.messages)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is app.game_screen
        await type_command(pilot, "passer")  # the player acts: the old messages make room
        assert "PLIE" not in message(app)


async def test_undo_says_what_it_took_back(make_app):
    app = make_app(players="Alice,ordi:5", words=WORDS)
    async with app.run_test(size=(80, 24)) as pilot:
        await type_command(pilot, "passer")
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("ctrl+z")
        await pilot.pause()
        shown = message(app)
        assert shown.startswith("Repris\u00a0: Alice passe") and "Ordi 5" in shown


async def test_wespa_the_challenger_names_the_words_and_only_those_are_judged(make_app):
    # WESPA: 8D MAISON (22), then Bruno's 9D AZ (26) forms AZ and MA. Alice ticks MA only: MA is
    # valid, 5 points to Bruno; AZ, not in the list but not challenged, stands.
    from scrabble_fr.tui.screens.dialogs import ChallengeWordsDialog

    from ..conftest import _rig

    app = make_app(words={"MAISON", "MA"}, rules="wespa")
    async with app.run_test(size=(100, 30)) as pilot:
        game = game_screen(app).game
        _rig(game, ["AEIMNOS", "AZEEEOO"])
        await type_command(pilot, "8D MAISON")
        await type_command(pilot, "accept")
        await type_command(pilot, "9D AZ")
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, ChallengeWordsDialog)
        assert app.screen.words == ["AZ", "MA"]
        app.screen.query_one("#challenge-1").value = True
        await pilot.click("#confirm")
        await pilot.pause()
        assert game.scores == [22, 26 + 5]
        assert game.board[8, 4] == "Z"
