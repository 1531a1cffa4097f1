"""The study deck: the cardbox's intervals worked by hand, drills judged by the active list (French
and English, jokers in draws), the draws' probability, ``mots`` headless, and a review feeding it."""

from __future__ import annotations

import io
import json
import math
import sqlite3
from datetime import UTC, datetime, timedelta

import pytest

from scrabble_fr.cli import main
from scrabble_fr.engine.rules import Rules
from scrabble_fr.lexicon import Lexicon
from scrabble_fr.records.gcg import parse_gcg
from scrabble_fr.training.deck import Deck, deck_folder, feed_from_review, is_human_name
from scrabble_fr.training.drills import (
    CardKind,
    DrillChoice,
    answers,
    draw_probability,
    drill_cards,
    judge,
)
from scrabble_fr.training.review import review_game
from scrabble_fr.training.schedule import INTERVAL_DAYS, next_step
from scrabble_fr.training.study import Drill
from scrabble_fr.words import WordSet

START = datetime(2026, 3, 1, 20, 0, tzinfo=UTC)


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), out=out, err=err)
    return status, out.getvalue(), err.getvalue()


# -- the schedule ---------------------------------------------------------------------------------

def test_the_cardbox_intervals_worked_by_hand():
    # Right: one box up, back after 1, 2, 4, 8… days; missed: box 0, back the next day.
    assert INTERVAL_DAYS == (1, 2, 4, 8, 16, 32, 64, 128)
    assert next_step(0, True, START).box == 1 and next_step(0, True, START).due == START + timedelta(days=2)
    assert next_step(3, True, START).due == START + timedelta(days=16)
    assert next_step(7, True, START).box == 7 and next_step(7, True, START).due == START + timedelta(days=128)
    assert next_step(6, False, START).box == 0 and next_step(6, False, START).due == START + timedelta(days=1)


def test_a_card_comes_back_when_the_schedule_says(tmp_path):
    clock = Clock()
    words = Lexicon.from_words(["CHIEN", "NICHE"], "demo")
    deck = Deck(tmp_path / "deck.sqlite3", clock=clock)
    assert deck.add("Alice", words.key, CardKind.ANAGRAM, "CEHIN")
    assert not deck.add("Alice", words.key, CardKind.ANAGRAM, "CEHIN")  # once per deck
    # Due at once; answered right, back in 2 days (box 1), then 4 (box 2); missed, the next day.
    days = []
    for typed in ("CHIEN NICHE", "NICHE, chien", "CHIEN"):
        (card,) = deck.due("Alice", words.key)
        Drill(deck, words, [card]).answer(typed)
        card = deck.card(card.id, "Alice")
        days.append((card.box, (card.due - clock.now).days))
        assert deck.due("Alice", words.key) == []
        clock.now = card.due
    assert days == [(1, 2), (2, 4), (0, 1)]
    # Another player's deck and another list's deck are not Alice's under this list.
    assert deck.due("Bruno", words.key) == [] and deck.due("Alice", "other") == []
    progress = deck.progress("Alice", words.key)
    assert (progress.cards, progress.due, progress.learned) == (1, 1, 0)
    assert [(d.right, d.answered) for d in progress.days] == [(1, 1), (1, 1), (0, 1)]
    assert (progress.right, progress.answered, progress.percents) == (2, 3, [100.0, 100.0, 0.0])


def test_a_fresh_deck_has_no_share_of_right_answers(tmp_path):
    # No card, then cards all new: no answer, so no day, no share (not 0 %, not a division by 0).
    deck = Deck(tmp_path / "deck.sqlite3", clock=Clock())
    for cards in (0, 2):
        for word in ("CHIEN", "NICHE")[:cards]:
            deck.add("Alice", "demo", CardKind.HOOK, word)
        progress = deck.progress("Alice", "demo")
        assert (progress.cards, progress.due, progress.learned) == (cards, cards, 0)
        assert (progress.days, progress.right, progress.answered, progress.percents) == ([], 0, 0, [])
        assert progress.average_loss is None
    from scrabble_fr.training.deck import DayScore

    assert DayScore(START.date(), 0, 0).percent is None and DayScore(START.date(), 1, 4).percent == 25.0


