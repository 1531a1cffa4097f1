"""Computer players finishing a game on their own: ``autojeu``, the soak test, benchmarks.

    >>> from scrabble_fr.lexicon import Lexicon
    >>> play_out(new_computer_game(["A", "B"], "ffsc", 7, Lexicon.builtin("fr"), [5, 5])).is_over
    True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from scrabble_fr.engine.game import Game
from scrabble_fr.engine.rules import Rules
from scrabble_fr.engine.verify import LexiconVerifier
from scrabble_fr.engine.wordlist import WordList
from scrabble_fr.player.computer import THINK_SECONDS, ComputerPlayer

# Every action scores, uses tiles or counts toward the blocked-game rule: a game ends well before.
MAX_ACTIONS = 2000


class ComputerGame:
    """A game, its computer players and the word list they play with."""

    def __init__(self, game: Game, players: Sequence[ComputerPlayer], lexicon: WordList) -> None:
        self.game = game
        self.players = list(players)
        self.lexicon = lexicon


def new_computer_game(names: Sequence[str], rules: Rules | str, seed: int, lexicon: WordList,
                      levels: Sequence[int], think_seconds: float = THINK_SECONDS) -> ComputerGame:
    """A game reproducible from ``seed``, one computer player of ``levels[i]`` per name
    (the Master's moves depend on its ``think_seconds`` too)."""
    game = Game(list(names), rules, seed, verifier=LexiconVerifier(lexicon))
    players = [ComputerPlayer(level, random.Random(seed * 31 + i), think_seconds) for i, level in enumerate(levels)]
    return ComputerGame(game, players, lexicon)


def play_out(
    match: ComputerGame,
    contester: Callable[[Game], int | None] | None = None,
    after_action: Callable[[Game], None] | None = None,
) -> Game:
    """Play until the game ends (or :data:`MAX_ACTIONS`). ``contester(game)`` names who contests
    an announced move, or None to accept it; ``after_action(game)`` sees every state."""
    game = match.game
    for _action in range(MAX_ACTIONS):
        if game.is_over:
            break
        if game.pending is not None:
            who = contester(game) if contester is not None else None
            if who is None:
                game.accept()
            else:
                game.contest(who)
        else:
            position = game.position.copy(lexicon=match.lexicon)
            game.play(match.players[game.to_move].choose(position, len(game.bag)))
        if after_action is not None:
            after_action(game)
    return game
