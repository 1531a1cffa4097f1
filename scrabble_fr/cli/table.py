"""``scrabble-fr table …`` and ``scrabble-fr tables``: games shared by several terminals.

    $ scrabble-fr table creer --joueurs Alice,Bruno,ordi:3 --json
    $ scrabble-fr table rejoindre 7kq2-m9xz-…
    $ scrabble-fr table jouer 7kq2-m9xz-… "H8 MAISON"
    $ scrabble-fr tables

The table store is ``--base`` (a ``postgresql://…`` address or a SQLite file), else
``SCRABBLE_FR_BASE``, else a SQLite file in the user's data folder. A refused command (an unknown
code, a move out of turn, a store that cannot be reached) is one line, exit 2, nothing written.
"""

from __future__ import annotations

import argparse
import json
from datetime import datetime
from typing import Any, TextIO

from scrabble_fr.i18n import _, colon, elide, points

ACTIONS = {"creer": ["create"], "rejoindre": ["join"], "regarder": ["watch"], "etat": ["state"],
           "jouer": ["play"]}


def add_base_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--base", metavar="URL", default=None,
                        help=_("the table store: postgresql://… or a SQLite file (default: SCRABBLE_FR_BASE, "
                               "else a file in your data folder)"))


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    from scrabble_fr.cli import common
    from scrabble_fr.cli.play import add_lexicon_options

    parser = subparsers.add_parser(
        "table", add_help=False, help=_("a game shared by several terminals: create, join, watch, play"),
        description=_("A table is a game that several terminals share through a database: SQLite on one "
                      "machine, PostgreSQL across machines. Each human seat joins with its own code."))
    actions = parser.add_subparsers(dest="action", title=_("actions"), metavar=_("ACTION"), required=True)
    create = actions.add_parser("creer", aliases=ACTIONS["creer"], add_help=False,
                                help=_("create a table and print each seat's join code"))
    create.add_argument("--joueurs", required=True, metavar=_("NAMES"),
                        help=_("players separated by commas; ordi:N is a computer of level N (1-6)"))
    create.add_argument("--arbitre", metavar=_("NAME"),
                        help=_("a human who plays no tiles and judges the challenged words (manual verification)"))
    create.add_argument("--verification", choices=["auto", "manuelle"], default="auto",
                        help=_("who judges a challenged word: the word list, or the arbiter"))
    create.add_argument("--pendule", type=int, metavar=_("MINUTES"), help=_("clock: minutes per player"))
    create.add_argument("--club", action="store_true", help=_("club mode: no hints, no word tools, no undo"))
    create.add_argument("--graine", type=int, metavar="N", help=_("seed of the bag"))
    create.add_argument("--json", action="store_true", help=_("print the table and its codes as JSON"))
    add_lexicon_options(create)
    join = actions.add_parser("rejoindre", aliases=ACTIONS["rejoindre"], add_help=False,
                              help=_("open the game screen of the seat a code opens"))
    join.add_argument("code", metavar="CODE", help=_("the seat's join code"))
    join.add_argument("--forcer", action="store_true",
                      help=_("take the seat from another terminal that has it open"))
    watch = actions.add_parser("regarder", aliases=ACTIONS["regarder"], add_help=False,
                               help=_("watch a table: board, scores, history, clocks, never a rack"))
    watch.add_argument("table", metavar="ID", help=_("the table's id (see scrabble-fr tables)"))
    state = actions.add_parser("etat", aliases=ACTIONS["etat"], add_help=False,
                               help=_("one seat's view of its table"))
    state.add_argument("code", metavar="CODE", help=_("the seat's join code"))
    state.add_argument("--json", action="store_true", help=_("print it as JSON"))
    play = actions.add_parser("jouer", aliases=ACTIONS["jouer"], add_help=False,
                              help=_("act for a seat without a screen: a move, pass, exchange, challenge, accept"))
    play.add_argument("code", metavar="CODE", help=_("the seat's join code"))
    play.add_argument("commande", metavar=_("COMMAND"),
                      help=_("H8 MOT, 8H MOT, passer, changer LETTRES, contester [MOTS], accepter"))
    for sub in (create, join, watch, state, play):
        add_base_option(sub)
        common.add_common_options(sub, top_level=False)
        common.translate_groups(sub)
    return parser


