"""Hostile ``--base`` on every command that takes one: an unknown scheme, a password in a malformed
address, libpq's keyword form, a folder that does not exist. Every case is one line, exit 2,
nothing written (no file, no folder), and the password is never printed — in French and in
English. A read-only command on a SQLite file that does not exist creates nothing either."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from scrabble_fr.cli import main
from scrabble_fr.table.address import parse_address, shown_text
from scrabble_fr.table.errors import TableError

SECRET = "S3cr3tPw"
CODE = "abcd-efgh-jkmn-pqrs-tuvw"

# Each command that takes --base, with what it needs besides.
COMMANDS = {
    "tables": ["tables"],
    "creer": ["table", "creer", "--joueurs", "Alice,Bruno"],
    "creer-duplicate": ["table", "creer", "--duplicate"],
    "rejoindre": ["table", "rejoindre", CODE, "--nom", "Alice"],
    "arbitrer": ["table", "arbitrer", CODE],
    "regarder": ["table", "regarder", "abcdefgh"],
    "etat": ["table", "etat", CODE, "--json"],
    "jouer": ["table", "jouer", CODE, "passer"],
    "resultats": ["table", "resultats", "abcdefgh", "--csv"],
    "exporter": ["exporter", "abcdefgh", "--gcg"],
    "serveur": ["serveur", "--port", "8765"],
}

ADDRESSES = {
    "scheme-typo": f"postgresq://club:{SECRET}@db.example/scrabble",
    "other-scheme": f"mysql://club:{SECRET}@localhost/scrabble",
    "sqlite-url": f"sqlite:///club:{SECRET}@here.db",
    "one-slash": f"postgresql:/club:{SECRET}@db/scrabble",
    "libpq-parse-error": f"postgresql://club:{SECRET}@[::1/scrabble",
    "libpq-bad-port": f"postgresql://club:{SECRET}@localhost:port/scrabble",
    "libpq-keywords": f"host=localhost user=club password={SECRET}",
    "query-password": f"postgresql://club@[::1/scrabble?password={SECRET}",
    "encoded-password": "postgresql://club:S3cr%33tPw@[::1/scrabble",
    "bare-at-in-password": f"postgresql://club:{SECRET[:4]}@{SECRET[4:]}@127.0.0.1:1/scrabble",
    "no-server": f"postgresql://club:{SECRET}@127.0.0.1:1/scrabble",
    "missing-folder": "{tmp}/nope/deeper/tables.sqlite3",
    "escape-in-folder": "{tmp}/\x1b[2J\x1b]0;pwned\x07/tables.sqlite3",
    "a-folder": "{tmp}",
}


def run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(argv, out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def everything_under(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*"))


@pytest.fixture
def room(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty working folder, the user's data folder inside it, no SCRABBLE_FR_BASE."""
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    monkeypatch.setenv("XDG_DATA_HOME", str(work / "data"))
    monkeypatch.setenv("HOME", str(work / "home"))
    monkeypatch.delenv("SCRABBLE_FR_BASE", raising=False)
    return work


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize("kind", list(ADDRESSES))
@pytest.mark.parametrize("command", list(COMMANDS))
def test_a_hostile_base_is_one_line_exit_2_nothing_written_no_password(room, command, kind, language):
    pytest.importorskip("psycopg")
    address = ADDRESSES[kind].format(tmp=room)
    status, out, err = run([*COMMANDS[command], "--base", address, "--langue", language])
    assert status == 2, (out, err)
    assert out == "" and err.count("\n") == 1 and err.endswith("\n"), err
    assert SECRET not in err and "S3cr%33tPw" not in err, err
    assert "Traceback" not in err and "\x1b" not in err and "\x07" not in err
    assert everything_under(room) == [], "something was written"


@pytest.mark.parametrize("kind, expected", [
    ("scheme-typo", "n'est pas l'adresse d'une base de tables"),
    ("libpq-keywords", "n'est pas l'adresse d'une base de tables"),
    ("missing-folder", "nope/deeper"),
    ("libpq-parse-error", "injoignable"),
    ("a-folder", "c'est un dossier"),
    ("bare-at-in-password", "écrivez-le %40"),
])
def test_each_hostile_base_says_what_is_wrong(room, kind, expected):
    pytest.importorskip("psycopg")
    status, _out, err = run(["tables", "--base", ADDRESSES[kind].format(tmp=room)])
    assert status == 2 and expected in err, err


def test_no_part_of_a_password_with_a_bare_at_is_said(room):
    # libpq would end the password at the "@" and quote the rest as the host it cannot resolve.
    status, _out, err = run(["tables", "--base", ADDRESSES["bare-at-in-password"]])
    assert status == 2 and SECRET[4:] not in err and "postgresql://club@127.0.0.1:1/scrabble" in err, err


