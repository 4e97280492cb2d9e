"""What holds for every game in ``rules.GAMES``, checked by random playouts – a new game gets
these tests by being registered.

A playout takes random options and seats from the game's own declarations,
then plays deals to the end with entries the referee accepts (chosen among
those the deal expects now), mixing in random entries, most of them
illegal. Along the way:

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
from collections import Counter
from typing import Any

import pytest
from conftest import record
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from randomplay import plain

from rules import GAMES, Card, Code, Entry, Match, Status, load, verdict
from rules.cards import deck
from rules.entries import (
    Drew,
    HandRevealed,
    JacksShown,
    Placement,
    Played,
    StarterTurned,
    TrumpShown,
    simple_entry,
)
from rules.match import Game, cards_of

DEALS = 3  # per match, at most
ENTRIES = 500  # per deal, at most (a reshuffling deal of Bumas could go on)
# How often a kind is chosen among the accepted entries (the rest: 1).
WEIGHTS = {"play": 12, "stay": 4, "no_buy": 2, "draw": 3, "annul": 0.05, "ramsas": 0.2}
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


# -- choosing a table from the game's declarations --------------------------------
def table(spec: type[Game], rng: random.Random) -> tuple[int, dict[str, Any], int]:
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
        else:  # small numbers, so that matches end
            options[option.name] = option.minimum + rng.randrange(6)
    low, high = spec.seat_limits(options)
    seats = rng.randint(low, high)
    for option in spec.all_options():
        if option.listed and option.max_items is not None and rng.random() < 0.5:
            count = rng.randint(1, option.max_items(seats))
            options[option.name] = [option.minimum + rng.randrange(6) for _ in range(count)]
    return seats, options, rng.randrange(seats)


# -- entries ----------------------------------------------------------------------
def candidates(match: Match, rng: random.Random) -> list[Entry]:
    """Entries of the kinds the current deal expects, of every shape they take."""
    log = match.current
    assert log is not None and log.deal is not None
    deal, game = log.deal, match.game
    expected = deal.expected()
    cards = sorted(game.deck())
    seats = range(game.seats)
    player = expected.player
    found: list[Entry] = []
    for kind in expected.kinds:
        if kind == "trump":
            found += [TrumpShown.of(c) for c in cards]
        elif kind == "starter":
            found += [StarterTurned.of(c) for c in cards]
        elif kind in ("redeal", "annul"):
            found.append(simple_entry(kind))
        elif kind in ("buy", "no_buy", "stay", "fold", "pass"):
            found.append(simple_entry(kind, player))
        elif kind == "draw":
            found += [Drew(player, n) for n in (1, 2, 3)]
        elif kind == "ramsas":
            found += [simple_entry("ramsas", s) for s in seats]
        elif kind == "jacks":
            jacks = [c for c in cards if c.is_jack]
            pairs = [(a, b) for a in jacks for b in jacks if a < b and a.suit.red == b.suit.red]
            found += [JacksShown.of(s, *pair) for s in seats for pair in pairs]
        elif kind == "play":
            found += plays(match, player, cards, rng)
        elif kind == "reveal":
            found += reveals(match, rng)
    return found


def plays(match: Match, player: int | None, cards: list[Card], rng: random.Random) -> list[Entry]:
    assert player is not None
    if not match.game.LINE_PLAYS:
        return [Played.of(player, c) for c in cards]
    found: list[Entry] = []
    for card in cards:
        for end in ("left", "right"):
            found.append(Played.of(player, card, end))
            if card.rank == 14:
                found.append(Played.of(player, card, end, rng.choice("SHDC")))
    rank = rng.choice(cards).rank
    pair = rng.sample([c for c in cards if c.rank == rank], 2)
    found.append(Played.several(player, *(Placement.of(c, "right") for c in pair)))
    return found


def reveals(match: Match, rng: random.Random) -> list[Entry]:
    """Each seat still to show shows as many cards as it holds, of those not yet seen."""
    log = match.current
    assert log is not None and log.deal is not None
    seen = Counter(c for _, e in log.accepted for c in cards_of(e))
    left = [c for c in match.game.deck() for _ in range(match.game.copies - seen[c])]
    return [
        HandRevealed.of(seat, *rng.sample(left, count))
        for seat, count in enumerate(log.deal.hands)
        if 0 < count <= len(left)
    ]


def choose(match: Match, rng: random.Random) -> Entry:
    """An accepted entry: of each expected kind, one the referee takes, if there is one; then
    one of those kinds, by ``WEIGHTS``. An open deal always has one."""
    groups: dict[str, list[Entry]] = {}
    for entry in candidates(match, rng):
        groups.setdefault(entry.TYPE, []).append(entry)
    legal = []
    for group in groups.values():
        rng.shuffle(group)
        found = next((e for e in group if match.is_legal(e)), None)
        if found is not None:
            legal.append(found)
    log = match.current
    assert legal, (log and log.deal and log.deal.expected(), log and log.accepted[-5:])
    return rng.choices(legal, [WEIGHTS.get(e.TYPE, 1) for e in legal])[0]


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
    seats, options, first_dealer = table(spec, rng)
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
                entry = choose(match, rng)
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
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_random_playouts_keep_the_invariants(game_id, seed):
    playout(game_id, seed)
