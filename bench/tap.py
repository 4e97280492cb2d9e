"""A card tap on the server, the whole way the app runs it, at 10 and at 1 000 deals.

    uv run python bench/tap.py [--taps 300] [--long 1000] [--opens 10] [--gap 0.05]

Two real Flet sessions run the real app (``app.run.main``) over an
in-memory connection, one on a Pradeda devynakė match of 10 whole deals
and one on a match of ``--long`` whole deals, both with an open deal. Each
tap is timed from the event's dispatch (the card's ``tap``, or the pass
button's ``click``) until the last patch it causes has been encoded for the
wire (msgpack, as the web server does): the entry checked and committed,
the screen state derived, the components rendered, the diff computed and
the message packed. The two matches are tapped in turn, so both see the
same machine; their ratio is what the benchmark is about. Taps come ``--gap``
seconds apart (50 ms: four times quicker than a quick hand), as a table's do:
the app runs Python's full garbage collections in such pauses
(``app/collector.py``); ``--gap 0`` taps back to back, and then they fall on taps.

Also printed per tap: the controls built (new control ids handed out) and
the bytes of the patch. Then the match is opened (resumed from the home
screen) ``--opens`` times each, timed the same way.

This drives Flet's internal session API (as Flet's own tests do); it lives
here, in bench/, and in no app module.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import flet as ft
import msgpack
from flet.controls.base_control import BaseControl
from flet.controls.context import _context_page
from flet.controls.id_counter import ControlId
from flet.messaging.connection import Connection
from flet.messaging.protocol import MessageAction, configure_encode_object_for_msgpack
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

from bench.table import devynake_record, next_entry
from rules.match import Status
from rules.record import load

ENCODE = configure_encode_object_for_msgpack(BaseControl)


class Wire(Connection):
    """An in-memory connection: each message packed as the web server packs it, and kept.

    It answers for the browser where the app waits on it: a route the app navigates to
    (``page.navigate``) is taken, as a browser's history takes it, and said back.
    """

    def __init__(self) -> None:
        super().__init__()
        self.pubsubhub = PubSubHub()
        self.sent: list[tuple[float, int]] = []  # (time packed, bytes)
        self.session: Session | None = None
        self.page_url = "http://127.0.0.1:8550"  # where the browser would have the page

    def send_message(self, message: Any) -> None:
        body = msgpack.packb([message.action, message.body], default=ENCODE)
        self.sent.append((time.perf_counter(), len(body) + 1))
        if message.action == MessageAction.INVOKE_METHOD and message.body.name == "push_route":
            self.loop.create_task(self._route(message.body))

    async def _route(self, call: Any) -> None:
        session = self.session
        assert session is not None
        route = call.args["route"]
        session.page.route = route
        session.handle_invoke_method_results(call.control_id, call.call_id, None, None)
        await session.dispatch_event(session.page._i, "route_change", {"route": route})


async def settle(wire: Wire, since: int, within: float = 30) -> None:
    """Let the event and the update scheduler run until the screen has been patched.

    ``RuntimeError`` if no patch comes ``within`` seconds: a tap that draws nothing is a
    fault to report, not a wait without end.
    """
    quiet = 0
    deadline = time.monotonic() + within
    while quiet < 5:
        if len(wire.sent) == since and time.monotonic() > deadline:
            raise RuntimeError(f"no patch within {within:.0f} s")
        count = len(wire.sent)
        await asyncio.sleep(0)
        quiet = quiet + 1 if len(wire.sent) == count and len(wire.sent) > since else 0


def control_count(session: Session) -> int:
    return sum(1 for c in list(session.index.values()) if not isinstance(c, ft.Page))


def find(session: Session, identifier: str, handler: str) -> BaseControl | None:
    """The control that handles ``handler`` inside the semantics node ``identifier``."""
    for control in list(session.index.values()):
        if isinstance(control, ft.Semantics) and control.identifier == identifier:
            node: Any = control
            while node is not None:
                if getattr(node, handler, None) is not None:
                    return node
                node = getattr(node, "content", None)
    return None


class Table:
    """One app session on one stored match, and a shadow of the match to choose legal entries."""

    def __init__(self, name: str, db: Path, record: dict[str, Any]) -> None:
        from models import Store

        store = Store(db)
        [self.match_id] = store.import_records([record])
        store.close()
        self.name = name
        self.db = db
        self.shadow, _ = load(record)
        for log in self.shadow.deals[:-1]:  # see ``tap``: results only, as the app keeps them
            self.shadow.keep_result_only(log.number)
        self.rng = random.Random(len(record["deals"]))
        self.wire = Wire()
        self.session = Session(self.wire)
        self.wire.session = self.session
        self.taps: list[tuple[float, int, int]] = []  # (seconds, controls built, bytes)
        self.opens: list[float] = []
        self.next_deals: list[float] = []  # the "next deal" taps, timed the same way

    def start(self) -> None:
        from app.run import main

        os.environ["PARTIJA_DB"] = str(self.db)
        self.wire.loop = asyncio.get_running_loop()  # the web server's connection has one
        _context_page.set(self.session.page)
        main(self.session.page)
        self.session.get_page_patch()  # what the web server answers a client that registers

    async def press(self, identifier: str, handler: str) -> tuple[float, int, int]:
        control = find(self.session, identifier, handler)
        if control is None:
            raise RuntimeError(f"{self.name}: nothing to tap at {identifier}")
        since = len(self.wire.sent)
        ids = ControlId.next()
        start = time.perf_counter()
        await self.session.dispatch_event(control._i, handler.removeprefix("on_"), None)
        await settle(self.wire, since)
        built = ControlId.next() - ids - 1
        sent = self.wire.sent[since:]
        return sent[-1][0] - start, built, sum(size for _, size in sent)

    async def open(self) -> float:
        """Open the match from the home screen; the time until its table is patched."""
        seconds, _, _ = await self.press(f"resume-{self.match_id}", "on_click")
        return seconds

    async def go_home(self) -> None:
        await self.press("action-home", "on_click")

    async def tap(self, timed: bool) -> None:
        log = self.shadow.current
        assert log is not None
        if log.status is not Status.OPEN:
            seconds, _, _ = await self.press("action-next_deal", "on_click")
            if find(self.session, "action-confirm-next_deal-yes", "on_click") is not None:
                # a violation of the deal waited for a ruling: the table let it stand
                more, _, _ = await self.press("action-confirm-next_deal-yes", "on_click")
                seconds += more
            if timed:
                self.next_deals.append(seconds)
            # The shadow keeps its closed deals' results only, as the app does: its own
            # objects would otherwise grow with every tap and slow the app's collections.
            self.shadow.keep_result_only(log.number)
            self.shadow.start_deal()
            return
        event = next_entry(self.shadow, self.rng)
        self.shadow.apply(event)
        if event["type"] == "play":
            result = await self.press(f"card-{event['card']}", "on_click")
        else:
            result = await self.press("action-pass", "on_click")
        if timed:
            self.taps.append(result)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def bare_commits(folder: str, count: int) -> list[float]:
    """The disk's share: ``BEGIN IMMEDIATE; INSERT; COMMIT`` alone, WAL with
    ``synchronous=FULL`` as the store runs, in the same folder as the benchmark's store."""
    db = sqlite3.connect(Path(folder) / "bare.db", isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=FULL")
    db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, event TEXT)")
    times = []
    for i in range(count):
        start = time.perf_counter()
        db.execute("BEGIN IMMEDIATE")
        db.execute("INSERT INTO t (event) VALUES (?)", (f'{{"type": "play", "n": {i}}}',))
        db.execute("COMMIT")
        times.append(time.perf_counter() - start)
    db.close()
    return times


