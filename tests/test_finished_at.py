"""A record's ``finished_at`` (RECORDS.md): the referee checks and ignores it, the store
exports it and keeps it on import, so ratings rebuilt from exports are the stored ones."""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime

import pytest
from test_ratings import whole_deal

from models import Store
from rules.record import RecordError, finished_time, load, verdict

PLAYERS = [["Ona", "Jonas", "Rūta"], ["Jonas", "Petras", "Ona"], ["Rūta", "Ona", "Petras"]]


def record(**top) -> dict:
    events, _ = whole_deal("devynake", 3, random.Random(4))
    return {
        "format": 1,
        "game": "devynake",
        "players": ["A", "B", "C"],
        "options": {"deals": 1},
        "deals": [{"events": events}],
        **top,
    }


def test_the_referee_ignores_a_good_time_and_refuses_a_bad_one():
    plain = verdict(*load(record()))
    for good in (
        "2026-12-02T21:14:05+02:00",
        "2026-12-02T19:14:05.123456+00:00",
        "2026-12-02T19:14Z",
    ):
        assert verdict(*load(record(finished_at=good))) == plain
        assert finished_time(record(finished_at=good)) == datetime.fromisoformat(good)
    assert finished_time(record()) is None
    bad = ["2026-12-02T21:14:05", "yesterday", "", 1733166845, None, ["2026"], "2" * 5000]
    bad.append("2026-12-02T21:14:05+02:00\u00a0")  # no stray character either
    for value in bad:
        with pytest.raises(RecordError) as refused:
            load(record(finished_at=value))
        assert refused.value.reason == "finished_at", value
        assert "finished_at" in refused.value.message("en")
        assert "finished_at" in refused.value.message("lt")


def play(store: Store, players: list[str], seed: int) -> int:
    """A devynake match of one deal played at the table until the rules finish it."""
    live = store.create_match(game="devynake", players=players, options={"deals": 1})
    live.start_deal()
    events, _ = whole_deal("devynake", 3, random.Random(seed))
    for raw in events:
        assert live.add_entry(raw).accepted
    assert live.match.finished
    return live.match_id


def test_exports_carry_the_finish_time_and_rate_the_same_when_imported(store_url, tmp_path):
    store = Store(store_url)
    try:
        finished = [play(store, PLAYERS[n % 3], seed) for n, seed in enumerate((1, 2, 3, 5, 6))]
        going_on = store.create_match(game="devynake", players=PLAYERS[0]).match_id
        exports = [json.loads(store.export_record(m)) for m in finished]
        assert "finished_at" not in json.loads(store.export_record(going_on))
        times = [datetime.fromisoformat(r["finished_at"]) for r in exports]
        assert all(t.utcoffset() is not None for t in times)
        assert times == sorted(times)
        stored = {"devynake": store.standings("devynake")}
        history = store.rating_history("Ona", "devynake")
    finally:
        store.close()
    # Another store takes the exports in the opposite order, in one import.
    copy = Store(tmp_path / "copy.db")
    try:
        ids = copy.import_records(list(reversed(exports)))
        assert {"devynake": copy.standings("devynake")} == stored
        assert [(h.mu, h.sigma, h.finished_at) for h in copy.rating_history("Ona", "devynake")] == [
            (h.mu, h.sigma, h.finished_at) for h in history
        ]
        copy.rebuild_ratings()
        assert copy.standings("devynake") == stored["devynake"]
        # Exported again, each record is the one that came in: the time kept as it was.
        assert [json.loads(copy.export_record(m)) for m in ids] == list(reversed(exports))
    finally:
        copy.close()
    # Without the times the import's order would decide, and the ratings would differ.
    bare = Store(tmp_path / "bare.db")
    try:
        bare.import_records(
            [{k: v for k, v in r.items() if k != "finished_at"} for r in reversed(exports)]
        )
        assert bare.standings("devynake") != stored["devynake"]
    finally:
        bare.close()


def test_an_imported_time_is_kept_as_given(tmp_path):
    store = Store(tmp_path / "p.db")
    try:
        [match_id] = store.import_records([record(finished_at="2026-12-02T21:14:05+02:00")])
        exported = json.loads(store.export_record(match_id))
        assert exported["finished_at"] == "2026-12-02T19:14:05+00:00"
        assert datetime.fromisoformat(exported["finished_at"]) == datetime(
            2026, 12, 2, 19, 14, 5, tzinfo=UTC
        )
    finally:
        store.close()
