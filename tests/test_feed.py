"""The watchers' feed (``app.feed``): one read of the store per change, however many watch;
a burst folded into one more read; every watcher ends on the latest state."""

from __future__ import annotations

import threading

from app.feed import FEEDS, SESSION, Feed, Feeds
from models import Store


class Hub:
    """Flet's PubSub hub, as far as the feeds use it."""

    def __init__(self) -> None:
        self.topics: dict[tuple[str, str], object] = {}

    def subscribe_topic(self, session: str, topic: str, handler: object) -> None:
        self.topics[session, topic] = handler

    def unsubscribe_topic(self, session: str, topic: str) -> None:
        del self.topics[session, topic]


def wait_idle(feed: Feed) -> None:
    """Until the feed's reading (on its own thread) is over."""
    done = threading.Event()
    while True:
        with feed._lock:
            if not feed._reading:
                return
        done.wait(0.01)


def test_one_read_per_change_whatever_the_watchers(tmp_path):
    store = Store(tmp_path / "p.db")
    table = store.create_match(game="devynake", players=["Ona", "Jonas", "Rūta"])
    table.start_deal()
    feed = Feed(store.resume(table.match_id))
    told = [0] * 50
    for n in range(50):

        def call(n: int = n) -> None:
            told[n] += 1

        feed.watch(call)
    entries = [
        {"type": "play", "player": 1, "card": "9H"},
        {"type": "play", "player": 2, "card": "10H"},
    ]
    for raw in entries:
        assert table.add_entry(raw).accepted
        feed.changed()
        wait_idle(feed)
    assert feed.reads == 2  # one per change, not one per watcher
    assert told == [2] * 50
    for lang in ("lt", "en"):
        shown = feed.watched(lang)
        assert shown.revision == table.revision
        assert sorted(line.number for line in shown.lines) == [1, 2]
        assert not any(line.editable for line in shown.lines)
        assert feed.watched(lang) is shown  # derived once, the same object for every watcher
    feed.changed()  # news without a change: read, nobody redrawn
    wait_idle(feed)
    assert feed.reads == 3 and told == [2] * 50
    store.close()


class SlowKeeper:
    """A match whose first read waits until let go, moving on one revision a read."""

    match_id = 7

    def __init__(self, live: object) -> None:
        self.live = live
        self.revision = 0
        self.go = threading.Event()
        self.reading = threading.Event()

    def __getattr__(self, name: str) -> object:
        return getattr(self.live, name)

    def refresh(self) -> bool:
        self.reading.set()
        self.go.wait(30)
        self.revision += 1
        return True


def test_a_burst_during_a_read_is_one_more_read(tmp_path):
    store = Store(tmp_path / "p.db")
    live = store.create_match(game="devynake", players=["Ona", "Jonas", "Rūta"])
    keeper = SlowKeeper(live)
    feed = Feed(keeper)
    seen: list[int] = []
    feed.watch(lambda: seen.append(feed.watched("lt").revision))
    feed.changed()
    assert keeper.reading.wait(30)
    for _ in range(100):  # news while the first read waits
        feed.changed()
    keeper.go.set()
    wait_idle(feed)
    assert feed.reads == 2
    assert seen == [1, 2]  # and the watcher ends on the latest
    store.close()


def test_feeds_are_made_at_the_first_watcher_and_dropped_with_the_last(tmp_path):
    store = Store(tmp_path / "p.db")
    live = store.create_match(game="devynake", players=["Ona", "Jonas", "Rūta"])
    hub, feeds = Hub(), Feeds()
    first = feeds.join(store, live.match_id, hub)
    assert first is not None and feeds.join(store, live.match_id, hub) is first
    assert (SESSION, f"match-{live.match_id}") in hub.topics  # the tables' news reach it
    assert feeds.join(store, 999, hub) is None  # no such match: nothing to watch
    feeds.leave(live.match_id)
    assert feeds.get(live.match_id) is first
    feeds.leave(live.match_id)
    assert feeds.get(live.match_id) is None and hub.topics == {}
    assert FEEDS.get(live.match_id) is None  # the process's own feeds are another registry
    store.close()


def test_a_watcher_header_names_the_club_table(tmp_path):
    store = Store(tmp_path / "p.db")
    live = store.create_match(game="devynake", players=["Ona", "Jonas", "Rūta"], table="2")
    live.start_deal()
    feeds = Feeds()
    feed = feeds.join(store, live.match_id, Hub())
    assert feed is not None
    assert feed.watched("lt").header.info.startswith("Stalas 2")
    assert feed.watched("en").header.info.startswith("Table 2")
    feeds.leave(live.match_id)
    store.close()
