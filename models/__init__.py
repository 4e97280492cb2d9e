"""Partija's store: matches kept in a local SQLite file (or on PostgreSQL) through SQLModel.

A match is its entries; the store keeps them in order, with the time, and
keeps what is taken back (marked) for the audit trail. Totals and verdicts
come from replaying entries through ``rules``; the few results queries
need are cached beside them in the same transaction.

The app calls ``Store`` (open a database, create / resume / import /
export / list matches, statistics) and ``LiveMatch`` (the match being
played: add an entry, start a deal, undo, annul, replace, stop).

The names below are imported on first use (PEP 562): ``import models.peek`` (the
first screen's read-only look at the file, plain ``sqlite3``) does not pull in
SQLAlchemy, SQLModel and pydantic, which cost about a third of a second at start.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .backup import BackupRefused, Restored
    from .engine import DatabaseUnavailable, MovedAside, StoreFault, database_location
    from .faults import Told
    from .live import LiveMatch, Replacement, StaleMatch, Undone
    from .migrate import ForeignDatabase, NewerDatabase
    from .records import UnknownMatch
    from .roster import RosterError
    from .stats import PlayerStats
    from .store import CheckedRecord, RecordRejected, Store, check_records
    from .summaries import MatchSummary

# Each public name and the module it comes from.
_WHERE = {
    "BackupRefused": "backup",
    "Restored": "backup",
    "Told": "faults",
    "DatabaseUnavailable": "engine",
    "MovedAside": "engine",
    "StoreFault": "engine",
    "database_location": "engine",
    "LiveMatch": "live",
    "Replacement": "live",
    "StaleMatch": "live",
    "Undone": "live",
    "ForeignDatabase": "migrate",
    "NewerDatabase": "migrate",
    "UnknownMatch": "records",
    "RosterError": "roster",
    "PlayerStats": "stats",
    "CheckedRecord": "store",
    "RecordRejected": "store",
    "Store": "store",
    "check_records": "store",
    "MatchSummary": "summaries",
}

__all__ = [
    "BackupRefused",
    "CheckedRecord",
    "DatabaseUnavailable",
    "ForeignDatabase",
    "LiveMatch",
    "MatchSummary",
    "MovedAside",
    "NewerDatabase",
    "PlayerStats",
    "RecordRejected",
    "Replacement",
    "Restored",
    "RosterError",
    "StaleMatch",
    "Store",
    "StoreFault",
    "Told",
    "Undone",
    "UnknownMatch",
    "check_records",
    "database_location",
]


def __getattr__(name: str) -> Any:
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    # The store's modules register their tables on SQLModel's metadata as they load;
    # ``store`` loads them all, as the eager import used to, whichever name came first.
    importlib.import_module(".store", __name__)
    value = getattr(importlib.import_module(f".{where}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_WHERE])
