"""Computer players, from beginner to champion.

Like the French Scrabble programs, a level below the top plays a move *around a share of the
best score* on offer: the lower the level, the further from the top it aims, so its play looks
like a person's who sees fewer of the good moves. The top level plays for *equity*: the score
plus the worth of the tiles it keeps (a joker or an S kept is worth points later, a Q or three
I's cost points), exchanges when that is clearly better, and passes when nothing is legal.

    >>> import random; from scrabble_fr.engine.position import Position; from scrabble_fr.player.dawg import WordSet
    >>> p = Position.from_cgp("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 EKNSTXZ/ 0/0 0",
    ...                       lexicon=WordSet(["NET", "NETS", "SENT", "SEXT", "ZEK"]))
    >>> [str(ComputerPlayer(level, random.Random(1)).choose(p, bag_count=80)) for level in (1, 4)]
    ['H5 SENT', 'H6 ZEK']

The levels (French name, then what it does):

1. **Débutant** (*Beginner*): aims at a third of the best score; spots one invalid word in three
   when it may contest, and sometimes doubts a long valid word.
2. **Amateur** (*Amateur*): aims at half the best score; spots half the invalid words.
3. **Joueur de club** (*Club player*): aims at three quarters of the best score; spots most
   invalid words.
4. **Expert** (*Expert*): always plays the best score; contests every invalid word it sees.
5. **Champion** (*Champion*): plays the best score plus the value of the tiles kept, exchanges
   when the rack is clearly worth more than any move, passes when nothing is legal; contests
   exactly the words outside its list.

Every level plays only moves the generator finds, so only words of its word list. With no
placement possible, a player exchanges (if the bag allows) or passes.
"""

from __future__ import annotations

import heapq
import itertools
import random
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from scrabble_fr.engine.move import Move, MoveKind
from scrabble_fr.engine.tiles import JOKER
from scrabble_fr.i18n import N_, _
from scrabble_fr.player.movegen import (
    BoardView,
    Raw,
    search_position,
    tiles_used,
    to_move,
)

if TYPE_CHECKING:
    from scrabble_fr.engine.position import Position
    from scrabble_fr.engine.rules import Rules
    from scrabble_fr.engine.verify import WordList


@dataclass(frozen=True)
class Level:
    """How a level plays. ``name`` and ``description`` are message ids: show them with ``_()``."""

    number: int
    name: str
    description: str
    aim: float  # share of the best score aimed at (1.0: the best)
    spread: int  # how many moves nearest the aim it picks among, at random
    equity: bool  # weigh the tiles kept (and consider exchanging)
    spot_invalid: float  # chance of noticing a word outside its list in a move to contest
    doubt_valid: float  # chance, per letter beyond four, of wrongly doubting a valid word


LEVELS: dict[int, Level] = {
    1: Level(1, N_("Beginner"), N_("Plays about a third of the best score and misses most invalid words."),
             0.33, 5, False, 0.33, 0.04),
    2: Level(2, N_("Amateur"), N_("Plays about half of the best score."), 0.5, 4, False, 0.5, 0.02),
    3: Level(3, N_("Club player"), N_("Plays about three quarters of the best score."), 0.75, 3, False, 0.8, 0.01),
    4: Level(4, N_("Expert"), N_("Always plays the best score."), 1.0, 1, False, 0.95, 0.0),
    5: Level(5, N_("Champion"), N_("Plays the best score and the best rack to keep; exchanges when it pays."),
             1.0, 1, True, 1.0, 0.0),
}
TOP_LEVEL = max(LEVELS)

# What a tile kept on the rack is worth in later turns, in points: rough hand-set values in the
# spirit of the published single-tile leaves (a joker is worth most, an S next, a Q without a U
# costs). Letters not listed are worth nothing either way.
_LEAVES: dict[str, dict[str, float]] = {
    "english": {
        "?": 24.0, "S": 7.5, "Z": 3.0, "X": 3.5, "E": 4.0, "R": 1.0, "H": 0.5, "N": 0.5, "A": 1.0,
        "C": -0.5, "T": -1.0, "L": -1.0, "I": -1.0, "M": -1.0, "P": -1.5, "D": 0.0, "O": -2.5,
        "B": -3.5, "F": -3.0, "G": -3.5, "J": -3.0, "K": -2.5, "U": -4.5, "V": -6.5, "W": -4.0,
        "Y": -2.5, "Q": -11.5,
    },
    "french": {
        "?": 25.0, "S": 8.0, "E": 4.0, "R": 2.0, "A": 1.0, "N": 1.0, "T": 1.0, "L": 0.5, "I": 0.0,
        "X": 1.5, "Z": 1.0, "C": -0.5, "D": -0.5, "M": -0.5, "P": -1.0, "O": -1.5, "U": -2.5,
        "B": -2.5, "F": -2.5, "G": -2.5, "H": -2.0, "J": -3.0, "V": -4.0, "Q": -6.0, "K": -7.0,
        "W": -8.0, "Y": -5.0,
    },
}
_VOWELS = frozenset("AEIOUY")
EXCHANGE_MARGIN = 8.0  # an exchange must beat the best move's equity by this much
GOING_OUT = 10.0  # worth of playing out with the bag empty, beyond the move's score
CONTEST_STEP = 4  # letters beyond which a weaker player may doubt a valid word


