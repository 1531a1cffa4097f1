"""Graphs built with the package (a fresh install starts as fast as a warm one), and the line a
slow build gets."""

from __future__ import annotations

import random
import threading
from pathlib import Path

import pytest

from scrabble_fr.lexicon import Lexicon
from scrabble_fr.words import CACHE_ENV, BuildNotice, GraphKind, announce_slow_builds, load_or_build, ship_graphs
from scrabble_fr.words import cache as cache_module


def _words(seed: int, count: int = 300) -> list[str]:
    rng = random.Random(seed)
    return sorted({"".join(rng.choices("AEINRST", k=rng.randint(2, 8))) for _ in range(count)})


@pytest.fixture
def empty_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv(CACHE_ENV, str(folder))
    monkeypatch.setattr(cache_module, "DISK_CACHE_MIN_WORDS", 10)
    return folder


def test_shipped_graphs_are_read_without_building_or_writing(tmp_path: Path, empty_cache: Path) -> None:
    words = _words(1)
    text = "\n".join(words)
    shipped = tmp_path / "graphs"
    written = ship_graphs(text, shipped)
    assert sorted(p.name for p in written) == sorted(p.name for p in shipped.iterdir())
    graph = load_or_build(words, 15, text, shipped=shipped)
    assert graph.source == "disk" and graph.shipped == shipped and sorted(graph.words()) == words
    keys = graph.anagram_keys()
    assert keys.source == "disk"
    assert sorted(keys.words()) == sorted({"".join(sorted(w)) for w in words})
    # Nothing was built, so nothing went to the user's cache.
    assert not empty_cache.exists() or not any(empty_cache.iterdir())


def test_a_list_changed_since_the_package_was_built_is_built_again(tmp_path: Path, empty_cache: Path) -> None:
    shipped = tmp_path / "graphs"
    ship_graphs("\n".join(_words(1)), shipped)
    changed = _words(1)[:-1] + ["ZZZ"]
    graph = load_or_build(changed, 15, "\n".join(changed), shipped=shipped)
    assert graph.source == "built" and graph.shipped is None and sorted(graph.words()) == changed


def test_a_damaged_shipped_graph_is_built_again(tmp_path: Path, empty_cache: Path) -> None:
    words = _words(2)
    shipped = tmp_path / "graphs"
    for path in ship_graphs("\n".join(words), shipped):
        data = bytearray(path.read_bytes())
        data[-3] ^= 0xFF
        path.write_bytes(bytes(data))
    graph = load_or_build(words, 15, "\n".join(words), shipped=shipped)
    assert graph.source == "built" and sorted(graph.words()) == words


def test_a_shipped_list_looks_in_the_package_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    from scrabble_fr.lexicon import lexicon as lexicon_module

    folder = lexicon_module.data_path(lexicon_module.SHIPPED_GRAPHS)
    assert Lexicon.builtin("fr")._shipped == folder
    assert Lexicon.from_words(["MAISON"], "demo")._shipped is None


def test_a_slow_build_is_announced_then_said_done(monkeypatch: pytest.MonkeyPatch, empty_cache: Path) -> None:
    monkeypatch.setattr(cache_module, "SLOW_BUILD_SECONDS", 0.0)
    heard: list[BuildNotice] = []
    started = threading.Event()

    def listen(notice: BuildNotice) -> None:
        heard.append(notice)
        started.set()

    real_build = cache_module.build

    def slow_build(*args, **kwargs):  # type: ignore[no-untyped-def]
        assert started.wait(5)  # the notice comes while the build still runs
        return real_build(*args, **kwargs)

    monkeypatch.setattr(cache_module, "build", slow_build)
    announce_slow_builds(listen)
    try:
        words = _words(3)
        load_or_build(words, 15, "\n".join(words))
    finally:
        announce_slow_builds(None)
    assert [(n.kind, n.words, n.finished) for n in heard] == [
        (GraphKind.WORDS, len(words), False), (GraphKind.WORDS, len(words), True)
    ]
    assert heard[1].seconds >= heard[0].seconds


def test_a_quick_build_says_nothing(empty_cache: Path) -> None:
    heard: list[BuildNotice] = []
    announce_slow_builds(heard.append)
    try:
        words = _words(4)
        load_or_build(words, 15, "\n".join(words)).anagram_keys()
    finally:
        announce_slow_builds(None)
    assert heard == []


def test_the_package_build_ships_graphs_a_fresh_install_reads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, empty_cache: Path
) -> None:
    """What setup.py does (ship_builtin_graphs) and what an installed package then does,
    on two small lists standing in for lexiques/ (the real ones take seconds to build)."""
    import gzip

    from scrabble_fr.lexicon import lexicon as lexicon_module

    data = tmp_path / "_data"
    (data / "lexiques").mkdir(parents=True)
    for language, seed in (("fr", 5), ("en", 6)):
        text = "\n".join(_words(seed)) + "\n"
        (data / "lexiques" / f"{language}.txt.gz").write_bytes(gzip.compress(text.encode("ascii")))
    monkeypatch.setattr(lexicon_module, "data_path", lambda name: data / name)
    lexicon_module._load_builtin.cache_clear()
    try:
        written = lexicon_module.ship_builtin_graphs(data / lexicon_module.SHIPPED_GRAPHS)
        assert len(written) == 4
        lexicon_module._load_builtin.cache_clear()
        french = Lexicon.builtin("fr")
        graph = french.word_graph()
        assert graph.source == "disk" and graph.shipped == data / "graphs"
        assert graph.anagram_keys().source == "disk"
        assert sorted(graph.words()) == _words(5)
        # The list changed after the package was built: its graph is built, not the stale one read.
        text = "\n".join(_words(7)) + "\n"
        (data / "lexiques" / "fr.txt.gz").write_bytes(gzip.compress(text.encode("ascii")))
        lexicon_module._load_builtin.cache_clear()
        rebuilt = Lexicon.builtin("fr").word_graph()
        assert rebuilt.source == "built" and sorted(rebuilt.words()) == _words(7)
    finally:
        lexicon_module._load_builtin.cache_clear()
