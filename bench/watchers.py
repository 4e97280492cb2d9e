"""Watchers under load: many tables entering at once, many phones watching them.

    uv run python bench/watch.py --load [--tables 20] [--watchers 50] [--entries 40]

Every table is a process of its own that enters one legal devynake entry a second
(``--rate``) into its match on one PostgreSQL database, the tables' starts spread over
the first second. The watchers are WebSocket clients speaking Flet's protocol, as a
phone's browser does (registered on the match's watch link, every patch read), all in
this process: ``--watchers`` of them, watcher ``i`` on table ``i % tables``. They are
served by one server process (``--web --club``), then split over two server processes
(the tables' news then reaches each by PostgreSQL's NOTIFY). SQLite is left out here:
its tables would have to be browsers of the one server process for it to hear them.

A watcher's delay is, for every entry, the time from the table's commit until the
watcher has a patch showing that revision of the match or a later one (the watch
screen's ``watching`` node carries the revision it shows). Also counted: each watcher's
redraws, the bytes of its patches, and whether every watcher ends on its match's final
revision. Loopback only; every wait is bounded.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import random
import statistics
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgpack

PIN = "2468"
REGISTER, PATCH = 1, 2  # Flet's message actions (``flet.messaging.protocol.MessageAction``)
FRAME = b"\x00"  # a Flet protocol frame over the WebSocket (the other kind is data channels)


@dataclass
class Watcher:
    """One phone: what it was shown, and when."""

    match_id: int
    seen: list[tuple[float, int]] = field(default_factory=list)  # (monotonic time, revision)
    patches: list[int] = field(default_factory=list)  # bytes of each patch after the first

    @property
    def revision(self) -> int:
        return self.seen[-1][1] if self.seen else -1


def find_watching(node: Any) -> int | None:
    """The revision in a full drawing: the ``watching`` node's value."""
    if isinstance(node, dict):
        if node.get("identifier") == "watching" and "value" in node:
            return int(node["value"])
        children = node.values()
    elif isinstance(node, list):
        children = node
    else:
        return None
    for child in children:
        found = find_watching(child)
        if found is not None:
            return found
    return None


def patched_revision(patch: list[Any]) -> int | None:
    """The revision a redraw of the watch screen sets, if it sets one.

    A patch starts with the tree of the nodes it touches (each a number the operations
    name); the ``watching`` node is the first control of the screen's column.
    """
    try:
        node = patch[0][1]["_b"][1]["controls"][1][0][0]
    except (LookupError, TypeError):
        return None
    for op in patch[1:]:
        if op[:3] == [0, node, "value"]:
            return int(op[3])
    return None


async def watch(url: str, route: str, watcher: Watcher, ready: asyncio.Event, done: Any) -> None:
    import websockets

    socket_url = url.replace("http://", "ws://").rstrip("/") + "/ws"
    async with websockets.connect(socket_url, origin=url.rstrip("/"), max_size=None) as ws:
        page = {"route": route, "width": 360.0, "height": 740.0, "web": True, "platform": "linux"}
        body = {"session_id": "", "page_name": "", "page": page}
        await ws.send(FRAME + msgpack.packb([REGISTER, body]))
        while not done.is_set():
            try:
                frame = await asyncio.wait_for(ws.recv(), 0.5)
            except TimeoutError:
                continue
            at = time.monotonic()
            assert isinstance(frame, bytes)
            action, body = msgpack.unpackb(frame[1:], strict_map_key=False, ext_hook=lambda c, d: d)
            if action != PATCH:
                continue
            if not watcher.seen:
                first = find_watching(body["patch"])
                if first is not None:
                    watcher.seen.append((at, first))
                    ready.set()
                continue
            revision = patched_revision(body["patch"])
            watcher.patches.append(len(frame))
            if revision is not None:
                watcher.seen.append((at, revision))


def table(
    db: str, match_id: int, entries: int, rate: float, offset: float, go: Any, out: Any
) -> None:
    """One table: ``entries`` entries, one every ``1 / rate`` s from ``offset`` s after the
    start (``go``: the start's monotonic time, sent once every table is ready); sends
    [(revision, commit time)] and the final revision."""
    from bench.table import next_entry
    from models import Store
    from rules import Status

    try:
        store = Store(db)
        live = store.resume(match_id)
        rng = random.Random(match_id)
        committed = []
        out.put((match_id, "ready", 0))
        start = go.get(timeout=600) + offset
        for n in range(entries):
            time.sleep(max(0.0, start + n / rate - time.monotonic()))
            current = live.match.current
            if current is None or current.status is not Status.OPEN:
                live.start_deal()
            assert live.add_entry(next_entry(live.match, rng)).accepted
            committed.append((live.revision, time.monotonic()))
        out.put((match_id, committed, live.revision))
        store.close()
    except BaseException as exc:
        out.put((match_id, repr(exc), -1))
        raise


