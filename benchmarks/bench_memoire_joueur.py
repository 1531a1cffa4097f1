"""Benchmark of a club duplicate player's memory: what one more player costs a club host.

    python benchmarks/bench_memoire_joueur.py                 # 10 players, SQLite
    python benchmarks/bench_memoire_joueur.py --joueurs 30 --base postgresql://…

``scrabble-fr serveur`` is started as a club host starts it; N browsers are played by websocket
clients that speak textual-serve's protocol (each gets its own app process, as a browser tab
does), type their seat's code, propose a move; the arbitrator, in this process with the word list,
starts the coup, closes it and computes the top. The memory of each process is its PSS
(``/proc/PID/smaps_rollup``: shared pages divided between the processes that share them, so the
PSS of all the processes add up to what they take together), read after the seat opens, after the
coup's top is shown, and after the seats are held a while (``--attente``: a process that grows
while nothing happens shows there). "Per additional player" is the growth of the total from one
player to N, divided by N - 1. Linux only. Numbers are printed, never asserted (target: 60 MB).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from scrabble_fr.table.duplicate import (  # noqa: E402
    DuplicateTable,
    DuplicateTableSettings,
    create_duplicate_table,
)
from scrabble_fr.table.store import open_store  # noqa: E402
from scrabble_fr.words import WordSet  # noqa: E402

MB = 1024 * 1024
# Seed 2 draws ACCLEZU for coup 1; every player proposes H8 CALE, the top is H8 CALEZ.
SEED, MOVE, WORDS = 2, "H8 CALE", ["CALE", "CALEZ"]


def pss(pid: int) -> int:
    """A process's proportional set size in bytes."""
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        if line.startswith("Pss:"):
            return int(line.split()[1]) * 1024
    raise RuntimeError(f"no Pss for {pid}")


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            # The command name is in parentheses and may hold spaces: the fields after it.
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return sorted(found)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Visitor:
    """One browser tab: a websocket to the server, its own app process behind it."""

    def __init__(self, session, url: str) -> None:  # type: ignore[no-untyped-def]
        self.session = session
        self.url = url
        self.websocket = None
        self.reader: asyncio.Task[None] | None = None
        self.seen = b""  # the end of what the app drew, to know when a screen is up

    async def open(self) -> None:
        # A browser's websocket comes with its page's origin: the server refuses any other.
        self.websocket = await self.session.ws_connect(self.url + "ws?width=80&height=24",
                                                       origin=self.url.rstrip("/"))
        self.reader = asyncio.create_task(self._drain())

    async def _drain(self) -> None:
        assert self.websocket is not None
        async for message in self.websocket:  # the screen's updates: only their end is kept
            if isinstance(message.data, bytes):
                self.seen = (self.seen + message.data)[-4096:]
            elif isinstance(message.data, str):
                self.seen = (self.seen + message.data.encode())[-4096:]

    async def keys(self, text: str) -> None:
        assert self.websocket is not None
        await self.websocket.send_str(json.dumps(["stdin", text]))

    async def close(self) -> None:
        if self.websocket is not None:
            await self.websocket.close()
        if self.reader is not None:
            await self.reader


async def wait_until(condition, timeout: float = 60.0) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError("the players' apps did not answer in time")
        await asyncio.sleep(0.1)


def measure(server: subprocess.Popen[str]) -> tuple[int, list[int]]:
    apps = children(server.pid)
    for pid in apps:
        # textual-serve starts each app through a shell, which execs it: the app itself is measured.
        assert b"--visiteur" in Path(f"/proc/{pid}/cmdline").read_bytes(), pid
    return pss(server.pid), [pss(pid) for pid in apps]


def line(label: str, server_pss: int, apps: list[int]) -> str:
    return (f"{label}: {len(apps)} player processes, PSS each {statistics.mean(apps) / MB:.1f} MB on average "
            f"(min {min(apps) / MB:.1f}, max {max(apps) / MB:.1f}); the server {server_pss / MB:.1f} MB; "
            f"in all {(server_pss + sum(apps)) / MB:.1f} MB")


