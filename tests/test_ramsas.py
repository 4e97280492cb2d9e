"""Ramsas, rule by rule (RULES.md §1), then random whole matches with the true hands known.

Events are written as short strings: ``"play 1 AH"``, ``"jacks 0 JH JD"``,
``"trump 9H"``; several in one string are separated by commas.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest
from conftest import deal, ev, record
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import GAMES, Card, Code, Match, Status, load, verdict
from rules.cards import ACE, Suit, deck
from rules.match import Expected
from rules.options import OptionError, help_text
from rules.ramsas import Ramsas, RamsasDeal


# -- helpers --------------------------------------------------------------
def judge(*deals: list[dict], players: int = 2, **top) -> dict:
    match, names = load(record("ramsas", players, list(deals), **top))
    return verdict(match, names)


def run(*deals: list[dict], players: int = 2, **top) -> Match:
    return load(record("ramsas", players, list(deals), **top))[0]


def codes(d: dict) -> list[tuple[int, str]]:
    return [(r["event"], r["code"]) for r in d["rejected"]]


def proofs(d: dict) -> list[tuple[int, int, int, str]]:
    return [(v["event"], v["proof"], v["player"], v["code"]) for v in d["violations"]]


# Two players, dealer 0 shows 9H (hearts are trumps), seat 1 buys and leads.
# Seat 0 holds 9H 10S 10C 9S 9C; seat 1 holds AH KH QH AS AC: seat 1 takes every trick.
OPENING = "trump 9H, buy 1, stay 0"
SWEEP = (
    "play 1 AH, play 0 9H",
    "play 1 KH, play 0 10S",
    "play 1 QH, play 0 10C",
    "play 1 AS, play 0 9S",
    "play 1 AC, play 0 9C",
)
# A deal that gives seat 0 five points: seat 1 declines, seat 0 buys, seat 1 folds.
ZERO_TAKES_FIVE = deal("trump 9H, no_buy 1, buy 0, fold 1")


# -- the game and its options ---------------------------------------------
def test_registered_with_its_entries():
    assert GAMES["ramsas"] is Ramsas
    assert {
        "trump",
        "redeal",
        "buy",
        "no_buy",
        "stay",
        "fold",
        "jacks",
        "ramsas",
        "play",
        "annul",
        "stand",
    } == Ramsas.ENTRY_TYPES


@pytest.mark.parametrize("seats, size", [(2, 24), (3, 24), (4, 24), (5, 32), (6, 36)])
def test_default_deck_fits_the_players(seats, size):
    assert Ramsas(seats).options["deck"] == size


@pytest.mark.parametrize(
    "seats, options",
    [
        (1, {}),
        (7, {}),
        (5, {"deck": 24}),
        (6, {"deck": 32}),
        (2, {"deck": 52}),
        (2, {"target": 0}),
        (2, {"target": 2.5}),
        (2, {"must_follow": 1}),
        (2, {"colour": True}),
    ],
)
def test_bad_seats_and_options(seats, options):
    with pytest.raises(OptionError):
        Ramsas(seats, options)


def test_option_defaults_and_help():
    options = Ramsas(4).options
    assert (
        options["target"],
        options["must_follow"],
        options["must_trump"],
        options["must_head"],
        options["must_overtrump"],
        options["dealer_keeps_trump"],
    ) == (20, True, True, False, False, False)
    for option in Ramsas.OPTIONS:
        en, lt = (help_text("ramsas", option, lang) for lang in ("en", "lt"))
        for text in (en, lt):
            assert text and "\n" not in text and not text.startswith("help.")
        assert en != lt


# -- trump card and redeal ------------------------------------------------
def test_deal_begins_with_the_trump_card():
    v = judge(deal("buy 1, play 1 AH, trump 9H, trump 10H"))
    assert codes(v["deals"][0]) == [(0, "wrong_phase"), (1, "wrong_phase"), (3, "wrong_phase")]


def test_redeal_on_a_nine_with_four_players_annuls_and_keeps_the_dealer():
    v = judge(deal("trump 9S, redeal"), deal("trump KS, redeal"), players=4, first_dealer=2)
    first, second = v["deals"]
    assert (first["status"], first["points"], first["dealer"]) == ("annulled", [0, 0, 0, 0], 2)
    assert second["dealer"] == 2 and codes(second) == [(1, "redeal_not_allowed")]


@pytest.mark.parametrize(
    "players, options, events",
    [
        (4, {}, "redeal, trump 9S"),  # before the trump card
        (4, {}, "trump 9S, no_buy 1, redeal"),  # buying has begun
        (3, {}, "trump 9S, redeal"),  # not four players
        (4, {"deck": 32}, "trump 9S, redeal"),  # not every card dealt
    ],
)
def test_redeal_refused(players, options, events):
    v = judge(deal(events), players=players, options=options)
    assert [c for _, c in codes(v["deals"][0])] == ["redeal_not_allowed"]


# -- buying ---------------------------------------------------------------
def test_buying_goes_clockwise_from_the_dealers_left_and_the_first_buy_ends_it():
    v = judge(
        deal("trump 9H, no_buy 0, no_buy 1, play 1 AH, stay 1, buy 2, buy 0, no_buy 0"), players=3
    )
    assert codes(v["deals"][0]) == [
        (1, "not_your_turn"),
        (3, "wrong_phase"),
        (4, "wrong_phase"),
        (6, "wrong_phase"),
        (7, "wrong_phase"),
    ]


def test_nobody_buys_then_the_fold_round_starts_left_of_the_dealer():
    match = run(deal("trump 9H, no_buy 1, no_buy 2, no_buy 0"), players=3)
    state = match.current.deal
    assert state.buyer is None and state.expected() == Expected(1, ("stay", "fold"))


def test_vetoed_player_cannot_buy_or_fold_and_is_skipped():
    # Target 6: after the first deal seat 2 has 5, one short, so he is vetoed in the second.
    first = deal("trump 9H, no_buy 1, buy 2, fold 0, fold 1")
    second = deal("trump 9S, no_buy 2, buy 2, no_buy 0, no_buy 1, fold 2, stay 0, stay 1")
    match = run(first, second, players=3, options={"target": 6})
    v = verdict(match, ["a", "b", "c"])
    assert v["deals"][0]["points"] == [0, 0, 5]
    assert codes(v["deals"][1]) == [(1, "not_your_turn"), (2, "cannot_buy"), (5, "cannot_fold")]
    state = match.current.deal
    assert state.vetoed == {2} and state.expected() == Expected(2, ("play", "jacks", "ramsas"))


def test_cannot_buy_comes_before_wrong_phase_and_not_your_turn():
    first = deal("trump 9H, buy 1, fold 0")  # seat 1: 5 points, target 6
    v = judge(first, deal("trump 9S, buy 1, no_buy 0, buy 1"), options={"target": 6})
    assert codes(v["deals"][1]) == [(1, "cannot_buy"), (3, "cannot_buy")]


def test_play_during_buying_is_wrong_phase():
    v = judge(deal("trump 9H, play 1 AH, no_buy 1, play 0 10S"))
    assert codes(v["deals"][0]) == [(1, "wrong_phase"), (3, "wrong_phase")]


# -- the fold round -------------------------------------------------------
def test_fold_round_starts_left_of_the_buyer_and_skips_him():
    v = judge(deal("trump 9H, buy 1, stay 0, stay 2, stay 1, fold 1, stay 0, stay 2"), players=3)
    assert codes(v["deals"][0]) == [
        (2, "not_your_turn"),
        (4, "not_your_turn"),
        (5, "cannot_fold"),
        (7, "wrong_phase"),
    ]


def test_the_buyer_cannot_fold_even_after_the_first_card():
    v = judge(deal(OPENING, "play 1 AH, fold 1, fold 0, stay 0"))
    assert codes(v["deals"][0]) == [(4, "cannot_fold"), (5, "wrong_phase"), (6, "wrong_phase")]


def test_one_player_left_scores_five():
    v = judge(
        deal("trump 9H, no_buy 1, no_buy 2, no_buy 0, fold 1, stay 2, fold 0, play 2 AS"), players=3
    )
    d = v["deals"][0]
    assert (d["status"], d["points"]) == ("finished", [0, 0, 5])
    assert codes(d) == [(7, "deal_over")]


def test_nobody_left_scores_nothing():
    v = judge(deal("trump 9H, no_buy 1, no_buy 0, fold 1, fold 0"))
    assert (v["deals"][0]["status"], v["deals"][0]["points"]) == ("finished", [0, 0])


def test_folded_player_is_not_in_play():
    v = judge(
        deal(
            "trump 9H, buy 1, fold 2, stay 0, fold 2, jacks 2 JH JD, play 1 AH,"
            "play 2 10S, play 0 9H"
        ),
        players=3,
    )
    assert codes(v["deals"][0]) == [(4, "not_in_play"), (5, "not_in_play"), (7, "not_in_play")]


def test_leader_is_the_buyer_else_the_first_player_in_play_from_the_dealers_left():
    bought = run(deal("trump 9H, no_buy 1, buy 2, stay 0, stay 1"), players=3).current.deal
    assert bought.turn == 2
    v = judge(
        deal("trump 9H, no_buy 1, no_buy 2, no_buy 0, fold 1, stay 2, stay 0,play 0 AS, play 2 AS"),
        players=3,
    )
    assert codes(v["deals"][0]) == [(7, "not_your_turn")]


def test_first_card_before_every_answer_means_all_play_and_no_penalty():
    forgot = deal(
        "trump 9S, buy 0, play 0 9H, play 1 AH, play 1 AD, play 0 9D, play 1 KD,"
        "play 0 10D, play 1 AC, play 0 9C, play 1 9S, play 0 10H"
    )
    asked = deal(
        "trump 9S, buy 0, stay 1, play 0 9H, play 1 AH, play 1 AD, play 0 9D,"
        "play 1 KD, play 0 10D, play 1 AC, play 0 9C, play 1 9S, play 0 10H"
    )
    assert judge(ZERO_TAKES_FIVE, forgot)["deals"][1]["points"] == [0, 5]
    assert judge(ZERO_TAKES_FIVE, asked)["deals"][1]["points"] == [-5, 5]


def test_only_the_leader_may_start_before_the_answers():
    v = judge(
        deal("trump 9H, buy 1, play 2 10S, stay 2, play 0 10S, play 1 AH, stay 0,jacks 0 JS JC"),
        players=3,
    )
    assert codes(v["deals"][0]) == [
        (2, "not_your_turn"),
        (4, "not_your_turn"),
        (6, "wrong_phase"),
        (7, "wrong_phase"),
    ]


def test_no_early_card_when_nobody_would_play_against_it():
    v = judge(
        deal("trump 9H, no_buy 1, no_buy 2, no_buy 0, fold 1, fold 2, play 0 AS, stay 0"), players=3
    )
    d = v["deals"][0]
    assert codes(d) == [(6, "wrong_phase")]
    assert d["points"] == [5, 0, 0]


# -- jacks and ramsas -----------------------------------------------------
def test_jacks_after_the_fold_round_in_any_order_and_only_before_the_first_card():
    v = judge(
        deal(
            "trump 9H, jacks 1 JH JD, buy 1, jacks 1 JH JD, stay 0, jacks 0 JS JC,"
            "jacks 1 JH JD, play 1 AH, jacks 1 JS JC"
        )
    )
    assert codes(v["deals"][0]) == [(1, "wrong_phase"), (3, "wrong_phase"), (8, "wrong_phase")]


@pytest.mark.parametrize("cards", ["JH JS", "JH QH", "JH", "JH JH", "JH JD JS"])
def test_jacks_must_be_two_of_one_colour(cards):
    v = judge(deal(OPENING, f"jacks 1 {cards}"))
    assert codes(v["deals"][0]) == [(3, "not_jacks")]


def test_the_same_jacks_twice_are_refused():
    v = judge(deal(OPENING, "jacks 1 JH JD, jacks 1 JD JH"))
    assert codes(v["deals"][0]) == [(4, "not_jacks")]


def test_jacks_known_elsewhere_are_gone():
    v = judge(deal("trump JH, buy 1, stay 0, jacks 1 JH JD, ramsas 1, jacks 0 JD JH,jacks 1 JD JH"))
    assert codes(v["deals"][0]) == [(3, "card_gone"), (4, "card_gone"), (6, "card_gone")]


def test_jacks_bonus_comes_with_a_trick():
    # Trumps are spades; seat 1 shows the red jacks. Seat 0 holds 9S QH AC AD KD.
    # Seat 1 holds JH JD 9D 10D and 10S (one trick: 1 + 5) or 10H (no trick: nothing).
    won = deal(
        "trump 9S, buy 1, stay 0, jacks 1 JH JD, play 1 JH, play 0 QH,"
        "play 0 AC, play 1 10S, play 1 JD, play 0 AD, play 0 KD, play 1 9D,"
        "play 0 9S, play 1 10D"
    )
    assert judge(won)["deals"][0]["points"] == [4, 6]
    lost = deal(
        "trump 9S, buy 1, stay 0, jacks 1 JH JD, play 1 JH, play 0 QH,"
        "play 0 AC, play 1 10H, play 0 AD, play 1 JD, play 0 KD, play 1 9D,"
        "play 0 9S, play 1 10D"
    )
    assert judge(lost)["deals"][0]["points"] == [5, 0]


@pytest.mark.parametrize(
    "events", ["ramsas 1", "jacks 1 JH JD, jacks 1 JC JS", "jacks 0 JS JC, jacks 0 JD JH"]
)
def test_all_four_jacks_win_the_match_at_once(events):
    v = judge(deal(OPENING, events, "play 1 AH"), deal("trump 9S"))
    first, second = v["deals"]
    assert (first["status"], first["points"]) == ("finished", [0, 0])
    assert codes(first)[-1][1] == "deal_over"
    assert codes(second) == [(0, "match_over")] and second["points"] is None
    assert v["finished"] and v["winners"] == [int(events.split()[1])]


def test_shown_jacks_are_known_in_hand():
    # Trumps are spades (9S is seat 0's); seat 0 shows the red jacks and must follow hearts.
    v = judge(
        deal("trump 9S, buy 1, stay 0, jacks 0 JH JD, play 1 AH, play 0 10C, play 0 9S,play 0 JH")
    )
    assert [(e, c) for e, c in codes(v["deals"][0])] == [(5, "must_follow"), (6, "must_follow")]
    assert "J♥" in v["deals"][0]["rejected"][0]["message"]


def test_not_held_when_every_remaining_card_is_known():
    # Seat 0 knows 9S (trump card), JH, JD; after two other cards only those three are left.
    v = judge(
        deal(
            "trump 9S, buy 1, stay 0, jacks 0 JH JD, play 1 AC, play 0 10C,"
            "play 1 KC, play 0 QC, play 1 AS, play 0 9C, play 0 9S"
        )
    )
    assert codes(v["deals"][0]) == [(9, "not_held")]


# -- the dealer's trump card ----------------------------------------------
@pytest.mark.parametrize("opening", [OPENING, "trump 9H, no_buy 1, buy 0, stay 1, play 0 9S"])
def test_nobody_else_can_play_the_trump_card(opening):
    v = judge(deal(opening, "play 1 9H"))
    assert [c for _, c in codes(v["deals"][0])] == ["card_gone"]


@pytest.mark.parametrize("keeps, refused", [(True, [(7, "must_follow")]), (False, [])])
def test_a_buying_dealer_may_discard_the_trump_card_unless_he_keeps_it(keeps, refused):
    v = judge(
        deal("trump 9H, no_buy 1, buy 0, stay 1, play 0 9S, play 1 AS, play 1 AH,play 0 10C"),
        options={"dealer_keeps_trump": keeps},
    )
    assert codes(v["deals"][0]) == refused


# -- tricks ---------------------------------------------------------------
def test_a_sweep_scores_five():
    v = judge(deal(OPENING, *SWEEP))
    assert (v["deals"][0]["status"], v["deals"][0]["points"]) == ("finished", [0, 5])
    assert v["deals"][0]["rejected"] == [] and v["deals"][0]["violations"] == []


def test_trick_winner_and_lead_pass_clockwise():
    # Three players, clubs trump (dealer 0 holds 9C). Seat 1 buys and leads.
    match = run(
        deal(
            "trump 9C, buy 1, stay 2, stay 0,"
            "play 1 KS, play 2 AS, play 0 9S,"  # highest of the suit led: seat 2
            "play 2 AH, play 0 9C, play 1 KH,"  # a trump beats the ace: seat 0
            "play 0 10D, play 1 AD, play 2 9D"
        ),
        players=3,
    )
    state = match.current.deal
    assert state.tricks == [1, 1, 1] and state.turn == 1


def test_not_your_turn_card_gone_and_out_of_cards():
    v = judge(
        deal(
            OPENING,
            "play 0 9H",
            *SWEEP[:1],
            "play 1 AH",
            *SWEEP[1:4],
            "play 1 AC, play 1 KC, play 0 9C",
        )
    )
    assert codes(v["deals"][0]) == [(3, "not_your_turn"), (6, "card_gone"), (14, "not_in_play")]


def test_cards_outside_the_deck_are_bad_cards():
    events = deal(OPENING, "play 1 8H")
    assert codes(judge(events)["deals"][0]) == [(3, "bad_card")]
    assert codes(judge(events, options={"deck": 32})["deals"][0]) == []


def test_one_card_at_a_time():
    two = {"type": "play", "player": 1, "cards": [{"card": "AH"}, {"card": "KH"}]}
    v = judge(deal(OPENING) + [two, ev("play 1 AH")])
    assert codes(v["deals"][0]) == [(3, "bad_event")]  # `cards` is domino's form


def test_unplayed_trump_ace_counts_as_the_nine_and_the_first_of_equals_wins():
    # Seat 1 leads KS, not the trump ace AH; AH and the real nine 9H then tie.
    p1_first = run(deal(OPENING, "play 1 KS, play 0 9S, play 1 AH, play 0 9H"))
    assert p1_first.current.deal.tricks == [0, 2]
    p0_first = run(deal(OPENING, "play 1 KS, play 0 AS, play 0 9H, play 1 AH"))
    assert p0_first.current.deal.tricks == [2, 0]
    d = verdict(p0_first, ["a", "b"])["deals"][0]
    assert proofs(d) == [(3, 6, 1, "trump_ace_not_led")]


# -- obligations: refusals from known cards -------------------------------
def test_must_trump_when_a_trump_is_known():
    v = judge(deal(OPENING, "play 1 AH, play 0 10H, play 1 AS, play 0 10C, play 0 9H"))
    assert codes(v["deals"][0]) == [(6, "must_trump")]


def test_must_lead_trump_ace_when_the_dealer_keeps_it():
    kept = judge(
        deal("trump AH, no_buy 1, buy 0, stay 1, play 0 KS, play 0 AH"),
        options={"dealer_keeps_trump": True},
    )
    assert codes(kept["deals"][0]) == [(4, "must_lead_trump_ace")]
    unknown = judge(deal("trump AH, no_buy 1, buy 0, stay 1, play 0 KS, play 1 9S, play 0 AH"))
    assert codes(unknown["deals"][0]) == []
    assert proofs(unknown["deals"][0]) == [(4, 6, 0, "trump_ace_not_led")]


def test_must_head_on_a_plain_lead_and_on_a_trump_lead():
    head = {"must_head": True}
    plain = judge(
        deal(OPENING, "jacks 0 JS JC, play 1 AH, play 0 9H, play 1 10S, play 0 9S,play 0 JS"),
        options=head,
    )
    assert codes(plain["deals"][0]) == [(7, "must_head")]
    trumps = judge(
        deal("trump 9H, buy 1, stay 0, jacks 0 JH JD, play 1 10H, play 0 9H,play 0 JH"),
        options=head,
    )
    assert codes(trumps["deals"][0]) == [(5, "must_head")]
    off = judge(deal("trump 9H, buy 1, stay 0, jacks 0 JH JD, play 1 10H, play 0 9H"))
    assert codes(off["deals"][0]) == []


def test_no_head_duty_once_the_trick_is_trumped():
    v = judge(
        deal("trump 9H, buy 1, stay 2, stay 0, jacks 0 JS JC, play 1 10S, play 2 10H,play 0 9S"),
        players=3,
        options={"must_head": True},
    )
    assert codes(v["deals"][0]) == []


def test_must_overtrump_when_a_higher_trump_is_known():
    events = deal("trump KH, buy 1, stay 2, stay 0, play 1 AS, play 2 QH, play 0 9H, play 0 KH")
    on = judge(events, players=3, options={"must_overtrump": True})
    assert codes(on["deals"][0]) == [(6, "must_overtrump")]
    assert codes(judge(events, players=3)["deals"][0]) == [(7, "not_your_turn")]


def test_must_follow_comes_before_must_trump():
    # Seat 0 knows JH, JD (hearts) and 9S (spades trumps); a heart is led, he plays a club.
    v = judge(deal("trump 9S, buy 1, stay 0, jacks 0 JH JD, play 1 AH, play 0 10C"))
    assert codes(v["deals"][0]) == [(5, "must_follow")]


# -- obligations: violations proven later ---------------------------------
# The dealer buys, so his trump card 9H is no longer known: nobody's hand is known.
# Seat 0 holds KS QS AS QC KC; seat 1 holds 10C 9S 10H 9C JC and throws 10C on a spade.
DEALER_BUYS = "trump 9H, no_buy 1, buy 0, stay 1"
REVOKE = deal(
    DEALER_BUYS,
    "play 0 KS, play 1 10C, play 0 QS, play 1 9S, play 0 AS, play 1 10H,"
    "play 1 9C, play 0 QC, play 0 KC, play 1 JC",
)


def test_revoke_and_failed_trump_of_one_card_are_reported_once():
    # 9S proves the revoke at entry 5; the trump 10H would prove a failed trump of the same card.
    v = judge(REVOKE)
    assert proofs(v["deals"][0]) == [(5, 7, 1, "revoke")]
    assert (v["deals"][0]["status"], v["deals"][0]["points"]) == ("finished", [4, 1])


def test_failed_to_trump_is_proven_by_a_later_trump():
    events = deal(DEALER_BUYS, "play 0 KS, play 1 10C, play 0 QC, play 1 10H")
    assert proofs(judge(events)["deals"][0]) == [(5, 7, 1, "failed_to_trump")]
    assert proofs(judge(events, options={"must_trump": False})["deals"][0]) == []


def test_failed_to_head_and_to_overtrump_are_proven_later():
    head = judge(
        deal(OPENING, "play 1 AH, play 0 9H, play 1 10S, play 0 9S, play 1 AC,play 0 JS"),
        options={"must_head": True},
    )
    assert proofs(head["deals"][0]) == [(6, 8, 0, "failed_to_head")]
    # Seat 0 trumps seat 2's QH with JH while holding KH.
    over = judge(
        deal(
            "trump 9H, buy 1, stay 2, stay 0, play 1 AH, play 2 10H, play 0 9H,"
            "play 1 AS, play 2 QH, play 0 JH, play 2 KC, play 0 KH"
        ),
        players=3,
        options={"must_overtrump": True},
    )
    assert proofs(over["deals"][0]) == [(9, 11, 0, "failed_to_overtrump")]


def test_without_must_follow_a_failed_trump_waits_for_the_whole_hand():
    # Seat 0 throws 10C on a spade holding 9H (the known trump card); his other cards,
    # 9C and 9D, show only at his last card that he had no spade.
    loose = {"must_follow": False}
    proven = judge(
        deal(
            OPENING,
            "play 1 AH, play 0 10D, play 1 KS, play 0 10C, play 1 KC,"
            "play 0 9H, play 0 9C, play 1 AC, play 1 KD, play 0 9D",
        ),
        options=loose,
    )
    assert codes(proven["deals"][0]) == []
    assert proofs(proven["deals"][0]) == [(6, 12, 0, "failed_to_trump")]
    could_follow = judge(
        deal(
            OPENING,
            "play 1 AH, play 0 10D, play 1 KS, play 0 10C, play 1 KC,"
            "play 0 9H, play 0 9S, play 1 AS, play 1 KD, play 0 9D",
        ),
        options=loose,
    )
    assert codes(could_follow["deals"][0]) == [] and proofs(could_follow["deals"][0]) == []


def test_a_trump_ace_not_led_is_proven_when_played():
    v = judge(deal(OPENING, "play 1 KS, play 0 9S, play 1 AH, play 0 9H"))
    assert proofs(v["deals"][0]) == [(3, 5, 1, "trump_ace_not_led")]


def test_violation_penalties_are_taken_by_the_framework():
    points = judge(REVOKE, options={"violation_penalty": "points"})
    assert points["deals"][0]["points"] == [4, -4]
    annulled = judge(REVOKE, options={"violation_penalty": "annul"})
    assert (annulled["deals"][0]["status"], annulled["deals"][0]["points"]) == ("annulled", [0, 0])
    assert codes(annulled["deals"][0])[0] == (8, "deal_over")


# -- scoring and the end of the match -------------------------------------
def test_no_trick_costs_five_only_above_zero():
    second = deal(
        "trump 9S, buy 0, stay 1, play 0 9H, play 1 AH, play 1 AD, play 0 9D,"
        "play 1 KD, play 0 10D, play 1 AC, play 0 9C, play 1 9S, play 0 10H"
    )
    v = judge(ZERO_TAKES_FIVE, second)
    assert v["deals"][1]["points"] == [-5, 5] and v["totals"] == [0, 5]
    v = judge(deal(OPENING, *SWEEP))
    assert v["deals"][0]["points"] == [0, 5]


def test_reaching_the_target_ends_the_deal_at_once_with_the_jack_bonus():
    # Target 7; seat 0 has 5. Seat 1 shows jacks: his first trick makes 6, the second 7.
    second = deal(
        "trump 9S, no_buy 0, buy 1, stay 0, jacks 1 JH JD, play 1 AS, play 0 10S,"
        "play 1 KS, play 0 9H, play 1 JH"
    )
    v = judge(ZERO_TAKES_FIVE, second, options={"target": 7})
    d = v["deals"][1]
    assert (d["status"], d["points"], d["dealer"]) == ("finished", [0, 7], 1)
    assert codes(d) == [(9, "deal_over")]
    assert (v["finished"], v["winners"], v["totals"]) == (True, [1], [5, 7])


def test_reaching_the_target_on_plain_tricks():
    v = judge(deal(OPENING, *SWEEP[:3]), options={"target": 3})
    assert (v["deals"][0]["points"], v["winners"]) == ([0, 3], [1])


def test_five_from_an_all_fold_ends_the_match_at_the_end_of_the_deal():
    v = judge(ZERO_TAKES_FIVE, deal("trump 9S"), options={"target": 5})
    assert v["finished"] and v["winners"] == [0] and v["deals"][1]["status"] == "open"
    assert codes(v["deals"][1]) == [(0, "match_over")]


def test_the_table_may_annul_a_deal():
    v = judge(deal(OPENING, "play 1 AH, annul"), deal("trump 9S"))
    assert v["deals"][0]["status"] == "annulled" and v["deals"][1]["dealer"] == 0


# -- what the app shows as expected now -----------------------------------
def test_expected_follows_the_phases():
    game = Ramsas(4)
    match = Match(game, first_dealer=3)
    match.start_deal()
    state: RamsasDeal = match.current.deal  # type: ignore[assignment]
    steps = [
        (None, Expected(None, ("trump",))),
        ({"type": "trump", "card": "9S"}, Expected(0, ("buy", "no_buy", "redeal"))),
        ({"type": "no_buy", "player": 0}, Expected(1, ("buy", "no_buy"))),
        ({"type": "buy", "player": 1}, Expected(2, ("stay", "fold"))),
        ({"type": "stay", "player": 2}, Expected(3, ("stay", "fold"))),
        ({"type": "fold", "player": 3}, Expected(0, ("stay", "fold"))),
        ({"type": "stay", "player": 0}, Expected(1, ("play", "jacks", "ramsas"))),
        ({"type": "play", "player": 1, "card": "AS"}, Expected(2, ("play",))),
        ({"type": "play", "player": 2, "card": "KS"}, Expected(0, ("play",))),
        ({"type": "play", "player": 0, "card": "QS"}, Expected(1, ("play",))),
    ]
    for raw, expected in steps:
        if raw is not None:
            match.push(raw)
        assert state.expected() == expected
    match.push({"type": "annul"})
    assert state.expected() == Expected(None, ())


# -- messages -------------------------------------------------------------
def test_every_refusal_here_has_both_languages():
    records = [
        deal("trump 9H, trump 9S, redeal, no_buy 0, buy 0, jacks 1 JH JD, play 1 AH, stay 1"),
        deal("trump JH, buy 1, stay 0, jacks 1 JH JD, jacks 1 JS QS, play 1 9H, fold 1"),
        deal(OPENING, "jacks 0 JS JC, jacks 0 JS JC, play 1 AS, play 0 10C, play 0 9H"),
    ]
    for events in records:
        match, names = load(record("ramsas", 2, [events], options={"must_head": True}))
        en, lt = verdict(match, names, "en"), verdict(match, names, "lt")
        for a, b in zip(en["deals"][0]["rejected"], lt["deals"][0]["rejected"]):
            assert a["message"] != b["message"]
            for text in (a["message"], b["message"]):
                assert "?" not in text and "{" not in text


def test_every_reason_the_engine_names_has_both_sentences():
    import re
    from pathlib import Path

    import rules.ramsas
    from rules.i18n import tr

    source = Path(rules.ramsas.__file__).read_text(encoding="utf-8")
    reasons = set(re.findall(r'Refused\(Code\.\w+, "(\w+)"', source))
    reasons |= set(re.findall(r'Code\.\w+,\s+"(\w+)"', source))
    assert {"vetoed_buy", "holds_header", "jacks_pair"} <= reasons
    for reason in reasons:
        en, lt = tr("en", f"refusal.{reason}"), tr("lt", f"refusal.{reason}")
        assert f"refusal.{reason}" not in (en, lt) and en != lt


# -- random whole matches -------------------------------------------------
# The test deals real hands and plays them; the referee sees only the entries.
# An oracle written from the rule text says which cards are legal, which
# refusal an illegal card must get (from what the referee can know), which
# later card must prove it, and what every deal scores.

RED = frozenset({Card.parse("JH"), Card.parse("JD")})
BLACK = frozenset({Card.parse("JS"), Card.parse("JC")})
HAND, LONE_BONUS, BONUS, PENALTY = 5, 5, 5, 5


@dataclass
class Commitment:
    """One way an accepted card breaks a rule if its player held a card that ``proves``."""

    violation: Code
    refusal: Code
    proves: Callable[[Card], bool]


@dataclass
class Doubt:
    """``must_follow`` off: the card broke ``must_trump`` iff his hand then had a trump and no
    card of the suit led; proven when the last card of it the referee did not know is played."""

    event: int
    hand: frozenset[Card]
    hidden: set[Card]
    led: Suit


@dataclass
class Table:
    """One deal as it really is: hands, tricks and what the referee must conclude."""

    rng: random.Random
    match: Match
    options: dict
    dealer: int
    totals: list[int]
    cheat: bool
    events: list[dict] = field(default_factory=list)
    violations: list[tuple[int, int, int, str]] = field(default_factory=list)
    points: list[int] | None = None
    annulled: bool = False
    winner: int | None = None

    # -- entries ------------------------------------------------------
    def submit(self, raw: dict):
        self.events.append(raw)
        return self.match.apply(raw)

    def accept(self, raw: dict) -> int:
        outcome = self.submit(raw)
        assert outcome.accepted, (raw, outcome.refusal)
        return outcome.index

    # -- the rules as the oracle reads them --------------------------
    def power(self, card: Card, player: int, led: Suit) -> tuple[int, int]:
        demoted = (
            card == self.ace and player == self.first_leader and self.first_lead not in (None, card)
        )
        tier = 2 if card.suit == self.trump else 1 if card.suit == led else 0
        return tier, 9 if demoted else card.rank

    def best(self) -> tuple[int, tuple[int, int]]:
        led = self.trick[0][1].suit
        top = (self.trick[0][0], self.power(self.trick[0][1], self.trick[0][0], led))
        for seat, card in self.trick[1:]:
            if self.power(card, seat, led) > top[1]:
                top = (seat, self.power(card, seat, led))
        return top

    def legal(self, player: int, card: Card) -> bool:
        hand, o = self.hands[player], self.options
        if not self.trick:
            return self.first_lead is not None or self.ace not in hand or card == self.ace
        led = self.trick[0][1].suit
        follow = [c for c in hand if c.suit == led]
        trumps = [c for c in hand if c.suit == self.trump]
        trumped = any(c.suit == self.trump for _, c in self.trick)
        best = self.best()[1]
        mine = self.power(card, player, led)
        if o["must_follow"] and follow and card.suit != led:
            return False
        if (
            o["must_trump"]
            and led != self.trump
            and not follow
            and trumps
            and card.suit != self.trump
        ):
            return False
        if (
            o["must_head"]
            and card.suit == led
            and (led == self.trump or not trumped)
            and mine <= best < max(self.power(c, player, led) for c in follow)
        ):
            return False
        return not (
            o["must_overtrump"]
            and card.suit == self.trump != led
            and trumped
            and mine <= best < max(self.power(c, player, led) for c in trumps)
        )

    def commitments(self, player: int, card: Card) -> tuple[list[Commitment], bool]:
        """RECORDS.md's violation table for this card, and whether it leaves a trump doubt."""
        o = self.options
        if not self.trick:
            if self.first_lead is None and card != self.ace:
                return [
                    Commitment(
                        Code.TRUMP_ACE_NOT_LED, Code.MUST_LEAD_TRUMP_ACE, lambda c: c == self.ace
                    )
                ], False
            return [], False
        led, trump = self.trick[0][1].suit, self.trump
        best = self.best()[1]

        def beats(suit: Suit) -> Callable[[Card], bool]:
            return lambda c: c.suit == suit and self.power(c, player, led) > best

        worse = self.power(card, player, led) <= best
        found: list[Commitment] = []
        if card.suit == led:
            if o["must_head"] and worse and (led == trump or best[0] < 2):
                found.append(Commitment(Code.FAILED_TO_HEAD, Code.MUST_HEAD, beats(led)))
            return found, False
        if o["must_follow"]:
            found.append(Commitment(Code.REVOKE, Code.MUST_FOLLOW, lambda c: c.suit == led))
        if card.suit != trump and led != trump and o["must_trump"] and o["must_follow"]:
            found.append(
                Commitment(Code.FAILED_TO_TRUMP, Code.MUST_TRUMP, lambda c: c.suit == trump)
            )
        if card.suit == trump and o["must_overtrump"] and best[0] == 2 and worse:
            found.append(Commitment(Code.FAILED_TO_OVERTRUMP, Code.MUST_OVERTRUMP, beats(trump)))
        doubt = (
            card.suit not in (led, trump)
            and led != trump
            and o["must_trump"]
            and not o["must_follow"]
        )
        return found, doubt

    def doubt_holds(self, hand: frozenset[Card], led: Suit) -> bool:
        return any(c.suit == self.trump for c in hand) and not any(c.suit == led for c in hand)

    def breaks(self, player: int, card: Card) -> bool:
        rest = frozenset(self.hands[player] - {card})
        found, doubt = self.commitments(player, card)
        led = self.trick[0][1].suit if self.trick else None
        return any(m.proves(c) for m in found for c in rest) or (
            doubt and led is not None and self.doubt_holds(rest, led)
        )

    def refusal(self, player: int, card: Card) -> Code | None:
        """The refusal an illegal card gets: only what the referee knows can refuse it."""
        known = self.known[player] - {card}
        found, doubt = self.commitments(player, card)
        for m in found:
            if any(m.proves(c) for c in known):
                return m.refusal
        trumps = any(c.suit == self.trump for c in known)
        if doubt and trumps and self.cannot_hold(player, card, self.trick[0][1].suit):
            return Code.MUST_TRUMP
        return None

    def cannot_hold(self, player: int, card: Card, led: Suit) -> bool:
        """As the referee sees it: after ``card`` no card of ``led`` can be in his hand (each
        is on the table or known elsewhere, and none is known to be his)."""
        known = self.known[player] - {card}
        unknown = len(self.hands[player]) - 1 - len(known)
        for other in deck(self.match.game.options["deck"]):
            if other.suit != led or other == card or other in self.played:
                continue
            if other in known:
                return False
            elsewhere = any(other in self.known[s] for s in range(self.seats) if s != player)
            if unknown and not elsewhere and (other != self.trump_card or player == self.dealer):
                return False
        return True

    # -- one deal -----------------------------------------------------
    @property
    def seats(self) -> int:
        return len(self.totals)

    def clockwise(self, start: int) -> list[int]:
        return [(start + k) % self.seats for k in range(self.seats)]

    def run(self) -> None:
        rng, o, seats = self.rng, self.options, self.seats
        size = self.match.game.options["deck"]
        cards = list(deck(size))
        rng.shuffle(cards)
        self.hands = [set(cards[HAND * s : HAND * s + HAND]) for s in range(seats)]
        pirkinys = cards[HAND * seats : HAND * seats + 4]
        trump_card = self.trump_card = rng.choice(sorted(self.hands[self.dealer]))
        self.played: set[Card] = set()
        self.trump, self.ace = trump_card.suit, Card(ACE, trump_card.suit)
        self.accept({"type": "trump", "card": str(trump_card)})
        if seats == 4 and size == 24 and trump_card.rank == 9 and rng.random() < 0.5:
            self.accept({"type": "redeal"})
            self.annulled, self.points = True, [0] * seats
            return
        target = o["target"]
        vetoed = {s for s in range(seats) if self.totals[s] == target - 1}
        buyer = None
        for s in self.clockwise(self.dealer + 1):
            if s in vetoed:
                continue
            if rng.random() < 0.35:
                self.accept({"type": "buy", "player": s})
                buyer = s
                break
            self.accept({"type": "no_buy", "player": s})
        keeps = buyer == self.dealer and o["dealer_keeps_trump"]
        if buyer is not None:
            # The buyer keeps five of his nine cards (with the trump card, if he is bound to).
            kept = {trump_card} if keeps else set()
            pool = sorted((self.hands[buyer] | set(pirkinys)) - kept)
            self.hands[buyer] = kept | set(rng.sample(pool, HAND - len(kept)))
        self.known = [set() for _ in range(seats)]
        if buyer != self.dealer or keeps:
            self.known[self.dealer].add(trump_card)
        # Fold round; sometimes the leader plays before everyone was asked.
        origin = buyer if buyer is not None else self.dealer
        order = [s for s in self.clockwise(origin + 1) if s != buyer and s not in vetoed]
        folded: set[int] = set()
        forget_at = rng.randrange(len(order)) if order and rng.random() < 0.15 else None
        forgot = False
        for i, s in enumerate(order):
            if i == forget_at and seats - len(folded) >= 2:
                forgot = True
                break
            if rng.random() < 0.3:
                self.accept({"type": "fold", "player": s})
                folded.add(s)
            else:
                self.accept({"type": "stay", "player": s})
        playing = [s for s in range(seats) if s not in folded]
        if len(playing) < 2:
            self.points = [LONE_BONUS if s in playing else 0 for s in range(seats)]
            return
        bonus = set()
        if not forgot:
            for s in rng.sample(playing, len(playing)):
                pairs = [pair for pair in (RED, BLACK) if pair <= self.hands[s]]
                if len(pairs) == 2 and rng.random() < 0.5:
                    if rng.random() < 0.5:
                        self.accept({"type": "ramsas", "player": s})
                    else:
                        for pair in pairs:
                            self.accept(
                                {
                                    "type": "jacks",
                                    "player": s,
                                    "cards": [str(c) for c in sorted(pair)],
                                }
                            )
                    self.points, self.winner = [0] * seats, s
                    return
                if pairs and rng.random() < 0.6:
                    pair = rng.choice(pairs)
                    self.accept({"type": "jacks", "player": s, "cards": [str(c) for c in pair]})
                    self.known[s] |= pair
                    bonus.add(s)
        self.play(playing, bonus, forgot, buyer)

    def play(self, playing: list[int], bonus: set[int], forgot: bool, buyer: int | None) -> None:
        rng, seats = self.rng, self.seats
        leader = (
            buyer
            if buyer is not None
            else next(s for s in self.clockwise(self.dealer + 1) if s in playing)
        )
        self.first_leader, self.first_lead = leader, None
        self.trick: list[tuple[int, Card]] = []
        tricks = [0] * seats
        pending: list[tuple[int, int, list[Commitment]]] = []  # (event, player, commitments)
        doubts: list[tuple[int, Doubt]] = []
        turn = leader
        state: RamsasDeal = self.match.current.deal  # type: ignore[assignment]

        def earned(seat: int) -> int:
            return tricks[seat] + (BONUS if seat in bonus else 0) if tricks[seat] else 0

        while True:
            if state.phase.value == "playing":
                assert state.expected().player == turn
            hand = sorted(self.hands[turn])
            legal = [c for c in hand if self.legal(turn, c)]
            illegal = [c for c in hand if c not in legal]
            assert legal and all(self.breaks(turn, c) == (c in illegal) for c in hand)
            card = rng.choice(legal)
            if self.cheat and illegal and rng.random() < 0.3:
                wrong = rng.choice(illegal)
                outcome = self.submit({"type": "play", "player": turn, "card": str(wrong)})
                expected = self.refusal(turn, wrong)
                if expected is None:
                    assert outcome.accepted, outcome.refusal
                    card = wrong
                else:
                    assert outcome.refusal is not None and outcome.refusal.code is expected
            if self.events[-1] != {"type": "play", "player": turn, "card": str(card)}:
                self.accept({"type": "play", "player": turn, "card": str(card)})
            index = len(self.events) - 1
            # What this card proves about earlier cards of the same player: first proof only.
            for item in list(pending):
                event, player, found = item
                hit = [m for m in found if player == turn and m.proves(card)]
                if hit:
                    self.violations.append((event, index, turn, hit[0].violation.value))
                    pending.remove(item)
            for item in list(doubts):
                player, doubt = item
                if player == turn:
                    doubt.hidden.discard(card)
                    if not doubt.hidden:
                        doubts.remove(item)
                        if self.doubt_holds(doubt.hand, doubt.led):
                            self.violations.append((doubt.event, index, turn, "failed_to_trump"))
            found, doubt = self.commitments(turn, card)
            self.played.add(card)
            self.hands[turn].discard(card)
            self.known[turn].discard(card)
            if found:
                pending.append((index, turn, found))
            hand_after = frozenset(self.hands[turn])
            if doubt and hand_after - self.known[turn]:
                doubts.append(
                    (
                        turn,
                        Doubt(
                            index,
                            hand_after,
                            set(hand_after - self.known[turn]),
                            self.trick[0][1].suit,
                        ),
                    )
                )
            if self.first_lead is None:
                self.first_lead = card
            self.trick.append((turn, card))
            if len(self.trick) < len(playing):
                turn = next(s for s in self.clockwise(turn + 1) if s in playing)
                continue
            winner = self.best()[0]
            tricks[winner] += 1
            self.trick = []
            turn = winner
            if self.totals[winner] + earned(winner) >= self.options["target"]:
                self.points, self.winner = [earned(s) for s in range(seats)], winner
                return
            if not any(self.hands[s] for s in playing):
                break
        self.points = [
            0
            if s not in playing
            else earned(s)
            if tricks[s]
            else -PENALTY
            if self.totals[s] > 0 and not forgot
            else 0
            for s in range(seats)
        ]
        # Points are tricks plus jack bonuses minus the no-trick penalties.
        penalties = sum(1 for p in self.points if p < 0)
        assert sum(self.points) == (
            sum(tricks) + BONUS * sum(1 for s in bonus if tricks[s]) - PENALTY * penalties
        )


