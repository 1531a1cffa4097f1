"""The Master (level 6, simulation) against the Champion (level 5): seeded games, win rate.

    python benchmarks/bench_maitre.py --games 1000 --part 0/2 > part0.jsonl
    python benchmarks/bench_maitre.py --games 1000 --part 1/2 > part1.jsonl
    python benchmarks/bench_maitre.py --report part0.jsonl part1.jsonl
    python benchmarks/bench_maitre.py --games 1000 --playouts 8 --candidates 6 --margin 12 > before.jsonl
    python benchmarks/bench_maitre.py --games 1000 --playouts 4 --no-solvers > without.jsonl
    python benchmarks/bench_maitre.py --games 1000 --playouts 16 --both --part 0/2 > both0.jsonl
    python benchmarks/bench_maitre.py --games 1000 --playouts 0 --player 5 --leaves fitted > leaves.jsonl
    python benchmarks/bench_maitre.py --games 1000 --leaves candidate.json > candidate.jsonl

By default the Master solves the end of the game (the exact endgame with the bag empty, the
pre-endgame with one tile left) within ``--endgame-nodes`` positions a move; ``--no-solvers``
plays the same Master without them (its simulation to the last move), on the same seeds;
``--both`` plays each game with them, then replays it without them from the Master's first move
with at most one tile in the bag (before it the two are the same game): both lines for little
more than the cost of one. ``--versus-to-the-end`` adds the Master whose playouts go to the end
of the game near it (all three then part at 7 tiles in the bag). ``--leaves`` gives the tested
player other leave values: the hand-set ones, the fitted ones, or a file written by
``tools/leaves.py fit`` (its lines named by the file). The report gives each variant's win rate,
and on the seeds both played, how the spread changed.

Measured on 25 November 2026 (FFSc, 4 playouts, 3,000 positions a move for the solvers; two
cores shared with other work, so the run was cut short of 1,000 games): with the solvers 54.8 %
of 440 games (95 % interval 50.1-59.4 %), without 53.1 % of 705 (49.4-56.8 %); on the 440 seeds
both played the solvers add +1.2 points of spread a game (95 % interval +0.1 to +2.3), and
241 against 238.5 wins.

Measured again the same day after the solvers' rework (five times the positions a second) and
the move generator's, 1,000 games each variant, the same seeds, 4 playouts, 3,000 positions a
move: **with the solvers 53.5 % (535.5 of 1,000, 95 % interval 50.5-56.6 %), mean spread +10.9**;
without 53.9 % (50.8-57.0 %), +9.9. On the same seeds the solvers add +1.06 points of spread a
game (95 % interval +0.24 to +1.88; 485 games differ), not a win more: the games are decided
before the end. About 2 s a game on one core.
With 30,000 positions a move for the solvers (about a second; now the default): **54.5 % (545.5
of 1,000, 95 % interval 51.5-57.6 %)**, mean spread +13.3; on the same seeds +3.38 points of
spread a game over the Master without them (+2.56 to +4.19), 545.5 wins against 539. 4.1 s a
game.

Measured again the same day, after the move generator's reference cycles went (a quarter of the
simulations' time was the garbage collector's), the playouts' replies were chosen as the Champion
chooses, and the Master weighed its racks with the leave values fitted on the Champion's games
(``tools/leaves.py``; the Champion keeps the hand-set ones), 1,000 games, 8 playouts, 30,000
positions a move for the solvers: **the Master 57.2 % (572.5 of 1,000, 95 % interval 54.2-60.3 %),
mean spread +19.4** (± 6.9), 5.1 s a game; on the same seeds +6.2 points of spread a game over the
last measure above (± 7.7). What the fitted values alone are worth: the Champion with them
against the Champion with the hand-set ones (``--player 5 --leaves fitted``), 1,000 games, 53.4 %
(50.3-56.4 %), +3.7 points a game. The same Master without the solvers on the same seeds: 56.0 %
(53.0-59.1 %), +17.2; the solvers add +2.27 points of spread a game (+1.51 to +3.02), 572.5
wins against 560.5.

Read again, that run had two flaws: the fitted values counted keeping nothing +3.01 (a term the
fit never gave), and among tied leaves the Champion's exchange followed the per-process string
hash (a game did not always replay in another process). Both mended, the same 1,000 seeds, 8
playouts: **the Master 56.7 % (567 of 1,000, 95 % interval 53.6-59.7 %), mean spread +18.3**
(± 6.9), 4.5 s a game.

Then, 1,000 games with ``--both --versus-to-the-end`` (the variants replayed from where they
part: 76 of 76 seeds gave the same games as separate runs), 16 playouts: with the solvers
56.3 % (563 of 1,000, 53.2-59.3 %), +17.9 (± 7.2), 7.4 s a game; on the same seeds -0.38 points
of spread a game against 8 playouts (± 7.14): twice the playouts buy nothing measurable.
Playouts to the end of the game with 7 tiles in the bag or fewer (``to_the_end``): 56.0 %
(52.9-59.0 %), +17.6; against two-turn playouts on the same seeds -0.30 points a game (-1.15 to
+0.55; 166 games differ, 560 wins against 563), so they stay off. With them the solvers add
+0.49 points a game (-0.28 to +1.26; 372 games differ, 560 wins against 557.5).

Measured on 26 November 2026 after the endgame solver's rework (3.2 times faster on the
endgames, see ``bench_finale.py``), 1,000 games with ``--both``, 8 playouts, 30,000 positions a
move: **the Master 57.2 % (572.5 of 1,000, 95 % interval 54.2-60.3 %), mean spread +19.8**
(± 6.9), 5.8 s a game (two cores shared for half the run); without the solvers 55.6 %
(52.5-58.7 %), +15.9. On the same seeds the solvers add +3.97 points of spread a game (+3.23 to
+4.71; 453 games differ, 572.5 wins against 556), and against the Master with the solver before
the rework (56.7 %, above) +1.57 points a game (+1.09 to +2.04; 235 games differ, 572.5 wins
against 567).

Then, the same day, the Master weighing its playouts by the chances of winning they leave
(``--chances``: each playout's points plus 1,000 times its chance of winning, from
``scrabble_fr/player/chances.py``), 1,000 games with ``--both``: with the solvers 57.1 % (571.5
of 1,000, 54.1-60.2 %), +20.2 (± 7.1); without them 55.2 % (52.2-58.3 %), +15.8. Against the
Master by points on the same seeds, run beside it (the endgame solver's out-first cut in both,
which changed 3 games of 1,000 by a point or two: 57.2 %, +19.8, as above): -0.10 points of win
rate (95 % interval -1.80 to +1.60; 375 games differ, 571.5 wins against 572.5), +0.39 points
of spread a game (-2.98 to +3.76). No better: the Master keeps choosing by points.

Measured on 26 November 2026, later, three changes to the Master's choice, each against the
Master as it stands, on the same seeds (8 playouts, 30,000 positions a move for the solvers):
none is better, none was kept.

* Both racks weighed where a playout stops (the worth of the tiles the opponent kept with their
  reply subtracted, as the player's own are added): 1,000 games, 57.1 % (571.5 of 1,000,
  54.1-60.2 %), +21.6 (± 7.1), 4.0 s a game; against the Master as it stands -0.10 points of win
  rate (-2.23 to +2.03; 432 games differ, 571.5 wins against 572.5), +1.80 points of spread a
  game (-2.57 to +6.18).
* With that, ``GUARD`` (the standard errors a candidate must beat the static choice by) at 0.5,
  1.5 and 2 instead of 1, against the run above: 0.5, after 249 games, -7.4 points of win rate
  (± 5.7), -12.6 points of spread (-24.1 to -1.1); 1.5, after 191 games, -2.6 (± 6.4), -4.2
  (-17.0 to +8.5); 2, after 200 games, -7.0 (± 6.7), -15.5 (-29.4 to -1.7). The runs were cut
  there: leaving the static choice more readily or less readily both cost, 1 stays.
* With that, the simulation instead of the pre-endgame solver with one tile in the bag (the
  endgame solver kept with the bag empty): 1,000 games, 57.0 % (570.5), +21.4; against the run
  above -0.10 points of win rate (± 0.34), -0.25 points of spread (-0.67 to +0.18): only 50 games
  of 1,000 differ. The pre-endgame, its 30,000 positions shared among some sixty endgames,
  rarely chooses otherwise than the simulation would; what the solvers add (above) is the
  endgame's.

Measured on 26 November 2026 with the endgame search compiled (``player/native.py``; thirteen
times the positions a second, ``bench_finale.py``), the Master as shipped, 1,000 games, 8
playouts, 30,000 positions a move, ``--both``: **57.1 % (571.5 of 1,000, 95 % interval
54.1-60.2 %)**, +19.4; without the solvers 55.6 % (the same games as before: 998 of 1,000
identical); the solvers add +3.58 points a game (+2.83 to +4.34). Against the Python search on
the same seeds: 57 games differ, -0.10 points of win rate (± 0.34), -0.40 points of spread a game
(-0.70 to -0.10): at a number of positions rather than a time, the two searches stop at other
places, and neither is the stronger (in play, where the solvers have the thinking time, the
compiled one looks thirteen times as far). With 300,000 positions a move (about the Python
search's time at 30,000), cut at 158 games: 93 wins against 94, -1.43 points a game (-2.94 to
+0.08). The largest loss there (seed 41, -61) came from a pre-endgame choice, 15D KITCHS
instead of 4C EDEN, that a 300 s pre-endgame over 30 candidates rates the better one (-34.0
against -42.25): the draw went the other way.
The compiled search with rounds of two turns from the second (fewer positions to a proof):
57.1 % again, but -1.14 points a game against the Python search (-1.51 to -0.77; 134 of the
166 games that differ worse): stopped at 30,000 positions it had finished two turns where the
Python search finished three (seed 821: 4J PANANT, worth 1, for 4J PLANA, worth 4). Its rounds
are now of one turn up to four, as in the 57.1 % run above, then of two.

Measured again on 26 November 2026, the Master as shipped (those rounds, the search's budget of
positions kept to the position, its table sized to the budget, a cut proven by its move alone),
1,000 games, 8 playouts, 30,000 positions a move, ``--both``, the same seeds: **57.0 % (570.5 of
1,000, 95 % interval 54.0-60.1 %)**, mean spread +19.6 (± 6.9), 4.8 s a game (312.5 of 500
when it starts, 258 of 500 when second); without the solvers 55.6 % (556, 52.5-58.7 %), +15.9,
the same games as before. On the same seeds the solvers add +3.71 points of spread a game
(+2.97 to +4.45; 455 games differ, 570.5 wins against 556). The 60 % is not reached.
Then the endgame search's generation stopped at the first move that ends the game at beta (1.6
times faster, the same positions searched; ``bench_finale.py``): the Master with the solvers on
the same seeds, cut at 660 games, played the same 660 games, move for move (395 wins either way).

Measured on 26 November 2026, two more changes to the Master's choice, each against the Master
as shipped on the same seeds (8 playouts, 30,000 positions a move), each cut short when it was
plain it would not reach a gain worth its cost; neither was kept.

* The best exchange played out among the candidates (``--exchanges``; the reference when the
  static judgement exchanges): after 179 games +0.6 points of win rate (± 3.6), -5.65 points of
  spread a game (95 % interval -14.2 to +2.9). The option stays, off.
* The opponent's rack guessed from their last placement (sets of kept tiles drawn from the
  unseen ones, kept if with them that placement was within 3 points of their best score plus
  leave; the playouts then deal the opponent one of those sets): after 198 games -4.5 points of
  win rate (± 7.1), -10.4 points of spread a game (± 14.4). The guess barely beats chance: the
  true kept tiles were among those accepted nine times in ten, but so were 29 % of all sets, and
  the guessed racks shared 0.2 tile more with the true one than a random draw. Yet knowing the
  opponent's rack is worth much: the Master told the true rack (an experiment, not a player)
  gained +7.5 points of win rate (± 8.2) and +22.3 points of spread a game (± 18.4) over 174
  games. The guess was taken out. How much a placement can tell at all, measured the next day
  with the Champion's own leave values (the exact model of this opponent): a tenth of the kept
  tiles, no better a guess of the joker (``bench_inference.py``). No guess was tried again.

Measured on 27 November 2026, ten candidates played out instead of six (``--candidates 10``),
400 games, the same seeds, run beside the Master as shipped (both with the solvers, 8 playouts,
30,000 positions a move): 235.5 wins against 236 (58.9 % and 59.0 %, 95 % intervals 54.0-63.6 %
and 54.1-63.7 %), -1.12 points of spread a game (95 % interval -7.08 to +4.84; 141 games
differ), for about 1.35 times the time a move. Most moves have fewer than six placements within
the candidates' margin of the best: the four more rarely come in, and did not win. Six stay.

Measured on 27 November 2026, the solvers given 800,000 positions a move instead of 30,000
(``--versus-nodes 800000``: about the 2 s a move the Master thinks in a game, at this machine's
410,000 positions a second; each game replayed from the Master's first move with at most one tile
in the bag), 891 games, 8 playouts: **57.7 % (514.5 wins, 95 % interval 54.5-60.9 %)** against
57.4 % (511) with 30,000, +0.16 points of spread a game (95 % interval -0.27 to +0.59; 147 games
differ, 8 change winner). Deeper end-of-game searches change little: most of the endgames the
larger budget proves, the smaller already played right, and the games are decided before. The
30,000 stay the seeded Master's budget (the Master of a game thinks by the clock).

Measured on 27 November 2026, richer leave values (``tools/leaves.py``: fitted on 9,056 of the
Champion's games instead of 6,000, with a term for each pair of different tiles kept together;
they foretell the next turns a little better), ``--leaves FILE``, 8 playouts: the Master with them
56.9 % (514 of 904 games, 95 % interval 53.6-60.1 %), +18.5; on the 891 seeds of the run above,
against the Master as shipped, -2.74 points of spread a game (95 % interval -9.91 to +4.43; 781
games differ), 508 wins against 511. The Champion with them, against the Champion with the
fitted values (``--player 5 --playouts 0``, 4,000 games on the same seeds): +3.05 points a game
(-0.13 to +6.24), 2,185 wins against 2,163.5; the plain values refit on the 9,056 games, +1.37
(-0.34 to +3.08). Better values of the tiles kept move the static choice a little, the Master's
not measurably: the fitted values stay.

Measured on 27 November 2026, after the playouts' moves came from the compiled search
(``RackSearch``, ``bench_playouts.py``): the same 1,000 seeds, 8 playouts, the very same games as
before (the 891 seeds of the runs above: not one differs), **57.0 % (570.5 of 1,000, 95 % interval
54.0-60.1 %)**, in 1.3 s a game against 9.8 s. Eight times the playouts, 64 a candidate and move
(3.9 s a game): **56.7 % (567 of 1,000, 53.6-59.7 %)**; on the same seeds +2.92 points of spread a
game (95 % interval -4.29 to +10.13; 951 games differ), 567 wins against 570.5. The playouts'
noise is not what holds the Master back: its judgement of two turns and the tiles kept is.

Then, the same day, more candidates played out, and further from the best by score plus leave:
15 within 30 points instead of 6 within 12 (``--candidates 15 --margin 30``), 32 playouts, the same
1,000 seeds: **the Master 62.1 % (621.5 of 1,000, 95 % interval 59.1-65.1 %), mean spread +28.6**
(± 6.8), 8.2 s a game (two processes on two cores, with other work); on the same seeds +9.04 points
of spread a game over the Master as it was (95 % interval +1.80 to +16.28; 969 games differ),
621.5 wins against 570.5. A quarter of the moves the wider Master plays are not the static
choice, and a tenth come from beyond the old six (on 57 positions of six games, 64 playouts).
The same Master without the solvers, on the first 500 seeds (``--no-solvers``): 64.0 % (320 of
500, 59.7-68.1 %); the solvers add +1.99 points of spread a game there (+1.06 to +2.91; 226 games
differ), 318 wins against 320. These are now the Master's defaults (``CANDIDATES``,
``CANDIDATE_MARGIN``) and 32 playouts this benchmark's: in a game, in its 2 s a move, the
candidate played out most gets a median of 60 rounds (``bench_playouts.py``).

Measured again on 27 November 2026 after the endgame solvers began counting a pass that answers
a pass as the blocked end (``bench_finale.py``: 143 endgames of 200 proven in 10 s instead of
139), the same defaults and 1,000 seeds: 3 games of 1,000 differ, -0.01 points of spread a game
(-0.02 to +0.01), 621.5 wins either way (62.1 %). Within its 30,000 positions a move the
Master's endgame choices hardly ever depended on the passes the rule spares.

And again the same day after the compiled endgame search went from its round of four turns to
one round to the end of the game (``bench_finale.py``: 153 of 200 in 10 s instead of 143), the
same defaults and seeds: 8 games of 1,000 differ, -0.01 points of spread a game (-0.05 to
+0.03), 621.5 wins either way (62.1 %, 95 % interval 59.1-65.1 %). Within 30,000 positions a
move the round to the end rarely finishes where the rounds of six or eight did not.

Measured on 29 November 2026 after the endgame search's cut on a pass that ends the game and its
lines' keys kept up to date (``bench_finale.py``: 190 to 191 of 200 in 10 s instead of 188): within
30,000 positions the Master's searches choose the same move with the same value on all 200
endgames and 53 pre-endgames of ``bench_finale.py``, and its first 40 games are the same games
before and after. The Master without the solvers on the other 500 seeds, in the same run
(``--both --start 500``): with them 60.7 % (303.5 of 500, 56.4-64.9 %), without 60.8 % (304,
56.5-65.0 %); the solvers add +1.60 points of spread a game (+0.75 to +2.44; 227 games differ).
So on all 1,000 seeds: without the solvers 62.4 % (624 of 1,000), with them 62.1 % (621.5); they
add +1.8 points of spread a game (+1.2 to +2.4), not a win: the games are decided before the end.
1.8 s a game.

Measured on 2 December 2026 (code at 03710bb) with the compiled engine behind the one boundary
(``player/generator.py``; the move lists, hints, tops and playouts all on it), the same defaults
and 1,000 seeds, one process at low priority beside other work: **the Master 62.0 % (619.5 of
1,000, 95 % interval 58.9-64.9 %), mean spread +29.2** (± 6.8), against 62.1 % (621.5) and +28.6
above: unchanged.

Game ``g`` draws its bag from seed ``g``; the Master starts the even games and the Champion the
odd ones, so each seat is held as often by each. The Master runs a fixed number of playouts per
candidate and move (the same choices on any machine; its time budget is only a ceiling), so a
game is reproducible from its seed. ``--part i/n`` plays the games ``g`` with ``g % n == i``
(one process per core). Each game is one JSON line; ``--report`` reads them back and prints the
win rate with its 95 % interval (Wilson), a draw counting half.
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import os
import random
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(os.environ.get("BENCH_CODE") or ROOT))

from scrabble_fr.engine.move import Move  # noqa: E402
from scrabble_fr.engine.rules import Rules  # noqa: E402
from scrabble_fr.lexicon import Lexicon  # noqa: E402
from scrabble_fr.player.computer import (  # noqa: E402
    CANDIDATE_MARGIN,
    CANDIDATES,
    END_PLAYOUTS_BAG,
    ENDGAME_NODES,
    PLIES,
    ComputerPlayer,
    leaves_for,
)
from scrabble_fr.player.leaves import Leaves  # noqa: E402
from scrabble_fr.player.selfplay import MAX_ACTIONS, ComputerGame, new_computer_game  # noqa: E402

MASTER, CHAMPION = 6, 5
DEFAULT_PLAYOUTS = 32  # the playouts of the Master as measured by default (seeded games replay)
FORMER_CANDIDATES, FORMER_MARGIN = 6, 12.0  # the Master's candidates before 27 November 2026 (game lines without them)


def _match(seed: int, lexicon: Lexicon, playouts: int, rules: str, solvers: bool, endgame_nodes: int,
           player: int, leaves: str, to_the_end: bool = False, chances: bool = False,
           options: Mapping[str, Any] | None = None) -> tuple[ComputerGame, int]:
    """The game of ``seed``, the Master (or ``player``) in its seat; ``options``, its simulation
    options (``candidates``, ``exchanges``), are the Master's only."""
    master_seat = seed % 2  # the Master starts the even games
    levels = [CHAMPION, CHAMPION]
    levels[master_seat] = player
    match = new_computer_game(["A", "B"], rules, seed, lexicon, levels)
    # The time budget is a ceiling only: the playouts decide, so the game depends on its seed alone.
    model = None if leaves == "level" else _leave_model(leaves, match.game.rules)
    match.players[master_seat] = ComputerPlayer(player, random.Random(seed * 31 + master_seat),
                                                think_seconds=60.0, playouts=playouts, endgame=solvers,
                                                endgame_nodes=endgame_nodes, leaves=model, to_the_end=to_the_end,
                                                win_chances=chances, **((options or {}) if player == MASTER else {}))
    return match, master_seat


