"""An evening's rounds: who sits at which club table, drawn for the first round and moved
on for each next one.

A round is a match at each of the evening's tables, begun together (``Store.start_round``;
each match keeps its table and its round). The seating of the first round may be drawn
(``draw``); each next round follows a movement (``movement``): the player at seat ``s``
moves ``s`` tables on and keeps his seat, so seat 0 stays, and at three or more tables no
two players who shared a table share the next one unless the tables run out.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .faults import Told


class RoundError(Told, ValueError):
    """A round cannot be seated as asked (no table, a table without players, tables of
    different sizes for a movement, a player at two tables)."""


def check_seating(seating: Sequence[tuple[str, Sequence[str]]]) -> None:
    if not seating:
        raise RoundError("round_none")
    names = [name.casefold() for _, players in seating for name in players]
    if len(names) != len(set(names)) or len({table for table, _ in seating}) != len(seating):
        raise RoundError("round_twice")


def draw(
    seating: Sequence[tuple[str, Sequence[str]]], rng: random.Random
) -> list[tuple[str, list[str]]]:
    """The same tables, of the same sizes, with the players shuffled over every seat."""
    check_seating(seating)
    everyone = [name for _, players in seating for name in players]
    rng.shuffle(everyone)
    drawn, at = [], 0
    for table, players in seating:
        drawn.append((table, everyone[at : at + len(players)]))
        at += len(players)
    return drawn


def movement(seating: Sequence[tuple[str, Sequence[str]]]) -> list[tuple[str, list[str]]]:
    """The next round's seating: seat ``s`` of table ``t`` goes to table ``t + s`` (modulo
    the number of tables), at seat ``s``. Tables must have the same number of seats."""
    check_seating(seating)
    sizes = {len(players) for _, players in seating}
    if len(sizes) != 1:
        raise RoundError("round_sizes")
    count, seats = len(seating), sizes.pop()
    return [
        (table, [seating[(t - s) % count][1][s] for s in range(seats)])
        for t, (table, _) in enumerate(seating)
    ]
