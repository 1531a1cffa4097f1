"""``scrabble-fr serveur`` in a real browser. A club duplicate player: the page of the server, a
code typed without a click, a move proposed, the tab closed and opened again on the same state, the
top once the arbitrator closes the coup. A visitor with no code opens no settings; past
``--max-sessions`` the page says the server is full; a page of another site opens no session.
One server serves the module (``--max-sessions 2``), as a club host would start it.

Seed 2 draws ACCLEZU for coup 1. The player proposes H8 CALE: C3 A1 L1 E1 on the centre star
(double word) = 12 points. The arbitrator's list holds CALE and CALEZ; its top is H8 CALEZ:
Z on H12, a double letter, 3 + 1 + 1 + 1 + 20 = 26, doubled = 52.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from scrabble_fr.table.duplicate import DuplicateTable, DuplicateTableSettings, create_duplicate_table
from scrabble_fr.table.store import open_store
from scrabble_fr.words import WordSet

from .conftest import Server

pytestmark = pytest.mark.timeout(120)
MAX_SESSIONS = 2


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    started = Server(str(tmp_path_factory.mktemp("served") / "tables.db"), "en",
                     ["--max-sessions", str(MAX_SESSIONS)])
    yield started
    started.stop()


def _sessions_end(server: Server) -> None:
    """Wait until the tabs of the tests before have left (their apps gone)."""
    _wait_until(lambda: not server.children())


def _wait_until(condition, timeout: float = 15.0) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.1)


def test_a_player_proposes_in_the_browser_and_sees_the_top(server: Server, browser_tab) -> None:
    store = open_store(server.base)
    created = create_duplicate_table(store, DuplicateTableSettings(["Alice"], seconds=None, seed=2))
    alice_code, arbiter_code = created.codes[0], created.codes[1]
    arbiter = DuplicateTable.join(store, arbiter_code, WordSet(["CALE", "CALEZ"]))
    arbiter.start_coup()

    tab = browser_tab.open(server.url)  # the code typed at once: the page gave the terminal the keys
    tab.wait_for("Join a table", "Code")
    tab.type(alice_code)
    tab.press("Enter")
    tab.wait_for("Alice", "Coup 1 — draw ACCLEZU", "No move of yours yet")
    tab.type("H8 CALE")
    tab.press("Enter")
    tab.wait_for("Your move: H8 CALE")
    spectator = DuplicateTable(store, store.table(created.table.id), None, spectator=True)
    assert spectator.current is not None and spectator.current.proposals == {0: "H8 CALE"}

    # The tab closed: its app leaves the seat; a new tab and the same code find the same state.
    tab.page.close()
    _wait_until(lambda: not store.table(created.table.id).seats[0].present)
    tab = browser_tab.open(server.url)
    tab.wait_for("Join a table")
    tab.type(alice_code)
    tab.press("Enter")
    tab.wait_for("Coup 1 — draw ACCLEZU", "Your move: H8 CALE")

    # The arbitrator closes the coup (in this process, which holds the word list): the top.
    arbiter.sync()
    arbiter.close_coup(1)
    shown = tab.wait_for("Coup 1 results", "Top: H8 CALEZ 52")
    assert "You: 12 points" in shown.split("Coup 1 results", 1)[1], shown
    arbiter.close()
    store.close()


def test_a_visitor_with_no_code_opens_no_settings(server: Server, browser_tab) -> None:
    tab = browser_tab.open(server.url)
    tab.wait_for("Join a table")
    assert tab.page.title() == "scrabble_fr — Scrabble in the browser"
    tab.press("Control+p")
    tab.type("settings")
    shown = tab.wait_for("No matches found")
    assert "Verification, language, theme" not in shown
    tab.press("Escape")
    tab.press("F9")
    time.sleep(0.5)
    shown = tab.wait_for("Join a table")
    assert "Default word list" not in shown and "Verification" not in shown


def test_past_max_sessions_the_page_says_the_server_is_full(server: Server, browser_tab) -> None:
    _sessions_end(server)
    tabs = browser_tab.open_tabs(server.url, MAX_SESSIONS)
    for tab in tabs:
        tab.wait_for("Join a table")
    page = browser_tab.context.new_page()
    response = page.goto(server.url, wait_until="domcontentloaded")
    assert response is not None and response.status == 503
    assert page.title() == "The server is full"
    assert "The server is full: 2 sessions are open, as many as its host allows." in page.inner_text("body")
    assert len(server.children()) == MAX_SESSIONS
    # A tab closed frees its session: the full page, loaded again, opens the app.
    tabs[0].page.close()
    _wait_until(lambda: len(server.children()) < MAX_SESSIONS)
    page.reload(wait_until="domcontentloaded")
    page.wait_for_selector("body.-first-byte", timeout=20_000)


OTHER_SITE = """<!DOCTYPE html><html><body><script>
window.tried = new Promise((done) => {
  const socket = new WebSocket(PLACE);
  socket.onopen = () => done("opened");
  socket.onclose = (event) => done("closed " + event.code);
});
</script></body></html>"""


def test_a_page_of_another_site_opens_no_session(server: Server, browser_tab) -> None:
    _sessions_end(server)
    page = browser_tab.context.new_page()
    place = server.url.replace("http", "ws", 1) + "ws?width=80&height=24"
    browser_tab.context.route("http://other.example/**", lambda route: route.fulfill(
        content_type="text/html", body=OTHER_SITE.replace("PLACE", repr(place))))
    page.goto("http://other.example/", wait_until="domcontentloaded")
    assert page.evaluate("window.tried") == "closed 1006"  # the handshake refused (403)
    assert server.children() == []
