"""What holds for every game in ``rules.GAMES``, checked by random playouts – a new game gets
these tests by being registered.

A playout takes random options and seats from the game's own declarations,
then plays deals to the end with entries the referee lists as legal
(``Match.legal_entries``), mixing in random entries, most of them illegal.
Along the way:

* a refused entry changes nothing (the deal's state, the totals, the outcome);
* there is always an accepted entry of a kind the deal expects, while it is open;
* undoing the last entry (replaying the record without it) gives the state before it;
* replaying the whole record gives the state and the verdict the entries gave one by one;
* a closed deal's points are within the game's range (violation penalties aside), an
  annulled deal scores nothing, and the totals are the sums of the deals;
* once the match is over, every entry is refused.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
import randomplay
from conftest import record
from hypothesis import given, settings
from hypothesis import strategies as st
from randomplay import choose, plain, random_table

from rules import GAMES, Code, Entry, Match, Status, load, verdict
from rules.cards import deck

DEALS = 3  # per match, at most
ENTRIES = 500  # per deal, at most (a reshuffling deal of Bumas could go on)
# How often a kind is chosen among the accepted entries: as random tables play, and now and
# then the table annuls a deal.
WEIGHTS = {**randomplay.WEIGHTS, "annul": 0.05}
ALL_CARDS = deck(52)


def now(match: Match) -> Any:
    """What an entry could change: the current deal, and the match's totals and outcome."""
    log = match.current
    assert log is not None
    deal = [plain(log.deal), len(log.accepted), len(log.violations), log.points]
    return [len(match.deals), deal, match.totals, match.counted, match.winners, match.stopped]


def state(match: Match) -> Any:
    """Everything a match holds but the count and list of the current deal's refusals."""
    deals = [
        [log.number, log.dealer, plain(log.deal), plain(log.accepted), plain(log.violations)]
        for log in match.deals
    ]
    return [deals, match.totals, match.counted, match.winners, match.stopped]


# -- entries ----------------------------------------------------------------------
def legal(match: Match, rng: random.Random) -> Entry:
    """An accepted entry, drawn from those the referee lists (``Match.legal_entries``) by
    ``WEIGHTS``. An open deal always lists one of a kind it expects."""
    log = match.current
    assert log is not None and log.deal is not None
    kinds = log.deal.expected().kinds
    assert any(e.TYPE in kinds for e in log.deal.legal_entries()), (kinds, log.accepted[-5:])
    entry = choose(match, rng, WEIGHTS)
    assert entry is not None
    return entry


def junk(match: Match, rng: random.Random) -> Any:
    """A random entry: of any type, seat, card and field; mostly illegal, sometimes not."""
    kind = rng.choice(["play", "pass", "draw", "trump", "starter", "buy", "stay", "fold",
                       "jacks", "ramsas", "reveal", "redeal", "no_buy", "jump"])  # fmt: skip
    raw: dict[str, Any] = {"type": kind}
    if rng.random() < 0.9:
        raw["player"] = rng.randint(-1, match.game.seats)
    if rng.random() < 0.7:
        raw["card"] = str(rng.choice(ALL_CARDS)) if rng.random() < 0.9 else "1X"
    if rng.random() < 0.3:
        raw["cards"] = [str(c) for c in rng.sample(ALL_CARDS, rng.randint(0, 4))]
    if rng.random() < 0.3:
        raw["count"] = rng.choice([0, 1, 2, 99, "1"])
    if rng.random() < 0.1:
        raw[rng.choice(["end", "suit", "note"])] = rng.choice(["left", "H", 1])
    return raw if rng.random() < 0.95 else rng.choice([None, [], "play", 7])


# -- the playout ------------------------------------------------------------------
def replayed(match: Match, names: list[str], events: list[list[Any]], **top: Any) -> Match:
    return load(record(match.game.id, names, events, **top))[0]


def check_closed(match: Match) -> None:
    log = match.current
    assert log is not None and log.deal is not None and log.points is not None
    low, high = match.game.points_range()
    cost = match.game.options["penalty_points"]
    if log.status is Status.ANNULLED:
        assert log.points == [0] * match.game.seats
        return
    for seat, points in enumerate(log.points):
        if match.game.options["violation_penalty"] == "points":
            penalty = cost * sum(1 for v in log.violations if v.player == seat)
            points += -penalty if match.game.LOWEST_WINS else penalty
        assert low <= points <= high, (seat, log.points, (low, high))


def playout(game_id: str, seed: int) -> None:
    rng = random.Random(seed)
    spec = GAMES[game_id]
    seats, options, first_dealer = random_table(spec, rng)
    names = [f"P{i}" for i in range(seats)]
    top = {"options": options, "first_dealer": first_dealer}
    match = Match(spec(seats, options), first_dealer)
    events: list[list[Any]] = []
    undo_checks = 3
    for _ in range(DEALS):
        log = match.start_deal()
        events.append([])
        if log.deal is None:  # the match is over: every entry is refused, and changes nothing
            before = now(match)
            for _ in range(5):
                raw = junk(match, rng)
                events[-1].append(raw)
                outcome = match.apply(raw)
                assert outcome.refusal is not None
                assert outcome.refusal.code in (Code.MATCH_OVER, Code.BAD_EVENT, Code.BAD_CARD)
            assert now(match) == before
            break
        for _ in range(ENTRIES):
            if log.status is not Status.OPEN:
                break
            if rng.random() < 0.25:
                raw = junk(match, rng)
                before = now(match)
                outcome = match.apply(raw)
                events[-1].append(raw)
                if outcome.refusal is not None:
                    assert now(match) == before, raw
                    continue
            else:
                entry = legal(match, rng)
                undo = undo_checks > 0 and rng.random() < 0.02
                before = state(match) if undo else None
                outcome = match.apply(entry)
                assert outcome.accepted, (entry, outcome.refusal)
                events[-1].append(entry.to_record())
                if undo:  # undo: the record without the entry gives the state before it
                    undo_checks -= 1
                    undone = [*events[:-1], events[-1][:-1]]
                    assert state(replayed(match, names, undone, **top)) == before
        if log.status is Status.OPEN:
            break  # a deal this long stays open: the match goes no further here
        check_closed(match)
        assert match.totals == [sum(d.points[s] for d in match.deals) for s in range(seats)]
        if match.finished:
            assert match.winners and set(match.winners) <= set(range(seats))
    again = replayed(match, names, events, **top)
    assert state(again) == state(match)
    assert verdict(again, names) == verdict(match, names)


@pytest.mark.parametrize("game_id", sorted(GAMES))
@settings(max_examples=30)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_playouts_keep_the_invariants(game_id, seed):
    playout(game_id, seed)
