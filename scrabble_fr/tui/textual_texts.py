"""Textual's own texts in the player's language: the keys its widgets describe, the palette.

    >>> from scrabble_fr.i18n import set_language; set_language("fr")
    >>> from textual.widgets import Input; localize_textual()
    >>> Input._merged_bindings.get_bindings_for_key("enter")[0].description
    'Valider'

Textual writes its widgets' key descriptions (« Dismiss menu » under an open list, « Focus
Next » in the keys panel), the command palette's prompt and its « No matches found » in English.
Their English texts are message ids here (:data:`TEXTUAL_TEXTS`), so the catalogues translate
them; :func:`localize_textual` rewrites the descriptions of every Textual class and of the widgets
on screen whenever the language is set, and :class:`LocalizedCommandPalette` asks in the
player's language.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rich.align import Align
from rich.text import Text
from textual.app import App
from textual.binding import BindingsMap
from textual.command import CommandList, CommandPalette
from textual.dom import DOMNode
from textual.widgets.option_list import Option

from scrabble_fr.i18n import N_, _

TEXTUAL_TEXTS = (
    # The command palette and its commands.
    N_("Search for commands…"), N_("Search for themes…"), N_("No matches found"),
    N_("Theme"), N_("Change the current theme"), N_("Quit"), N_("Quit the application as soon as possible"),
    N_("Keys"), N_("Hide the keys and widget help panel"),
    N_("Show help for the focused widget and a summary of available keys"), N_("Minimize"),
    N_("Minimize the widget and restore to normal size"), N_("Maximize"), N_("Maximize the focused widget"),
    N_("Screenshot"), N_("Save an SVG 'screenshot' of the current screen"),
    # The keys of Textual's widgets (the keys panel; a few in the footer).
    N_("Bottom"), N_("Copy selected text"), N_("Cursor down"), N_("Cursor left"), N_("Cursor right"),
    N_("Cursor up"), N_("Cut selected text"), N_("Delete all to the left"), N_("Delete all to the right"),
    N_("Delete character left"), N_("Delete character right"), N_("Delete left to start of word"),
    N_("Delete right to start of word"), N_("Dismiss menu"), N_("Down"), N_("End"), N_("Exit the command palette"),
    N_("First"), N_("Focus Next"), N_("Focus Previous"), N_("Go to bottom"), N_("Go to end"), N_("Go to start"),
    N_("Go to top"), N_("Home"), N_("Last"), N_("Move cursor left"), N_("Move cursor left a word"),
    N_("Move cursor left a word and select"), N_("Move cursor left and select"), N_("Move cursor right a word"),
    N_("Move cursor right a word and select"), N_("Move cursor right and select"),
    N_("Move cursor right or accept the completion suggestion"), N_("Next command"), N_("Next option"),
    N_("Next page"), N_("Next tab"), N_("Page Down"), N_("Page Left"), N_("Page Right"), N_("Page Up"),
    N_("Page down"), N_("Page up"), N_("Paste text from the clipboard"), N_("Press button"),
    N_("Previous command"), N_("Previous option"), N_("Previous page"), N_("Previous tab"), N_("Scroll Down"),
    N_("Scroll End"), N_("Scroll Home"), N_("Scroll Left"), N_("Scroll Right"), N_("Scroll Up"), N_("Select"),
    N_("Select all"), N_("Select line end"), N_("Select line start"), N_("Show menu"), N_("Submit"), N_("Toggle"),
    N_("Top"), N_("Up"),
)

# Each class's bindings as Textual wrote them (English), kept the first time they are translated.
_ORIGINAL: dict[type[DOMNode], BindingsMap] = {}


def _classes(root: type[DOMNode] = DOMNode) -> list[type[DOMNode]]:
    found, stack = [], [root]
    while stack:
        cls = stack.pop()
        found.append(cls)
        stack.extend(cls.__subclasses__())
    return found


def translated(bindings: BindingsMap) -> BindingsMap:
    """The same bindings, their descriptions in the current language."""
    keys = {key: [replace(b, description=_(b.description)) if b.description else b for b in group]
            for key, group in bindings.key_to_bindings.items()}
    return BindingsMap.from_keys(keys)


def localize_textual(app: App[Any] | None = None) -> None:
    """Describe every Textual class's keys in the current language, and those of the widgets on
    ``app``'s screens (the game's own screens translate theirs: ``translate_bindings``)."""
    for cls in _classes():
        merged = cls.__dict__.get("_merged_bindings")
        if not isinstance(merged, BindingsMap):
            continue
        original = _ORIGINAL.setdefault(cls, merged)
        cls._merged_bindings = translated(original)
    if app is None:
        return
    for screen in app.screen_stack:
        for node in [screen, *screen.walk_children()]:
            english = _ORIGINAL.get(type(node))
            if english is not None and not hasattr(node, "translate_bindings"):
                node._bindings = translated(english)


class LocalizedCommandPalette(CommandPalette):
    """Textual's command palette, its prompt and « no match » in the player's language."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("placeholder", _("Search for commands…"))
        super().__init__(**kwargs)

    def _start_no_matches_countdown(self, search_value: str) -> None:
        # Textual's own writes « No matches found » in English: the same, translated.
        self._stop_no_matches_countdown()

        def show_no_matches() -> None:
            if search_value:
                self.query_one(CommandList).add_option(
                    Option(Align.center(Text(_("No matches found"), style="not bold")), disabled=True,
                           id=self._NO_MATCHES))
                self._list_visible = True
            else:
                self._list_visible = False

        self._no_matches_timer = self.set_timer(self._NO_MATCHES_COUNTDOWN, show_no_matches)
