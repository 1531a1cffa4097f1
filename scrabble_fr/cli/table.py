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
from collections.abc import Callable
from typing import Any, TextIO

from scrabble_fr.i18n import _, colon, elide, get_language, ngettext, points, printable

ACTIONS = {"creer": ["create"], "rejoindre": ["join"], "regarder": ["watch"], "etat": ["state"],
           "jouer": ["play"], "arbitrer": ["arbitrate"], "resultats": ["results"]}


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
    create.add_argument("--joueurs", metavar=_("NAMES"),
                        help=_("players separated by commas; ordi:N is a computer of level N (1-6); "
                               "a duplicate table without players is open: each joins with the table's code"))
    create.add_argument("--duplicate", action="store_true",
                        help=_("a club duplicate: an arbitrator, every player's own terminal, a ranking"))
    create.add_argument("--temps", metavar="M:SS", default="3:00",
                        help=_("duplicate: the time of a coup (3:00, 2:30, 2:00, 1:00; 0 for no clock)"))
    create.add_argument("--arbitre", metavar=_("NAME"),
                        help=_("a human who plays no tiles and judges the challenged words (manual verification)"))
    create.add_argument("--verification", choices=["auto", "manuelle"], default="auto",
                        help=_("who judges a challenged word: the word list, or the arbiter"))
    create.add_argument("--pendule", type=common.clock_option(), metavar=_("MINUTES"),
                        help=_("clock: minutes per player (0: no clock)"))
    create.add_argument("--club", action="store_true", help=_("club mode: no hints, no word tools, no undo"))
    common.add_variant_option(create, _("with --duplicate only"))
    create.add_argument("--graine", type=common.seed_option(), metavar="N", help=_("seed of the bag"))
    create.add_argument("--parties", type=int, metavar="N",
                        help=_("duplicate: a series of N games (2 to 9) with one cumulative ranking; the "
                               "arbitrator starts each next game when one ends"))
    create.add_argument("--json", action="store_true", help=_("print the table and its codes as JSON"))
    add_lexicon_options(create)
    join = actions.add_parser("rejoindre", aliases=ACTIONS["rejoindre"], add_help=False,
                              help=_("open the game screen of the seat a code opens"))
    join.add_argument("code", metavar="CODE", help=_("the seat's join code"))
    join.add_argument("--forcer", action="store_true",
                      help=_("take the seat from another terminal that has it open"))
    join.add_argument("--nom", metavar=_("NAME"), help=_("your name, to join an open table with its own code"))
    join.add_argument("--json", action="store_true",
                      help=_("join without a screen and print the table, the seat and its code as JSON"))
    join.add_argument("--papier", action="store_true",
                      help=_("a duplicate player on paper: seated without a screen, the desk types their slips"))
    arbitrate = actions.add_parser("arbitrer", aliases=ACTIONS["arbitrer"], add_help=False,
                                   help=_("the arbitrator's screen of a duplicate table"))
    arbitrate.add_argument("code", metavar="CODE", help=_("the arbitrator's code"))
    arbitrate.add_argument("--fermer", type=int, metavar="N", help=_("close coup N without a screen"))
    arbitrate.add_argument("--lancer", action="store_true", help=_("start the next coup without a screen"))
    arbitrate.add_argument("--automatique", action="store_true",
                           help=_("run the table without a screen until the game ends: each coup starts after "
                                  "the pause, closes when its time is up, and its results are published"))
    arbitrate.add_argument("--pause", metavar="M:SS", default="0:30",
                           help=_("with --automatique: the pause between a coup's close and the next start"))
    arbitrate.add_argument("--bulletin", nargs=2, metavar=(_("NAME"), _("SLIP")),
                           help=_("type the paper slip of a player on paper for the coup in play: "
                                  "\"H8 MOT 24\" (reference, word with its jokers in lowercase, score if written)"))
    arbitrate.add_argument("--json", action="store_true", help=_("with --bulletin: what the slip pays, as JSON"))
    arbitrate.add_argument("--forcer", action="store_true",
                           help=_("take the seat from another terminal that has it open"))
    add_lexicon_options(arbitrate)
    results = actions.add_parser("resultats", aliases=ACTIONS["resultats"], add_help=False,
                                 help=_("a duplicate table's ranking and sheet"))
    results.add_argument("table", metavar="ID", help=_("the table's id (see scrabble-fr tables)"))
    results.add_argument("--csv", action="store_true", help=_("the ranking as CSV"))
    results.add_argument("--json", action="store_true", help=_("the ranking and the sheet as JSON"))
    results.add_argument("--feuille", action="store_true",
                         help=_("the sheet as CSV: a line per coup and player (the top, the move, its points)"))
    results.add_argument("--html", action="store_true",
                         help=_("a web page of the results: the ranking, each coup with its board"))
    results.add_argument("-o", "--sortie", metavar=_("FILE"), help=_("write to this file instead of the screen"))
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
    for sub in (create, join, watch, state, play, arbitrate, results):
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


