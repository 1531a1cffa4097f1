"""The word structure: built right, minimal, cached in memory and on disk, never trusted stale."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from scrabble_fr.words import CACHE_ENV, Dawg, WordSet, dawg_for, load_or_build
from scrabble_fr.words import cache as cache_module


def random_list(seed: int, count: int = 400) -> list[str]:
    rng = random.Random(seed)
    return sorted({"".join(rng.choice("AEIOSTRNZ") for _ in range(rng.randint(1, 9))) for _ in range(count)})


@pytest.mark.parametrize("seed", range(5))
def test_holds_exactly_the_words(seed: int) -> None:
    words = random_list(seed)
    d = Dawg.from_words(words)
    kept = sorted(w for w in words if len(w) >= 2)
    assert list(d.words()) == kept
    assert d.word_count == len(kept)
    for word in words:
        assert d.contains(word) == (len(word) >= 2)
    assert not d.contains("QQ")


def test_is_minimal_on_shared_endings() -> None:
    # Four words, one shared ending: root, C, H, then A->T->S shared once, plus the leaf.
    d = Dawg.from_words(["CAT", "CATS", "HAT", "HATS"])
    assert d.node_count == 5


def test_cleans_its_input() -> None:
    d = Dawg.from_words(["mot", "MOT", "été", "A", "abc1", "LONGERTHANFIFTEENLETTERS"], max_length=15)
    assert list(d.words()) == ["MOT"]


def test_serialisation_round_trip() -> None:
    d = Dawg.from_words(random_list(9))
    back = Dawg.from_bytes(d.to_bytes(), d.digest)
    assert back.children == d.children and back.terminal == d.terminal and back.child_mask == d.child_mask
    assert back.root == d.root and back.source == "disk"


def test_corrupt_or_foreign_files_are_refused() -> None:
    d = Dawg.from_words(random_list(1))
    data = bytearray(d.to_bytes())
    data[-5] ^= 0xFF
    with pytest.raises(ValueError):
        Dawg.from_bytes(bytes(data))
    with pytest.raises(ValueError):
        Dawg.from_bytes(b"garbage")
    with pytest.raises(ValueError):
        Dawg.from_bytes(d.to_bytes(), digest="another list")


def test_disk_cache_is_used_and_rebuilt_when_damaged(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(CACHE_ENV, str(tmp_path))
    monkeypatch.setattr(cache_module, "DISK_CACHE_MIN_WORDS", 10)
    words = random_list(2)
    first = load_or_build(words)
    assert first.source == "built"
    (path,) = tmp_path.glob("dawg-*.bin")
    second = load_or_build(words)
    assert second.source == "disk" and list(second.words()) == list(first.words())
    path.write_bytes(path.read_bytes()[:-10] + b"0123456789")  # damaged on disk
    third = load_or_build(words)
    assert third.source == "built" and list(third.words()) == list(first.words())
    assert load_or_build(words).source == "disk"  # rewritten
    # Another list has another file: never read for this one.
    other = load_or_build(words[:-1])
    assert other.source == "built" and other.word_count == first.word_count - 1


def test_disk_cache_can_be_switched_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(CACHE_ENV, "off")
    monkeypatch.setattr(cache_module, "DISK_CACHE_MIN_WORDS", 10)
    assert load_or_build(random_list(3)).source == "built"
    assert load_or_build(random_list(3)).source == "built"


def test_memory_cache_is_per_lexicon_object() -> None:
    lexicon = WordSet(random_list(4))
    assert dawg_for(lexicon) is dawg_for(lexicon)
    assert dawg_for(WordSet(random_list(4))) is not dawg_for(lexicon)


class Slotted:
    """A lexicon that refuses weak references."""

    __slots__ = ("_words",)
    name = "slotted"

    def __init__(self, words: list[str]) -> None:
        self._words = words

    def __contains__(self, word: object) -> bool:
        return word in self._words

    def __len__(self) -> int:
        return len(self._words)

    def words(self) -> list[str]:
        return self._words


def test_memory_cache_without_weak_references() -> None:
    lexicon = Slotted(["AB", "BA"])
    assert dawg_for(lexicon) is dawg_for(lexicon)
    assert sorted(dawg_for(lexicon).words()) == ["AB", "BA"]


def test_disk_cache_keeps_only_the_files_used_last(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(CACHE_ENV, str(tmp_path))
    monkeypatch.setattr(cache_module, "DISK_CACHE_MIN_WORDS", 10)
    for seed in range(cache_module.KEEP_FILES + 2):
        load_or_build(random_list(20 + seed))
    assert len(list(tmp_path.glob("dawg-*.bin"))) == cache_module.KEEP_FILES


@pytest.mark.parametrize("seed", range(6))
def test_spell_from_finds_every_word_the_tiles_spell(seed: int) -> None:
    from collections import Counter

    rng = random.Random(seed)
    words = sorted({"".join(rng.choice("AEINRST") for _ in range(rng.randrange(2, 8))) for _ in range(400)})
    dawg = Dawg.from_words(words)
    for _ in range(30):
        letters = "".join(rng.choice("AEINRST") for _ in range(rng.randrange(1, 8)))
        jokers = rng.choice((0, 1, 2))
        use_all = rng.random() < 0.3
        tiles = Counter(letters)
        expected = []
        for word in words:
            missing = Counter(word) - tiles
            if sum(missing.values()) <= jokers and (not use_all or not tiles - Counter(word)):
                expected.append((word, "".join(sorted(missing.elements()))))
        found = dawg.spell_from(letters, jokers, use_all=use_all)
        assert [(w, "".join(sorted(m))) for w, m in found] == expected, (letters, jokers, use_all)
        assert dawg.spellings(letters) == [w for w in words if sorted(w) == sorted(letters)]


def test_a_list_kept_as_text_finds_its_cache_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(CACHE_ENV, str(tmp_path))
    monkeypatch.setattr(cache_module, "DISK_CACHE_MIN_WORDS", 10)
    rng = random.Random(2)
    words = sorted({"".join(rng.choices("ABCDE", k=5)) for _ in range(50)})
    built = load_or_build(words, 15, "\n".join(words))
    read = load_or_build(words, 15, "\n".join(words))
    assert (built.source, read.source) == ("built", "disk") and sorted(read.words()) == words
    assert read.below() == Dawg.from_words(words).below()
