"""Rule sets as data: one frozen :class:`Rules` value holds every choice a game depends on.

Presets: ``ffsc`` (French classic, the default), ``hasbro`` (English default), ``naspa``,
``wespa``; variants of the contestation rule: ``single`` and ``void``. A custom rule set is read
from TOML with :meth:`Rules.from_toml`, starting from a preset and overriding what it names.

    >>> r = Rules.preset("ffsc"); r.tile_set.total_tiles, r.challenge.kind.value, r.challenge.amount
    (102, 'penalty', 10)

The *contestation* (English *challenge*): after a placement is announced, an opponent may contest
it; the words are verified and the rule set decides who pays.
"""

from __future__ import annotations

import enum
import tomllib
from dataclasses import dataclass, field, replace
from typing import Any

from scrabble_fr.engine.errors import RulesError
from scrabble_fr.engine.tiles import ENGLISH, FRENCH, JOKER, TileSet

# Markers as shown on screen: centre, double letter, triple letter, double word, triple word.
CENTRE, DOUBLE_LETTER, TRIPLE_LETTER, DOUBLE_WORD, TRIPLE_WORD, PLAIN = "#", "&", "%", "@", "§", "."
MARKERS = (CENTRE, DOUBLE_LETTER, TRIPLE_LETTER, DOUBLE_WORD, TRIPLE_WORD, PLAIN)

STANDARD_LAYOUT: tuple[str, ...] = (
    "§..&...§...&..§",
    ".@...%...%...@.",
    "..@...&.&...@..",
    "&..@...&...@..&",
    "....@.....@....",
    ".%...%...%...%.",
    "..&...&.&...&..",
    "§..&...#...&..§",
    "..&...&.&...&..",
    ".%...%...%...%.",
    "....@.....@....",
    "&..@...&...@..&",
    "..@...&.&...@..",
    ".@...%...%...@.",
    "§..&...§...&..§",
)


class ChallengeKind(enum.Enum):
    """What a contestation of a *valid* move costs (an invalid move is always withdrawn)."""

    PENALTY = "penalty"  # the contester loses `amount` points (FFSc: 10)
    LOSE_TURN = "lose_turn"  # the contester loses their next turn (Hasbro, NASPA double)
    BONUS = "bonus"  # the challenged player gains `amount` per word (WESPA: 5)
    SINGLE = "single"  # nothing happens
    VOID = "void"  # no contestation: invalid words are refused when placed


class EndRule(enum.Enum):
    """How rack values move when a player goes out."""

    ADD_SUBTRACT = "add_subtract"  # the player going out adds the others' racks, each subtracts their own
    DOUBLE = "double"  # the player going out adds twice the others' racks; they lose nothing


class BlockedRule(enum.Enum):
    """Which run of turns ends a blocked game."""

    PASSES = "passes"  # every player passed `blocked_count` times in a row
    SCORELESS = "scoreless"  # `blocked_count` scoreless turns per player in a row
    # `blocked_count` turns per player in a row without a word placed: passes, exchanges,
    # withdrawn moves (FFSc as this program reads it: an exchange is a way of passing one's turn)
    WITHOUT_WORD = "without_word"


@dataclass(frozen=True)
class ChallengeRule:
    """How a contestation is judged and what a failed one costs.

    ``named_words``: the contester names the words they doubt and only those are judged, a
    per-word penalty or bonus counting those (FFSc, WESPA); otherwise a challenge covers every
    word the play formed (Hasbro, NASPA), and a per-word penalty or bonus counts all of them.
    Naming no word challenges them all.
    """

    kind: ChallengeKind
    amount: int = 0
    per_word: bool = False
    named_words: bool = False


