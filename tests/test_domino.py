"""Kortų domino, rule by rule (RULES.md §4, lead decisions in the brief)."""

from __future__ import annotations

import random
from functools import partial

import pytest
import stock_deals
from conftest import record
from hypothesis import given, settings
from hypothesis import strategies as st
from stock_deals import Cheats, split

from rules import Card, Code, Match, Suit, deck, load, verdict
from rules.cards import ACE
from rules.domino import Domino
from rules.i18n import tr
from rules.messages import refusal_message
from rules.options import OptionError


def starter(card):
    return {"type": "starter", "card": card}


def play(player, card, end=None, suit=None):
    event = {"type": "play", "player": player, "card": card}
    if end:
        event["end"] = end
    if suit:
        event["suit"] = suit
    return event


def multi(player, *placements):
    """``placements``: (card, end) or (card, end, suit) tuples."""
    items = []
    for card, end, *suit in placements:
        item = {"card": card, "end": end}
        if suit:
            item["suit"] = suit[0]
        items.append(item)
    return {"type": "play", "player": player, "cards": items}


def draw(player, count=1):
    return {"type": "draw", "player": player, "count": count}


def pas(player):
    return {"type": "pass", "player": player}


def reveal(player, *cards):
    return {"type": "reveal", "player": player, "cards": list(cards)}


def judge(deals, players=2, **top):
    match, names = load(record("domino", players, deals, **top))
    return verdict(match, names)


def codes(deal):
    return [(r["event"], r["code"]) for r in deal["rejected"]]


def proofs(deal):
    return [(v["event"], v["proof"], v["player"], v["code"]) for v in deal["violations"]]


def one(events, players=2, **top):
    """The verdict of a one-deal match."""
    return judge([events], players, **top)["deals"][0]


def live(players=2, options=None, dealer=0, hands=None):
    """A match whose first deal is open; ``hands`` overrides the hand counts."""
    match = Match(Domino(players, options), first_dealer=dealer)
    match.start_deal()
    if hands is not None:
        match.current.deal.hands = list(hands)
    return match


def accept(match, *events):
    for event in events:
        outcome = match.apply(event)
        assert outcome.accepted, (event, outcome.refusal)


def refused(match, event):
    outcome = match.apply(event)
    assert outcome.refusal is not None, event
    return outcome.refusal.code


# -- players, decks, options ---------------------------------------------


def test_two_to_six_players():
    for seats in range(2, 7):
        Domino(seats)
    for seats in (1, 7):
        with pytest.raises(OptionError):
            Domino(seats)


@pytest.mark.parametrize("seats, decks", [(2, 1), (4, 1), (5, 2), (6, 2)])
def test_one_deck_up_to_four_players_two_above(seats, decks):
    assert Domino(seats).options["decks"] == decks


@pytest.mark.parametrize(
    "options",
    [
        {"decks": 3},
        {"ace_wild": 1},
        {"multi_play": "yes"},
        {"ace_points": 11},
        {"limit": 0},
        {"reshuffle": True},
    ],
)
def test_bad_options(options):
    with pytest.raises(OptionError):
        Domino(3, options)


def test_option_defaults():
    options = Domino(3).options
    assert (
        options["ace_wild"],
        options["multi_play"],
        options["ace_points"],
        options["limit"],
    ) == (True, True, 1, 100)


def test_stock_after_the_starter():
    # 52 − 7×2 − 1 = 37 may be drawn, not 38.
    assert codes(one([starter("7H"), draw(1, 38), draw(1, 37)])) == [(1, "stock_empty")]
    # Two decks, five players: 104 − 35 − 1 = 68.
    deal = one([starter("7H"), draw(1, 69), draw(1, 68)], players=5)
    assert codes(deal) == [(1, "stock_empty")]


# -- the starter and the first player ------------------------------------


def test_starter_first_and_once():
    deal = one(
        [
            play(1, "7H"),
            draw(1),
            pas(1),
            reveal(1, "7H"),
            starter("7H"),
            starter("8H"),
            play(1, "8H"),
        ]
    )
    assert codes(deal) == [
        (0, "wrong_phase"),
        (1, "wrong_phase"),
        (2, "wrong_phase"),
        (3, "wrong_phase"),
        (5, "wrong_phase"),
    ]


