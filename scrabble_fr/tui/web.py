"""The browser server behind ``scrabble-fr serveur``: textual-serve, with the project's own words
and the limits a server open to strangers needs.

    >>> # WebServer("exec python -m scrabble_fr serveur --visiteur", "127.0.0.1", 8000, out, lines,
    >>> #           Limits(max_sessions=40, idle_seconds=1800), AddressCheck("127.0.0.1", 8000)).serve()

textual-serve starts one app process per websocket and relays its screen and keys. What differs
from its own server:

- the lines printed at start are ours (in the host's language), and so are the page's title and
  texts; the page gives the terminal the keyboard as it opens (no click first);
- the page's addresses follow the address the browser used (textual-serve writes the listening
  address into the page, which a browser elsewhere cannot reach when it is 0.0.0.0);
- every request's ``Host`` and every websocket's ``Origin`` are checked (:mod:`web_access`): a
  foreign page opens no session;
- at most ``max_sessions`` apps live at once (each one a process of some 60 MB and, at a table,
  a connection to its store): past that the page says the server is full, and a websocket is
  closed with that reason before any process starts; a session without a key for
  ``idle_seconds`` is closed (its app leaves the seat) and its page says why;
- a stop (Ctrl+C) ends every live session at once: each app leaves its seat, each page says the
  host stopped the server, instead of the server waiting for browsers that do not close.
"""

from __future__ import annotations

import asyncio
import html
import logging
import signal
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, TextIO

import aiohttp_jinja2
from aiohttp import WSCloseCode, web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from scrabble_fr.i18n import _, get_language, ngettext
from scrabble_fr.tui.web_access import AddressCheck
from scrabble_fr.tui.web_limits import Limits

# How long the server waits, on Ctrl+C, for the visitors' apps to save and leave their seats.
SHUTDOWN_SECONDS = 5.0
# How often a full page asks again by itself.
FULL_RETRY_SECONDS = 20
# A websocket's closing reason is at most 123 bytes: the page shows it (see PAGE_SCRIPT).
MAX_REASON_BYTES = 123


# Injected in the page's head, before textual-serve's script. The terminal's hidden text area takes
# the keyboard as soon as it exists (and again when the window comes back), so a visitor types
# their code without clicking first; a websocket closed with a reason (the server full, a session
# idle) shows that reason in the page's closing dialog.
PAGE_SCRIPT = """
<script>
(function () {
  function focusTerminal() {
    var area = document.querySelector(".xterm-helper-textarea");
    if (area && document.activeElement !== area) { area.focus(); }
    return area !== null;
  }
  var tries = 0;
  var timer = setInterval(function () {
    var ready = focusTerminal() && document.body.classList.contains("-first-byte");
    if (ready || ++tries > 600) { clearInterval(timer); }
  }, 50);
  window.addEventListener("focus", focusTerminal);
  var Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      this.addEventListener("close", function (event) {
        var said = document.querySelector(".closed-dialog .message");
        if (event.reason && said) { said.textContent = event.reason; }
      });
    }
  };
})();
</script>
"""


def _page(title: str, lines: Sequence[str], refresh: int | None = None) -> str:
    """A plain page of the server's own (a refusal), in the host's language."""
    head = f'<meta http-equiv="refresh" content="{refresh}">' if refresh is not None else ""
    body = "".join(f"<p>{html.escape(line)}</p>" for line in lines)
    return (f'<!DOCTYPE html><html lang="{get_language()}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{html.escape(title)}</title>{head}"
            "<style>body{background:#0c181f;color:#eee;font-family:monospace;font-size:18px;margin:3em;}</style>"
            f"</head><body><h1>{html.escape(title)}</h1>{body}</body></html>")


async def close_with(websocket: web.WebSocketResponse, reason: str | None,
                     code: int = WSCloseCode.GOING_AWAY) -> None:
    """Close ``websocket``, with ``reason`` for the page to say (cut to fit a close frame)."""
    if reason is None:
        await websocket.close()
        return
    data = reason.encode()
    while len(data) > MAX_REASON_BYTES:
        reason = reason[:-2] + "…"
        data = reason.encode()
    await websocket.close(code=code, message=data)


