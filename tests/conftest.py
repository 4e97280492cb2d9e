"""Test helpers: the project's sample records, the optional shared folder, record builders.

The tests stand on the project's own files: ``tests/scenarios`` holds the sample
records with their expected verdicts (copied from the shared folder when they were
handed over). ``../shared`` is read only by the checks that say so, when it is there.
"""

from __future__ import annotations

import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "tests" / "scenarios"
SHARED = ROOT.parent / "shared"


def record(game: str, players: int | list[str], deals: list[list[dict]], **top) -> dict:
    """A match record with ``deals`` as lists of events."""
    names = players if isinstance(players, list) else [f"P{i}" for i in range(players)]
    out = {
        "format": 1,
        "game": game,
        "players": names,
        "options": top.pop("options", {}),
        "deals": [{"events": events} for events in deals],
    }
    out.update(top)
    return out


def compared(game: str, players: int | list[str], deals: list[list[dict]], **top) -> dict:
    """The parts of a record's verdict that ``check_scenarios.py`` compares."""
    from rules.record import load, verdict

    match, names = load(record(game, players, deals, **top))
    v = verdict(match, names)
    return {
        "deals": [
            {
                "dealer": d["dealer"],
                "status": d["status"],
                "points": d["points"],
                "rejected": sorted((r["event"], r["code"]) for r in d["rejected"]),
                "violations": sorted(
                    (x["event"], x["proof"], x["player"], x["code"]) for x in d["violations"]
                ),
            }
            for d in v["deals"]
        ],
        "totals": v["totals"],
        "finished": v["finished"],
        "winners": v["winners"],
    }


def D(dealer, status="open", points=None, rejected=(), violations=()) -> dict:
    """One deal as ``compared`` gives it."""
    return {
        "dealer": dealer,
        "status": status,
        "points": points,
        "rejected": sorted(rejected),
        "violations": sorted(violations),
    }


def ev(text: str) -> dict:
    """One entry from ``"play 1 AH"``, ``"jacks 0 JH JD"``, ``"trump 9H"``, ``"draw 1 37"``,
    ``"reveal 0 5C 6C"``, ``"annul"``."""
    kind, *args = text.split()
    out: dict = {"type": kind}
    if kind in ("trump", "starter"):
        out["card"] = args[0]
        return out
    if args:
        out["player"] = int(args[0])
    if kind == "play":
        out["card"] = args[1]
        if len(args) > 2:
            out["end"] = args[2]
    elif kind in ("jacks", "reveal"):
        out["cards"] = args[1:]
    elif kind == "draw":
        out["count"] = int(args[1]) if len(args) > 1 else 1
    return out


def deal(*texts: str) -> list[dict]:
    """Entries written as comma-separated short strings."""
    return [ev(part.strip()) for text in texts for part in text.split(",") if part.strip()]


def need_shared(path: str) -> pathlib.Path:
    """A file or folder of ``../shared``; the calling test is skipped where it is absent."""
    found = SHARED / path
    if not found.exists():
        pytest.skip(f"{found} is not here (a clone on its own has no ../shared): check skipped")
    return found