def test_player_left_of_dealer_plays_first():
    v = judge([[starter("7H"), play(0, "8H"), play(1, "8H")]], players=3, first_dealer=0)
    assert codes(v["deals"][0]) == [(1, "not_your_turn")]
    assert "P1" in v["deals"][0]["rejected"][0]["message"]
    v = judge([[starter("7H"), play(0, "8H")]], players=3, first_dealer=2)
    assert codes(v["deals"][0]) == []


# -- matching at the ends ----------------------------------------------------


def test_one_card_is_both_ends():
    assert codes(one([starter("7H"), play(1, "7S", "left")])) == []
    assert codes(one([starter("7H"), play(1, "2H", "right")])) == []


def test_end_defaults_to_right():
    # After 7S on the left, the right end still shows 7H.
    assert codes(one([starter("7H"), play(1, "7S", "left"), play(0, "8H")])) == []
    deal = one([starter("7H"), play(1, "7S", "left"), play(0, "8S")])
    assert codes(deal) == [(2, "not_playable")]


def test_suit_or_rank_at_the_chosen_end():
    v = judge(
        [
            [
                starter("7H"),
                play(1, "2H", "left"),
                play(0, "2H", "left"),
                play(0, "KC"),
                play(0, "7C"),
            ]
        ]
    )
    deal = v["deals"][0]
    assert codes(deal) == [(2, "card_gone"), (3, "not_playable")]
    assert "right end (7♥)" in deal["rejected"][1]["message"]


def test_not_playable_messages_name_the_end_in_both_languages():
    v = judge([[starter("7H"), play(1, "KC", "left")]])
    assert "left end (7♥)" in v["deals"][0]["rejected"][0]["message"]
    match, names = load(record("domino", 2, [[starter("7H"), play(1, "KC", "left")]]))
    refusal = match.current.rejected[0][1]
    assert "kairiojo galo" in refusal_message(refusal, "lt", names)


def test_wild_ace_fits_any_end_and_counts_as_the_named_suit():
    deal = one(
        [
            starter("7H"),
            play(1, "AC", "left", "S"),
            play(0, "2C", "left"),
            play(0, "2S", "left"),
            play(1, "AD"),
            play(0, "9D"),
            play(0, "5H"),
        ]
    )
    # AC named spades: 2C does not fit it, 2S does; AD without a suit keeps diamonds.
    assert codes(deal) == [(2, "not_playable"), (6, "not_your_turn")]


def test_the_named_suit_is_what_the_next_card_matches():
    deal = one([starter("7H"), play(1, "AS", "left", "D"), play(0, "2D", "left")])
    assert codes(deal) == []


def test_starter_ace_keeps_its_own_suit():
    deal = one([starter("AH"), play(1, "2C"), play(1, "2H")])
    assert codes(deal) == [(1, "not_playable")]


def test_ace_is_ordinary_without_ace_wild():
    deal = one(
        [starter("7H"), play(1, "AC"), play(1, "AH"), play(0, "AS", "left")],
        options={"ace_wild": False},
    )
    assert codes(deal) == [(1, "not_playable"), (3, "not_playable")]


def test_only_a_wild_ace_names_a_suit():
    """RECORDS.md: a `suit` on a card that cannot name one is `not_playable` whatever suit
    it names, its own included (issue 25)."""
    deal = one([starter("7H"), play(1, "8H", suit="S"), play(1, "8H", suit="H"), play(1, "8H")])
    assert codes(deal) == [(1, "not_playable"), (2, "not_playable")]
    deal = one(
        [starter("7H"), play(1, "AH", suit="S"), play(1, "AH", suit="H"), play(1, "AH")],
        options={"ace_wild": False},
    )
    assert codes(deal) == [(1, "not_playable"), (2, "not_playable")]


# -- several cards of one rank ---------------------------------------------


def test_multi_play_each_card_placed_in_order():
    deal = one(
        [
            starter("3S"),
            multi(1, ("3D", "left"), ("3C", "left"), ("3H", "right")),
            play(0, "9C", "left"),
        ]
    )
    assert codes(deal) == []


def test_multi_play_next_card_may_go_on_the_previous():
    deal = one([starter("7H"), multi(1, ("9H", "right"), ("9C", "right")), play(0, "2C")])
    assert codes(deal) == []


