"""Random but legal entries for any of the four games, for property tests.

An entry is drawn from those the referee lists as legal now (``Match.legal_entries``):
a kind by weight, then one entry of that kind, so every entry is legal by construction.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import fields, is_dataclass
from enum import Enum
from typing import Any

from rules import GAMES, Card, Entry, Match, Status
from rules.entries import Drew, Played
from rules.match import Game

# How often a kind is chosen among the legal entries (the rest: 1). A table mostly plays
# cards; the table's ``annul`` is left to the caller (``play`` annuls a deal that is stuck).
WEIGHTS: Mapping[str, float] = {
    "play": 12,
    "several": 1,
    "stay": 4,
    "no_buy": 2,
    "draw": 3,
    "ramsas": 0.2,
    "annul": 0,
}


def new_match(game: str, seats: int, rng: random.Random, **options: Any) -> Match:
    return Match(GAMES[game](seats, options), rng.randrange(seats))


def random_table(spec: type[Game], rng: random.Random) -> tuple[int, dict[str, Any], int]:
    """Seats, options and first dealer drawn from the game's own declarations: an option
    left out or given one of its choices, small numbers (so that matches end)."""
    options: dict[str, Any] = {}
    for option in spec.all_options():
        if rng.random() < 0.5:
            continue
        if option.choices:
            options[option.name] = rng.choice(option.choices)
        elif option.listed:
            continue  # its length follows the seats: chosen below
        elif option.open_ended and rng.random() < 0.2:
            options[option.name] = None
        else:
            options[option.name] = option.minimum + rng.randrange(6)
    low, high = spec.seat_limits(options)
    seats = rng.randint(low, high)
    for option in spec.all_options():
        if option.listed and option.max_items is not None and rng.random() < 0.5:
            count = rng.randint(1, option.max_items(seats))
            options[option.name] = [option.minimum + rng.randrange(6) for _ in range(count)]
    return seats, options, rng.randrange(seats)


def kind(entry: Entry) -> str:
    """The entry's type; domino's play of several cards is a kind of its own (``several``)."""
    return "several" if isinstance(entry, Played) and entry.multi else entry.TYPE


def choose(
    match: Match, rng: random.Random, weights: Mapping[str, float] = WEIGHTS
) -> Entry | None:
    """A legal entry: a kind by ``weights``, then one entry of it (a draw of n cards with
    weight 1/n²: tables draw one card at a time, mostly). None when nothing is listed
    but kinds of weight 0."""
    groups: dict[str, list[Entry]] = {}
    for entry in match.legal_entries():
        groups.setdefault(kind(entry), []).append(entry)
    kinds = [k for k in groups if weights.get(k, 1) > 0]
    if not kinds:
        return None
    group = groups[rng.choices(kinds, [weights.get(k, 1) for k in kinds])[0]]
    return rng.choices(group, [1 / e.count**2 if isinstance(e, Drew) else 1 for e in group])[0]


def random_entry(match: Match, rng: random.Random) -> dict[str, Any] | None:
    """A legal entry for the open deal, as its record; None when the deal takes none but the
    table's annul."""
    entry = choose(match, rng)
    return None if entry is None else entry.to_record()


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
