"""``scrabble-fr serveur`` as strangers meet it, without a browser: the page's addresses follow the
address the browser used (behind a reverse proxy too), a name that is not the server's gets no
page, a page of another site no websocket, past ``--max-sessions`` the page and the websocket say
the server is full, and a session without a key is closed with the reason on its page. No refusal
starts an app process: the server's own process holds no connection to the table store, so a
refusal costs none."""

from __future__ import annotations

import asyncio

import aiohttp


def test_the_page_addresses_follow_the_address_the_browser_used(tmp_path, web_server):
    server = web_server(str(tmp_path / "t.db"), options=["--adresse-publique", "https://club.example.org"])
    status, page = server.get(f"localhost:{server.port}")
    assert status == 200
    assert f'data-session-websocket-url="ws://localhost:{server.port}/ws"' in page
    assert f"http://localhost:{server.port}/static/js/textual.js" in page
    assert "0.0.0.0" not in page and f"127.0.0.1:{server.port}" not in page
    assert "<title>scrabble_fr — Scrabble in the browser</title>" in page and '<html lang="en">' in page
    # Behind a reverse proxy in https: the page's websocket in wss at the public address.
    status, page = server.get("club.example.org")
    assert status == 200
    assert 'data-session-websocket-url="wss://club.example.org/ws"' in page
    assert server.get(f"club.example.net:{server.port}")[0] == 421
    server.stop()
    assert server.stop_seconds < 10


def test_a_size_that_is_not_a_number_in_the_query_is_the_default_not_a_traceback(tmp_path, web_server):
    server = web_server(str(tmp_path / "t.db"))
    websocket = server.url.replace("http", "ws", 1) + "ws?width=\u00b2&height=-3"

    async def visit() -> tuple[int, str, object]:
        async with aiohttp.ClientSession() as client:
            # « ² » is a digit to str.isdigit() that int() refuses.
            async with client.get(server.url + "?fontsize=\u00b2") as page:
                status, text = page.status, await page.text()
            opened = await client.ws_connect(websocket, origin=server.url.rstrip("/"))
            first = await opened.receive()  # the app's first bytes: it started at 80×24
            await opened.close()
        return status, text, first.type

    status, page, first = asyncio.run(visit())
    assert status == 200 and 'data-font-size="16"' in page
    assert first is aiohttp.WSMsgType.BINARY
    assert "Traceback" not in server.stop()


# A socket that ends without a close frame keeps answering CLOSED: waiting for CLOSE alone would
# spin until the time limit instead of failing on what came.
ENDED = (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR)


def test_strangers_meet_the_host_the_origin_the_cap_and_the_idle_time(tmp_path, web_server):
    server = web_server(str(tmp_path / "t.db"), options=["--max-sessions", "1", "--inactivite", "0.05"])
    assert server.banner[2] == "At most 1 browser session at once; each one closed after 0.05 minutes without a key.\n"
    websocket = server.url.replace("http", "ws", 1) + "ws?width=80&height=24"

    async def visit() -> dict[str, object]:
        seen: dict[str, object] = {}
        async with aiohttp.ClientSession() as client:
            try:
                await client.ws_connect(websocket, origin="https://evil.example")
            except aiohttp.WSServerHandshakeError as refused:
                seen["foreign"] = refused.status
            seen["after foreign"] = server.children()
            first = await client.ws_connect(websocket, origin=f"http://localhost:{server.port}")
            await first.receive()  # the app's first bytes: its process runs
            seen["live"] = len(server.children())
            second = await client.ws_connect(websocket, origin=server.url.rstrip("/"))
            closed = await second.receive()
            seen["full"] = (closed.data, closed.extra)
            async with client.get(server.url) as page:
                seen["page"] = (page.status, await page.text())
            started = asyncio.get_running_loop().time()
            while (message := await first.receive()).type not in ENDED:
                pass
            seen["idle"] = (message.data, message.extra, round(asyncio.get_running_loop().time() - started))
            for _ in range(100):
                if not server.children():
                    break
                await asyncio.sleep(0.1)
            seen["after idle"] = server.children()  # the app left with its page
            # The host stops the server with a page open: its app leaves, the page says why, at once.
            last = await client.ws_connect(websocket, origin=server.url.rstrip("/"))
            await last.receive()
            server.process.terminate()
            while (message := await last.receive()).type not in ENDED:
                pass
            seen["stopped"] = (message.data, message.extra)
        return seen

    seen = asyncio.run(visit())
    assert seen["foreign"] == 403 and seen["after foreign"] == []
    assert seen["live"] == 1
    assert seen["full"] == (1013, "The server is full: try again in a moment.")
    status, page = seen["page"]  # type: ignore[misc]
    assert status == 503 and "The server is full: 1 session is open, as many as its host allows." in page
    code, reason, _seconds = seen["idle"]  # type: ignore[misc]
    assert (code, reason) == (1001, "Closed after 3 s without a key: reload the page to come back.")
    assert seen["after idle"] == []
    assert seen["stopped"] == (1001, "The server was stopped by its host.")
    server.stop()
    assert server.stop_seconds < 5  # no browser waited for
