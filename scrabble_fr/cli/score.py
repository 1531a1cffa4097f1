"""``scrabble-fr score``: the base value of a word, or the score of a placement and its words.

    $ scrabble-fr score "H4 MAISON"
    H4 MAISON : 18 points
"""

from __future__ import annotations

import argparse
import json
from typing import Any, TextIO

from scrabble_fr.cli.common import resolve_rules
from scrabble_fr.engine.errors import IllegalMoveError, InvalidMoveError
from scrabble_fr.engine.notation import fold_letters
from scrabble_fr.engine.position import Position
from scrabble_fr.engine.scoring import score_placement
from scrabble_fr.i18n import _, colon, points
from scrabble_fr.messages import describe


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "score",
        help=_("score of a word, or of a placement on a board"),
        description=_(
            "Without a square, the base value of a word (sum of its letters). With one, the score "
            "of the placement and of every word it forms, on an empty board unless --position gives one."
        ),
        add_help=False,
    )
    parser.add_argument("texte", nargs="+", metavar=_("WORD_OR_MOVE"),
                        help=_('a word (MAISON) or a placement ("H4 MAISON")'))
    parser.add_argument("--position", metavar="CGP", help=_("the board, racks and scores as a CGP line"))
    parser.add_argument("--tirage", metavar=_("LETTERS"), help=_("the rack of the player (? for a blank)"))
    parser.add_argument("--json", action="store_true", help=_("print the result as JSON"))
    return parser


def run(args: argparse.Namespace, out: TextIO) -> int:
    rules = resolve_rules(getattr(args, "regles", None))
    text = " ".join(args.texte).strip()
    if len(text.split()) == 1 and not text.startswith("-"):
        return _word_score(text, rules, args.json, out)

    if args.position:
        position = Position.from_cgp(args.position, rules)
    else:
        position = Position(rules, racks=[(args.tirage or "").upper(), ""])
    if args.tirage:
        position.racks[position.to_move] = fold_letters(args.tirage).upper()
    move = position.parse_move(text)
    if not move.is_place:
        raise InvalidMoveError("bad_command", text=text)
    rack_known = bool(position.rack)
    placement = score_placement(position.board, rules, move.tiles, rules.notation, count_bonus=rack_known)
    note = None
    legal = True
    try:
        position.check(move)
    except IllegalMoveError as exc:
        legal = False
        note = describe(exc)
    if legal and not rack_known and len(move.tiles) >= rules.rack_size:
        note = _("no rack given: the {bonus}-point bonus for using all 7 tiles is not counted").format(
            bonus=rules.bingo_bonus
        )
    notation = move.notation(rules.notation)
    if args.json:
        payload = {
            "move": notation,
            "score": placement.score,
            "words": [{"word": w.text, "score": w.score} for w in placement.words],
            "bonus": rules.bingo_bonus if placement.bingo else 0,
            "legal": legal,
            "note": note,
        }
        out.write(json.dumps(payload, ensure_ascii=False) + "\n")
        return 0
    out.write(f"{notation}{colon()} {points(placement.score)}\n")
    for word in placement.words:
        out.write(f"  {word.text} {points(word.score)}\n")
    if placement.bingo:
        out.write("  " + _("scrabble bonus") + f" {points(rules.bingo_bonus)}\n")
    if note:
        prefix = _("not a legal move here") if not legal else _("note")
        out.write(f"{prefix}{colon()} {note}\n")
    return 0


def _word_score(text: str, rules: Any, as_json: bool, out: TextIO) -> int:
    word = fold_letters(text).upper()
    if not word.isascii() or not word.isalpha():
        raise InvalidMoveError("bad_word", text=text)
    value = sum(rules.tile_set.value(letter) for letter in word)
    if as_json:
        out.write(json.dumps({"word": word, "score": value}) + "\n")
    else:
        out.write(f"{word}{colon()} {points(value)}\n")
    return 0
