"""A paper slip (« bulletin ») marked as the FISF rules mark one (chapter 5): the reference, the
word with its circled letters as written, and the score as written (or none).

    >>> from scrabble_fr.engine.position import Position
    >>> from scrabble_fr.words import WordSet
    >>> p = Position(racks=["NETSAA?"], lexicon=WordSet(["NET", "NETS", "SENT"]))
    >>> m = mark_slip(p, read_slip("H5 NETS 8")); m.paid, m.reason.value, m.warnings
    (8, 'first_coup', [])

Unlike a proposal typed at a screen (:mod:`.marking`), a slip claims a score, may carry no
reference or a wrong one, and is never typed again: every slip is paid something, possibly 0.

- **First coup** (§4.1, §5.4.2 a): the word's best score, whatever reference is written; a score
  written that is not that best score, or none, earns a warning (§5.5).
- **§5.3.1**: the place and the score right: paid the score.
- **§5.3.2**: the place right, the score absent or wrong: paid the real score, with a warning; a
  joker left unmarked or another letter circled: the lowest circling, with a warning (as
  :func:`.marking.mark` pays it).
- **§5.3.3**: the reference wrong, absent or unreadable, but the word written in full scores the
  score written at another place where it can lie, in the same direction as the reference
  written (both directions when there is none): paid that score less a 5-point penalty.
- **§5.4** (zeros): a word outside the list (§5.4.1 a), a reference that takes the word nowhere
  for the score written (§5.4.1 b, c), a word the draw cannot make (§5.4.1 d).
- **§5.5, §5.8, §5.9**: one warning a coup at most; from the fourth warning (the sixth in blitz)
  each one costs 5 points.
"""

from __future__ import annotations

import enum
import re
from collections import Counter
from dataclasses import dataclass, field, replace

from scrabble_fr.duplicate.errors import DuplicateError
from scrabble_fr.duplicate.marking import Marking, WarningKind, mark, mark_at, warning_penalty
from scrabble_fr.duplicate.variant import within_play_limit
from scrabble_fr.engine.errors import ScrabbleError
from scrabble_fr.engine.move import Move
from scrabble_fr.engine.notation import ParsedCommand, format_coordinate, parse_command
from scrabble_fr.engine.position import Position
from scrabble_fr.engine.tiles import JOKER
from scrabble_fr.i18n import N_, _

# Penalties of chapter 5: a reference put right by the score (§5.3.3); each warning from the
# fourth (the sixth in blitz, §5.9) costs what :func:`.marking.warning_penalty` says.
REFERENCE_PENALTY = 5


class SlipReason(enum.StrEnum):
    """Why a slip is paid what it is paid."""

    FIRST_COUP = "first_coup"  # §5.4.2 a: the word's best score
    EXACT = "exact"  # §5.3.1
    SCORE_WRONG = "score_wrong"  # §5.3.2: place right, score absent or wrong
    JOKER = "joker"  # §5.3.2, §5.4.2 b: the circling not the draw's
    ELSEWHERE = "elsewhere"  # §5.3.3: the word's score at another place, less 5
    INVALID_WORD = "invalid_word"  # §5.4.1 a
    WRONG_REFERENCE = "wrong_reference"  # §5.4.1 b, c
    LETTER_ERROR = "letter_error"  # §5.4.1 d

    @property
    def text(self) -> str:
        return _(_REASON_TEXTS[self])


_REASON_TEXTS = {
    SlipReason.FIRST_COUP: N_("first coup: the word's best score (§5.4.2 a)"),
    SlipReason.EXACT: N_("place and score right (§5.3.1)"),
    SlipReason.SCORE_WRONG: N_("place right, score missing or wrong: paid with a warning (§5.3.2)"),
    SlipReason.JOKER: N_("joker not circled as the draw allows: the lowest circling, with a warning (§5.3.2)"),
    SlipReason.ELSEWHERE: N_("reference wrong, the score written is the word's at another place: "
                             "5 points of penalty (§5.3.3)"),
    SlipReason.INVALID_WORD: N_("word not in the list: 0 (§5.4.1 a)"),
    SlipReason.WRONG_REFERENCE: N_("the word does not lie at the reference written for this score: 0 (§5.4.1 b)"),
    SlipReason.LETTER_ERROR: N_("letters not in the draw: 0 (§5.4.1 d)"),
}


