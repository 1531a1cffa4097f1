"""Duplicate Scrabble (FISF competition rules, chapter 3): the draws with their rejets, the top,
the coups, the sheet, published sheets replayed, saving, and the session a front end drives
(:mod:`.session`). No screen here.

    >>> from scrabble_fr.duplicate import format_draw
    >>> format_draw("EEU", "ESI?")
    'EEU+ESI?'
"""

from scrabble_fr.duplicate.draw import Draw, format_draw, make_draw, minimum_met, required
from scrabble_fr.duplicate.errors import DuplicateError
from scrabble_fr.duplicate.export import replay_data, sheet_data, sheet_text
from scrabble_fr.duplicate.game import Coup, DuplicateEnd, DuplicateGame, Proposal
from scrabble_fr.duplicate.save import DuplicateRecord
from scrabble_fr.duplicate.session import DuplicateSession, DuplicateSettings
from scrabble_fr.duplicate.sheet import SheetCoup, load_sheet, read_sheet, read_sheet_file
from scrabble_fr.duplicate.top import Top, choose_top
from scrabble_fr.duplicate.variant import Variant

__all__ = [
    "Coup", "Draw", "DuplicateEnd", "DuplicateError", "DuplicateGame", "DuplicateRecord", "DuplicateSession",
    "DuplicateSettings", "Proposal", "SheetCoup",
    "Top", "Variant", "choose_top", "format_draw", "load_sheet", "make_draw", "minimum_met", "read_sheet",
    "read_sheet_file", "replay_data",
    "required", "sheet_data", "sheet_text",
]