def _table_lexicon(args: argparse.Namespace, info: Any) -> Any:
    """The word list the table ``info`` names (its own, else its rules' language's), unless the
    command's options ask for another."""
    return _lexicon(args, info.config.get("lexicon"), info.config.get("rules", {}).get("lexicon", "fr"))


def run(args: argparse.Namespace, out: TextIO) -> int:
    action = {alias: name for name, aliases in ACTIONS.items() for alias in aliases}.get(args.action, args.action)
    return int(globals()[f"_run_{action}"](args, out))


def _run_creer(args: argparse.Namespace, out: TextIO) -> int:
    from scrabble_fr.cli.common import resolve_rules
    from scrabble_fr.duplicate import Variant
    from scrabble_fr.match.config import Verification
    from scrabble_fr.table import TableError, TableSettings, create_table

    # Read before anything else, so that a refused variant or series writes nothing.
    variant = Variant.parse(args.variante) if args.variante is not None else None
    if variant is not None and not args.duplicate:
        raise TableError("variant_not_duplicate")
    if args.parties is not None:
        from scrabble_fr.table.series import check_games

        check_games(args.parties)  # refused before the word list is read
        if not args.duplicate:
            raise TableError("series_duplicate")
    rules = resolve_rules(getattr(args, "regles", None))
    lexicon = _lexicon(args, None, rules.lexicon)
    if args.duplicate:
        return _create_duplicate(args, out, rules, lexicon, variant or Variant.CLASSIC)
    if not args.joueurs:
        raise TableError("table_players")
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


