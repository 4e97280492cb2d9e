"""Bulk work a club meets: a store of 10 000 matches imported, and one record of 10 000 deals.

    uv run python bench/import.py [--matches 10000] [--repeat 3] [--no-postgres]

**The club's store.** ``--matches`` match records of the four games, each played to its
end with the game's default options by random legal entries (``tests/randomplay.py``),
2–5 seats, seated from a roster of 60 names of which one seat in twenty is typed in
lower case (the roster's "Ona 3" as "ona 3"); 200 matches are played and shared out, so
the cards cost what they cost and only the seating differs. Each is a file of its own.

**The long record.** The one deal of ``tests/scenarios/devynake-opening.json`` ten
thousand times over: a valid record of 10 000 devynake deals, 4 840 120 bytes (each deal
open, with three refused entries and a violation).

Each measurement is a fresh process, run after run alternated:

* ``judge``: the records read and loaded by the rules, as the referee does, nothing
  stored: the baseline of the store's import (ratio import ÷ judge);
* ``import``: ``Store.import_records`` of the records read from the files into a new
  SQLite file (and a new PostgreSQL database when the server can be started here): the
  rules' check and the store's writing timed apart;
* ``cli``: ``main.py --db NEW import FILE…`` with every file, start to exit;
* the long record: ``main.py import`` of it against ``python -m rules`` on it.

Times are wall and CPU seconds (the child's own, from ``getrusage``), with the load
average before each run; the summary gives min–max over the runs.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import postgres  # noqa: E402  (tests/postgres.py)
from randomplay import play  # noqa: E402

from bench.machine import load_average  # noqa: E402
from rules import GAMES, Match  # noqa: E402
from rules.record import FORMAT  # noqa: E402

ROSTER = [
    f"{first} {n}"
    for n in range(1, 11)
    for first in ("Ona", "Jonas", "Rūta", "Petras", "Aistė", "Žilvinas")
]
OPENING = ROOT / "tests" / "scenarios" / "devynake-opening.json"
LONG_DEALS = 10_000
POOL = 200
MOST_SEATS = 5


def played(game: str, rng: random.Random) -> tuple[int, int, list[list[dict[str, Any]]]]:
    """A match of ``game`` with its default options played to its end: seats, first dealer,
    each deal's entries."""
    spec = GAMES[game]
    low, high = spec.seat_limits({})
    while True:
        seats = rng.randint(low, min(high, MOST_SEATS))
        dealer = rng.randrange(seats)
        match = Match(spec(seats, {}), dealer)
        deals = play(match, rng, 100)
        if match.finished:
            return seats, dealer, deals


def club_records(count: int, rng: random.Random) -> list[dict[str, Any]]:
    """``count`` finished matches of the four games, seated from the roster."""
    games = sorted(GAMES)
    pool = [(games[n % len(games)], *played(games[n % len(games)], rng)) for n in range(POOL)]
    records = []
    for _ in range(count):
        game, seats, dealer, deals = rng.choice(pool)
        names = [n.lower() if rng.random() < 0.05 else n for n in rng.sample(ROSTER, seats)]
        records.append(
            {
                "format": FORMAT,
                "game": game,
                "players": names,
                "options": {},
                "first_dealer": dealer,
                "deals": [{"events": events} for events in deals],
            }
        )
    return records


def long_record() -> bytes:
    """The opening deal ten thousand times: the 4.8 MB record."""
    record = json.loads(OPENING.read_bytes())
    record["deals"] = record["deals"] * LONG_DEALS
    return json.dumps(record).encode()


# -- the children -------------------------------------------------------------------------------


def child(mode: str, target: str, files: list[str]) -> None:
    """Judge or import ``files`` (``target``: the database); print the CPU and wall seconds of
    the rules' part and of the store's."""
    from models import Store, check_records
    from models.files import read_record_file
    from rules.record import load

    clock = time.process_time
    start, wall = clock(), time.perf_counter()
    records = [read_record_file(path) for path in files]
    if mode == "judge":
        for record in records:
            load(record)
        rules_cpu = clock() - start
        print(json.dumps({"rules": rules_cpu, "store": 0.0, "wall": time.perf_counter() - wall}))
        return
    checked = check_records(records)
    del records
    rules_cpu = clock() - start
    store = Store(target)
    store.import_records(checked)
    store.close()
    print(
        json.dumps(
            {
                "rules": rules_cpu,
                "store": clock() - start - rules_cpu,
                "wall": time.perf_counter() - wall,
            }
        )
    )


