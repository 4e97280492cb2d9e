"""Pradeda devynakė, rule by rule (RULES.md §3)."""

from __future__ import annotations

import pytest
from conftest import record

from rules import Code, Match, load, verdict
from rules.devynake import Devynake
from rules.options import OptionError


def play(player, card):
    return {"type": "play", "player": player, "card": card}


def pas(player):
    return {"type": "pass", "player": player}


def judge(deals, players=3, **top):
    match, names = load(record("devynake", players, deals, **top))
    return verdict(match, names)


def codes(deal):
    return [(r["event"], r["code"]) for r in deal["rejected"]]


def proofs(deal):
    return [(v["event"], v["proof"], v["player"], v["code"]) for v in deal["violations"]]


def test_three_to_five_players():
    for seats in (3, 4, 5):
        Devynake(seats)
    for seats in (2, 6):
        with pytest.raises(OptionError):
            Devynake(seats)


@pytest.mark.parametrize(
    "seats, size, dealer, hands",
    [
        (3, 36, 0, [12, 12, 12]),
        (4, 32, 0, [8, 8, 8, 8]),
        (5, 36, 0, [7, 8, 7, 7, 7]),  # one extra card, to the dealer's left
        (5, 32, 3, [7, 6, 6, 6, 7]),  # two extra: seats 4 and 0
        (4, 36, 2, [9, 9, 9, 9]),
    ],
)
def test_uneven_deal_sizes(seats, size, dealer, hands):
    deal = Devynake(seats, {"deck": size}).new_deal(dealer, [0] * seats)
    assert deal.hands == hands


def test_first_player_is_left_of_dealer():
    v = judge([[play(0, "9H"), play(1, "9S")]], first_dealer=0)
    assert codes(v["deals"][0]) == [(0, "not_your_turn")]


def test_first_card_must_be_a_nine_and_passes_go_round():
    v = judge([[play(1, "10H"), pas(1), pas(2), play(0, "8H"), play(0, "9H"), play(1, "10H")]])
    assert codes(v["deals"][0]) == [(0, "not_playable"), (3, "not_playable")]
    assert "nine" in v["deals"][0]["rejected"][0]["message"]


def test_rows_grow_by_adjacent_ranks_only():
    v = judge(
        [
            [
                play(1, "9H"),
                play(2, "JH"),
                play(2, "10H"),
                play(0, "8H"),
                play(1, "6H"),
                play(1, "7H"),
                play(2, "JH"),
                play(0, "AS"),
            ]
        ]
    )
    assert codes(v["deals"][0]) == [(1, "not_playable"), (4, "not_playable"), (7, "not_playable")]
    messages = [r["message"] for r in v["deals"][0]["rejected"]]
    assert "8♥ or 10♥" in messages[0]
    assert "starts with the nine" in messages[2]


def test_no_wrap_past_ace_and_lowest_rank():
    from rules.cards import Suit

    deal = Devynake(3, {"deck": 32}).new_deal(0, [0, 0, 0])
    deal.rows[Suit.HEARTS] = (7, 14)
    assert deal.needs(Suit.HEARTS) == []
    deal.rows[Suit.HEARTS] = (8, 13)
    assert deal.needs(Suit.HEARTS) == [7, 14]


def test_one_card_per_turn():
    v = judge([[play(1, "9H"), play(1, "10H")]])
    assert codes(v["deals"][0]) == [(1, "not_your_turn")]
    multi = {"type": "play", "player": 1, "cards": [{"card": "9H"}, {"card": "9S"}]}
    v = judge([[multi]])  # several cards at once is domino's form: here the card is missing
    assert codes(v["deals"][0]) == [(0, "bad_event")]


def test_card_gone():
    v = judge([[play(1, "9H"), play(2, "9H")]])
    assert codes(v["deals"][0]) == [(1, "card_gone")]


def test_false_pass_before_any_nine():
    v = judge([[pas(1), play(2, "9H"), play(0, "10H"), play(1, "9S")]])
    assert proofs(v["deals"][0]) == [(0, 3, 1, "false_pass")]


def test_one_card_proves_every_pass_it_fitted():
    deal = [
        play(1, "9H"),
        play(2, "9S"),
        pas(0),
        play(1, "10S"),
        play(2, "JS"),
        pas(0),
        play(1, "QS"),
        play(2, "KS"),
        play(0, "8H"),
    ]
    v = judge([deal])
    assert proofs(v["deals"][0]) == [(2, 8, 0, "false_pass"), (5, 8, 0, "false_pass")]


def test_each_pass_reported_once():
    deal = [
        play(1, "9H"),
        play(2, "9S"),
        pas(0),
        play(1, "10H"),
        play(2, "10S"),
        play(0, "8H"),
        play(1, "JH"),
        play(2, "JS"),
        play(0, "8S"),
    ]
    v = judge([deal])
    # 8H proves the pass at 2; 8S fitted then too, but the pass is reported once.
    assert codes(v["deals"][0]) == [] and proofs(v["deals"][0]) == [(2, 5, 0, "false_pass")]


def test_a_card_that_did_not_fit_then_proves_nothing():
    v = judge(
        [[play(1, "9H"), play(2, "10H"), pas(0), play(1, "JH"), play(2, "QH"), play(0, "KH")]]
    )
    assert proofs(v["deals"][0]) == []


