"""``scrabble-fr serveur`` without a browser: what it refuses in one line (exit 2), what it says when
it listens beyond this machine, the page's addresses following the browser's, and the guard that
keeps the full-screen app from piped runs unless a Textual driver is named."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request

import pytest

from scrabble_fr.cli import serveur


def test_a_port_out_of_range_is_refused(run):
    result = run("serveur", "--port", "70000", "--langue", "en")
    assert result.status == 2
    assert result.err == "scrabble-fr serveur: the port must be between 1 and 65535, not 70000\n"


def test_a_port_in_use_is_said_in_one_line(tmp_path):
    # In a process of its own, as it runs: the server's event loop is its process's only one.
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = subprocess.run(
            [sys.executable, "-m", "scrabble_fr", "serveur", "--port", str(port), "--base", str(tmp_path / "t.db"),
             "--langue", "en"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert result.stderr == (f"scrabble-fr serveur: cannot listen on 127.0.0.1 port {port}: another program "
                             "uses this port: choose another with --port\n")


def test_an_unreachable_base_is_said_before_serving(run):
    result = run("serveur", "--base", "postgresql://nobody@127.0.0.1:1/tables", "--langue", "en")
    assert result.status == 2
    assert result.err.startswith("scrabble-fr serveur: the table store postgresql://nobody@127.0.0.1:1/tables "
                                 "cannot be reached")
    assert result.err.count("\n") == 1


def test_the_loopback_is_the_default_and_another_address_is_said_open_to_its_network(english):
    assert serveur.is_loopback("127.0.0.1") and serveur.is_loopback("::1") and serveur.is_loopback("localhost")
    assert not serveur.is_loopback("0.0.0.0") and not serveur.is_loopback("192.168.1.20")
    local = serveur._banner("127.0.0.1", 8000)
    assert local[0] == "The game is served at http://127.0.0.1:8000/ — each visitor opens it and types their code."
    assert "this machine only" in local[1]
    shared = serveur._banner("192.168.1.20", 8080)
    assert shared[1] == ("Listening on 192.168.1.20: anyone on that network can reach it "
                         "(http://192.168.1.20:8080/); only the codes keep the seats.")
    assert "[::]" in serveur._banner("::", 8000)[0]


def test_the_visitor_command_execs_the_app_in_the_language_of_the_server():
    command = serveur.visitor_command("en")
    assert command.startswith("exec ") and command.endswith(" -m scrabble_fr --langue en serveur --visiteur")


def test_the_visitor_app_needs_a_terminal_unless_a_textual_driver_is_named(monkeypatch, english):
    from scrabble_fr.cli import UsageError
    from scrabble_fr.cli.common import require_terminal

    monkeypatch.delenv("TEXTUAL_DRIVER", raising=False)
    with pytest.raises(UsageError, match="needs a terminal"):
        require_terminal()  # pytest's stdin is not a terminal
    monkeypatch.setenv("TEXTUAL_DRIVER", "textual.drivers.web_driver:WebDriver")
    require_terminal()


def test_the_page_addresses_follow_the_address_the_browser_used(tmp_path):
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "scrabble_fr", "serveur", "--port", str(port), "--base", str(tmp_path / "t.db")],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=dict(os.environ, PYTHONUNBUFFERED="1"))
    try:
        assert server.stdout is not None
        assert f"http://127.0.0.1:{port}/" in server.stdout.readline()
        request = urllib.request.Request(f"http://127.0.0.1:{port}/", headers={"Host": "club.example:8123"})
        page = urllib.request.urlopen(request, timeout=10).read().decode()
        assert 'data-session-websocket-url="ws://club.example:8123/ws"' in page
        assert "http://club.example:8123/static/js/textual.js" in page
        assert "0.0.0.0" not in page and f"127.0.0.1:{port}" not in page
    finally:
        started = time.monotonic()
        server.terminate()
        server.wait(timeout=30)
        assert time.monotonic() - started < 10
