"""The study deck's questions and their answers, always worked out from the active word list.

A card is a question, never its answers: the answers are asked of the list each time the card is
shown, so that a card learned under one list is judged again under another (a word the new list
lacks is no longer asked for, a word it adds is), not counted wrong.

    >>> from scrabble_fr.lexicon import Lexicon
    >>> words = Lexicon.from_words(["CHIEN", "NICHE", "CHIENS", "NICHES", "EH", "HE", "HEM"], "demo")
    >>> answers(CardKind.ANAGRAM, "CEHIN", words)
    ['CHIEN', 'NICHE']
    >>> answers(CardKind.HOOK, "NICHE", words)
    ['NICHES']
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from scrabble_fr.engine.tiles import JOKER, TileSet
from scrabble_fr.i18n import _
from scrabble_fr.lexicon.anagram import ALPHABET, anagrams, anagrams_with_board_letter, parse_draw
from scrabble_fr.lexicon.lexicon import Lexicon
from scrabble_fr.lexicon.normalize import strip_accents
from scrabble_fr.training.errors import TrainingError

# Re-exported: the deck and the drills' callers name them here, beside what answers them.
from scrabble_fr.training.kinds import CardKind as CardKind
from scrabble_fr.training.kinds import DrillChoice as DrillChoice


def question_text(kind: CardKind, question: str) -> str:
    """The question as the drill asks it, in the player's language."""
    if kind is CardKind.ANAGRAM:
        return _("Anagram {draw}: every word of {n} letters").format(draw=question, n=len(question))
    if kind is CardKind.PLUS_ONE:
        return _("7+1 {draw}: every 8-letter word made by adding one letter").format(draw=question)
    if kind is CardKind.HOOK:
        return _("Hooks of {word}: every word made by one letter before or after it").format(word=question)
    return _("Two-letter words starting with {letter}").format(letter=question)


def answers(kind: CardKind, question: str, lexicon: Lexicon) -> list[str]:
    """Every right answer to the card under ``lexicon``, in capitals, in alphabetical order."""
    if kind is CardKind.ANAGRAM:
        size = len(question)
        return _capitals(anagrams(lexicon, question, min_len=size, max_len=size).get(size, []))
    if kind is CardKind.PLUS_ONE:
        by_letter = anagrams_with_board_letter(lexicon, question)
        return _capitals(word for words in by_letter.values() for word in words)
    if kind is CardKind.HOOK:
        return hooks(question, lexicon)
    return sorted(word for word in (question + letter for letter in ALPHABET) if word in lexicon)


def hooks(word: str, lexicon: Lexicon) -> list[str]:
    """The words one letter before or after ``word`` makes (its front and back hooks)."""
    found = {made for letter in ALPHABET for made in (letter + word, word + letter) if made in lexicon}
    return sorted(found)


def _capitals(words: Iterable[str]) -> list[str]:
    # A joker's letter is written in lower case by the anagram search; typed answers are capitals.
    return sorted({word.upper() for word in words})


def read_answer(typed: str) -> list[str]:
    """The words typed for a card: separated by spaces or commas, any case, accents dropped; a
    lone ``-`` says « none ».

        >>> read_answer(" chien, Niché ")
        ['CHIEN', 'NICHE']
    """
    words = []
    for part in re.split(r"[\s,;]+", typed):
        if not part or part == "-":
            continue
        word = strip_accents(part).upper()
        if not word.isascii() or not word.isalpha():
            raise TrainingError("deck_bad_answer", word=part)
        words.append(word)
    return list(dict.fromkeys(words))


@dataclass(frozen=True)
class Judgement:
    """A typed answer against the card's answers: right when it names them all and nothing else."""

    answers: tuple[str, ...]
    found: tuple[str, ...]  # typed and right
    missing: tuple[str, ...]  # right, not typed
    wrong: tuple[str, ...]  # typed, not right

    @property
    def right(self) -> bool:
        return not self.missing and not self.wrong


def judge(kind: CardKind, question: str, typed: str, lexicon: Lexicon) -> Judgement:
    right = answers(kind, question, lexicon)
    given = read_answer(typed)
    return Judgement(tuple(right), tuple(w for w in given if w in right),
                     tuple(w for w in right if w not in given), tuple(w for w in given if w not in right))


