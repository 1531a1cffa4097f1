"""What the shared-table benchmarks (bench_tables.py, bench_club.py) have in common: a throwaway
PostgreSQL cluster, the processes' CPU and memory read from /proc (Linux), percentiles, a table.

Not a benchmark itself; imported by the two.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TICKS = os.sysconf("SC_CLK_TCK")
PAGE_KB = os.sysconf("SC_PAGE_SIZE") // 1024


# -- PostgreSQL: a throwaway cluster, as the tests start one ----------------------------------------
def _pg_bin(name: str) -> str | None:
    for version in ("17", "16", "15", "14"):
        candidate = Path("/usr/lib/postgresql") / version / "bin" / name
        if candidate.exists():
            return str(candidate)
    return shutil.which(name)


def _as_postgres(command: list[str]) -> subprocess.CompletedProcess[str]:
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root: the system user postgres runs it
        command = ["su", "postgres", "-s", "/bin/sh", "-c", " ".join(f"'{part}'" for part in command)]
    return subprocess.run(command, capture_output=True, text=True, timeout=120)


class Cluster:
    """initdb in a temporary folder, started on 127.0.0.1 (fsync off: a throwaway cluster, as in
    the tests), with room for every seat's connection."""

    def __init__(self, max_connections: int) -> None:
        initdb, pg_ctl = _pg_bin("initdb"), _pg_bin("pg_ctl")
        if initdb is None or pg_ctl is None:
            raise RuntimeError("PostgreSQL's binaries (initdb, pg_ctl) are not installed")
        self.pg_ctl = pg_ctl
        self.folder = Path(tempfile.mkdtemp(prefix="scrabble-bench-pg-"))
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres", "postgres")
        self.data = self.folder / "data"
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port = int(sock.getsockname()[1])
        result = _as_postgres([initdb, "-D", str(self.data), "-A", "trust", "-U", "postgres"])
        if result.returncode:
            raise RuntimeError(result.stderr)
        options = (f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off "
                   f"-c max_connections={max_connections}")
        result = _as_postgres([pg_ctl, "-D", str(self.data), "-o", options, "-l", str(self.folder / "log"),
                               "-w", "start"])
        if result.returncode:
            raise RuntimeError(result.stderr + result.stdout)
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def postmaster(self) -> int:
        return int((self.data / "postmaster.pid").read_text().split()[0])

    def remove(self) -> None:
        _as_postgres([self.pg_ctl, "-D", str(self.data), "-m", "immediate", "-w", "stop"])
        shutil.rmtree(self.folder, ignore_errors=True)


# -- CPU and memory from /proc ------------------------------------------------------------------------
def host_cpu() -> tuple[float, float]:
    """(busy, total) CPU seconds of the whole machine since it started."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + fields[4]
    return (sum(fields) - idle) / TICKS, sum(fields) / TICKS


def process_cpu(pid: int, children: bool = False) -> float:
    """CPU seconds (user + system) of a process, and of its exited children if ``children``."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return 0.0
    fields = text.rsplit(")", 1)[1].split()
    used = int(fields[11]) + int(fields[12])
    if children:
        used += int(fields[13]) + int(fields[14])
    return used / TICKS


def children_of(pid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                text = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            if int(text.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry))
    return found


def server_cpu(postmaster: int) -> float:
    """A PostgreSQL server's CPU seconds: the postmaster, its exited backends, its live ones."""
    return process_cpu(postmaster, children=True) + sum(process_cpu(pid) for pid in children_of(postmaster))


def memory_kb(pid: int) -> tuple[int, int]:
    """(RSS, PSS) of a process in KiB, (0, 0) once it is gone."""
    try:
        text = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        return 0, 0
    values = {}
    for line in text.splitlines()[1:]:
        key, _sep, rest = line.partition(":")
        if rest.strip().endswith("kB"):
            values[key] = int(rest.split()[0])
    return values.get("Rss", 0), values.get("Pss", 0)


def host_memory_used_kb() -> int:
    info = {}
    for line in Path("/proc/meminfo").read_text().splitlines():
        key, _sep, rest = line.partition(":")
        info[key] = int(rest.split()[0])
    return info["MemTotal"] - info["MemAvailable"]


@dataclass
class MemorySampler:
    """The largest sum of the RSS and PSS of a set of processes, read every ``interval`` seconds."""

    pids: list[int]
    peak_rss: int = 0
    peak_pss: int = 0
    peak_host: int = 0
    samples: list[tuple[int, int]] = field(default_factory=list)

    def sample(self) -> None:
        rss = pss = 0
        for pid in self.pids:
            r, p = memory_kb(pid)
            rss += r
            pss += p
        self.samples.append((rss, pss))
        self.peak_rss = max(self.peak_rss, rss)
        self.peak_pss = max(self.peak_pss, pss)
        self.peak_host = max(self.peak_host, host_memory_used_kb())


# -- numbers ------------------------------------------------------------------------------------------
def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile (0 for no values)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, int(-(-share * len(ordered) // 1)))
    return ordered[min(rank, len(ordered)) - 1]


def print_table(headers: list[str], rows: list[list[str]]) -> None:
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]
    print("  ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True)))
    print("  ".join("-" * w for w in widths))
    for row in rows:
        print("  ".join(c.rjust(w) if i else c.ljust(w) for i, (c, w) in enumerate(zip(row, widths, strict=True))))


def spawn(args: list[str]) -> subprocess.Popen[str]:
    """A child running this interpreter with the project on its path; its stdin and stdout piped."""
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.Popen([sys.executable, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                            env=env, bufsize=1)


def wait_ready(processes: list[subprocess.Popen[str]], timeout: float = 300.0) -> None:
    """Every child prints ``ready`` once it has joined its seat and loaded what it needs."""
    deadline = time.monotonic() + timeout
    for process in processes:
        assert process.stdout is not None
        line = process.stdout.readline().strip()
        if line != "ready":
            raise RuntimeError(f"a seat did not start: {line!r}")
        if time.monotonic() > deadline:
            raise RuntimeError("the seats took too long to start")