def _leave_model(leaves: str, rules: Rules) -> Leaves:
    """The leave values named: "hand", "fitted", or a file written by ``tools/leaves.py fit``
    (named by its file, so that the report keeps its games apart)."""
    if leaves in ("hand", "fitted"):
        return leaves_for(rules, fitted=leaves == "fitted")
    return _file_model(leaves)


@functools.cache  # read once a run, not once a game
def _file_model(path: str) -> Leaves:
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    data["name"] = Path(path).stem
    return Leaves.from_json(data)


def _go_on(match: ComputerGame, master_seat: int, actions: list[Move | None] | None = None,
           fork: int | None = None) -> tuple[list[Move | None], list[Any], float] | None:
    """Play ``match`` to its end, each action appended to ``actions`` (None for an acceptance).
    With ``fork``, the state where the Master first moves with at most ``fork`` tiles in the bag
    (where the variants first differ): the actions so far, the players' random states, the time."""
    game = match.game
    start = time.perf_counter()
    found = None
    for _action in range(MAX_ACTIONS):
        if game.is_over:
            break
        if game.pending is not None:
            game.accept()
            if actions is not None:
                actions.append(None)
            continue
        if fork is not None and found is None and game.to_move == master_seat and len(game.bag) <= fork:
            found = (list(actions or ()), [p.rng.getstate() for p in match.players], time.perf_counter() - start)
        position = game.position.copy(lexicon=match.lexicon)
        move = game.play(match.players[game.to_move].choose(position, len(game.bag)))
        if actions is not None:
            actions.append(move)
    return found