@dataclass(frozen=True)
class Slip:
    """A slip as written: ``reference`` (``""`` when none), ``word`` (a lowercase letter is a
    circled one) and ``score`` (None when none is written)."""

    reference: str
    word: str
    score: int | None = None

    @property
    def text(self) -> str:
        parts = [self.reference, self.word] + ([str(self.score)] if self.score is not None else [])
        return " ".join(part for part in parts if part)


@dataclass(frozen=True)
class SlipMarking:
    """What a slip pays: the ``score`` credited to the word, the ``reference_penalty`` (§5.3.3)
    and ``warning_penalty`` (§5.9) taken off it, the ``warnings`` (at most one, §5.8), the
    ``reason``, the move as paid and why it scores 0 (``error``)."""

    slip: Slip
    score: int
    reason: SlipReason
    warnings: list[WarningKind] = field(default_factory=list)
    reference_penalty: int = 0
    warning_penalty: int = 0
    move: Move | None = None
    error: ScrabbleError | None = None

    @property
    def paid(self) -> int:
        """The points the slip earns on this coup, every penalty off."""
        return self.score - self.reference_penalty - self.warning_penalty


_SLIP = re.compile(r"^\s*(?:(?P<ref>[A-Oa-o]\d{1,2}|\d{1,2}[A-Oa-o])\s+)?(?P<word>\S+)(?:\s+(?P<score>\d{1,4}))?\s*$")


def read_slip(text: str) -> Slip:
    """A slip typed at the desk: ``[REF] WORD [SCORE]``, such as ``H8 MOT 24``, ``MOT 24``.

        >>> read_slip("h8 MoT 24"), read_slip("MOT")
        (Slip(reference='H8', word='MoT', score=24), Slip(reference='', word='MOT', score=None))
    """
    match = _SLIP.match(text)
    if match is None or not re.fullmatch(r"[A-Za-zÀ-ÿ]+", match["word"]):
        raise DuplicateError("slip_unreadable", text=text)
    score = int(match["score"]) if match["score"] is not None else None
    return Slip((match["ref"] or "").upper(), match["word"], score)


def _command(position: Position, reference: str, word: str) -> ParsedCommand | None:
    try:
        command = parse_command(f"{reference} {word}", position.rules.notation, position.board.size)
    except ScrabbleError:
        return None
    return command if command.kind == "place" else None


def mark_slip(position: Position, slip: Slip, *, warnings_so_far: int = 0, blitz: bool = False,
              max_tiles: int | None = None) -> SlipMarking:
    """Mark ``slip`` on ``position`` (the coup's board, its draw as the rack to move, the list as
    its lexicon), for a player who has had ``warnings_so_far`` warnings, in a ``blitz`` game or
    not, moves placing ``max_tiles`` tiles at most (7 out of 8). Raises :class:`DuplicateError`
    ``slip_unreadable`` only when the word cannot be read at all."""
    centre = format_coordinate(*position.rules.centre, True, position.rules.notation)
    template = _command(position, centre, slip.word)
    if template is None:
        raise DuplicateError("slip_unreadable", text=slip.text)
    written = _command(position, slip.reference, slip.word) if slip.reference else None
    if position.board.is_empty():
        # No reference is asked on the first coup (§4.1): the word across the centre.
        return _paid(slip, mark(position, slip.text, written or template), SlipReason.FIRST_COUP,
                     warnings_so_far, blitz, max_tiles)
    at_place = mark_at(position, written) if written is not None else None
    if at_place is not None and at_place.error is None and _fits(at_place, max_tiles):
        return _paid(slip, at_place, SlipReason.EXACT, warnings_so_far, blitz, max_tiles)
    if at_place is not None and at_place.error is not None and at_place.error.code == "invalid_words":
        # The word lies where written but a word it forms is not in the list (§5.4.1 a): the
        # place was meant, so no other place is looked for.
        return SlipMarking(slip, 0, SlipReason.INVALID_WORD, error=at_place.error)
    # §5.3.3: the reference is wrong; the score written may still say where the word lies.
    directions = [written.across] if written is not None else [True, False]
    found = [m for m in _elsewhere(position, template, directions) if _fits(m, max_tiles)]
    for marking in found:
        if slip.score is not None and marking.score == slip.score:
            warnings = list(marking.warnings)
            return SlipMarking(slip, marking.score, SlipReason.ELSEWHERE, warnings, REFERENCE_PENALTY,
                               _warning_penalty(warnings, warnings_so_far, blitz), marking.move)
    error = at_place.error if at_place is not None else None
    return SlipMarking(slip, 0, _zero_reason(position, slip, error, bool(found)), move=None, error=error)