@dataclass(frozen=True)
class Rules:
    """Every rule a game follows. Build with :meth:`preset` or :meth:`from_toml`."""

    name: str
    tile_set: TileSet
    layout: tuple[str, ...] = STANDARD_LAYOUT
    rack_size: int = 7
    bingo_bonus: int = 50
    exchange_min_bag: int = 7
    challenge: ChallengeRule = field(default_factory=lambda: ChallengeRule(ChallengeKind.PENALTY, 10, named_words=True))
    end_rule: EndRule = EndRule.ADD_SUBTRACT
    blocked: BlockedRule = BlockedRule.WITHOUT_WORD
    blocked_count: int = 3
    notation: str = "fr"
    lexicon: str = "fr"
    clock_minutes: int = 25
    overtime_penalty: int = 0
    overtime_limit: int = 0  # minutes over time that end the game (0: no limit)

    @property
    def size(self) -> int:
        return len(self.layout)

    @property
    def centre(self) -> tuple[int, int]:
        for row, line in enumerate(self.layout):
            col = line.find(CENTRE)
            if col >= 0:
                return row, col
        return self.size // 2, self.size // 2

    def marker(self, row: int, col: int) -> str:
        return self.layout[row][col]

    @classmethod
    def preset(cls, name: str) -> Rules:
        try:
            return PRESETS[name.lower()]
        except KeyError:
            raise RulesError("rules_unknown", name=name, known=", ".join(PRESETS)) from None

    @classmethod
    def from_toml(cls, text: str) -> tuple[Rules, dict[str, Any]]:
        """Read a rule set from TOML text; return it with the file's other settings (players…).

        >>> rules, extra = Rules.from_toml('base = "ffsc"\\nbingo_bonus = 40\\nplayers = ["Ana"]')
        >>> rules.bingo_bonus, extra["players"]
        (40, ['Ana'])
        """
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise RulesError("rules_syntax", detail=str(exc)) from None
        return _rules_from_mapping(data)


def rules_to_mapping(rules: Rules) -> dict[str, Any]:
    """The rule set as plain data, in the shape :meth:`Rules.from_toml` reads (saved games)."""
    tiles = {letter: [count, rules.tile_set.values.get(letter, 0)] for letter, count in rules.tile_set.counts.items()}
    return {
        "base": rules.name if rules.name in PRESETS else "ffsc",
        "name": rules.name,
        "rack_size": rules.rack_size,
        "bingo_bonus": rules.bingo_bonus,
        "exchange_min_bag": rules.exchange_min_bag,
        "notation": rules.notation,
        "lexicon": rules.lexicon,
        "board": list(rules.layout),
        "tiles": tiles,
        "challenge": {
            "kind": rules.challenge.kind.value,
            "amount": rules.challenge.amount,
            "per_word": rules.challenge.per_word,
            "named_words": rules.challenge.named_words,
        },
        "end": {"rule": rules.end_rule.value, "blocked": rules.blocked.value, "blocked_count": rules.blocked_count},
        "clock_minutes": rules.clock_minutes,
        "overtime_penalty": rules.overtime_penalty,
        "overtime_limit": rules.overtime_limit,
    }


def rules_from_mapping(data: Any) -> Rules:
    """The inverse of :func:`rules_to_mapping`; raises :class:`RulesError` on bad data."""
    if not isinstance(data, dict):
        raise RulesError("rules_field", field="rules", detail="expected a table")
    if "overtime_penalty" in data and "overtime_limit" not in data:
        # Saved before the overtime limit existed: the game replays as it was played, unlimited.
        data = {**data, "overtime_limit": 0}
    rules, _extra = _rules_from_mapping(data)
    if rules.name in PRESETS and rules == PRESETS[rules.name]:
        return PRESETS[rules.name]
    return rules


def _field_error(name: str, detail: str) -> RulesError:
    return RulesError("rules_field", field=name, detail=detail)


def _int(data: dict[str, Any], key: str, low: int, high: int, default: int, section: str = "") -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _field_error(section + key, f"expected a whole number from {low} to {high}, got {value!r}")
    return value


def _choice(data: dict[str, Any], key: str, enum_type: type[enum.Enum], default: enum.Enum, section: str = "") -> Any:
    value = data.get(key, default.value)
    try:
        return enum_type(value)
    except ValueError:
        known = ", ".join(str(item.value) for item in enum_type)
        raise _field_error(section + key, f"expected one of {known}, got {value!r}") from None


def _no_unknown_keys(section: dict[str, Any], name: str, known: tuple[str, ...]) -> None:
    unknown = sorted(set(section) - set(known))
    if unknown:
        raise _field_error(f"{name}.{unknown[0]}", "unknown setting (known: " + ", ".join(known) + ")")


