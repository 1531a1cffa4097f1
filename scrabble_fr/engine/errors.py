"""The engine's errors: each carries a ``code`` and its ``params`` so any interface can word it.

``str(error)`` is the English developer text; the program shows players the translated text from
:func:`scrabble_fr.messages.describe`. The templates below are marked for extraction with ``N_``
(a no-op here: the engine never reads a catalogue).

    >>> err = IllegalMoveError("occupied", square="H8")
    >>> err.code, str(err)
    ('occupied', 'square H8 is already occupied')
"""

from __future__ import annotations

from typing import Any, ClassVar


def N_(message: str) -> str:
    """Mark a text for extraction without translating it now (the one definition; the engine
    reads no catalogue, so it cannot use the translator's)."""
    return message


# code -> template; ``{name}`` fields come from the error's params.
MESSAGES: dict[str, str] = {
    # Notation (InvalidMoveError)
    "empty_input": N_("nothing was typed"),
    "bad_coordinate": N_("{text!r} is not a square (examples: H8 across, 8H down)"),
    "bad_command": N_("{text!r} is not a move (examples: H8 WORD, PASS, EXCHANGE ABC)"),
    "bad_word": N_("{text!r} is not a word of letters A to Z"),
    "off_board": N_("the word runs off the board at {square}"),
    "letter_mismatch": N_("square {square} holds {board!r}, not {written!r}"),
    "dot_on_empty": N_("square {square} is empty: '.' stands for a letter already on the board"),
    "bad_move_data": N_("a saved move is malformed: {text}"),
    "nothing_placed": N_("the move places no tile: every square is already occupied"),
    # Placement rules (IllegalMoveError)
    "occupied": N_("square {square} is already occupied"),
    "not_in_line": N_("the tiles are not all in one row or one column"),
    "gap": N_("there is a gap in the word at {square}"),
    "duplicate_square": N_("two tiles are placed on square {square}"),
    "not_connected": N_("the word touches no tile already on the board"),
    "first_move_centre": N_("the first word must cover the centre square {square}"),
    "first_move_one_letter": N_("the first word must have at least two letters"),
    "tiles_not_on_rack": N_("the rack {rack!r} lacks {missing!r}"),
    "exchange_bag_too_small": N_(
        "exchanging needs at least {minimum} tiles in the bag; there are {bag}"
    ),
    "exchange_nothing": N_("name the tiles to exchange"),
    "exchange_too_many": N_("at most {maximum} tiles can be exchanged"),
    "invalid_words": N_("not in the word list: {words}"),
    # Game state (GameStateError)
    "game_over": N_("the game is over"),
    "no_announced_move": N_("there is no announced move to challenge or accept"),
    "move_pending": N_("a move is announced: accept or challenge it first"),
    "cannot_contest_own_move": N_("a player cannot challenge their own move"),
    "word_not_formed": N_("the move did not form {word}: it formed {words}"),
    "unknown_player": N_("there is no player {player}"),
    "no_verifier": N_("no word list or answers to verify the words with"),
    "missing_answer": N_("no answer was given for the word {word}"),
    "bad_action": N_("action {number} of the saved game is malformed"),
    "nothing_to_undo": N_("there is nothing to undo"),
    "no_challenge_rule": N_("moves cannot be challenged under these rules"),
    "bad_player_count": N_("a game has 1 to 8 players, not {count}"),
    "bad_overrun": N_("{overrun} is not a time overrun: a clock reports a positive number of seconds that never goes back"),
    # Positions (CgpError)
    "cgp_fields": N_("a CGP needs board, racks, scores and a turn count; got {text!r}"),
    "cgp_rows": N_("the CGP board has {rows} rows instead of {size}"),
    "cgp_row": N_("row {row} of the CGP board is malformed: {text!r}"),
    "cgp_racks": N_("the CGP racks {text!r} are malformed (example: AEINRST/ABC)"),
    "cgp_scores": N_("the CGP scores {text!r} are malformed (example: 120/98)"),
    "cgp_turns": N_("the CGP count of scoreless turns {text!r} is not a number"),
    "cgp_tiles": N_("the CGP uses more {letter!r} tiles than the set holds"),
    # Rules files (RulesError)
    "rules_unknown": N_("unknown rule set {name!r} (known: {known})"),
    "rules_syntax": N_("the rules file is not valid TOML: {detail}"),
    "rules_field": N_("rules file, {field}: {detail}"),
}


def format_message(template: str, params: dict[str, Any]) -> str:
    """Fill ``template`` with ``params``; a missing field is left visible rather than raising."""
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template


class ScrabbleError(ValueError):
    """Base of every error the engine raises on bad input; the state is left unchanged.

    Subclasses elsewhere (the lexicon, the records) bring their own ``MESSAGES`` table.
    """

    MESSAGES: ClassVar[dict[str, str]] = MESSAGES

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params = params
        super().__init__(format_message(self.template, params))

    @property
    def template(self) -> str:
        return self.MESSAGES.get(self.code, self.code)

    def __repr__(self) -> str:
        args = "".join(f", {key}={value!r}" for key, value in self.params.items())
        return f"{type(self).__name__}({self.code!r}{args})"


class InvalidMoveError(ScrabbleError):
    """The text is not a move: bad notation, a coordinate off the board, a letter that is not a tile."""


class IllegalMoveError(ScrabbleError):
    """The move is well formed but breaks a rule: occupied square, gap, not connected, not on rack…"""


class GameStateError(ScrabbleError):
    """The action does not fit the moment: contesting with nothing announced, playing after the end."""


class CgpError(ScrabbleError):
    """A CGP position text is malformed."""


class RulesError(ScrabbleError):
    """A rule set is unknown or a rules file is invalid."""
