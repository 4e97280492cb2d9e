"""A club evening: many tables entering at once into one store, PostgreSQL beside SQLite.

    uv run python bench/club.py [--tables 20] [--entries 200] [--rounds 2]

Each table is a process of its own with its own ``Store``: it opens a new
devynake match and enters ``--entries`` legal entries (starting deals as they
end), every ``LiveMatch.add_entry`` timed. All tables start together (a barrier)
on one database, and one table alone shows what an entry costs when nobody else
writes. The database is a PostgreSQL server of this run's own (``tests/postgres.py``,
with the server's durable defaults: a commit waits for the disk, as SQLite's
``synchronous=FULL`` does) or one SQLite file. Rounds alternate the two, so
both meet the same machine; the ratios are of this run. "busy" counts the writes
SQLite told a table busy (its write lock not had for 10 s) and the table tapped again,
its opening of the match included. A table that fails breaks the others' barrier, so
the run ends with the failure named instead of waiting for it.

Needs Debian's ``postgresql`` package (initdb, pg_ctl) and the ``club`` group.
"""

from __future__ import annotations

import argparse
import functools
import multiprocessing
import random
import signal
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import postgres  # noqa: E402  (tests/postgres.py)

from bench.table import PLAYERS, next_entry  # noqa: E402
from models import Store, StoreFault  # noqa: E402
from rules import Status  # noqa: E402

BACKENDS = ("postgresql", "sqlite")
T = TypeVar("T")


def table(url: str, seed: int, entries: int, start: Any, results: Any) -> None:
    """One table: its own match, ``entries`` timed entries; sends (start, end, seconds,
    busy faults). An entry told ``busy`` (the write lock not had within 10 s) is tapped
    again, as a player would; its time runs from the first tap to the acknowledgement."""
    try:
        rng = random.Random(seed)
        store = Store(url)
        busy = [0]
        live = again_when_busy(
            lambda: store.create_match(game="devynake", players=PLAYERS, options={"deals": None}),
            busy,
        )
        start.wait(timeout=600)
        began, seconds = time.perf_counter(), []
        while len(seconds) < entries:
            current = live.match.current
            if current is None or current.status is not Status.OPEN:
                again_when_busy(live.start_deal, busy)
                continue
            event = next_entry(live.match, rng)
            tick = time.perf_counter()
            outcome = again_when_busy(functools.partial(live.add_entry, event), busy)
            seconds.append(time.perf_counter() - tick)
            assert outcome.accepted, outcome.refusal
        results.put((began, time.perf_counter(), seconds, busy[0]))
        store.close()
    except BaseException as exc:
        # The others wait at the barrier for every table: a table that failed before it
        # breaks it, so they stop too, and the evening is reported failed, not hung.
        start.abort()
        results.put(repr(exc))
        raise


def again_when_busy(step: Callable[[], T], busy: list[int]) -> T:
    """``step``, done again while SQLite says ``busy`` (its write lock not had in 10 s),
    as a player taps again: every write a table makes, its start included; ``busy[0]``
    counts the retries."""
    while True:
        try:
            return step()
        except StoreFault as fault:
            if fault.kind != "busy":
                raise
            busy[0] += 1


def evening(url: str, tables: int, entries: int) -> tuple[float, list[float], int]:
    """All tables at once on ``url``: (seconds from the start to the last table's end,
    every entry's seconds, busy faults)."""
    Store(url).close()  # migrated before the tables come
    context = multiprocessing.get_context("fork")
    start, results = context.Barrier(tables), context.Queue()
    processes = [
        context.Process(target=table, args=(url, seed, entries, start, results))
        for seed in range(tables)
    ]
    for process in processes:
        process.start()
    reports = [results.get(timeout=1800) for _ in processes]
    for process in processes:
        process.join(60)
        if process.is_alive():  # bounded: a table that does not end is ended
            process.kill()
    failed = [report for report in reports if isinstance(report, str)]
    if failed:
        raise SystemExit(f"bench/club.py: a table failed: {failed[0]}")
    wall = max(end for _, end, _, _ in reports) - min(began for began, _, _, _ in reports)
    busy = sum(faults for _, _, _, faults in reports)
    return wall, [s for _, _, seconds, _ in reports for s in seconds], busy


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--entries", type=int, default=200, help="entries per table")
    parser.add_argument("--rounds", type=int, default=2, help="evenings on each backend")
    args = parser.parse_args()
    reason = postgres.missing()
    if reason:
        raise SystemExit(f"bench/club.py: {reason}")
    # One table alone too: what an entry costs when nobody else writes.
    setups = [(tables, backend) for tables in (1, args.tables) for backend in BACKENDS]
    measured: dict[tuple[int, str], list[tuple[float, list[float], int]]] = {s: [] for s in setups}
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # the server is stopped on the way out
    with postgres.running(durable=True) as server, tempfile.TemporaryDirectory() as folder:
        for round_number in range(args.rounds):
            for tables, backend in setups:
                url = (
                    server.create_database()
                    if backend == "postgresql"
                    else str(Path(folder) / f"club-{round_number}-{tables}.db")
                )
                measured[tables, backend].append(evening(url, tables, args.entries))
                wall, seconds, busy = measured[tables, backend][-1]
                print(
                    f"round {round_number + 1}, {tables:>2} tables, {backend:>10}: "
                    f"{len(seconds)} entries in {wall:.1f} s, {busy} told busy",
                    flush=True,
                )
    print(
        f"\n{args.entries} entries per table, {args.rounds} rounds each, alternated"
        " (entries/s: all tables together; ms: one add_entry)"
    )
    print(
        f"{'tables':>6} {'backend':>10} {'entries/s':>10} {'p50 ms':>8} {'p99 ms':>8} "
        f"{'mean ms':>8} {'max ms':>8} {'busy':>5}"
    )
    rows = {}
    for (tables, backend), evenings in measured.items():
        seconds = [s for _, run, _ in evenings for s in run]
        rate = len(seconds) / sum(wall for wall, _, _ in evenings)
        rows[tables, backend] = (rate, percentile(seconds, 0.5), percentile(seconds, 0.99))
        p50, p99 = rows[tables, backend][1:]
        print(
            f"{tables:>6} {backend:>10} {rate:>10.0f} {p50 * 1e3:>8.1f} {p99 * 1e3:>8.1f} "
            f"{statistics.fmean(seconds) * 1e3:>8.1f} {max(seconds) * 1e3:>8.0f} "
            f"{sum(busy for _, _, busy in evenings):>5}"
        )
    print()
    for tables in (1, args.tables):
        pg, lite = rows[tables, "postgresql"], rows[tables, "sqlite"]
        print(
            f"PostgreSQL / SQLite, {tables:>2} tables: entries/s {pg[0] / lite[0]:.2f}, "
            f"p50 {pg[1] / lite[1]:.2f}, p99 {pg[2] / lite[2]:.2f}"
        )


if __name__ == "__main__":
    main()