def read_question(kind: CardKind, text: str) -> str:
    """A question typed or stored as the deck keeps it: a draw's tiles sorted (jokers last), a
    word or a letter in capitals."""
    if kind in (CardKind.ANAGRAM, CardKind.PLUS_ONE):
        draw = parse_draw(text)
        return str(draw)
    return strip_accents(text).upper()


# -- the probability of a draw ---------------------------------------------------------------------

def draw_probability(draw: str, tiles: TileSet) -> float:
    """The chance of drawing exactly these tiles from the full bag of ``tiles``:
    the product over each letter of C(tiles of that letter in the bag, times it is drawn), over
    C(tiles in the bag, tiles drawn). A joker is the tile ``?``.

        >>> from scrabble_fr.engine.rules import Rules
        >>> french = Rules.preset("ffsc").tile_set
        >>> round(draw_probability("AEINRST", french) * 1e4, 3)  # 9·15·8·6·6·6·6 / C(102, 7)
        0.758
    """
    total = math.comb(tiles.total_tiles, len(draw))
    ways = 1
    for letter, count in Counter(draw).items():
        ways *= math.comb(tiles.counts.get(letter, 0), count)
    return ways / total


def by_probability(draws: Iterable[str], tiles: TileSet) -> list[str]:
    """The draws, most probable first (alphabetical among equals)."""
    return sorted(set(draws), key=lambda draw: (-draw_probability(draw, tiles), draw))


def _keys(lexicon: Lexicon, length: int) -> Iterator[str]:
    for word in lexicon.words():
        if len(word) == length:
            yield "".join(sorted(word))


def anagram_draws(lexicon: Lexicon, tiles: TileSet, length: int, joker: bool) -> list[str]:
    """The draws of ``length`` tiles that make a word, most probable first; with ``joker``, one of
    their tiles is a joker (the draw makes every word the joker allows)."""
    keys = set(_keys(lexicon, length))
    if joker:
        keys = {key.replace(letter, "", 1) + JOKER for key in keys for letter in set(key)}
    return by_probability(keys, tiles)


def plus_one_draws(lexicon: Lexicon, tiles: TileSet) -> list[str]:
    """The 7-tile draws one more letter turns into an 8-letter word, most probable first."""
    return by_probability({key.replace(letter, "", 1) for key in _keys(lexicon, 8) for letter in set(key)}, tiles)


def hook_words(lexicon: Lexicon, tiles: TileSet, length: int) -> list[str]:
    """The words of ``length`` letters that take a hook, those of the most probable letters first."""
    words = [word for word in lexicon.words() if len(word) == length and hooks(word, lexicon)]
    return sorted(words, key=lambda word: (-draw_probability("".join(sorted(word)), tiles), word))


def drill_cards(choice: DrillChoice, lexicon: Lexicon, tiles: TileSet, length: int | None = None,
                joker: bool = False) -> Iterator[tuple[CardKind, str]]:
    """The cards a drill offers, in the order they are added: the most probable first."""
    if choice is DrillChoice.ANAGRAMS:
        size = length or 7
        if size not in (7, 8):
            raise TrainingError("deck_bad_length", choices=_("7 or 8"), length=size)
        yield from ((CardKind.ANAGRAM, draw) for draw in anagram_draws(lexicon, tiles, size, joker))
    elif choice is DrillChoice.PLUS_ONE:
        yield from ((CardKind.PLUS_ONE, draw) for draw in plus_one_draws(lexicon, tiles))
    elif choice is DrillChoice.HOOKS:
        size = length or 4
        if not 2 <= size <= 14:
            raise TrainingError("deck_bad_length", choices=_("2 to 14"), length=size)
        yield from ((CardKind.HOOK, word) for word in hook_words(lexicon, tiles, size))
    else:
        # The two-letter words by their first letter, then the three-letter words as the hooks of
        # the two-letter ones (how French clubs teach them: « les rallonges des deux-lettres »).
        twos = sorted(word for word in lexicon.words() if len(word) == 2)
        yield from ((CardKind.TWO_LETTERS, letter) for letter in sorted({word[0] for word in twos}))
        yield from ((CardKind.HOOK, word) for word in twos if hooks(word, lexicon))
