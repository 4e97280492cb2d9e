"""Kill a club's tables and its server at random moments: nothing acknowledged may be lost.

The SQLite campaign (``test_store_crash.py``) run on a PostgreSQL database: the same
children playing each game through ``Store`` and ``LiveMatch``, saying what they ask and
what the store answered, and the same check after each kill – every acknowledged match,
deal and entry stored exactly once, undos and replacements as acknowledged, the call in
flight there whole or not at all, every match replaying with its caches.

Two kinds of kill, in turn:

* **the table**: the child process, SIGKILL, as the SQLite campaign does; the server
  rolls back whatever transaction the child had open;
* **the server**: SIGKILL to the server process serving the child – PostgreSQL then
  ends every other server process and recovers from its write-ahead log, as after a
  crash. The child's call in flight fails with a store fault (it says "fault" and
  ends); what the server had answered before must be there after the recovery.

The server is one of its own for this module, on 127.0.0.1, with ``synchronous_commit``
on (``postgres.running(crash_safe=True)``): a commit is answered only once its log has
left the server's memory. Bounded: ``KILLS`` kills a game, each within ``KILL_DELAY_S``
of the child's "ready", and a recovery waited for at most ``RECOVERY_TRIES`` polls.
"""

from __future__ import annotations

import os
import random
import signal
import time
from collections.abc import Iterator
from contextlib import suppress

import postgres
import pytest
from test_store_crash import (
    GAMES,
    KILL_DELAY_S,
    History,
    Kill,
    Zygote,
    check_after_kill,
    describe,
    needs_fork,
    ready,
    undone_rows,
)

KILLS = 4  # per game: the table, the server, the table, the server
RECOVERY_TRIES = 600  # polls of 0.05 s: a server not back within this fails the test
CARELESS_TRIES = 3


@pytest.fixture(scope="module")
def crash_server() -> Iterator[postgres.Server]:
    reason = postgres.missing()
    if reason:
        pytest.skip(f"{reason}: PostgreSQL kill campaign skipped")
    with postgres.running(crash_safe=True) as server:
        yield server


@pytest.fixture(scope="module")
def zygote_process() -> Iterator[Zygote]:
    process = Zygote()
    yield process
    process.close()


def kill_the_server(server: postgres.Server, url: str):
    """The kill of the server: SIGKILL to the server processes serving the database."""
    database = url.rsplit("/", 1)[1]

    def kill(_child: int) -> None:
        pids = server.rows(
            "SELECT pid FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()",
            (database,),
        )
        assert pids, "no server process serves the child"
        for (pid,) in pids:
            with suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)

    return kill


def recovered(server: postgres.Server) -> None:
    """Wait until the server answers again after its crash recovery."""
    for _ in range(RECOVERY_TRIES):
        with suppress(Exception):
            if server.value("SELECT NOT pg_is_in_recovery()"):
                return
        time.sleep(0.05)
    raise AssertionError("the server did not come back after the kill")


@needs_fork
@pytest.mark.parametrize("game", GAMES)
def test_killed_tables_and_server_lose_nothing_acknowledged(
    game, crash_server, zygote_process, capsys
):
    url = crash_server.create_database()
    rng = random.Random(f"club crash {game}")
    history = History()
    kills: list[Kill] = []
    server_kills = 0
    try:
        for n in range(KILLS):
            job = {"mode": "play", "db": url, "game": game, "seed": rng.randrange(2**32)}
            job.update(options=None, mutant=None, undo_first=n % 2 == 1)
            the_server = n % 2 == 1
            how = kill_the_server(crash_server, url) if the_server else None
            run = zygote_process.run(job, ready, KILL_DELAY_S, rng, kill=how)
            if the_server:
                recovered(crash_server)
                server_kills += any(line[0] == "fault" for line in run.lines)
            kill = check_after_kill(run, url, history, fault_ends=the_server)
            assert not kill.problems, f"{game}, kill {n + 1}:\n" + "\n".join(kill.problems)
            kills.append(kill)
        rows = undone_rows(url)
    finally:
        crash_server.drop_database(url)
    with capsys.disabled():
        print(f"\nPostgreSQL {describe(game, kills, rows)}; server killed {KILLS // 2} times")
    assert sum(kill.calls["entry"] for kill in kills) > KILLS  # the children did get to play
    assert server_kills >= 1  # a server kill did land under a child's call


@needs_fork
def test_the_check_catches_a_server_that_answers_before_its_log_is_safe(zygote_process, capsys):
    """The same check, on a server that answers a commit before its log leaves memory
    (``synchronous_commit=off``, the log written out every 10 s): killed under a table
    that has had entries acknowledged, it loses the last of them (those on the log's page
    not yet written), and the check says so. A kill can land just after a page was
    written: up to ``CARELESS_TRIES`` tables, each on a database of its own."""
    if postgres.missing():
        pytest.skip(f"{postgres.missing()}: PostgreSQL kill campaign skipped")
    rng = random.Random("careless server")
    found: list[str] = []

    def acknowledged(lines: list[list]) -> bool:
        return sum(line[:2] == ["ok", "entry"] for line in lines) >= 20

    with postgres.running(extra="-c wal_writer_delay=10000") as careless:
        for _ in range(CARELESS_TRIES):
            url = careless.create_database()
            job = {"mode": "play", "db": url, "game": "devynake", "seed": rng.randrange(2**32)}
            job.update(options={"deals": None}, mutant=None, undo_first=False)
            kill = kill_the_server(careless, url)
            run = zygote_process.run(job, acknowledged, (0.0, 0.0), rng, kill)
            recovered(careless)
            found = check_after_kill(run, url, History(), fault_ends=True).problems
            if found:
                break
    with capsys.disabled():
        print(f"\ncareless server: {len(found)} problems, the first: {found[:1]}")
    assert any("is not on disk" in problem for problem in found)
