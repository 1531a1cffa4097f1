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
    arbitrate = actions.add_parser("arbitrer", aliases=ACTIONS["arbitrer"], add_help=False,
                                   help=_("the arbitrator's screen of a duplicate table"))
    arbitrate.add_argument("code", metavar="CODE", help=_("the arbitrator's code"))
    arbitrate.add_argument("--fermer", type=int, metavar="N", help=_("close coup N without a screen"))
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
    from scrabble_fr.match.config import Verification
    from scrabble_fr.table import TableError, TableSettings, create_table

    if args.parties is not None:
        from scrabble_fr.table.series import check_games

        check_games(args.parties)  # refused before the word list is read
    rules = resolve_rules(getattr(args, "regles", None))
    lexicon = _lexicon(args, None, rules.lexicon)
    if args.duplicate:
        return _create_duplicate(args, out, rules, lexicon)
    if args.parties is not None:
        raise TableError("series_duplicate")
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


def _create_duplicate(args: argparse.Namespace, out: TextIO, rules: Any, lexicon: Any) -> int:
    from scrabble_fr.duplicate.timing import parse_time
    from scrabble_fr.table.duplicate import DuplicateTableSettings, create_duplicate_table

    settings = DuplicateTableSettings(
        players=args.joueurs.split(",") if args.joueurs else [], seconds=parse_time(args.temps, args.club),
        club=args.club, seed=args.graine, rules=rules, lexicon=getattr(args, "lexique", None),
        lexicon_name=lexicon.name, lexicon_words=len(lexicon), arbiter=args.arbitre or "")
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
        if created.table_code is not None:
            data["code"] = created.table_code  # an open table: each player joins with it and a name
        if place is not None:
            data["series"] = place.data()  # a series' first game
        out.write(json.dumps(data, ensure_ascii=False) + "\n")
        return 0
    out.write(_("Duplicate table {table} created.").format(table=table.id) + "\n")
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


def _find(args: argparse.Namespace) -> tuple[Any, Any, int | None]:
    store = _store(args)
    try:
        info, seat = store.find_code(args.code)
    except BaseException:
        store.close()
        raise
    return store, info, seat


def _open_duplicate(args: argparse.Namespace, lexicon: Any = None, force: bool = False) -> Any:
    from scrabble_fr.table.duplicate import DuplicateTable

    store = _store(args)
    try:
        return DuplicateTable.join(store, args.code, lexicon, name=getattr(args, "nom", None), force=force)
    except BaseException:
        store.close()
        raise


def _open_seat(args: argparse.Namespace, force: bool = False) -> Any:
    from scrabble_fr.table import TableSession

    store = _store(args)
    try:
        info, seat = store.find_code(args.code)
        lexicon = _table_lexicon(args, info)
        return TableSession(store, info, seat, lexicon, force=force, code=args.code)
    except BaseException:
        store.close()
        raise


def _run_rejoindre(args: argparse.Namespace, out: TextIO) -> int:
    from scrabble_fr.cli.common import require_terminal

    store, info, seat = _find(args)
    store.close()
    if info.kind == "duplicate" and seat is None:
        from scrabble_fr.table.duplicate import DuplicateTable

        DuplicateTable.newcomer_name(info, getattr(args, "nom", None))
    # A wrong code or name is said as such even without a terminal; nothing is written before.
    require_terminal()
    lexicon = None
    if info.kind == "duplicate":
        # The arbitrator's code opens the desk, which needs the word list.
        if info.arbiter is not None and seat == info.arbiter.number:
            lexicon = _table_lexicon(args, info)
        session = _open_duplicate(args, lexicon, force=args.forcer)
        if session.code is not None:  # a new seat at an open table: its own code, to come back with
            out.write(_("Your seat's code, to rejoin: {code}").format(code=session.code) + "\n")
    else:
        session = _open_seat(args, force=args.forcer)
        lexicon = session.match.lexicon
    from scrabble_fr.tui.app import ScrabbleApp

    try:
        ScrabbleApp(lexicon=lexicon, table=session).run()
    finally:
        session.close()
        session.store.close()
    return 0


