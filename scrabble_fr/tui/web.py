"""The browser server behind ``scrabble-fr serveur``: textual-serve, with the project's own words.

    >>> # WebServer("exec python -m scrabble_fr serveur --visiteur", "127.0.0.1", 8000, out, lines).serve()

textual-serve starts one app process per browser tab and relays its screen and keys over a
websocket. Three things differ from its own server: the lines printed at start are ours (in the
player's language); the page's addresses follow the address the browser used (textual-serve writes
the listening address into the page, which a browser elsewhere cannot reach when it is 0.0.0.0);
and a stop with browsers still connected closes their pages after a few seconds instead of waiting
for them.
"""

from __future__ import annotations

import asyncio
import logging
import signal
from collections.abc import Sequence
from typing import Any, TextIO

import aiohttp_jinja2
from aiohttp import web
from textual_serve.server import Server

# How long the server waits, on Ctrl+C, for the visitors' apps to save and leave their seats.
SHUTDOWN_SECONDS = 5.0


class WebServer(Server):
    """textual-serve's server; ``lines`` are printed once it listens."""

    def __init__(self, command: str, host: str, port: int, out: TextIO, lines: Sequence[str]) -> None:
        super().__init__(command, host=host, port=port, title="scrabble_fr")
        self.out = out
        self.lines = list(lines)

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

    @aiohttp_jinja2.template("app_index.html")
    async def handle_index(self, request: web.Request) -> dict[str, Any]:
        router = request.app.router
        root = f"{request.scheme}://{request.host}"
        font_size = request.query.get("fontsize", "16")
        websocket = root.replace("http", "ws", 1) + str(router["websocket"].url_for())
        return {
            "font_size": int(font_size) if font_size.isdigit() else 16,
            "app_websocket_url": websocket,
            "config": {"static": {"url": root + str(router["static"].url_for(filename="/")).rstrip("/") + "/"}},
            "application": {"name": self.title},
        }

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