def test_the_same_through_scrabble_fr_base(room, monkeypatch):
    monkeypatch.setenv("SCRABBLE_FR_BASE", ADDRESSES["scheme-typo"])
    status, out, err = run(["tables"])
    assert status == 2 and out == "" and SECRET not in err and everything_under(room) == []


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize("kind", ["scheme-typo", "no-server", "query-password", "libpq-keywords"])
def test_a_base_misplaced_before_its_command_is_quoted_without_its_password(room, kind, language):
    # The option belongs to the command: argparse then quotes the address as an unknown command.
    status, out, err = run(["--langue", language, "--base", ADDRESSES[kind], "tables"])
    assert status == 2 and out == "" and err.count("\n") == 1, err
    assert SECRET not in err and everything_under(room) == [], err


READ_ONLY = ["tables", "rejoindre", "arbitrer", "regarder", "etat", "jouer", "resultats", "exporter"]


@pytest.mark.parametrize("command", READ_ONLY)
def test_a_command_that_finds_nothing_makes_no_file(room, command):
    """A SQLite file that does not exist (its folder does): ``tables`` lists nothing, a code or an
    id is unknown; neither the file nor the default store's folder is made."""
    path = room / "tables.sqlite3"
    status, out, err = run([*COMMANDS[command], "--base", str(path)])
    assert status == (0 if command == "tables" else 2), err
    assert not path.exists() and everything_under(room) == []
    status, out, err = run(COMMANDS[command])  # the default store, in the user's data folder
    assert status == (0 if command == "tables" else 2), err
    assert everything_under(room) == []


def test_the_first_table_makes_the_file_and_a_reader_opened_before_sees_it(room):
    from scrabble_fr.table import TableSettings, create_table, open_store

    path = room / "tables.sqlite3"
    reader = open_store(str(path))
    assert reader.tables() == [] and not path.exists()
    created = create_table(open_store(str(path)), TableSettings(["Alice", "Bruno"], seed=2))
    assert os.stat(path).st_mode & 0o077 == 0
    assert [info.id for info in reader.tables()] == [created.table.id]
    status, out, _err = run(["table", "creer", "--joueurs", "Carol,Dan"])  # the default store: made
    assert status == 0 and (room / "data" / "scrabble_fr" / "tables.sqlite3").exists(), out


def test_shown_addresses_keep_no_password():
    assert shown_text(f"postgresql://club:{SECRET}@db:5432/x?sslmode=require&password={SECRET}") == \
        "postgresql://club@db:5432/x?sslmode=require"
    assert shown_text(f"host=db password={SECRET}") == "host=db password=***"
    assert shown_text("tables\x1b[2J.sqlite3") == "tables\\x1b[2J.sqlite3"
    address = parse_address(f"postgresql://club:{SECRET}@[::1/x")
    said = address.redact(f'invalid URI: "postgresql://club:{SECRET}@[::1/x" ({SECRET})')
    assert SECRET not in said and "postgresql://club@[::1/x" in said
    for text in ("tables.sqlite3", "C:/Users/x/tables.sqlite3", "./a:b/t.sqlite3", ":memory:"):
        assert parse_address(text).backend.value == "sqlite"
    for text in ("postgres://h/x", "postgresql://h/x", "  postgresql://h/x"):
        assert parse_address(text).backend.value == "postgresql"
    with pytest.raises(TableError) as refused:
        parse_address("file:///tmp/x.sqlite3")
    assert refused.value.code == "base_unknown"


def test_a_server_message_quoting_the_address_is_said_without_the_password(postgres):
    """libpq's own message quotes a malformed address; a real server refusing a wrong database
    is said too, neither with the password."""
    from scrabble_fr.table import open_store

    port = postgres.port
    for address in (f"postgresql://postgres:{SECRET}@[::1:{port}/postgres",
                    f"postgresql://postgres:{SECRET}@127.0.0.1:{port}/no_such_database"):
        with pytest.raises(TableError) as refused:
            open_store(address)
        from scrabble_fr.messages import describe

        assert refused.value.code == "base_unreachable"
        assert SECRET not in describe(refused.value) and SECRET not in str(refused.value)


async def test_a_served_visitor_is_told_no_address(monkeypatch):
    """The process of a stranger's browser tab (``serveur --visiteur``) names no store: a store
    out of reach is said on the code screen without its user, host, port or password."""
    pytest.importorskip("psycopg")
    from textual.widgets import Input, Static

    from scrabble_fr.table import address
    from scrabble_fr.tui.app import ScrabbleApp
    from scrabble_fr.tui.screens.table_code import TableCodeScreen

    monkeypatch.setattr(address, "_concealed", False)
    address.conceal_addresses()
    app = ScrabbleApp(code_entry=True, offer_resume=False)
    app.table_base = f"postgresql://club:{SECRET}@127.0.0.1:1/scrabble"
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        field = app.screen.query_one("#code", Input)
        field.focus()
        await pilot.press(*CODE, "enter")
        await pilot.pause()
        assert isinstance(app.screen, TableCodeScreen)
        said = str(app.screen.query_one("#table-code-message", Static).render())
    assert said.startswith("La base des tables est injoignable pour l'instant"), said
    for private in (SECRET, "club", "127.0.0.1", "scrabble"):
        assert private not in said, said