def _row(match: ComputerGame, master_seat: int, seed: int, solvers: bool, playouts: int, player: int,
         seconds: float, to_the_end: bool = False) -> dict[str, object]:
    game = match.game
    master, champion = game.scores[master_seat], game.scores[1 - master_seat]
    computer = match.players[master_seat]
    return {"seed": seed, "master_starts": master_seat == 0, "master": master, "champion": champion,
            "solvers": solvers, "playouts": playouts, "player": player, "leaves": computer.leaves_of(game.rules).name,
            "to_the_end": to_the_end, "win_chances": computer.win_chances, "candidates": computer.candidates,
            "margin": computer.candidate_margin, "plies": computer.plies, "exchanges": computer.exchanges,
            "endgame_nodes": computer.endgame_nodes, "seconds": round(seconds, 2)}


def play(seed: int, lexicon: Lexicon, playouts: int, rules: str, solvers: bool = True,
         endgame_nodes: int = ENDGAME_NODES, player: int = MASTER, leaves: str = "level",
         chances: bool = False, options: Mapping[str, Any] | None = None) -> dict[str, object]:
    match, master_seat = _match(seed, lexicon, playouts, rules, solvers, endgame_nodes, player, leaves,
                                chances=chances, options=options)
    start = time.perf_counter()
    _go_on(match, master_seat)
    return _row(match, master_seat, seed, solvers, playouts, player, time.perf_counter() - start)


