"""Bumas, rule by rule (RULES.md §2, lead decisions in the brief), and random whole deals."""

from __future__ import annotations

import random
from functools import partial

import pytest
import stock_deals
from conftest import record
from hypothesis import given, settings
from hypothesis import strategies as st
from randomplay import new_match
from stock_deals import Cheats, split

from rules import Code, Match, Status, deck, load, verdict
from rules.bumas import Bumas
from rules.options import OptionError


def play(player, card):
    return {"type": "play", "player": player, "card": card}


def draw(player, count=1):
    return {"type": "draw", "player": player, "count": count}


def pas(player):
    return {"type": "pass", "player": player}


def judge(deals, players=3, **top):
    match, names = load(record("bumas", players, deals, **top))
    return verdict(match, names)


def one(events, players=3, **top):
    """The verdict of a one-deal match."""
    return judge([events], players, **top)["deals"][0]


def codes(deal):
    return [(r["event"], r["code"]) for r in deal["rejected"]]


def proofs(deal):
    return [(v["event"], v["proof"], v["player"], v["code"]) for v in deal["violations"]]


def live(players=3, options=None, dealer=0):
    match = Match(Bumas(players, options), first_dealer=dealer)
    match.start_deal()
    return match


def accept(match, *events):
    for event in events:
        outcome = match.apply(event)
        assert outcome.accepted, (event, outcome.refusal)


# -- players, decks, options ---------------------------------------------


def test_two_to_six_players_or_ten_with_two_decks():
    for seats in range(2, 7):
        Bumas(seats)
    for seats in (7, 10):
        Bumas(seats, {"decks": 2})
    for seats, options in ((1, None), (7, None), (7, {"decks": 1}), (11, {"decks": 2})):
        with pytest.raises(OptionError):
            Bumas(seats, options)


@pytest.mark.parametrize(
    "options", [{"decks": 3}, {"reshuffle": "no"}, {"target": 0}, {"ace_wild": True}]
)
def test_bad_options(options):
    with pytest.raises(OptionError):
        Bumas(3, options)


def test_option_defaults():
    options = Bumas(3).options
    assert (options["decks"], options["reshuffle"], options["target"]) == (1, True, 5)


def test_other_games_entries_are_bad_events():
    deal = one(
        [
            play(1, "8H"),
            {"type": "starter", "card": "7H"},
            {"type": "reveal", "player": 2, "cards": []},
        ]
    )
    assert codes(deal) == [(1, "bad_event"), (2, "bad_event")]


# -- the first card and matching -------------------------------------------------


def test_first_player_left_of_dealer_plays_any_card():
    deal = one([draw(1), pas(1), play(0, "2C"), play(1, "KD")])
    assert codes(deal) == [(0, "wrong_phase"), (1, "wrong_phase"), (2, "not_your_turn")]
    assert codes(one([play(0, "2C")], first_dealer=2)) == []


def test_rank_or_suit_of_the_top_card():
    v = judge([[play(1, "8H"), play(2, "8C"), play(0, "KH"), play(0, "KC"), play(1, "2D")]])
    deal = v["deals"][0]
    assert codes(deal) == [(2, "not_playable"), (4, "not_playable")]
    assert "on 8♣" in deal["rejected"][0]["message"]


def test_one_card_at_a_time():
    multi = {"type": "play", "player": 1, "cards": [{"card": "8H"}, {"card": "8C"}]}
    assert codes(one([multi])) == [(0, "bad_event")]  # `cards` is domino's form


def test_card_gone_while_on_the_pile():
    assert codes(one([play(1, "8H"), play(2, "8H")])) == [(1, "card_gone")]
    deal = one([play(1, "8H"), play(2, "8H"), play(0, "8H")], options={"decks": 2})
    assert codes(deal) == [(2, "card_gone")]


# -- the stock, drawing and passing ----------------------------------------------


def test_stock_is_what_the_deal_leaves():
    # 52 − 7×3 = 31; two decks: 104 − 21 = 83.
    assert codes(one([play(1, "8H"), draw(2, 32), draw(2, 31)])) == [(1, "stock_empty")]
    deal = one([play(1, "8H"), draw(2, 84), draw(2, 83)], options={"decks": 2})
    assert codes(deal) == [(1, "stock_empty")]


def test_after_a_draw_only_the_drawer_acts():
    deal = one([play(1, "8H"), draw(2), play(0, "9H"), draw(2), play(2, "9H")])
    assert codes(deal) == [(2, "not_your_turn")]


def test_pass_while_the_stock_has_cards_is_must_draw():
    deal = one([play(1, "8H"), pas(2), draw(2, 31), pas(2)])
    assert codes(deal) == [(1, "must_draw")]


def test_reshuffle_turns_the_pile_under_the_top_into_the_stock():
    # Two players, stock 38. After three cards, two lie under the top (10H).
    v = judge(
        [
            [
                play(1, "8H"),
                play(0, "9H"),
                play(1, "10H"),
                draw(0, 38),
                pas(0),
                draw(0, 3),
                draw(0, 2),
                pas(0),
                play(1, "9H"),
            ]
        ],
        players=2,
    )
    deal = v["deals"][0]
    assert codes(deal) == [(4, "must_draw"), (5, "stock_empty")]
    assert "pile under the top card" in deal["rejected"][0]["message"]
    # 9H went back into the stock: it may be played again.


