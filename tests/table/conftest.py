"""The two backends of the shared tables: a SQLite file, and a real PostgreSQL started for the
tests (a throwaway cluster: initdb in a temporary folder, run as the system user postgres since
PostgreSQL refuses root, on 127.0.0.1). Without PostgreSQL's binaries its tests are skipped, except
under CI, where that is a failure."""

from __future__ import annotations

import io
import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scrabble_fr.cli import main
from scrabble_fr.words import WordSet

BIN_DIRS = [Path("/usr/lib/postgresql") / v / "bin" for v in ("17", "16", "15", "14")]


def _pg_bin(name: str) -> str | None:
    for folder in BIN_DIRS:
        if (folder / name).exists():
            return str(folder / name)
    return shutil.which(name)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _as_postgres(command: list[str]) -> subprocess.CompletedProcess[str]:
    if os.geteuid() == 0:
        quoted = " ".join(f"'{part}'" for part in command)
        command = ["su", "postgres", "-s", "/bin/sh", "-c", quoted]
    return subprocess.run(command, capture_output=True, text=True, timeout=120)


class Cluster:
    """A throwaway PostgreSQL cluster; ``stop``/``start`` for the fault tests; ``settings``: more
    of the server's ``-c`` options (a subclass's)."""

    settings = ""

    def __init__(self) -> None:
        initdb, self.pg_ctl = _pg_bin("initdb"), _pg_bin("pg_ctl")
        if initdb is None or self.pg_ctl is None:
            reason = "PostgreSQL's binaries (initdb, pg_ctl) are not installed"
            if os.environ.get("CI"):
                pytest.fail(reason + " (CI must have them: see .ci/run)")
            pytest.skip(reason)
        self.folder = Path(tempfile.mkdtemp(prefix="scrabble-pg-"))
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres", "postgres")
        self.data = self.folder / "data"
        self.port = _free_port()
        result = _as_postgres([initdb, "-D", str(self.data), "-A", "trust", "-U", "postgres"])
        assert result.returncode == 0, result.stderr
        self.start()
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def start(self) -> None:
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off {self.settings}"
        result = _as_postgres([self.pg_ctl, "-D", str(self.data), "-o", options, "-l",
                               str(self.folder / "log"), "-w", "start"])
        assert result.returncode == 0, result.stderr + result.stdout

    def schema_url(self, name: str) -> str:
        """The address of a fresh, empty schema of its own (a new database would cost a copy of
        the template each)."""
        import psycopg

        with psycopg.connect(self.url, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE")
            conn.execute(f"CREATE SCHEMA {name}")
        return f"{self.url}?options=-csearch_path%3D{name}"

    def stop(self, mode: str = "fast") -> None:
        _as_postgres([self.pg_ctl, "-D", str(self.data), "-m", mode, "-w", "stop"])

    def remove(self) -> None:
        self.stop("immediate")
        shutil.rmtree(self.folder, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres(request: pytest.FixtureRequest) -> Iterator[Cluster]:
    """One cluster per test process, whichever module asks first: tests outside this folder load
    these fixtures too (tests/test_hostile_table.py), and a second cluster would cost another
    initdb. It is kept on the session's config while it runs; the fixture that started it removes
    it when the session's fixtures end (with the last test, before the process is told to stop)."""
    shared: Cluster | None = getattr(request.config, "_scrabble_fr_postgres", None)
    if shared is not None:
        yield shared
        return
    cluster = Cluster()
    request.config._scrabble_fr_postgres = cluster  # type: ignore[attr-defined]
    try:
        yield cluster
    finally:
        del request.config._scrabble_fr_postgres  # type: ignore[attr-defined]
        cluster.remove()


def store_address(request: pytest.FixtureRequest, folder: Path, backend: str) -> str:
    """A fresh, empty table store on ``backend``: a SQLite file in ``folder``, or a schema of its
    own on the cluster, named after the test (or module) that asks."""
    if backend == "sqlite":
        return str(folder / "tables.sqlite3")
    cluster: Cluster = request.getfixturevalue("postgres")
    return cluster.schema_url(f"t{os.getpid()}_{abs(hash(request.node.nodeid)) % 10**9}")


@pytest.fixture(params=["sqlite", "postgresql"])
def base(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A table store's address, on each backend (a fresh database each test)."""
    return store_address(request, tmp_path, request.param)


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def module_base(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory,
                module_environment: None) -> str:
    """A table store shared by a module's tests, on each backend: for tests that only check that
    a refused command writes nothing (each compares every row before and after), so that a table
    is created once per module rather than once per case."""
    return store_address(request, tmp_path_factory.mktemp("tables"), request.param)


@pytest.fixture
def words() -> WordSet:
    return WordSet(["BALTE", "TABLE", "BLET", "BLETS", "ABLE", "ETAL", "TALE", "LATTE", "BALLE", "PELA", "PALE"],
                   "mini")


def until_back(seat: Any) -> list[str]:
    """Poll a seat (either kind of table) until its store answers again; what the look that
    found it back said."""
    deadline = time.monotonic() + 20
    while True:
        outcome = seat.poll(timeout=0.1)
        if outcome is not None and not seat.offline:
            return list(outcome.messages)
        assert time.monotonic() < deadline, "the store did not come back"


def plays_coup_3(arbiter: Any, player: Any) -> None:
    """A duplicate table at coup 2 plays on: the arbitrator closes it and starts coup 3, the
    player proposes nothing, the arbitrator closes it; nothing is found damaged."""
    arbiter.close_coup()
    arbiter.start_coup()
    player.poll(timeout=2.0)
    assert player.damaged is None and len(player.coups) == 3 and player.current is not None
    player.propose("-")
    arbiter.poll(timeout=2.0)
    arbiter.close_coup()
    assert arbiter.damaged is None and arbiter.coups[2].results is not None


def run(*argv: str) -> tuple[int, str, str]:
    """``scrabble-fr argv…`` in this process: its exit status, what it wrote out and what to err."""
    out, err = io.StringIO(), io.StringIO()
    return main(list(argv), out=out, err=err), out.getvalue(), err.getvalue()
