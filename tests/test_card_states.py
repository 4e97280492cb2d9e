"""The picker's card states from the rules' fitting and gone cards equal asking the rules
about every card, at every point of random matches of the four games."""

from __future__ import annotations

import random

import pytest
from randomplay import new_match, random_entry

from rules import Code, Match, Refused, Status
from rules.domino import DominoDeal


def asked_card_by_card(match: Match) -> tuple[set[str], set[str]]:
    log = match.current
    assert log is not None and log.deal is not None
    fits, gone = set(), set()
    for card in match.game.deck():
        entry = log.deal.card_entry(card)
        if entry is None:
            return set(), set()
        raw = entry.to_record()
        tries = [raw]
        if isinstance(log.deal, DominoDeal) and raw["type"] == "play":
            tries = [{**raw, "end": "left"}, {**raw, "end": "right"}]
        codes = []
        for attempt in tries:
            try:
                match.check(attempt)
            except Refused as refusal:
                codes.append(refusal.code)
            else:
                codes.append(None)
        if None in codes:
            fits.add(str(card))
        elif Code.CARD_GONE in codes:
            gone.add(str(card))
    return fits, gone


@pytest.mark.parametrize(
    "game, seats, options",
    [
        ("devynake", 3, {}),
        ("devynake", 4, {"deck": 32, "scoring": "bank"}),
        ("bumas", 3, {}),
        ("bumas", 7, {"decks": 2}),
        ("domino", 2, {}),
        ("domino", 5, {"ace_wild": False}),
        ("ramsas", 2, {}),
        ("ramsas", 4, {"must_head": True, "must_overtrump": True}),
    ],
)
def test_card_states_match_a_check_of_every_card(game, seats, options):
    rng = random.Random(f"{game}{seats}")
    match = new_match(game, seats, rng, **options)
    for _ in range(6):
        if match.finished:
            break
        log = match.start_deal()
        steps = 0
        while log.status is Status.OPEN and steps < 200:
            states = match.card_states()
            fits, gone = asked_card_by_card(match)
            assert {str(c) for c in states.fits} == fits, (steps, log.deal.expected())
            assert {str(c) for c in states.gone} == gone, steps
            raw = random_entry(match, rng) or {"type": "annul"}
            match.apply(raw)
            steps += 1
        if log.status is Status.OPEN:
            match.apply({"type": "annul"})
