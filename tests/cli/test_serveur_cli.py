"""``scrabble-fr serveur`` without a browser: what it refuses in one line (exit 2), what it says when
it listens beyond this machine, the page's addresses following the browser's, the guard that
keeps the full-screen app from piped runs unless a Textual driver is named, the names and origins
the server answers, and its limits refused in one line when they are not numbers it can use (the
served process itself: tests/web/test_server_limits.py)."""

from __future__ import annotations

import socket
import subprocess
import sys

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


@pytest.mark.parametrize("host", ["evil.example:{port}", "club.example.org:8443", "127.0.0.1:1",
                                  "localhost.evil:{port}", "192.168.1.20:{port}", "[::1:{port}"])
def test_a_name_that_is_not_the_server_s_gets_no_page(host):
    from scrabble_fr.tui.web_access import AddressCheck, PublicAddress

    check = AddressCheck("127.0.0.1", 8000, PublicAddress.parse("https://club.example.org"))
    assert not check.host_allowed(host.format(port=8000))
    assert check.host_allowed("localhost:8000") and check.host_allowed("[::1]:8000")


def test_serving_the_network_takes_numbers_and_this_machine_s_names_only():
    from scrabble_fr.tui.web_access import AddressCheck

    check = AddressCheck("0.0.0.0", 8080, names=["salle-du-club"])
    assert check.host_allowed("192.168.1.20:8080") and check.host_allowed("salle-du-club:8080")
    assert check.host_allowed("[fe80::1]:8080") and check.host_allowed("localhost:8080")
    assert not check.host_allowed("rebound.example:8080") and not check.host_allowed("192.168.1.20:8081")
    assert check.origin_allowed("http://192.168.1.20:8080") and not check.origin_allowed("http://evil.example:8080")
    assert not check.origin_allowed(None) and not check.origin_allowed("null")


@pytest.mark.parametrize("options, said", [
    (["--max-sessions", "0"], "--max-sessions must be between 1 and 10,000, not 0"),
    (["--max-sessions", "99999999999999999999"],
     "--max-sessions must be between 1 and 10,000, not 99999999999999999999"),
    (["--inactivite", "-5"], "--inactivite must be a number of minutes between 0 and 1,440, not -5"),
    (["--inactivite", "nan"], "--inactivite must be a number of minutes between 0 and 1,440, not nan"),
    (["--inactivite", "1e300"], "--inactivite must be a number of minutes between 0 and 1,440, not 1e+300"),
    (["--adresse-publique", "ftp://club.example.org"],
     "'ftp://club.example.org' is not a public address: give one like https://club.example.org or "
     "http://club.example.org:8080"),
    (["--adresse-publique", "https://club.example.org:99999"],
     "'https://club.example.org:99999' is not a public address: give one like https://club.example.org or "
     "http://club.example.org:8080"),
])
def test_a_bad_limit_or_address_is_refused_in_one_line_and_nothing_is_written(run, tmp_path, options, said):
    base = tmp_path / "t.db"
    result = run("--langue", "en", "serveur", "--base", str(base), *options)
    assert result.status == 2
    assert result.err == f"scrabble-fr serveur: {said}\n"
    assert not base.exists()