def test_a_draw_may_run_across_the_reshuffle():
    match = live(players=2)
    accept(match, play(1, "8H"), play(0, "9H"), play(1, "10H"), draw(0, 30), draw(0, 10))
    deal = match.current.deal
    assert (deal.stock, deal.under) == (0, 0) and deal.hands == [46, 5]
    accept(match, pas(0))


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("seed", range(3))
def test_the_count_under_the_top_is_the_pile_less_its_top(seed, players):
    """``under`` is kept as cards are played and the pile turned, not counted each turn:
    after every entry it is what the pile holds less the top card."""
    rng = random.Random(seed)
    match = new_match("bumas", players, rng, target=10**6)
    turned = 0
    while turned < 5:  # the case this is about: the pile became the stock
        log = match.start_deal()
        while log.status is Status.OPEN:
            deal = log.deal
            legal = deal.legal_entries()
            draws = [entry for entry in legal if entry.TYPE == "draw"]
            # Draw often, so that the stock runs out and the pile is turned again and again.
            entry = draws[0] if draws and rng.random() < 0.6 else rng.choice(legal)
            before = deal.stock
            assert match.apply(entry).accepted
            turned += deal.stock > before
            assert deal.under == max(sum(deal.pile.values()) - 1, 0)


def test_without_reshuffle_pass_when_the_stock_is_empty():
    deal = one(
        [
            play(1, "8H"),
            play(0, "9H"),
            play(1, "10H"),
            draw(0, 38),
            draw(0, 1),
            pas(0),
            play(1, "9H"),
        ],
        players=2,
        options={"reshuffle": False},
    )
    assert codes(deal) == [(4, "stock_empty"), (6, "card_gone")]


# -- what draws and passes prove ------------------------------------------------------


def test_false_draw_proven_by_a_later_card_that_fitted():
    deal = one(
        [
            play(1, "8H"),
            play(2, "8C"),
            draw(0, 2),
            play(0, "3C"),
            play(1, "9C"),
            play(2, "2C"),
            play(0, "5C"),
        ]
    )
    assert proofs(deal) == [(2, 6, 0, "false_draw")]


def test_a_run_of_draws_is_one_draw_and_keeps_the_first_index():
    deal = one(
        [
            play(1, "8H"),
            play(2, "8C"),
            draw(0),
            draw(0),
            play(0, "3C"),
            play(1, "9C"),
            play(2, "2C"),
            play(0, "5C"),
        ]
    )
    assert proofs(deal) == [(2, 7, 0, "false_draw")]


def test_a_later_draw_lifts_older_exclusions():
    # 6C fitted at the first draw (clubs), not at the second (diamonds, fours).
    before = [play(1, "8H"), play(2, "8C"), draw(0), play(0, "3C"), play(1, "3D"), play(2, "4D")]
    after = [play(0, "4S"), play(1, "5S"), play(2, "5C"), play(0, "6C")]
    assert proofs(one(before + after)) == [(2, 9, 0, "false_draw")]
    assert proofs(one(before + [draw(0)] + after)) == []


def test_draw_then_pass_one_later_card_proves_both():
    deal = one([play(1, "8H"), draw(0, 38), pas(0), play(1, "9H"), play(0, "2H")], players=2)
    assert proofs(deal) == [(1, 4, 0, "false_draw"), (2, 4, 0, "false_pass")]


def test_a_card_that_did_not_fit_proves_nothing():
    deal = one([play(1, "8H"), draw(0, 38), pas(0), play(1, "8C"), play(0, "2C")], players=2)
    assert proofs(deal) == []


# -- the end of a deal and the match ---------------------------------------------------


def test_first_player_out_wins_the_deal():
    match = live()
    match.current.deal.hands = [7, 1, 7]
    accept(match, play(1, "8H"))
    assert match.current.points == [0, 1, 0] and match.totals == [0, 1, 0]
    assert match.apply(play(2, "8C")).refusal.code is Code.DEAL_OVER


def test_everybody_passing_in_turn_ends_the_deal_without_a_winner():
    v = judge([[play(1, "8H"), draw(0, 38), pas(0), pas(1), play(0, "8C")]], players=2)
    deal = v["deals"][0]
    assert deal["status"] == "finished" and deal["points"] == [0, 0]
    assert codes(deal) == [(4, "deal_over")]


def win(match, winner):
    """Start a deal and let ``winner`` go out with his first card."""
    match.start_deal()
    deal = match.current.deal
    deal.hands[winner], deal.turn = 1, winner
    accept(match, play(winner, "8H"))


def test_match_ends_at_the_target_and_dealer_rotates():
    match = Match(Bumas(2, {"target": 2}))
    for winner in (0, 1, 0):
        win(match, winner)
    assert [d.dealer for d in match.deals] == [0, 1, 0]
    assert match.totals == [2, 1] and match.finished and match.winners == [0]


