"""``scrabble-fr lexiques``: list, ajouter, choisir, retirer, their errors, and the default list
every other command then uses. The lists live in ``SCRABBLE_FR_LEXIQUES`` (a fresh folder per test,
see the top conftest)."""

from __future__ import annotations

import gzip
import json
import os
from pathlib import Path

import pytest

from scrabble_fr.lexicon.catalogue import Catalogue

EMPTY = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15"


@pytest.fixture
def folder() -> Path:
    return Path(os.environ["SCRABBLE_FR_LEXIQUES"])


@pytest.fixture
def word_file(tmp_path: Path) -> Path:
    # 5 lines that are words (MAISON twice, once in lower case), a comment, a blank line, and
    # 3 lines that are not: "l'eau" (apostrophe), "x" (one letter), "mot composé" (space).
    path = tmp_path / "mes-mots.txt"
    path.write_text(
        "# ma liste\nmaison\nMAISON\nÉté\ncœur\nzorglub\n\nl'eau\nx\nmot composé\n", encoding="utf-8"
    )
    return path


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file of the lists' folder and its bytes: to show that a failed command changed nothing."""
    if not folder.exists():
        return {}
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir())}


def listed(run) -> list[dict]:
    result = run("lexiques", "--json")
    assert result.status == 0
    return json.loads(result.out)


# -- the list ------------------------------------------------------------------------------------


def test_list_shows_the_shipped_lists_and_their_defaults(run, english):
    result = run("lexiques", "--langue", "en")
    assert result.status == 0
    lines = result.out.splitlines()
    assert lines[0] == "Word lists:"
    assert lines[1].split()[:2] == ["grammalecte", "fr"]
    assert "lexiques/fr.txt.gz" in lines[1] and "(default for French)" in lines[1]
    assert lines[2].split()[:2] == ["scowl", "en"]
    assert "(default for English)" in lines[2]


def test_list_as_json_counts_the_shipped_words(run):
    from scrabble_fr.lexicon import Lexicon

    french = Lexicon.builtin("fr")
    payload = listed(run)
    assert [(e["name"], e["language"], e["builtin"], e["default"]) for e in payload] == [
        ("grammalecte", "fr", True, True),
        ("scowl", "en", True, True),
    ]
    # The count is the list's own.
    assert payload[0]["words"] == len(french)


# -- ajouter --------------------------------------------------------------------------------------


def test_add_normalises_counts_bad_lines_and_stores_compressed(run, word_file, folder):
    # --langue names the list's language, and the messages' (a French list: French messages).
    result = run("lexiques", "ajouter", str(word_file), "--nom", "Club", "--langue", "fr")
    assert result.status == 0, result.err
    # MAISON (twice), ETE, COEUR, ZORGLUB: 4 distinct words; 3 lines skipped.
    nbsp = "\u00a0"
    assert result.out.splitlines() == [
        f"Liste de mots «{nbsp}Club{nbsp}» ajoutée (français){nbsp}: 4 mots.",
        f"3 lignes n'étaient pas des mots de 2 à 15 lettres de A à Z et ont été ignorées, par exemple{nbsp}: "
        f"«{nbsp}l'eau{nbsp}», «{nbsp}x{nbsp}», «{nbsp}mot composé{nbsp}»",
    ]
    stored = Catalogue(folder).find("club")
    assert stored is not None and stored.words == 4 and stored.language == "fr"
    text = gzip.decompress((folder / stored.file).read_bytes()).decode("ascii")
    assert text == "COEUR\nETE\nMAISON\nZORGLUB\n"
    # Not made the default: the shipped list still is.
    entry = [e for e in listed(run) if e["name"] == "Club"][0]
    assert entry == {"name": "Club", "language": "fr", "words": 4, "source": str(word_file.resolve()),
                     "builtin": False, "default": False}


def test_add_reads_latin_1_and_gzip(run, tmp_path, folder):
    latin = tmp_path / "latin.txt"
    latin.write_bytes("élève\nÇA\n".encode("latin-1"))
    packed = tmp_path / "liste.txt.gz"
    packed.write_bytes(gzip.compress(b"chat\nchien\n"))
    assert run("lexiques", "ajouter", str(latin), "--nom", "latin").status == 0
    assert run("lexiques", "ajouter", str(packed), "--nom", "gz").status == 0
    catalogue = Catalogue(folder)
    assert list(catalogue.load(catalogue.find("latin")).words()) == ["CA", "ELEVE"]
    assert list(catalogue.load(catalogue.find("gz")).words()) == ["CHAT", "CHIEN"]


