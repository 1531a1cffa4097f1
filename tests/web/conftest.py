"""A real browser for ``scrabble-fr serveur``: the server started as a player's club host starts it,
and Debian's chromium driven by playwright through its executable (never a downloaded browser).
Without chromium or playwright the browser tests are skipped, except under CI, where that is a
failure (.ci/run installs chromium).

xterm.js draws the terminal on canvases, so the page holds no text: an init script keeps the
terminal object textual-serve's bundle makes (it sets a ``terminal`` property) as ``window.__xterm``,
and :meth:`Page.screen` reads its rows.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")

# textual-serve 1.1.3's bundle assigns the xterm.js Terminal to a property named "terminal".
KEEP_TERMINAL = """
Object.defineProperty(Object.prototype, 'terminal', {
  configurable: true,
  set(value) {
    window.__xterm = value;
    Object.defineProperty(this, 'terminal', {value, writable: true, configurable: true, enumerable: true});
  },
});
"""

READ_ROWS = """() => {
  const terminal = window.__xterm;
  if (!terminal) return '';
  const buffer = terminal.buffer.active, rows = [];
  for (let i = 0; i < terminal.rows; i++) {
    const line = buffer.getLine(i);
    rows.push(line ? line.translateToString(true) : '');
  }
  return rows.join('\\n');
}"""


def _missing(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(reason + " (CI must have it: see .ci/run)", pytrace=False)
    pytest.skip(reason)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Page:
    """A browser tab on the server: type, press, and read the terminal's rows."""

    def __init__(self, page: Any) -> None:
        self.page = page

    def screen(self) -> str:
        return str(self.page.evaluate(READ_ROWS))

    def wait_for(self, *texts: str, timeout: float = 15.0) -> str:
        """The screen once it shows every one of ``texts`` (a failure with the screen, else)."""
        deadline = time.monotonic() + timeout
        while True:
            shown = self.screen()
            if all(text in shown for text in texts):
                return shown
            if time.monotonic() > deadline:
                raise AssertionError(f"{texts!r} not on the screen after {timeout} s:\n{shown}")
            time.sleep(0.1)

    def type(self, text: str) -> None:
        self.page.keyboard.type(text)

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)


class Browser:
    """Debian's chromium through playwright; ``open(url)`` a new tab, ready for keys."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.context = browser.new_context(viewport={"width": 1000, "height": 640})
        # The page links Google's fonts: offline, that request fails; it is not waited for.
        self.context.route("https://fonts.googleapis.com/**", lambda route: route.abort())
        self.context.add_init_script(KEEP_TERMINAL)

    def open(self, url: str) -> Page:
        """A tab on the app, once its screen came; nothing is clicked or focused by hand: the page
        gives the terminal the keyboard itself."""
        return self.open_tabs(url, 1)[0]

    def open_tabs(self, url: str, count: int) -> list[Page]:
        """``count`` tabs opened at once (their apps start side by side), once their screens came."""
        pages = [self.context.new_page() for _ in range(count)]
        for page in pages:
            page.goto(url, wait_until="domcontentloaded")
        for page in pages:
            page.wait_for_selector("body.-first-byte", timeout=20_000)
        return [Page(page) for page in pages]


# The module's, not the session's: playwright's sync API keeps an event loop running in the
# thread while it is open, and any test after it in the same process that starts its own loop
# (Textual's pilot: asyncio.run) would fail. Closed when the module ends, it leaves none behind.
@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not CHROMIUM.exists():
        _missing(f"no chromium at {CHROMIUM} (Debian: apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("playwright is not installed (pip install -e \".[test]\")")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True)
        try:
            yield Browser(launched)
        finally:
            launched.close()


@pytest.fixture
def browser_tab(browser: Browser, web_server: Any) -> Iterator[Browser]:
    """The session's browser with a fresh context per test, closed before the server stops (a
    server stopped with a page still connected waits for it)."""
    fresh = Browser(browser.browser)
    try:
        yield fresh
    finally:
        fresh.context.close()


class Server:
    """``scrabble-fr serveur`` in a process of its own, on a free port of the loopback address."""

    def __init__(self, base: str, language: str = "en", options: Sequence[str] = ()) -> None:
        self.base = base
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "scrabble_fr", "--langue", language, "serveur", "--port", str(self.port),
             "--base", base, *options],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
        assert self.process.stdout is not None
        first = self.process.stdout.readline()
        assert self.url in first, first + self.process.stdout.read()
        # What it says at start: where, who reaches it, its limits, how to stop it.
        self.banner = [first] + [self.process.stdout.readline() for _ in range(3)]

    def get(self, host: str) -> tuple[int, str]:
        """The status and the page the server answers a request naming ``host``."""
        request = urllib.request.Request(self.url, headers={"Host": host})
        try:
            with urllib.request.urlopen(request, timeout=10) as answer:
                return answer.status, answer.read().decode()
        except urllib.error.HTTPError as refused:
            return refused.code, refused.read().decode()

    def children(self) -> list[int]:
        """The app processes the server runs now (one per live browser session)."""
        path = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        return [int(pid) for pid in path.read_text().split()]

    def stop(self) -> str:
        started = time.monotonic()
        self.process.terminate()
        try:
            out, _err = self.process.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            out, _err = self.process.communicate()
        self.stop_seconds = time.monotonic() - started
        return out or ""


@pytest.fixture
def web_server(tmp_path: Path) -> Iterator[Callable[..., Server]]:
    started: list[Server] = []

    def start(base: str, language: str = "en", options: Sequence[str] = ()) -> Server:
        server = Server(base, language, options)
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()
