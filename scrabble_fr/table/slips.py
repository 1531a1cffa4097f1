"""Paper slips (« bulletins ») at a club duplicate table: a player on paper has no screen; the
arbitrator's desk (or ``table arbitrer CODE --bulletin NOM "H8 MOT 24"``) types each slip as
written, and the arbitrator's game marks it by FISF chapter 5
(:meth:`~scrabble_fr.duplicate.game.DuplicateGame.mark_slip`).

The slip's row keeps what was typed, what it pays and why (``score``, ``paid``, ``reason``,
``warnings``, the penalties), so that every process — a player's, ``resultats`` — reads the
marking without the word list. The arbitrator's process marks the text again when it replays the
rows (as it judges proposals again) and gives the game the slip as that player's proposal: the
results, the solos and the totals count it as any other. A slip is typed while its coup is in
play; a later slip for the same player replaces the earlier one, until the coup closes (its
results are published at the close).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from scrabble_fr.duplicate.marking import WarningKind
from scrabble_fr.duplicate.slip import SlipReason
from scrabble_fr.i18n import _, points
from scrabble_fr.table.errors import TableError

if TYPE_CHECKING:
    from scrabble_fr.table.duplicate import DuplicateTable


@dataclass(frozen=True)
class SlipRecord:
    """A slip as its row keeps it: whose, which coup, what was typed and what it pays."""

    name: str
    coup: int
    text: str
    paid: int
    reason: SlipReason
    warnings: tuple[WarningKind, ...]
    warning_penalty: int
    reference_penalty: int

    @classmethod
    def from_row(cls, table: DuplicateTable, payload: dict[str, Any]) -> SlipRecord:
        seat = int(payload["seat"])
        return cls(table.names.get(seat, "?"), int(payload["n"]), str(payload["text"]), int(payload["paid"]),
                   SlipReason(payload["reason"]), tuple(WarningKind(w) for w in payload.get("warnings", [])),
                   int(payload.get("warning_penalty", 0)), int(payload.get("reference_penalty", 0)))

    def to_json(self) -> dict[str, Any]:
        return {"player": self.name, "coup": self.coup, "slip": self.text, "paid": self.paid,
                "warnings": [w.text for w in self.warnings], "reason": self.reason.text}

    def text_line(self) -> str:
        """One line: « Alice, coup 3 : « H8 MOT 24 » rapporte 19 points (why). Avertissement… »."""
        line = _("{name}, coup {n}: “{slip}” pays {points} — {reason}.").format(
            name=self.name, n=self.coup, slip=self.text, points=points(self.paid), reason=self.reason.text)
        for warning in self.warnings:
            line += " " + _("Warning: {warning}.").format(warning=warning.text)
        if self.warning_penalty:
            line += " " + _("Penalty: {points} (a warning past the free ones, §5.9).").format(
                points=points(self.warning_penalty))
        return line


def paper_seat(table: DuplicateTable, name: str) -> int:
    """The seat of the player on paper called ``name`` (case aside): an unknown name, or a
    player at a screen (whose move is their own), is refused."""
    wanted = name.strip().casefold()
    seat = next((s for s, n in table.names.items() if n.casefold() == wanted), None)
    if seat is None:
        raise TableError("slip_unknown_player", name=name.strip())
    if seat not in table.paper:
        raise TableError("slip_not_paper", name=table.names[seat])
    return seat


def coup_in_play(table: DuplicateTable) -> int:
    """The number of the coup a slip is typed for: the one in play, else refused."""
    if table.current is not None:
        return table.current.number
    if table.last is None:
        raise TableError("slip_no_coup")
    raise TableError("slip_coup_closed", n=table.last.number)


def type_slip(table: DuplicateTable, name: str, text: str) -> SlipRecord:
    """The desk types ``text`` (``[REF] WORD [SCORE]``) for the player on paper ``name`` on the
    coup in play: marked, written, and said. Refused, nothing written: not the arbitrator, an
    unknown player or one at a screen, no coup in play, a slip that cannot be read."""
    table.arbiters_game()  # refused at once to any other process
    table.poll()  # a coup whose time is up closes now: its slips are in
    seat = paper_seat(table, name)
    number = coup_in_play(table)
    marking = table.arbiters_game().mark_slip(table.game_seats.index(seat), text)
    payload: dict[str, Any] = {
        "n": number, "seat": seat, "by": table.seat, "text": marking.slip.text, "score": marking.score,
        "paid": marking.paid, "reason": marking.reason.value, "warnings": [w.value for w in marking.warnings],
        "reference_penalty": marking.reference_penalty, "warning_penalty": marking.warning_penalty,
        "move": marking.move.notation(table.rules.notation) if marking.move is not None else None,
    }
    table.record_slip(payload)
    return SlipRecord.from_row(table, payload)

__all__ = ["SlipRecord", "coup_in_play", "paper_seat", "type_slip"]
