"""``scrabble-fr mots``: the study deck, learned by spaced repetition.

    $ scrabble-fr mots ajouter anagrammes --nombre 20
    $ scrabble-fr mots reviser --nombre 10
    $ scrabble-fr mots reviser --json
    $ scrabble-fr mots repondre 12 "CHIEN NICHE"
    $ scrabble-fr mots progres

Each player has their deck (``--joueur``, by default the system's user name), per word list;
``revoir`` adds the words a player missed. A refused request writes nothing: one line, exit 2.
"""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any, TextIO

from scrabble_fr.i18n import _, elide, ngettext

if TYPE_CHECKING:
    from scrabble_fr.lexicon.lexicon import Lexicon
    from scrabble_fr.training.deck import Card, Deck

ACTIONS = {"reviser": ["review"], "repondre": ["answer"], "ajouter": ["add"], "progres": ["progress"]}
ALIASES = {alias: name for name, aliases in ACTIONS.items() for alias in aliases}
MAX_CARDS = 500  # one drill or one addition: more is not a day's work


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    from scrabble_fr.cli import common
    from scrabble_fr.cli.play import add_lexicon_options
    from scrabble_fr.training.kinds import DrillChoice

    parser = subparsers.add_parser(
        "mots", help=_("the study deck: the words you missed and your drills, by spaced repetition"),
        add_help=False,
        description=_("Your study deck: the words missed in reviewed games and the drills you add, each card "
                      "coming back after an interval that grows when answered right (a Leitner cardbox)."),
    )
    actions = parser.add_subparsers(dest="action", title=_("actions"), metavar=_("ACTION"), required=True)
    review = actions.add_parser(
        "reviser", aliases=ACTIONS["reviser"], add_help=False, help=_("drill the cards that are due"),
        description=_("Opens the drill on the cards due: the question, your answer judged against the word "
                      "list, the answers, the card's next date. With --json, prints the due cards instead."),
    )
    review.add_argument("--nombre", type=int, default=20, metavar="N", help=_("at most N cards (default 20)"))
    review.add_argument("--json", action="store_true", help=_("print the due cards as JSON, without opening the drill"))
    answer = actions.add_parser(
        "repondre", aliases=ACTIONS["repondre"], add_help=False, help=_("answer one card"),
        description=_("Judges an answer to the card CARD against the word list and moves the card along: "
                      "the answers, the card's box and next date."),
    )
    answer.add_argument("carte", type=int, metavar=_("CARD"), help=_("the card's number (see mots reviser --json)"))
    answer.add_argument("mots", metavar=_("WORDS"), help=_("the words, separated by spaces; - for none"))
    answer.add_argument("--json", action="store_true", help=_("print the judgement as JSON"))
    add = actions.add_parser(
        "ajouter", aliases=ACTIONS["ajouter"], add_help=False, help=_("add a drill's cards to your deck"),
        description=_("Adds the cards of a drill, the most probable draws first: anagrammes (7- or 8-letter "
                      "draws, --joker for one blank), 7+1 (which letter added makes a word), rallonges (hooks "
                      "of words of --lettres letters), courts (the two-letter words and their hooks)."),
    )
    add.add_argument("exercice", choices=[choice.value for choice in DrillChoice], metavar=_("DRILL"),
                     help=_("anagrammes, 7+1, rallonges or courts"))
    add.add_argument("--nombre", type=int, default=20, metavar="N", help=_("at most N new cards (default 20)"))
    add.add_argument("--lettres", type=int, default=None, metavar="N",
                     help=_("the length: 7 or 8 for anagrammes (default 7), 2 to 14 for rallonges (default 4)"))
    add.add_argument("--joker", action="store_true", help=_("anagrammes: one tile of each draw is a blank"))
    add.add_argument("--json", action="store_true", help=_("print the cards added as JSON"))
    progress = actions.add_parser(
        "progres", aliases=ACTIONS["progres"], add_help=False, help=_("your progress, drawn as charts"),
        description=_("Shows the cards due and learned, your right answers day by day and the points lost per "
                      "reviewed game, as charts. With --json, prints them instead."),
    )
    progress.add_argument("--json", action="store_true", help=_("print the progress as JSON"))
    for sub in (review, answer, add, progress):
        sub.add_argument("--joueur", metavar=_("NAME"), default=None,
                         help=_("whose deck (default: your system user name)"))
        add_lexicon_options(sub)
        common.add_common_options(sub, top_level=False)
        common.translate_groups(sub)
    return parser


def player_of(args: argparse.Namespace) -> str:
    """The deck's owner: ``--joueur``, checked as a player's name, or the system's user name."""
    from scrabble_fr.engine.players import check_names
    from scrabble_fr.training.deck import default_player

    return check_names([args.joueur], 1)[0] if args.joueur is not None else default_player()