def test_multi_play_must_be_one_rank_and_each_placement_legal():
    deal = one(
        [
            starter("7H"),
            multi(1, ("8H", "right"), ("9H", "right")),
            multi(1, ("8H", "right"), ("8C", "left")),
            multi(1, ("8H", "right"), ("8C", "right")),
        ]
    )
    assert codes(deal) == [(1, "not_playable"), (2, "not_playable")]


def test_multi_play_off():
    deal = one(
        [starter("7H"), multi(1, ("8H", "right"), ("8C", "right")), multi(1, ("8H", "right"))],
        options={"multi_play": False},
    )
    assert codes(deal) == [(1, "not_playable")]


def test_multi_play_cannot_show_more_cards_than_held():
    match = live(hands=[7, 2])
    accept(match, starter("7H"))
    assert refused(match, multi(1, ("7S", "left"), ("7C", "left"), ("7D", "left"))) is Code.NOT_HELD


# -- cards gone ----------------------------------------------------------------


def test_card_gone_with_one_deck_including_the_starter():
    deal = one([starter("7H"), play(1, "7H"), multi(1, ("8H", "right"), ("8H", "right"))])
    assert codes(deal) == [(1, "card_gone"), (2, "card_gone")]


def test_two_decks_two_copies_and_a_card_on_its_equal():
    deal = one(
        [starter("7H"), play(1, "7H"), play(0, "7H", "left")], players=2, options={"decks": 2}
    )
    assert codes(deal) == [(2, "card_gone")]


# -- drawing and passing ---------------------------------------------------------


def test_after_a_draw_only_the_drawer_acts():
    deal = one([starter("7H"), draw(1, 2), play(0, "8H"), draw(1), play(1, "8H"), play(0, "9H")])
    assert codes(deal) == [(2, "not_your_turn")]


def test_pass_while_the_stock_has_cards_is_must_draw():
    deal = one([starter("7H"), pas(1), draw(1, 37), pas(1)])
    assert codes(deal) == [(1, "must_draw")]


def test_draw_of_more_than_the_stock_and_from_an_empty_stock():
    deal = one([starter("7H"), draw(1, 30), draw(1, 8), draw(1, 7), draw(1, 1)])
    assert codes(deal) == [(2, "stock_empty"), (4, "stock_empty")]
    v = judge([[starter("7H"), draw(1, 38)]])
    assert "37" in v["deals"][0]["rejected"][0]["message"]


def test_false_draw_proven_by_a_later_card_that_fitted():
    deal = one([starter("7H"), draw(1, 2), play(1, "8H"), play(0, "8C"), play(1, "9H", "left")])
    assert proofs(deal) == [(1, 4, 1, "false_draw")]


def test_the_card_found_right_after_the_draw_proves_nothing():
    deal = one([starter("7H"), draw(1, 2), play(1, "8H"), play(0, "8C"), play(1, "8D")])
    assert proofs(deal) == []


def test_a_run_of_draws_is_one_draw_and_keeps_the_first_index():
    deal = one(
        [starter("7H"), draw(1), draw(1, 2), play(1, "8H"), play(0, "8C"), play(1, "9H", "left")]
    )
    assert proofs(deal) == [(1, 5, 1, "false_draw")]


def test_multi_play_right_after_a_draw_with_two_fitting_cards_proves_it():
    deal = one([starter("7H"), draw(1), multi(1, ("7S", "left"), ("7C", "left"))])
    assert proofs(deal) == [(1, 2, 1, "false_draw")]
    # The second card fits only on the first: it did not fit at the draw.
    deal = one([starter("7H"), draw(1), multi(1, ("9H", "right"), ("9C", "right"))])
    assert proofs(deal) == []


def test_a_later_draw_lifts_older_exclusions():
    # 2H fitted at the first draw (hearts), not at the second (spades, clubs, sevens, aces).
    before = [starter("7H"), draw(1), play(1, "7S", "left"), play(0, "7C")]
    after = [play(1, "2S", "left"), play(0, "2D", "left"), play(1, "2H", "left")]
    assert proofs(one(before + after)) == [(1, 6, 1, "false_draw")]
    assert proofs(one(before + [draw(1)] + after)) == []


def test_false_pass_proven_by_a_later_play():
    deal = one([starter("7H"), draw(1, 37), pas(1), play(0, "2H"), play(1, "3H")])
    assert proofs(deal) == [(1, 4, 1, "false_draw"), (2, 4, 1, "false_pass")]


