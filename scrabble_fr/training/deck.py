"""The study deck: each player's cards, per word list, in one SQLite file of the user data folder
(``SCRABBLE_FR_CARTES`` names another folder), with every answer and the reviews' losses.

    >>> from datetime import datetime, timezone
    >>> deck = Deck(":memory:", clock=lambda: datetime(2026, 1, 1, tzinfo=timezone.utc))
    >>> deck.add("Alice", "ods", CardKind.HOOK, "NICHE", source="revoir 3")
    True
    >>> [card.question for card in deck.due("Alice", "ods")]
    ['NICHE']

A card is (player, word list, kind, question), added once; a new card is due at once. Answering
moves it along :mod:`~scrabble_fr.training.schedule`'s cardbox.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

from scrabble_fr.records.errors import RecordError
from scrabble_fr.training.drills import CardKind, read_question
from scrabble_fr.training.errors import TrainingError
from scrabble_fr.training.schedule import LEARNED_BOX, Clock, Step, next_step, system_clock

if TYPE_CHECKING:
    from scrabble_fr.training.review import GameReview

FILE_NAME = "cartes.sqlite3"
_SCHEMA = """
CREATE TABLE IF NOT EXISTS cards (
    id INTEGER PRIMARY KEY,
    player TEXT NOT NULL,
    lexicon TEXT NOT NULL,
    kind TEXT NOT NULL,
    question TEXT NOT NULL,
    box INTEGER NOT NULL DEFAULT 0,
    due TEXT NOT NULL,
    added TEXT NOT NULL,
    source TEXT NOT NULL DEFAULT '',
    UNIQUE (player, lexicon, kind, question)
);
CREATE TABLE IF NOT EXISTS answers (
    card INTEGER NOT NULL REFERENCES cards(id),
    at TEXT NOT NULL,
    right INTEGER NOT NULL,
    typed TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS reviews (
    player TEXT NOT NULL,
    game TEXT NOT NULL,
    at TEXT NOT NULL,
    loss INTEGER NOT NULL,
    moves INTEGER NOT NULL,
    PRIMARY KEY (player, game)
);
"""


def deck_folder() -> Path:
    """Where the deck lives: the user data folder (``SCRABBLE_FR_CARTES`` overrides it)."""
    explicit = os.environ.get("SCRABBLE_FR_CARTES")
    if explicit:
        return Path(explicit)
    from platformdirs import user_data_dir

    return Path(user_data_dir("scrabble_fr")) / "cartes"


def default_player() -> str:
    """The deck's owner when ``--joueur`` is not given: the OS user's name."""
    import getpass

    try:
        return getpass.getuser()
    except (OSError, KeyError):  # no user name in a bare container
        return "joueur"


@dataclass(frozen=True)
class Card:
    id: int
    player: str
    lexicon: str
    kind: CardKind
    question: str
    box: int
    due: datetime
    source: str


@dataclass(frozen=True)
class DayScore:
    day: date
    right: int
    answered: int

    @property
    def percent(self) -> float | None:
        """The share of right answers, 0 to 100; None for a day without answers (no share at all,
        not 0 %)."""
        return 100 * self.right / self.answered if self.answered else None


@dataclass(frozen=True)
class Progress:
    """What the progress view draws: the deck's counts, the answers by day, the reviews' losses."""

    cards: int
    due: int
    learned: int
    days: list[DayScore]  # the last days with answers, oldest first
    losses: list[tuple[str, int]]  # (game, points lost), the last reviewed games, oldest first

    @property
    def right(self) -> int:
        return sum(day.right for day in self.days)

    @property
    def answered(self) -> int:
        return sum(day.answered for day in self.days)

    @property
    def percents(self) -> list[float]:
        """The share of right answers of each day that had answers, oldest first (a bar a day)."""
        return [percent for day in self.days if (percent := day.percent) is not None]

    @property
    def average_loss(self) -> float | None:
        return sum(loss for _game, loss in self.losses) / len(self.losses) if self.losses else None


class Deck:
    """The deck file, opened for one command or one screen."""

    def __init__(self, path: str | Path | None = None, clock: Clock = system_clock) -> None:
        if path is None:
            folder = deck_folder()
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / FILE_NAME
        self.path = path
        self.clock = clock
        self._db = sqlite3.connect(str(path))
        try:
            self._db.executescript(_SCHEMA)
        except sqlite3.Error as exc:  # a damaged file, or not a deck: said, not a traceback
            self._db.close()
            raise RecordError("file_unreadable", path=str(path), detail=str(exc)) from None

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Deck:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _utc(self) -> datetime:
        # Stored in UTC, so that dates compare as text whatever zone the clock gives.
        return self.clock().astimezone(UTC)

    def _now(self) -> str:
        return self._utc().isoformat()

    def add(self, player: str, lexicon: str, kind: CardKind, question: str, source: str = "") -> bool:
        """Add a card, due at once; False when the player's deck already holds it."""
        with self._db:
            return self._insert(player, lexicon, kind, question, source, self._utc()) is not None

    def add_many(self, player: str, lexicon: str, cards: Iterable[tuple[CardKind, str]], count: int,
                 source: str = "") -> list[Card]:
        """Add up to ``count`` cards not yet in the deck, in the order given, in one transaction
        (a card that cannot be read, raised by ``cards``, leaves the deck as it was); the cards added."""
        added: list[Card] = []
        now = self._utc()
        with self._db:
            for kind, question in cards:
                if len(added) >= count:
                    break
                card_id = self._insert(player, lexicon, kind, question, source, now)
                if card_id is not None:
                    added.append(Card(card_id, player, lexicon, kind, question, 0, now, source))
        return added

    def _insert(self, player: str, lexicon: str, kind: CardKind, question: str, source: str,
                now: datetime) -> int | None:
        """The new card's id, due ``now``; None when the player's deck already holds it."""
        cursor = self._db.execute(
            "INSERT OR IGNORE INTO cards (player, lexicon, kind, question, due, added, source)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (player, lexicon, kind.value, question, now.isoformat(), now.isoformat(), source))
        return cursor.lastrowid if cursor.rowcount == 1 else None

    def card(self, card_id: int, player: str) -> Card:
        """The player's card ``card_id``; TrainingError ``deck_unknown_card`` when there is none."""
        row = self._db.execute("SELECT * FROM cards WHERE id = ? AND player = ?", (card_id, player)).fetchone()
        if row is None:
            raise TrainingError("deck_unknown_card", card=card_id, player=player)
        return _card(row)

    def due(self, player: str, lexicon: str, limit: int | None = None) -> list[Card]:
        """The player's cards due now under this list, the longest overdue first."""
        rows = self._db.execute(
            "SELECT * FROM cards WHERE player = ? AND lexicon = ? AND due <= ? ORDER BY due, id LIMIT ?",
            (player, lexicon, self._now(), -1 if limit is None else limit)).fetchall()
        return [_card(row) for row in rows]

    def answer(self, card: Card, right: bool, typed: str) -> Step:
        """Record an answer and move the card along the cardbox; the card's new box and date."""
        now = self._utc()
        step = next_step(card.box, right, now)
        with self._db:
            self._db.execute("UPDATE cards SET box = ?, due = ? WHERE id = ?",
                             (step.box, step.due.isoformat(), card.id))
            self._db.execute("INSERT INTO answers (card, at, right, typed) VALUES (?, ?, ?, ?)",
                             (card.id, now.isoformat(), int(right), typed))
        return step

    def record_review(self, player: str, game: str, loss: int, moves: int) -> None:
        """Keep a reviewed game's loss for the progress view (a game reviewed again replaces it)."""
        with self._db:
            self._db.execute("INSERT OR REPLACE INTO reviews (player, game, at, loss, moves) VALUES (?, ?, ?, ?, ?)",
                             (player, game, self._now(), loss, moves))

    def progress(self, player: str, lexicon: str, days: int = 30, games: int = 20) -> Progress:
        """The player's deck under this list, the answers of the last ``days`` days that had any,
        and the losses of the last ``games`` reviewed games."""
        now = self._now()
        cards, due, learned = self._db.execute(
            "SELECT COUNT(*), COALESCE(SUM(due <= ?), 0), COALESCE(SUM(box >= ?), 0) FROM cards"
            " WHERE player = ? AND lexicon = ?", (now, LEARNED_BOX, player, lexicon)).fetchone()
        since = (self._utc() - timedelta(days=days)).isoformat()
        rows = self._db.execute(
            "SELECT substr(answers.at, 1, 10) AS day, SUM(answers.right), COUNT(*) FROM answers"
            " JOIN cards ON cards.id = answers.card WHERE cards.player = ? AND cards.lexicon = ? AND answers.at >= ?"
            " GROUP BY day ORDER BY day", (player, lexicon, since)).fetchall()
        losses = self._db.execute(
            "SELECT game, loss FROM (SELECT game, loss, at FROM reviews WHERE player = ? ORDER BY at DESC LIMIT ?)"
            " ORDER BY at", (player, games)).fetchall()
        scores = [DayScore(date.fromisoformat(day), right, count) for day, right, count in rows]
        return Progress(cards, due, learned, scores, [(game, loss) for game, loss in losses])


def _card(row: tuple[int, str, str, str, str, int, str, str, str]) -> Card:
    card_id, player, lexicon, kind, question, box, due, _added, source = row
    return Card(card_id, player, lexicon, CardKind(kind), question, box, datetime.fromisoformat(due), source)


# A GCG record does not say who was a computer: its players are named as the match names them.
_COMPUTER_NAMES = ("ordi", "computer", "cpu", "ordinateur", "maître", "master")


def is_human_name(name: str) -> bool:
    """False for the names the game gives its computer players (« Ordi 4 », « Computer 3 »).

        >>> is_human_name("Alice"), is_human_name("Ordi 4"), is_human_name("Computer")
        (True, False, False)
    """
    words = name.split()
    return not words or words[0].lower().rstrip(":0123456789") not in _COMPUTER_NAMES


@dataclass(frozen=True)
class Fed:
    """What a review added to one player's deck."""

    player: str
    words: list[str]  # the missed words
    added: int  # the cards new to the deck (a word already there is not added twice)


def fed_lines(fed: Iterable[Fed]) -> list[str]:
    """What a review says it added to the decks: « Cartes : 2 nouvelles cartes pour Alice (…) »."""
    from scrabble_fr.i18n import colon, ngettext

    return [ngettext("Deck{colon} {n} new card for {player} (mots reviser --joueur {player})",
                     "Deck{colon} {n} new cards for {player} (mots reviser --joueur {player})",
                     item.added).format(colon=colon(), n=item.added, player=item.player)
            for item in fed if item.added]


def feed_from_review(deck: Deck, review: GameReview, game: str, lexicon: str,
                     players: Iterable[str] | None = None) -> list[Fed]:
    """Add each human player's missed words to their deck, as a draw to anagram (its answers are
    the missed word and every other word of the same letters), and keep the game's loss for the
    progress view. ``players``: only these (default: every player not named as a computer)."""
    wanted = None if players is None else set(players)
    chosen = [name for name in review.players if (is_human_name(name) if wanted is None else name in wanted)]
    fed: list[Fed] = []
    for name in chosen:
        words = review.missed_words(name)
        cards = [(CardKind.ANAGRAM, read_question(CardKind.ANAGRAM, word)) for word in words if len(word) <= 15]
        added = deck.add_many(name, lexicon, cards, len(cards), source=game)
        summary = review.summary(name)
        deck.record_review(name, game, summary.loss, summary.judged)
        fed.append(Fed(name, words, len(added)))
    return fed
