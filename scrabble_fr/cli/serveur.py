"""``scrabble-fr serveur``: the game in web browsers, for a club's room or a table across a network.

    $ scrabble-fr serveur
    $ scrabble-fr serveur --hote 0.0.0.0 --port 8080 --base postgresql://club@db/scrabble
    $ scrabble-fr serveur --max-sessions 60 --inactivite 20 --adresse-publique https://club.example.org

textual-serve runs one app process per browser tab (``--visiteur``: the app opens on the
code-entry screen, its input and output piped to the page); each visitor types their code and gets
their seat's screen. The server listens on the loopback address, reachable from this machine only,
unless ``--hote`` says otherwise. The table store (``--base``) reaches the visitors' processes
through ``SCRABBLE_FR_BASE``, never through a command line that ``ps`` would show.

Strangers reach the server: each visitor's app is confined to the seat of its code
(:mod:`scrabble_fr.tui.policy`), at most ``--max-sessions`` apps live at once, a session without a
key for ``--inactivite`` minutes is closed, and a page of another site or a name that is not the
server's opens nothing (:mod:`scrabble_fr.tui.web`).
"""

from __future__ import annotations

import argparse
import ipaddress
import math
import os
import shlex
import socket
import sys
from typing import Any, TextIO

from scrabble_fr.i18n import _, format_number, get_language, ngettext
from scrabble_fr.tui.web_access import AddressCheck, PublicAddress
from scrabble_fr.tui.web_limits import Limits, default_max_sessions

BASE_ENV = "SCRABBLE_FR_BASE"
# A session without a key for this long is closed (minutes); 0 keeps sessions open.
IDLE_MINUTES = 30
MAX_IDLE_MINUTES = 24 * 60
MAX_SESSIONS_LIMIT = 10_000


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    from scrabble_fr.cli.table import add_base_option

    parser = subparsers.add_parser(
        "serveur", add_help=False,
        help=_("serve the game in web browsers: each visitor types their table code"),
        description=_("Serves the game to web browsers (one app process per visitor, through textual-serve). "
                      "Each visitor types the code they were given: a seat at a shared table, a duplicate "
                      "player's or the arbitrator's. Listens on this machine only unless --hote says otherwise."))
    parser.add_argument("--port", type=int, default=8000, metavar="N", help=_("the port to listen on (default: 8000)"))
    parser.add_argument("--hote", metavar=_("ADDRESS"), default="127.0.0.1",
                        help=_("the address to listen on (default: 127.0.0.1, this machine only; "
                               "0.0.0.0: every network of this machine)"))
    sessions = default_max_sessions()
    parser.add_argument("--max-sessions", type=int, metavar="N", default=sessions,
                        help=_("at most N browser sessions at once, each an app process of some 60 MB "
                               "(default: as many as half of this machine's memory holds, {n} here)")
                        .format(n=sessions))
    parser.add_argument("--inactivite", type=float, metavar="MIN", default=IDLE_MINUTES,
                        help=_("close a session after MIN minutes without a key (default: {n}; 0: never)")
                        .format(n=IDLE_MINUTES))
    parser.add_argument("--adresse-publique", metavar="URL", default=None,
                        help=_("the address visitors type when a reverse proxy stands in front of the server "
                               "(e.g. https://club.example.org): its pages and websockets are accepted"))
    add_base_option(parser)
    # The app of one visitor, as the server starts it for each browser tab.
    parser.add_argument("--visiteur", action="store_true", help=argparse.SUPPRESS)
    return parser


def is_loopback(host: str) -> bool:
    """Whether ``host`` is reachable from this machine only.

        >>> is_loopback("127.0.0.1"), is_loopback("::1"), is_loopback("localhost"), is_loopback("0.0.0.0")
        (True, True, True, False)
    """
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def visitor_command(language: str) -> str:
    """The shell command textual-serve runs for each browser tab (``exec``: the app is the
    process the server stops when the tab closes)."""
    return " ".join(["exec", shlex.quote(sys.executable), "-m", "scrabble_fr", "--langue", language,
                     "serveur", "--visiteur"])


