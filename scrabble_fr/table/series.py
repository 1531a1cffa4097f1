"""A series of duplicate games (« séance », « tournoi »): N games played one after the other by the
same players, one cumulative ranking.

    >>> from scrabble_fr.table.store import open_store
    >>> from scrabble_fr.table.duplicate import DuplicateTableSettings
    >>> store = open_store(":memory:")
    >>> created = create_series(store, DuplicateTableSettings(["Alice"], seconds=None, seed=4), 3)
    >>> place = series_of(created.table); (place.game, place.games)
    (1, 3)

``table creer --duplicate --parties N`` makes the first game's table, its configuration holding
``"series": {"id", "game", "games"}`` (a table without it is a single game, as before). When a
game is over, the arbitrator's desk starts the next one (:func:`next_game`): a new table with
the same players — a late player of an open table seated by name — and the arbitrator, whose
link the old table's log records (a row ``{"type": "next", "table": ID}``). Nobody's code is
written for anyone: each seat's code at the next game is worked out from its code at the
previous one (:func:`~scrabble_fr.table.store.derived_code`), which only its holder knows; the
arbitrator claims its own when it creates the table, each player when it follows
(:func:`follow_next`). The next draw is sealed under the arbitrator's new code alone, as a
first game's is (:mod:`.seal`).

The cumulative ranking (:func:`series_ranking`) adds each player's totals, solos and warnings
over the games, and their share of the sum of the games' tops.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scrabble_fr.duplicate.ranking import RankingLine, Tally, standings
from scrabble_fr.table.duplicate import DUPLICATE, DuplicateTable, DuplicateTableSettings, create_duplicate_table
from scrabble_fr.table.errors import TableError
from scrabble_fr.table.results import TableResults, results_data, table_results
from scrabble_fr.table.seal import SEALED, new_seed, sealed_seeds
from scrabble_fr.table.store import (
    Created,
    NewTable,
    Role,
    SeatSpec,
    TableInfo,
    TableStore,
    code_hash,
    derived_code,
    new_table_id,
)

SERIES = "series"  # the configuration's key: this table's place in its series
MAX_GAMES = 9
NEXT_LABEL = "series next seat code"  # the use of a secret derived from a seat's code (table.secrets)


@dataclass(frozen=True)
class SeriesPlace:
    """A table's place in its series: the series' id, this game's number, how many games."""

    id: str
    game: int
    games: int

    @property
    def is_last(self) -> bool:
        return self.game >= self.games

    def data(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "games": self.games}


def series_of(info: TableInfo) -> SeriesPlace | None:
    """The series a table belongs to (None: a single game, or a configuration that does not say)."""
    value = info.config.get(SERIES)
    if not isinstance(value, dict):
        return None
    try:
        place = SeriesPlace(str(value["id"]), int(value["game"]), int(value["games"]))
    except (KeyError, TypeError, ValueError):
        return None
    return place if 1 <= place.game <= place.games else None


def check_games(games: int) -> None:
    if not 2 <= games <= MAX_GAMES:
        raise TableError("series_games", games=games, maximum=MAX_GAMES)


def create_series(store: TableStore, settings: DuplicateTableSettings, games: int) -> Created:
    """A series' first game (``games`` of them, 2 to 9): a duplicate table as any, that knows its
    place. The series' id is drawn as a table's is, ``s`` before it (never a table's own id)."""
    check_games(games)
    series_id = "s" + new_table_id()
    settings.extra = {**settings.extra, SERIES: SeriesPlace(series_id, 1, games).data()}
    return create_duplicate_table(store, settings)


def next_code(code: str, table_id: str) -> str:
    """A seat's code at the series' game ``table_id``, worked out from its code at the game before
    (keyed by the code itself: reading the store does not give it)."""
    return derived_code(code, NEXT_LABEL, table_id)


def _place(table: DuplicateTable) -> tuple[SeriesPlace, str]:
    """This table's place in its series, read after the rows written meanwhile, and this seat's
    code; raises unless the game is over and another follows."""
    table.sync()
    place = series_of(table.info)
    if place is None:
        raise TableError("series_unknown", table=table.table_id)
    if not table.over:
        raise TableError("series_not_over", game=place.game)
    if place.is_last:
        raise TableError("series_last", game=place.game)
    if table.seat_code is None:
        raise TableError("series_no_code")
    return place, table.seat_code


