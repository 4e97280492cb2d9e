"""The rules engine alone: does one entry cost the same at deal 1 and deal 500?

Plays an endless Pradeda devynakė match with random legal entries and times
the entries of the next deal after 1, 10, 100 and 500 deals (median per
entry over several deals), then times a full replay of the record for
contrast. Prints a table; ratios are against deal 1, measured in this run.

    uv run python bench/rules_apply.py
"""

from __future__ import annotations

import random
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.table import devynake_record, next_entry
from rules.match import Status
from rules.record import load

CHECKPOINTS = (1, 10, 100, 500)
SAMPLE_DEALS = 20


def per_entry_times(match, rng: random.Random, deals: int) -> list[float]:
    times = []
    for _ in range(deals):
        log = match.start_deal()
        while log.status is Status.OPEN:
            event = next_entry(match, rng)
            start = time.perf_counter()
            match.apply(event)
            times.append(time.perf_counter() - start)
    return times


def main() -> None:
    rng = random.Random(7)
    record = devynake_record(0, rng)
    match, _ = load(record)
    rows = []
    played = 0
    for checkpoint in CHECKPOINTS:
        per_entry_times(match, rng, checkpoint - played)  # bring the match to the checkpoint
        played = checkpoint
        tracemalloc.start()
        times = per_entry_times(match, rng, SAMPLE_DEALS)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        played += SAMPLE_DEALS
        rows.append((checkpoint, statistics.median(times) * 1e6, peak / 1024))
    base = rows[0][1]
    print(f"{'after deals':>11} | {'µs per entry (median)':>21} | {'ratio':>5} | {'peak KiB':>8}")
    for deals, micros, peak in rows:
        print(f"{deals:>11} | {micros:>21.1f} | {micros / base:>5.2f} | {peak:>8.0f}")
    for deals in (10, 100, 500):
        full = devynake_record(deals, random.Random(deals))
        start = time.perf_counter()
        load(full)
        elapsed = time.perf_counter() - start
        entries = sum(len(d["events"]) for d in full["deals"])
        print(f"replay of {deals} deals ({entries} entries): {elapsed * 1000:.1f} ms")


if __name__ == "__main__":
    main()
