"""The duplicate sheet (French *feuille de route*) as text and as JSON.

    >>> from scrabble_fr.words import WordSet
    >>> from scrabble_fr.duplicate.sheet import read_sheet
    >>> from scrabble_fr.duplicate.game import DuplicateGame
    >>> g = DuplicateGame([], lexicon=WordSet(["NET", "NETS"]), sheet=read_sheet("NETSAAA H5 NETS"), seconds=None)
    >>> while not g.is_over: _ = g.close_coup()
    >>> replay_data(g)["coups"][0]["placed"], replay_data(g)["total"]
    ({'ref': 'H5', 'word': 'NETS', 'score': 8}, 8)

Per coup: the draw (``+`` between leftover and new tiles, ``-`` after a rejet), the top, its
reference (``H4`` across, ``4H`` down), its points and the running total, then each player's
move, score, warning and solo; at the end each player's total and, when there were any, their
warnings and what they cost (FISF §5.9).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from scrabble_fr.duplicate.game import Coup, DuplicateGame, Proposal, reference
from scrabble_fr.duplicate.variant import Variant
from scrabble_fr.engine.move import Move
from scrabble_fr.i18n import _, format_number, ngettext


def percent_text(value: float) -> str:
    """``87,5 %`` in French, ``87.5%`` in English, to a tenth: a share of the top, a chance of winning."""
    return _("{value}%").format(value=format_number(round(value, 1)))


def move_data(move: Move | None, notation: str = "fr") -> dict[str, Any] | None:
    """``{"ref", "word", "score"}`` of a placement (None stays None)."""
    if move is None:
        return None
    return {"ref": reference(move, notation), "word": move.word, "score": move.score or 0}


def replay_data(game: DuplicateGame) -> dict[str, Any]:
    """What ``duplicate --json`` prints: per coup the draw, our top and the move placed, the total
    of the placed moves, and ``"variante"`` when the game is not the classic duplicate."""
    coups = []
    for coup in game.closed_coups:
        coups.append({
            "n": coup.number,
            "tirage": coup.draw.text,
            "top": move_data(coup.top.move if coup.top is not None else None, game.rules.notation),
            "placed": move_data(coup.placed, game.rules.notation),
        })
    data: dict[str, Any] = {"coups": coups, "total": game.top_total}
    if game.variant is not Variant.CLASSIC:
        # Only a variant is named: a classic game's JSON stays as it always was.
        data["variante"] = game.variant.value
    return data


def _proposal_data(game: DuplicateGame, proposal: Proposal | None, solo: bool) -> dict[str, Any]:
    if proposal is None or proposal.is_empty:
        return {"move": None, "score": 0, "solo": solo, "warnings": []}
    data: dict[str, Any] = {"move": proposal.text, "score": proposal.score, "solo": solo,
                            "warnings": [str(w) for w in proposal.warnings]}
    if proposal.move is not None and proposal.move.word:
        data["ref"], data["word"] = game.reference(proposal.move), proposal.move.word
    return data


def sheet_data(game: DuplicateGame) -> dict[str, Any]:
    """The whole sheet: :func:`replay_data` with each player's moves, scores, solos and totals."""
    data = replay_data(game)
    for coup, entry in zip(game.closed_coups, data["coups"], strict=True):
        entry["players"] = [_proposal_data(game, coup.proposals[p], coup.solo == p) for p in range(len(game.players))]
        if coup.swapped:
            entry["jokers_swapped"] = coup.swapped  # the joker game: letters that replaced the board's jokers
    data["seed"] = game.seed
    data["players"] = [
        {"name": name, "total": game.total(p), "solos": game.solos(p), "percent": round(game.percent(p), 2),
         "warnings": game.warnings(p), "penalty": game.penalty(p)}
        for p, name in enumerate(game.players)
    ]
    return data


def sheet_cell(played: str | None, points: int, *, warned: bool = False, solo: bool = False,
               corrected: bool = False) -> str:
    """A player's cell on a coup's line: the move ``played`` (its reference and word, or the text
    the marking refused) and its points, ``—`` for nothing played; ``*`` a score the arbitrator
    corrected, then the warning and the solo (both kinds of duplicate write it so)."""
    text = f"{played} {points}" if played else (str(points) if corrected else "—")
    if corrected:
        text += " *"
    if warned:
        # The sheet's mark for a warning (FISF §5.9: warnings are noted on the correction slip).
        text += " " + _("warn.")
    if solo:
        text += " " + _("solo")
    return text


def _cell(game: DuplicateGame, coup: Coup, player: int) -> str:
    proposal = coup.proposals[player]
    if proposal is None or proposal.is_empty:
        return sheet_cell(None, 0, solo=coup.solo == player)
    valid = proposal.move is not None and proposal.move.word and proposal.error is None
    played = f"{game.reference(proposal.move)} {proposal.move.word}" if valid and proposal.move else proposal.text
    return sheet_cell(played, proposal.score if valid else 0, warned=bool(proposal.warnings), solo=coup.solo == player)


