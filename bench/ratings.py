"""What the club's ratings cost: the entry that finishes a match, and a full rebuild.

    uv run python bench/ratings.py [--matches 1000] [--repeat 15]

A store (an SQLite file) is filled with ``--matches`` finished devynake matches among
a roster of twelve, rated as they come in. Then, ``--repeat`` times: a new match is
played to its last entry, the entry before it timed (an ordinary entry) and the last
one timed (it finishes the match: its deal's and the match's results are written and
the match rated, appended to the game's ratings, before the commit); the rating alone
(``rate_match`` on that match, its rows taken out first, in a transaction rolled back);
and a full rebuild of every game's ratings, timed. Medians, with the finishing entry's
ratio to the ordinary one measured in the same run.
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

from sqlmodel import Session, col, delete

from bench.table import devynake_record
from models import Store
from models.engine import make_engine
from models.ratings import rate_match
from models.tables import RatingRow

ROSTER = [f"{name} {n}" for n in range(3) for name in ("Ona", "Jonas", "Rūta", "Petras")]
OPTIONS = {"deals": 1}  # the rules finish the match with its first deal


def fill(store: Store, matches: int, rng: random.Random) -> None:
    """``matches`` one-deal finished matches, twenty different deals shared out, in one import."""
    deals = [devynake_record(1, rng)["deals"] for _ in range(20)]
    template = {**devynake_record(0, rng), "options": OPTIONS}
    store.import_records(
        [
            {**template, "players": rng.sample(ROSTER, 3), "deals": rng.choice(deals)}
            for _ in range(matches)
        ]
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    rng = random.Random(18)
    plain, finishing, rating, rebuild = [], [], [], []
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "bench.db")
        engine = make_engine(Path(folder) / "bench.db")
        fill(store, args.matches, rng)
        before = store.standings("devynake")
        start = time.perf_counter()
        store.rebuild_ratings()
        first_rebuild = time.perf_counter() - start
        assert store.standings("devynake") == before, "a rebuild changed the ratings"
        for _ in range(args.repeat):
            events = devynake_record(1, rng)["deals"][0]["events"]
            live = store.create_match(
                game="devynake", players=rng.sample(ROSTER, 3), options=OPTIONS
            )
            live.start_deal()
            for event in events[:-2]:
                live.add_entry(event)
            for event, times in ((events[-2], plain), (events[-1], finishing)):
                start = time.perf_counter()
                outcome = live.add_entry(event)
                times.append(time.perf_counter() - start)
                assert outcome.accepted
            assert live.match.finished
            with Session(engine) as session:
                transaction = session.begin()
                session.exec(delete(RatingRow).where(col(RatingRow.match_id) == live.match_id))
                start = time.perf_counter()
                rate_match(session, match_id=live.match_id)
                rating.append(time.perf_counter() - start)
                transaction.rollback()
            start = time.perf_counter()
            rebuilt = store.rebuild_ratings()
            rebuild.append(time.perf_counter() - start)
        store.close()
        engine.dispose()
    rated = sum(game.matches for game in rebuilt)
    ms = {
        name: statistics.median(times) * 1e3
        for name, times in (
            ("plain", plain),
            ("finishing", finishing),
            ("rating", rating),
            ("rebuild", rebuild),
        )
    }
    print(f"ratings, SQLite, {rated} rated matches at the end (medians of {args.repeat})")
    print(f"  an ordinary entry                 {ms['plain']:8.2f} ms")
    print(
        f"  the entry that finishes and rates {ms['finishing']:8.2f} ms"
        f"   ratio {ms['finishing'] / ms['plain']:.2f}"
    )
    print(f"  of which the rating alone         {ms['rating']:8.2f} ms")
    print(
        f"  a full rebuild ({args.matches}+ matches)     {ms['rebuild']:8.1f} ms"
        f"   (the first: {first_rebuild * 1e3:.1f} ms)"
    )


if __name__ == "__main__":
    main()
