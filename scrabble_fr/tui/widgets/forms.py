"""Form pieces that keep every label whole: a check box whose label wraps, and a column of labels
as wide as its longest one in the player's language."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable

from rich.cells import cell_len
from textual.content import Content
from textual.geometry import Size
from textual.widgets import Checkbox, Label


class WrappingCheckbox(Checkbox):
    """A check box whose label wraps under itself rather than being cut at the screen's edge.

        >>> WrappingCheckbox("Club mode (no hints, no word tools, no undo; the clock on)").label.plain
        'Club mode (no hints, no word tools, no undo; the clock on)'
    """

    DEFAULT_CSS = """
    WrappingCheckbox {
        width: 1fr;
        height: auto;
    }
    """

    _INDENT = 4  # the box and the space after it: the label's lines start under its first word

    def _label_lines(self, width: int) -> list[str]:
        # textwrap breaks at ASCII white space only: a non-breaking space keeps « ; » with its word.
        return textwrap.wrap(self.label.plain, max(8, width - self._INDENT - 1)) or [""]

    def render(self) -> Content:
        lines = self._label_lines(self.size.width)
        label = Content(" " + ("\n" + " " * self._INDENT).join(lines) + " ")
        return Content.assemble(self._button, label.stylize_before(self.get_visual_style("toggle--label")))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._label_lines(width))


def align_labels(labels: Iterable[Label]) -> int:
    """Give every label of a column the width of the longest (plus a space), so that the controls
    beside them line up whatever the language; return that width."""
    labels = list(labels)
    width = max((cell_len(str(label.content)) for label in labels), default=0) + 1
    for label in labels:
        label.styles.width = width
    return width