def add_tables_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("tables", add_help=False, help=_("list the shared tables"),
                                   description=_("Lists the tables: id, players, whose turn, events, over, "
                                                 "last activity."))
    parser.add_argument("--json", action="store_true", help=_("print the list as JSON"))
    add_base_option(parser)
    return parser


def _store(args: argparse.Namespace) -> Any:
    from scrabble_fr.table.store import open_store

    return open_store(getattr(args, "base", None))


def _lexicon(args: argparse.Namespace, source: str | None, rules_lexicon: str) -> Any:
    from scrabble_fr.cli.common import lexicon_source, load_lexicon

    explicit = getattr(args, "lexique", None)
    return load_lexicon(lexicon_source(explicit, source or rules_lexicon), getattr(args, "mots_en_plus", None))


def run(args: argparse.Namespace, out: TextIO) -> int:
    action = {alias: name for name, aliases in ACTIONS.items() for alias in aliases}.get(args.action, args.action)
    return int(globals()[f"_run_{action}"](args, out))


def _run_creer(args: argparse.Namespace, out: TextIO) -> int:
    from scrabble_fr.cli.common import resolve_rules
    from scrabble_fr.match.config import Verification
    from scrabble_fr.table import TableSettings, create_table

    rules = resolve_rules(getattr(args, "regles", None))
    lexicon = _lexicon(args, None, rules.lexicon)
    settings = TableSettings(
        players=args.joueurs.split(","), arbiter=args.arbitre, rules=rules,
        verification=Verification(args.verification), clock_minutes=args.pendule, club=args.club,
        seed=args.graine, lexicon=getattr(args, "lexique", None), lexicon_name=lexicon.name,
        lexicon_words=len(lexicon))
    store = _store(args)
    try:
        created = create_table(store, settings)
    finally:
        store.close()
    table = created.table
    if args.json:
        seats = [{"name": seat.name, "code": created.codes.get(seat.number), "computer": seat.is_computer,
                  "role": seat.role.value} for seat in table.seats]
        out.write(json.dumps({"table": table.id, "seats": seats}, ensure_ascii=False) + "\n")
        return 0
    out.write(_("Table {table} created.").format(table=table.id) + "\n")
    for seat in table.seats:
        code = created.codes.get(seat.number)
        out.write(f"  {seat.name}{colon()} {code or _('computer')}\n")
    if settings.verification.value == "manuelle" and not args.arbitre:
        out.write(_("No arbiter: the word list judges the challenged words.") + "\n")
    out.write(_("Each player joins with: scrabble-fr table rejoindre CODE") + "\n")
    return 0


def _open_seat(args: argparse.Namespace, force: bool = False) -> Any:
    from scrabble_fr.table import TableSession

    store = _store(args)
    try:
        info, seat = store.find_code(args.code)
        lexicon = _lexicon(args, info.config.get("lexicon"), info.config.get("rules", {}).get("lexicon", "fr"))
        return TableSession(store, info, seat, lexicon, force=force)
    except BaseException:
        store.close()
        raise


def _run_rejoindre(args: argparse.Namespace, out: TextIO) -> int:
    from scrabble_fr.cli.common import require_terminal

    require_terminal()
    session = _open_seat(args, force=args.forcer)
    from scrabble_fr.tui.app import ScrabbleApp

    try:
        ScrabbleApp(lexicon=session.match.lexicon, table=session).run()
    finally:
        session.close()
        session.store.close()
    return 0


def _run_regarder(args: argparse.Namespace, out: TextIO) -> int:
    from scrabble_fr.cli.common import require_terminal
    from scrabble_fr.table import TableSession

    require_terminal()
    store = _store(args)
    try:
        session = TableSession.watch(store, args.table, None)
        from scrabble_fr.tui.app import ScrabbleApp

        ScrabbleApp(table=session).run()
    finally:
        store.close()
    return 0