Variant = tuple[bool, bool, int]  # with the solvers, playouts to the end near it, the solvers' positions a move


def play_variants(seed: int, lexicon: Lexicon, playouts: int, rules: str, variants: list[Variant],
                  leaves: str = "level", chances: bool = False,
                  options: Mapping[str, Any] | None = None) -> list[dict[str, object]]:
    """The game of ``seed`` played by the Master in each variant (with the solvers or not, playouts
    to the end of the game near the end or not, the solvers' budget of positions), as separate
    runs would play it, for little more than one game: all are the same game up to the Master's
    first move with at most :data:`END_PLAYOUTS_BAG` tiles in the bag (or one tile, if only the
    solvers differ), which is played once; each variant replays it and plays on from there. A
    line's time is what its own run would have taken."""
    first = variants[0]
    fork_at = 1 if len({to_end for _solvers, to_end, _nodes in variants}) == 1 else END_PLAYOUTS_BAG
    match, master_seat = _match(seed, lexicon, playouts, rules, first[0], first[2], MASTER, leaves, first[1],
                                chances, options)
    actions: list[Move | None] = []
    start = time.perf_counter()
    fork = _go_on(match, master_seat, actions, fork=fork_at)
    rows = [_row(match, master_seat, seed, first[0], playouts, MASTER, time.perf_counter() - start, first[1])]
    for solvers, to_end, nodes in variants[1:]:
        if fork is None:  # the game ended before: the same for every variant
            rows.append({**rows[0], "solvers": solvers, "to_the_end": to_end, "endgame_nodes": nodes})
            continue
        before, states, spent = fork
        other, _seat = _match(seed, lexicon, playouts, rules, solvers, nodes, MASTER, leaves, to_end, chances,
                              options)
        for move in before:
            if move is None:
                other.game.accept()
            else:
                other.game.play(move)
        for computer, state in zip(other.players, states, strict=True):
            computer.rng.setstate(state)
        start = time.perf_counter()
        _go_on(other, master_seat)
        rows.append(_row(other, master_seat, seed, solvers, playouts, MASTER, spent + time.perf_counter() - start,
                         to_end))
    return rows


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion."""
    if not games:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def _score(row: dict[str, Any]) -> float:
    return 1.0 if row["master"] > row["champion"] else 0.5 if row["master"] == row["champion"] else 0.0


def _summary(rows: list[dict[str, Any]], label: str) -> None:
    games = len(rows)
    wins = sum(_score(r) for r in rows)
    low, high = wilson(wins, games)
    spread = [r["master"] - r["champion"] for r in rows]
    mean = sum(spread) / games
    sd = math.sqrt(sum((x - mean) ** 2 for x in spread) / (games - 1)) if games > 1 else 0.0
    print(f"{label}: {wins:g} wins of {games} games = {100 * wins / games:.1f} % "
          f"(95 % interval {100 * low:.1f}-{100 * high:.1f} %); mean spread {mean:+.1f} points "
          f"(± {1.96 * sd / math.sqrt(games):.1f}); {sum(r['seconds'] for r in rows) / games:.1f} s a game")
    for starts in (True, False):
        part = [r for r in rows if r["master_starts"] is starts]
        print(("    it starts: " if starts else "    it is second: ") + f"{sum(_score(r) for r in part):g}/{len(part)}")


def report(files: list[str]) -> None:
    rows = [json.loads(line) for name in files for line in Path(name).read_text().splitlines() if line.strip()]
    groups: dict[tuple[int, str, int, bool, bool, int, float, int, bool, int],
                 dict[bool, dict[int, dict[str, Any]]]] = {}
    for row in rows:
        # Lines written before the player and leave options were the Master with hand-set leaves,
        # those before playouts to the end, the Master's playouts of two turns, those before the
        # chances of winning, the Master weighing its playouts by points alone, those before the
        # candidates and exchanges options, the Master's default candidates without exchanges, those
        # before the solvers' budget was written, the default budget, those before the candidates'
        # count, margin and the playouts' turns were, what the Master then played with.
        key = (row.get("player", MASTER), row.get("leaves", "hand"), row["playouts"], row.get("to_the_end", False),
               row.get("win_chances", False), row.get("candidates", FORMER_CANDIDATES),
               float(row.get("margin", FORMER_MARGIN)), row.get("plies", PLIES), row.get("exchanges", False),
               row.get("endgame_nodes") or ENDGAME_NODES)
        groups.setdefault(key, {True: {}, False: {}})[bool(row.get("solvers", False))][row["seed"]] = row
    for (player, leaves, playouts, to_end, chances, candidates, margin, plies, exchanges, nodes), variants in sorted(
            groups.items()):
        name = "Master" if player == MASTER else f"Level {player}"
        reach = ", playouts to the end near it" if to_end and player == MASTER else ""
        weighed = ", playouts weighed by the chances of winning" if chances and player == MASTER else ""
        wider = f", {candidates} candidates" if candidates != CANDIDATES and player == MASTER else ""
        if margin != CANDIDATE_MARGIN and player == MASTER:
            wider += f" within {margin:g} points"
        if plies != PLIES and player == MASTER:
            wider += f", playouts of {plies} turns"
        swaps = ", exchanges played out" if exchanges and player == MASTER else ""
        budget = f", the solvers {nodes:,} positions a move" if nodes != ENDGAME_NODES and player == MASTER else ""
        print(f"{name}, {leaves} leave values, {playouts} playouts{reach}{weighed}{wider}{swaps}{budget}:")
        if player != MASTER:  # no solvers to compare
            _summary(list(variants[True].values()) + list(variants[False].values()), f"  {name} vs Champion")
            continue
        for solvers, label in ((True, f"  {name} with the solvers vs Champion"),
                               (False, f"  {name} without the solvers vs Champion")):
            if variants[solvers]:
                _summary(list(variants[solvers].values()), label)
        _paired("the solvers", variants[True], variants[False], ("with", "without"))
    # A budget of the solvers against the default one, on the seeds both played (``--versus-nodes``).
    for key, variants in sorted(groups.items()):
        base = groups.get((*key[:-1], ENDGAME_NODES))
        if key[0] == MASTER and key[-1] != ENDGAME_NODES and base is not None:
            _paired(f"{key[-1]:,} positions a move for the solvers instead of {ENDGAME_NODES:,}", variants[True],
                    base[True], (f"with {key[-1]:,}", f"with {ENDGAME_NODES:,}"))
    # Other playouts, candidates, margin or turns against the Master's defaults, on the seeds both played.
    shipped = (DEFAULT_PLAYOUTS, CANDIDATES, CANDIDATE_MARGIN, PLIES)
    for key, variants in sorted(groups.items()):
        player, leaves, playouts, to_end, chances, candidates, margin, plies, exchanges, nodes = key
        base = groups.get((player, leaves, shipped[0], to_end, chances, *shipped[1:], exchanges, nodes))
        if player == MASTER and (playouts, candidates, margin, plies) != shipped and base is not None:
            change = f"{playouts} playouts of {plies} turns, {candidates} candidates within {margin:g} points"
            _paired(f"{change} instead of {shipped[0]} of {shipped[3]}, {shipped[1]} within {shipped[2]:g}",
                    variants[True], base[True], ("changed", "defaults"))
    # Other leave values against the fitted ones, on the seeds both played (``--leaves FILE``).
    for key, variants in sorted(groups.items()):
        base = groups.get((key[0], "fitted", *key[2:]))
        if key[1] != "fitted" and base is not None:
            who = "the Master's" if key[0] == MASTER else f"level {key[0]}'s"
            for solvers in (True, False):
                _paired(f"the {key[1]} leave values instead of the fitted ones", variants[solvers], base[solvers],
                        (key[1], "fitted"), who)


def _paired(change: str, changed: dict[int, dict[str, Any]], base: dict[int, dict[str, Any]],
            names: tuple[str, str], who: str = "the Master's") -> None:
    """On the seeds both played, how ``change`` moves ``who`` spread a game (95 % interval), and
    the results of each (``names``: the changed, the base)."""
    common = sorted(set(changed) & set(base))
    if not common:
        return
    differences = [(changed[s]["master"] - changed[s]["champion"]) - (base[s]["master"] - base[s]["champion"])
                   for s in common]
    n = len(differences)
    mean = sum(differences) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in differences) / (n - 1)) if n > 1 else 0.0
    differ = sum(1 for d in differences if d)
    print(f"Same seeds ({n} games): {change} change {who} spread by {mean:+.2f} points a game "
          f"(95 % interval {mean - 1.96 * sd / math.sqrt(n):+.2f} to {mean + 1.96 * sd / math.sqrt(n):+.2f}); "
          f"{differ} games differ; results {sum(_score(changed[s]) for s in common):g} {names[0]}, "
          f"{sum(_score(base[s]) for s in common):g} {names[1]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--playouts", type=int, default=DEFAULT_PLAYOUTS,
                        help=f"playout rounds per move (default {DEFAULT_PLAYOUTS})")
    parser.add_argument("--part", default="0/1", help="i/n: play the games g with g %% n == i")
    parser.add_argument("--start", type=int, default=0, help="the first game (to go on with a cut run)")
    parser.add_argument("--rules", default="ffsc")
    parser.add_argument("--no-solvers", action="store_true", help="the Master without the endgame solvers")
    parser.add_argument("--both", action="store_true",
                        help="the Master with and without the solvers, the second from where they part")
    parser.add_argument("--versus-to-the-end", action="store_true",
                        help="with --both, also the Master whose playouts go to the end of the game near it")
    parser.add_argument("--endgame-nodes", type=int, default=ENDGAME_NODES,
                        help=f"the solvers' budget in positions a move (default {ENDGAME_NODES})")
    parser.add_argument("--player", type=int, default=MASTER,
                        help="the level playing the Champion (default the Master, 6)")
    parser.add_argument("--leaves", default="level", metavar="level|hand|fitted|FILE",
                        help="its leave values: its level's (default), the hand-set ones, the fitted ones, "
                             "or a file of them (tools/leaves.py fit)")
    parser.add_argument("--chances", action="store_true",
                        help="the Master weighing its playouts by the chances of winning too, not points alone")
    parser.add_argument("--candidates", type=int, default=CANDIDATES,
                        help=f"the placements the Master plays out, at most (default {CANDIDATES})")
    parser.add_argument("--margin", type=float, default=CANDIDATE_MARGIN,
                        help=f"… within this many points of the best by equity (default {CANDIDATE_MARGIN:g})")
    parser.add_argument("--plies", type=int, default=PLIES,
                        help=f"the turns a playout plays after the candidate, even (default {PLIES})")
    parser.add_argument("--exchanges", action="store_true", help="the Master plays out the best exchange too")
    parser.add_argument("--versus-nodes", type=int, metavar="N",
                        help="replay each game from the end with the solvers searching N positions a move")
    parser.add_argument("--report", nargs="+", metavar="FILE", help="read game lines and print the win rate")
    args = parser.parse_args()
    if args.candidates < 1:
        parser.error("--candidates must be at least 1")
    if not args.margin >= 0:
        parser.error("--margin must be 0 or more")
    if args.plies < 2 or args.plies % 2:
        parser.error("--plies must be even and at least 2")
    if args.versus_nodes is not None and args.versus_nodes < 1:
        parser.error("--versus-nodes must be at least 1")  # 0 would be no variant, below 0 no budget
    if args.report:
        report(args.report)
        return
    if args.leaves != "level":
        try:
            _leave_model(args.leaves, Rules.preset(args.rules))
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
            parser.error(f"--leaves: not a file of leave values: {args.leaves} ({error})")
    index, count = (int(x) for x in args.part.split("/"))
    options = {"candidates": args.candidates, "candidate_margin": args.margin, "plies": args.plies,
               "exchanges": args.exchanges}
    lexicon = Lexicon.builtin("fr" if args.rules == "ffsc" else "en")
    for seed in range(index, args.games, count):
        if seed < args.start:
            continue
        if args.both or args.versus_nodes is not None:
            nodes = args.endgame_nodes
            variants = ([(True, False, nodes)] + ([(False, False, nodes)] if args.both else [])
                        + ([(True, True, nodes)] if args.versus_to_the_end else [])
                        + ([(True, False, args.versus_nodes)] if args.versus_nodes is not None else []))
            for row in play_variants(seed, lexicon, args.playouts, args.rules, variants, args.leaves, args.chances,
                                     options):
                print(json.dumps(row), flush=True)
            continue
        print(json.dumps(play(seed, lexicon, args.playouts, args.rules, not args.no_solvers, args.endgame_nodes,
                              args.player, args.leaves, args.chances, options)), flush=True)


if __name__ == "__main__":
    main()