def test_progress_of_a_fresh_deck_as_json():
    status, out, err = run("mots", "progres", "--json", "--joueur", "Alice")
    assert status == 0, err
    assert json.loads(out) == {"player": "Alice", "lexicon": json.loads(out)["lexicon"], "cards": 0, "due": 0,
                               "learned": 0, "days": [], "losses": [], "average_loss": None}


# -- drills judged by the list --------------------------------------------------------------------

def test_answers_come_from_the_active_list_and_change_with_it():
    small = Lexicon.from_words(["CHIEN", "NICHE", "CHIENS", "NICHES", "HE", "HEM", "EH"], "small")
    bigger = Lexicon.from_words(["CHIEN", "NICHE", "CHINE"], "bigger")
    assert answers(CardKind.ANAGRAM, "CEHIN", small) == ["CHIEN", "NICHE"]
    # The same card under another list is judged again, not kept wrong: CHINE is now an answer.
    assert judge(CardKind.ANAGRAM, "CEHIN", "chien niché", small).right
    verdict = judge(CardKind.ANAGRAM, "CEHIN", "chien niché", bigger)
    assert not verdict.right and verdict.missing == ("CHINE",)
    assert answers(CardKind.HOOK, "HE", small) == ["HEM"]  # EH is an anagram, not a hook
    assert answers(CardKind.TWO_LETTERS, "E", small) == ["EH"]
    assert answers(CardKind.PLUS_ONE, "CEHIN", small) == ["CHIENS", "NICHES"]
    wrong = judge(CardKind.HOOK, "NICHE", "NICHES NICHEZ", small)
    assert (wrong.right, wrong.found, wrong.wrong) == (False, ("NICHES",), ("NICHEZ",))


@pytest.mark.parametrize("language, draw, some, count", [
    ("fr", "AEEINRS", {"AERIENS", "ANERIES", "SENAIRE"}, 7),
    ("en", "AEINRST", {"RETAINS", "NASTIER", "STAINER", "RETINAS"}, 11),
    # A joker: every word it makes, each in capitals.
    ("fr", "AEINST?", {"ACTINES", "ATTEINS", "ARISENT"}, 103),
    ("en", "EINRST?", {"CISTERN", "ENTRIES", "INSERTS"}, 61),
])
def test_anagram_cards_in_both_languages_jokers_included(language, draw, some, count):
    words = Lexicon.builtin(language)
    found = answers(CardKind.ANAGRAM, draw, words)
    assert len(found) == count and some <= set(found) and all(word.isupper() for word in found)
    assert judge(CardKind.ANAGRAM, draw, " ".join(found), words).right
    assert not judge(CardKind.ANAGRAM, draw, " ".join(found[1:]), words).right


def test_hooks_and_short_words_in_both_languages():
    french, english = Lexicon.builtin("fr"), Lexicon.builtin("en")
    assert answers(CardKind.HOOK, "CHAT", french) == ["ACHAT", "CHATS", "ECHAT", "TCHAT"]
    assert answers(CardKind.HOOK, "CAT", english) == ["CATE", "CATS", "SCAT"]
    assert answers(CardKind.TWO_LETTERS, "K", french) == ["KA"]
    assert answers(CardKind.TWO_LETTERS, "Z", english) == ["ZA", "ZO"]


def test_a_draws_probability_and_the_drills_order():
    french = Rules.preset("ffsc").tile_set
    # A 9, E 15, I 8, N, R, S, T 6 each in 102 tiles.
    assert draw_probability("AEINRST", french) == pytest.approx(9 * 15 * 8 * 6 ** 4 / math.comb(102, 7))
    assert draw_probability("EE", french) == pytest.approx(math.comb(15, 2) / math.comb(102, 2))
    assert draw_probability("??", french) == pytest.approx(1 / math.comb(102, 2))
    assert draw_probability("KK", french) == 0  # one K in the bag
    words = Lexicon.from_words(["KIWIS", "SALEE", "AIMES", "EMIAS"], "demo")
    cards = list(drill_cards(DrillChoice.HOOKS, words, french, length=4))
    assert cards == []  # none of them takes a hook
    words = Lexicon.from_words(["ZYTHUMS", "ENTAILS", "SALIENT", "SALTIEE"], "demo")
    order = [question for _kind, question in drill_cards(DrillChoice.ANAGRAMS, words, french)]
    assert order == ["AEEILST", "AEILNST", "HMSTUYZ"]  # the draw of ZYTHUMS least probable