def test_add_as_default_then_every_command_uses_it(run, english, word_file):
    assert run("lexiques", "ajouter", str(word_file), "--nom", "Club", "--defaut", "--langue", "fr").status == 0
    # verifier, with no flag: the player's list judges (ZORGLUB in, CHAT out) and is named.
    result = run("verifier", "--langue", "fr", "zorglub", "chat")
    assert result.status == 1
    lines = result.out.splitlines()
    assert lines[0] == "Liste de mots\u00a0: Club"
    assert lines[1:] == ["ZORGLUB\u00a0: valable", "CHAT\u00a0: non valable"]
    # tirage: MAISON is the only word of the list these letters spell.
    payload = json.loads(run("tirage", "--json", "AIMNOS").out)
    assert payload["lexicon"] == "Club"
    assert payload["words"] == {"6": ["MAISON"]}
    # analyser: with AEIMNOS on an empty board, only MAISON (6 letters) can be placed;
    # 8D MAISON: M on the double letter 8D: (3 × 2 + 1 + 1 + 1 + 1 + 1) × 2 (centre) = 22.
    result = run("analyser", "--langue", "fr", "--position", f"{EMPTY} AEIMNOS/ 0/0 0", "--top", "1")
    assert result.status == 0
    assert result.out.splitlines()[0] == "Liste de mots\u00a0: Club"
    assert "MAISON" in result.out.splitlines()[1]
    # --lexique still chooses another list, by name or language.
    assert run("verifier", "--lexique", "grammalecte", "chat").status == 0
    assert run("verifier", "--lexique", "fr", "chat").status == 0


def test_english_default_is_apart(run, word_file):
    assert run("lexiques", "ajouter", str(word_file), "--nom", "Club", "--defaut", "--langue", "fr").status == 0
    payload = listed(run)
    assert [(e["name"], e["default"]) for e in payload] == [
        ("grammalecte", False), ("scowl", True), ("Club", True)]
    # English rules take the English default: CABBAGE is in SCOWL.
    result = run("verifier", "--langue", "en", "--json", "cabbage")
    assert json.loads(result.out)["lexicon"] == "SCOWL 80"


# -- choisir and retirer -------------------------------------------------------------------------------


def test_choose_and_remove(run, english, word_file, folder):
    assert run("lexiques", "ajouter", str(word_file), "--nom", "Club").status == 0
    result = run("lexiques", "choisir", "CLUB", "--langue", "en")
    assert result.status == 0
    assert result.out == "Club is now the default word list for French.\n"
    assert json.loads(run("verifier", "--json", "zorglub").out)["lexicon"] == "Club"
    result = run("lexiques", "choisir", "grammalecte", "--langue", "en")
    assert result.out == "grammalecte is now the default word list for French.\n"
    assert json.loads(run("verifier", "--json", "zorglub").out)["all_valid"] is False
    # Back to Club, then removed: the shipped list is the default again and the file is gone.
    run("lexiques", "choisir", "club")
    stored = Catalogue(folder).find("club")
    result = run("lexiques", "retirer", "Club", "--langue", "en")
    assert result.status == 0
    assert result.out.splitlines() == ["Word list Club removed.", "Default word list for French: grammalecte"]
    assert not (folder / stored.file).exists()
    assert [e["name"] for e in listed(run)] == ["grammalecte", "scowl"]
    assert json.loads(run("verifier", "--json", "chat").out)["all_valid"] is True


def test_english_aliases(run, word_file):
    assert run("lexiques", "add", str(word_file), "--nom", "Club").status == 0
    assert run("lexiques", "choose", "Club").status == 0
    assert run("lexiques", "remove", "Club").status == 0


# -- errors: one line, exit 2, nothing changed -----------------------------------------------------------


def assert_refused(result, expected: str) -> None:
    assert result.status == 2
    assert result.out == ""
    assert len(result.err.splitlines()) == 1
    assert expected in result.err


def test_missing_file(run, english, tmp_path, folder):
    before = snapshot(folder)
    result = run("lexiques", "ajouter", str(tmp_path / "absent.txt"), "--nom", "X", "--langue", "en")
    assert_refused(result, "absent.txt not found")
    assert snapshot(folder) == before


def test_unreadable_file(run, english, tmp_path, folder):
    broken = tmp_path / "broken.txt.gz"
    broken.write_bytes(b"not gzip at all")
    result = run("lexiques", "ajouter", str(broken), "--nom", "X", "--langue", "en")
    assert_refused(result, "cannot be read")
    result = run("lexiques", "ajouter", str(tmp_path), "--nom", "X", "--langue", "en")
    assert_refused(result, "cannot be read")
    assert snapshot(folder) == {}


def test_empty_list(run, english, tmp_path, folder):
    empty = tmp_path / "vide.txt"
    empty.write_text("# nothing\n\nl'eau\nx\n", encoding="utf-8")
    result = run("lexiques", "ajouter", str(empty), "--nom", "X", "--langue", "en")
    assert_refused(result, "holds no word of 2 to 15 letters")
    assert snapshot(folder) == {}


