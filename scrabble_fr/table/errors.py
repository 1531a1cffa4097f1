"""Errors of shared tables: what a table, its store or a seat refuses.

    >>> TableError("table_unknown_code").code
    'table_unknown_code'
"""

from __future__ import annotations

from typing import ClassVar

from scrabble_fr.engine.errors import N_, ScrabbleError

MESSAGES: dict[str, str] = {
    # Reaching the store
    "base_unreachable": N_("the table store {base} cannot be reached ({detail}): check the address, or that the server runs"),
    "base_unreachable_served": N_("the table store cannot be reached just now: try again in a moment, or tell the host"),
    "base_busy": N_("the table store is busy: another terminal's write held it for more than {seconds} s. Nothing was written: try again"),
    "base_lost": N_("the connection to the table store is lost: retrying…"),
    # An intent met a store it could not write to: refused at once, the player's line kept.
    "not_recorded": N_("the table store does not answer: not recorded. Send it again when the store is back"),
    "not_recorded_busy": N_("the table store is held by another terminal's write: not recorded. Send it again in a moment"),
    "base_unknown": N_("{base} is not a table store address: give a postgresql://… address, or a path of a SQLite file"),
    "base_password_at": N_("the password in {base} holds an @, which ends it too early: write it %40 in the address"),
    "base_no_folder": N_("there is no folder {folder} for the table store: create it first, or give another address"),
    "base_full": N_("the PostgreSQL server of the table store {base} has no connection left for another terminal (each player's terminal holds one; max_connections sets how many): ask its administrator to raise max_connections"),
    "base_needs_psycopg": N_("PostgreSQL needs psycopg: install it with pip install \"scrabble-fr[postgres]\""),
    "schema_newer": N_("the table store {base} was made by a newer scrabble_fr (schema {found}, this one reads up to {supported}): update scrabble_fr"),
    # Tables and seats
    "table_unknown": N_("there is no table {table}: see scrabble-fr tables"),
    "table_unknown_code": N_("no seat has this code: check it, or ask the table's creator for it"),
    "table_damaged": N_("the table {table} is damaged at its event {seq} ({detail}): it can no longer be played"),
    "table_exists": N_("there is already a table {table}"),
    "rematch_not_over": N_("a rematch follows a finished game: this one goes on"),
    "rematch_no_code": N_("this seat was opened without its code: join the table with scrabble-fr table rejoindre CODE to follow its rematch"),
    "rematch_unknown": N_("the rematch of table {table} cannot be read: it can no longer be followed"),
    "table_over": N_("the game at table {table} is over"),
    # A series of duplicate games (table.series)
    "series_duplicate": N_("a series is of duplicate games: add --duplicate to --parties"),
    "series_games": N_("a series has 2 to {maximum} games: {games} is not a number of games for it"),
    "series_not_over": N_("game {game} of the series is not over: the next one starts when it ends"),
    "series_last": N_("game {game} was the series' last: it is over"),
    "series_not_yet": N_("the arbitrator has not started game {game} of the series yet"),
    "series_no_code": N_("this seat was opened without its code: join it with scrabble-fr table rejoindre CODE to follow the series"),
    "series_unknown": N_("there is no table or series {table}: see scrabble-fr tables"),
    "seat_taken": N_("the seat of {name} is open in another terminal: close it there, or take it here with --forcer"),
    "not_your_turn": N_("it is {name}'s turn, not yours"),
    "arbiter_only": N_("only the arbiter judges the challenged words"),
    "arbitrator_only": N_("only the arbitrator does this, with the arbitrator's code: scrabble-fr table arbitrer CODE"),
    "arbiter_needs_name": N_("the arbiter has no name: give one with --arbitre NAME"),
    "arbiter_plays_no_tiles": N_("the arbiter plays no tiles"),
    "spectator": N_("a spectator watches and plays nothing"),
    "acted_first": N_("{name} acted first: {what}. Nothing of yours was recorded"),
    "variant_not_duplicate": N_("--variante is for a duplicate table: add --duplicate"),
    "table_players": N_("a table needs at least two players, one of them human (not counting the arbiter)"),
    "name_taken": N_("someone at table {table} is already called {name}: choose another name"),
    "table_full": N_("table {table} is full: {maximum} players at most"),
    "table_needs_name": N_("this is the table's own code: join it under your name, with --nom NAME"),
    "paper_seat": N_("{name} plays on paper: the desk types their slips"),
    "slip_unknown_player": N_("nobody at this table is called {name}"),
    "slip_not_paper": N_("{name} plays at a screen, not on paper: their move is their own"),
    "slip_no_coup": N_("no coup is in play: a slip is typed while its coup is in play"),
    "slip_coup_closed": N_("coup {n} is closed: a slip is typed while its coup is in play"),
    "bad_pause": N_("{text!r} is not a pause between coups: write minutes and seconds such as 0:30 or 1:00 (an hour at most)"),
    "autorun_no_clock": N_("a table without a clock cannot run itself: its coups would never close"),
    "paper_needs_table_code": N_("a player on paper joins a duplicate table with the table's own code and --nom NAME"),
    "coup_running": N_("coup {n} is in play: close it first"),
    "coup_closed_already": N_("coup {n} is closed already"),
    "coup_not_started": N_("coup {n} has not been played"),
    "correction_reason": N_("say why the score is corrected: it is written on the sheet"),
    "undo_pending": N_("an undo is already asked: each player answers it first"),
    "undo_not_asked": N_("no undo is asked"),
    "judgement_pending": N_("the arbiter is judging the challenged words: wait for the verdict"),
    "no_judgement": N_("no challenged word waits for the arbiter"),
    "table_command": N_("{text!r} is not a command of the game: H8 MOT, 8H MOT, passer, changer LETTRES, contester [MOTS], accepter"),
}

# The codes of an intent the store did not take (the screen gives the typed line back).
NOT_RECORDED = frozenset({"not_recorded", "not_recorded_busy"})
# The codes of a store out of reach for now: a seat following its table waits and retries.
OUT_OF_REACH = frozenset({"base_unreachable", "base_unreachable_served", "base_lost"})


class TableError(ScrabbleError):
    """A shared table refuses an intent, or its store cannot be used; nothing was written."""

    MESSAGES: ClassVar[dict[str, str]] = MESSAGES