# -- mots headless -------------------------------------------------------------------------------

def test_mots_reviser_json_and_repondre(tmp_path):
    listfile = tmp_path / "mots.txt"
    listfile.write_text("CHIEN\nNICHE\nCHIENS\nNICHES\nAIMES\nAIMEES\n", encoding="utf-8")
    status, out, err = run("mots", "ajouter", "anagrammes", "--lettres", "7", "--lexique", str(listfile),
                           "--joueur", "Alice", "--json")
    assert status == 0, err
    assert json.loads(out)["cards"] == []  # no 7-letter word in that list
    status, out, err = run("mots", "ajouter", "rallonges", "--lettres", "5", "--lexique", str(listfile),
                           "--joueur", "Alice")
    assert status == 0, err
    assert out == "2 cartes ajoutées aux cartes d'Alice\n"
    status, out, err = run("mots", "reviser", "--json", "--lexique", str(listfile), "--joueur", "Alice")
    data = json.loads(out)
    # AIMEES is no hook of AIMES (its E is inside): the two cards are CHIEN and NICHE, as probable.
    assert [(c["kind"], c["question"], c["box"]) for c in data["cards"]] == [("hook", "CHIEN", 0), ("hook", "NICHE", 0)]
    card = data["cards"][0]
    status, out, err = run("mots", "repondre", str(card["id"]), "chiens", "--lexique", str(listfile),
                           "--joueur", "Alice", "--json")
    assert status == 0, err
    verdict = json.loads(out)
    assert (verdict["right"], verdict["answers"], verdict["box"]) == (True, ["CHIENS"], 1)
    assert datetime.fromisoformat(verdict["due"]) - datetime.now(UTC) > timedelta(days=1, hours=23)
    status, out, err = run("mots", "repondre", str(data["cards"][1]["id"]), "-", "--lexique", str(listfile),
                           "--joueur", "Alice", "--langue", "en")
    assert status == 0 and out.splitlines()[:2] == ["Missed.", "Answers: NICHES"]
    status, out, _err = run("mots", "reviser", "--json", "--lexique", str(listfile), "--joueur", "Alice")
    assert json.loads(out)["cards"] == []  # both answered: not due today
    status, out, _err = run("mots", "progres", "--json", "--lexique", str(listfile), "--joueur", "Alice")
    progress = json.loads(out)
    assert (progress["cards"], progress["due"], progress["learned"]) == (2, 0, 0)
    assert [(d["right"], d["answered"]) for d in progress["days"]] == [(1, 2)]


def test_answering_with_no_deck_makes_no_file():
    status, _out, err = run("mots", "repondre", "1", "CHIEN", "--joueur", "Alice")
    assert status == 2 and "pas de carte 1 pour Alice" in err
    assert not deck_folder().exists()


def test_a_damaged_deck_file_is_one_line():
    deck_folder().mkdir(parents=True)
    (deck_folder() / "cartes.sqlite3").write_bytes(b"not a deck " * 20)
    status, out, err = run("mots", "progres", "--json", "--joueur", "Alice")
    assert (status, out) == (2, "")
    assert len(err.strip().splitlines()) == 1 and "impossible de lire" in err and "Traceback" not in err


def _deck_rows() -> list[tuple[object, ...]]:
    path = deck_folder() / "cartes.sqlite3"
    if not path.exists():
        return []
    with sqlite3.connect(path) as db:
        return db.execute("SELECT * FROM cards").fetchall() + db.execute("SELECT * FROM answers").fetchall()


