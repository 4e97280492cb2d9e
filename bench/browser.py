"""A card tap in a real browser, against a bare Flet counter clicked in the same browser.

    uv run python bench/browser.py [--taps 60] [--deals 10]

Both apps are served on 127.0.0.1 in web mode (no CDN) and opened in one
headless Chromium (Debian's /usr/bin/chromium) at 360×740. The counter is
the smallest Flet app there is: a number and a button, the click adds one.
Partija opens a stored Pradeda devynakė match of ``--deals`` whole deals
with an open deal, and taps legal cards (or the pass button) in turn.

Each measurement runs from Playwright's click until the answer is on the
screen: the counter's new number, Partija's ``last-entry`` line naming the
new entry. Counter and table are measured in turn, so both see the same
machine; the ratio of their medians is the figure that counts.

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


def timed_click(page: Any, identifier: str, shows: str, answer: str) -> float:
    """Click, and wait (each animation frame) until ``shows`` tells ``answer``."""
    from webapp import by_id

    node = by_id(page, identifier).first
    node.wait_for()
    start = time.perf_counter()
    node.click()
    page.wait_for_function(SHOWS, arg=[shows, answer], polling="raf")
    return time.perf_counter() - start


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=60, help="timed taps of each app")
    parser.add_argument("--warm", type=int, default=5, help="untimed taps of each first")
    parser.add_argument("--deals", type=int, default=10, help="whole deals stored before")
    parser.add_argument("--serve-counter", type=int, metavar="PORT", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve_counter:
        counter_app(args.serve_counter)
        return

    from webapp import CHROMIUM, browser_page, open_app, serve, tap

    from bench.table import devynake_record, next_entry
    from models import Store
    from rules.match import Status
    from rules.record import load

    if not os.path.exists(CHROMIUM):
        sys.exit(f"no Chromium at {CHROMIUM}")
    rng = random.Random(3)
    record = devynake_record(args.deals, rng)
    record["deals"].append({"events": []})
    shadow, _ = load(record)
    counter_times: list[float] = []
    table_times: list[float] = []
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        store = Store(folder / "partija.db")
        [match_id] = store.import_records([record])
        store.close()
        with (
            serve_counter(folder) as counter_url,
            serve(folder) as table_url,
            browser_page(PHONE) as table,
        ):
            counter = table.context.browser.new_page(viewport=PHONE)  # the same browser
            counter.set_default_timeout(60_000)
            open_app(counter, counter_url, first="add")
            open_app(table, table_url, first=f"resume-{match_id}")
            tap(table, f"resume-{match_id}", until="expected-now")
            entries = 0
            for round_ in range(args.warm + args.taps):
                log = shadow.current
                assert log is not None
                if log.status is not Status.OPEN:
                    table.bring_to_front()
                    tap(table, "action-next_deal")
                    shadow.start_deal()
                    entries = 0
                counter.bring_to_front()
                seconds = timed_click(counter, "add", "count", str(round_ + 1))
                if round_ >= args.warm:
                    counter_times.append(seconds)
                event = next_entry(shadow, rng)
                shadow.apply(event)
                entries += 1
                target = f"card-{event['card']}" if event["type"] == "play" else "action-pass"
                table.bring_to_front()
                seconds = timed_click(table, target, "last-entry", f": {entries}. ")
                if round_ >= args.warm:
                    table_times.append(seconds)
    c50, t50 = percentile(counter_times, 0.5), percentile(table_times, 0.5)
    print(f"{args.taps} clicks each, interleaved, Chromium at 360×740, {args.deals} deals stored")
    print(f"{'':>22} {'p50 ms':>8} {'p90 ms':>8}")
    print(
        f"{'bare Flet counter':>22} {c50 * 1e3:>8.1f} {percentile(counter_times, 0.9) * 1e3:>8.1f}"
    )
    print(f"{'Partija card tap':>22} {t50 * 1e3:>8.1f} {percentile(table_times, 0.9) * 1e3:>8.1f}")
    mean = statistics.fmean(table_times) / statistics.fmean(counter_times)
    print(f"p50 ratio table / counter: {t50 / c50:.2f}  (mean {mean:.2f})")


if __name__ == "__main__":
    main()