def test_draw_then_pass_one_later_card_proves_both():
    deal = one(
        [starter("7H"), play(1, "8H"), draw(0, 37), pas(0), play(1, "9H"), play(0, "7D", "left")]
    )
    assert proofs(deal) == [(2, 5, 0, "false_draw"), (3, 5, 0, "false_pass")]


def test_a_card_that_did_not_fit_proves_nothing():
    deal = one([starter("7H"), play(1, "8H"), draw(0, 37), pas(0), play(1, "8C"), play(0, "2C")])
    assert proofs(deal) == []


# -- end of play, reveals, points -------------------------------------------------


def blocked(options=None, hands=(3, 2)):
    """Two players, stock drawn empty by seat 1, both pass: the reveal phase."""
    match = live(options=options)
    accept(match, starter("7H"), draw(1, 37), pas(1), pas(0))
    match.current.deal.hands = list(hands)
    return match


def test_blocked_deal_everybody_reveals():
    match = blocked()
    deal = match.current.deal
    assert deal.play_over and deal.expected().kinds == ("reveal",)
    assert refused(match, play(0, "8H")) is Code.WRONG_PHASE
    assert refused(match, draw(1)) is Code.WRONG_PHASE
    assert refused(match, pas(0)) is Code.WRONG_PHASE
    accept(match, reveal(1, "KC", "3S"))
    assert refused(match, reveal(1, "KC", "3S")) is Code.WRONG_PHASE
    assert match.current.points is None
    accept(match, reveal(0, "2C", "JD", "QS"))
    assert match.current.points == [25, 16] and match.totals == [25, 16]
    assert refused(match, reveal(0, "2C")) is Code.DEAL_OVER


def test_blocked_needs_every_player_to_pass_in_turn():
    match = live(players=3)
    accept(match, starter("7H"), draw(1, 30), pas(1), pas(2))
    assert not match.current.deal.play_over
    accept(match, play(0, "8H"), pas(1), pas(2), pas(0))
    assert match.current.deal.play_over


def test_ace_points_fourteen():
    match = blocked({"ace_points": 14, "ace_wild": False}, hands=(1, 1))
    accept(match, reveal(0, "AD"), reveal(1, "10D"))
    assert match.current.points == [14, 10]


def test_reveal_before_the_end_is_wrong_phase():
    assert codes(one([starter("7H"), reveal(1, "2C")])) == [(1, "wrong_phase")]


def test_reveal_must_match_the_hand_count_and_cards_left():
    match = blocked(hands=(2, 2))
    assert refused(match, reveal(0, "2C")) is Code.HAND_MISMATCH
    assert refused(match, reveal(0, "2C", "7H")) is Code.HAND_MISMATCH  # the starter
    assert refused(match, reveal(0, "2C", "2C")) is Code.HAND_MISMATCH
    accept(match, reveal(0, "2C", "3C"))
    assert refused(match, reveal(1, "2C", "4C")) is Code.HAND_MISMATCH  # shown by seat 0
    accept(match, reveal(1, "4C", "5C"))


def test_player_out_ends_play_and_is_not_in_play():
    match = live(hands=[7, 2])
    accept(match, starter("7H"), play(1, "8H"), play(0, "9H"), play(1, "10H"))
    deal = match.current.deal
    assert deal.play_over and deal.expected().player is None
    assert refused(match, reveal(1)) is Code.NOT_IN_PLAY
    assert refused(match, play(1, "JH")) is Code.NOT_IN_PLAY
    assert refused(match, starter("2C")) is Code.WRONG_PHASE
    accept(match, reveal(0, "2C", "3C", "4C", "5C", "6C", "KS"))
    assert match.current.points == [33, 0]


def test_reveal_proves_false_pass_and_false_draw():
    match = live()
    accept(match, starter("7H"), play(1, "8H"), draw(0, 37), pas(0), pas(1))
    match.current.deal.hands = [1, 6]
    outcome = match.apply(reveal(0, "8D"))
    assert [(v.event, v.proof, v.code.value) for v in outcome.violations] == [
        (2, 5, "false_draw"),
        (3, 5, "false_pass"),
    ]


# -- the match -----------------------------------------------------------------------