@contextlib.contextmanager
def club(tables: int, server: Any) -> Iterator[tuple[str, list[int], Any]]:
    """A club database with ``tables`` devynake matches going on: (URL, match ids, club)."""
    from models import Store
    from models.club import SETTING, Club

    db = server.create_database()
    store = Store(db)
    made = Club.new("Klubas", PIN)
    store.save_setting(SETTING, made.setting())
    ids = []
    for number in range(tables):
        players = [f"Ona {number}", f"Jonas {number}", f"Rūta {number}"]
        live = store.create_match(game="devynake", players=players, options={"deals": None})
        live.start_deal()
        ids.append(live.match_id)
    store.close()
    try:
        yield db, ids, made
    finally:
        server.drop_database(db)


def evening(args: Any, processes: int, server: Any, folder: Path) -> dict[str, Any]:
    """One run: the servers, the watchers connected, the tables entering; the figures."""
    from app_server import spawn_servers
    from webapp import serve

    spawn_servers()  # each server started as a user starts it

    with contextlib.ExitStack() as stack:
        db, ids, made = stack.enter_context(club(args.tables, server))
        urls = []
        for number in range(processes):
            data = folder / f"server-{processes}-{number}"
            data.mkdir()
            urls.append(
                stack.enter_context(serve(data, {"PARTIJA_DB": db}, mode=("--web", "--club")))
            )
        watchers = [Watcher(ids[i % len(ids)]) for i in range(args.watchers)]
        return asyncio.run(run(args, db, urls, ids, watchers, made))


async def run(
    args: Any, db: str, urls: list[str], ids: list[int], watchers: list[Watcher], made: Any
) -> dict[str, Any]:
    done = asyncio.Event()
    readies = [asyncio.Event() for _ in watchers]
    tasks = []
    for i, w in enumerate(watchers):
        route = f"/watch/{made.watch_token(w.match_id)}"
        tasks.append(asyncio.create_task(watch(urls[i % len(urls)], route, w, readies[i], done)))
    await asyncio.wait_for(asyncio.gather(*(r.wait() for r in readies)), 300)
    context = multiprocessing.get_context("spawn")
    out, go = context.Queue(), context.Queue()
    workers = [
        context.Process(target=table, args=(db, m, args.entries, args.rate, k / len(ids), go, out))
        for k, m in enumerate(ids)
    ]
    for worker in workers:
        worker.start()
    loop = asyncio.get_running_loop()
    # Every table has started its Python and opened its match before the first entry.
    ready = [await loop.run_in_executor(None, out.get, True, 600) for _ in workers]
    if any(status != "ready" for _, status, _ in ready):
        done.set()
        raise SystemExit(f"bench/watchers.py: a table failed: {ready}")
    start = time.monotonic() + 1.0
    for _ in workers:
        go.put(start)
    reports = [await loop.run_in_executor(None, out.get, True, 600) for _ in workers]
    for worker in workers:
        worker.join(30)
        if worker.is_alive():
            worker.kill()
    failed = [r for r in reports if isinstance(r[1], str)]
    if failed:
        done.set()
        raise SystemExit(f"bench/watchers.py: a table failed: {failed[0]}")
    final = {m: last for m, _, last in reports}
    committed = {m: entries for m, entries, _ in reports}
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and any(w.revision < final[w.match_id] for w in watchers):
        await asyncio.sleep(0.05)
    done.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    delays, missed, late = [], 0, []
    for w in watchers:
        for revision, at in committed[w.match_id]:
            shown = next((t for t, r in w.seen if r >= revision), None)
            if shown is None:
                missed += 1
            else:
                delays.append(shown - at)
                if shown - at > 1.0:  # when, after the first entry: a stall, or a lag
                    late.append(at - start)
    return {
        "delays": delays,
        "missed": missed,
        "final": sum(w.revision == final[w.match_id] for w in watchers),
        "redraws": [len(w.seen) - 1 for w in watchers],
        "patch_bytes": [b for w in watchers for b in w.patches],
        "late": late,
    }


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def report(label: str, found: dict[str, Any], args: Any) -> None:
    delays = found["delays"]
    print(
        f"{label}: watcher delay p50 {percentile(delays, 0.5) * 1e3:.0f} ms, "
        f"p99 {percentile(delays, 0.99) * 1e3:.0f} ms, max {max(delays) * 1e3:.0f} ms; "
        f"{len(delays)} entries seen, {found['missed']} never; "
        f"{found['final']}/{args.watchers} watchers on the final state; "
        f"redraws per watcher median {statistics.median(found['redraws']):.0f} "
        f"(entries per table {args.entries}); "
        f"patch median {statistics.median(found['patch_bytes'] or [0]):.0f} B",
        flush=True,
    )
    late = found["late"]
    if late:
        print(
            f"  over 1 s: {len(late)} of {len(delays)}, entries committed "
            f"{min(late):.1f}–{max(late):.1f} s after the start",
            flush=True,
        )


def load(args: Any) -> None:
    import tempfile

    import postgres

    reason = postgres.missing()
    if reason:
        raise SystemExit(f"bench/watch.py --load: {reason}")
    print(
        f"{args.tables} tables × {args.entries} entries at {args.rate:g}/s each, "
        f"{args.watchers} watchers (Flet WebSocket clients); PostgreSQL",
        flush=True,
    )
    with postgres.running(durable=True) as server, tempfile.TemporaryDirectory() as name:
        for processes in (1, 2):
            found = evening(args, processes, server, Path(name))
            label = "1 server process" if processes == 1 else "2 server processes"
            report(label, found, args)
