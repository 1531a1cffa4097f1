"""A bar chart in block characters, on a fixed scale from 0: unlike a sparkline, which stretches
its values between their own least and greatest, one day at 50 % draws half a bar, not a full one.

    >>> for line in bar_lines([100, 50, 0], top=100, height=2, axis=("100 %", "0 %")):
    ...     print(line)
    100 % │██
      0 % │████▁▁
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.widgets import Static

EIGHTHS = " ▁▂▃▄▅▆▇█"
COLUMN = 2  # characters a value's bar takes


def bar_lines(values: Sequence[float], top: float, height: int, axis: tuple[str, str], width: int = 76) -> list[str]:
    """``height`` lines drawing the values (the last ones that fit ``width``) against 0..``top``;
    ``axis`` labels the top and bottom lines. A value of 0 shows as the lowest eighth, so that a
    day with answers is never an empty column."""
    label = max(len(axis[0]), len(axis[1]))
    room = max(1, (width - label - 2) // COLUMN)
    shown = list(values)[-room:]
    lines = []
    for row in range(height, 0, -1):
        cells = []
        for value in shown:
            eighths = round(max(0.0, min(value, top)) / top * height * 8) if top > 0 else 0
            eighths = max(eighths, 1)  # a value, even 0, leaves a mark on the bottom line
            fill = min(8, max(0, eighths - (row - 1) * 8))
            cells.append(EIGHTHS[fill] * COLUMN)
        name = axis[0] if row == height else axis[1] if row == 1 else ""
        lines.append(f"{name:>{label}} │{''.join(cells)}".rstrip())
    return lines


class BarChart(Static):
    """The chart as a widget: the values, their scale and the axis' two labels."""

    def __init__(self, values: Sequence[float], top: float, axis: tuple[str, str], height: int = 4,
                 id: str | None = None) -> None:  # noqa: A002 - Textual's own name
        super().__init__("\n".join(bar_lines(values, top, height, axis)), id=id)
        self.values = list(values)