async def run(players: int, base: str, hold: float) -> None:
    import aiohttp

    store = open_store(base)
    names = [f"Joueur {n}" for n in range(1, players + 1)]
    created = create_duplicate_table(store, DuplicateTableSettings(names, seconds=None, seed=SEED))
    codes = [created.codes[seat] for seat in range(players)]
    arbiter = DuplicateTable.join(store, created.codes[players], WordSet(WORDS))
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    server = subprocess.Popen(
        [sys.executable, "-m", "scrabble_fr", "--langue", "en", "serveur", "--port", str(port), "--base", base],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=dict(os.environ, PYTHONUNBUFFERED="1"))
    assert server.stdout is not None
    first = server.stdout.readline()
    assert url in first, first
    print(f"{players} players on {'PostgreSQL' if base.startswith('postgres') else 'SQLite'}, "
          f"python {sys.version.split()[0]}")

    def seated(count: int) -> bool:
        seats = store.table(created.table.id).seats
        return sum(1 for seat in seats[:players] if seat.present) >= count

    visitors: list[Visitor] = []
    totals: dict[int, int] = {}
    try:
        async with aiohttp.ClientSession() as session:
            for n, code in enumerate(codes, start=1):
                visitor = Visitor(session, url)
                await visitor.open()
                visitors.append(visitor)
                await wait_until(lambda v=visitor: b"Code" in v.seen)  # the code-entry screen is up
                await visitor.keys(code + "\r")
                await wait_until(lambda n=n: seated(n))
                if n == 1:
                    await asyncio.sleep(1.0)  # the player's screen drawn
                    server_pss, apps = measure(server)
                    totals[1] = sum(apps)
                    print(line("1 player, seat open", server_pss, apps))
            await asyncio.sleep(1.0)
            server_pss, apps = measure(server)
            totals[players] = sum(apps)
            print(line(f"{players} players, seats open", server_pss, apps))

            arbiter.sync()
            arbiter.start_coup()
            await asyncio.sleep(1.0)  # every screen shows the draw
            for visitor in visitors:
                await visitor.keys(MOVE + "\r")

            def proposed() -> bool:
                arbiter.sync()
                coup = arbiter.current
                return coup is not None and len(coup.proposals) == players

            await wait_until(proposed)
            arbiter.close_coup(1)
            await asyncio.sleep(2.0)  # every screen shows the top
            server_pss, apps = measure(server)
            print(line(f"{players} players, after a coup", server_pss, apps))
            after_coup = statistics.mean(apps)
            if hold > 0:
                # The seats held (each renews its lease every two seconds, every screen follows
                # the table): a process that grows while nothing happens would show here.
                await asyncio.sleep(hold)
                server_pss, apps = measure(server)
                print(line(f"{players} players, {hold:g} s later", server_pss, apps))
            if players > 1:
                extra = (totals[players] - totals[1]) / (players - 1)
                print(f"per additional player: {extra / MB:.1f} MB with the seat open, "
                      f"{after_coup / MB:.1f} MB a process after a coup; target 60 MB")
            for visitor in visitors:
                await visitor.close()
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
        arbiter.close()
        store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--joueurs", type=int, default=10, help="how many players (default 10)")
    parser.add_argument("--base", help="the table store (default: a SQLite file in a temporary folder)")
    parser.add_argument("--attente", type=float, default=30.0,
                        help="seconds to hold the seats after the coup before measuring again (default 30)")
    args = parser.parse_args()
    if not Path("/proc/self/smaps_rollup").exists():
        raise SystemExit("this benchmark reads /proc/PID/smaps_rollup: Linux only")
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(run(max(1, args.joueurs), args.base or str(Path(folder) / "tables.db"), args.attente))


if __name__ == "__main__":
    main()
