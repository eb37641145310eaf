"""A throw-away PostgreSQL cluster on this machine, for the tests and the benchmark.

``initdb`` into a new folder, ``pg_ctl start`` on a free port of 127.0.0.1 with its
socket in that folder, a database, and ``stop`` removes it all. PostgreSQL refuses to
run as root: as root the cluster belongs to the ``postgres`` user (Debian's package
makes it) and each command runs through ``runuser``.

    with TempPostgres() as pg:
        pg.url   # postgresql://postgres@127.0.0.1:PORT/schwimmen
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

DATABASE = "schwimmen"


def pg_bin() -> Path | None:
    """The folder of Debian's PostgreSQL programs (the newest installed), or None."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=_version)
    return Path(found[-1]).parent if found else None


def _version(path: str) -> float:
    try:
        return float(Path(path).parent.parent.name)
    except ValueError:
        return 0.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]  # (host, port) for IPv4
        return port


class TempPostgres:
    """A PostgreSQL cluster of its own (see the module text)."""

    def __init__(self) -> None:
        binary = pg_bin()
        if binary is None:
            raise RuntimeError("PostgreSQL is not installed: apt-get install postgresql")
        self.bin = binary
        self.port = free_port()
        self.dir = Path(tempfile.mkdtemp(prefix="schwimmen-pg-"))
        self.data = self.dir / "data"
        self.user = "postgres" if os.geteuid() == 0 else None
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/{DATABASE}"

    def _run(self, *args: str) -> None:
        command = [str(self.bin / args[0]), *args[1:]]
        if self.user is not None:
            command = ["runuser", "-u", self.user, "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"{args[0]} failed: {done.stdout[-800:]} {done.stderr[-800:]}")

    def start(self) -> TempPostgres:
        if self.user is not None:
            shutil.chown(self.dir, self.user, self.user)
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "-A", "trust", "-E", "UTF8")
        options = (
            f"-k {self.dir} -p {self.port} -c listen_addresses=127.0.0.1 "
            "-c fsync=on -c max_connections=100"
        )
        log = str(self.dir / "log")
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l", log, "-w", "start")
        self._run("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", DATABASE)
        return self

    def stop(self) -> None:
        if (self.data / "postmaster.pid").exists():
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.dir, ignore_errors=True)

    def __enter__(self) -> TempPostgres:
        return self.start()

    def __exit__(self, *_exc: object) -> None:
        self.stop()