def next_game(table: DuplicateTable, seed: int | None = None) -> tuple[str, str]:
    """The arbitrator's desk, a game of a series being over: the next game's table, created now if
    it is not yet (the same players, the arbitrator, the same settings, a new draw), and its
    link on this table's log. Returns the new table's id and the arbitrator's code there.
    Refused (nothing written) but at the arbitrator's seat of a finished game that is not the
    series' last. ``seed``: the next game's draws (a new one drawn, else)."""
    if not table.is_arbiter:
        raise TableError("arbitrator_only")
    place, seat_code = _place(table)
    while table.next_table is None:
        try:
            table.link_next(new_table_id())
        except TableError as exc:
            if exc.code != "acted_first":
                raise  # another window of the desk wrote first: read its link
    table_id = table.next_table
    code = next_code(seat_code, table_id)
    seats = [SeatSpec(table.names[seat]) for seat in table.players]
    arbiter_seat = len(seats)
    arbiter = table.info.arbiter
    assert arbiter is not None
    seats.append(SeatSpec(arbiter.name, None, Role.ARBITER))
    seed = new_seed() if seed is None else seed
    config = {key: value for key, value in table.info.config.items() if key not in (SEALED, "seed", "paper")}
    config[SERIES] = SeriesPlace(place.id, place.game + 1, place.games).data()
    paper = [table.names[seat] for seat in table.players if seat in table.paper]
    if paper:  # a player on paper stays on paper: the desk types their slips at the next game too
        config["paper"] = paper

    def seal(new_id: str, _codes: Mapping[int, str]) -> dict[str, Any]:
        return {SEALED: sealed_seeds(seed, {arbiter_seat: code}, [arbiter_seat], new_id)}

    try:
        table.store.create_table(NewTable(DUPLICATE, config, seats, id=table_id, coded=False, seal=seal))
    except TableError as race:
        if race.code != "table_exists":
            raise  # another window of the desk created it: its seals are under the same code
    return _claim(table.store, table_id, arbiter_seat, code)


def follow_next(table: DuplicateTable) -> tuple[str, str]:
    """A player's seat, a game of a series being over: its seat at the next game (the same name),
    once the arbitrator started it. Returns the table's id and this seat's code there."""
    if table.seat not in table.names:
        raise TableError("spectator")
    place, seat_code = _place(table)
    if table.next_table is None:
        raise TableError("series_not_yet", game=place.game + 1)
    table_id = table.next_table
    info = table.store.table(table_id)
    name = table.names[table.seat or 0]
    seat = next((s.number for s in info.seats if s.role is Role.PLAYER and s.name == name), None)
    if seat is None:
        raise TableError("series_unknown", table=table_id)
    return _claim(table.store, table_id, seat, next_code(seat_code, table_id))


def _claim(store: TableStore, table_id: str, seat: int, code: str) -> tuple[str, str]:
    """Give a seat of the next game its code (again: the same code is no change); returns both."""
    if not store.set_seat_code(table_id, seat, code_hash(code)):
        raise TableError("series_unknown", table=table_id)
    return table_id, code


# -- the series' results -----------------------------------------------------------------------
@dataclass(frozen=True)
class SeriesResults:
    id: str
    games: int  # how many the series has (played or not)
    top_total: int  # the sum of the games' tops
    ranking: list[RankingLine]
    played: list[TableResults]  # each game started, in order

    @property
    def over(self) -> bool:
        return len(self.played) == self.games and all(game.over for game in self.played)


def series_ranking(played: Sequence[TableResults]) -> list[RankingLine]:
    """The cumulative ranking, per player (by name), over the games; equal totals share a place."""
    tallies: dict[str, Tally] = {}
    for game in played:
        for line in game.ranking:
            was = tallies.get(line.name, Tally(len(tallies), line.name, 0, 0, 0))
            tallies[line.name] = Tally(was.seat, line.name, was.total + line.total, was.solos + line.solos,
                                       was.warnings + line.warnings)
    return standings(tallies.values(), sum(game.top_total for game in played))


def series_results(store: TableStore, series_id: str) -> SeriesResults | None:
    """A series' results from its games started so far (None: no table belongs to a series of this id)."""
    games = sorted(((place, info) for info in store.tables() if info.kind == DUPLICATE
                    for place in [series_of(info)] if place is not None and place.id == series_id),
                   key=lambda game: game[0].game)
    if not games:
        return None
    played = [table_results(DuplicateTable(store, info, None, spectator=True)) for _place, info in games]
    return SeriesResults(series_id, games[0][0].games, sum(game.top_total for game in played), series_ranking(played),
                         played)


def series_data(results: SeriesResults) -> dict[str, Any]:
    """``resultats SERIES_ID --json``: the cumulative ranking, and each game's number with what
    ``resultats ID --json`` says of its table."""
    return {"series": results.id, "games": results.games, "over": results.over, "top_total": results.top_total,
            "ranking": [line.data() for line in results.ranking],
            "played": [{"game": number, **results_data(game)} for number, game in enumerate(results.played, 1)]}