def _seat_view(args: argparse.Namespace) -> Any:
    from scrabble_fr.table import TableSession

    store = _store(args)
    info, seat = store.find_code(args.code)
    return TableSession(store, info, seat, None, spectator=True, computers=None)


def _run_etat(args: argparse.Namespace, out: TextIO) -> int:
    session = _seat_view(args)
    try:
        match = session.match
        game = match.game
        me = session.me
        pending = game.pending
        data = {
            "table": session.table_id,
            "seat": session.info.seat(session.seat or 0).name,
            "turn": None if game.is_over else match.players[match.actor],
            "rack": game.racks[me] if me is not None else None,
            "scores": {name: score for name, score in zip(match.players, game.scores, strict=True)},
            "events": session.seq,
            "over": game.is_over,
            "pending": {"move": pending.move.notation(game.rules.notation), "by": match.players[pending.player]}
            if pending is not None else None,
        }
        if args.json:
            out.write(json.dumps(data, ensure_ascii=False) + "\n")
            return 0
        out.write(_("Table {table}, seat of {name}.").format(table=data["table"], name=data["seat"]) + "\n")
        for name, score in data["scores"].items():
            out.write(f"  {name}{colon()} {points(score)}\n")
        if data["rack"] is not None:
            out.write(_("Your rack{colon} {rack}").format(colon=colon(), rack=data["rack"]) + "\n")
        if game.is_over:
            out.write(_("The game is over.") + "\n")
        else:
            out.write(elide(_("Turn of {name}.").format(name=data["turn"])) + "\n")
        return 0
    finally:
        session.store.close()


def _run_jouer(args: argparse.Namespace, out: TextIO) -> int:
    from scrabble_fr.engine.move import MoveKind
    from scrabble_fr.engine.notation import CommandWord, command_word
    from scrabble_fr.table import TableError

    text = args.commande.strip()
    words = text.split()
    if not words:
        raise TableError("table_command", text=text)
    session = _open_seat(args)
    try:
        match = session.match
        command = command_word(words[0])
        if command is CommandWord.CHALLENGE:
            if session.me is None:
                raise TableError("spectator")
            outcome = match.contest(session.me, words=[w.upper() for w in words[1:]] or None)
        elif command is CommandWord.ACCEPT and len(words) == 1:
            outcome = match.accept()
        else:
            move = match.game.position.parse_move(text)
            outcome = match.pass_() if move.kind is MoveKind.PASS else match.play(move)
        said = list(outcome.messages)
        for reply in match.run_computers():  # a computer to move plays before this process leaves
            said.extend(reply.messages)
        pending = match.game.pending
        if pending is not None and pending.player == session.me:
            from scrabble_fr import texts

            said.insert(0, texts.announcement_text(match.game))
        out.write((" ".join(said) or _("Done.")) + "\n")
        return 0
    finally:
        session.close()
        session.store.close()


def run_tables(args: argparse.Namespace, out: TextIO) -> int:
    from scrabble_fr.table import TableSession

    store = _store(args)
    try:
        listed = []
        for info in store.tables():
            try:
                view = TableSession.watch(store, info.id, None)
                turn = None if view.match.is_over else view.match.players[view.match.actor]
                damaged = view.damaged is not None
            except Exception:  # a damaged table is listed, never a crash
                turn, damaged = None, True
            listed.append({
                "table": info.id, "kind": info.kind,
                "players": [s.name for s in info.seats], "turn": turn, "events": info.events,
                "over": info.over, "damaged": damaged,
                "updated": datetime.fromtimestamp(info.updated_ms / 1000).astimezone().isoformat(timespec="seconds"),
            })
    finally:
        store.close()
    if args.json:
        out.write(json.dumps(listed, ensure_ascii=False) + "\n")
        return 0
    if not listed:
        out.write(_("No table yet.") + "\n")
        return 0
    for row in listed:
        state = _("over") if row["over"] else (_("damaged") if row["damaged"] else
                                                elide(_("turn of {name}").format(name=row["turn"])))
        when = row["updated"][:16].replace("T", " ")
        out.write(f"{row['table']}  {when}  {', '.join(row['players'])}  {state}  "
                  + _("{n} events").format(n=row["events"]) + "\n")
    return 0
