"""Test helpers: the project's sample records, the optional shared folder, record builders.

The tests stand on the project's own files: ``tests/scenarios`` holds the sample
records with their expected verdicts (copied from the shared folder when they were
handed over). ``../shared`` is read only by the checks that say so, when it is there.

``store_url`` is the database a store test opens: an SQLite file, then an empty
database on the session's own PostgreSQL server (``tests/postgres.py``; skipped with
the reason where PostgreSQL or its driver is missing).
"""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys

import postgres
import pytest
from hypothesis import HealthCheck, settings

from rules.entries import (
    Drew,
    Entry,
    HandRevealed,
    JacksShown,
    Played,
    StarterTurned,
    TrumpShown,
    simple_entry,
)

# pytest rewrites each test module's asserts as it imports it and keeps the result in
# __pycache__, but only where bytecode may be written: an environment with
# PYTHONDONTWRITEBYTECODE=1 (this machine's) had every worker of every run rewrite all
# the test modules again (collecting took 5.7 s of CPU a worker, 2.6 s with them kept).
# That bytecode is the tests' own to keep (git ignores __pycache__), as `.ci/run`
# compiles the app's.
sys.dont_write_bytecode = False

# No example may fail for taking long: hypothesis's own limit (200 ms an example, and a
# health check on slow data) is wall time, which a busy machine stretches.
settings.register_profile("partija", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("partija")

ROOT = pathlib.Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "tests" / "scenarios"
SHARED = ROOT.parent / "shared"


def main_process(
    *args: object, env: dict[str, str] | None = None, text: bool = True
) -> subprocess.CompletedProcess:
    """``main.py ARGS`` as a user runs it, a process of its own (``env``: variables set on
    top of this one's; no terminal on its stdin), for what only a process shows: its log
    file, its exit when nobody can be asked, a server's start. Else ``cli`` is quicker."""
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *map(str, args)],
        capture_output=True,
        text=text,
        cwd=ROOT,
        env={**os.environ, **(env or {})},
        stdin=subprocess.DEVNULL,
        timeout=120,
        check=False,
    )


@pytest.fixture
def cli(capfdbinary, monkeypatch):
    """``main.py ARGS`` run in this process: a process of its own adds only an interpreter's
    start (about 0.7 s of CPU), so the tests about a command's answers run it here and keep
    a process for what only a process shows. Returns (exit status, stdout, stderr) as
    bytes; ``env``: variables set for the call."""
    from app.cli import main

    def run(*args: object, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
        with monkeypatch.context() as patch:
            for name, value in (env or {}).items():
                patch.setenv(name, value)
            status = main([str(arg) for arg in args], prog="main.py")
        out, err = capfdbinary.readouterr()
        return subprocess.CompletedProcess(args, status, out, err)

    return run


@pytest.fixture
def cli_text(cli):
    """``cli`` with its output as text."""

    def run(*args: object, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
        done = cli(*args, env=env)
        return subprocess.CompletedProcess(
            args, done.returncode, done.stdout.decode(), done.stderr.decode()
        )

    return run


@pytest.fixture(scope="session")
def postgres_server():
    """One PostgreSQL server for the whole run, started at the first test that needs it."""
    reason = postgres.missing()
    if reason:
        pytest.skip(f"{reason}: PostgreSQL tests skipped")
    with postgres.running() as server:
        yield server


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request, tmp_path):
    """A fresh database for one test: a new SQLite file, or a new PostgreSQL database
    (dropped afterwards)."""
    if request.param == "sqlite":
        yield str(tmp_path / "partija.db")
        return
    server = request.getfixturevalue("postgres_server")
    url = server.create_database()
    yield url
    server.drop_database(url)


def rows(url: str, sql: str) -> list[tuple]:
    """The rows of one query, read beside the store (a file path or a server's URL)."""
    from sqlalchemy import create_engine, text

    engine = create_engine(url if "://" in url else f"sqlite:///{url}")
    try:
        with engine.connect() as connection:
            return [tuple(row) for row in connection.execute(text(sql))]
    finally:
        engine.dispose()


def record(game: str, players: int | list[str], deals: list[list[dict]], **top) -> dict:
    """A match record with ``deals`` as lists of events."""
    names = players if isinstance(players, list) else [f"P{i}" for i in range(players)]
    out = {
        "format": 1,
        "game": game,
        "players": names,
        "options": top.pop("options", {}),
        "deals": [{"events": events} for events in deals],
    }
    out.update(top)
    return out


def compared(game: str, players: int | list[str], deals: list[list[dict]], **top) -> dict:
    """The parts of a record's verdict that ``check_scenarios.py`` compares."""
    from rules.record import load, verdict

    match, names = load(record(game, players, deals, **top))
    v = verdict(match, names)
    return {
        "deals": [
            {
                "dealer": d["dealer"],
                "status": d["status"],
                "points": d["points"],
                "rejected": sorted((r["event"], r["code"]) for r in d["rejected"]),
                "violations": sorted(
                    (x["event"], x["proof"], x["player"], x["code"], *x.get("ruling", "").split())
                    for x in d["violations"]
                ),
            }
            for d in v["deals"]
        ],
        "totals": v["totals"],
        "finished": v["finished"],
        "winners": v["winners"],
    }


def D(dealer, status="open", points=None, rejected=(), violations=()) -> dict:
    """One deal as ``compared`` gives it."""
    return {
        "dealer": dealer,
        "status": status,
        "points": points,
        "rejected": sorted(rejected),
        "violations": sorted(violations),
    }


def entry(text: str) -> Entry:
    """One entry value from ``"play 1 AH"``, ``"play 1 5H left"``, ``"jacks 0 JH JD"``,
    ``"trump 9H"``, ``"draw 1 37"``, ``"reveal 0 5C 6C"``, ``"stay 2"``, ``"annul"``."""
    kind, *args = text.split()
    if kind in ("trump", "starter"):
        return (TrumpShown if kind == "trump" else StarterTurned).of(args[0])
    player = int(args[0]) if args else None
    if player is None:
        return simple_entry(kind)
    if kind == "play":
        return Played.of(player, args[1], *args[2:3])
    if kind in ("jacks", "reveal"):
        return (JacksShown if kind == "jacks" else HandRevealed).of(player, *args[1:])
    if kind == "draw":
        return Drew(player, int(args[1]) if len(args) > 1 else 1)
    return simple_entry(kind, player)


def ev(text: str) -> dict:
    """One entry as record JSON, written as ``entry`` takes it."""
    return entry(text).to_record()


def deal(*texts: str) -> list[dict]:
    """Entries written as comma-separated short strings."""
    return [ev(part.strip()) for text in texts for part in text.split(",") if part.strip()]


def need_shared(path: str) -> pathlib.Path:
    """A file or folder of ``../shared``; the calling test is skipped where it is absent."""
    found = SHARED / path
    if not found.exists():
        pytest.skip(f"{found} is not here (a clone on its own has no ../shared): check skipped")
    return found
