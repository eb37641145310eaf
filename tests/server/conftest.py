"""Fixtures of the table server's tests: a database of each kind (a file of SQLite, a
database on a throw-away PostgreSQL cluster started once per run), a clock the test
moves, and the server in this process (``Served``)."""

from __future__ import annotations

import itertools
import subprocess

import pytest

from server.pgtemp import TempPostgres

from .support import Clock

_names = itertools.count(1)


@pytest.fixture(scope="session")
def postgres():
    """One PostgreSQL cluster for the run (Debian's ``postgresql``, which
    ``scripts/setup --server`` installs); each test gets a database of its own."""
    with TempPostgres() as pg:
        yield pg


def new_database(postgres: TempPostgres) -> str:
    name = f"t{next(_names)}"
    subprocess.run(
        [
            str(postgres.bin / "psql"),
            "-h",
            "127.0.0.1",
            "-p",
            str(postgres.port),
            "-U",
            "postgres",
            "-q",
            "-c",
            f"CREATE DATABASE {name}",
        ],
        check=True,
        capture_output=True,
    )
    return postgres.url.rsplit("/", 1)[0] + "/" + name


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request, tmp_path) -> str:
    """A new, empty database of each kind."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'tables.db'}"
    return new_database(request.getfixturevalue("postgres"))


@pytest.fixture
def clock() -> Clock:
    return Clock()
