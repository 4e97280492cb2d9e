"""How long adding one entry takes (check + commit + apply), and whether it grows with the match.

    uv run python bench/add_entry.py [--matches 10000] [--entries 1000]

A store is filled with ``--matches`` stored matches; then entries are
added, one timed ``LiveMatch.add_entry`` call each (after a few untimed
ones), to matches that already hold 10, 100 and 1 000 whole deals. Each
figure comes from this run, as do the ratios to the 10-deal match: flat
ratios mean an entry costs the same at deal 10 and deal 1 000.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.table import devynake_record, next_entry, seed_store
from models import LiveMatch, Store
from rules import Status

LENGTHS = (10, 100, 1000)
WARM_UP = 50  # untimed entries first: caches, the connection pool, the first page reads


def time_entries(live: LiveMatch, count: int, rng: random.Random) -> list[float]:
    """Add ``count`` legal entries (starting deals as needed); the seconds each add took."""
    times = []
    while len(times) < count:
        current = live.match.current
        if current is None or current.status is not Status.OPEN:
            live.start_deal()
            continue
        event = next_entry(live.match, rng)
        start = time.perf_counter()
        outcome = live.add_entry(event)
        times.append(time.perf_counter() - start)
        assert outcome.accepted
    return times


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--entries", type=int, default=1000, help="timed entries per match length")
    args = parser.parse_args()
    rng = random.Random(7)
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "bench.db")
        start = time.perf_counter()
        seed_store(store, args.matches, rng)
        print(
            f"{args.matches} matches stored in {time.perf_counter() - start:.1f} s;"
            f" database {store.path.stat().st_size / 1e6:.1f} MB"
        )
        rows = []
        for length in LENGTHS:
            [match_id] = store.import_records([devynake_record(length, rng)])
            live = store.resume(match_id)
            time_entries(live, WARM_UP, rng)
            times = time_entries(live, args.entries, rng)
            rows.append(
                (length, percentile(times, 0.5), percentile(times, 0.99), statistics.fmean(times))
            )
        store.close()
    base_p50, base_p99 = rows[0][1], rows[0][2]
    print(f"\nadd one entry, {args.entries} timed per row, {args.matches} other matches stored")
    print(
        f"{'deals in match':>14} {'p50 ms':>8} {'p99 ms':>8} {'mean ms':>8}"
        f" {'p50 ratio':>10} {'p99 ratio':>10}"
    )
    for length, p50, p99, mean in rows:
        print(
            f"{length:>14} {p50 * 1e3:>8.2f} {p99 * 1e3:>8.2f} {mean * 1e3:>8.2f}"
            f" {p50 / base_p50:>10.2f} {p99 / base_p99:>10.2f}"
        )


if __name__ == "__main__":
    main()
