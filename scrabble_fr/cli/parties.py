"""``scrabble-fr parties``, ``exporter`` and ``importer``: the saved games and GCG records.

    $ scrabble-fr parties
    $ scrabble-fr exporter dernier --gcg -o partie.gcg
    $ scrabble-fr importer partie.gcg
"""

from __future__ import annotations

import argparse
import json
from typing import Any, TextIO

from scrabble_fr.engine.errors import ScrabbleError
from scrabble_fr.i18n import _
from scrabble_fr.records.errors import RecordError
from scrabble_fr.records.save import SavedGame
from scrabble_fr.records.store import SaveStatus


def add_parties_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "parties", help=_("list the saved games"), add_help=False,
        description=_("Lists the saved games: id, date, players, status."),
    )
    parser.add_argument("--json", action="store_true", help=_("print the list as JSON"))
    return parser


def add_exporter_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "exporter", help=_("write a saved game as a GCG record"), add_help=False,
        description=_("Writes a saved game (its id, or dernier for the last one) as GCG."),
    )
    parser.add_argument("partie", metavar=_("ID|dernier"), help=_("the game's id (see parties) or dernier"))
    parser.add_argument("--gcg", action="store_true", help=_("GCG format (the default and only format)"))
    parser.add_argument("-o", "--sortie", metavar=_("FILE"), help=_("write to this file instead of the screen"))
    parser.add_argument("--base", metavar="URL", default=None,
                        help=_("for a shared table's id: the table store (see scrabble-fr table)"))
    return parser


def add_importer_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "importer", help=_("open a GCG record in the app to review it"), add_help=False,
        description=_("Opens a GCG record in review mode: step through the moves, see the board at each step."),
    )
    parser.add_argument("fichier", metavar=_("FILE.gcg"), help=_("the GCG record"))
    return parser


def status_text(status: SaveStatus) -> str:
    return _("finished") if status is SaveStatus.FINISHED else _("in progress")


def kind_name(record: object) -> str:
    """The kind of a saved game as JSON says it: ``classic``, ``duplicate`` or ``topping``."""
    from scrabble_fr.training.save import ToppingRecord

    if isinstance(record, SavedGame):
        return "classic"
    return "topping" if isinstance(record, ToppingRecord) else "duplicate"


def kind_text(record: object) -> str:
    return {"classic": _("classic"), "topping": _("topping")}.get(kind_name(record), _("duplicate"))


def run_parties(args: argparse.Namespace, out: TextIO) -> int:
    from scrabble_fr import resume

    store = resume.saved_games()
    rows = []
    broken = []
    for path, record in store.records():
        if isinstance(record, RecordError):
            broken.append((path, record))
            continue
        rows.append(record)
    if args.json:
        payload = [
            {
                "id": r.id,
                "date": r.updated or r.created,
                "players": r.player_names,
                "status": r.status.value,
                "kind": kind_name(r),
                "rules": getattr(r, "rules", {}).get("name", ""),
            }
            for r in rows
        ]
        out.write(json.dumps(payload, ensure_ascii=False) + "\n")
        return 0
    if not rows and not broken:
        out.write(_("No saved game yet.") + "\n")
        return 0
    for r in rows:
        names = ", ".join(r.player_names)
        out.write(f"{r.id}  {r.date_text}  {kind_text(r):<10}  {status_text(r.status):<10}  {names}\n")
    from scrabble_fr.messages import describe

    for path, error in broken:
        out.write(f"{path.name}  {describe(error)}\n")
    return 0


def run_exporter(args: argparse.Namespace, out: TextIO) -> int:
    if args.base:
        from scrabble_fr.table.store import check_address

        check_address(args.base)  # a mistyped --base is said, whatever the id names
    from scrabble_fr import resume

    store = resume.saved_games()  # a duplicate or topping game is said to be one, not a damaged file
    try:
        record = store.resolve(args.partie, kind=SavedGame)
    except RecordError as missing:
        if missing.code not in ("save_missing", "save_unknown"):
            raise
        text = table_gcg_text(args, missing)  # not a saved game: a shared table's id
    else:
        if not isinstance(record, SavedGame):
            raise RecordError("save_topping" if kind_name(record) == "topping" else "save_not_classic", id=record.id)
        from scrabble_fr.match import record_gcg

        text = record_gcg(record)
    from scrabble_fr.cli.common import write_output

    write_output(text, args.sortie, out)
    return 0


def table_gcg_text(args: argparse.Namespace, missing: ScrabbleError) -> str:
    """The GCG record of the shared table whose id was given (``missing`` raised if none)."""
    from scrabble_fr.table import TableError, TableSession, open_store
    from scrabble_fr.table.session import table_gcg

    try:
        store = open_store(getattr(args, "base", None))
    except TableError:
        if getattr(args, "base", None):
            raise  # the store the player named cannot be used: said as such
        raise missing from None
    try:
        try:
            session = TableSession.watch(store, args.partie, None)
        except TableError as exc:
            if exc.code == "table_unknown":
                raise missing from None
            raise
        return table_gcg(session)
    finally:
        store.close()


def run_importer(args: argparse.Namespace, out: TextIO) -> int:
    from scrabble_fr.records.gcg import read_gcg_file

    record = read_gcg_file(args.fichier)
    if not record.events:
        raise RecordError("gcg_empty", path=args.fichier)
    from scrabble_fr.cli.common import lexicon_loader, require_terminal

    require_terminal()
    from scrabble_fr.tui.app import ScrabbleApp

    loader = lexicon_loader(getattr(args, "lexique", None), None)
    app = ScrabbleApp(lexicon_loader=loader, review=(record, str(args.fichier)))
    app.run()
    return 0
