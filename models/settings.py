"""Settings kept in the database, so they move with it (backups, a new phone)."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy.dialects import postgresql, sqlite
from sqlmodel import Session, select

from .tables import Setting


def read_settings(session: Session) -> dict[str, Any]:
    return {row.key: json.loads(row.value) for row in session.exec(select(Setting))}


def write_setting(session: Session, key: str, value: Any) -> None:
    """One statement that adds the setting or replaces its value: two devices saving a
    new setting at once on one server both succeed, the later one's value kept (a read
    first, then an insert, would fail the second on the key's uniqueness)."""
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    dialect = postgresql if session.get_bind().dialect.name == "postgresql" else sqlite
    upsert = dialect.insert(Setting).values(key=key, value=text)
    session.exec(upsert.on_conflict_do_update(index_elements=["key"], set_={"value": text}))
