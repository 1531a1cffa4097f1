"""What a game session is made of before it starts: its players and its settings.

    >>> cfg = GameConfig.from_spec("Alice,Bruno,ordi:3", seed=7)
    >>> [(p.name, p.computer_level) for p in cfg.players]
    [('Alice', None), ('Bruno', None), ('Ordi 3', 3)]

The set-up screen and ``scrabble-fr jouer --joueurs …`` both build a :class:`GameConfig`; a
:class:`~scrabble_fr.match.Match` turns it into a running game. Bad players (an empty or repeated
name, a computer level that does not exist) are refused here, before any screen opens.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from scrabble_fr.engine.errors import ScrabbleError
from scrabble_fr.engine.game import Game
from scrabble_fr.engine.players import PlayersError, check_names
from scrabble_fr.engine.rules import Rules, rules_from_mapping
from scrabble_fr.i18n import _
from scrabble_fr.match.errors import MatchError

if TYPE_CHECKING:
    from scrabble_fr.records.save import SavedGame


class Verification(StrEnum):
    """Who judges the words of a contested move (the values are the command line's and the
    save's words)."""

    AUTO = "auto"  # the word list
    MANUAL = "manuelle"  # the players, each with their own dictionary

    @property
    def label(self) -> str:
        """The mode in the reader's language."""
        return _("automatic") if self is Verification.AUTO else _("manual")

_COMPUTER_WORDS = ("ordi", "cpu", "computer", "ordinateur")
DEFAULT_LEVEL = 3
MAX_PLAYERS = 8
MAX_CLOCK_MINUTES = 600  # ten hours a player: more is a typing slip, not a game
MAX_SEED = 2**63 - 1  # a seed any store and any JSON reader keeps exactly as typed


def check_clock_minutes(minutes: int | None) -> int | None:
    """The clock's minutes per player, 1 to :data:`MAX_CLOCK_MINUTES` (0 or None: no clock).

        >>> check_clock_minutes(25), check_clock_minutes(0)
        (25, None)
    """
    if minutes is None or minutes == 0:
        return None
    if isinstance(minutes, bool) or not 1 <= minutes <= MAX_CLOCK_MINUTES:
        raise MatchError("bad_clock", text=str(minutes), maximum=MAX_CLOCK_MINUTES)
    return minutes


def check_seed(seed: int | None) -> int | None:
    """A seed as typed: a whole number from 0 to :data:`MAX_SEED` (None: drawn at random)."""
    if seed is not None and (isinstance(seed, bool) or not 0 <= seed <= MAX_SEED):
        raise MatchError("bad_seed", text=str(seed), maximum=MAX_SEED)
    return seed


def verification_options() -> list[tuple[str, str]]:
    """The verification modes as a choice list, in the reader's language."""
    return [(_("automatic (word list)"), Verification.AUTO.value),
            (_("manual (the players)"), Verification.MANUAL.value)]


def computer_levels() -> list[int]:
    """The levels a computer player may have (the player room defines them)."""
    from scrabble_fr.player.computer import LEVELS

    return sorted(LEVELS)


@dataclass(frozen=True)
class PlayerConfig:
    name: str
    computer_level: int | None = None  # None: a human at the keyboard

    @property
    def is_computer(self) -> bool:
        return self.computer_level is not None


def check_players(players: list[PlayerConfig]) -> None:
    """Raise unless there are 1 to :data:`MAX_PLAYERS` players with good names
    (:func:`~scrabble_fr.engine.players.check_names`) and computer levels that exist."""
    check_names([player.name for player in players], MAX_PLAYERS)
    levels = computer_levels()
    for player in players:
        if player.computer_level is not None and player.computer_level not in levels:
            raise MatchError("players_bad_level", text=str(player.computer_level), low=levels[0], high=levels[-1])


@dataclass
class GameConfig:
    players: list[PlayerConfig]
    rules: Rules = field(default_factory=lambda: Rules.preset("ffsc"))
    verification: Verification = Verification.AUTO
    seed: int | None = None
    clock_minutes: int | None = None  # None: no clock
    private_screen: bool = False  # ask each human to take the keyboard before showing the rack
    lexicon_path: str | None = None  # None: the shipped list of the rules' language
    club: bool = False  # club mode: no hints, no word tools, no undo, the clock on

    def __post_init__(self) -> None:
        self.verification = Verification(self.verification)
        if self.club and not self.clock_minutes:
            self.clock_minutes = self.rules.clock_minutes or None

    @classmethod
    def from_spec(cls, spec: str, **options: Any) -> GameConfig:
        """Players from ``"Alice,Bruno,ordi:3"`` (``ordi:N`` or ``cpu:N`` is a computer of level N).

        Raises :class:`~scrabble_fr.engine.players.PlayersError` for a bad or repeated name and
        :class:`MatchError` for a level that does not exist.
        """
        levels = computer_levels()
        players: list[PlayerConfig] = []
        if not spec.strip():
            raise PlayersError("players_count", maximum=MAX_PLAYERS, count=0)
        for raw in spec.split(","):
            name = raw.strip()
            head, sep, level_text = name.partition(":")
            if head.strip().lower() in _COMPUTER_WORDS:
                level_text = level_text.strip()
                if sep and not (level_text.isdigit() and int(level_text) in levels):
                    raise MatchError("players_bad_level", text=name, low=levels[0], high=levels[-1])
                level = int(level_text) if sep else DEFAULT_LEVEL
                players.append(PlayerConfig(_computer_name(level, players), level))
            else:
                players.append(PlayerConfig(name))
        check_players(players)
        return cls(players=players, **options)

    def settings(self) -> dict[str, Any]:
        """What a saved game and a shared table keep besides players, rules and seed (read back by
        :meth:`from_settings`)."""
        return {
            "verification": self.verification.value,
            "clock_minutes": self.clock_minutes,
            "private_screen": self.private_screen,
            "lexicon": self.lexicon_path or self.rules.lexicon,
            "club": self.club,
        }

    def new_game(self) -> Game:
        """The game these players start, drawn from the seed (none: a random one)."""
        return Game([p.name for p in self.players], self.rules, self.seed)

    def new_record(self, game: Game, settings: Mapping[str, Any] | None = None) -> SavedGame:
        """A new saved game of ``game`` by these players, keeping ``settings`` (None: the config's)."""
        from scrabble_fr.records.save import SavedGame

        players = [(p.name, p.computer_level) for p in self.players]
        return SavedGame.new(game, players, dict(settings if settings is not None else self.settings()))

    @classmethod
    def from_settings(cls, players: list[PlayerConfig], rules: Rules, seed: int | None,
                      settings: Mapping[str, Any]) -> GameConfig:
        """The configuration :meth:`settings` wrote (a value missing or damaged: its default)."""
        verification = settings.get("verification")
        clock = settings.get("clock_minutes")
        lexicon = settings.get("lexicon")
        return cls(
            players=players,
            rules=rules,
            verification=Verification(verification) if verification in tuple(Verification) else Verification.AUTO,
            seed=seed,
            clock_minutes=clock if isinstance(clock, int) and not isinstance(clock, bool) and clock > 0 else None,
            private_screen=bool(settings.get("private_screen", False)),
            lexicon_path=lexicon if isinstance(lexicon, str) and lexicon not in ("fr", "en", rules.lexicon) else None,
            club=settings.get("club") is True,
        )


def _computer_name(level: int, earlier: list[PlayerConfig]) -> str:
    # Two computers of one level are both welcome, under two names.
    base = _("Computer {level}").format(level=level)
    taken = {p.name for p in earlier}
    name, copy = base, 2
    while name in taken:
        name, copy = f"{base}-{copy}", copy + 1
    return name


def config_from_record(record: SavedGame) -> GameConfig:
    """The configuration of a saved game; a damaged one raises the record's error."""
    from scrabble_fr.records.errors import RecordError

    rules = rules_from_mapping(record.rules)
    players = [PlayerConfig(str(p["name"]), p.get("computer_level")) for p in record.players]
    try:
        check_players(players)
    except ScrabbleError as exc:
        from scrabble_fr.messages import describe

        raise RecordError("save_replay", id=record.id, detail=describe(exc)) from None
    return GameConfig.from_settings(players, rules, record.seed, record.settings)
