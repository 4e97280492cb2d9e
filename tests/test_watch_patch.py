"""What a watcher's phone is sent for each entry: what changed, also when a deal ends.

A watch screen runs in a real Flet session over an in-memory connection
(``bench/tap.py``'s ``Wire``) on a club's SQLite store; a table stores a Pradeda
devynakė deal to its end and the next deal's first entry, telling the process's PubSub
hub as a table screen does, and each patch the watcher is sent is weighed. Sizes and
counts, never times: the watch screen's parts once had no keys, so a deal's summary
coming in above the board made every watcher's board, entry list and scores be drawn
anew (a club server with fifty watchers stalled for two seconds at every deal's end).
"""

from __future__ import annotations

import asyncio
import random
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from bench.table import next_entry
from bench.tap import Wire, settle
from rules.match import Status

# An entry redraws the watcher's header, last-entry line, one board row, one line of the
# entry list: some 2 KB. A deal's end adds its summary and the scoreboard's new row.
MOST_BYTES = 8_000
MOST_BUILT = 200


def test_a_deal_end_sends_a_watcher_only_what_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from flet.controls.context import _context_page
    from flet.controls.id_counter import ControlId
    from flet.messaging.session import Session
    from flet.pubsub.pubsub_hub import PubSubHub

    from app.feed import TOPIC, Feeds
    from app.run import main
    from models import Store
    from models.club import SETTING, Club

    db = tmp_path / "club.db"
    monkeypatch.setenv("PARTIJA_DB", str(db))
    monkeypatch.setenv("PARTIJA_CLUB", "1")
    # A registry of the test's own: the process's feeds stay as the other tests left them.
    monkeypatch.setattr("app.feed.FEEDS", Feeds())
    store = Store(db)
    club = Club.new("Klubas", "2468")
    store.save_setting(SETTING, club.setting())
    live = store.create_match(
        game="devynake", players=["Ona", "Jonas", "Rūta"], options={"deals": None}
    )
    live.start_deal()
    rng = random.Random(5)

    async def watch() -> list[tuple[bool, int, int]]:
        wire = Wire()
        # The web server's hub: handlers run on its threads, as the tables' news does.
        wire.pubsubhub = PubSubHub(asyncio.get_running_loop(), ThreadPoolExecutor(2))
        session = Session(wire)
        wire.session = session
        wire.loop = asyncio.get_running_loop()
        _context_page.set(session.page)
        session.page.route = f"/watch/{club.watch_token(live.match_id)}"
        main(session.page)
        session.get_page_patch()
        await settle(wire, 0)
        sent: list[tuple[bool, int, int]] = []  # (the deal ended, bytes, controls built)
        deals = 0
        while deals < 2:
            current = live.match.current
            assert current is not None
            if current.status is not Status.OPEN:
                live.start_deal()
                deals += 1
            assert live.add_entry(next_entry(live.match, rng)).accepted
            since, ids = len(wire.sent), ControlId.next()
            wire.pubsubhub.send_all_on_topic(TOPIC.format(live.match_id), "stored")
            await settle(wire, since)
            built = ControlId.next() - ids - 1
            ended = live.match.current is not None and live.match.current.status is not (
                Status.OPEN
            )
            sent.append((ended, sum(size for _, size in wire.sent[since:]), built))
        session.close()
        return sent

    sent = asyncio.run(watch())
    store.close()
    assert any(ended for ended, _, _ in sent), "the run should end a deal"
    for ended, size, built in sent:
        assert size <= MOST_BYTES, (ended, size)
        assert built <= MOST_BUILT, (ended, built)
