"""How long resuming a match takes (read its entries, replay them), by the match's length.

    uv run python bench/resume.py [--matches 10000] [--repeat 5]

A store is filled with ``--matches`` stored matches, then matches of 10,
100 and 1 000 whole devynake deals (about 36 entries each) are imported
and each is resumed ``--repeat`` times; the median is shown, with its
ratio to the 10-deal match measured in this run. Resuming replays from
the first entry, so it grows with the match: about linearly is right.
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

from bench.table import devynake_record, seed_store
from models import Store

LENGTHS = (10, 100, 1000)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    rng = random.Random(11)
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "bench.db")
        seed_store(store, args.matches, rng)
        for length in LENGTHS:
            record = devynake_record(length, rng)
            entries = sum(len(deal["events"]) for deal in record["deals"])
            [match_id] = store.import_records([record])
            times = []
            for _ in range(args.repeat):
                start = time.perf_counter()
                store.resume(match_id)
                times.append(time.perf_counter() - start)
            rows.append((length, entries, statistics.median(times)))
        store.close()
    base = rows[0][2]
    print(f"resume a match (median of {args.repeat}), {args.matches} other matches stored")
    print(f"{'deals':>6} {'entries':>8} {'ms':>9} {'µs/entry':>9} {'ratio':>7}")
    for length, entries, seconds in rows:
        print(
            f"{length:>6} {entries:>8} {seconds * 1e3:>9.1f} {seconds / entries * 1e6:>9.1f}"
            f" {seconds / base:>7.1f}"
        )


if __name__ == "__main__":
    main()