def play_match(seed: int, seats: int, target: int, flags: tuple[bool, bool, bool, bool]) -> None:
    rng = random.Random(seed)
    options = dict(
        zip(("must_follow", "must_trump", "must_head", "must_overtrump"), flags),
        target=target,
        dealer_keeps_trump=rng.random() < 0.3,
    )
    dealer = rng.randrange(seats)
    match = Match(Ramsas(seats, options), first_dealer=dealer)
    totals = [0] * seats
    all_events: list[list[dict]] = []
    for _ in range(5):
        if match.finished:
            break
        log = match.start_deal()
        assert log.dealer == dealer
        table = Table(rng, match, match.game.options, dealer, list(totals), rng.random() < 0.6)
        table.run()
        all_events.append(table.events)
        got = sorted((v.event, v.proof, v.player, v.code.value) for v in log.violations)
        assert got == sorted(table.violations)
        if not table.cheat:
            assert got == []
        assert log.status is (Status.ANNULLED if table.annulled else Status.FINISHED)
        assert log.points == table.points
        totals = [t + p for t, p in zip(totals, table.points)]
        assert match.totals == totals
        if table.winner is not None:
            assert match.winners == [table.winner]
        elif any(t >= target for t in totals):
            assert match.winners == [s for s, t in enumerate(totals) if t >= target]
        else:
            assert not match.finished
        dealer = dealer if table.annulled else (dealer + 1) % seats