def _create_duplicate(args: argparse.Namespace, out: TextIO, rules: Any, lexicon: Any, variant: Any) -> int:
    from scrabble_fr.duplicate import Variant
    from scrabble_fr.duplicate.timing import parse_time
    from scrabble_fr.table.duplicate import DuplicateTableSettings, create_duplicate_table

    settings = DuplicateTableSettings(
        players=args.joueurs.split(",") if args.joueurs else [], seconds=parse_time(args.temps, args.club),
        club=args.club, seed=args.graine, rules=rules, lexicon=getattr(args, "lexique", None),
        lexicon_name=lexicon.name, lexicon_words=len(lexicon), arbiter=args.arbitre or "", variant=variant)
    store = _store(args)
    try:
        if args.parties is not None:
            from scrabble_fr.table.series import create_series

            created = create_series(store, settings, args.parties)
        else:
            created = create_duplicate_table(store, settings)
    finally:
        store.close()
    table = created.table
    arbiter = table.arbiter
    assert arbiter is not None  # a duplicate table is created with its arbitrator
    from scrabble_fr.table.series import series_of

    place = series_of(table)
    if args.json:
        seats = [{"name": seat.name, "code": created.codes.get(seat.number), "computer": False,
                  "role": seat.role.value} for seat in table.seats]
        data: dict[str, Any] = {"table": table.id, "seats": seats, "arbiter": created.codes[arbiter.number]}
        if variant is not Variant.CLASSIC:
            data["variant"] = variant.value  # only a variant is named: a classic table's JSON is as it was
        if created.table_code is not None:
            data["code"] = created.table_code  # an open table: each player joins with it and a name
        if place is not None:
            data["series"] = place.data()  # a series' first game
        out.write(json.dumps(data, ensure_ascii=False) + "\n")
        return 0
    out.write(_("Duplicate table {table} created.").format(table=table.id) + "\n")
    if variant is not Variant.CLASSIC:
        out.write(variant.text + "\n")
    if place is not None:
        out.write(_("Game 1 of the series {series} ({games} games): scrabble-fr table resultats {series} "
                    "ranks them together.").format(series=place.id, games=place.games) + "\n")
    for seat in table.seats:
        out.write(f"  {seat.name}{colon()} {created.codes[seat.number]}\n")
    if created.table_code is not None:
        out.write(_("Open table: each player joins with scrabble-fr table rejoindre {code} --nom NAME")
                  .format(code=created.table_code) + "\n")
    out.write(_("The arbitrator opens the table with: scrabble-fr table arbitrer CODE") + "\n")
    return 0


def _locate(args: argparse.Namespace, name: str | None = None, check_name: bool = False) -> Any:
    """What ``args.code`` opens (:class:`~scrabble_fr.opening.Located`), nothing taken yet: its
    store stays open for the caller. A refusal is raised (said in one line, exit 2)."""
    from scrabble_fr import opening

    return opening.session_of(opening.locate(args.code, base=getattr(args, "base", None), name=name,
                                             check_name=check_name))


def _before_taking(located: Any, prepare: Callable[[], Any]) -> Any:
    """``prepare()`` (the word list, the terminal's check) before the seat ``located`` is taken:
    what it returns, or its refusal raised with the store closed."""
    try:
        lexicon = prepare()
    except BaseException:
        located.close()
        raise
    return lexicon


def _run_rejoindre(args: argparse.Namespace, out: TextIO) -> int:
    from scrabble_fr import opening
    from scrabble_fr.cli.common import require_terminal

    # A wrong code or name is said as such even without a terminal; nothing is written before.
    located = _locate(args, name=args.nom, check_name=True)
    if args.json or args.papier:
        return _join_without_screen(args, out, located)

    def prepare() -> Any:
        require_terminal()
        # A classic seat judges with its table's list; so does the arbitrator's desk.
        if located.kind in (opening.Kind.CLASSIC_SEAT, opening.Kind.ARBITRATOR):
            return _table_lexicon(args, located.info)
        return None

    lexicon = _before_taking(located, prepare)
    opened = opening.accepted(opening.open_located(located, name=args.nom, lexicon=lexicon, force=args.forcer))
    if opened.seat_code is not None:  # a new seat at an open table: its own code, to come back with
        out.write(_("Your seat's code, to rejoin: {code}").format(code=opened.seat_code) + "\n")
    _run_table_app(opened.session, lexicon)
    return 0


def _run_table_app(session: Any, lexicon: Any = None) -> None:
    from scrabble_fr import opening
    from scrabble_fr.tui.app import ScrabbleApp

    try:
        ScrabbleApp(lexicon=lexicon, table=session).run()
    finally:
        opening.close_table(session)


