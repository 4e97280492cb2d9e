"""Resuming a stored match from its closed deals' cached results, replaying only the last
deal, gives exactly the state a replay of every entry gives: for random matches of all
four games, and after undo and a correction in the last deal."""

from __future__ import annotations

import random

import pytest
from randomplay import new_match, play

from models import Store
from rules import Match, load
from rules.record import FORMAT


def state(match: Match) -> dict:
    log = match.current
    assert log is not None
    deal = log.deal
    return {
        "totals": list(match.totals),
        "counted": match.counted,
        "winners": match.winners,
        "stopped": match.stopped,
        "next_dealer": match.next_dealer(),
        "deals": [(d.number, d.dealer, d.status, d.points) for d in match.deals],
        "last": (
            log.entries,
            [(i, e.to_record()) for i, e in log.accepted],
            [(i, r.code) for i, r in log.rejected],
            log.violations,
        ),
        "view": deal.view() if deal else None,
        "expected": deal.expected() if deal else None,
        "cards": match.card_states(),
        "reasons": deal.reasons() if deal else None,
    }


def record_of(game: str, seats: int, length: int, seed: int, options: dict) -> dict:
    rng = random.Random(seed)
    match = new_match(game, seats, rng, **options)
    events = play(match, rng, length)
    return {
        "format": FORMAT,
        "game": game,
        "players": [f"P{n}" for n in range(seats)],
        "options": options,
        "first_dealer": match.first_dealer,
        "deals": [{"events": e} for e in events],
    }


GAMES = [
    ("devynake", 3, {"deals": None}),
    ("devynake", 4, {"deals": None, "scoring": "bank"}),
    ("bumas", 3, {"target": 1000}),
    ("domino", 3, {"limit": 100_000}),
    ("ramsas", 3, {"target": 1000}),
    ("ramsas", 2, {"target": 1000}),
]


@pytest.fixture
def store(store_url):
    s = Store(store_url)
    yield s
    s.close()


@pytest.mark.parametrize("game, seats, options", GAMES)
# Three random matches a game on SQLite; on PostgreSQL one, for what the server stores and
# reads differently (the same code resumes from what either returns).
@pytest.mark.parametrize(
    "store_url, seed",
    [("sqlite", 0), ("sqlite", 1), ("sqlite", 2), ("postgresql", 0)],
    indirect=["store_url"],
)
def test_resume_from_results_is_the_full_replay(store, game, seats, options, seed):
    record = record_of(game, seats, 12, seed, options)
    [match_id] = store.import_records([record])
    replayed, _ = load(record)
    if replayed.finished:
        pytest.skip("the random match ended")
    live = store.resume(match_id)
    assert any(log.deal is None for log in live.match.deals[:-1]) or len(record["deals"]) < 2
    assert state(live.match) == state(replayed)
    assert store.replay(match_id).verdict() == live.verdict()


@pytest.mark.parametrize("game, seats, options", GAMES)
def test_undo_and_correction_keep_it_so(store, game, seats, options):
    record = record_of(game, seats, 8, 99, options)
    [match_id] = store.import_records([record])
    live = store.resume(match_id)
    if live.match.finished:
        pytest.skip("the random match ended")
    for _ in range(3):
        live.undo()
        full = store.replay(match_id).match
        assert state(live.match) == state(full)
        assert state(store.resume(match_id).match) == state(full)
    log = live.match.current
    if log is not None and log.accepted:
        index, entry = log.accepted[0]
        live.replace(deal=log.number, index=index, raw=entry.to_record())
        assert state(live.match) == state(store.replay(match_id).match)


@pytest.mark.parametrize("game, seats, options", GAMES[:3])
def test_a_match_played_on_keeps_only_the_open_deal_in_memory(store, game, seats, options):
    """Played deal after deal, the live match holds the closed deals' results only (as a
    resumed one does), its state stays the full replay's, and undoing a deal's start
    brings the deal before it back whole from the store."""
    rng = random.Random(7)
    shadow = new_match(game, seats, rng, **options)
    deals = play(shadow, rng, 4)
    live = store.create_match(
        game=game,
        players=[f"P{n}" for n in range(seats)],
        options=options,
        first_dealer=shadow.first_dealer,
    )
    for events in deals:
        live.start_deal()
        assert all(log.deal is None for log in live.match.deals[:-1])
        for event in events:
            live.add_entry(event)
        if live.match.finished:
            break
    full = store.replay(live.match_id).match
    assert state(live.match) == state(full)
    if live.match.finished or live.match.current.status.value == "open":
        return
    live.start_deal()
    live.undo()  # the start of the new deal: the one before is the last again, whole
    again = live.match.current
    assert again is not None and again.accepted
    assert state(live.match) == state(store.replay(live.match_id).match)


def test_results_taken_at_once_are_the_results_taken_one_by_one():
    from rules.games import GAMES
    from rules.match import Status

    game = GAMES["devynake"](3, {"deals": None})
    results = [
        (Status.FINISHED, [0, 5, 0]),
        (Status.ANNULLED, [0, 0, 0]),
        (Status.FINISHED, [3, 0, 0]),
    ]
    one_by_one, at_once = Match(game, 1), Match(game, 1)
    for status, points in results:
        one_by_one.add_result(status, points)
    at_once.add_results(results)
    assert [(d.number, d.dealer, d.points, d.status) for d in at_once.deals] == [
        (d.number, d.dealer, d.points, d.status) for d in one_by_one.deals
    ]
    assert (at_once.totals, at_once.counted) == (one_by_one.totals, one_by_one.counted)
    assert at_once.next_dealer() == one_by_one.next_dealer() == 0


def test_results_with_one_that_is_not_closed_change_nothing():
    from rules.games import GAMES
    from rules.match import Status

    match = Match(GAMES["devynake"](3, {"deals": None}), 0)
    with pytest.raises(ValueError):
        match.add_results([(Status.FINISHED, [0, 5, 0]), (Status.OPEN, [0, 0, 0])])
    assert (match.deals, match.totals, match.counted) == ([], [0, 0, 0], 0)