def leave_value(kept: str, rules: Rules) -> float:
    """What the tiles kept on the rack are worth later, roughly, in points.

    Each tile's own worth, less a cost for each copy of a letter beyond the first and for a
    rack short of vowels or of consonants.

    >>> from scrabble_fr.engine.rules import Rules
    >>> leave_value("ERS", Rules.preset("ffsc")) > leave_value("UUV", Rules.preset("ffsc"))
    True
    """
    table = _LEAVES.get(rules.tile_set.name)
    if table is None:  # a custom tile set: high-value letters are the hard ones to place
        table = {letter: -0.7 * (value - 1) for letter, value in rules.tile_set.values.items()}
        table.update({JOKER: 24.0, "S": 7.0})
    counts = Counter(kept)
    value = sum(table.get(tile, 0.0) for tile in kept)
    value -= sum(3.0 * (n - 1) for tile, n in counts.items() if n > 1 and tile != JOKER)
    vowels = sum(n for tile, n in counts.items() if tile in _VOWELS)
    consonants = len(kept) - vowels - counts[JOKER]
    value -= 2.0 * max(0, abs(vowels - consonants) - 1)
    if "Q" in counts and "U" not in counts and JOKER not in counts:
        value -= 5.0
    return value


class ComputerPlayer:
    """A computer opponent of level 1 (beginner) to 5 (champion); see :data:`LEVELS`.

    >>> ComputerPlayer(5).level.number, ComputerPlayer.levels()[0].number
    (5, 1)
    """

    def __init__(self, level: int = TOP_LEVEL, rng: random.Random | None = None) -> None:
        if level not in LEVELS:
            raise ValueError(f"level {level!r} is not one of {sorted(LEVELS)}")
        self.level = LEVELS[level]
        self.rng = rng if rng is not None else random.Random()

    @staticmethod
    def levels() -> list[Level]:
        return [LEVELS[n] for n in sorted(LEVELS)]

    @property
    def name(self) -> str:
        """The level's name in the reader's language."""
        return _(self.level.name)

    def choose(self, position: Position, bag_count: int) -> Move:
        """The move to play for the player to move (their rack must be known)."""
        rules = position.rules
        rack = position.rack.upper()
        can_exchange = bag_count >= rules.exchange_min_bag and bool(rack)
        view, found = search_position(position)
        if not found:
            if can_exchange:
                return Move.exchange(self._tiles_to_exchange(rack, rules))
            return Move.pass_()
        if self.level.equity:
            return self._choose_equity(position, view, found, rack, bag_count, can_exchange)
        best = max(item[0] for item in found)
        aim = self.level.aim * best
        # The moves nearest the aimed score; among them, chance decides.
        nearest = heapq.nsmallest(
            self.level.spread, found, key=lambda item: (abs(item[0] - aim), -item[0], item[1], item[3])
        )
        pick = nearest[self.rng.randrange(len(nearest))]
        return to_move(view, pick)

    def _choose_equity(
        self, position: Position, view: BoardView, found: list[Raw], rack: str, bag_count: int, can_exchange: bool
    ) -> Move:
        rules = position.rules
        cache: dict[str, float] = {}

        def equity(item: Raw) -> float:
            kept = _remove(rack, tiles_used(view, item))
            if bag_count == 0:
                # The last turns: the tiles kept will not be played with new ones; going out
                # first ends the game and wins the others' racks.
                return item[0] + (0.0 if kept else GOING_OUT)
            if kept not in cache:
                cache[kept] = leave_value(kept, rules)
            return item[0] + cache[kept]

        # Moves best score first; stop once no leave could lift a move above the best found.
        kept_best = self._kept_for_exchange(rack, rules)
        ceiling = GOING_OUT if bag_count == 0 else max(leave_value(kept_best, rules), leave_value(rack, rules))
        ordered = sorted(found, key=lambda item: (-item[0], item[1], item[3]))
        top, top_equity = ordered[0], equity(ordered[0])
        for item in ordered[1:]:
            if item[0] + ceiling <= top_equity:
                break
            value = equity(item)
            if value > top_equity:
                top, top_equity = item, value
        if can_exchange and leave_value(kept_best, rules) > top_equity + EXCHANGE_MARGIN:
            return Move.exchange(_remove(rack, kept_best))
        return to_move(view, top)

    def _tiles_to_exchange(self, rack: str, rules: Rules) -> str:
        if not self.level.equity:
            return rack
        return _remove(rack, self._kept_for_exchange(rack, rules)) or rack

    @staticmethod
    def _kept_for_exchange(rack: str, rules: Rules) -> str:
        """The best tiles to keep when exchanging (at least one tile goes back)."""
        best_kept, best_value = "", leave_value("", rules)
        for size in range(1, len(rack)):
            for kept in set(itertools.combinations(sorted(rack), size)):
                value = leave_value("".join(kept), rules)
                if value > best_value:
                    best_kept, best_value = "".join(kept), value
        return best_kept

    def should_contest(self, position_before: Position, move: Move, lexicon: WordList) -> bool:
        """Whether to contest ``move`` (played on ``position_before``), checking ``lexicon``.

        The champion contests exactly the moves with a word outside the list; weaker levels
        notice such a word only some of the time, and sometimes doubt a long valid word.
        """
        if move.kind is not MoveKind.PLACE:
            return False
        words = [word.letters for word in position_before.placement(move).words]
        level = self.level
        for word in words:
            if word not in lexicon:
                if self.rng.random() < level.spot_invalid:
                    return True
            elif level.doubt_valid and self.rng.random() < level.doubt_valid * max(0, len(word) - CONTEST_STEP):
                return True
        return False


def _remove(rack: str, tiles: str) -> str:
    """The rack less ``tiles`` (sorted)."""
    left = Counter(rack)
    left.subtract(tiles)
    return "".join(sorted(left.elements()))