def _join_without_screen(args: argparse.Namespace, out: TextIO, located: Any) -> int:
    """``rejoindre --json`` (a script, a bot) or ``--papier`` (a player on paper): the new seat is
    written, its code said, and no screen opens; a seat's own code is only said back."""
    from scrabble_fr import opening
    from scrabble_fr.table import TableError
    from scrabble_fr.table.duplicate import DuplicateTable

    info, seat = located.info, located.seat
    if seat is not None or args.papier and located.kind is not opening.Kind.NEW_SEAT:
        located.close()  # nothing to write: a seat's own code, or paper refused
        if args.papier:
            raise TableError("paper_needs_table_code")
        name = next(s.name for s in info.seats if s.number == seat)
        data = {"table": info.id, "seat": name, "code": args.code}
    else:
        session = opening.session_of(opening.open_located(located, name=args.nom, paper=args.papier))
        assert isinstance(session, DuplicateTable) and session.seat is not None  # a new seat: duplicate only
        try:
            data = {"table": session.table_id, "seat": session.names[session.seat], "code": session.code}
        finally:
            opening.close_table(session)
    if args.json:
        out.write(json.dumps(data, ensure_ascii=False) + "\n")
    elif args.papier:
        out.write(_("{name} plays on paper at table {table}: the desk types their slips.").format(
            name=printable(data["seat"]), table=data["table"]) + "\n")
    return 0


def _run_arbitrer(args: argparse.Namespace, out: TextIO) -> int:
    from scrabble_fr import opening
    from scrabble_fr.cli.common import require_terminal

    # Another seat's code, or a coup that cannot be closed: refused before the seat is taken.
    located = opening.session_of(opening.locate_arbitrator(args.code, base=getattr(args, "base", None),
                                                           closing=args.fermer))
    headless = args.fermer is not None or args.lancer or args.automatique or args.bulletin

    def prepare() -> Any:
        lexicon = _table_lexicon(args, located.info)
        if headless:
            from scrabble_fr.table.duplicate import DuplicateTable

            # What cannot be done is refused before the arbitrator's seat is taken.
            _check_headless(args, DuplicateTable(located.store, located.info, located.seat, spectator=True))
        else:
            require_terminal()
        return lexicon

    lexicon = _before_taking(located, prepare)
    if args.automatique:
        return _run_automatic(args, out, located, lexicon)
    if headless:
        return _arbitrate_once(args, out, located, lexicon)
    session = opening.session_of(opening.open_arbitrator(located, lexicon=lexicon, force=args.forcer))
    _run_table_app(session, lexicon)
    return 0


def _check_headless(args: argparse.Namespace, view: Any) -> None:
    """Refuse, before anything is written, what the arbitrator's command without a screen cannot
    do on the table as ``view`` (a spectator's look at it) sees it."""
    from scrabble_fr.duplicate.errors import DuplicateError
    from scrabble_fr.table import TableError

    if args.lancer:  # (a coup to close was checked when the arbitrator's code was read)
        if view.current is not None:
            raise TableError("coup_running", n=view.current.number)
        if view.over:
            raise DuplicateError("game_over")
    elif args.automatique:
        from scrabble_fr.table.autorun import check_clock, parse_pause

        parse_pause(args.pause)
        if view.over:
            raise DuplicateError("game_over")
        check_clock(view)
    elif args.bulletin:
        from scrabble_fr.duplicate.slip import read_slip
        from scrabble_fr.table.slips import coup_in_play, paper_seat

        paper_seat(view, args.bulletin[0])
        coup_in_play(view)
        read_slip(args.bulletin[1])


def _arbitrate_once(args: argparse.Namespace, out: TextIO, located: Any, lexicon: Any) -> int:
    """``--fermer N``, ``--lancer``, ``--bulletin NOM SLIP``: one intent, one line, written beside a
    desk (or an automatic arbitrator) that has the seat open, without taking it."""
    from scrabble_fr import opening

    session = opening.session_of(opening.open_arbitrator(located, lexicon=lexicon, leased=False))
    try:
        if args.bulletin:
            from scrabble_fr.table.slips import type_slip

            record = type_slip(session, args.bulletin[0], args.bulletin[1])
            text = json.dumps(record.to_json(), ensure_ascii=False) if args.json else record.text_line()
            out.write(text + "\n")
            return 0
        outcome = session.close_coup(args.fermer) if args.fermer is not None else session.start_coup()
        out.write(" ".join(outcome.messages) + "\n")
        return 0
    finally:
        opening.close_table(session)


