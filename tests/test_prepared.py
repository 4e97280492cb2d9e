"""The tap's statements run at the driver (``models.prepared``) store exactly what
SQLAlchemy's own execution of them stores, on SQLite and on PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy import bindparam, insert, select
from sqlmodel import col

from models import Store
from models.live import RAISE_REVISION
from models.prepared import Prepared
from models.records import INSERT_ENTRY
from models.tables import EntryRow, MatchRow

NAMES = ["Ona", "Jonas", "Rūta"]


@pytest.fixture
def store(store_url):
    opened = Store(store_url)
    yield opened
    opened.close()


def test_an_entry_stored_at_the_driver_reads_back_as_sqlalchemy_stores_it(store):
    live = store.create_match(game="devynake", players=NAMES)
    live.start_deal()
    deal = live._deal_ids[-1]
    # A whole second (no microseconds) is where a driver's own date format would differ.
    at = datetime(2026, 12, 2, 7, 30, 0, tzinfo=UTC)
    with store._engine.begin() as connection:
        INSERT_ENTRY.run(connection, deal_id=deal, seq=0, event='{"a": 1}', refused=True, at=at)
        connection.execute(
            insert(EntryRow).values(deal_id=deal, seq=1, event='{"a": 1}', refused=True, at=at)
        )
        # As the driver holds them, untouched by SQLAlchemy's reading: the same bytes.
        raw = connection.exec_driver_sql(
            f"SELECT deal_id, event, refused, at FROM entries WHERE deal_id = {deal} ORDER BY seq"
        ).all()
        read = connection.execute(
            select(EntryRow.refused, EntryRow.at).where(col(EntryRow.deal_id) == deal)
        ).all()
    assert len(raw) == 2
    assert raw[0] == raw[1]
    assert read[0] == (True, at)


def test_the_revision_moves_only_from_the_revision_named(store):
    live = store.create_match(game="devynake", players=NAMES)
    with store._engine.begin() as connection:
        stale = RAISE_REVISION.run(connection, match=live.match_id, was=live.revision + 5, now=9)
        moved = RAISE_REVISION.run(connection, match=live.match_id, was=live.revision, now=9)
        revision = connection.execute(
            select(MatchRow.revision).where(col(MatchRow.id) == live.match_id)
        ).scalar_one()
    assert (stale.rowcount, moved.rowcount, revision) == (0, 1, 9)


def test_a_missing_value_is_named_and_nothing_runs(store):
    live = store.create_match(game="devynake", players=NAMES)
    statement = Prepared(
        insert(EntryRow).values(deal_id=bindparam("deal"), seq=bindparam("seq"), event="{}")
    )
    with store._engine.begin() as connection, pytest.raises(KeyError, match="seq"):
        statement.run(connection, deal=live._deal_ids[-1] if live._deal_ids else 1)
