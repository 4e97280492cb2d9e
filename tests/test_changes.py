"""Word of a changed match between processes on one PostgreSQL database (LISTEN/NOTIFY)."""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

import pytest

from models import Store

ROOT = Path(__file__).resolve().parent.parent

# Another server process: it opens the match and enters one card.
OTHER = """
import sys
sys.path.insert(0, {root!r})
from models import Store
store = Store({url!r})
live = store.resume({match_id})
outcome = live.add_entry({{"type": "play", "player": 1, "card": "9H"}})
assert outcome.refusal is None
store.close()
"""


@pytest.fixture
def pg_url(postgres_server):
    url = postgres_server.create_database()
    yield url
    postgres_server.drop_database(url)


def test_a_write_in_another_process_is_heard(pg_url):
    from models.changes import listener

    store = Store(pg_url)
    live = store.create_match(game="devynake", players=["Ona", "Jonas", "Rūta"])
    live.start_deal()
    url = store.listen_url()
    assert url is not None and "+psycopg" not in url
    heard = threading.Event()
    hub = listener(url)
    assert hub.ready.wait(30)
    stop = hub.follow(live.match_id, heard.set)
    other = hub.follow(live.match_id + 1, lambda: pytest.fail("another match's news"))
    script = OTHER.format(root=str(ROOT), url=pg_url, match_id=live.match_id)
    subprocess.run([sys.executable, "-c", script], check=True, timeout=120)
    assert heard.wait(30), "the other process's entry was never heard of"
    assert live.refresh()  # and it is there to read
    assert [str(e) for _, e in live.match.current.accepted][-1].count("9H") == 1
    stop()
    other()
    store.close()


def test_a_rolled_back_write_says_nothing(pg_url):
    from models import StaleMatch
    from models.changes import listener

    store = Store(pg_url)
    live = store.create_match(game="devynake", players=["Ona", "Jonas", "Rūta"])
    live.start_deal()
    behind = store.resume(live.match_id)
    hub = listener(store.listen_url())
    assert hub.ready.wait(30)
    calls = []
    stop = hub.follow(live.match_id, lambda: calls.append(1))
    live.add_entry({"type": "play", "player": 1, "card": "9H"})
    with pytest.raises(StaleMatch):  # a screen behind: its write is rolled back
        behind.add_entry({"type": "play", "player": 1, "card": "9S"})
    live.add_entry({"type": "play", "player": 2, "card": "9S"})
    # Every committed write is told once, in order; the refused one not at all. The last
    # write's news is awaited by a marker match written after it.
    marker = store.create_match(game="devynake", players=["Ona", "Jonas", "Rūta"])
    seen = threading.Event()
    stop_marker = hub.follow(marker.match_id, seen.set)
    marker.start_deal()
    assert seen.wait(30)
    assert len(calls) == 2
    stop()
    stop_marker()
    store.close()


def test_sqlite_has_nothing_to_listen_to(tmp_path):
    store = Store(tmp_path / "partija.db")
    assert store.listen_url() is None
    store.close()
