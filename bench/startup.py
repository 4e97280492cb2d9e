"""The first screen after the process starts, and the home screen with 10 000 matches stored.

    uv run python bench/startup.py [--repeat 5] [--matches 10000]

Each run is a fresh process (``--child``) that imports the app, opens the
store (its quick check, the migrations) and renders the home screen into a
real Flet session over an in-memory connection, as the web server does for
a browser that connects. The parent times the whole process, and a bare
``python -c pass`` beside it: the difference is the Python the first screen
costs. Runs alternate between an empty store and one with ``--matches``
matches, so both see the same machine. Compile the bytecode first
(``uv sync --compile-bytecode``), as a packaged app ships it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def child(db: str) -> None:
    start = time.perf_counter()
    os.environ["PARTIJA_DB"] = db
    from flet.controls.context import _context_page
    from flet.messaging.session import Session

    from app.run import main
    from bench.tap import Wire

    imported = time.perf_counter()

    async def first_screen() -> float:
        wire = Wire()
        wire.loop = asyncio.get_running_loop()  # as the web server's connection has
        session = Session(wire)
        _context_page.set(session.page)
        main(session.page)
        session.get_page_patch()
        done = time.perf_counter()
        session.close()
        return done

    done = asyncio.run(first_screen())
    print(json.dumps({"imports": imported - start, "home": done - imported}))


def run_child(db: Path) -> tuple[float, dict[str, float]]:
    start = time.perf_counter()
    out = subprocess.run(
        [sys.executable, __file__, "--child", str(db)],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    return time.perf_counter() - start, json.loads(out.stdout.strip().splitlines()[-1])


def bare() -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", "pass"], check=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child)
        return
    from bench.table import seed_store
    from models import Store

    with tempfile.TemporaryDirectory() as folder:
        empty, full = Path(folder) / "empty.db", Path(folder) / "full.db"
        Store(empty).close()
        store = Store(full)
        seed_store(store, args.matches, random.Random(1))
        store.close()
        runs: dict[str, list[tuple[float, dict[str, float]]]] = {"empty": [], "full": []}
        bares = []
        run_child(empty)  # the first start after installing writes caches: not timed
        for _ in range(args.repeat):
            bares.append(bare())
            runs["empty"].append(run_child(empty))
            runs["full"].append(run_child(full))
    python = statistics.median(bares)
    print(f"first screen after process start, median of {args.repeat} (fresh processes)")
    print(f"bare interpreter start: {python * 1e3:.0f} ms")
    print(f"{'store':>22} {'process ms':>11} {'- bare ms':>10} {'imports ms':>11} {'home ms':>8}")
    rows = {}
    for name, label in (("empty", "no matches"), ("full", f"{args.matches} matches")):
        total = statistics.median(t for t, _ in runs[name])
        imports = statistics.median(d["imports"] for _, d in runs[name])
        home = statistics.median(d["home"] for _, d in runs[name])
        rows[name] = home
        print(
            f"{label:>22} {total * 1e3:>11.0f} {(total - python) * 1e3:>10.0f}"
            f" {imports * 1e3:>11.0f} {home * 1e3:>8.1f}"
        )
    print(f"home with {args.matches} matches / with none: {rows['full'] / rows['empty']:.2f}")


if __name__ == "__main__":
    main()