@pytest.mark.parametrize(
    "flags",
    list(itertools.product((True, False), repeat=4)),
    ids=lambda f: "".join("FTHO"[i] if on else "-" for i, on in enumerate(f)),
)
@settings(max_examples=8)
@given(seed=st.integers(0, 2**32 - 1), seats=st.integers(2, 6), target=st.integers(2, 14))
def test_random_matches(flags, seed, seats, target):
    play_match(seed, seats, target, flags)


def test_a_vetoed_players_stay_is_taken_whether_or_not_the_table_asks_him():
    """RULES.md: vetoed players cannot fold; the buying round skips them. The fold round works
    both ways a table plays it: asking him (his `stay` in its place) or not asking him."""
    first = deal("trump KH, no_buy 1, no_buy 2, no_buy 0, fold 1, fold 2, stay 0")  # P0: 5
    # Deal 2, dealer P1: buying P2, (P0 skipped), P1; fold round P2, P0, P1; P2 leads.
    asked = deal("trump KH, no_buy 2, no_buy 1, stay 2, stay 0, stay 1, play 2 AH")
    not_asked = deal("trump KH, no_buy 2, no_buy 1, stay 2, stay 1, play 2 AH")
    for second in (asked, not_asked):
        v = judge(first, second, players=3, options={"target": 6})
        assert v["deals"][0]["points"] == [5, 0, 0]
        assert codes(v["deals"][1]) == []
    late = judge(first, not_asked + deal("stay 0"), players=3, options={"target": 6})
    assert codes(late["deals"][1]) == [(6, "wrong_phase")]  # after the first card: too late