class _Session(AppService):
    """One visitor's app: textual-serve's, noting when a key last came."""

    def __init__(self, command: str, clock: Callable[[], float], **kwargs: Any) -> None:
        super().__init__(command, **kwargs)
        self.clock = clock
        self.last_key = clock()
        self.reason: str | None = None  # why the server closes the session (said on the page)

    async def send_bytes(self, data: bytes) -> bool:
        self.last_key = self.clock()  # keys and the mouse, not the page's pings or resizes
        return await super().send_bytes(data)


class WebServer(Server):
    """textual-serve's server; ``lines`` are printed once it listens."""

    def __init__(self, command: str, host: str, port: int, out: TextIO, lines: Sequence[str], limits: Limits,
                 access: AddressCheck) -> None:
        super().__init__(command, host=host, port=port, title="scrabble_fr")
        self.out = out
        self.lines = list(lines)
        self.limits = limits
        self.access = access
        self.live: dict[_Session, web.WebSocketResponse] = {}  # each live app, and its page's socket

    def initialize_logging(self) -> None:
        super().initialize_logging()
        # textual-serve and aiohttp say every connection and request at INFO; what goes wrong is
        # enough here.
        for name in ("textual-serve", "aiohttp.access"):
            logging.getLogger(name).setLevel(logging.WARNING)

    async def on_startup(self, app: web.Application) -> None:
        pass  # textual-serve's logo and lines: ours are said once the server listens (announce)

    def announce(self, *_args: Any) -> None:
        for line in self.lines:
            self.out.write(line + "\n")
        self.out.flush()

    @property
    def full(self) -> bool:
        return len(self.live) >= self.limits.max_sessions

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.middlewares.append(self._check_host)
        return app

    @web.middleware
    async def _check_host(self, request: web.Request,
                          handler: Callable[[web.Request], Awaitable[web.StreamResponse]]) -> web.StreamResponse:
        # A name that is not the server's (DNS rebinding) reaches nothing, not even the page.
        if not self.access.host_allowed(request.headers.get("Host")):
            return self._refusal(web.HTTPMisdirectedRequest.status_code, _("Wrong address"),
                                 _("This address does not lead to this server: open the one its host gave."))
        return await handler(request)

    @staticmethod
    def _refusal(status: int, title: str, line: str, retry: int | None = None) -> web.Response:
        response = web.Response(status=status, text=_page(title, [line], refresh=retry), content_type="text/html")
        if retry is not None:
            response.headers["Retry-After"] = str(retry)
        return response

    def _full_text(self) -> str:
        n = self.limits.max_sessions
        return ngettext("The server is full: {n} session is open, as many as its host allows.",
                        "The server is full: {n} sessions are open, as many as its host allows.", n).format(n=n)

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        if self.full:
            return self._refusal(web.HTTPServiceUnavailable.status_code, _("The server is full"),
                                 self._full_text() + " " + _("This page tries again by itself in a moment."),
                                 retry=FULL_RETRY_SECONDS)
        router = request.app.router
        scheme = self.access.public_scheme(request.headers.get("Host")) or request.scheme
        root = f"{scheme}://{request.host}"
        websocket = root.replace("http", "ws", 1) + str(router["websocket"].url_for())
        context = {
            "font_size": _int(request.query.get("fontsize"), 16),
            "app_websocket_url": websocket,
            "config": {"static": {"url": root + str(router["static"].url_for(filename="/")).rstrip("/") + "/"}},
            "application": {"name": self.title},
        }
        page = aiohttp_jinja2.render_string("app_index.html", request, context)
        return web.Response(text=self._our_words(page), content_type="text/html")

    @staticmethod
    def _our_words(page: str) -> str:
        """textual-serve's page (1.1.3) with a title, the language, the page script, and its
        dialogs in the visitor's language."""
        title, ended = html.escape(_("scrabble_fr — Scrabble in the browser")), html.escape(_("Session ended."))
        restart, start = html.escape(_("Restart")), html.escape(_("Start"))
        page = page.replace("<html>", f'<html lang="{get_language()}">', 1)
        page = page.replace("<head>", f'<head>\n    <meta charset="utf-8">\n    <title>{title}</title>{PAGE_SCRIPT}', 1)
        page = page.replace('<div class="message">Session ended.</div>', f'<div class="message">{ended}</div>', 1)
        page = page.replace(">Restart</button>", f">{restart}</button>", 1)
        return page.replace(">Start</button>", f">{start}</button>", 1)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """textual-serve's, behind the checks: a foreign origin is refused, a full server closes
        the socket with its reason before any process starts, an idle session is closed."""
        if not self.access.origin_allowed(request.headers.get("Origin")):
            raise web.HTTPForbidden(text=_("A page of another site cannot open a session here."))
        websocket = web.WebSocketResponse(heartbeat=15)
        await websocket.prepare(request)
        if self.full:
            await close_with(websocket, _("The server is full: try again in a moment."), WSCloseCode.TRY_AGAIN_LATER)
            return websocket
        width, height = (_int(request.query.get(name), default) for name, default in (("width", 80), ("height", 24)))
        loop = asyncio.get_running_loop()

        async def close() -> None:  # the app left: the page closes, saying why if the server knows
            await close_with(websocket, session.reason)

        session = _Session(self.command, loop.time, write_bytes=websocket.send_bytes, write_str=websocket.send_str,
                           close=close, download_manager=self.download_manager, debug=self.debug)
        self.live[session] = websocket
        watch = asyncio.create_task(self._close_when_idle(websocket, session))
        try:
            await session.start(width, height)
            try:
                await self._process_messages(websocket, session)
            finally:
                await session.stop()
        except asyncio.CancelledError:
            await websocket.close()
        except Exception as error:  # textual-serve's own handling: logged, the page closes
            logging.getLogger("textual-serve").exception(error)
        finally:
            watch.cancel()
            await session.stop()
            self.live.pop(session, None)
        return websocket

    async def _close_when_idle(self, websocket: web.WebSocketResponse, session: _Session) -> None:
        idle = self.limits.idle_seconds
        if idle is None:
            return
        loop = asyncio.get_running_loop()
        while not websocket.closed:
            left = session.last_key + idle - loop.time()
            if left > 0:
                await asyncio.sleep(left)
                continue
            minutes = max(1, round(idle / 60))
            said = ngettext("Closed after {n} minute without a key: reload the page to come back.",
                            "Closed after {n} minutes without a key: reload the page to come back.",
                            minutes).format(n=minutes) if idle >= 60 else \
                _("Closed after {n} s without a key: reload the page to come back.").format(n=round(idle))
            await self._end(session, websocket, said)
            return

    @staticmethod
    async def _end(session: _Session, websocket: web.WebSocketResponse, reason: str) -> None:
        """The app is told to leave (its seat freed, its state saved); leaving, it closes the
        page, which says why."""
        session.reason = reason
        await session.stop()
        await close_with(websocket, reason)

    async def on_shutdown(self, app: web.Application) -> None:
        # Ctrl+C: every app leaves its seat now and every page says so, rather than the server
        # waiting for browsers that do not close.
        said = _("The server was stopped by its host.")
        await asyncio.gather(*(self._end(session, websocket, said) for session, websocket in self.live.items()),
                             return_exceptions=True)

    def serve(self, debug: bool = False) -> None:
        # textual-serve's serve(), with a short grace for the apps to leave on Ctrl+C.
        self.debug = debug
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        for stop in (signal.SIGINT, signal.SIGTERM):
            try:
                loop.add_signal_handler(stop, self.request_exit)
            except (NotImplementedError, RuntimeError):
                pass
        web.run_app(self._make_app(), host=self.host, port=self.port, handle_signals=False, loop=loop,
                    print=self.announce, shutdown_timeout=SHUTDOWN_SECONDS)


def _int(value: str | None, default: int) -> int:
    """A size from the page's query, else ``default``: decimal digits only (« ² » is a digit that
    int() refuses, and would end the request in a traceback)."""
    return int(value) if value is not None and value.isdecimal() and 0 < int(value) < 10_000 else default
