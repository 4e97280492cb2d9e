"""An evening's rounds: who sits at which club table, drawn for the first round and moved
on for each next one.

A round is a match at each of the evening's tables, begun together (``Store.start_round``;
each match keeps its table and its round). The seating of the first round may be drawn
(``draw``); each next round follows a movement (``movement``): the player at seat ``s``
moves ``s`` tables on and keeps his seat, so seat 0 stays, and at three or more tables no
two players who shared a table share the next one unless the tables run out.

``begin_round`` is the one way a round begins, for ``club round`` and the organiser's
screen alike; ``close_round`` stops what the last round left unfinished.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from .faults import Told


class RoundError(Told, ValueError):
    """A round cannot be seated as asked (no table, a table without players, tables of
    different sizes for a movement, a player at two tables), or the last round is still
    being played."""


class Unfinished(Enum):
    """What a new round does with the last round's matches still being played."""

    LEAVE = "leave"  # they go on (``club round``: the organiser knows his room)
    REFUSE = "refuse"  # ``RoundError("round_unfinished")``: nothing begins
    STOP = "stop"  # the table's "end the match" for each of them first (``close_round``)


@dataclass(frozen=True)
class Seated:
    """One table of a round just begun."""

    number: int
    table: str
    match_id: int
    players: list[str]


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


def check_tables(
    game: str, options: Mapping[str, Any], seating: Sequence[tuple[str, Sequence[str]]]
) -> None:
    """Each table's match as the rules would begin it (``RecordError`` for a game, a number
    of players or an option they refuse): checked for every table before any is begun."""
    from rules.record import FORMAT, load

    check_seating(seating)
    for _, players in seating:
        load(
            {
                "format": FORMAT,
                "game": game,
                "players": list(players),
                "options": dict(options),
                "first_dealer": 0,
                "deals": [],
            }
        )


def tidy(seating: Sequence[tuple[str, Sequence[str]]]) -> list[tuple[str, list[str]]]:
    """Tables and names as typed, their spaces tidied; ``round_none`` for a table without
    a name or without players."""
    tidied = [
        (" ".join(table.split()), [" ".join(p.split()) for p in players if p.strip()])
        for table, players in seating
    ]
    if any(not table or not players for table, players in tidied):
        raise RoundError("round_none")
    return tidied


def next_seating(store: Any) -> list[tuple[str, list[str]]]:
    """Where everyone sits in the round after the last one (``movement``)."""
    last = store.last_round()
    if last is None:
        raise RoundError("round_no_last")
    return movement(last[3])


def unfinished(store: Any) -> list[Any]:
    """The last round's matches still being played (``MatchSummary``), in table order."""
    last = store.last_round()
    if last is None:
        return []
    return [m for m in store.round_matches(last[0]) if m.status != "finished" and not m.stopped]


def close_round(store: Any) -> list[int]:
    """Stop every match of the last round still being played, as its table would ("end
    the match": ranked by its totals, an open deal not counted); the ids stopped."""
    stopped = []
    for match in unfinished(store):
        store.resume(match.id).stop()
        stopped.append(match.id)
    return stopped


def begin_round(
    store: Any,
    seating: Sequence[tuple[str, Sequence[str]]] | None = None,
    *,
    game: str | None = None,
    options: Mapping[str, Any] | None = None,
    rng: random.Random | None = None,
    left: Unfinished = Unfinished.LEAVE,
) -> list[Seated]:
    """The next round: at the tables given (shuffled over the seats with ``rng``), else
    the last round's tables with the players moved on. ``game`` defaults to the last
    round's, and so do its options when the game stays; ``options`` are laid over them.
    ``left``: what becomes of the last round's matches still being played."""
    last = store.last_round()
    if seating:
        seats = tidy(seating)
        check_seating(seats)
        if rng is not None:
            seats = draw(seats, rng)
    elif last is None:
        raise RoundError("round_no_last")
    else:
        seats = movement(last[3])
    game = game or (last[1] if last is not None else None)
    if game is None:
        raise RoundError("round_no_last")
    going = unfinished(store) if left is not Unfinished.LEAVE else []
    if going and left is Unfinished.REFUSE:
        raise RoundError("round_unfinished", tables=", ".join(str(m.table) for m in going))
    chosen = dict(last[2]) if last is not None and game == last[1] else {}
    chosen.update(options or {})
    number = last[0] + 1 if last is not None else 1
    check_tables(game, chosen, seats)  # refused before anything is stopped or begun
    if going:
        close_round(store)
    begun = store.start_round(number, game, chosen, seats)
    return [
        Seated(number, table, live.match_id, list(players))
        for (table, players), live in zip(seats, begun, strict=True)
    ]
