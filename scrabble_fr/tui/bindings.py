"""Key bindings described in the player's language.

Textual reads ``BINDINGS`` once, when a class is defined, before any language is chosen; screens
here declare ``KEYS`` with texts marked ``N_`` instead, and :class:`LocalizedBindings` translates
them when the screen is made and again whenever the language changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.binding import Binding, BindingsMap
from textual.dom import DOMNode

from scrabble_fr.i18n import _

# A plain mix-in at run time: Textual follows a class's first base that is a DOMNode for the CSS
# it inherits (``Screen``'s and ``ModalScreen``'s defaults, and the type selectors that match it,
# as app.tcss's ``ModalScreen { align: center middle; }``); a DOMNode base here would hide them.
if TYPE_CHECKING:
    _Base = DOMNode
else:
    _Base = object


class LocalizedBindings(_Base):
    """Mix-in for screens: ``KEYS = [(keys, action, N_("description"), show)]``."""

    KEYS: ClassVar[list[tuple[str, str, str, bool]]] = []

    def __init__(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
        super().__init__(*args, **kwargs)
        self.translate_bindings()

    def binding_keys(self) -> list[tuple[str, str, str, bool]]:
        """The keys this screen offers (a screen may offer fewer in some modes)."""
        return self.KEYS

    def translate_bindings(self) -> None:
        # Textual's own bindings of the class (Tab and Shift+Tab move the focus on a screen,
        # Escape closes a dialog…) stay: the translated ones are added on top.
        from scrabble_fr.tui.textual_texts import translated

        keys_map = dict(translated(type(self)._merge_bindings()).key_to_bindings)
        for keys, action, description, show in self.binding_keys():
            for key in keys.split(","):
                keys_map[key.strip()] = [Binding(key.strip(), action, _(description), show=show)]
        self._bindings = BindingsMap.from_keys(keys_map)
        if self.is_attached:
            self.refresh_bindings()