def run(command: list[str]) -> tuple[float, float, str]:
    """Wall and CPU seconds of a child process, and what it printed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command[:4])} …: exit {done.returncode}\n{done.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.stdout


def span(values: list[float], scale: float = 1.0, digits: int = 1) -> str:
    low, high = min(values) * scale, max(values) * scale
    return (
        f"{low:.{digits}f}"
        if round(low, digits) == round(high, digits)
        else (f"{low:.{digits}f}–{high:.{digits}f}")
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-postgres", action="store_true", help="SQLite only")
    parser.add_argument("--child", nargs=2, metavar=("MODE", "TARGET"), help=argparse.SUPPRESS)
    parser.add_argument("files", nargs="*", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child[0], args.child[1], args.files)
        return
    reason = "--no-postgres" if args.no_postgres else postgres.missing()
    python = [sys.executable]
    with tempfile.TemporaryDirectory() as folder:
        here = Path(folder)
        rng = random.Random(29)
        records = club_records(args.matches, rng)
        files = []
        for number, record in enumerate(records):
            path = here / f"match-{number:05}.json"
            path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
            files.append(str(path))
        entries = sum(len(d["events"]) for r in records for d in r["deals"])
        deals = sum(len(r["deals"]) for r in records)
        size = sum(Path(f).stat().st_size for f in files)
        del records
        long_file = here / "long.json"
        long_file.write_bytes(long_record())
        print(
            f"club store: {args.matches} matches, {deals} deals, {entries} entries,"
            f" {size / 1e6:.1f} MB in {len(files)} files"
        )
        print(f"long record: {LONG_DEALS} deals, {long_file.stat().st_size} bytes")
        figures: dict[str, list[float]] = {}

        def keep(name: str, value: float) -> None:
            figures.setdefault(name, []).append(value)

        with postgres.running() if not reason else contextlib.nullcontext() as server:
            for number in range(args.repeat):
                print(f"\nrun {number + 1}, load {load_average()}", flush=True)
                me = [*python, __file__, "--child"]
                wall, cpu, out = run([*me, "judge", "-", *files])
                keep("judge wall", wall)
                keep("judge cpu", cpu)
                print(f"  judge:             {wall:6.1f} s wall, {cpu:6.1f} s CPU", flush=True)
                targets = [("sqlite", str(here / f"import-{number}.db"))]
                if server is not None:
                    targets.append(("postgresql", server.create_database()))
                for backend, target in targets:
                    wall, cpu, out = run([*me, "import", target, *files])
                    parts = json.loads(out.strip().splitlines()[-1])
                    keep(f"import {backend} wall", wall)
                    keep(f"import {backend} cpu", cpu)
                    keep(f"import {backend} rules", parts["rules"])
                    keep(f"import {backend} store", parts["store"])
                    print(
                        f"  import {backend:>10}: {wall:6.1f} s wall, {cpu:6.1f} s CPU"
                        f" (rules {parts['rules']:.1f} s, store {parts['store']:.1f} s CPU)",
                        flush=True,
                    )
                db = str(here / f"cli-{number}.db")
                wall, cpu, _ = run([*python, "main.py", "--db", db, "import", *files])
                keep("cli wall", wall)
                keep("cli cpu", cpu)
                print(f"  main.py import:    {wall:6.1f} s wall, {cpu:6.1f} s CPU", flush=True)
                wall, cpu, _ = run([*python, "-m", "rules", str(long_file)])
                keep("referee long wall", wall)
                keep("referee long cpu", cpu)
                db = str(here / f"long-{number}.db")
                wall2, cpu2, _ = run([*python, "main.py", "--db", db, "import", str(long_file)])
                keep("import long wall", wall2)
                keep("import long cpu", cpu2)
                print(
                    f"  long record: python -m rules {wall:.1f} s wall, {cpu:.1f} s CPU;"
                    f" main.py import {wall2:.1f} s wall, {cpu2:.1f} s CPU",
                    flush=True,
                )
        print(f"\nload after: {load_average()}")
    print(f"\n{args.repeat} runs, min–max (s)")
    for name, values in figures.items():
        print(f"  {name:<26} {span(values)}")
    judge = figures["judge cpu"]
    for backend in ("sqlite", "postgresql"):
        if f"import {backend} cpu" in figures:
            ratios = [i / j for i, j in zip(figures[f"import {backend} cpu"], judge)]
            print(f"  import {backend} ÷ judge, CPU  {span(ratios, digits=2)}")
    ratios = [i / j for i, j in zip(figures["import long cpu"], figures["referee long cpu"])]
    print(f"  long import ÷ referee, CPU {span(ratios, digits=2)}")
    if reason:
        print(f"(PostgreSQL left out: {reason})")


if __name__ == "__main__":
    main()
