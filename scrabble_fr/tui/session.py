"""What a game at the terminal is made of, before and around the engine's :class:`Game`.

    >>> cfg = GameConfig.from_spec("Alice,Bruno,ordi:3", seed=7)
    >>> [(p.name, p.computer_level) for p in cfg.players]
    [('Alice', None), ('Bruno', None), ('Ordi 3', 3)]

The set-up screen and ``scrabble-fr jouer --joueurs …`` both build a :class:`GameConfig`; the game
screen turns it into a running game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from scrabble_fr.engine.rules import Rules, rules_from_mapping

if TYPE_CHECKING:
    from scrabble_fr.records.save import SavedGame
from scrabble_fr.i18n import _

VERIFICATION_MODES = ("auto", "manuelle")


def verification_options() -> list[tuple[str, str]]:
    """The verification modes as a choice list, in the reader's language."""
    return [(_("automatic (word list)"), "auto"), (_("manual (the players)"), "manuelle")]


@dataclass(frozen=True)
class PlayerConfig:
    name: str
    computer_level: int | None = None  # None: a human at the keyboard

    @property
    def is_computer(self) -> bool:
        return self.computer_level is not None


@dataclass
class GameConfig:
    players: list[PlayerConfig]
    rules: Rules = field(default_factory=lambda: Rules.preset("ffsc"))
    verification: str = "auto"  # "auto" (the word list judges) or "manuelle" (the players do)
    seed: int | None = None
    clock_minutes: int | None = None  # None: no clock
    private_screen: bool = False  # ask each human to take the keyboard before showing the rack
    lexicon_path: str | None = None  # None: the shipped list of the rules' language

    @classmethod
    def from_spec(cls, spec: str, **options: object) -> GameConfig:
        """Players from ``"Alice,Bruno,ordi:3"`` (``ordi:N`` or ``cpu:N`` is a computer of level N)."""
        players: list[PlayerConfig] = []
        for raw in spec.split(","):
            name = raw.strip()
            if not name:
                continue
            head, _sep, level = name.partition(":")
            if head.lower() in ("ordi", "cpu", "computer", "ordinateur"):
                number = int(level) if level.strip().isdigit() else 3
                players.append(PlayerConfig(_("Computer {level}").format(level=number), number))
            else:
                players.append(PlayerConfig(name[:20]))
        return cls(players=players, **options)  # type: ignore[arg-type]

    def settings(self) -> dict[str, Any]:
        """What a saved game keeps besides players, rules and seed."""
        return {
            "verification": self.verification,
            "clock_minutes": self.clock_minutes,
            "private_screen": self.private_screen,
            "lexicon": self.lexicon_path or self.rules.lexicon,
        }


def config_from_record(record: SavedGame) -> GameConfig:
    """The configuration of a saved game (raises the rules' error if they are damaged)."""
    settings = record.settings
    verification = settings.get("verification", "auto")
    clock = settings.get("clock_minutes")
    lexicon = settings.get("lexicon")
    rules = rules_from_mapping(record.rules)
    return GameConfig(
        players=[PlayerConfig(str(p["name"]), p.get("computer_level")) for p in record.players],
        rules=rules,
        verification=verification if verification in VERIFICATION_MODES else "auto",
        seed=record.seed,
        clock_minutes=clock if isinstance(clock, int) and not isinstance(clock, bool) and clock > 0 else None,
        private_screen=bool(settings.get("private_screen", False)),
        lexicon_path=lexicon if isinstance(lexicon, str) and lexicon not in ("fr", "en", rules.lexicon) else None,
    )
