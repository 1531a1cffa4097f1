"""``scrabble-fr revoir``: the review of a game, move by move (a saved game, a shared table's
game, a GCG file; a duplicate game coup by coup against the top).

    $ scrabble-fr revoir dernier
    $ scrabble-fr revoir partie.gcg --json
"""

from __future__ import annotations

import argparse
import json
import textwrap
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from scrabble_fr.cli.analyse import LEGEND_WIDTH, add_think_option
from scrabble_fr.cli.play import add_lexicon_options
from scrabble_fr.i18n import _, colon, format_number, ngettext, points
from scrabble_fr.records.errors import RecordError
from scrabble_fr.training.errors import TrainingError

if TYPE_CHECKING:
    from scrabble_fr.duplicate.game import DuplicateGame
    from scrabble_fr.engine.rules import Rules
    from scrabble_fr.engine.wordlist import WordList
    from scrabble_fr.records.gcg import GcgGame
    from scrabble_fr.training.review import GameReview, MoveReview


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "revoir", help=_("review a game move by move: the best move, the points lost, the missed scrabbles"),
        add_help=False,
        description=_("Reviews a game move by move: for each move, the move played and its score, the best "
                      "move (by score and the worth of the tiles kept), the points it cost, the missed "
                      "scrabbles and, in the endgame, the solver's line. A duplicate game is reviewed coup "
                      "by coup against the top."),
    )
    parser.add_argument("partie", metavar=_("ID|FILE.gcg"),
                        help=_("a saved game's id (see parties) or dernier, a shared table's id, or a GCG file"))
    parser.add_argument("--simulation", action="store_true",
                        help=_("the best move is the Master's choice after playing the candidates out, with "
                               "its chances of winning (slower)"))
    add_think_option(parser, _("the Master's thinking time per move with --simulation, and the endgame "
                               "solver's per endgame move, in seconds (default 2)"))
    parser.add_argument("--json", action="store_true", help=_("print the review as JSON"))
    parser.add_argument("--sans-cartes", action="store_true",
                        help=_("do not add the missed words to the players' decks (see scrabble-fr mots)"))
    parser.add_argument("--ecran", action="store_true",
                        help=_("open the review screen: the board at each move, the move played and the best side "
                               "by side"))
    parser.add_argument("--base", metavar="URL", default=None,
                        help=_("for a shared table's id: the table store (see scrabble-fr table)"))
    add_lexicon_options(parser)
    return parser


def load_source(args: argparse.Namespace) -> tuple[GcgGame | DuplicateGame, WordList, str, Rules | None]:
    """The game ``args.partie`` names, the word list that judges it, its title and, for a saved
    game, the rules it was played under: a GCG file, a saved game (classic or duplicate), or a
    shared table's game."""
    from scrabble_fr.cli.common import lexicon_for_args, load_lexicon
    from scrabble_fr.records.gcg import parse_gcg, read_gcg_file

    reference = args.partie
    path = Path(reference)
    if path.suffix.lower() == ".gcg" or path.is_file():
        record = read_gcg_file(path)
        if not record.events:
            raise RecordError("gcg_empty", path=reference)
        return record, _lexicon_for_record(args, record), path.name, None
    from scrabble_fr import resume
    from scrabble_fr.duplicate.save import DuplicateRecord
    from scrabble_fr.records.save import SavedGame

    try:
        saved = resume.saved_games().resolve(reference)
    except RecordError as missing:
        if missing.code not in ("save_missing", "save_unknown"):
            raise
        club = _club_duplicate(args, reference)
        if club is not None:
            return club
        from scrabble_fr.cli.parties import table_gcg_text

        record = parse_gcg(table_gcg_text(args, TrainingError("review_unknown", source=reference)))
        return record, _lexicon_for_record(args, record), reference, None

    if isinstance(saved, DuplicateRecord):
        lexicon = load_lexicon(getattr(args, "lexique", None) or resume.lexicon_source(saved))
        game = saved.rebuild(lexicon)
        if not game.closed_coups:
            raise TrainingError("review_duplicate_unfinished", id=saved.id)
        return game, lexicon, saved.id, game.rules
    if not isinstance(saved, SavedGame):
        raise TrainingError("review_unknown", source=reference)
    from scrabble_fr.match import record_gcg

    classic = saved.rebuild()
    record = parse_gcg(record_gcg(saved, classic))
    lexicon = (lexicon_for_args(args, classic.rules) if getattr(args, "lexique", None)
               else load_lexicon(resume.lexicon_source(saved)))
    return record, lexicon, saved.id, classic.rules


