"""Partija's store: matches kept in a local SQLite file (or on PostgreSQL) through SQLModel.

A match is its entries; the store keeps them in order, with the time, and
keeps what is taken back (marked) for the audit trail. Totals and verdicts
come from replaying entries through ``rules``; the few results queries
need are cached beside them in the same transaction.

The app calls ``Store`` (open a database, create / resume / import /
export / list matches, statistics) and ``LiveMatch`` (the match being
played: add an entry, start a deal, undo, annul, replace, stop).
"""

from .engine import DatabaseUnavailable, MovedAside, StoreFault, database_location
from .live import LiveMatch, Replacement, StaleMatch, Undone
from .migrate import ForeignDatabase, NewerDatabase
from .records import UnknownMatch
from .roster import RosterError
from .stats import PlayerStats
from .store import CheckedRecord, RecordRejected, Store, check_records
from .summaries import MatchSummary

__all__ = [
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
    "RosterError",
    "StaleMatch",
    "Store",
    "StoreFault",
    "Undone",
    "UnknownMatch",
    "check_records",
    "database_location",
]