def finish_deal(match, points):
    """Block the current two-player deal at once and reveal hands worth ``points``."""
    deal = match.current.deal
    accept(match, starter("7H"))
    deal.stock, deal.hands, deal.passes = 0, [1, 1], 0
    deal.turn = deal.left_of(deal.dealer)
    accept(match, pas(deal.turn), pas(deal.left_of(deal.turn)))
    names = {11: "J", 12: "Q", 13: "K"}
    accept(
        match, *(reveal(seat, f"{names.get(p, p)}{'CD'[seat]}") for seat, p in enumerate(points))
    )


def test_match_ends_at_the_limit_lowest_wins_and_dealer_rotates():
    match = Match(Domino(2, {"limit": 20}))
    for points in ((10, 2), (3, 13), (10, 2)):
        match.start_deal()
        finish_deal(match, points)
    assert [d.dealer for d in match.deals] == [0, 1, 0]
    assert match.totals == [23, 17] and match.finished and match.winners == [1]


def test_ties_share_the_win():
    match = Match(Domino(2, {"limit": 10}))
    match.start_deal()
    finish_deal(match, (10, 10))
    assert match.winners == [0, 1]


def test_not_finished_below_the_limit():
    match = Match(Domino(2, {"limit": 50}))
    match.start_deal()
    finish_deal(match, (13, 12))
    assert not match.finished


def test_penalty_points_are_added_to_the_offender():
    match = live(options={"violation_penalty": "points", "penalty_points": 5})
    accept(match, starter("7H"), play(1, "8H"), draw(0, 37), pas(0), pas(1))
    match.current.deal.hands = [1, 1]
    accept(match, reveal(0, "8D"), reveal(1, "2C"))
    # Seat 0's draw and pass are both proven: 8 + 2 × 5.
    assert match.current.points == [18, 2]


def test_annul_keeps_the_dealer():
    v = judge([[starter("7H"), {"type": "annul"}, play(1, "8H")], [starter("7H")]])
    first, second = v["deals"]
    assert first["status"] == "annulled" and codes(first) == [(2, "deal_over")]
    assert second["dealer"] == 0


def test_stopped_match_lowest_total_wins():
    match = Match(Domino(2))
    match.start_deal()
    finish_deal(match, (13, 2))
    match.stop()
    assert match.winners == [1]


def test_other_games_entries_are_bad_events():
    deal = one([starter("7H"), {"type": "trump", "card": "7H"}, {"type": "buy", "player": 1}])
    assert codes(deal) == [(1, "bad_event"), (2, "bad_event")]


# -- what the table owes now ---------------------------------------------------------


def test_expected_now():
    match = live(dealer=1)
    deal = match.current.deal
    assert (deal.expected().player, deal.expected().kinds) == (None, ("starter",))
    accept(match, starter("7H"))
    assert (deal.expected().player, deal.expected().kinds) == (0, ("play", "draw"))
    accept(match, draw(0, 37))
    assert (deal.expected().player, deal.expected().kinds) == (0, ("play", "pass"))


@pytest.mark.parametrize(
    "reason",
    [
        "no_starter",
        "starter_twice",
        "first_card",
        "no_fit_left",
        "no_fit_right",
        "pile_mismatch",
        "no_suit_choice",
        "multi_off",
        "one_rank",
        "more_than_held",
        "must_reshuffle",
        "play_over",
        "not_over",
        "revealed_twice",
        "reveal_count",
    ],
)
def test_reasons_in_both_languages(reason):
    en, lt = tr("en", f"refusal.{reason}"), tr("lt", f"refusal.{reason}")
    assert f"refusal.{reason}" not in (en, lt) and en != lt


# -- random whole deals, the true hands known to the test ------------------------------


def fits(card, face, wild):
    return card.suit == face.suit or card.rank == face.rank or (wild and card.rank == ACE)