def _run_arbitrer(args: argparse.Namespace, out: TextIO) -> int:
    from scrabble_fr.table import TableError

    store, info, seat = _find(args)
    try:
        arbiter = info.arbiter
        if info.kind != "duplicate" or arbiter is None or seat != arbiter.number:
            raise TableError("arbitrator_only")
        lexicon = _table_lexicon(args, info)
        if args.fermer is not None:
            from scrabble_fr.table.duplicate import DuplicateTable

            # A coup that cannot be closed is refused before the arbitrator's seat is taken.
            DuplicateTable(store, info, seat, spectator=True).check_close(args.fermer)
    finally:
        store.close()
    if args.fermer is not None:
        session = _open_duplicate(args, lexicon, force=True)
        try:
            outcome = session.close_coup(args.fermer)
            out.write(" ".join(outcome.messages) + "\n")
            return 0
        finally:
            session.close()
            session.store.close()
    from scrabble_fr.cli.common import require_terminal

    require_terminal()
    session = _open_duplicate(args, lexicon, force=args.forcer)
    from scrabble_fr.tui.app import ScrabbleApp

    try:
        ScrabbleApp(lexicon=lexicon, table=session).run()
    finally:
        session.close()
        session.store.close()
    return 0


def _run_regarder(args: argparse.Namespace, out: TextIO) -> int:
    from scrabble_fr.cli.common import require_terminal
    from scrabble_fr.table import TableSession

    store = _store(args)
    try:
        info = store.table(args.table)
        require_terminal()  # a wrong store or id is said as such even without a terminal
        if info.kind == "duplicate":
            from scrabble_fr.table.duplicate import DuplicateTable

            session: Any = DuplicateTable(store, info, None, spectator=True)
        else:
            session = TableSession.watch_info(store, info)
        from scrabble_fr.tui.app import ScrabbleApp

        ScrabbleApp(table=session).run()
    finally:
        store.close()
    return 0


def _run_etat(args: argparse.Namespace, out: TextIO) -> int:
    from scrabble_fr.table.overview import classic_view, duplicate_view

    store, info, seat = _find(args)
    try:
        if info.kind == "duplicate":
            data = duplicate_view(store, info, seat, args.code)
        elif seat is None:
            from scrabble_fr.table import TableError

            raise TableError("table_unknown_code")
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
        text = _sheet_csv([results_data(results, table)])
    elif args.csv:
        text = _results_csv(results.ranking)
    elif args.json:
        text = json.dumps(results_data(results, table), ensure_ascii=False) + "\n"
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
        text = _sheet_csv(results.sheets, series=True)
    elif args.csv:
        text = _results_csv(results.ranking)
    elif args.json:
        text = json.dumps(series_data(results), ensure_ascii=False) + "\n"
    else:
        head = _("Series {series}: {n} of {games} games played, tops' total {total}.").format(
            series=results.id, n=len(results.played), games=results.games, total=results.top_total)
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


def _sheet_csv(sheets: list[dict[str, Any]], series: bool = False) -> str:
    """The sheet of one game, or those of a ``series``' games (a first column says which game)."""
    from scrabble_fr.table.results import sheet_rows

    header = [_("coup"), _("draw"), _("top reference"), _("top word"), _("top points"), _("name"), _("move"),
              _("points"), _("solo"), _("warning"), _("correction")]
    if not series:
        return _csv_text(header, [row for sheet in sheets for row in sheet_rows(sheet)])
    return _csv_text([_("game"), *header], [[number, *row] for number, sheet in enumerate(sheets, 1)
                                            for row in sheet_rows(sheet)])


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
    from scrabble_fr.table.results import found_text, spread_text

    lines = [_("Table {table}: top total {total}.").format(table=results.table, total=results.top_total)]
    lines.extend(_ranking_text(results.ranking))
    for coup in results.coups:
        score = "" if coup.top_score is None else str(coup.top_score)  # a coup in play has no top yet
        lines.append(f"{coup.number:>3}  {coup.draw:<10} {coup.top_ref} {coup.top_word} {score}".rstrip())
        if coup.spread is not None:
            lines.append("      " + found_text(coup.found, coup.players) + " — " + spread_text(coup.spread))
        for name, points_, reason in coup.corrections:
            lines.append("      " + _("{name}: corrected to {points} ({reason})").format(
                name=printable(name), points=points_, reason=printable(reason)))
    return "\n".join(lines) + "\n"


def _run_jouer(args: argparse.Namespace, out: TextIO) -> int:
    from scrabble_fr.table.command import play_command

    store, info, seat = _find(args)
    try:
        lexicon = None
        if info.kind != "duplicate":  # a duplicate player's proposal needs no word list
            lexicon = _table_lexicon(args, info)
        out.write(" ".join(play_command(store, info, seat, lexicon, args.commande.strip(), args.code)) + "\n")
        return 0
    finally:
        store.close()


def run_tables(args: argparse.Namespace, out: TextIO) -> int:
    from scrabble_fr.table.overview import TableState, state_text, summary

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
        when = row["updated"][:16].replace("T", " ")
        players = ", ".join(printable(name) for name in row["players"]) or _("no player yet")
        events = ngettext("{n} event", "{n} events", row["events"]).format(n=row["events"])
        out.write(f"{row['table']}  {when}  {players}  {state}  {events}\n")
    return 0