def _run_automatic(args: argparse.Namespace, out: TextIO, located: Any, lexicon: Any) -> int:
    """``--automatique``: the arbitrator without a screen until the game ends; SIGTERM stops it as
    Ctrl+C does (the seat let go; started again, it goes on where the table is)."""
    import signal

    from scrabble_fr import opening
    from scrabble_fr.table import autorun

    pause = autorun.parse_pause(args.pause)

    def stop(_signum: int, _frame: Any) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, stop)
    session = opening.session_of(opening.open_arbitrator(located, lexicon=lexicon, force=True))
    try:
        out.write(_("Table {table} runs by itself ({pause} between coups): Ctrl+C stops it.").format(
            table=session.table_id, pause=args.pause.strip()) + "\n")
        out.flush()

        def say(text: str) -> None:
            out.write(text + "\n")
            out.flush()

        autorun.run(session, pause, say)
        return 0
    except KeyboardInterrupt:
        out.write(_("Stopped. The same command goes on where the table is.") + "\n")
        return 0
    finally:
        signal.signal(signal.SIGTERM, previous)
        opening.close_table(session)


def _run_regarder(args: argparse.Namespace, out: TextIO) -> int:
    from scrabble_fr import opening
    from scrabble_fr.cli.common import require_terminal

    # A wrong store or id is said as such even without a terminal; a watcher writes nothing.
    session = opening.session_of(opening.watcher(args.table, base=getattr(args, "base", None)))
    try:
        require_terminal()
    except BaseException:
        opening.close_table(session)
        raise
    _run_table_app(session)
    return 0


def _run_etat(args: argparse.Namespace, out: TextIO) -> int:
    from scrabble_fr.table.overview import classic_view, duplicate_view

    located = _locate(args)  # a classic table has no code of its own: refused as unknown
    store, info, seat = located.store, located.info, located.seat
    try:
        if info.kind == "duplicate":
            data = duplicate_view(store, info, seat, args.code)
        else:
            data = classic_view(store, info, seat, args.code)
    finally:
        store.close()
    if args.json:
        out.write(json.dumps(data, ensure_ascii=False) + "\n")
        return 0
    if info.kind == "duplicate":
        _write_duplicate_state(out, data)
        return 0
    out.write(elide(_("Table {table}, seat of {name}.").format(table=data["table"], name=printable(data["seat"])))
              + "\n")
    for name, score in data["scores"].items():
        out.write(f"  {printable(name)}{colon()} {points(score)}\n")
    if data["rack"] is not None:
        out.write(_("Your rack{colon} {rack}").format(colon=colon(), rack=data["rack"]) + "\n")
    if data["over"]:
        out.write(_("The game is over.") + "\n")
    else:
        out.write(elide(_("Turn of {name}.").format(name=printable(data["turn"]))) + "\n")
    return 0


def _write_duplicate_state(out: TextIO, data: dict[str, Any]) -> None:
    from scrabble_fr.duplicate import Variant
    from scrabble_fr.i18n import join_list
    from scrabble_fr.table.overview import Access, TableState, state_text

    access = Access(data["role"])
    if access is Access.TABLE:
        head = _("Duplicate table {table}, the table's own code.").format(table=data["table"])
    elif access is Access.ARBITER:
        head = _("Duplicate table {table}, the arbitrator {name}.").format(table=data["table"],
                                                                           name=printable(data["seat"]))
    else:
        head = elide(_("Duplicate table {table}, seat of {name}.").format(table=data["table"],
                                                                          name=printable(data["seat"])))
    out.write(head + "\n")
    if "variant" in data:
        out.write(Variant(data["variant"]).text + "\n")
    state = TableState(data["state"])
    if data["coup"]:
        out.write(_("Coup {n} — draw {draw}").format(n=data["coup"], draw=data["draw"]) + "\n")
    out.write(state_text(state, coup=data["coup"]).capitalize() + "\n")
    if state is TableState.RUNNING and access is Access.PLAYER:
        out.write((_("Your move is in.") if data["proposed"] else _("Your move is not in yet.")) + "\n")
    elif state is TableState.RUNNING and access is Access.ARBITER:
        names = [printable(name) for name in data["proposed"]]
        out.write(_("Moves in{colon} {names}").format(colon=colon(), names=join_list(names) or "—") + "\n")
    for name, total in data["scores"].items():
        out.write(f"  {printable(name)}{colon()} {points(total)}\n")
    if data["code"]:
        out.write(_("The table's code, to join{colon} {code}").format(colon=colon(), code=data["code"]) + "\n")


