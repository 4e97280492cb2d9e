"""Shared test helpers: where the shared scenarios live, and a record runner."""
from __future__ import annotations

import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
SCENARIOS = SHARED / "scenarios"


def record(game: str, players: int | list[str], deals: list[list[dict]], **top) -> dict:
    """A match record with ``deals`` as lists of events."""
    names = players if isinstance(players, list) else [f"P{i}" for i in range(players)]
    out = {"format": 1, "game": game, "players": names, "options": top.pop("options", {}),
           "deals": [{"events": events} for events in deals]}
    out.update(top)
    return out


@pytest.fixture
def scenarios_dir() -> pathlib.Path:
    if not SCENARIOS.is_dir():
        pytest.skip(f"shared scenarios not found at {SCENARIOS}")
    return SCENARIOS
