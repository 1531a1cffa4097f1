"""The standard board: every premium square of regles.md, and its symmetry."""

from __future__ import annotations

import pytest

from scrabble_fr.engine.board import Board
from scrabble_fr.engine.notation import parse_coordinate
from scrabble_fr.engine.rules import PRESETS, STANDARD_LAYOUT, Rules

# French square names (row letter, column number), from regles.md.
PREMIUMS = {
    "§": "A1 A8 A15 H1 H15 O1 O8 O15",
    "@": "B2 C3 D4 E5 B14 C13 D12 E11 K5 L4 M3 N2 K11 L12 M13 N14",
    "%": "B6 B10 F2 F6 F10 F14 J2 J6 J10 J14 N6 N10",
    "&": "A4 A12 C7 C9 D1 D8 D15 G3 G7 G9 G13 H4 H12 I3 I7 I9 I13 L1 L8 L15 M7 M9 O4 O12",
    "#": "H8",
}


def _square(name: str) -> tuple[int, int]:
    row, col, _across = parse_coordinate(name, "fr")
    return row, col


def test_board_is_15_by_15():
    assert len(STANDARD_LAYOUT) == 15
    assert all(len(line) == 15 for line in STANDARD_LAYOUT)


@pytest.mark.parametrize("marker", list(PREMIUMS))
def test_every_premium_square_of_the_reference(marker):
    board = Board()
    expected = {_square(name) for name in PREMIUMS[marker].split()}
    found = {(r, c) for r in range(15) for c in range(15) if board.marker(r, c) == marker}
    assert found == expected


def test_premium_counts():
    counts = {marker: sum(line.count(marker) for line in STANDARD_LAYOUT) for marker in "§@%&#."}
    assert counts == {"§": 8, "@": 16, "%": 12, "&": 24, "#": 1, ".": 225 - 61}


def test_centre_is_h8():
    assert Rules.preset("ffsc").centre == (7, 7) == _square("H8")


def test_layout_is_symmetric_in_both_axes_and_the_diagonals():
    layout = STANDARD_LAYOUT
    for r in range(15):
        for c in range(15):
            assert layout[r][c] == layout[14 - r][c] == layout[r][14 - c] == layout[c][r] == layout[14 - c][14 - r]


def test_every_preset_uses_the_same_board():
    assert {rules.layout for rules in PRESETS.values()} == {STANDARD_LAYOUT}


def test_a_covered_premium_no_longer_counts():
    board = Board()
    assert board.premium(7, 7) == "#"
    board.place([(7, 7, "A", False)])
    assert board.premium(7, 7) == "."
    assert board.marker(7, 7) == "#"
