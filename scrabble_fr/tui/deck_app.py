"""The app ``scrabble-fr mots reviser`` and ``mots progres`` open: the drill or the progress view."""

from __future__ import annotations

from textual.app import App

from scrabble_fr.lexicon.lexicon import Lexicon
from scrabble_fr.training.deck import Card, Deck
from scrabble_fr.training.study import Drill
from scrabble_fr.tui.screens.deck import DrillScreen, ProgressScreen
from scrabble_fr.tui.textual_texts import localize_textual
from scrabble_fr.tui.typography import keep_non_breaking_spaces


class DeckApp(App[None]):
    TITLE = "scrabble_fr"
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, deck: Deck, lexicon: Lexicon, player: str, cards: list[Card] | None = None,
                 progress_only: bool = False) -> None:
        super().__init__()
        keep_non_breaking_spaces()  # French typography: « : » never starts a line
        localize_textual()
        self.deck = deck
        self.lexicon = lexicon
        self.player = player
        self.cards = cards or []
        self.progress_only = progress_only

    def on_mount(self) -> None:
        if self.progress_only:
            self.push_screen(ProgressScreen(self.deck, self.lexicon.key, self.player))
        else:
            self.push_screen(DrillScreen(Drill(self.deck, self.lexicon, self.cards), self.player))
