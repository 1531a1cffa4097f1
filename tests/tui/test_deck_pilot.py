"""The study deck's screens driven by keys at 80×24, in French and English: a drill of 10 cards,
each answer judged and its next date shown, then the progress view with its charts."""

from __future__ import annotations

from datetime import UTC, datetime

from textual.widgets import Input, Static

from scrabble_fr.i18n import set_language
from scrabble_fr.lexicon import Lexicon
from scrabble_fr.training.deck import Deck
from scrabble_fr.training.drills import CardKind
from scrabble_fr.tui.deck_app import DeckApp
from scrabble_fr.tui.screens.deck import DrillScreen, ProgressScreen
from scrabble_fr.tui.widgets.bar_chart import BarChart

from .conftest import text

WORDS = ["CHIEN", "NICHE", "CHIENS", "NICHES", "AIMES", "AIMEES", "EH", "HE", "HEM", "ME", "MES", "ES",
         "SE", "ET", "TE", "TES", "SET", "EST", "NE", "EN", "NET"]
TWO = ["E", "H", "M", "N", "S", "T"]


def deck_of_ten(tmp_path, language: str) -> tuple[Deck, Lexicon]:
    words = Lexicon.from_words(WORDS, "demo")
    deck = Deck(tmp_path / f"deck-{language}.sqlite3", clock=lambda: datetime(2026, 3, 1, 9, tzinfo=UTC))
    for letter in TWO:
        deck.add("Alice", words.key, CardKind.TWO_LETTERS, letter)
    for word in ("HE", "ME", "NICHE", "CHIEN"):
        deck.add("Alice", words.key, CardKind.HOOK, word)
    return deck, words


async def test_a_drill_of_ten_cards_then_the_progress_view(tmp_path):
    for language, right, missed, box, progress in (("fr", "Juste !", "Manqué.", "Boîte 1, revient dans 2 jours",
                                                     "Progrès d'Alice"),
                                                    ("en", "Right!", "Missed.", "Box 1, back in 2 days",
                                                     "Progress of Alice")):
        set_language(language)
        deck, words = deck_of_ten(tmp_path, language)
        cards = deck.due("Alice", words.key, 10)
        assert len(cards) == 10
        app = DeckApp(deck, words, "Alice", cards=cards)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = app.screen
            assert isinstance(screen, DrillScreen)
            for number, card in enumerate(cards):
                assert f"{number + 1}" in text(app, "#drill-count")
                from scrabble_fr.training.drills import answers, question_text

                assert text(app, "#drill-question") == question_text(card.kind, card.question)
                good = answers(card.kind, card.question, words)
                # Every other card answered right; the others with one word missing or a wrong one.
                typed = " ".join(good) if number % 2 == 0 else " ".join(good[1:]) or "ZZZ"
                await pilot.press(*typed, "enter") if typed else await pilot.press("enter")
                result = text(app, "#drill-result")
                assert result.startswith(right if number % 2 == 0 else missed), result
                if number % 2 == 0:
                    assert box in result
                await pilot.press("enter")
            assert "5" in text(app, "#drill-question") and "10" in text(app, "#drill-question")
            assert not screen.query_one("#drill-answer", Input).display
            await pilot.press("f2")
            await pilot.pause()
            assert isinstance(app.screen, ProgressScreen)
            assert text(app, "#progress-title") == progress
            shown = " ".join(str(widget.render()) for widget in app.screen.query(Static))
            assert "10" in shown and "5" in shown
            chart = app.screen.query_one("#progress-right", BarChart)
            assert chart.values == [50.0]  # half the cards right: half a bar on the 0–100 % scale
            # The axis in the language's typography: « 100 % » in French, « 100% » in English.
            axis = ["100\u00a0% │", "      │", "      │██", "  0\u00a0% │██"] if language == "fr" \
                else ["100% │", "     │", "     │██", "  0% │██"]
            assert str(chart.render()).splitlines() == axis
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, DrillScreen)
        deck.close()
    set_language("fr")


async def test_a_bad_answer_is_one_line_and_the_card_stays(tmp_path):
    deck, words = deck_of_ten(tmp_path, "fr")
    cards = deck.due("Alice", words.key, 1)
    app = DeckApp(deck, words, "Alice", cards=cards)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*"KA2", "enter")
        assert text(app, "#drill-result") == "'KA2' n'est pas un mot : tapez les mots en lettres seulement, séparés " \
                                             "par des espaces (- pour aucun)"
        assert deck.card(cards[0].id, "Alice").box == 0 and len(deck.due("Alice", words.key)) == 10


async def test_the_progress_of_a_fresh_deck_is_words_not_empty_charts(tmp_path):
    # No answer yet, no reviewed game: each said in one line, no chart drawn around nothing.
    for language, said in (("fr", "Aucune réponse encore (scrabble-fr mots reviser fait réviser les cartes du jour)."),
                           ("en", "No answer yet (scrabble-fr mots reviser drills the cards due).")):
        set_language(language)
        words = Lexicon.from_words(WORDS, "demo")
        deck = Deck(tmp_path / f"fresh-{language}.sqlite3", clock=lambda: datetime(2026, 3, 1, 9, tzinfo=UTC))
        deck.add("Alice", words.key, CardKind.HOOK, "NICHE")  # a new card, never answered
        app = DeckApp(deck, words, "Alice", progress_only=True)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, ProgressScreen)
            shown = [str(widget.render()) for widget in app.screen.query(Static)]
            assert said in shown and not app.screen.query(BarChart)
            assert not any("0 sur 0" in line or "0 of 0" in line or "%" in line for line in shown)
            for widget in app.screen.query(Static):
                assert widget.region.bottom <= 23 and widget.region.right <= 80
        deck.close()
    set_language("fr")
