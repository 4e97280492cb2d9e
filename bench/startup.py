"""The first screen after the process starts, and the home screen with 10 000 matches stored.

    uv run python bench/startup.py [--repeat 5] [--matches 10000] [--against CHECKOUT]

Each run is a fresh process (``--child``) that imports the app and renders the
home screen into a real Flet session over an in-memory connection, as the web
server does for a browser that connects; the home screen reads the file without
the store when it can (``models.peek``), and the store (its modules, the quick
check, the migrations) is opened on a thread right after. The child notes, on
the system's monotonic clock, when the first screen's patch was packed for the
wire and when the store was ready; the parent started that clock before it spawned the child.
So the table shows, per store: the process from its start to the first screen,
the same less a bare ``python -c pass`` (the Python the first screen costs: the
figure of issue 13), the child's imports and its home screen, the process's
start to the store being ready (what a first tap on a match may wait for), and
the whole process until it exited. Runs alternate between an empty store and one
with ``--matches`` matches, so both see the same machine. Compile the bytecode
first (``uv sync --compile-bytecode``), as a packaged app ships it.

``--against`` names another checkout of the app (``git archive REV | tar -x -C DIR``),
whose first screen is drawn by the same child, from the same files, run after run
alternated with this one's: the ratio of the two, each less a bare interpreter, is
the change, measured on the same machine at the same load.

This drives Flet's internal session API (as Flet's own tests do), like
``bench/tap.py``, whose ``Wire`` is not imported here: that module loads the store.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.machine import load_average  # noqa: E402


def now() -> float:
    """The system's monotonic clock: the same in the parent and in its child."""
    return time.clock_gettime(time.CLOCK_MONOTONIC)


def child(db: str, root: str) -> None:
    start = now()
    sys.path.insert(0, root)  # the checkout whose app is drawn
    os.environ["PARTIJA_DB"] = db
    import msgpack
    from flet.controls.base_control import BaseControl
    from flet.controls.context import _context_page
    from flet.messaging.connection import Connection
    from flet.messaging.protocol import configure_encode_object_for_msgpack
    from flet.messaging.session import Session
    from flet.pubsub.pubsub_hub import PubSubHub

    from app.run import main

    encode = configure_encode_object_for_msgpack(BaseControl)

    class Wire(Connection):
        """An in-memory connection: each message packed as the web server packs it, and the
        moment the first one was packed kept."""

        def __init__(self) -> None:
            super().__init__()
            self.pubsubhub = PubSubHub()
            self.first: float | None = None
            self.first_cpu = 0.0  # the process's CPU seconds then, all its threads

        def send_message(self, message: Any) -> None:
            msgpack.packb([message.action, message.body], default=encode)
            if self.first is None:
                self.first, self.first_cpu = now(), time.process_time()

    imported = now()

    async def first_screen() -> tuple[float, float, float]:
        wire = Wire()
        wire.loop = asyncio.get_running_loop()  # as the web server's connection has one
        session = Session(wire)
        _context_page.set(session.page)
        # As the web server does: the answer to the client's registration (the page before
        # ``main``), then ``main``, whose ``page.render`` packs and sends the home screen.
        msgpack.packb(session.get_page_patch(), default=encode)
        opening = main(session.page)
        assert wire.first is not None, "main() sent no patch"
        if opening is not None:
            opening.result()
        ready = now()
        session.close()
        return wire.first, wire.first_cpu, ready

    done, cpu, ready = asyncio.run(first_screen())
    print(
        json.dumps({"start": start, "imported": imported, "done": done, "cpu": cpu, "ready": ready})
    )


def run_child(db: Path, root: Path = ROOT) -> tuple[float, dict[str, float]]:
    """The whole process's time, and the child's moments (``now()``) less its spawning."""
    start = time.perf_counter()
    spawned = now()
    out = subprocess.run(
        [sys.executable, __file__, "--child", str(db), "--root", str(root)],
        capture_output=True,
        text=True,
        check=True,
        cwd=root,
    )
    total = time.perf_counter() - start
    moments = json.loads(out.stdout.strip().splitlines()[-1])
    return total, {
        "screen": moments["done"] - spawned,
        "imports": moments["imported"] - moments["start"],
        "home": moments["done"] - moments["imported"],
        "ready": moments["ready"] - spawned,
        "cpu": moments["cpu"],
    }