def _rules_from_mapping(data: dict[str, Any]) -> tuple[Rules, dict[str, Any]]:
    base_name = data.get("base", "ffsc")
    if not isinstance(base_name, str):
        raise _field_error("base", f"expected a preset name, got {base_name!r}")
    base = Rules.preset(base_name)
    known = {
        "base", "name", "rack_size", "bingo_bonus", "exchange_min_bag", "notation", "lexicon",
        "players", "board", "tiles", "challenge", "end", "clock_minutes", "overtime_penalty", "overtime_limit",
    }
    unknown = sorted(set(data) - known)
    if unknown:
        raise _field_error(unknown[0], "unknown setting (known: " + ", ".join(sorted(known)) + ")")

    name = data.get("name", base.name + "*")
    if not isinstance(name, str) or not name.strip():
        raise _field_error("name", "expected a non-empty text")

    layout = base.layout
    if "board" in data:
        board = data["board"]
        if not isinstance(board, list) or not all(isinstance(line, str) for line in board):
            raise _field_error("board", "expected a list of lines of markers")
        size = len(board)
        if not 5 <= size <= 26:
            raise _field_error("board", f"expected 5 to 26 lines, got {size}")
        for number, line in enumerate(board, 1):
            if len(line) != size:
                raise _field_error("board", f"line {number} has {len(line)} squares instead of {size}")
            bad = sorted(set(line) - set(MARKERS))
            if bad:
                raise _field_error("board", f"line {number}: unknown marker {bad[0]!r} (use {' '.join(MARKERS)})")
        if sum(line.count(CENTRE) for line in board) != 1:
            raise _field_error("board", f"the board needs exactly one centre square {CENTRE!r}")
        layout = tuple(board)

    tile_set = base.tile_set
    if "tiles" in data:
        tiles = data["tiles"]
        if isinstance(tiles, str):
            tile_set = {"french": FRENCH, "english": ENGLISH}.get(tiles)  # type: ignore[assignment]
            if tile_set is None:
                raise _field_error("tiles", f"unknown tile set {tiles!r} (french, english, or a table)")
        elif isinstance(tiles, dict):
            counts: dict[str, int] = {}
            values: dict[str, int] = {}
            for letter, spec in tiles.items():
                key = letter.upper()
                if not (key == JOKER or (len(key) == 1 and "A" <= key <= "Z")):
                    raise _field_error(f"tiles.{letter}", "a tile is a letter A-Z or ? for the joker")
                if (
                    not isinstance(spec, list) or len(spec) != 2
                    or not all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= 100 for n in spec)
                ):
                    raise _field_error(f"tiles.{letter}", f"expected [count, value], got {spec!r}")
                counts[key], values[key] = spec
            tile_set = TileSet(str(name), counts, values)
            for known_set in (FRENCH, ENGLISH):
                # The same tiles as a standard set are that set (saved games write it in full).
                if dict(known_set.counts) == dict(tile_set.counts) and dict(known_set.values) == dict(tile_set.values):
                    tile_set = known_set
        else:
            raise _field_error("tiles", "expected a tile set name or a table letter = [count, value]")

    rack_size = _int(data, "rack_size", 1, 15, base.rack_size)
    if tile_set.total_tiles < rack_size * 2:
        raise _field_error("tiles", f"{tile_set.total_tiles} tiles cannot fill two racks of {rack_size}")

    challenge = base.challenge
    if "challenge" in data:
        section = data["challenge"]
        if not isinstance(section, dict):
            raise _field_error("challenge", "expected a table (kind, amount, per_word, named_words)")
        _no_unknown_keys(section, "challenge", ("kind", "amount", "per_word", "named_words"))
        kind = _choice(section, "kind", ChallengeKind, base.challenge.kind, "challenge.")
        amount = _int(section, "amount", 0, 1000, base.challenge.amount, "challenge.")
        per_word = section.get("per_word", base.challenge.per_word)
        if not isinstance(per_word, bool):
            raise _field_error("challenge.per_word", f"expected true or false, got {per_word!r}")
        named_words = section.get("named_words", base.challenge.named_words)
        if not isinstance(named_words, bool):
            raise _field_error("challenge.named_words", f"expected true or false, got {named_words!r}")
        challenge = ChallengeRule(kind, amount, per_word, named_words)

    end_rule, blocked, blocked_count = base.end_rule, base.blocked, base.blocked_count
    if "end" in data:
        section = data["end"]
        if not isinstance(section, dict):
            raise _field_error("end", "expected a table (rule, blocked, blocked_count)")
        _no_unknown_keys(section, "end", ("rule", "blocked", "blocked_count"))
        end_rule = _choice(section, "rule", EndRule, base.end_rule, "end.")
        blocked = _choice(section, "blocked", BlockedRule, base.blocked, "end.")
        blocked_count = _int(section, "blocked_count", 1, 20, base.blocked_count, "end.")

    notation = data.get("notation", base.notation)
    if notation not in ("fr", "en"):
        raise _field_error("notation", f"expected 'fr' or 'en', got {notation!r}")
    lexicon = data.get("lexicon", base.lexicon)
    if not isinstance(lexicon, str) or not lexicon:
        raise _field_error("lexicon", "expected 'fr', 'en' or the path of a word list")
    players = data.get("players", [])
    if not isinstance(players, list) or not all(isinstance(p, str) and p.strip() for p in players):
        raise _field_error("players", "expected a list of names")
    if len(players) > 8:
        raise _field_error("players", f"at most 8 players, got {len(players)}")

    rules = replace(
        base,
        name=name,
        tile_set=tile_set,
        layout=layout,
        rack_size=rack_size,
        bingo_bonus=_int(data, "bingo_bonus", 0, 1000, base.bingo_bonus),
        exchange_min_bag=_int(data, "exchange_min_bag", 0, 200, base.exchange_min_bag),
        challenge=challenge,
        end_rule=end_rule,
        blocked=blocked,
        blocked_count=blocked_count,
        notation=notation,
        lexicon=lexicon,
        clock_minutes=_int(data, "clock_minutes", 0, 600, base.clock_minutes),
        overtime_penalty=_int(data, "overtime_penalty", 0, 1000, base.overtime_penalty),
        overtime_limit=_int(data, "overtime_limit", 0, 600, base.overtime_limit),
    )
    return rules, {"players": players, "lexicon": data.get("lexicon")}


