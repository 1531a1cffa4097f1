"""Training between games: the review of a game move by move (and, beside it, topping and the
study deck). Rules and state only: the screens and the commands are above."""