def _fits(marking: Marking, max_tiles: int | None) -> bool:
    return within_play_limit(marking.move, max_tiles)


def _paid(slip: Slip, marking: Marking, reason: SlipReason, warnings_so_far: int, blitz: bool,
          max_tiles: int | None) -> SlipMarking:
    """A slip whose place is taken as written (or, on the first coup, needs none)."""
    if marking.error is not None or not _fits(marking, max_tiles):
        return SlipMarking(slip, 0, _zero_reason(None, slip, marking.error, False), error=marking.error)
    warnings = list(marking.warnings)
    if warnings and reason is SlipReason.EXACT:
        reason = SlipReason.JOKER
    elif slip.score != marking.score:
        # One warning a coup at most (§5.8): a joker's warning already covers the score's.
        if reason is SlipReason.EXACT:
            reason = SlipReason.SCORE_WRONG
        if not warnings:
            warnings = [WarningKind.SCORE_MISSING if slip.score is None else WarningKind.SCORE_WRONG]
    return SlipMarking(slip, marking.score, reason, warnings, 0, _warning_penalty(warnings, warnings_so_far, blitz),
                       marking.move)


def _warning_penalty(warnings: list[WarningKind], before: int, blitz: bool) -> int:
    """5 points when this coup's warning is the fourth or later (the sixth or later in blitz)."""
    return warning_penalty(before + 1, blitz) - warning_penalty(before, blitz) if warnings else 0


def _elsewhere(position: Position, template: ParsedCommand, directions: list[bool]) -> list[Marking]:
    """The word written in full, marked at every place of the board in ``directions`` where it
    can lie (placements the board or the draw refuse left out)."""
    found = []
    size = position.board.size
    for across in directions:
        for row in range(size):
            for col in range(size):
                marking = mark_at(position, replace(template, row=row, col=col, across=across))
                if marking.error is None:
                    found.append(marking)
    return found


def _lacks_letters(position: Position, slip: Slip) -> bool:
    """Whether the word needs letters that neither the draw (its jokers included) nor the whole
    board holds: wherever the reference puts it, an *erreur de lettre* (§5.4.1 d)."""
    rack = Counter(position.rack.upper())
    jokers = rack.pop(JOKER, 0)
    board = Counter(letter.upper() for _row, _col, letter in position.board.tiles())
    lacking = Counter(slip.word.upper()) - rack - board
    return sum(lacking.values()) > jokers


def _zero_reason(position: Position | None, slip: Slip, error: ScrabbleError | None,
                 lies_elsewhere: bool) -> SlipReason:
    code = error.code if error is not None else ""
    if code == "invalid_words":
        return SlipReason.INVALID_WORD
    lacking = code == "tiles_not_on_rack" or (position is not None and _lacks_letters(position, slip))
    if lacking and not lies_elsewhere:
        return SlipReason.LETTER_ERROR
    if position is not None and not lies_elsewhere and slip.word.upper() not in position.lexicon:  # type: ignore[operator]
        return SlipReason.INVALID_WORD
    return SlipReason.WRONG_REFERENCE


__all__ = ["Slip", "SlipMarking", "SlipReason", "mark_slip", "read_slip"]
