"""Helpers for random whole deals of the stock games (domino, bumas).

The random-deal tests know every card. They make some draws and passes
illegal on purpose and track (``Cheats``), from the true play, when the rules
say each one is proven: the engine must report exactly these, at these
proofs, and nothing for legal play.
"""

from __future__ import annotations

import random

from rules import Card, Match


class Cheats:
    """Illegal draws and passes not yet proven, and the violations they should yield."""

    def __init__(self) -> None:
        self.open: list[list] = []  # [event, player, code, cards that fitted, spare]
        self.expected: list[tuple[int, int, int, str]] = []

    def add(self, event: int, player: int, code: str, fitted: set[Card], spare: int = 0) -> None:
        self.open.append([event, player, code, fitted, spare])

    def drew(self, player: int) -> None:
        """A new draw: what the player lacked before may be his now."""
        self.open = [c for c in self.open if c[1] != player]

    def shown(self, player: int, cards: list[Card], index: int) -> None:
        """The player shows ``cards`` at entry ``index`` (none: a pass ends his drawing turn)."""
        for cheat in [c for c in self.open if c[1] == player]:
            if sum(1 for card in cards if card in cheat[3]) > cheat[4]:
                self.expected.append((cheat[0], index, player, cheat[2]))
                self.open.remove(cheat)
            else:
                cheat[4] = 0


def split(count: int, rng: random.Random) -> list[int]:
    """A draw of ``count`` cards entered as one or two consecutive draw entries."""
    if count > 1 and rng.random() < 0.3:
        first = rng.randint(1, count - 1)
        return [first, count - first]
    return [count]


def enter(match: Match, events: list[dict], event: dict) -> None:
    """Apply a legal entry: the engine expects it now and accepts it."""
    expected = match.current.deal.expected()
    assert event["type"] in expected.kinds and expected.player in (None, event.get("player"))
    outcome = match.apply(event)
    assert outcome.accepted, (event, outcome.refusal)
    events.append(event)