def test_vetoed_players_in_the_fold_round():
    """RULES.md §1: "Vetoed players cannot fold, so they are not asked: the fold round passes
    over them, a `stay` from one of them from the start of the fold round until the first
    card is accepted and changes nothing (a repeated one too), and an unasked vetoed player
    never makes the forgot-to-ask waiver below." """
    first = deal("trump KH, no_buy 1, no_buy 2, no_buy 0, fold 1, fold 2, stay 0")  # P0: 5
    # Deal 2, dealer P1, target 6: P0 is vetoed. P2 leads and takes every trick.
    tricks = deal(
        "play 2 AH, play 0 9S, play 1 KH, play 2 QH, play 0 10S, play 1 JH,"
        "play 2 10H, play 0 JS, play 1 9H, play 2 AS, play 0 QS, play 1 9C,"
        "play 2 AD, play 0 KS, play 1 10C"
    )
    unasked = deal("trump KH, no_buy 2, no_buy 1, stay 2, stay 1") + tricks
    v = judge(first, unasked, players=3, options={"target": 6})
    # Never asked, no trick, a total above 0: he loses 5 – his silence waives nothing.
    assert v["deals"][1]["points"] == [-5, 0, 5] and codes(v["deals"][1]) == []
    # Asked anyway, at every moment of the fold round and once more before the first card.
    asked = deal("trump KH, no_buy 2, stay 0, no_buy 1, stay 0, stay 2, stay 0, stay 1, stay 0")
    asked += deal("stay 0") + tricks + deal("stay 0")
    w = judge(first, asked, players=3, options={"target": 6})
    assert codes(w["deals"][1]) == [(2, "wrong_phase"), (25, "deal_over")]  # buying; deal over
    assert w["deals"][1]["points"] == v["deals"][1]["points"] and w["totals"] == v["totals"]
    # After the first card a stay is too late, as for anyone.
    late = judge(first, unasked[:6] + deal("stay 0"), players=3, options={"target": 6})
    assert codes(late["deals"][1]) == [(6, "wrong_phase")]
    # The waiver comes only from a player who should have been asked: P1 forgotten.
    forgot = deal("trump KH, no_buy 2, no_buy 1, stay 2") + tricks
    forgot = judge(first, forgot, players=3, options={"target": 6})
    assert forgot["deals"][1]["points"] == [0, 0, 5]