def stored(deals: int, rng: random.Random) -> dict[str, Any]:
    record = devynake_record(deals, rng)
    record["deals"].append({"events": []})  # an open deal, as a table left mid-deal
    return record


async def run(args: argparse.Namespace) -> None:
    rng = random.Random(5)
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "bench.db"
        tables = [
            Table("10", db, stored(10, rng)),
            Table(str(args.long), db, stored(args.long, rng)),
        ]
        for table in tables:
            table.start()
        await asyncio.sleep(0)
        for table in tables:
            table.opens.append(await table.open())
        for _ in range(args.warm):
            for table in tables:
                await table.tap(timed=False)
        for table in tables:
            print(f"{table.name:>5} deals: {control_count(table.session)} controls on the table")
        for _ in range(args.taps):
            for table in tables:
                await table.tap(timed=True)
                await asyncio.sleep(args.gap)
        for _ in range(args.opens):
            for table in tables:
                await table.go_home()
                table.opens.append(await table.open())
        for table in tables:
            table.session.close()
        await asyncio.sleep(0)
        commits = bare_commits(folder, args.taps)
    report(tables, args)
    p50, p99 = percentile(commits, 0.5) * 1e3, percentile(commits, 0.99) * 1e3
    print(
        "the disk alone (BEGIN IMMEDIATE; INSERT; COMMIT, WAL, synchronous=FULL, same folder):"
        f" p50 {p50:.2f} ms, p99 {p99:.2f} ms"
    )


def report(tables: list[Table], args: argparse.Namespace) -> None:
    print(
        f"\none tap, event -> committed -> rendered -> patch packed; {args.taps} per match,"
        f" {args.gap * 1e3:.0f} ms apart"
    )
    print(
        f"{'deals':>6} {'p50 ms':>8} {'p90 ms':>8} {'p99 ms':>8}"
        f" {'built':>7} {'patch B':>8} {'open ms':>8}"
    )
    rows = []
    for table in tables:
        times = [t for t, _, _ in table.taps]
        row = (
            percentile(times, 0.5),
            percentile(times, 0.9),
            percentile(times, 0.99),
            statistics.median(b for _, b, _ in table.taps),
            statistics.median(s for _, _, s in table.taps),
            statistics.median(table.opens[1:] or table.opens),
        )
        rows.append(row)
        p50, p90, p99, built, size, opened = row
        print(
            f"{table.name:>6} {p50 * 1e3:>8.2f} {p90 * 1e3:>8.2f} {p99 * 1e3:>8.2f}"
            f" {built:>7.0f} {size:>8.0f} {opened * 1e3:>8.1f}"
        )
    for table in tables:
        if table.next_deals:
            print(
                f"{table.name:>6} deals, the 'next deal' tap: p50"
                f" {statistics.median(table.next_deals) * 1e3:.2f} ms,"
                f" max {max(table.next_deals) * 1e3:.2f} ms ({len(table.next_deals)} taps)"
            )
    short, long = rows
    print(
        f"\nratio {tables[1].name} / 10 deals: p50 {long[0] / short[0]:.2f},"
        f" p99 {long[2] / short[2]:.2f}, open {long[5] / short[5]:.2f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=300, help="timed taps per match")
    parser.add_argument("--warm", type=int, default=20, help="untimed taps first")
    parser.add_argument("--long", type=int, default=1000, help="whole deals of the long match")
    parser.add_argument("--opens", type=int, default=10, help="timed openings per match")
    parser.add_argument(
        "--gap",
        type=float,
        default=0.05,
        help="seconds between taps (a quick hand needs 200 or more; 0: back to back)",
    )
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
