"""A watcher's delay: from a card tapped at a club's table to the card on a player's phone.

    uv run python bench/watch.py [--taps 40]
    uv run python bench/watch.py --load [--tables 20] [--watchers 50] [--entries 40]

A club's server (``--web --club``) on one SQLite file, and, when Debian's
PostgreSQL is here, two server processes on one PostgreSQL database: the
table on one, the watcher on the other (the news goes by LISTEN/NOTIFY). Two
pages of one headless Chromium at 360×740: the operator's table, and a
phone on the match's watch link. Each tap is timed from Playwright's click
until the table's ``last-entry`` names the new entry, and until the
watcher's does: the whole way a player at the table waits for his phone.

``--load``: many tables entering at once and many phones watching (``bench/watchers.py``).
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from bench.browser import PHONE, SHOWS, percentile  # noqa: E402

PIN = "2468"
NOTHING_YET = "Dar nieko"  # the last-entry line of a deal with no entry (in Lithuanian)


def until_shown(page: Any, answer: str, start: float) -> float:
    page.wait_for_function(SHOWS, arg=["last-entry", answer], polling=5, timeout=60_000)
    return time.perf_counter() - start


@contextlib.contextmanager
def servers(kind: str, folder: Path) -> Iterator[tuple[str, str, int, Any]]:
    """(table's URL, watcher's URL, match id, club) on one store of ``kind``."""
    import postgres
    from app_server import spawn_servers
    from webapp import serve

    spawn_servers()  # each server started as a user starts it

    from models import Store
    from models.club import SETTING, Club

    with contextlib.ExitStack() as stack:
        if kind == "sqlite":
            db = str(folder / "partija.db")
        else:
            server = stack.enter_context(postgres.running())
            db = server.create_database()
        store = Store(db)
        club = Club.new("Klubas", PIN)
        store.save_setting(SETTING, club.setting())
        live = store.create_match(game="devynake", players=["Ona", "Jonas", "Rūta"])
        live.start_deal()
        store.close()
        env, mode = {"PARTIJA_DB": db}, ("--web", "--club")
        (folder / "one").mkdir()
        (folder / "two").mkdir()
        first = stack.enter_context(serve(folder / "one", env, mode=mode))
        second = (
            first
            if kind == "sqlite"
            else stack.enter_context(serve(folder / "two", env, mode=mode))
        )
        yield first, second, live.match_id, club


def measure(kind: str, taps: int) -> tuple[list[float], list[float]]:
    from webapp import browser_page, by_id, open_app, tap, type_into

    own: list[float] = []
    watched: list[float] = []
    with (
        tempfile.TemporaryDirectory() as name,
        servers(kind, Path(name)) as (one, two, match_id, club),
        browser_page(PHONE) as table,
    ):
        open_app(table, one, first="pin")
        type_into(table, "pin", PIN)
        tap(table, "action-login", until=f"resume-{match_id}")
        with table.context.browser.new_page(viewport=PHONE) as phone:
            phone.set_default_timeout(60_000)
            open_app(phone, f"{two.rstrip('/')}/watch/{club.watch_token(match_id)}", "watching")
            tap(table, f"resume-{match_id}", until="card-9H")
            for number in range(taps):
                if number:  # the same first card again, from the same state
                    tap(table, "action-undo")
                    until_shown(phone, NOTHING_YET, time.perf_counter())
                node = by_id(table, "card-9H").first
                node.wait_for()
                start = time.perf_counter()
                node.click()
                own.append(until_shown(table, ": 1. ", start))
                watched.append(until_shown(phone, ": 1. ", start))
    return own, watched


def main() -> None:
    import postgres

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=40)
    parser.add_argument("--load", action="store_true", help="many tables, many watchers")
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--watchers", type=int, default=50)
    parser.add_argument("--entries", type=int, default=40, help="entries per table")
    parser.add_argument("--rate", type=float, default=1.0, help="entries a second per table")
    args = parser.parse_args()
    if args.load:
        from bench.watchers import load

        load(args)
        return
    kinds = ["sqlite"] + ([] if postgres.missing() else ["postgresql"])
    print(f"{args.taps} taps each; Chromium at 360×740; from the click until shown")
    for kind in kinds:
        own, watched = measure(kind, args.taps)
        label = "1 process, SQLite" if kind == "sqlite" else "2 processes, PostgreSQL"
        for what, values in (("table", own), ("watcher", watched)):
            p50, p99 = percentile(values, 0.5) * 1e3, percentile(values, 0.99) * 1e3
            print(f"{label:>24} {what:>8}: p50 {p50:6.1f} ms  p99 {p99:6.1f} ms")


if __name__ == "__main__":
    main()
