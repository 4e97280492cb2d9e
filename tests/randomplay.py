"""Random but legal entries for any of the four games, for property tests.

Candidates are drawn from what the deal expects now (every card of the deck
for a card entry, both ends in domino, the buttons of the moment) and kept
only when the rules accept them, so every entry is legal by construction.
"""

from __future__ import annotations

import random
from typing import Any

from rules import GAMES, Match, Status
from rules.domino import DominoDeal


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