def domino_deal(seed, seats, dealer, options, cheat_rate):
    rng = random.Random(seed)
    game = Domino(seats, options)
    wild, multi_on = game.options["ace_wild"], game.options["multi_play"]
    cards = list(deck(52)) * game.options["decks"]
    rng.shuffle(cards)
    hands = [cards[7 * s : 7 * s + 7] for s in range(seats)]
    stock = cards[7 * seats :]
    match = Match(game, first_dealer=dealer)
    match.start_deal()
    events: list[dict] = []
    cheats = Cheats()

    enter = partial(stock_deals.enter, match, events)

    first = stock.pop()
    enter({"type": "starter", "card": str(first)})
    ends = {"left": first, "right": first}
    turn, passes, out = (dealer + 1) % seats, 0, None

    def fitting():
        return {c for c in deck(52) if any(fits(c, f, wild) for f in ends.values())}

    def place(player, card_list):
        """Play ``card_list[0]`` and, sometimes, more of its rank that fit one after another."""
        placements = []
        for n, card in enumerate(card_list):
            options_ = [e for e in ("left", "right") if fits(card, ends[e], wild)]
            if not options_ or (n and rng.random() < 0.3):
                break
            end = rng.choice(options_)
            item = {"card": str(card), "end": end}
            face = card
            if wild and card.rank == ACE and rng.random() < 0.7:
                suit = rng.choice("SHDC")
                item["suit"] = suit
                face = Card(ACE, Suit(suit))
            ends[end] = face
            placements.append((card, item))
        for card, _ in placements:
            hands[player].remove(card)
        shown = [c for c, _ in placements]
        cheats.shown(player, shown, len(events))
        if len(placements) == 1 and rng.random() < 0.5:
            enter({"type": "play", "player": player, **placements[0][1]})
        else:
            enter({"type": "play", "player": player, "cards": [i for _, i in placements]})

    def play_from(player, mine):
        card = rng.choice(mine)
        rest = hands[player][:]
        rest.remove(card)
        more = [c for c in rest if c.rank == card.rank] if multi_on else []
        rng.shuffle(more)
        place(player, [card] + more)

    while out is None and passes < seats:
        fit = fitting()
        mine = [c for c in hands[turn] if c in fit]
        if mine and stock and rng.random() < cheat_rate:  # draws while able
            count = rng.randint(1, min(3, len(stock)))
            cheats.drew(turn)
            cheats.add(len(events), turn, "false_draw", fit, spare=1)
            for part in split(count, rng):
                enter({"type": "draw", "player": turn, "count": part})
            hands[turn] += [stock.pop() for _ in range(count)]
            mine = [c for c in hands[turn] if c in fit]
        elif mine and not stock and rng.random() < cheat_rate:  # passes while able
            cheats.add(len(events), turn, "false_pass", fit)
            mine = []
        elif not mine and stock:  # draws until he finds a card or the stock is empty
            count = 0
            while stock and not mine:
                card = stock.pop()
                hands[turn].append(card)
                count += 1
                mine = [card] if card in fit else []
            cheats.drew(turn)
            for part in split(count, rng):
                enter({"type": "draw", "player": turn, "count": part})
        if mine:
            passes = 0
            play_from(turn, mine)
            if not hands[turn]:
                out = turn
        else:
            if events[-1]["type"] == "draw":  # the draw found nothing: its spare is spent
                cheats.shown(turn, [], len(events))
            enter({"type": "pass", "player": turn})
            passes += 1
        turn = (turn + 1) % seats
    holders = [s for s in range(seats) if hands[s]]
    rng.shuffle(holders)
    for seat in holders:
        cheats.shown(seat, hands[seat], len(events))
        shown = hands[seat][:]
        rng.shuffle(shown)
        enter({"type": "reveal", "player": seat, "cards": [str(c) for c in shown]})
    return match, events, hands, cheats.expected, game


@settings(max_examples=100)
@given(
    seed=st.integers(0, 2**32),
    seats=st.integers(2, 6),
    dealer=st.integers(0, 5),
    decks=st.sampled_from([None, 1, 2]),
    ace_wild=st.booleans(),
    multi_play=st.booleans(),
    ace_points=st.sampled_from([1, 14]),
    cheat_rate=st.sampled_from([0.0, 0.1, 0.4]),
)
def test_random_deals(seed, seats, dealer, decks, ace_wild, multi_play, ace_points, cheat_rate):
    dealer %= seats
    options = {"ace_wild": ace_wild, "multi_play": multi_play, "ace_points": ace_points}
    if decks:
        options["decks"] = decks
    match, _, hands, expected, game = domino_deal(seed, seats, dealer, options, cheat_rate)
    log = match.current
    assert log.status.value == "finished" and log.rejected == []
    found = [(v.event, v.proof, v.player, v.code.value) for v in log.violations]
    assert found == expected
    assert log.points == [sum(game.value(c) for c in hand) for hand in hands]
