"""A game followed from outside: replayed from its actions without the seed that makes its racks.

    >>> g = Game(["A", "B"], seed=7); _ = g.play("H4 BALTE"); g.accept(); g.exchange("CK")
    >>> p = PublicGame.replay(["A", "B"], "ffsc", 0, g.actions)
    >>> p.scores == g.scores, p.to_move == g.to_move, len(p.bag) == len(g.bag), p.racks[1]
    (True, True, True, '·······')

A spectator of a shared table sees the board, the scores, whose turn it is, how many tiles the bag
holds and what was played, never a rack; the seed stays with the players' codes
(:mod:`scrabble_fr.table.seal`). The recorded actions give all of that: a placement lists its
tiles, so its score, its draw's size and the turn that follows are the game's own. Here a rack and
the bag are :data:`UNKNOWN` tiles, except the tiles a placement or an exchange uses, put in its
player's rack just before (the rules check them as in any game).

What the end subtracts — the racks left — is unknown here: the row that ends a shared game reveals
the seed, and its follower replays the real game from then on (the racks are no secret any more).
"""

from __future__ import annotations

from collections.abc import Sequence

from scrabble_fr.engine.game import Game
from scrabble_fr.engine.move import Move
from scrabble_fr.engine.rules import Rules
from scrabble_fr.engine.verify import Verifier

UNKNOWN = "·"  # a tile nobody outside the game knows: worth nothing, never a letter


class PublicGame(Game):
    """A :class:`Game` whose racks and bag are unknown tiles (``seed`` is ignored)."""

    def __init__(
        self,
        players: Sequence[str],
        rules: Rules | str = "ffsc",
        seed: int | None = None,
        verifier: Verifier | None = None,
    ) -> None:
        super().__init__(players, rules, 0, verifier)
        self.position.racks = [UNKNOWN * len(rack) for rack in self.racks]
        self._bag = [UNKNOWN] * len(self._bag)

    def _hold(self, player: int, tiles: str) -> None:
        """The player's rack holds ``tiles`` (and unknown tiles for the rest of it)."""
        rack = self.racks[player]
        if len(tiles) <= len(rack):  # more: the move is refused as in any game
            self.racks[player] = tiles + UNKNOWN * (len(rack) - len(tiles))

    def _place(self, move: Move) -> Move:
        self._hold(self.to_move, move.rack_letters)
        return super()._place(move)

    def _exchange(self, move: Move) -> None:
        self._hold(self.to_move, move.exchanged)
        super()._exchange(move)
        self._bag = [UNKNOWN] * len(self._bag)  # the tiles put back are unknown once shuffled
