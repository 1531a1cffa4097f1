"""Published duplicate sheets: one coup per line, ``TIRAGE [REF MOT]`` as club sheets print them.

    >>> [(c.leftover, c.new, c.rejet, c.move) for c in read_sheet("EEU+ESI? H4 ChACUNE\\n-AEINRST")]
    [('EEU', 'ESI?', False, 'H4 ChACUNE'), ('', 'AEINRST', True, None)]

``+`` separates the leftover from the new tiles, a leading ``-`` marks a draw made after a rejet,
``?`` is a joker in the draw and a lowercase letter is a joker in the word; the reference is
French (``H4`` across, ``4H`` down) and letters already on the board are written in full. Blank
lines and lines starting with ``#`` are skipped, except that a comment line ``# partie joker``
(or ``# partie 7sur8``) says which variant the game was played in (:func:`sheet_variant`). A line
that cannot be read raises :class:`DuplicateError` ``sheet_line`` naming it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from scrabble_fr.duplicate.draw import RACK_SIZE, format_draw
from scrabble_fr.duplicate.errors import DuplicateError
from scrabble_fr.duplicate.variant import Variant
from scrabble_fr.engine.errors import ScrabbleError
from scrabble_fr.engine.notation import fold_letters, parse_command
from scrabble_fr.i18n import _

_TILES = re.compile(r"^[A-Z?]*$")
MAX_LINES = 200  # a game has some twenty coups; a longer file is not a sheet


@dataclass(frozen=True)
class SheetCoup:
    """One line of a sheet: where it is (``line``, from 1), the draw, and the move if given."""

    line: int
    leftover: str
    new: str
    rejet: bool = False
    move: str | None = None  # "H4 ChACUNE" as written

    @property
    def tiles(self) -> str:
        return self.leftover + self.new

    @property
    def draw_text(self) -> str:
        return format_draw(self.leftover, self.new, self.rejet)


def _bad(line: int, text: str, detail: str) -> DuplicateError:
    return DuplicateError("sheet_line", line=line, text=text, detail=detail)


def read_line(number: int, text: str, rack_size: int = RACK_SIZE) -> SheetCoup:
    """One sheet line (already known not to be blank or a comment)."""
    parts = text.split()
    if len(parts) not in (1, 3):
        detail = _("a draw, then optionally a reference and a word")
        raise _bad(number, text, detail)
    draw = fold_letters(parts[0]).upper()
    rejet = draw.startswith("-")
    if rejet:
        draw = draw[1:]
    leftover, plus, new = draw.partition("+")
    if not plus:
        leftover, new = "", draw
    if rejet and leftover:
        raise _bad(number, text, _("after a rejet every tile is new: no + in the draw"))
    if not _TILES.match(leftover) or not _TILES.match(new) or "+" in new:
        raise _bad(number, text, _("a draw holds letters A to Z and ? for a joker"))
    if not 1 <= len(leftover) + len(new) <= rack_size:
        raise _bad(number, text, _("a draw holds 1 to {size} tiles").format(size=rack_size))
    move = None
    if len(parts) == 3:
        move = f"{parts[1]} {parts[2]}"
        try:
            command = parse_command(move, "fr")
        except ScrabbleError as exc:
            from scrabble_fr.messages import describe

            raise _bad(number, text, describe(exc)) from None
        if command.kind != "place":
            raise _bad(number, text, _("the move must place a word"))
    return SheetCoup(number, leftover, new, rejet, move)


def sheet_variant(text: str) -> Variant | None:
    """The variant a sheet says it was played in, by a comment line ``# partie joker`` or
    ``# partie 7sur8`` (as the club's published sheets write it); None when it says nothing.

        >>> sheet_variant("# Hiersac\\n# partie joker: a joker in every draw\\n?TIOEXG H8 InTOX").value
        'joker'
    """
    for raw in text.splitlines():
        line = raw.strip().lower()
        if not line.startswith("#"):
            continue
        words = line.lstrip("#").replace(":", " ").split()
        if len(words) >= 2 and words[0] == "partie":
            name = words[1].replace("/", "sur")
            if name in (v.value for v in Variant):
                return Variant(name)
    return None


def read_sheet(text: str, path: str = "", rack_size: int = RACK_SIZE) -> list[SheetCoup]:
    """Every coup of a sheet's text, in order (draws of ``rack_size`` tiles at most: 8 in 7sur8);
    raises :class:`DuplicateError` on the first bad line."""
    coups: list[SheetCoup] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        coups.append(read_line(number, line, rack_size))
        if len(coups) > MAX_LINES:
            raise _bad(number, line[:40], _("more than {n} coups").format(n=MAX_LINES))
    if not coups:
        raise DuplicateError("sheet_empty", path=path or "-")
    return coups


def read_sheet_file(path: str) -> list[SheetCoup]:
    """The coups of a sheet file, in the classic duplicate's draws of seven tiles."""
    return load_sheet(path, Variant.CLASSIC)[0]


def load_sheet(path: str, variant: Variant | None = None,
               rack_size: int = RACK_SIZE) -> tuple[list[SheetCoup], Variant]:
    """A published game's coups and its variant: ``variant`` when given (``--variante``), else
    the one its comment lines declare, else the classic duplicate; its draws hold the variant's
    tiles for racks of ``rack_size`` (the rules'), as a saved game's sheet is read again. The
    file is UTF-8 or Latin-1; a missing or unreadable file raises the records' error with its
    path."""
    from scrabble_fr.records.files import read_limited

    data = read_limited(path, 1_000_000)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    chosen = variant if variant is not None else sheet_variant(text) or Variant.CLASSIC
    return read_sheet(text, str(path), chosen.draw_size(rack_size)), chosen