def bare() -> tuple[float, float]:
    """A bare interpreter's start: wall and CPU seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", "pass"], check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--root", default=str(ROOT), help=argparse.SUPPRESS)
    parser.add_argument("--against", type=Path, help="another checkout, measured alike")
    args = parser.parse_args()
    if args.child:
        child(args.child, args.root)
        return
    from bench.table import seed_store
    from models import Store

    checkouts = {"this": ROOT}
    if args.against is not None:
        checkouts["against"] = args.against.resolve()
    stores = {"empty": "no matches", "full": f"{args.matches} matches"}
    runs: dict[tuple[str, str], list[tuple[float, dict[str, float]]]] = {
        (checkout, store): [] for checkout in checkouts for store in stores
    }
    with tempfile.TemporaryDirectory() as folder:
        files = {"empty": Path(folder) / "empty.db", "full": Path(folder) / "full.db"}
        Store(files["empty"]).close()
        store = Store(files["full"])
        seed_store(store, args.matches, random.Random(1))
        store.close()
        bares = []
        for root in checkouts.values():
            run_child(files["empty"], root)  # the first start writes caches: not timed
        print(f"load before: {load_average()}")
        for _ in range(args.repeat):
            bares.append(bare())
            for checkout, root in checkouts.items():
                for name, file in files.items():
                    runs[checkout, name].append(run_child(file, root))
        print(f"load after:  {load_average()}")
    python = statistics.median(wall for wall, _ in bares)
    python_cpu = statistics.median(cpu for _, cpu in bares)
    print(f"first screen after process start, median (min–max) of {args.repeat} fresh processes")
    print(f"bare interpreter start: {python * 1e3:.0f} ms wall, {python_cpu * 1e3:.0f} ms CPU")
    print(
        f"{'checkout':>8} {'store':>14} {'to screen ms':>13} {'- bare ms':>14}"
        f" {'CPU - bare ms':>14} {'imports ms':>11} {'home ms':>8} {'store ready ms':>15}"
        f" {'process ms':>11}"
    )
    less: dict[tuple[str, str], list[float]] = {}
    cpu: dict[tuple[str, str], list[float]] = {}
    for key, done in runs.items():
        checkout, name = key
        total = statistics.median(t for t, _ in done)
        screen, imports, home, ready = (
            statistics.median(d[part] for _, d in done)
            for part in ("screen", "imports", "home", "ready")
        )
        less[key] = [d["screen"] - python for _, d in done]
        cpu[key] = [d["cpu"] - python_cpu for _, d in done]
        print(
            f"{checkout:>8} {stores[name]:>14} {screen * 1e3:>13.0f} {spread(less[key]):>14}"
            f" {spread(cpu[key]):>14} {imports * 1e3:>11.0f} {home * 1e3:>8.1f}"
            f" {ready * 1e3:>15.0f} {total * 1e3:>11.0f}"
        )
    for checkout in checkouts:
        full, empty = less[checkout, "full"], less[checkout, "empty"]
        print(
            f"{checkout}: first screen (less bare) with {args.matches} matches / with none:"
            f" {statistics.median(full) / statistics.median(empty):.2f}"
        )
    if "against" in checkouts:
        for name in stores:
            walls = [t / a for t, a in zip(less["this", name], less["against", name])]
            cpus = [t / a for t, a in zip(cpu["this", name], cpu["against", name])]
            print(
                f"this / against, {stores[name]}, run by run: wall less bare"
                f" {ratios(walls)}, CPU less bare {ratios(cpus)}"
            )
    print("(CPU: the child's own, all threads, until the first screen was packed, less a bare")
    print(" interpreter's; store ready: from the process's start until the store opened after")
    print(" the first screen is usable, which a first tap that needs it waits for; process:")
    print(" until it exited)")


def ratios(values: list[float]) -> str:
    """The median ratio, and min–max."""
    return f"{statistics.median(values):.2f} ({min(values):.2f}–{max(values):.2f})"


def spread(values: list[float]) -> str:
    """Milliseconds: the median, and min–max."""
    ms = [v * 1e3 for v in values]
    return f"{statistics.median(ms):.0f} ({min(ms):.0f}–{max(ms):.0f})"


if __name__ == "__main__":
    main()
