"""``Match.legal_entries`` lists what the referee accepts, in random matches of every game
(seats and options drawn from the game's declarations), at every step of every deal, after
its end and after the match's:

* every entry listed is accepted by ``Match.check``, and none is listed twice;
* random entries of every type the game takes, and listed entries with one thing changed,
  are refused when they are not listed: the list is complete, up to what ``key`` leaves
  out (the order of cards played or shown together, a play's end left unnamed, which
  cards a hand shows);
* a random playout that takes only listed entries never meets a refusal.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from randomplay import WEIGHTS, choose, random_table

from rules import GAMES, Card, Entry, Match, Status
from rules.cards import ACE, JACK, SUITS
from rules.entries import (
    Annulled,
    CardsShown,
    Drew,
    End,
    HandRevealed,
    JacksShown,
    Placement,
    Played,
    RamsasDeclared,
    Redealt,
    StarterTurned,
    Stood,
    TrumpShown,
    simple_entry,
)

DEALS = 3
STEPS = 300  # per deal, at most
SAMPLES = 25  # unlisted entries tried at each step
PLAYOUT_WEIGHTS = {**WEIGHTS, "annul": 0.05}


def key(entry: Entry) -> Hashable:
    """What the list is complete up to: cards played or shown together in any order, a play
    without an end at the right one, and of a hand shown only whose it is and how many."""
    if isinstance(entry, Played):
        placed = sorted(((p.card, p.end or End.RIGHT, p.suit) for p in entry.placements),
                        key=lambda item: item[0])  # fmt: skip
        return ("play", entry.player, tuple(placed))
    if isinstance(entry, HandRevealed):
        return ("reveal", entry.player, len(entry.cards))
    if isinstance(entry, (CardsShown, RamsasDeclared)) and entry.cards is not None:
        return (entry.TYPE, entry.player, tuple(sorted(entry.cards)))
    return entry


def sample(match: Match, rng: random.Random) -> Entry:
    """A random entry of a type the game takes: a seat (often the one to act), cards of the
    deck, counts and events near what the deal could take."""
    game, log = match.game, match.current
    deal = log.deal if log is not None else None
    expected = deal.expected().player if deal is not None else None
    seat = expected if expected is not None and rng.random() < 0.6 else rng.randrange(game.seats)
    cards = sorted(game.deck())
    card = rng.choice(cards)
    kind = rng.choice(sorted(game.ENTRY_TYPES))
    if kind == "play":
        if game.LINE_PLAYS and rng.random() < 0.3:
            return several(cards, seat, rng)
        end = rng.choice([None, End.LEFT, End.RIGHT]) if game.LINE_PLAYS else None
        suit = rng.choice([None, None, *SUITS])
        return Played(seat, (Placement(card, end, suit),))
    if kind == "draw":
        return Drew(seat, rng.choice([1, 2, 3, rng.randint(1, 120)]))
    if kind in ("trump", "starter"):
        return (TrumpShown if kind == "trump" else StarterTurned)(None, card)
    if kind == "redeal":
        return Redealt()
    if kind == "annul":
        return Annulled()
    if kind == "stand":
        return Stood(None, rng.randrange((log.entries if log else 0) + 2))
    jacks = [c for c in cards if c.rank == JACK]
    if kind == "jacks":
        return JacksShown(
            seat,
            tuple(rng.choice(rng.choice([jacks, cards])) for _ in range(rng.choice([2, 2, 1, 3]))),
        )
    if kind == "ramsas":
        if rng.random() < 0.3:
            return RamsasDeclared(seat)
        shown = rng.sample(jacks, 4) if rng.random() < 0.7 else rng.sample(cards, 4)
        return RamsasDeclared(seat, tuple(shown))
    if kind == "reveal":
        held = deal.hands[seat] if deal is not None else 1
        count = max(held + rng.choice([-1, 0, 0, 0, 1]), 0)
        pool = cards * game.copies
        return HandRevealed(seat, tuple(rng.sample(pool, min(count, len(pool)))))
    return simple_entry(kind, seat)


def several(cards: list[Card], seat: int, rng: random.Random) -> Played:
    """Two or more different cards of one rank at one end, in any order, naming one suit
    (or none): the shape of the multi-plays the list covers."""
    rank = rng.choice([ACE, rng.choice(cards).rank])
    same = [c for c in cards if c.rank == rank]
    chosen = rng.sample(same, rng.randint(2, len(same)))
    end = rng.choice([End.LEFT, End.RIGHT])
    suit = rng.choice([None, *SUITS])
    return Played.several(seat, *(Placement(c, end, suit) for c in chosen))


def nearby(entry: Entry, match: Match, rng: random.Random) -> Entry:
    """A listed entry with one thing changed: its seat, one card more or fewer drawn, the
    next event, and for a play its card, its end or the suit it names (all of its cards)."""
    change = rng.choice(("seat", "other", "other"))
    if change == "seat" and entry.player is not None:
        return replace(entry, player=rng.randrange(match.game.seats))
    if isinstance(entry, Drew):
        return replace(entry, count=max(entry.count + rng.choice([-1, 1]), 1))
    if isinstance(entry, Stood):
        return replace(entry, event=entry.event + 1)
    if isinstance(entry, Played):
        first = entry.placements[0]
        end = rng.choice([first.end, End.LEFT, End.RIGHT])
        suit = rng.choice([first.suit, None, *SUITS])
        placed = tuple(Placement(p.card, end, suit) for p in entry.placements)
        if not entry.multi and rng.random() < 0.5:
            placed = (Placement(rng.choice(sorted(match.game.deck())), first.end, first.suit),)
        return replace(entry, placements=placed)
    return sample(match, rng)


def check_list(match: Match, rng: random.Random) -> list[Entry]:
    listed = match.legal_entries()
    assert len(set(listed)) == len(listed), "an entry listed twice"
    for entry in listed:
        assert match.is_legal(entry), (entry, match.current and match.current.deal)
    keys = {key(e) for e in listed}
    for _ in range(SAMPLES):
        entry = nearby(rng.choice(listed), match, rng) if listed and rng.random() < 0.5 else None
        entry = entry or sample(match, rng)
        if key(entry) not in keys:
            assert not match.is_legal(entry), (str(entry), "accepted, not listed")
    return listed


def playout(game_id: str, seed: int) -> None:
    rng = random.Random(seed)
    seats, options, first_dealer = random_table(GAMES[game_id], rng)
    match = Match(GAMES[game_id](seats, options), first_dealer)
    assert match.legal_entries() == []  # no deal yet
    for _ in range(DEALS):
        log = match.start_deal()
        if log.deal is None:
            assert check_list(match, rng) == []
            return
        for _ in range(STEPS):
            listed = check_list(match, rng)
            if log.status is not Status.OPEN and not match.waiting(log):
                assert listed == []
                break
            entry = choose(match, rng, PLAYOUT_WEIGHTS)
            if entry is None or (log.status is not Status.OPEN and rng.random() < 0.5):
                break  # a violation left waiting after the deal: the next deal comes anyway
            outcome = match.apply(entry)
            assert outcome.accepted, (entry, outcome.refusal)
        if log.status is Status.OPEN:
            assert match.apply(Annulled()).accepted
            check_list(match, rng)


@pytest.mark.parametrize("game_id", sorted(GAMES))
@settings(max_examples=15)
@given(seed=st.integers(0, 2**32 - 1))
def test_the_list_is_what_the_referee_accepts(game_id: str, seed: int) -> None:
    playout(game_id, seed)


def test_a_wild_ace_is_listed_with_every_suit_and_draws_with_every_count() -> None:
    match = Match(GAMES["domino"](2, {"ace_declare": "required"}), 0)
    match.start_deal()
    match.push({"type": "starter", "card": "5H"})
    listed = {str(e) for e in match.legal_entries()}
    aces = {e for e in listed if '"card":"AS"' in e and '"cards"' not in e}
    assert aces == {
        f'{{"type":"play","player":1,"card":"AS","end":"{end}","suit":"{suit}"}}'
        for end in ("left", "right")
        for suit in "SHDC"
    }
    stock = match.current.deal.stock
    draws = sorted(e.count for e in match.legal_entries() if isinstance(e, Drew))
    assert draws == list(range(1, stock + 1))


def test_rulings_are_the_matchs() -> None:
    """A flagged violation waiting: ``annul``, and one ``stand`` for it until it is decided."""
    match = Match(GAMES["devynake"](3, {}), 2)
    match.start_deal()
    for raw in ({"type": "pass", "player": 0}, {"type": "play", "player": 1, "card": "9H"}):
        match.push(raw)
    # Seat 0 passed while 9S fitted; playing it proves the pass false.
    events: list[dict[str, Any]] = [
        {"type": "pass", "player": 2},
        {"type": "play", "player": 0, "card": "9S"},
    ]
    for raw in events:
        match.push(raw)
    log = match.current
    assert [v.event for v in match.waiting(log)] == [0]
    rulings = [e for e in match.legal_entries() if e.TYPE in ("annul", "stand")]
    assert rulings == [Annulled(), Stood(None, 0)]
    match.push(Stood(None, 0))
    assert [e for e in match.legal_entries() if e.TYPE == "stand"] == []


def test_a_pass_only_once_nothing_can_be_drawn() -> None:
    match = Match(GAMES["bumas"](2, {"reshuffle": False}), 0)
    match.start_deal()
    match.push({"type": "play", "player": 1, "card": "8H"})
    assert {e.TYPE for e in match.legal_entries()} == {"play", "draw", "annul"}
    match.push({"type": "draw", "player": 0, "count": 38})
    assert {e.TYPE for e in match.legal_entries()} == {"play", "pass", "annul"}
