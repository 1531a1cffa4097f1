"""A duplicate game's coups and ranking in the players' words (translated when shown).

    >>> from scrabble_fr.words import WordSet
    >>> from scrabble_fr.duplicate.game import DuplicateGame
    >>> g = DuplicateGame(["Alice"], lexicon=WordSet(["NET", "NETS"]), seed=4, seconds=None)
    >>> _ = g.close_coup(); len(coup_result_lines(g, g.coups[0]))  # the top, then Alice
    2
"""

from __future__ import annotations

from scrabble_fr.duplicate.export import percent_text
from scrabble_fr.duplicate.game import Coup, DuplicateGame
from scrabble_fr.duplicate.ranking import share as share_of
from scrabble_fr.i18n import _, ngettext, points
from scrabble_fr.messages import describe


def coup_result_lines(game: DuplicateGame, coup: Coup) -> list[str]:
    """The top (and ours, when a published move was placed), then each player's move, score,
    share of the top and solo."""
    placed = coup.placed
    assert placed is not None, "a closed coup"
    top_score = placed.score or 0
    ref = game.reference
    first = _("Top: {ref} {word}, {points}").format(ref=ref(placed), word=placed.word, points=points(top_score))
    if coup.published is not None and coup.top is not None:
        ours = coup.top.move
        first += " — " + _("ours: {ref} {word}, {points}").format(ref=ref(ours), word=ours.word,
                                                                  points=points(ours.score or 0))
    lines = [first]
    for index, name in enumerate(game.players):
        proposal = coup.proposals[index]
        share = percent_text(share_of(coup.points(index), top_score))
        if proposal is None or proposal.is_empty:
            text = _("{name}: nothing").format(name=name)
        elif proposal.error is not None:
            text = _("{name}: {move}, 0 ({reason})").format(name=name, move=proposal.text,
                                                             reason=describe(proposal.error))
        else:
            assert proposal.move is not None
            text = _("{name}: {ref} {word}, {points} ({share} of the top)").format(
                name=name, ref=ref(proposal.move), word=proposal.move.word, points=points(proposal.score),
                share=share)
        if proposal is not None and proposal.warnings:
            text += " — " + _("warning: {why}").format(why=proposal.warnings[0].text)
        if coup.solo == index:
            text += " — " + _("solo")
        lines.append(text)
    return lines


def swap_text(coup: Coup) -> str | None:
    """The joker game, once a coup is closed: the letters that replaced the board's jokers for
    the next draw (None when none did). Short: it fits the side column at 80 columns.

        >>> from scrabble_fr.duplicate.draw import Draw
        >>> swap_text(Coup(1, Draw("", "ABC"), None, None, [], swaps=[(7, 7, "E"), (7, 8, "S")])).endswith("E, S")
        True
    """
    return swapped_text(coup.swapped)


def swapped_text(letters: str) -> str | None:
    """The letters that replaced the board's jokers, as :func:`swap_text` says them (a shared
    table's screens read them from the coup's results row)."""
    if not letters:
        return None
    return ngettext("Joker swapped: {letters}", "Jokers swapped: {letters}",
                    len(letters)).format(letters=", ".join(letters))


def ranking_text(game: DuplicateGame) -> str:
    """``Alice 861 points (97,2 %), Bruno …``: the players best first."""
    return ", ".join(f"{line.name} {points(line.total)} ({percent_text(line.percent)})" for line in game.standings())


def final_text(game: DuplicateGame) -> str:
    """The end of the game: the top total and the ranking."""
    text = _("The game is over. Top total: {points}.").format(points=points(game.top_total))
    ranking = ranking_text(game)
    return f"{text} {ranking}" if ranking else text
