"""The chances of winning a two-player game from a spread, with so many tiles still in the bag.

What is still to come after a turn is taken as normal: the final spread less the spread now has
a mean (:data:`TEMPO`: the other player moves next) and a variance that grows with the tiles left
in the bag (each is part of a turn still to be played), the endgame apart. The constants were
fitted on 3,000 of the Champion's games against itself (``tools/win_chances.py``, 66,191 turns);
on those turns the chances it gives are those seen within 1.5 points in every tenth (a 25 %
chance won 24.0 % of the time, a 75 % chance 76.2 %).

    >>> round(win_chance(0, 40), 2)  # level, the opponent to move, 40 tiles in the bag
    0.4
    >>> win_chance(60, 0) > 0.9, win_chance(-1, None), win_chance(0, None)
    (True, 0.0, 0.5)
"""

from __future__ import annotations

import math

TEMPO = -21.0  # what the player who just moved loses on average by the end: the other moves next
ENDGAME_VARIANCE = 679.0  # the variance of the rest of the game with the bag empty (the endgame)
BASE_VARIANCE = 1422.0  # with tiles in the bag: this …
VARIANCE_PER_TILE = 133.9  # … and this for each tile


def win_chance(spread: float, bag: int | None) -> float:
    """The chance of winning (a draw counting half) for the player who just moved, ``spread``
    points ahead, with ``bag`` tiles in the bag, the opponent to move; ``bag`` None: the game
    is over and ``spread`` final."""
    if bag is None:
        return 1.0 if spread > 0 else 0.0 if spread < 0 else 0.5
    deviation = math.sqrt(BASE_VARIANCE + VARIANCE_PER_TILE * bag if bag else ENDGAME_VARIANCE)
    return 0.5 * (1.0 + math.erf((spread + TEMPO) / (deviation * math.sqrt(2.0))))
