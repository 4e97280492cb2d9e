"""A random but legal Pradeda devynakė table, for the benchmarks and the store's tests.

The referee never sees hands, so any card that fits a row is a legal play
and a pass is always legal; passing while a card fits is the table's
(undetected until proven) business. That makes legal entries cheap to
draw: the current deal's fitting cards, or a pass.
"""

from __future__ import annotations

import random
from typing import Any

from models import Store
from rules.devynake import DevynakeDeal
from rules.match import Match, Status
from rules.record import FORMAT, load

PLAYERS = ("Ona", "Jonas", "Rūta")


def next_entry(match: Match, rng: random.Random, pass_rate: float = 0.1) -> dict[str, Any]:
    """A legal entry for the open deal of a devynake match."""
    deal = match.current.deal if match.current else None
    if not isinstance(deal, DevynakeDeal):
        raise ValueError("no open devynake deal")
    player = deal.turn
    fitting = sorted(deal.fitting())
    if fitting and rng.random() >= pass_rate:
        return {"type": "play", "player": player, "card": str(rng.choice(fitting))}
    return {"type": "pass", "player": player}


def play_deal(match: Match, rng: random.Random) -> list[dict[str, Any]]:
    """Deal the next deal of ``match`` and play it to its end; its events."""
    log = match.start_deal()
    events = []
    while log.status is Status.OPEN:
        event = next_entry(match, rng)
        match.apply(event)
        events.append(event)
    return events


def devynake_record(
    deals: int, rng: random.Random, players: tuple[str, ...] = PLAYERS
) -> dict[str, Any]:
    """A record of ``deals`` whole deals of an endless devynake match."""
    record: dict[str, Any] = {
        "format": FORMAT,
        "game": "devynake",
        "players": list(players),
        "options": {"deals": None},
        "first_dealer": 0,
        "deals": [],
    }
    match, _ = load(record)
    record["deals"] = [{"events": play_deal(match, rng)} for _ in range(deals)]
    return record


def seed_store(store: Store, matches: int, rng: random.Random) -> None:
    """Fill a store with ``matches`` one-deal matches among a roster of twelve, in one import.

    Twenty different deals are played and shared out, seated at random:
    the store's cost depends on how many rows it holds, not on the cards.
    """
    roster = [f"{name} {n}" for n in range(3) for name in ("Ona", "Jonas", "Rūta", "Petras")]
    deals = [devynake_record(1, rng)["deals"] for _ in range(20)]
    template = devynake_record(0, rng)
    store.import_records(
        [
            {**template, "players": rng.sample(roster, 3), "deals": rng.choice(deals)}
            for _ in range(matches)
        ]
    )
