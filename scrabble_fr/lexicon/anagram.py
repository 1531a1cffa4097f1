"""Every word a draw can spell, jokers included: the "tirage" search.

The search walks the list's DAWG (:mod:`scrabble_fr.words`, the structure that also answers
membership and the move generator) spending the draw's tiles, so it only visits the prefixes the
draw can spell, where trying every subset of the draw with every joker letter would take
hundreds of lookups per subset: a few hundredths of a second for 7 tiles and two jokers on the
French list. Words are grouped under their letters in alphabetical order (MAISON under AIMNOS).

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

from scrabble_fr.lexicon.errors import LexiconError
from scrabble_fr.lexicon.normalize import MAX_LENGTH, MIN_LENGTH, strip_accents
from scrabble_fr.words import Dawg

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
    """The words a draw spells, grouped by their sorted letters, found in the list's DAWG.

        >>> index = AnagramIndex(["CHIEN", "NICHE"])
        >>> index.search(parse_draw("HNIEC"))
        [('CEHIN', '', ['CHIEN', 'NICHE'])]

    The DAWG (:mod:`scrabble_fr.words`) is the one that answers membership and the move
    generator: nothing more is held for the search.
    """

    def __init__(self, words: Iterable[str] | Dawg) -> None:
        self._graph = words if isinstance(words, Dawg) else Dawg.from_words(words)

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
        groups: dict[str, tuple[str, str, list[str]]] = {}
        for word, marks in self._graph.spell_from(draw.letters, draw.jokers, min_len, max_len, use_all):
            key = "".join(sorted(word))
            group = groups.get(key)
            if group is None:
                groups[key] = (key, "".join(sorted(marks)), [word])
            else:
                group[2].append(word)
        return list(groups.values())


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
        ['CARNISTE', 'CENTRAIS']

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