@pytest.mark.parametrize("argv, needle", [
    (("mots", "repondre", "1", "CHIEN2"), "'CHIEN2' n'est pas un mot"),
    (("mots", "repondre", "99", "CHIEN"), "pas de carte 99 pour Alice"),
    (("mots", "repondre", "un", "CHIEN"), "CARTE"),
    (("mots", "reviser", "--json", "--nombre", "0"), "--nombre attend un nombre de cartes de 1 à 500, pas 0"),
    (("mots", "ajouter", "anagrammes", "--lettres", "9"), "cet exercice prend des mots de 7 ou 8 lettres, pas 9"),
    (("mots", "ajouter", "rallonges", "--lettres", "1"), "2 à 14"),
    (("mots", "ajouter", "mots-croises"), "mots-croises"),
    (("mots", "reviser", "--json", "--joueur", " "), "nom"),
    (("mots", "reviser"), "terminal"),
    (("mots",), "mots"),
])
def test_bad_input_is_one_line_exit_2_and_writes_nothing(tmp_path, argv, needle):
    listfile = tmp_path / "mots.txt"
    listfile.write_text("CHIEN\nCHIENS\nNICHE\n", encoding="utf-8")
    status = run("mots", "ajouter", "rallonges", "--lettres", "5", "--lexique", str(listfile), "--joueur", "Alice")[0]
    assert status == 0
    before = _deck_rows()
    options = ("--lexique", str(listfile)) + (() if "--joueur" in argv else ("--joueur", "Alice"))
    status, out, err = run(*argv, *options) if len(argv) > 1 else run(*argv)
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and needle in err, err
    assert _deck_rows() == before


# -- fed by reviews ------------------------------------------------------------------------------

WORDS = WordSet(["NET", "NETS", "SENT", "TENS", "NEST", "ANE", "ANES", "SANE", "ETA", "ETAS", "TE", "ES", "SA", "AS",
                 "TESTE", "TENTES"], "mini")


def test_a_review_feeds_each_human_players_deck(tmp_path):
    record = parse_gcg("#player1 ana Ana\n#player2 ordi Ordi 4\n"
                       ">ana: EENSTTT 8H NET +6 6\n"
                       ">ordi: AAEESTT 9H ES +5 5\n")
    review = review_game(record, WORDS, endgame_seconds=None)
    assert review.missed_words("Ana") == ["TENTES"]
    deck = Deck(tmp_path / "deck.sqlite3", clock=Clock())
    fed = feed_from_review(deck, review, "partie-1", "mini")
    assert [item.player for item in fed] == ["Ana"]  # the computer has no deck
    questions = {card.question for card in deck.due("Ana", "mini")}
    assert questions == {"".join(sorted(word)) for word in review.missed_words("Ana")}
    assert fed[0].added == len(questions)
    # Reviewed again: no card twice, the game's loss kept once.
    assert feed_from_review(deck, review, "partie-1", "mini")[0].added == 0
    assert deck.progress("Ana", "mini").losses == [("partie-1", review.summary("Ana").loss)]
    assert is_human_name("Alice") and not is_human_name("Computer 3") and not is_human_name("ordi:2")


def test_revoir_adds_the_missed_words_unless_sans_cartes(tmp_path):
    listfile = tmp_path / "mots.txt"
    listfile.write_text("\n".join(WORDS.words()) + "\n", encoding="utf-8")
    gcg = tmp_path / "partie.gcg"
    gcg.write_text("#player1 ana Ana\n#player2 bob Bob\n>ana: EENSTTT 8H NET +6 6\n>bob: AAEESTT 9H ES +5 5\n",
                   encoding="utf-8")
    status, out, err = run("revoir", str(gcg), "--lexique", str(listfile), "--sans-cartes", "--json")
    assert status == 0, err
    assert _deck_rows() == []
    status, out, err = run("revoir", str(gcg), "--lexique", str(listfile))
    assert status == 0, err
    assert "Cartes\xa0: 1 nouvelle carte pour Ana (mots reviser --joueur Ana)" in out
    status, out, err = run("mots", "reviser", "--json", "--lexique", str(listfile), "--joueur", "Ana")
    assert status == 0, err
    assert {card["kind"] for card in json.loads(out)["cards"]} == {"anagram"}
    assert json.loads(run("mots", "progres", "--json", "--lexique", str(listfile), "--joueur", "Ana")[1])["losses"]