def _run_resultats(args: argparse.Namespace, out: TextIO) -> int:
    from scrabble_fr.cli.common import write_output
    from scrabble_fr.table import TableError
    from scrabble_fr.table.duplicate import DuplicateTable
    from scrabble_fr.table.results import results_data, table_results

    store = _store(args)
    try:
        try:
            info = store.table(args.table)
        except TableError as exc:
            if exc.code != "table_unknown":
                raise
            return _series_results(args, out, store)
        if info.kind != "duplicate":
            raise TableError("table_unknown", table=args.table)
        table = DuplicateTable(store, info, None, spectator=True)
    finally:
        store.close()
    results = table_results(table)
    if args.html:
        from scrabble_fr.table.results_html import results_page

        text = results_page(results)
    elif args.feuille:
        text = _sheet_csv([results])
    elif args.csv:
        text = _results_csv(results.ranking)
    elif args.json:
        text = json.dumps(results_data(results), ensure_ascii=False) + "\n"
    else:
        text = _results_text(results)
    write_output(text, args.sortie, out)
    return 0


def _series_results(args: argparse.Namespace, out: TextIO, store: Any) -> int:
    """``resultats SERIES_ID``: the cumulative ranking of a series' games, then each game's."""
    from scrabble_fr.cli.common import write_output
    from scrabble_fr.table import TableError
    from scrabble_fr.table.series import series_data, series_results

    results = series_results(store, args.table)
    if results is None:
        raise TableError("series_unknown", table=args.table)
    if args.html:
        from scrabble_fr.table.results_html import series_page

        text = series_page(results)
    elif args.feuille:
        text = _sheet_csv(results.played, series=True)
    elif args.csv:
        text = _results_csv(results.ranking)
    elif args.json:
        text = json.dumps(series_data(results), ensure_ascii=False) + "\n"
    else:
        played = len(results.played)
        head = ngettext("Series {series}: {n} of {games} game played, tops' total {total}.",
                        "Series {series}: {n} of {games} games played, tops' total {total}.", played).format(
            series=results.id, n=played, games=results.games, total=results.top_total)
        text = "\n".join([head, *_ranking_text(results.ranking)]) + "\n"
        for number, game in enumerate(results.played, 1):
            text += "\n" + _("Game {n} — table {table}").format(n=number, table=game.table) + "\n"
            text += _results_text(game)
    write_output(text, args.sortie, out)
    return 0


def _csv_text(header: list[str], rows: list[list[Any]]) -> str:
    """Rows as the reader's spreadsheet opens them in columns: in French « ; » between the fields
    and a decimal comma, in English a comma and a decimal point."""
    import csv
    import io

    french = get_language() == "fr"
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=";" if french else ",", lineterminator="\n")
    writer.writerow(header)
    for row in rows:
        writer.writerow([f"{cell:.2f}".replace(".", "," if french else ".") if isinstance(cell, float) else cell
                         for cell in row])
    return buffer.getvalue()


def _results_csv(ranking: list[Any]) -> str:
    return _csv_text([_("rank"), _("name"), _("total"), _("% of the top"), _("solos"), _("warnings")],
                     [[line.rank, line.name, line.total, line.percent, line.solos, line.warnings]
                      for line in ranking])