def _club_duplicate(args: argparse.Namespace,
                    reference: str) -> tuple[DuplicateGame, WordList, str, Rules | None] | None:
    """A club duplicate table's game, its closed coups replayed as its arbitrator's program does
    (with the table's word list), or None when ``reference`` names no duplicate table."""
    from scrabble_fr.cli.common import load_lexicon
    from scrabble_fr.engine.rules import rules_from_mapping
    from scrabble_fr.table import TableError, open_store
    from scrabble_fr.table.duplicate import DUPLICATE, DuplicateTable

    try:
        store = open_store(getattr(args, "base", None))
    except TableError:
        return None
    try:
        try:
            info = store.table(reference)
        except TableError as exc:
            if exc.code == "table_unknown":
                return None
            raise
        if info.kind != DUPLICATE:
            return None
        lexicon = load_lexicon(getattr(args, "lexique", None) or info.config.get("lexicon")
                               or rules_from_mapping(info.config["rules"]).lexicon)
        arbiter = info.arbiter
        # The arbitrator's seat, watched (never taken): only its program replays the game itself.
        table = DuplicateTable(store, info, arbiter.number if arbiter is not None else None, lexicon, spectator=True)
        if table.game is None or not table.game.closed_coups:
            raise TrainingError("review_duplicate_unfinished", id=reference)
        return table.game, lexicon, reference, table.rules
    finally:
        store.close()


def _lexicon_for_record(args: argparse.Namespace, record: GcgGame) -> WordList:
    from scrabble_fr.cli.common import lexicon_for_args
    from scrabble_fr.records.replay import rules_for

    rules = rules_for(record)
    if rules is None:
        raise RecordError("gcg_unsupported_distribution", name=record.tile_distribution)
    return lexicon_for_args(args, rules)


def run(args: argparse.Namespace, out: TextIO) -> int:
    from scrabble_fr.training.review import review_game

    source, lexicon, title, rules = load_source(args)
    if args.ecran:
        return _open_screen(source, lexicon, title, rules, args.reflexion, not args.sans_cartes)
    review = review_game(source, lexicon, simulation=args.simulation, seconds=args.reflexion,
                         endgame_seconds=args.reflexion, rules=rules)
    if not review.moves:
        raise TrainingError("review_empty", source=title)
    fed = [] if args.sans_cartes else _feed_decks(review, title, lexicon)
    if args.json:
        out.write(json.dumps(review.as_json(), ensure_ascii=False) + "\n")
        return 0
    write_review(review, title, out)
    from scrabble_fr.training.deck import fed_lines

    for line in fed_lines(fed):
        out.write(line + "\n")
    return 0


def _feed_decks(review: GameReview, title: str, lexicon: WordList) -> list[Any]:
    """Each human player's missed words into their study deck, and the game's loss for their
    progress view (``--sans-cartes`` leaves the decks alone)."""
    from scrabble_fr.training.deck import Deck, feed_from_review

    with Deck() as deck:
        return feed_from_review(deck, review, title, getattr(lexicon, "key", lexicon.name))


def _open_screen(source: GcgGame | DuplicateGame, lexicon: WordList, title: str, rules: Rules | None,
                 seconds: float, feed_deck: bool) -> int:
    from scrabble_fr.cli.common import require_terminal

    require_terminal()
    from scrabble_fr.tui.screens.game_review import GameReviewScreen, ReviewApp

    ReviewApp(GameReviewScreen(source, lexicon, title, endgame_seconds=seconds, rules=rules,
                               feed_deck=feed_deck)).run()
    return 0


