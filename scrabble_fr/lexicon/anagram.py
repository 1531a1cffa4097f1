"""Every word a draw can spell, jokers included: the "tirage" search.

Words are grouped under their letters in alphabetical order (MAISON under AIMNOS); those keys go
into a trie (a pyahocorasick ``Automaton``). A search walks the trie in alphabetical order with
the draw's letters, so it only visits keys the draw can reach: a 7-letter draw with two jokers
takes a few milliseconds on the French list, where trying every subset of the draw with every
joker letter would take hundreds of lookups per subset. The index is built once per list, on the
first search (about 0.8 s and 60 MB for the French list).

    >>> from scrabble_fr.lexicon import Lexicon
    >>> anagrams(Lexicon.from_words(["MAISON", "AIMONS"], "demo"), "?aimson")[6]
    ['AIMONS', 'MAISON']

Letters a joker stands for come back in lower case (``MAiSON``); when a word can be made in
several ways the one using the fewest jokers is given.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import ahocorasick

from scrabble_fr.lexicon.errors import LexiconError
from scrabble_fr.lexicon.normalize import MAX_LENGTH, MIN_LENGTH, strip_accents

if TYPE_CHECKING:
    from scrabble_fr.lexicon.lexicon import Lexicon

JOKER = "?"
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
MAX_TILES = MAX_LENGTH


@dataclass(frozen=True)
class Draw:
    """The tiles of a draw: its letters in alphabetical order and how many jokers.

        >>> parse_draw("maïs?")
        Draw(letters='AIMS', jokers=1)
    """

    letters: str
    jokers: int

    @property
    def size(self) -> int:
        return len(self.letters) + self.jokers

    def __str__(self) -> str:
        return self.letters + JOKER * self.jokers


def parse_draw(text: str) -> Draw:
    """Read a draw typed by the player: letters in any case, accents allowed, ``?`` for a joker.

        >>> parse_draw(" e ? t é ")
        Draw(letters='EET', jokers=1)

    Spaces are ignored; a ligature counts as its two letters (Œ is the tiles O and E). Raises
    :class:`LexiconError` (``draw_empty``, ``draw_bad_character``, ``draw_too_long``).
    """
    letters: list[str] = []
    jokers = 0
    for character in text:
        if character.isspace():
            continue
        if character == JOKER:
            jokers += 1
            continue
        spelt = strip_accents(character).upper()
        if not (spelt.isascii() and spelt.isalpha()):
            raise LexiconError("draw_bad_character", character=character)
        letters.extend(spelt)
    count = len(letters) + jokers
    if count == 0:
        raise LexiconError("draw_empty")
    if count > MAX_TILES:
        raise LexiconError("draw_too_long", count=count, maximum=MAX_TILES)
    return Draw("".join(sorted(letters)), jokers)


class AnagramIndex:
    """Words grouped by their sorted letters, in a trie that a draw can walk.

        >>> index = AnagramIndex(["CHIEN", "NICHE"])
        >>> index.search(parse_draw("HNIEC"))
        [('CEHIN', '', ['CHIEN', 'NICHE'])]
    """

    def __init__(self, words: Iterable[str]) -> None:
        groups: dict[str, str] = {}
        for word in words:
            key = "".join(sorted(word))
            known = groups.get(key)
            # One space-separated string per key: a list per key would cost twice the memory.
            groups[key] = word if known is None else f"{known} {word}"
        automaton = ahocorasick.Automaton(ahocorasick.STORE_ANY)
        for key, joined in groups.items():
            automaton.add_word(key, joined)
        self._automaton = automaton
        self.keys = len(groups)

    def search(
        self,
        draw: Draw,
        min_len: int = MIN_LENGTH,
        max_len: int = MAX_LENGTH,
        use_all: bool = False,
    ) -> list[tuple[str, str, list[str]]]:
        """Every key the draw reaches, as ``(key, letters taken by jokers, words)``.

        ``use_all`` keeps only keys holding every real tile of the draw (jokers may stay unused
        only if ``min_len`` allows it).
        """
        match = self._automaton.match
        get = self._automaton.get
        counts = dict.fromkeys(ALPHABET, 0)
        for letter in draw.letters:
            counts[letter] += 1
        remaining = len(draw.letters)
        found: list[tuple[str, str, list[str]]] = []

        def walk(prefix: str, start: int, jokers: int, joker_letters: str, remaining: int) -> None:
            # Keys are sorted, so a real tile below the next letter could never be placed:
            # with ``use_all`` the walk stops at the smallest tile still unused.
            stop = 26
            if use_all and remaining:
                stop = next(i for i in range(start, 26) if counts[ALPHABET[i]]) + 1
            for index in range(start, stop):
                letter = ALPHABET[index]
                available = counts[letter]
                # A real tile whenever there is one: that is the way with fewest jokers.
                if available:
                    counts[letter] = available - 1
                    left, marks, real = jokers, joker_letters, 1
                elif jokers:
                    left, marks, real = jokers - 1, joker_letters + letter, 0
                else:
                    continue
                key = prefix + letter
                if match(key):
                    length = len(key)
                    if length >= min_len and not (use_all and remaining - real):
                        joined = get(key, None)
                        if joined is not None:
                            found.append((key, marks, joined.split(" ")))
                    if length < max_len:
                        walk(key, index, left, marks, remaining - real)
                if available:
                    counts[letter] = available

        walk("", 0, draw.jokers, "", remaining)
        return found


def mark_jokers(word: str, joker_letters: str) -> str:
    """``word`` with the letters that jokers stand for in lower case (the last occurrences).

        >>> mark_jokers("MAISON", "I"), mark_jokers("ANANAS", "AA")
        ('MAiSON', 'ANaNaS')
    """
    if not joker_letters:
        return word
    characters = list(word)
    for letter in joker_letters:
        position = "".join(characters).rindex(letter)
        characters[position] = letter.lower()
    return "".join(characters)


def _collect(hits: list[tuple[str, str, list[str]]]) -> dict[int, list[str]]:
    grouped: dict[int, list[str]] = {}
    for key, marks, words in hits:
        grouped.setdefault(len(key), []).extend(mark_jokers(word, marks) for word in words)
    return {length: sorted(grouped[length], key=str.upper) for length in sorted(grouped)}


def anagrams(
    lexicon: Lexicon, letters: str, min_len: int = MIN_LENGTH, max_len: int = MAX_LENGTH
) -> dict[int, list[str]]:
    """Every word of ``min_len`` to ``max_len`` letters the draw can spell, grouped by length.

        >>> from scrabble_fr.lexicon import Lexicon
        >>> anagrams(Lexicon.builtin("fr"), "MAISON?")[7][:3]
        ['AbIMONS', 'AIMiONS', 'AMIdONS']

    Joker letters are in lower case. Lengths come in increasing order, words alphabetically.
    Raises :class:`LexiconError` when the draw is malformed.
    """
    draw = parse_draw(letters)
    hits = lexicon.anagram_index().search(draw, min_len=min_len, max_len=min(max_len, draw.size))
    return _collect(hits)


def anagrams_with_board_letter(lexicon: Lexicon, letters: str) -> dict[str, list[str]]:
    """Words using every tile of the draw plus one letter already on the board, by that letter.

        >>> from scrabble_fr.lexicon import Lexicon
        >>> anagrams_with_board_letter(Lexicon.builtin("fr"), "AEINRST")["C"][:2]
        ['CENTRAIS', 'CERTAINS']

    These are the French "huit" (a 7-tile draw making an 8-letter word through a board letter).
    A word whose missing letters could each be the board letter (with a joker for the others) is
    listed under each of them.
    """
    draw = parse_draw(letters)
    length = draw.size + 1
    if length > MAX_LENGTH:
        return {}
    # The board letter is one more joker; it is told apart from the real jokers afterwards.
    search = Draw(draw.letters, draw.jokers + 1)
    hits = lexicon.anagram_index().search(search, min_len=length, max_len=length, use_all=True)
    by_letter: dict[str, set[str]] = {}
    for _key, marks, words in hits:
        for board_letter in sorted(set(marks)):
            jokers = marks.replace(board_letter, "", 1)
            by_letter.setdefault(board_letter, set()).update(mark_jokers(w, jokers) for w in words)
    return {letter: sorted(by_letter[letter], key=str.upper) for letter in sorted(by_letter)}