def test_cards_scoring_and_deal_end():
    # 3 players, 32 cards (7–A): 11/11/10. Seat 1 places all four nines and more.
    # Give seat 1 the first card each turn; others pass while they cannot prove anything.
    events = [
        play(1, "9H"),
        pas(2),
        pas(0),
        play(1, "9S"),
        pas(2),
        pas(0),
        play(1, "9D"),
        pas(2),
        pas(0),
        play(1, "9C"),
    ]
    v = judge([events], options={"deck": 32})
    assert v["deals"][0]["status"] == "open"
    match = Match(Devynake(3, {"deck": 32}))
    match.start_deal()
    for e in events:
        assert match.apply(e).accepted
    deal = match.current.deal
    deal.hands = [11, 1, 10]  # seat 1 has one card left
    match.apply(pas(2))
    match.apply(pas(0))
    outcome = match.apply(play(1, "10H"))
    assert outcome.deal_ended and match.current.points == [0, 21, 0]
    assert match.totals == [0, 21, 0]
    assert match.apply(pas(2)).refusal.code is Code.DEAL_OVER


def test_bank_scoring_plays_on_until_one_holds_cards():
    match = Match(Devynake(3, {"scoring": "bank", "stake": 3}))
    match.start_deal()
    deal = match.current.deal
    deal.hands = [1, 1, 2]
    assert match.apply(play(1, "9H")).accepted  # seat 1 out first
    assert deal.status.value == "open"
    assert match.apply(play(2, "10H")).accepted
    assert deal.expected().player == 0
    assert match.apply(play(0, "8H")).accepted  # seat 0 out second: only seat 2 holds cards
    assert match.current.points == [3, 6, 0]


def test_bank_split_rounds_the_first_share_down():
    match = Match(Devynake(5, {"scoring": "bank", "stake": 1}))  # bank 5: 3 and 2
    match.start_deal()
    match.current.deal.hands = [1, 1, 1, 1, 5]
    for e in [play(1, "9H"), play(2, "10H"), play(3, "8H"), pas(4), play(0, "JH")]:
        assert match.apply(e).accepted
    assert match.current.points == [0, 3, 2, 0, 0]


def test_players_without_cards_are_skipped_and_not_in_play():
    match = Match(Devynake(3, {"scoring": "bank"}))
    match.start_deal()
    match.current.deal.hands = [5, 1, 5]
    match.apply(play(1, "9H"))
    assert match.apply(pas(1)).refusal.code is Code.NOT_IN_PLAY
    match.apply(pas(2))
    assert match.current.deal.expected().player == 0


def finished_deal(match, winner):
    """Finish the current deal at once with ``winner`` placing his last card."""
    deal = match.current.deal
    deal.hands = [3] * match.game.seats
    deal.hands[winner] = 1
    deal.turn = winner
    assert match.apply(play(winner, "9H")).deal_ended


def test_match_of_n_deals_highest_total_wins_and_dealer_rotates():
    match = Match(Devynake(3), first_dealer=2)
    for winner in (0, 1, 0):
        log = match.start_deal()
        finished_deal(match, winner)
    assert [d.dealer for d in match.deals] == [2, 0, 1]
    assert match.totals == [12, 6, 0] and match.finished and match.winners == [0]
    log = match.start_deal()
    assert log.dealer == 2 and match.apply(pas(0)).refusal.code is Code.MATCH_OVER
    assert match.apply({"type": "hop"}).refusal.code is Code.BAD_EVENT
    assert match.apply(play(0, "2H")).refusal.code is Code.BAD_CARD


def test_ties_share_the_win():
    match = Match(Devynake(3, {"deals": 2}))
    for winner in (0, 1):
        match.start_deal()
        finished_deal(match, winner)
    assert match.winners == [0, 1]


def test_deals_null_runs_until_stopped():
    v = judge([[play(1, "9H")]], options={"deals": None}, stopped=True)
    assert v["finished"] is True and v["winners"] == [0, 1, 2]
    assert v["deals"][0]["status"] == "open"


def test_annul_keeps_the_dealer_and_does_not_count():
    v = judge([[play(1, "9H"), {"type": "annul"}, pas(2)], [play(1, "9S")]], options={"deals": 1})
    first, second = v["deals"]
    assert first["status"] == "annulled" and first["points"] == [0, 0, 0]
    assert codes(first) == [(2, "deal_over")]
    assert second["dealer"] == 0 and codes(second) == [] and v["finished"] is False


def test_penalty_annul():
    v = judge(
        [[pas(1), play(2, "9H"), play(0, "10H"), play(1, "9S"), play(2, "8H")]],
        options={"violation_penalty": "annul"},
    )
    deal = v["deals"][0]
    assert deal["status"] == "annulled" and proofs(deal) == [(0, 3, 1, "false_pass")]
    assert codes(deal) == [(4, "deal_over")]


def test_penalty_points_at_the_end_of_the_deal():
    match = Match(Devynake(3, {"violation_penalty": "points", "penalty_points": 4}))
    match.start_deal()
    for e in [pas(1), play(2, "9H"), play(0, "10H"), play(1, "9S")]:
        match.apply(e)
    assert match.current.points is None
    match.current.deal.hands = [1, 5, 5]
    match.apply(pas(2))
    match.apply(play(0, "JH"))
    assert match.current.points == [10, -4, 0]


def test_flag_penalty_only_reports():
    v = judge([[pas(1), play(2, "9H"), play(0, "10H"), play(1, "9S")]])
    assert v["deals"][0]["status"] == "open" and proofs(v["deals"][0]) == [(0, 3, 1, "false_pass")]
    assert "passed" in v["deals"][0]["violations"][0]["message"]


def test_expected_now():
    match = Match(Devynake(4), first_dealer=3)
    match.start_deal()
    assert match.current.deal.expected().player == 0
    assert match.is_legal(play(0, "9C")) and not match.is_legal(play(0, "8C"))


def test_a_stopped_match_takes_no_more_entries():
    match = Match(Devynake(3))
    match.start_deal()
    match.apply(play(1, "9H"))
    match.stop()
    assert match.apply(play(2, "10H")).refusal.code is Code.MATCH_OVER
