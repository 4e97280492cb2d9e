"""The cached results: what the rules derived from the entries, in the columns that cache it.

Both the incremental path (one entry applied to the live match) and the
replay path (undo, replace, import) write the caches through these
functions, so the two can never disagree on their form.
"""

from __future__ import annotations

import json
from typing import TypedDict

from rules.match import DealLog, Match


def deal_results(log: DealLog) -> dict[str, str | None]:
    """A deal's cache columns: status, points (null while open) and violations, as JSON."""
    return {
        "status": log.status.value,
        "points": None if log.points is None else json.dumps(log.points),
        "violations": json.dumps(log.violation_records()),
    }


class MatchResults(TypedDict):
    status: str
    winners: str | None


def match_results(match: Match) -> MatchResults:
    """A match's cache columns: status and winners (seats, sorted; null while not finished)."""
    if match.winners is None:
        return {"status": "open", "winners": None}
    return {"status": "finished", "winners": json.dumps(sorted(match.winners))}