def warnings_text(count: int, penalty: int) -> str:
    """``2 warnings`` or ``4 warnings (−5)``: a player's warnings and what they cost."""
    text = ngettext("{n} warning", "{n} warnings", count).format(n=count)
    if penalty:
        text += f" (−{format_number(penalty)})"
    return text


# The sheet's number columns (coup, points, running top total), right-aligned.
SHEET_NUMERIC = frozenset({0, 4, 5})


SHEET_COUP_COLUMNS = 6  # the coup's own columns (number, draw, top, reference, points, total): the players' follow


def sheet_lines(headers: list[str], rows: list[list[str]], width: int | None = None) -> list[str]:
    """A sheet's rows in aligned columns, the numbers right-aligned (both kinds of duplicate).
    Wider than ``width``, the players' columns that do not fit continue below, a block at a
    time, each after the coups' numbers (a screen of 80 columns cuts none).

        >>> print("\\n".join(sheet_lines(["No.", "Draw", "Top", "Ref.", "Pts", "Total", "Alice", "Bruno"],
        ...       [["1", "ERZAGEP", "ARPEGEZ", "H6", "108", "108", "H6 ARPEGEZ 108", "H4 PAGE 14"]], width=60)))
        No.  Draw     Top      Ref.  Pts  Total  Alice
          1  ERZAGEP  ARPEGEZ  H6    108    108  H6 ARPEGEZ 108
        <BLANKLINE>
        No.  Bruno
          1  H4 PAGE 14
    """
    widths = [max(len(row[i]) for row in [headers] + rows) for i in range(len(headers))]

    def span(columns: list[int]) -> int:
        return sum(widths[c] for c in columns) + 2 * (len(columns) - 1)

    blocks: list[list[int]] = []
    block = list(range(min(SHEET_COUP_COLUMNS, len(headers))))
    for column in range(len(block), len(headers)):
        if width is not None and span([*block, column]) > width and len(block) > (1 if blocks else SHEET_COUP_COLUMNS):
            blocks.append(block)
            block = [0]
        block.append(column)
    blocks.append(block)
    lines: list[str] = []
    for columns in blocks:
        if lines:
            lines.append("")
        lines.extend("  ".join(row[i].rjust(widths[i]) if i in SHEET_NUMERIC else row[i].ljust(widths[i])
                               for i in columns).rstrip()
                     for row in [headers] + rows)
    return lines


@dataclass(frozen=True)
class SheetLine:
    """A coup's line of a sheet: its draw, its top (word, reference, points; None while the coup
    is in play) and each player's cell (:func:`sheet_cell`)."""

    number: int
    draw: str
    top: tuple[str, str, int] | None
    cells: Sequence[str]


def sheet_table(variant: Variant, names: Sequence[str], lines: Sequence[SheetLine],
                totals: Sequence[tuple[int, float]], warnings: Sequence[tuple[int, int]],
                notes: Sequence[str] = (), width: int | None = None) -> str:
    """A sheet as a plain-text table, the local game's and a club table's alike: the variant
    above (a classic sheet reads as it always did), one coup a line with the tops' running total,
    the totals (each player's total and share of the top: ``totals``), each player's warnings and
    what they cost when any player had one (``warnings``: count and penalty), then the
    ``notes``."""
    headers = [_("No."), _("Draw"), _("Top"), _("Ref."), _("Pts"), _("Total"), *names]
    rows: list[list[str]] = []
    running = 0
    for line in lines:
        if line.top is None:
            rows.append([str(line.number), line.draw, "…", "", "", ""] + [""] * len(names))
            continue
        word, ref, score = line.top
        running += score
        rows.append([str(line.number), line.draw, word, ref, str(score), str(running), *line.cells])
    rows.append(["", "", _("Total"), "", "", format_number(running)]
                + [f"{format_number(total)} ({percent_text(share)})" for total, share in totals])
    if any(count for count, _penalty in warnings):
        rows.append(["", "", _("Warnings"), "", "", ""] + [warnings_text(*pair) for pair in warnings])
    title = [variant.text] if variant is not Variant.CLASSIC else []
    return "\n".join(title + sheet_lines(headers, rows, width) + list(notes)) + "\n"


def sheet_text(game: DuplicateGame) -> str:
    """The sheet as a plain-text table, one coup a line, then the totals."""
    players = range(len(game.players))
    lines = []
    for coup in game.closed_coups:
        placed = coup.placed
        assert placed is not None
        lines.append(SheetLine(coup.number, coup.draw.text, (placed.word, game.reference(placed), placed.score or 0),
                               [_cell(game, coup, p) for p in players]))
    current = game.current
    if current is not None and current.started:
        lines.append(SheetLine(current.number, current.draw.text, None, []))
    return sheet_table(game.variant, game.players, lines, [(game.total(p), game.percent(p)) for p in players],
                       [(game.warnings(p), game.penalty(p)) for p in players])