def test_penalty_points_cost_the_offender():
    match = live(players=2, options={"violation_penalty": "points", "penalty_points": 3})
    accept(match, play(1, "8H"), draw(0, 38), pas(0), play(1, "9H"), play(0, "2H"))
    match.current.deal.hands[1] = 1
    accept(match, play(1, "3H"))
    assert match.current.points == [-6, 1]


def test_annul_keeps_the_dealer():
    v = judge([[play(1, "8H"), {"type": "annul"}, play(2, "8C")], [play(1, "8C")]])
    first, second = v["deals"]
    assert first["status"] == "annulled" and codes(first) == [(2, "deal_over")]
    assert second["dealer"] == 0 and codes(second) == []


def test_expected_now():
    match = live(players=2, dealer=1)
    deal = match.current.deal
    assert (deal.expected().player, deal.expected().kinds) == (0, ("play",))
    accept(match, play(0, "8H"), play(1, "9H"))
    assert (deal.expected().player, deal.expected().kinds) == (0, ("play", "draw"))
    accept(match, draw(0, 38))  # the stock is empty; 8H lies under the top card
    assert deal.expected().kinds == ("play", "draw")
    accept(match, draw(0, 1))
    assert (deal.expected().player, deal.expected().kinds) == (0, ("play", "pass"))


# -- random whole deals, the true hands known to the test ------------------------------


def bumas_deal(seed, seats, dealer, options, cheat_rate, most=400):
    """Play one deal at random (at most ``most`` entries); return what the test needs."""
    rng = random.Random(seed)
    game = Bumas(seats, options)
    reshuffle = game.options["reshuffle"]
    cards = list(deck(52)) * game.options["decks"]
    rng.shuffle(cards)
    hands = [cards[7 * s : 7 * s + 7] for s in range(seats)]
    stock, pile = cards[7 * seats :], []
    match = Match(game, first_dealer=dealer)
    match.start_deal()
    events: list[dict] = []
    cheats = Cheats()
    enter = partial(stock_deals.enter, match, events)

    def drawable():
        return len(stock) + (len(pile) - 1 if reshuffle else 0)

    def take():
        if not stock:  # the pile under the top card, shuffled, is the new stock
            stock[:] = pile[:-1]
            rng.shuffle(stock)
            del pile[:-1]
        return stock.pop()

    def put(player, card):
        hands[player].remove(card)
        pile.append(card)
        cheats.shown(player, [card], len(events))
        enter(play(player, str(card)))

    turn = (dealer + 1) % seats
    put(turn, rng.choice(hands[turn]))
    turn, passes, winner = (turn + 1) % seats, 0, None
    while winner is None and passes < seats and len(events) < most:
        top = pile[-1]
        fit = {c for c in deck(52) if c.suit == top.suit or c.rank == top.rank}
        mine = [c for c in hands[turn] if c in fit]
        if mine and drawable() and rng.random() < cheat_rate:  # draws while able
            count = rng.randint(1, min(3, drawable()))
            cheats.drew(turn)
            cheats.add(len(events), turn, "false_draw", fit, spare=1)
            for part in split(count, rng):
                enter(draw(turn, part))
            hands[turn] += [take() for _ in range(count)]
            mine = [c for c in hands[turn] if c in fit]
        elif mine and not drawable() and rng.random() < cheat_rate:  # passes while able
            cheats.add(len(events), turn, "false_pass", fit)
            mine = []
        elif not mine and drawable():  # draws until he finds a card or nothing is left
            count = 0
            while drawable() and not mine:
                card = take()
                hands[turn].append(card)
                count += 1
                mine = [card] if card in fit else []
            cheats.drew(turn)
            for part in split(count, rng):
                enter(draw(turn, part))
        if mine:
            passes = 0
            put(turn, rng.choice(mine))
            if not hands[turn]:
                winner = turn
        else:
            if events[-1]["type"] == "draw":  # the draw found nothing: its spare is spent
                cheats.shown(turn, [], len(events))
            enter(pas(turn))
            passes += 1
        turn = (turn + 1) % seats
    return match, events, winner, passes == seats, cheats.expected


@settings(max_examples=100)
@given(
    seed=st.integers(0, 2**32),
    seats=st.integers(2, 10),
    dealer=st.integers(0, 9),
    decks=st.sampled_from([1, 2]),
    reshuffle=st.booleans(),
    cheat_rate=st.sampled_from([0.0, 0.1, 0.4]),
)
def test_random_deals(seed, seats, dealer, decks, reshuffle, cheat_rate):
    dealer %= seats
    options = {"reshuffle": reshuffle, "decks": 2 if seats > 6 else decks}
    match, _, winner, blocked, expected = bumas_deal(seed, seats, dealer, options, cheat_rate)
    log = match.current
    assert log.rejected == []
    found = [(v.event, v.proof, v.player, v.code.value) for v in log.violations]
    assert found == expected
    if winner is not None:
        assert log.points == [1 if seat == winner else 0 for seat in range(seats)]
    elif blocked:
        assert log.status.value == "finished" and log.points == [0] * seats
    else:
        assert log.status.value == "open"
