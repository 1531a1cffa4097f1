"""Errors of the word lists and of the draw search, worded like the engine's: a code and params.

    >>> err = LexiconError("lexicon_missing", path="ods.txt")
    >>> err.code, str(err)
    ('lexicon_missing', 'word list ods.txt not found: give the path of a text file with one word per line')
"""

from __future__ import annotations

from typing import ClassVar

from scrabble_fr.engine.errors import N_, ScrabbleError

# code -> English template; ``{name}`` fields come from the error's params.
MESSAGES: dict[str, str] = {
    "lexicon_missing": N_(
        "word list {path} not found: give the path of a text file with one word per line"
    ),
    "lexicon_unreadable": N_("word list {path} cannot be read: {detail}"),
    "lexicon_empty": N_("word list {path} holds no word of 2 to 15 letters A to Z"),
    "lexicon_damaged_graph": N_("word list {path} is a damaged Quackle word graph (.dawg): {detail}; none of its words was read"),
    "lexicon_not_text": N_("{path} is neither a list of words (text, one a line) nor a Quackle word graph (.dawg)"),
    "lexicon_builtin_unknown": N_("there is no built-in word list {name!r} (known: {known})"),
    "lexicon_unknown": N_("there is no word list named {name!r} (known: {known})"),
    "lexicon_name_reserved": N_("{name!r} is the name of a shipped list, which stays: give your list another name"),
    "lexicon_name_taken": N_("a word list is already named {name!r}: choose another name, or remove it first"),
    "lexicon_name_invalid": N_("{name!r} is not a valid list name: 1 to {maximum} characters, printable"),
    "lexicon_language": N_("a word list is French or English (fr or en), not {language!r}"),
    "lexicon_builtin_kept": N_("the shipped list {name!r} cannot be removed; choose another list instead"),
    "no_word_list": N_("no word list is loaded: choose one on the set-up screen or with --lexique"),
    "no_anagram_search": N_("this word list cannot be searched by letters"),
    "draw_empty": N_("the draw is empty: type its letters, ? for a blank (example: AEINRS?)"),
    "draw_bad_character": N_("{character!r} in the draw is neither a letter nor a blank (?)"),
    "draw_too_long": N_("a draw has at most {maximum} tiles, not {count}"),
}


class LexiconError(ScrabbleError):
    """A word list cannot be loaded, or a draw to search is malformed."""

    MESSAGES: ClassVar[dict[str, str]] = MESSAGES
