"""Errors of the record readers and writers (files, GCG, saved games)."""

from __future__ import annotations

from typing import ClassVar

from scrabble_fr.engine.errors import N_, ScrabbleError

MESSAGES: dict[str, str] = {
    "file_missing": N_("file {path} not found: check the path"),
    "file_is_directory": N_("{path} is a folder, not a file"),
    "file_unreadable": N_("cannot read {path}: {detail}"),
    "file_too_large": N_("{path} is too large (more than {limit} bytes) to be a game record"),
    "gcg_binary": N_("{path} is not a text file, so not a GCG record"),
    "save_corrupt": N_("the saved game {path} is damaged ({detail}); resume its previous save with scrabble-fr jouer --reprendre {id} --precedente"),
    "save_version": N_("the saved game {path} has format version {version}; this program reads version {supported}: update scrabble_fr, or resume its previous save with scrabble-fr jouer --reprendre {id} --precedente"),
    "save_replay": N_("the saved game {id} does not replay as recorded ({detail}); resume its previous save with scrabble-fr jouer --reprendre {id} --precedente"),
    "save_missing": N_("no saved game at {path}"),
    "save_unknown": N_("there is no saved game {id!r}: see scrabble-fr parties"),
    "save_kind": N_("the saved game {id} is a classic game: resume it with scrabble-fr jouer --reprendre {id}"),
    "save_not_classic": N_("the saved game {id} is a duplicate game: its sheet is in the feuilles folder beside the saves (F6 on its screen writes it)"),
    "save_topping": N_("the saved game {id} is a topping game: only a classic game is exported in GCG"),
    "save_none": N_("no saved game yet in {directory}"),
    "save_locked": N_("the game {id} is open in another process (number {pid}): close it there, or take it over here with scrabble-fr jouer --reprendre {id} --forcer"),
    "save_lock_failed": N_("the game {id} cannot be locked in {path} ({detail}): it is played without a lock, check that folder (SCRABBLE_FR_PARTIES chooses another)"),
    "save_taken_over": N_("another process has taken over the game {id}: this window no longer saves it"),
    "gcg_empty": N_("{path} holds no move: is it a GCG record?"),
    "gcg_unsupported_distribution": N_("the tile set {name!r} is not supported (french or english)"),
    "gcg_unsupported_tiles": N_("tiles outside A-Z ({letters}): this tile set is not supported"),
}


class RecordError(ScrabbleError):
    """A record file is missing, unreadable or malformed."""

    MESSAGES: ClassVar[dict[str, str]] = MESSAGES
