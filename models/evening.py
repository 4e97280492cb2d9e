"""An evening's results on disk: every finished match as its record, the standings, and
each rating change, as JSON and CSV.

``club results FOLDER`` writes ``matches/<id>.json`` (the records, each with its
``finished_at``), ``results.json`` and ``results.csv``. The records are what the ratings
follow from: ``import FOLDER/matches/*.json`` into another store and ``club ratings
--rebuild`` there give the same ratings, since ratings are computed in the order of
``finished_at``, which the records carry.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

from .backup import write_file
from .files import spreadsheet_text
from .ratings import MODEL


def _start() -> tuple[float, float, float]:
    """A player's rating before his first rated match: OpenSkill's default."""
    first = MODEL.rating()
    return float(first.mu), float(first.sigma), float(first.ordinal())


def results(store: Any) -> dict[str, Any]:
    """The results as one JSON value: matches (finished), standings and rating changes."""
    from rules.games import GAMES

    finished = [m for m in store.list_matches() if m.status == "finished"]
    matches = [
        {
            "id": m.id,
            "table": m.table,
            "round": m.round,
            "game": m.game,
            "finished_at": m.finished_at.isoformat() if m.finished_at else None,
            "players": m.players,
            "totals": m.totals,
            "stopped": m.stopped,  # ended by its table (or the organiser), not by the rules
        }
        for m in sorted(finished, key=lambda m: (m.finished_at is None, m.finished_at, m.id))
    ]
    standings: dict[str, list[dict[str, Any]]] = {}
    changes: list[dict[str, Any]] = []
    for game in sorted(GAMES):
        table = store.standings(game)
        if not table:
            continue
        members = store.members()
        standings[game] = [
            {
                "player": s.name,
                "member": s.name in members,
                "mu": s.mu,
                "sigma": s.sigma,
                "rating": s.ordinal,
                "matches": s.matches,
            }
            for s in table
        ]
        for s in table:
            _, _, before = _start()
            for point in store.rating_history(s.name, game):
                changes.append(
                    {
                        "match": point.match_id,
                        "game": game,
                        "finished_at": point.finished_at.isoformat(),
                        "player": s.name,
                        "place": point.place,
                        "before": before,
                        "after": point.ordinal,
                        "change": point.ordinal - before,
                    }
                )
                before = point.ordinal
    changes.sort(key=lambda c: (c["finished_at"], c["match"], c["place"], c["player"]))
    return {"matches": matches, "standings": standings, "changes": changes}


def changes_csv(found: dict[str, Any]) -> str:
    """One row per player per rated match, in rating order."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(
        ["match", "game", "finished_at", "player", "place", "before", "after", "change"]
    )
    for c in found["changes"]:
        writer.writerow(
            [
                c["match"],
                c["game"],
                c["finished_at"],
                spreadsheet_text(c["player"]),
                c["place"],
                f"{c['before']:.6f}",
                f"{c['after']:.6f}",
                f"{c['change']:.6f}",
            ]
        )
    return out.getvalue()


def results_json(found: dict[str, Any]) -> str:
    """The results as ``results.json`` holds them."""
    return json.dumps(found, ensure_ascii=False, indent=1) + "\n"


def write_results(store: Any, folder: Path) -> int:
    """Write the results into ``folder`` (made if need be); the number of matches."""
    found = results(store)
    (folder / "matches").mkdir(parents=True, exist_ok=True)
    for match in found["matches"]:
        write_file(folder / "matches" / f"{match['id']}.json", [store.export_record(match["id"])])
    write_file(folder / "results.json", [results_json(found).encode()])
    write_file(folder / "results.csv", [changes_csv(found).encode()])
    return len(found["matches"])
