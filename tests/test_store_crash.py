"""Kill the app mid-deal, again and again: nothing it reported as accepted may be lost.

A child process plays a devynake match into the store (entries, new deals,
now and then an undo) and prints each accepted entry only after the store
returned from committing it. The parent kills it with SIGKILL at random
moments – during start-up, migration, replay, or between and inside
commits – and after each kill checks that the database passes
``PRAGMA integrity_check`` and holds every entry the child printed.
"""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time

import pytest
from conftest import ROOT

from models import Store
from models.records import dumps

KILLS = 16
CHILD = """
import json, random, sys
sys.path.insert(0, sys.argv[3])
from bench.table import next_entry
from models import Store
from rules import Status

rng = random.Random(int(sys.argv[2]))
store = Store(sys.argv[1])
going = [m for m in store.list_matches() if m.status == "open"]
live = (store.resume(going[0].id) if going else
        store.create_match(game="devynake", players=["Ona", "Jonas", "Rūta"],
                           options={"deals": None}))
print(json.dumps(["ready", live.match_id]), flush=True)
while True:
    current = live.match.current
    if current is None or current.status is not Status.OPEN:
        live.start_deal()
    elif rng.random() < 0.03:
        live.undo()
    else:
        event = next_entry(live.match, rng)
        outcome = live.add_entry(event)
        assert outcome.accepted, outcome
        print(json.dumps(["entry", live.match_id, current.number, outcome.index, event]),
              flush=True)
"""


def _run_and_kill(db, seed: int, rng: random.Random) -> list[list]:
    """Start the child, kill it at a random moment, return the lines it printed in full."""
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(db), str(seed), str(ROOT)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )
    lines: list[bytes] = []
    ready = threading.Event()

    def read() -> None:
        for line in child.stdout:
            lines.append(line)
            ready.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    if rng.random() < 0.25:
        time.sleep(rng.uniform(0.0, 1.0))  # while it starts, opens, migrates or replays
    else:
        assert ready.wait(30), child.stderr.read1().decode() if child.poll() else "no start"
        time.sleep(rng.uniform(0.0, 0.4))
    os.kill(child.pid, signal.SIGKILL)
    child.wait(30)
    reader.join(30)
    child.stderr.close()
    assert child.returncode == -signal.SIGKILL, "the child stopped by itself"
    return [json.loads(line) for line in lines if line.endswith(b"\n")]


def _stored(
    connection: sqlite3.Connection, match_id: int, deal: int, index: int, event: dict
) -> bool:
    return (
        connection.execute(
            "SELECT count(*) FROM entries e JOIN deals d ON d.id = e.deal_id"
            " WHERE d.match_id = ? AND d.number = ? AND e.seq = ? AND e.event = ?",
            (match_id, deal, index, dumps(event)),
        ).fetchone()[0]
        > 0
    )


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_killed_at_random_moments_loses_nothing_accepted(tmp_path):
    db = tmp_path / "p.db"
    rng = random.Random(20241130)
    reported = 0
    for seed in range(KILLS):
        printed = [line for line in _run_and_kill(db, seed, rng) if line[0] == "entry"]
        reported += len(printed)
        with sqlite3.connect(db) as connection:
            assert connection.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
            lost = [line for line in printed if not _stored(connection, *line[1:])]
        assert not lost, f"kill {seed}: accepted entries missing from the database: {lost}"
    assert reported > KILLS  # the children did get to play
    store = Store(db)
    [summary] = store.list_matches()
    result = store.resume(summary.id).verdict()
    store.close()
    assert all(not deal["rejected"] for deal in result["deals"])
    assert summary.totals == result["totals"]  # the caches survived every kill too
