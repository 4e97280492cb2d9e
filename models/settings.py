"""Settings kept in the database, so they move with it (backups, a new phone)."""

from __future__ import annotations

import json
from typing import Any

from sqlmodel import Session, select

from .tables import Setting


def read_settings(session: Session) -> dict[str, Any]:
    return {row.key: json.loads(row.value) for row in session.exec(select(Setting))}


def write_setting(session: Session, key: str, value: Any) -> None:
    row = session.get(Setting, key)
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    if row is None:
        session.add(Setting(key=key, value=text))
    else:
        row.value = text
        session.add(row)
