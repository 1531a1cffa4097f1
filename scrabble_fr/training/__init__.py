"""Training between club nights: topping (the top of each draw against the clock).

Rules and state only; the screens under :mod:`scrabble_fr.tui.screens` render them and the
commands under :mod:`scrabble_fr.cli` drive them.
"""
