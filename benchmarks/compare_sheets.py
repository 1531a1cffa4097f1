"""Published duplicate games against our tops: on how many coups our top scores what the published
top scores, and why not elsewhere, for one word list or several side by side.

    python benchmarks/compare_sheets.py                      # every game in benchmarks/parties
    python benchmarks/compare_sheets.py partie1.txt --detail
    python benchmarks/compare_sheets.py --lexique avant.txt --lexique apres.txt

Each game is a file in the ``duplicate --tirages`` format (``TIRAGE REF MOT`` a line, ``#``
comments naming its source); the board follows the published game. A comment line
``# partie joker`` marks the club variant where every draw holds a joker, replayed in the game's
own joker variant (:class:`scrabble_fr.duplicate.Variant`), as ``duplicate --tirages`` does. Per
coup (``--detail``): the published top and its score (as our scoring counts it), our top and its
score, and, when they differ, the words of the published move missing from the word list or, when
ours scores more, the words of our move (words the list accepts and the official dictionary of the
day did not). Then a table: for each game and each list, the coups where our top scores the
published top. This is the measure a change to the shipped list is judged on: a change that matches
fewer tops is not shipped. Numbers are printed, never asserted.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scrabble_fr.duplicate import DuplicateGame, load_sheet  # noqa: E402
from scrabble_fr.duplicate.game import reference  # noqa: E402
from scrabble_fr.lexicon import Lexicon  # noqa: E402

GAMES = Path(__file__).resolve().parent / "parties"


@dataclass(frozen=True)
class Result:
    """One game replayed with one list: coups where our top scores the published top, out of all."""

    same: int
    total: int
    published_total: int


def compare(path: str, lexicon: Lexicon, detail: bool = False) -> Result:
    sheet, variant = load_sheet(path)
    game = DuplicateGame([], lexicon=lexicon, sheet=sheet, seconds=None, variant=variant)
    while not game.is_over:
        game.close_coup()
    if detail:
        print(f"\n{path}")
    same = 0
    for coup in game.closed_coups:
        published, top = coup.published, coup.top
        assert published is not None
        ours = top.move if top is not None else None
        ours_score = ours.score if ours is not None else 0
        note = ""
        if ours_score == published.score:
            same += 1
        elif (ours_score or 0) < (published.score or 0):
            missing = sorted({w.letters for w in published.words if w.letters not in lexicon})
            note = "missing from the list: " + ", ".join(missing)
        else:
            assert ours is not None
            note = "ours scores more with: " + ", ".join(sorted({w.letters for w in ours.words}))
        if detail:
            ours_text = f"{reference(ours)} {ours.word} {ours_score}" if ours is not None else "-"
            print(f"{coup.number:3} {coup.draw.text:10} {reference(published):4} {published.word:10} "
                  f"{published.score:4}   ours {ours_text:22} {note}")
    total = len(game.closed_coups)
    if detail:
        print(f"our top scores the published top on {same} of {total} coups; "
              f"published total {game.top_total}")
    return Result(same, total, game.top_total)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sheets", nargs="*", help=f"games (default: every .txt in {GAMES.name}/)")
    parser.add_argument(
        "--lexique", action="append", default=[],
        help="a word list file instead of the shipped French list (repeat to compare lists)",
    )
    parser.add_argument("--detail", action="store_true", help="print every coup")
    args = parser.parse_args()
    sheets = args.sheets or [str(path) for path in sorted(GAMES.glob("*.txt"))]
    names = args.lexique or ["(liste livrée)"]
    lexicons = [Lexicon.from_file(name) for name in args.lexique] or [Lexicon.builtin("fr")]
    results = {name: [compare(sheet, lexicon, args.detail) for sheet in sheets]
               for name, lexicon in zip(names, lexicons, strict=True)}
    width = max(len(Path(sheet).stem) for sheet in sheets)
    print()
    print(f"{'game':{width}}  " + "  ".join(f"{Path(name).name:>16}" for name in names))
    for index, sheet in enumerate(sheets):
        cells = [results[name][index] for name in names]
        print(f"{Path(sheet).stem:{width}}  " + "  ".join(f"{f'{c.same}/{c.total}':>16}" for c in cells))
    totals = [f"{sum(r.same for r in results[n])}/{sum(r.total for r in results[n])}" for n in names]
    print(f"{'total':{width}}  " + "  ".join(f"{t:>16}" for t in totals))


if __name__ == "__main__":
    main()