def _count(value: int) -> int:
    from scrabble_fr.training.errors import TrainingError

    if not 1 <= value <= MAX_CARDS:
        raise TrainingError("deck_bad_count", maximum=MAX_CARDS, count=value)
    return value


def run(args: argparse.Namespace, out: TextIO) -> int:
    from scrabble_fr.cli.common import lexicon_for_args
    from scrabble_fr.training.deck import FILE_NAME, Deck, deck_folder

    action = ALIASES.get(args.action, args.action)
    # Everything the command line can refuse is checked before the deck's file is opened.
    player = player_of(args)
    if action in ("reviser", "ajouter"):
        _count(args.nombre)
    if action == "repondre":
        from scrabble_fr.training.drills import read_answer

        read_answer(args.mots)
    if action == "repondre" and not (deck_folder() / FILE_NAME).exists():
        # No deck yet: no card to answer, and no file made to say so.
        from scrabble_fr.training.errors import TrainingError

        raise TrainingError("deck_unknown_card", card=args.carte, player=player)
    lexicon = lexicon_for_args(args)
    if action in ("reviser", "progres") and not args.json:  # the drill and the charts are screens
        from scrabble_fr.cli.common import require_terminal

        require_terminal()
    with Deck() as deck:
        if action == "reviser":
            return _review(deck, player, lexicon, args, out)
        if action == "repondre":
            return _answer(deck, player, lexicon, args, out)
        if action == "ajouter":
            return _add(deck, player, lexicon, args, out)
        return _progress(deck, player, lexicon, args, out)


def card_json(card: Card, deck: Deck) -> dict[str, Any]:
    from scrabble_fr.training.drills import question_text

    return {"id": card.id, "kind": card.kind.value, "question": card.question,
            "text": question_text(card.kind, card.question), "box": card.box,
            "due": card.due.isoformat(), "source": card.source}


def _review(deck: Deck, player: str, lexicon: Lexicon, args: argparse.Namespace, out: TextIO) -> int:
    cards = deck.due(player, lexicon.key, args.nombre)
    if args.json:
        out.write(json.dumps({"player": player, "lexicon": lexicon.key,
                              "cards": [card_json(card, deck) for card in cards]}, ensure_ascii=False) + "\n")
        return 0
    from scrabble_fr.tui.deck_app import DeckApp

    DeckApp(deck, lexicon, player, cards=cards).run()
    return 0


def _answer(deck: Deck, player: str, lexicon: Lexicon, args: argparse.Namespace, out: TextIO) -> int:
    from scrabble_fr.training.study import answer_card

    card = deck.card(args.carte, player)
    answered = answer_card(deck, card, args.mots, lexicon)
    if args.json:
        verdict = answered.judgement
        out.write(json.dumps({"card": card.id, "right": verdict.right, "answers": list(verdict.answers),
                              "found": list(verdict.found), "missing": list(verdict.missing),
                              "wrong": list(verdict.wrong), "box": answered.step.box,
                              "due": answered.step.due.isoformat()}, ensure_ascii=False) + "\n")
        return 0
    for line in answered.lines(deck.clock()):
        out.write(line + "\n")
    return 0


def _add(deck: Deck, player: str, lexicon: Lexicon, args: argparse.Namespace, out: TextIO) -> int:
    from scrabble_fr.cli.common import resolve_rules
    from scrabble_fr.training.drills import DrillChoice, drill_cards

    tiles = resolve_rules(getattr(args, "regles", None)).tile_set
    cards = drill_cards(DrillChoice(args.exercice), lexicon, tiles, args.lettres, args.joker)
    # A bad length is raised by the first card asked for, before anything is written.
    added = deck.add_many(player, lexicon.key, cards, args.nombre, source=args.exercice)
    if args.json:
        out.write(json.dumps({"player": player, "lexicon": lexicon.key,
                              "cards": [card_json(card, deck) for card in added]}, ensure_ascii=False) + "\n")
        return 0
    out.write(elide(ngettext("{n} card added to {player}'s deck", "{n} cards added to {player}'s deck",
                             len(added)).format(n=len(added), player=player)) + "\n")
    return 0


def _progress(deck: Deck, player: str, lexicon: Lexicon, args: argparse.Namespace, out: TextIO) -> int:
    progress = deck.progress(player, lexicon.key)
    if args.json:
        out.write(json.dumps({
            "player": player, "lexicon": lexicon.key, "cards": progress.cards, "due": progress.due,
            "learned": progress.learned,
            "days": [{"day": day.day.isoformat(), "right": day.right, "answered": day.answered}
                     for day in progress.days],
            "losses": [{"game": game, "loss": loss} for game, loss in progress.losses],
            "average_loss": progress.average_loss}, ensure_ascii=False) + "\n")
        return 0
    from scrabble_fr.tui.deck_app import DeckApp

    DeckApp(deck, lexicon, player, progress_only=True).run()
    return 0