def run(args: argparse.Namespace, out: TextIO) -> int:
    if args.visiteur:
        return _run_visitor(args)
    from scrabble_fr.cli import UsageError

    if not 0 < args.port < 65536:
        raise UsageError(_("the port must be between 1 and 65535, not {port}").format(port=args.port))
    limits, access = _limits(args), _access(args)
    # Checked once here (--base, else SCRABBLE_FR_BASE), so that a bad address is said now
    # rather than in every browser; a SQLite file that does not exist yet is not made.
    from scrabble_fr.table.store import open_store

    open_store(args.base).close()
    try:
        from scrabble_fr.tui.web import WebServer
    except ImportError:
        raise UsageError(_("the browser server needs textual-serve: install it with pip install textual-serve")) \
            from None
    if args.base:
        os.environ[BASE_ENV] = args.base
    server = WebServer(visitor_command(get_language()), host=args.hote, port=args.port, out=out,
                       lines=_banner(args.hote, args.port, limits), limits=limits, access=access)
    try:
        server.serve()
    except OSError as exc:
        raise UsageError(_("cannot listen on {host} port {port}: {detail}").format(
            host=args.hote, port=args.port, detail=_listen_error(exc))) from None
    return 0


def _limits(args: argparse.Namespace) -> Limits:
    """The sessions' cap and idle time the options say (one line, exit 2, for a bad one)."""
    from scrabble_fr.cli import UsageError

    sessions = args.max_sessions
    if not 0 < sessions <= MAX_SESSIONS_LIMIT:
        raise UsageError(_("--max-sessions must be between 1 and {most}, not {n}").format(
            most=format_number(MAX_SESSIONS_LIMIT), n=sessions))
    minutes = args.inactivite
    if not (math.isfinite(minutes) and 0 <= minutes <= MAX_IDLE_MINUTES):
        raise UsageError(_("--inactivite must be a number of minutes between 0 and {most}, not {n}").format(
            most=format_number(MAX_IDLE_MINUTES), n=_shown_number(minutes)))
    return Limits(sessions, minutes * 60 if minutes > 0 else None)


def _shown_number(value: float) -> str:
    return format(value, "g")  # -5, not -5.0; 1e+300, not its 301 digits


def _access(args: argparse.Namespace) -> AddressCheck:
    from scrabble_fr.cli import UsageError

    public = None
    if args.adresse_publique is not None:
        try:
            public = PublicAddress.parse(args.adresse_publique)
        except ValueError:
            raise UsageError(_("{address!r} is not a public address: give one like https://club.example.org "
                               "or http://club.example.org:8080").format(address=args.adresse_publique)) from None
    return AddressCheck(args.hote, args.port, public)


def _listen_error(error: OSError) -> str:
    import errno

    from scrabble_fr.messages import system_error_text

    if isinstance(error, socket.gaierror):
        return _("this machine knows no such address")
    if error.errno == errno.EADDRINUSE:
        return _("another program uses this port: choose another with --port")
    if error.errno == errno.EADDRNOTAVAIL:
        return _("this address is not one of this machine's")
    return system_error_text(error)


def _banner(host: str, port: int, limits: Limits | None = None) -> list[str]:
    shown = host if ":" not in host else f"[{host}]"
    lines = [_("The game is served at http://{host}:{port}/ — each visitor opens it and types their code.")
             .format(host=shown, port=port)]
    if not is_loopback(host):
        if host in ("0.0.0.0", "::"):
            shown = socket.gethostname()
        lines.append(_("Listening on {host}: anyone on that network can reach it (http://{address}:{port}/); "
                       "only the codes keep the seats.").format(host=host, address=shown, port=port))
    else:
        lines.append(_("Reachable from this machine only: --hote 0.0.0.0 opens it to the network."))
    if limits is not None:
        sessions = ngettext("At most {n} browser session at once", "At most {n} browser sessions at once",
                            limits.max_sessions).format(n=limits.max_sessions)
        if limits.idle_seconds is None:
            lines.append(_("{sessions}; a session stays open without a key.").format(sessions=sessions))
        else:
            minutes = limits.idle_seconds / 60
            shown = format_number(round(minutes, 2))
            lines.append(ngettext("{sessions}; each one closed after {n} minute without a key.",
                                  "{sessions}; each one closed after {n} minutes without a key.",
                                  1 if minutes == 1 else 2).format(sessions=sessions, n=shown))
    lines.append(_("Ctrl+C stops the server."))
    return lines


def _run_visitor(args: argparse.Namespace) -> int:
    from scrabble_fr.cli.common import lexicon_loader, require_terminal
    from scrabble_fr.table.address import conceal_addresses

    require_terminal()
    conceal_addresses()  # a stranger reads this process's messages: no store address in them
    from scrabble_fr.tui.app import ScrabbleApp
    from scrabble_fr.tui.policy import SERVED

    # Confined to the seat of the code typed: the host's settings, lists and games stay the host's.
    app = ScrabbleApp(lexicon_loader=lexicon_loader(None, None), code_entry=True, offer_resume=False,
                      policy=SERVED)
    app.table_base = args.base
    app.run()
    return 0
