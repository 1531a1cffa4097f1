"""``scrabble-fr verifier`` and ``scrabble-fr tirage``: look words up, and search a draw.

    $ scrabble-fr verifier maison zzz
    MAISON: valid …

Both print plain text, or one JSON object with ``--json`` (English keys, like every command's
JSON; the words as the list spells them); the caller chooses the word list (the
shipped one, the player's own list, extra words) and hands in the :class:`Lexicon`.
"""

from __future__ import annotations

import json
import textwrap
from typing import Any, TextIO

from scrabble_fr.i18n import _, format_number, ngettext
from scrabble_fr.lexicon import Lexicon, anagrams, anagrams_with_board_letter, normalize_word, parse_draw

# Lengths shown first: a 7-letter word empties the rack (the "scrabble", +50 points), an
# 8-letter one does the same through a letter of the board.
SCRABBLE_LENGTHS = (7, 8)
RACK_SIZE = 7
LINE_WIDTH = 78


def run_verifier(words: list[str], lexicon: Lexicon, as_json: bool, out: TextIO) -> int:
    """Say for each word whether the active list has it; 0 when all do, 1 otherwise.

        >>> import sys; from scrabble_fr.lexicon import Lexicon
        >>> run_verifier(["maison", "zzz"], Lexicon.builtin("fr"), False, sys.stdout)  # doctest: +SKIP
        1

    Words are read like the lists: any case, accents allowed (``été`` is ``ETE``).
    """
    results: list[dict[str, Any]] = []
    for text in words:
        spelling = normalize_word(text)
        results.append(
            {"word": text, "spelling": spelling, "valid": spelling is not None and spelling in lexicon}
        )
    all_valid = all(result["valid"] for result in results)

    if as_json:
        document = {"lexicon": lexicon.name, "words": results, "all_valid": all_valid}
        out.write(json.dumps(document, ensure_ascii=False) + "\n")
        return 0 if all_valid else 1

    out.write(_("Word list: {name}").format(name=lexicon.name) + "\n")
    for result in results:
        if result["spelling"] is None:
            line = _("{word}: not valid (not a word of 2 to 15 letters A to Z)").format(
                word=result["word"].strip()
            )
        elif result["valid"]:
            line = _("{word}: valid").format(word=result["spelling"])
        else:
            line = _("{word}: not valid").format(word=result["spelling"])
        out.write(line + "\n")
    return 0 if all_valid else 1


def _order(lengths: list[int]) -> list[int]:
    """The scrabble lengths first (7, then 8), then the others, longest first."""
    first = [length for length in SCRABBLE_LENGTHS if length in lengths]
    rest = sorted((length for length in lengths if length not in SCRABBLE_LENGTHS), reverse=True)
    return first + rest


def _wrapped(words: list[str], out: TextIO) -> None:
    out.write(textwrap.fill(" ".join(words), LINE_WIDTH, initial_indent="  ", subsequent_indent="  "))
    out.write("\n")


def run_tirage(letters: str, lexicon: Lexicon, as_json: bool, out: TextIO) -> int:
    """Print every word the draw can spell, scrabbles first; 0 when there is one, 1 when none.

        >>> import sys; from scrabble_fr.lexicon import Lexicon
        >>> run_tirage("AEINRST", Lexicon.builtin("fr"), True, sys.stdout)  # doctest: +SKIP
        {"lexicon": "Grammalecte 7.0 (free list)", "draw": "AEINRST", "words": {"7": [...], "8": [...], ...}}

    Letters standing for jokers are in lower case. For a draw of 7 tiles, the 8-letter words
    are those that use every tile and one letter of the board, also listed by that letter.
    Raises :class:`LexiconError` when the draw is malformed (``draw_empty``,
    ``draw_bad_character``, ``draw_too_long``).
    """
    draw = parse_draw(letters)
    found = anagrams(lexicon, letters)
    with_board = anagrams_with_board_letter(lexicon, letters) if draw.size == RACK_SIZE else {}
    if with_board:
        found[RACK_SIZE + 1] = sorted({w for words in with_board.values() for w in words}, key=str.upper)
    order = _order(list(found))

    if as_json:
        document: dict[str, Any] = {
            "lexicon": lexicon.name,
            "draw": str(draw),
            "words": {str(length): found[length] for length in order},
        }
        if with_board:
            document["with_board_letter"] = with_board
        out.write(json.dumps(document, ensure_ascii=False) + "\n")
        return 0 if found else 1

    out.write(_("Word list: {name}").format(name=lexicon.name) + "\n")
    out.write(_("Draw: {draw}").format(draw=str(draw)) + "\n")
    if draw.jokers:
        out.write(_("Letters in lower case stand for blanks.") + "\n")
    if not found:
        out.write(_("No word can be made with this draw.") + "\n")
        return 1
    for length in order:
        words = found[length]
        count = format_number(len(words))
        if length == RACK_SIZE + 1 and with_board:
            heading = ngettext(
                "{length} letters, with one letter of the board (scrabble): {count} word",
                "{length} letters, with one letter of the board (scrabble): {count} words",
                len(words),
            )
        elif length in SCRABBLE_LENGTHS:
            heading = ngettext(
                "{length} letters (scrabble): {count} word",
                "{length} letters (scrabble): {count} words",
                len(words),
            )
        else:
            heading = ngettext(
                "{length} letters: {count} word", "{length} letters: {count} words", len(words)
            )
        out.write(heading.format(length=length, count=count) + "\n")
        if length == RACK_SIZE + 1 and with_board:
            for board_letter, board_words in with_board.items():
                _wrapped([f"+{board_letter}:", *board_words], out)
        else:
            _wrapped(words, out)
    return 0
