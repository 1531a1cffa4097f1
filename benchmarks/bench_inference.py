"""What the Champion's last placement tells of the tiles it kept: the ceiling of a rack guess.

    python benchmarks/bench_inference.py --games 30 --samples 150 > inference.jsonl
    python benchmarks/bench_inference.py --report inference.jsonl

Game ``g`` is the Champion (level 5) against itself from seed ``g``. At each placement that keeps
tiles with tiles left in the bag, the opponent's view is taken: the tiles it cannot see, less
those just laid, are where the kept tiles came from. ``--samples`` sets of kept tiles of the
right size are drawn from them (as the bag would deal them), and the true set beside them; for
each, the rack it makes with the tiles laid is searched again on the board before the move, and
its *deficit* written: how far the placement played falls short, in score plus leave, of the best
move that rack had (and whether the Champion would have exchanged it instead), under the
Champion's own leave values (``hand``, the exact model of this player) and under the Master's
fitted ones (``fitted``, the model the Master plays its opponents' replies with).

A guess keeps the sets the placement agrees with. ``--report`` prints, for guesses of each kind,
how many more tiles the kept sets share with the true one than the sets drawn (the gain over a
random draw), the share of the draws they keep, and how often they keep the true set; then, for
the tiles that matter most, whether the guess moves the chance of the tile being kept toward the
truth (Brier score of the share of drawn and of kept sets holding it, against whether it was).
Numbers are printed, never asserted.

Measured on 27 November 2026 (FFSc, 30 games, 150 sets drawn a placement, 447 placements keeping
3.19 tiles on average): even the exact model tells little. The sets with which the placement was
the Champion's very choice are 35.1 % of those drawn, always hold the true one, and share **0.26
tile** more with it than a random draw; the Master's own model keeps 34.7 % of the sets within a
point of the rack's best (the true one 67.8 % of the time, +0.19 tile), 41.2 % within three
(81.0 %, +0.18 tile). The joker's chance of being kept is told no better after the exact guess
than before it (Brier score 0.0764 against 0.0729; 38 jokers kept in 441 placements), the S's
barely (0.143 against 0.150). Knowing the whole rack is worth +22 points of spread a game to the
Master (``bench_maitre.py``); a guess that gets about a tenth of the kept tiles, themselves less than
half the rack, is worth a point or two a game at most, for a search of the rack's moves per set
drawn. So the Master guesses nothing: it deals its opponents' racks from the unseen tiles as they
come.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from scrabble_fr.engine.move import MoveKind  # noqa: E402
from scrabble_fr.lexicon import Lexicon  # noqa: E402
from scrabble_fr.player.computer import _remove, equity_choice, leaves_for  # noqa: E402
from scrabble_fr.player.movegen import search_position, search_rack  # noqa: E402
from scrabble_fr.player.selfplay import new_computer_game  # noqa: E402

CHAMPION = 5
KEY_TILES = "?SEXZQJK"  # the tiles whose keeping changes a rack's worth most


def placements(seed: int, lexicon: Lexicon, samples: int) -> list[dict[str, object]]:
    """The game of ``seed``, one line per placement that keeps tiles with the bag not empty."""
    match = new_computer_game(["A", "B"], "ffsc", seed, lexicon, [CHAMPION, CHAMPION])
    game = match.game
    rules = game.rules
    models = {"hand": leaves_for(rules, fitted=False), "fitted": leaves_for(rules, fitted=True)}
    rng = random.Random(seed)
    lines = []
    while not game.is_over:
        if game.pending is not None:
            game.accept()
            continue
        position = game.position.copy(lexicon=lexicon)
        me, bag = position.to_move, len(game.bag)
        move = match.players[me].choose(position, bag)
        laid = "".join("?" if tile.is_blank else tile.letter for tile in move.tiles)
        kept = _remove(position.rack.upper(), laid) if move.kind is MoveKind.PLACE else ""
        if bag and kept:
            view, _found = search_position(position)
            pool = position.unseen(1 - me)
            pool.subtract(Counter(laid))
            tiles = sorted((+pool).elements())
            drawn = ["".join(sorted(rng.sample(tiles, len(kept)))) for _ in range(samples)]
            rows = []
            for leave in [kept, *drawn]:
                rack = laid + leave
                found = search_rack(view, rack)
                row: dict[str, object] = {"kept": leave,
                                          "shared": sum((Counter(leave) & Counter(kept)).values())}
                for name, leaves in models.items():
                    _top, best, exchanged = equity_choice(view, found, rack, bag, leaves,
                                                          bag >= rules.exchange_min_bag)
                    row[name] = [round(best - (move.score or 0) - leaves.value(leave), 2), exchanged is not None]
                rows.append(row)
            lines.append({"seed": seed, "bag": bag, "kept": kept, "sets": rows})
        game.play(move)
    return lines


EXACT = 0.001  # a deficit this small is none: the placement was the Champion's very choice


def _agrees(row: dict[str, Any], model: str, margin: float) -> bool:
    """Whether the placement played is, with the set of ``row``, within ``margin`` of the best
    that rack had under ``model``, and the rack would not have been exchanged instead."""
    deficit, exchange = row[model]
    return bool(deficit <= margin and not exchange)


def report(paths: list[str]) -> None:
    lines = [json.loads(text) for path in paths for text in Path(path).read_text().splitlines() if text]
    if not lines:
        print("no placement")
        return
    guesses = {"exact (hand, the Champion's choice)": ("hand", EXACT),
               "the Master's model (fitted, within 1 point)": ("fitted", 1.0),
               "the Master's model (fitted, within 3 points)": ("fitted", 3.0)}
    print(f"{len(lines)} placements, {sum(len(line['kept']) for line in lines) / len(lines):.2f} tiles kept on average")
    for label, (model, margin) in guesses.items():
        gains, shares, truths = [], [], 0
        for line in lines:
            true, *drawn = line["sets"]
            agreed = [row for row in drawn if _agrees(row, model, margin)]
            truths += _agrees(true, model, margin)
            shares.append(len(agreed) / len(drawn))
            if agreed:
                gains.append(sum(row["shared"] for row in agreed) / len(agreed)
                             - sum(row["shared"] for row in drawn) / len(drawn))
        print(f"{label}: +{sum(gains) / len(gains):.3f} tile shared with the true set over a random draw; "
              f"keeps {100 * sum(shares) / len(shares):.1f} % of the sets drawn, the true one "
              f"{100 * truths / len(lines):.1f} % of the time")
    print("the chance of a tile being kept, Brier score before and after the exact guess:")
    for tile in KEY_TILES:
        before = after = 0.0
        counted = held = 0
        for line in lines:
            drawn = line["sets"][1:]
            agreed = [row for row in drawn if _agrees(row, "hand", EXACT)]
            if not agreed:
                continue
            truth = float(tile in line["kept"])
            before += (sum(tile in row["kept"] for row in drawn) / len(drawn) - truth) ** 2
            after += (sum(tile in row["kept"] for row in agreed) / len(agreed) - truth) ** 2
            counted += 1
            held += int(truth)
        if counted:
            print(f"  {tile}: kept {held} times in {counted}; "
                  f"{before / counted:.4f} before, {after / counted:.4f} after")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--samples", type=int, default=150, help="sets of kept tiles drawn a placement")
    parser.add_argument("--part", default="0/1", help="i/n: the games g with g %% n == i")
    parser.add_argument("--report", nargs="+", metavar="JSONL")
    args = parser.parse_args()
    if args.report:
        report(args.report)
        return
    index, parts = map(int, args.part.split("/"))
    lexicon = Lexicon.builtin("fr")
    for seed in range(args.games):
        if seed % parts != index:
            continue
        start = time.perf_counter()
        for line in placements(seed, lexicon, args.samples):
            print(json.dumps(line), flush=True)
        print(f"game {seed}: {time.perf_counter() - start:.1f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