def test_name_taken(run, english, word_file, folder):
    assert run("lexiques", "ajouter", str(word_file), "--nom", "Club", "--defaut").status == 0
    before = snapshot(folder)
    for name in ("club", "CLUB"):
        result = run("lexiques", "ajouter", str(word_file), "--nom", name, "--langue", "en")
        assert_refused(result, "a word list is already named")
    for name in ("grammalecte", "fr", "scowl"):  # a shipped list's name: reserved, it cannot be removed
        result = run("lexiques", "ajouter", str(word_file), "--nom", name, "--langue", "en")
        assert_refused(result, "the name of a shipped list")
    assert snapshot(folder) == before


def test_unknown_name(run, english, word_file, folder):
    assert run("lexiques", "ajouter", str(word_file), "--nom", "Club").status == 0
    before = snapshot(folder)
    result = run("lexiques", "choisir", "ODS9", "--langue", "en")
    assert_refused(result, "there is no word list named 'ODS9' (known: grammalecte, scowl, Club)")
    result = run("lexiques", "retirer", "ODS9", "--langue", "en")
    assert_refused(result, "there is no word list named 'ODS9'")
    assert snapshot(folder) == before


def test_shipped_list_cannot_be_removed(run, english, folder):
    result = run("lexiques", "retirer", "scowl", "--langue", "en")
    assert_refused(result, "cannot be removed")
    assert snapshot(folder) == {}


def test_bad_name_and_language(run, english, word_file, folder):
    assert_refused(run("lexiques", "ajouter", str(word_file), "--nom", " ", "--langue", "en"),
                   "is not a valid list name")
    assert_refused(run("lexiques", "ajouter", str(word_file), "--nom", "x" * 41, "--langue", "en"),
                   "is not a valid list name")
    assert snapshot(folder) == {}


def test_errors_in_french(run, tmp_path):
    result = run("lexiques", "choisir", "ODS9", "--langue", "fr")
    assert result.status == 2
    assert result.err == (
        "scrabble-fr lexiques: aucune liste de mots ne s'appelle «\u00a0ODS9\u00a0» "
        "(connues\u00a0: grammalecte, scowl)\n"
    )


def test_damaged_index_counts_as_no_list(run, folder):
    folder.mkdir(parents=True)
    (folder / "lexiques.json").write_text("{not json", encoding="utf-8")
    assert [e["name"] for e in listed(run)] == ["grammalecte", "scowl"]
    assert json.loads(run("verifier", "--json", "chat").out)["all_valid"] is True


@pytest.mark.parametrize(
    ("language", "metavar", "name"), [("fr", "NOM ou CHEMIN", "nom"), ("en", "NAME or PATH", "name")]
)
def test_the_help_says_a_list_is_given_by_name_or_path(run, language, metavar, name):
    text = run("verifier", "--help", "--langue", language).out
    assert f"--lexique {metavar}" in text and name in text.split("--lexique")[2]


def test_a_large_list_is_prepared_once_with_a_progress_line(run, tmp_path, monkeypatch):
    import time

    import scrabble_fr.words as words_module
    from scrabble_fr.words import cache as cache_module

    # "Large" and "slow" made small and immediate: the list is built at once, and said so.
    monkeypatch.setattr(words_module, "DISK_CACHE_MIN_WORDS", 3)
    monkeypatch.setattr(cache_module, "DISK_CACHE_MIN_WORDS", 3)
    monkeypatch.setattr(cache_module, "SLOW_BUILD_SECONDS", 0.0)
    real_build = cache_module.build
    monkeypatch.setattr(cache_module, "build", lambda *a: (time.sleep(0.3), real_build(*a))[1])  # a slow build
    monkeypatch.setenv("SCRABBLE_FR_CACHE", str(tmp_path / "cache"))
    path = tmp_path / "liste.txt"
    path.write_text("maison\nraison\nsaison\nzythum\n", encoding="utf-8")
    result = run("lexiques", "ajouter", str(path), "--nom", "grande")
    assert result.status == 0
    lines = result.out.splitlines()
    assert "Préparation de la liste pour le jeu (une seule fois)…" in lines
    assert any(line.startswith("Liste prête (") for line in lines)
    cache = Path(os.environ["SCRABBLE_FR_CACHE"])
    assert sorted(p.name.split("-")[0] for p in cache.glob("*.bin")) == ["dawg", "keys"]
    # Used afterwards, the list is read, not built: no line.
    again = run("tirage", "--lexique", "grande", "aimnos")
    assert again.status == 0 and "Préparation" not in again.out + again.err
