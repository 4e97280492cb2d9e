"""Random but legal entries for any of the four games, for property tests.

Candidates are drawn from what the deal expects now (every card of the deck
for a card entry, both ends in domino, the buttons of the moment) and kept
only when the rules accept them, so every entry is legal by construction.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import fields, is_dataclass
from enum import Enum
from typing import Any

from rules import GAMES, Card, Entry, Match, Status
from rules.domino import DominoDeal
from rules.match import Game


def new_match(game: str, seats: int, rng: random.Random, **options: Any) -> Match:
    return Match(GAMES[game](seats, options), rng.randrange(seats))


def candidates(match: Match, rng: random.Random) -> list[dict[str, Any]]:
    log = match.current
    assert log is not None and log.deal is not None
    deal = log.deal
    expected = deal.expected()
    player = expected.player
    cards = sorted(match.game.deck())
    out: list[dict[str, Any]] = []
    for kind in expected.kinds:
        if kind in ("trump", "starter"):
            out += [{"type": kind, "card": str(c)} for c in cards]
        elif kind == "play":
            for card in cards:
                raw: dict[str, Any] = {"type": "play", "player": player, "card": str(card)}
                if isinstance(deal, DominoDeal):
                    for end in ("left", "right"):
                        item = {**raw, "end": end}
                        if card.rank == 14 and deal.wild:
                            item["suit"] = rng.choice("SHDC")
                        out.append(item)
                else:
                    out.append(raw)
        elif kind == "draw":
            out.append({"type": "draw", "player": player, "count": 1})
        elif kind == "reveal" and isinstance(deal, DominoDeal):
            for seat in deal.view().to_reveal:
                free = [c for c in cards for _ in range(match.game.options["decks"] - deal.gone[c])]
                rng.shuffle(free)
                out.append(
                    {
                        "type": "reveal",
                        "player": seat,
                        "cards": [str(c) for c in free[: deal.hands[seat]]],
                    }
                )
        elif kind in ("pass", "buy", "no_buy", "stay", "fold", "redeal"):
            raw = {"type": kind}
            if kind != "redeal":
                raw["player"] = player
            out.append(raw)
    return out


def random_entry(match: Match, rng: random.Random) -> dict[str, Any] | None:
    """A legal entry for the open deal, or None when the deal takes none."""
    options = candidates(match, rng)
    rng.shuffle(options)
    # Plays first, often: a table mostly plays cards; passes and draws keep deals moving.
    options.sort(key=lambda raw: raw["type"] != "play" or rng.random() < 0.2)
    for raw in options:
        if match.is_legal(raw):
            return raw
    return None


def play(match: Match, rng: random.Random, deals: int, *, limit: int = 400) -> list[list[dict]]:
    """Play ``deals`` deals (the last one maybe left open); the events of each."""
    record = []
    for number in range(deals):
        if match.finished:
            break
        log = match.start_deal()
        events: list[dict] = []
        stop_at = rng.randrange(limit) if number == deals - 1 else limit
        while log.status is Status.OPEN and len(events) < stop_at:
            raw = random_entry(match, rng)
            if raw is None:
                raw = {"type": "annul"}
            match.apply(raw)
            events.append(raw)
        if log.status is Status.OPEN and number < deals - 1:
            match.apply({"type": "annul"})
            events.append({"type": "annul"})
        record.append(events)
    return record


def plain(value: Any) -> Any:
    """A state made of lists, dicts and scalars, equal when the states are equal (the
    invariants test and the fuzz campaign compare matches through it)."""
    if isinstance(value, (bool, int, str, float)) or value is None:
        return value
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, (Card, Entry)):
        return str(value)
    if isinstance(value, Counter):
        return sorted((repr(plain(k)), n) for k, n in value.items() if n)
    if isinstance(value, dict):
        return sorted((repr(plain(k)), plain(v)) for k, v in value.items())
    if isinstance(value, (set, frozenset)):
        return sorted(repr(plain(v)) for v in value)
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, Game):
        return [value.id, value.seats, plain(value.options)]
    if is_dataclass(value):
        return [type(value).__name__, [plain(getattr(value, f.name)) for f in fields(value)]]
    if hasattr(value, "__dict__"):
        return [type(value).__name__, plain(vars(value))]
    return repr(value)
