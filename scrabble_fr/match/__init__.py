"""The match: one game session at one table, with no screen (see :mod:`.match`).

    >>> from scrabble_fr.match import GameConfig, Match
    >>> m = Match(GameConfig.from_spec("Alice,ordi:3", seed=1)); m.is_computer(1), m.current_human
    (True, 0)

:mod:`.config` holds who plays and how, :mod:`.clock` the players' clocks, :mod:`.outcome` the
answer to an intent, :mod:`.match` the session itself.
"""

from scrabble_fr.match.clock import Clocks
from scrabble_fr.match.config import GameConfig, PlayerConfig, config_from_record, verification_options
from scrabble_fr.match.errors import MatchError
from scrabble_fr.match.match import ComputerTask, HintTask, Match, Note, record_gcg
from scrabble_fr.match.outcome import Outcome

__all__ = [
    "Clocks", "ComputerTask", "GameConfig", "HintTask", "Match", "MatchError", "Note", "Outcome",
    "PlayerConfig", "config_from_record", "record_gcg", "verification_options",
]
