"""Training between games: the review of a game move by move, topping (the top of each draw
against the clock) and, beside them, the study deck. Rules and state only: the screens under
:mod:`scrabble_fr.tui.screens` render them and the commands under :mod:`scrabble_fr.cli` drive them."""
