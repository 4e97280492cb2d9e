"""Random whole deals of Pradeda devynakė with the true hands known to the test.

Legal play never yields a violation; an injected false pass is reported at
its first proof; the winner's points equal the cards left in the other hands.
(That a replay of the record gives the same verdict is ``test_invariants``'s,
for every game.)
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rules import Match
from rules.cards import ACE, deck
from rules.devynake import Devynake


def true_fitting(rows, lowest):
    fit = set()
    for card in deck(36):
        row = rows.get(card.suit)
        if row is None:
            ok = card.rank == 9
        else:
            ok = card.rank in (row[0] - 1, row[1] + 1) and lowest <= card.rank <= ACE
        if ok:
            fit.add(card)
    return fit


def play_deal(seed: int, seats: int, size: int, dealer: int, scoring: str, cheat_at: int | None):
    rng = random.Random(seed)
    cards = list(deck(size))
    rng.shuffle(cards)
    hands = [set() for _ in range(seats)]
    for i, card in enumerate(cards):
        hands[(dealer + 1 + i) % seats].add(card)
    lowest = 6 if size == 36 else 7
    options = {"deck": size, "scoring": scoring}
    match = Match(Devynake(seats, options), first_dealer=dealer)
    match.start_deal()
    rows: dict = {}
    events: list[dict] = []
    expected_violation = None
    cheat = None  # (event, player, cards that fitted)
    turn = (dealer + 1) % seats
    while match.current.status.value == "open":
        fit = true_fitting(rows, lowest)
        mine = sorted(hands[turn] & fit)
        index = len(events)
        if mine and cheat is None and cheat_at is not None and index >= cheat_at:
            cheat = (index, turn, fit)
            mine = []
        if mine:
            card = rng.choice(mine)
            hands[turn].discard(card)
            low, high = rows.get(card.suit, (card.rank, card.rank))
            rows[card.suit] = (min(low, card.rank), max(high, card.rank))
            event = {"type": "play", "player": turn, "card": str(card)}
            if cheat and expected_violation is None and turn == cheat[1] and card in cheat[2]:
                expected_violation = (cheat[0], index, turn, "false_pass")
        else:
            event = {"type": "pass", "player": turn}
        events.append(event)
        outcome = match.apply(event)
        assert outcome.accepted, (event, outcome.refusal)
        turn = (turn + 1) % seats
        while not hands[turn] and match.current.status.value == "open":
            turn = (turn + 1) % seats
    return match, events, hands, expected_violation, options


@settings(max_examples=150)
@given(
    seed=st.integers(0, 2**32),
    seats=st.integers(3, 5),
    size=st.sampled_from([32, 36]),
    dealer=st.integers(0, 4),
    scoring=st.sampled_from(["cards", "bank"]),
    cheat_at=st.one_of(st.none(), st.integers(0, 40)),
)
def test_random_deals(seed, seats, size, dealer, scoring, cheat_at):
    dealer %= seats
    match, _, hands, expected, _ = play_deal(seed, seats, size, dealer, scoring, cheat_at)
    log = match.current
    found = [(v.event, v.proof, v.player, v.code.value) for v in log.violations]
    assert found == ([expected] if expected else [])
    assert log.rejected == []
    points = log.points
    if scoring == "cards":
        winner = log.deal.out[0]
        assert points[winner] == sum(len(h) for h in hands) and sum(points) == points[winner]
    else:
        assert sum(points) == 3 * seats and sum(1 for h in hands if h) == 1