_FFSC = Rules(name="ffsc", tile_set=FRENCH, challenge=ChallengeRule(ChallengeKind.PENALTY, 10, named_words=True),
              blocked=BlockedRule.WITHOUT_WORD)
_HASBRO = Rules(
    name="hasbro",
    tile_set=ENGLISH,
    challenge=ChallengeRule(ChallengeKind.LOSE_TURN),
    blocked=BlockedRule.SCORELESS,
    blocked_count=3,
    notation="en",
    lexicon="en",
)
# NASPA and WESPA: 10 points per minute over time, started; "the game ends when a player exceeds
# 10 minutes of overtime" (the rules' summary; see rules.md).
_NASPA = replace(_HASBRO, name="naspa", end_rule=EndRule.DOUBLE, overtime_penalty=10, overtime_limit=10)
# WESPA's five-point option: the challenger names the words challenged, only those are judged, and
# the play earns 5 "per unsuccessfully challenged word" (a valid word named). NASPA's double
# challenge covers the whole play.
_WESPA = replace(_NASPA, name="wespa",
                 challenge=ChallengeRule(ChallengeKind.BONUS, 5, per_word=True, named_words=True))

PRESETS: dict[str, Rules] = {
    "ffsc": _FFSC,
    "hasbro": _HASBRO,
    "naspa": _NASPA,
    "wespa": _WESPA,
    "single": replace(_HASBRO, name="single", challenge=ChallengeRule(ChallengeKind.SINGLE)),
    "void": replace(_HASBRO, name="void", challenge=ChallengeRule(ChallengeKind.VOID)),
}

# The language chooses the rules, and with them the notation and the word list (README).
LANGUAGE_PRESETS: dict[str, str] = {"fr": "ffsc", "en": "hasbro"}


def preset_for_language(language: str) -> str:
    """The name of the rule set a language plays by default (French if the language has none).

        >>> preset_for_language("en"), preset_for_language("fr")
        ('hasbro', 'ffsc')
    """
    return LANGUAGE_PRESETS.get(language, LANGUAGE_PRESETS["fr"])


def rules_for_language(language: str) -> Rules:
    """The rules a language plays by default; their ``notation`` and ``lexicon`` follow."""
    return PRESETS[preset_for_language(language)]


def game_language(rules: Rules) -> str:
    """The language a game under ``rules`` speaks in its records: its word list's, or for a list
    given by its path, its tiles'.

        >>> game_language(PRESETS["ffsc"]), game_language(PRESETS["naspa"])
        ('fr', 'en')
    """
    if rules.lexicon in LANGUAGE_PRESETS:
        return rules.lexicon
    return "fr" if rules.tile_set.name == "french" else "en"