def write_review(review: GameReview, title: str, out: TextIO) -> None:
    """The review as a table that fits 80 columns, each player's total after it."""
    heading = _("Review of the duplicate game {title}") if review.duplicate else _("Review of the game {title}")
    out.write(heading.format(title=title) + "\n")
    legend = (_("best: the top of the coup; loss: its points less the points scored") if review.duplicate
              else _("best: the best score plus the worth of the tiles kept; loss: its points less the points "
                     "scored (below 0 when the move played scores more but keeps worse tiles)"))
    out.write(textwrap.fill(legend, LEGEND_WIDTH) + "\n\n")
    headings = ("#", _("Player"), _("Played"), _("Pts"), _("Best"), _("Pts"), _("Loss"))
    rows = [_row(move) for move in review.moves]
    widths = [max(len(str(cells[column])) for cells in [headings, *rows]) for column in range(7)]
    right = {0, 3, 5, 6}
    for cells in [headings, *rows]:
        line = "  ".join(str(cell).rjust(width) if column in right else str(cell).ljust(width)
                         for column, (cell, width) in enumerate(zip(cells, widths, strict=True)))
        out.write(line.rstrip() + "\n")
    for move in review.moves:
        for note in move_notes(move):
            out.write(f"{move.number:>{widths[0]}}. {note}\n")
    out.write("\n")
    for name in review.players:
        summary = review.summary(name)
        out.write(player_summary_text(name, summary.loss, summary.missed_bingos, summary.moves, summary.judged) + "\n")
        missed = review.missed_words(name)
        if missed:
            out.write(textwrap.fill(_("  words missed{colon} {words}").format(colon=colon(), words=", ".join(missed)),
                                    LEGEND_WIDTH, subsequent_indent="    ") + "\n")


def _row(move: MoveReview) -> tuple[str, ...]:
    if move.best is None:
        return (str(move.number), move.player, move.played, format_number(move.score), _("rack unknown"), "", "")
    return (str(move.number), move.player, move.played, format_number(move.score), move.best,
            format_number(move.best_score or 0), format_number(move.loss or 0))


def move_notes(move: MoveReview) -> list[str]:
    """What a move's row cannot hold: a missed scrabble, the chances, the endgame's line."""
    notes = []
    if move.missed_bingo:
        notes.append(_("missed scrabble{colon} {move}").format(colon=colon(), move=move.missed_bingo))
    if move.best_win_chance is not None:
        from scrabble_fr.duplicate.export import percent_text

        best = percent_text(100 * move.best_win_chance)
        if move.win_chance is None:
            notes.append(_("chances of winning{colon} {best} with the Master's choice; the move played was not "
                           "among its candidates").format(colon=colon(), best=best))
        else:
            notes.append(_("chances of winning{colon} {best} with the Master's choice, {played} with the move "
                           "played").format(colon=colon(), best=best, played=percent_text(100 * move.win_chance)))
    if move.endgame is not None:
        line = ", ".join(move.endgame.line)
        if move.endgame.cost:
            notes.append(_("endgame{colon} the solver plays {line}; the move played cost {cost}").format(
                colon=colon(), line=line, cost=points(move.endgame.cost)))
        else:
            notes.append(_("endgame{colon} the move played is the solver's ({line})").format(colon=colon(), line=line))
    return notes


def player_summary_text(name: str, loss: int, missed_bingos: int, moves: int, judged: int) -> str:
    """``Alice : 42 points perdus sur 12 coups jugés (sur 13), 1 scrabble manqué``."""
    judged_text = ngettext("{n} move judged", "{n} moves judged", judged).format(n=judged)
    if judged != moves:
        judged_text += " " + _("(of {n})").format(n=moves)
    bingo_text = ngettext("{n} scrabble missed", "{n} scrabbles missed", missed_bingos).format(n=missed_bingos)
    return _("{name}{colon} {points} lost over {judged}, {bingos}").format(
        name=name, colon=colon(), points=points(loss), judged=judged_text, bingos=bingo_text)

