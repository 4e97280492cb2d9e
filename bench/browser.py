"""A card tap in a real browser, against a bare Flet counter clicked in the same browser.

    uv run python bench/browser.py [--taps 60] [--deals 10]

Both apps are served on 127.0.0.1 in web mode (no CDN) and opened in one
headless Chromium (Debian's /usr/bin/chromium) at 360×740. The counter is
the smallest Flet app there is: a number and a button, the click adds one.
Partija opens stored Pradeda devynakė matches of ``--deals`` whole deals
(one tab each, 10 and 1 000 by default) with an open deal, and taps legal
cards (or the pass button) in turn.

Each measurement runs from Playwright's click until the answer is on the
screen: the counter's new number, Partija's ``last-entry`` line naming the
new entry. DevTools' WebSocket frame times split it in two: the server's
round trip and the client's share (click to frame, frame to screen). The
counter and each table are clicked in turn, so all see the same machine;
the ratios of their percentiles are the figures that count. The tables share
one server, and the one clicked second was found 7-8 % slower on the server
than the first, two equal tables alike (the first's work still being done
around it): so their order alternates round by round.

    uv run python bench/browser.py --serve-counter PORT   # the counter app alone
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from bench.machine import load_average  # noqa: E402

PHONE = {"width": 360, "height": 740}


def counter_app(port: int) -> None:
    """A bare Flet counter: the baseline any Flet app pays for one click."""
    import flet as ft

    def main(page: ft.Page) -> None:
        count = ft.Text("0", size=40)

        def add(_: Any) -> None:
            count.value = str(int(count.value or "0") + 1)
            page.update()

        page.add(
            ft.Semantics(identifier="count", content=count),
            ft.Semantics(identifier="add", content=ft.FilledButton("+1", on_click=add)),
        )

    ft.run(main, view=ft.AppView.WEB_BROWSER, host="127.0.0.1", port=port, no_cdn=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def serve_counter(folder: Path) -> Iterator[str]:
    port = free_port()
    with open(folder / "counter.log", "wb") as log:
        proc = subprocess.Popen(
            [sys.executable, __file__, "--serve-counter", str(port)],
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.5):
                break
            if proc.poll() is not None:
                raise RuntimeError((folder / "counter.log").read_text(errors="replace"))
            time.sleep(0.1)
        yield f"http://127.0.0.1:{port}/"
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(10)


SHOWS = """([id, text]) => Array.from(
    document.querySelectorAll(`[flt-semantics-identifier="${id}"]`))
  .some(n => ((n.getAttribute('aria-label') || '') + '|' + (n.textContent || '')).includes(text))"""


class Wire:
    """The WebSocket frames one page sends and receives, timed by Chromium (DevTools).

    Chromium stamps each frame on one monotonic clock, so "last answer frame −
    click's frame" is the server's round trip (network on loopback, Python,
    Flet's diff), and the rest of a click's time is the client's: the click
    reaching Flet's Dart side, and the answer decoded, laid out and painted.
    """

    def __init__(self, page: Any) -> None:
        self.page = page
        self.sent: list[float] = []
        self.received: list[float] = []
        cdp = page.context.new_cdp_session(page)
        cdp.on("Network.webSocketFrameSent", lambda e: self.sent.append(e["timestamp"]))
        cdp.on("Network.webSocketFrameReceived", lambda e: self.received.append(e["timestamp"]))
        cdp.send("Network.enable")

    def clear(self) -> None:
        self.sent.clear()
        self.received.clear()

    def round_trip(self) -> tuple[float, int]:
        """Seconds from the click's first frame to the last answer frame, and answer count."""
        self.page.evaluate("0")  # let DevTools events queued so far arrive
        if not self.sent or not self.received:
            raise RuntimeError("a click without its WebSocket frames")
        answers = [t for t in self.received if t >= self.sent[0]]
        return answers[-1] - self.sent[0], len(answers)


class Sample:
    """One app's clicks: whole time and the server's round trip inside it."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.total: list[float] = []
        self.server: list[float] = []
        self.frames: list[int] = []

    def add(self, total: float, server: float, frames: int) -> None:
        self.total.append(total)
        self.server.append(server)
        self.frames.append(frames)

    @property
    def client(self) -> list[float]:
        return [t - s for t, s in zip(self.total, self.server, strict=True)]


def timed_click(
    page: Any, wire: Wire, identifier: str, shows: str, answer: str
) -> tuple[float, float, int]:
    """Click, wait (each animation frame) until ``shows`` tells ``answer``; times."""
    from webapp import by_id

    node = by_id(page, identifier).first
    node.wait_for()
    wire.clear()
    start = time.perf_counter()
    node.click()
    page.wait_for_function(SHOWS, arg=[shows, answer], polling="raf")
    total = time.perf_counter() - start
    server, frames = wire.round_trip()
    return total, server, frames


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


class Table:
    """One open Partija match in its own tab, with the referee's copy to draw legal entries."""

    def __init__(self, page: Any, record: dict[str, Any], deals: int) -> None:
        from rules.record import load

        self.page = page
        self.shadow, _ = load(record)
        self.entries = 0
        self.sample = Sample(f"card tap, {deals} deals")
        self.wire = Wire(page)

    def click(self, rng: random.Random, timed: bool) -> None:
        from webapp import tap

        from bench.table import next_entry
        from rules.match import Status

        log = self.shadow.current
        assert log is not None
        self.page.bring_to_front()
        if log.status is not Status.OPEN:
            tap(self.page, "action-next_deal")
            waiting = self.shadow.waiting(log)
            if waiting:  # the table asks first; its "yes" lets the violations stand
                tap(self.page, "action-confirm-next_deal-yes")
                for violation in waiting:
                    self.shadow.apply({"type": "stand", "event": violation.event})
            self.shadow.start_deal()
            self.entries = 0
        event = next_entry(self.shadow, rng)
        self.shadow.apply(event)
        self.entries += 1
        target = f"card-{event['card']}" if event["type"] == "play" else "action-pass"
        times = timed_click(self.page, self.wire, target, "last-entry", f": {self.entries}. ")
        if timed:
            self.sample.add(*times)


def report(counter: Sample, tables: list[Table]) -> None:
    def ms(values: list[float], share: float) -> str:
        return f"{percentile(values, share) * 1e3:>7.1f}"

    print(f"{'':>24} {'whole':>15} {'server':>15} {'client':>15} frames")
    print(f"{'ms':>24} {'p50':>7} {'p90':>7} {'p50':>7} {'p90':>7} {'p50':>7} {'p90':>7}")
    for sample in [counter] + [t.sample for t in tables]:
        row = [ms(v, q) for v in (sample.total, sample.server, sample.client) for q in (0.5, 0.9)]
        print(f"{sample.name:>24} {' '.join(row)} {statistics.median(sample.frames):>6.0f}")
    print("ratios to the bare counter (p50 / p90):")
    for table in tables:
        t = table.sample

        def ratio(mine: list[float], theirs: list[float], share: float) -> float:
            return percentile(mine, share) / percentile(theirs, share)

        print(
            f"  {t.name}: whole {ratio(t.total, counter.total, 0.5):.2f} / "
            f"{ratio(t.total, counter.total, 0.9):.2f}, "
            f"server {ratio(t.server, counter.server, 0.5):.2f} / "
            f"{ratio(t.server, counter.server, 0.9):.2f}, "
            f"client {ratio(t.client, counter.client, 0.5):.2f} / "
            f"{ratio(t.client, counter.client, 0.9):.2f}"
        )
    if len(tables) > 1:
        first, last = tables[0].sample, tables[-1].sample
        print(
            f"{last.name} ÷ {first.name}: whole p50 "
            f"{percentile(last.total, 0.5) / percentile(first.total, 0.5):.2f}, "
            f"server p50 {percentile(last.server, 0.5) / percentile(first.server, 0.5):.2f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=60, help="timed taps of each app")
    parser.add_argument("--warm", type=int, default=5, help="untimed taps of each first")
    parser.add_argument(
        "--deals", default="10,1000", help="whole deals stored before, one tab per length"
    )
    parser.add_argument("--serve-counter", type=int, metavar="PORT", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve_counter:
        counter_app(args.serve_counter)
        return

    from app_server import spawn_servers
    from webapp import CHROMIUM, another_page, browser_page, launch_with, open_app, serve, tap

    from bench.table import devynake_record
    from models import Store

    if not os.path.exists(CHROMIUM):
        sys.exit(f"no Chromium at {CHROMIUM}")
    launch_with(CHROMIUM)
    spawn_servers()  # the app as a user starts it, as the counter app is
    lengths = [int(n) for n in args.deals.split(",")]
    rng = random.Random(3)
    records = [devynake_record(n, rng) for n in lengths]
    for record in records:
        record["deals"].append({"events": []})
    counter = Sample("bare Flet counter")
    print(f"load average before: {load_average()}")
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        store = Store(folder / "partija.db")
        ids = store.import_records(records)
        store.close()
        with (
            serve_counter(folder) as counter_url,
            serve(folder) as table_url,
            browser_page(PHONE) as first,
        ):
            counter_page = another_page(PHONE)  # the same browser
            counter_page.set_default_timeout(60_000)
            open_app(counter_page, counter_url, first="add")
            counter_wire = Wire(counter_page)
            tables = []
            for n, (match_id, record) in enumerate(zip(ids, records, strict=True)):
                page = first if n == 0 else another_page(PHONE)
                page.set_default_timeout(60_000)
                open_app(page, table_url, first=f"resume-{match_id}")
                tap(page, f"resume-{match_id}", until="expected-now")
                tables.append(Table(page, record, lengths[n]))
            for round_ in range(args.warm + args.taps):
                timed = round_ >= args.warm
                counter_page.bring_to_front()
                times = timed_click(counter_page, counter_wire, "add", "count", str(round_ + 1))
                if timed:
                    counter.add(*times)
                for table in tables if round_ % 2 == 0 else reversed(tables):
                    table.click(rng, timed)
    print(f"load average after: {load_average()}")
    print(
        f"{args.taps} clicks each, interleaved, one Chromium at 360×740; "
        "server = click's frame → last answer frame, client = the rest"
    )
    report(counter, tables)


if __name__ == "__main__":
    main()
