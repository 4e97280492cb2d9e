"""One reader per watched match in a server process, handing every watcher the latest state.

A club's evening has many players watching a few tables each. If every watcher read
the store on every entry, an entry would cost the server one read and one derivation
per watcher, and watchers would fall behind without bound under load. Here a ``Feed``
per match and process hears of a change (Flet's PubSub from a table in this process;
PostgreSQL's ``NOTIFY`` from another process, ``models.changes``), reads the store
once (``LiveMatch.refresh``: one revision query, and the match only when it moved),
derives what a watcher shows once per language (``Watched``, plain frozen values) and
tells its watchers. News that comes while it is reading is folded into one more read,
so a burst costs at most two. A watcher that is still drawing skips to the latest:
it asks for a drawing only when none is pending, and the drawing takes the feed's
state as it is when it runs. The per-watcher work is Flet's diff of those values,
whose memoized parts compare equal (the same objects) and send nothing.
"""

from __future__ import annotations

import itertools
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from app.table import state as table_state
from app.table.model import TableModel
from app.table.state import EntryLine, HeaderState, ScoreState
from rules import Status

log = logging.getLogger("partija")
SESSION = "partija-feeds"  # the PubSub "session" the feeds listen as: every table's news
TOPIC = "match-{}"  # the table screen's topic (``app.table.screen.follow_other_screens``)


@dataclass(frozen=True)
class Watched:
    """What a watcher's screen is drawn from, at one revision in one language."""

    revision: int
    lang: str
    game: str
    names: tuple[str, ...]
    header: HeaderState
    last_entry: str
    summary: str | None  # the deal's summary once it has closed
    view: object | None  # the public table (``Deal.view``), None before the first deal
    lines: tuple[EntryLine, ...]
    scores: ScoreState


def derive(tm: TableModel, lang: str) -> Watched:
    """The watcher's values of the match at the table model's revision."""
    if tm.lang != lang:
        tm.lang = lang  # nobody draws this model: setting it redraws nothing
    current = tm.match.current
    deal = tm.deal
    closed = (
        current is not None and current.status is not Status.OPEN and current.points is not None
    )
    return Watched(
        revision=tm.revision,
        lang=lang,
        game=tm.game_id,
        names=tuple(tm.names),
        header=table_state.header(tm),
        last_entry=tm.last_entry(),
        summary=tm.deal_summary() if closed else None,
        view=deal.view() if deal is not None else None,
        lines=tuple(replace(line, editable=False) for line in table_state.entry_lines(tm)),
        scores=table_state.scores(tm),
    )


class Feed:
    """One match's watchers in this process, and the one reader that keeps them current."""

    def __init__(self, keeper: Any, table_name: str | None = None) -> None:
        self.keeper = keeper  # models.LiveMatch, read only
        self.match_id: int = keeper.match_id
        self._tm = TableModel(keeper, "lt")
        self._tm.table_name = table_name  # the club's table, in the header
        # Two locks, always taken in this order: ``_reader`` for the keeper and what is
        # derived from it (held through a read of the store), ``_lock`` for the flags, the
        # states and the watchers (held briefly: news never waits for a read).
        self._reader = threading.Lock()
        self._lock = threading.Lock()
        self._states: dict[str, Watched] = {}
        self._watchers: dict[int, Callable[[], None]] = {}
        self._ids = itertools.count()
        self._reading = False
        self._again = False
        self.reads = 0  # reads of the store made for news (the tests count them)
        self.stops: list[Callable[[], None]] = []  # what stops the news (``Feeds``)

    def watched(self, lang: str) -> Watched:
        """The latest state, in ``lang``: derived once per revision and language."""
        with self._lock:
            found = self._states.get(lang)
        if found is not None:
            return found
        with self._reader, self._lock:
            found = self._states.get(lang)
            if found is None:
                found = self._states[lang] = derive(self._tm, lang)
            return found

    def watch(self, call: Callable[[], None]) -> Callable[[], None]:
        """Call ``call`` (from any thread) whenever the match has moved on; returns what
        stops it."""
        with self._lock:
            key = next(self._ids)
            self._watchers[key] = call

        def stop() -> None:
            with self._lock:
                self._watchers.pop(key, None)

        return stop

    def watchers(self) -> int:
        with self._lock:
            return len(self._watchers)

    def changed(self) -> None:
        """News of a change, from any thread: read once now, or once more after the read
        going on."""
        with self._lock:
            if self._reading:
                self._again = True
                return
            self._reading = True
        threading.Thread(target=self._read, name=f"feed-{self.match_id}", daemon=True).start()

    def _read(self) -> None:
        while True:
            with self._lock:
                self._again = False
                langs = list(self._states) or ["lt"]
            calls: list[Callable[[], None]] = []
            with self._reader:
                try:
                    moved = self.keeper.refresh()
                except Exception:  # a server out of reach: the next news reads again
                    log.exception("watchers of match %s: no read of the store", self.match_id)
                    moved = False
                if moved:
                    self._tm.revision = self.keeper.revision
                    # Derived here, once, for the languages watched; the watchers then
                    # only take them.
                    states = {lang: derive(self._tm, lang) for lang in langs}
                with self._lock:
                    self.reads += 1
                    if moved:
                        self._states = states
                        calls = list(self._watchers.values())
            for call in calls:
                try:
                    call()
                except Exception:  # one watcher's failure must not silence the others
                    log.exception("a watcher of match %s failed", self.match_id)
            with self._lock:
                if not self._again:
                    self._reading = False
                    return


class Feeds:
    """The process's feeds, one per watched match, made at its first watcher and dropped
    with its last."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._feeds: dict[int, Feed] = {}
        self._count: dict[int, int] = {}

    def join(self, store: Any, match_id: int, hub: Any) -> Feed | None:
        """The match's feed, for one more watcher; None when the store has no such match
        (or it cannot be read). ``hub``: the process's PubSub hub, where the tables of
        this process tell their writes."""
        with self._lock:
            feed = self._feeds.get(match_id)
            if feed is None:
                try:
                    keeper = store.resume(match_id)
                    summary = store.summary(match_id)
                except Exception:  # unknown, or unreadable: the watcher is told so
                    return None
                table = summary.table if summary is not None else None
                feed = self._feeds[match_id] = Feed(keeper, table)
                topic = TOPIC.format(match_id)
                news = feed.changed
                hub.subscribe_topic(SESSION, topic, lambda _topic, _message: news())
                feed.stops.append(lambda: hub.unsubscribe_topic(SESSION, topic))
                url = store.listen_url()
                if url is not None:  # tables served by another process on the same database
                    from models.changes import listener

                    feed.stops.append(listener(url).follow(match_id, news))
            self._count[match_id] = self._count.get(match_id, 0) + 1
            return feed

    def leave(self, match_id: int) -> None:
        """One watcher less; the last one stops the feed."""
        with self._lock:
            left = self._count.get(match_id, 0) - 1
            if left > 0:
                self._count[match_id] = left
                return
            self._count.pop(match_id, None)
            feed = self._feeds.pop(match_id, None)
        if feed is not None:
            for stop in feed.stops:
                stop()

    def get(self, match_id: int) -> Feed | None:
        with self._lock:
            return self._feeds.get(match_id)


FEEDS = Feeds()
