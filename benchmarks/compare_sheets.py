"""Published duplicate sheets against our tops: on how many coups our top scores what the published
top scores, and why not elsewhere.

    python benchmarks/compare_sheets.py partie1.txt partie2.txt [--lexique FILE]

Each sheet is a file in the ``duplicate --tirages`` format (``TIRAGE REF MOT`` a line); the board
follows the sheet. Per coup: the published top and its score (as our scoring counts it), our top
and its score, and, when they differ, the words of the published move missing from the word list
(our list lacks them) or, when ours scores more, the words of our move (words the list accepts and
the official dictionary of the game did not). Numbers are printed, never asserted.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scrabble_fr.duplicate import DuplicateGame, read_sheet_file  # noqa: E402
from scrabble_fr.duplicate.game import reference  # noqa: E402
from scrabble_fr.lexicon import Lexicon  # noqa: E402


def compare(path: str, lexicon: Lexicon) -> tuple[int, int]:
    game = DuplicateGame([], lexicon=lexicon, sheet=read_sheet_file(path), seconds=None)
    while not game.is_over:
        game.close_coup()
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
        ours_text = f"{reference(ours)} {ours.word} {ours_score}" if ours is not None else "-"
        print(f"{coup.number:3} {coup.draw.text:10} {reference(published):4} {published.word:10} {published.score:4}"
              f"   ours {ours_text:22} {note}")
    total = len(game.closed_coups)
    print(f"our top scores the published top on {same} of {total} coups; published total {game.top_total}")
    return same, total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sheets", nargs="+")
    parser.add_argument("--lexique", help="a word list file instead of the shipped French list")
    args = parser.parse_args()
    lexicon = Lexicon.from_file(args.lexique) if args.lexique else Lexicon.builtin("fr")
    for path in args.sheets:
        compare(path, lexicon)


if __name__ == "__main__":
    main()