def _sheet_csv(games: list[Any], series: bool = False) -> str:
    """The sheet of one game, or those of a ``series``' games (a first column says which game)."""
    from scrabble_fr.table.results import sheet_rows

    header = [_("coup"), _("draw"), _("top reference"), _("top word"), _("top points"), _("name"), _("move"),
              _("points"), _("solo"), _("warning"), _("correction")]
    if not series:
        return _csv_text(header, [row for game in games for row in sheet_rows(game)])
    return _csv_text([_("game"), *header], [[number, *row] for number, game in enumerate(games, 1)
                                            for row in sheet_rows(game)])


def _ranking_text(ranking: list[Any]) -> list[str]:
    from scrabble_fr.duplicate.export import percent_text

    lines = []
    for line in ranking:
        share = percent_text(line.percent)
        warned = "  " + ngettext("{n} warning", "{n} warnings", line.warnings).format(n=line.warnings) \
            if line.warnings else ""
        lines.append(f"{line.rank:>3}. {printable(line.name):<20} {line.total:>6}  {share:>7}  "
                     + _("solos: {n}").format(n=line.solos) + warned)
    return lines


def _results_text(results: Any) -> str:
    from scrabble_fr.duplicate import Variant
    from scrabble_fr.table.results import found_text, spread_text

    lines = [results.variant.text] if results.variant is not Variant.CLASSIC else []
    lines.append(_("Table {table}: top total {total}.").format(table=results.table, total=results.top_total))
    lines.extend(_ranking_text(results.ranking))
    for coup in results.coups:
        top = f"{coup.top.ref} {coup.top.word} {coup.top.score}" if coup.top else ""  # none yet for a coup in play
        lines.append(f"{coup.number:>3}  {coup.draw:<10} {top}".rstrip())
        if coup.spread is not None:
            lines.append("      " + found_text(coup.found, coup.players) + " — " + spread_text(coup.spread))
        for name, points_, reason in coup.corrections:
            lines.append("      " + _("{name}: corrected to {points} ({reason})").format(
                name=printable(name), points=points_, reason=printable(reason)))
        lines.extend("      " + printable(text) for text in coup.slips)
    return "\n".join(lines) + "\n"


def _run_jouer(args: argparse.Namespace, out: TextIO) -> int:
    from scrabble_fr.table.command import play_command

    located = _locate(args)
    store, info, seat = located.store, located.info, located.seat
    try:
        lexicon = None
        if info.kind != "duplicate":  # a duplicate player's proposal needs no word list
            lexicon = _table_lexicon(args, info)
        out.write(" ".join(play_command(store, info, seat, lexicon, args.commande.strip(), args.code)) + "\n")
        return 0
    finally:
        store.close()


def run_tables(args: argparse.Namespace, out: TextIO) -> int:
    from scrabble_fr.duplicate import Variant
    from scrabble_fr.table.overview import TableState, series_text, state_text, summary

    store = _store(args)
    try:
        listed = [summary(store, info) for info in store.tables()]
    finally:
        store.close()
    if args.json:
        out.write(json.dumps(listed, ensure_ascii=False) + "\n")
        return 0
    if not listed:
        out.write(_("No table yet.") + "\n")
        return 0
    for row in listed:
        state = state_text(TableState(row["state"]), printable(row["turn"] or ""), row["coup"])
        if "series" in row:
            state = f"{series_text(row['series'])}, {state}"
        if "variant" in row:
            state = f"{Variant(row['variant']).text}, {state}"
        when = row["updated"][:16].replace("T", " ")
        players = ", ".join(printable(name) for name in row["players"]) or _("no player yet")
        events = ngettext("{n} event", "{n} events", row["events"]).format(n=row["events"])
        out.write(f"{row['table']}  {when}  {players}  {state}  {events}\n")
    return 0
