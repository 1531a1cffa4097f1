"""``scrabble-fr serveur``: the game in web browsers, for a club's room or a table across a network.

    $ scrabble-fr serveur
    $ scrabble-fr serveur --hote 0.0.0.0 --port 8080 --base postgresql://club@db/scrabble

textual-serve runs one app process per browser tab (``--visiteur``: the app opens on the
code-entry screen, its input and output piped to the page); each visitor types their code and gets
their seat's screen. The server listens on the loopback address, reachable from this machine only,
unless ``--hote`` says otherwise. The table store (``--base``) reaches the visitors' processes
through ``SCRABBLE_FR_BASE``, never through a command line that ``ps`` would show.
"""

from __future__ import annotations

import argparse
import ipaddress
import os
import shlex
import socket
import sys
from typing import Any, TextIO

from scrabble_fr.i18n import _, get_language

BASE_ENV = "SCRABBLE_FR_BASE"


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
                       lines=_banner(args.hote, args.port))
    try:
        server.serve()
    except OSError as exc:
        raise UsageError(_("cannot listen on {host} port {port}: {detail}").format(
            host=args.hote, port=args.port, detail=_listen_error(exc))) from None
    return 0


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


def _banner(host: str, port: int) -> list[str]:
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
    lines.append(_("Ctrl+C stops the server."))
    return lines


def _run_visitor(args: argparse.Namespace) -> int:
    from scrabble_fr.cli.common import lexicon_loader, require_terminal
    from scrabble_fr.table.address import conceal_addresses

    require_terminal()
    conceal_addresses()  # a stranger reads this process's messages: no store address in them
    from scrabble_fr.tui.app import ScrabbleApp

    app = ScrabbleApp(lexicon_loader=lexicon_loader(None, None), code_entry=True, offer_resume=False)
    app.table_base = args.base
    app.run()
    return 0
