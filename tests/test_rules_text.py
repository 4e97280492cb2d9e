"""RULES.md and RECORDS.md read sentence by sentence: the sentences no other test pinned.

Each test quotes the sentence it checks. The expected verdict was worked out
by hand from the two documents before the engine was run, and is compared as
``check_scenarios.py`` compares: per deal dealer, status, points, (event,
code) refusals and (event, proof, player, code) violations; then totals,
finished and winners.
"""

from __future__ import annotations

from conftest import D, deal
from conftest import compared as judge

# Two players, dealer 0 shows 9H (hearts trump), seat 1 buys, seat 0 plays; seat 1 leads.
# Seat 1 holds AH KH QH AS AC, seat 0 holds 9H 10S 10C 9S 9C: seat 1 takes every trick.
OPENING = "trump 9H, buy 1, stay 0"
SWEEP = (
    "play 1 AH, play 0 9H, play 1 KH, play 0 10S, play 1 QH, play 0 10C,"
    "play 1 AS, play 0 9S, play 1 AC, play 0 9C"
)
# Three players, dealer 0: nobody buys, seats 1 and 2 fold, seat 0 scores 5 alone.
LONE_FIVE = "trump KH, no_buy 1, no_buy 2, no_buy 0, fold 1, fold 2, stay 0"


# -- Ramsas: who is in the deal -------------------------------------------------
def test_ramsas_player_without_cards_is_not_in_play_for_any_entry():
    """RECORDS.md: "`not_in_play` | the player has folded, has no cards left, or is out", and
    the order "is the player in the deal (`not_in_play`); is this kind of entry allowed now
    (`cannot_buy`, `cannot_fold`, `redeal_not_allowed`, then `wrong_phase`)".

    Seat 1 (the buyer) leads his fifth card; before seat 0 answers it, every entry of seat 1
    is `not_in_play`, even the fold a buyer may not make and the jacks too late to show."""
    events = deal(
        OPENING,
        SWEEP.rsplit(",", 1)[0],
        "fold 1, stay 1, jacks 1 JS JC, buy 1, no_buy 1, play 1 KC, play 0 9C",
    )
    v = judge("ramsas", 2, [events])
    assert v["deals"] == [
        D(
            0,
            "finished",
            [0, 5],
            [
                (12, "not_in_play"),
                (13, "not_in_play"),
                (14, "not_in_play"),
                (15, "not_in_play"),
                (16, "not_in_play"),
                (17, "not_in_play"),
            ],
        )
    ]


def test_ramsas_folded_player_scores_nothing_whatever_his_total():
    """RULES.md §1: "Folded players take no part in the deal and score nothing for it." and
    "a *playing* player with no trick loses 5 if his total is above 0".

    Seat 0 has 5 from a lone deal, folds in the next and takes no trick: 0, not -5."""
    second = deal(
        "trump 9S, no_buy 2, no_buy 0, no_buy 1, stay 2, fold 0, stay 1,"
        "play 2 AS, play 1 9S, play 2 KS, play 1 9H, play 2 QS, play 1 9D,"
        "play 2 JS, play 1 9C, play 2 10S, play 1 10C"
    )
    v = judge("ramsas", 3, [deal(LONE_FIVE), second])
    assert v == {
        "deals": [D(0, "finished", [5, 0, 0]), D(1, "finished", [0, 0, 5])],
        "totals": [5, 0, 5],
        "finished": False,
        "winners": [],
    }


def test_ramsas_shown_trump_card_of_a_folded_dealer_is_gone():
    """RULES.md §1: "The shown trump card can only ever be the dealer's: in his hand, laid
    away when he bought, or in his folded hand; anyone else playing or showing it is refused
    (`card_gone`)."

    Dealer 0 shows KH and folds; the buyer (2) and seat 1 cannot play KH, nor show a trump
    jack that is the dealer's card (second deal: dealer 1 shows JS, buys and lays it away)."""
    v = judge(
        "ramsas",
        3,
        [
            deal("trump KH, no_buy 1, buy 2, fold 0, stay 1, play 2 KH, play 2 AS, play 1 KH"),
            deal(
                "trump JS, no_buy 2, no_buy 0, buy 1, stay 2, stay 0, jacks 2 JS JC,"
                "jacks 0 JC JS, jacks 1 JC JS"
            ),
        ],
    )
    assert v["deals"] == [
        D(0, rejected=[(5, "card_gone"), (7, "card_gone")]),
        D(1, rejected=[(6, "card_gone"), (7, "card_gone")]),
    ]


def test_ramsas_two_players_leave_most_cards_out_of_play():
    """RULES.md §1: "cards not dealt (fewer players than fill the deck) are out of play" and
    "If everybody declines, the pirkinys is out of play."

    Two players with 24 cards: 10 are in the hands, 14 nowhere. Nothing is refused for it,
    and knowledge still works. Dealer 0 shows QC (clubs trump); nobody buys; seat 1 leads.
    Seat 1 throws JD on a heart lead (entry 10) and proves it a revoke with 10H (entry 12)."""
    events = deal(
        "trump QC, no_buy 1, no_buy 0, stay 1, stay 0,"
        "play 1 KD, play 0 QD,"  # 5-6 seat 1
        "play 1 10S, play 0 AS,"  # 7-8 seat 0
        "play 0 9H, play 1 JD,"  # 9-10 seat 0
        "play 0 9D, play 1 10H,"  # 11-12 seat 0
        "play 0 QC, play 1 KS"
    )  # 13-14 seat 0
    v = judge("ramsas", 2, [events])
    assert v["deals"] == [D(0, "finished", [4, 1], violations=[(10, 12, 1, "revoke")])]


def test_ramsas_redeal_directly_after_the_trump_ignores_refused_entries():
    """RULES.md §1: "`redeal`, same dealer, directly after the `trump` entry" with RECORDS.md:
    "A rejected entry is reported and skipped; the next entries are applied to the state
    without it"."""
    v = judge("ramsas", 4, [deal("trump 9H, play 1 AH, no_buy 7, redeal"), deal("trump KS")])
    assert v["deals"] == [
        D(0, "annulled", [0, 0, 0, 0], [(1, "wrong_phase"), (2, "bad_event")]),
        D(0),
    ]


# -- Ramsas: tricks and obligations --------------------------------------------
# Three players, dealer 0 shows KH (hearts trump), nobody buys, all play; seat 1 leads the
# trump ace, seat 2 plays a spade, seat 0 the trump KH; later seat 2 plays QH.
TRUMP_LEAD = (
    "trump KH, no_buy 1, no_buy 2, no_buy 0, stay 1, stay 2, stay 0,"
    "play 1 AH, play 2 10S, play 0 KH, play 1 AS, play 2 9S, play 0 JS,"
    "play 1 AC, play 2 QH, play 0 9C"
)


def test_ramsas_on_a_trump_lead_following_suit_is_playing_a_trump():
    """RULES.md §1: "When trumps are led, following suit means playing a trump". Not playing
    one is a revoke (RECORDS.md: "a player who did not follow suit later plays a card of
    that suit"), not a failed trump; with `must_follow` off it is no rule break at all
    (`must_trump` binds only a player *unable* to follow)."""
    assert judge("ramsas", 3, [deal(TRUMP_LEAD)])["deals"] == [
        D(0, violations=[(8, 14, 2, "revoke")])
    ]
    for options in ({"must_follow": False}, {"must_follow": False, "must_trump": False}):
        assert judge("ramsas", 3, [deal(TRUMP_LEAD)], options=options)["deals"] == [D(0)]


def test_ramsas_the_real_trump_nine_played_first_beats_the_demoted_ace():
    """RULES.md §1: "that ace counts as the trump nine (if it meets the real trump nine in a
    trick, the one played first is higher)" — here the real nine comes first.

    Dealer 0 shows 9H; seat 1 buys and leads KS though he holds AH. Seat 0 wins with AS and
    leads the nine; seat 1's AH (entry 6) proves the violation and loses to it."""
    events = deal(
        OPENING,
        "play 1 KS, play 0 AS, play 0 9H, play 1 AH, play 0 10C, play 1 AC,"
        "play 1 QS, play 0 JS, play 1 QD, play 0 9D",
    )
    v = judge("ramsas", 2, [events])
    assert v["deals"] == [D(0, "finished", [2, 3], violations=[(3, 6, 1, "trump_ace_not_led")])]


def test_ramsas_one_card_proves_two_revokes():
    """RECORDS.md: "Each offending entry is reported once, with the first later entry that
    proves it; one later card can prove several earlier entries".

    Spades trump (dealer 0 shows KS); seat 2 throws clubs on two heart leads, then plays JH:
    both revokes are proven by it. Seat 0, known to hold the trump KS, may not throw JC."""
    events = deal(
        "trump KS, no_buy 1, no_buy 2, no_buy 0, stay 1, stay 2, stay 0,"
        "play 1 AH, play 2 9C, play 0 9H, play 1 KH, play 2 10C, play 0 10H,"
        "play 1 QH, play 2 JH, play 0 JC"
    )
    v = judge("ramsas", 3, [events])
    assert v["deals"] == [
        D(
            0,
            rejected=[(15, "must_trump")],
            violations=[(8, 14, 2, "revoke"), (11, 14, 2, "revoke")],
        )
    ]


def test_ramsas_known_trump_without_must_follow_is_refused_only_if_known_void():
    """RECORDS.md: "one known to hold a trump who plays neither the suit led nor a trump gets
    `must_trump` (with `must_follow` on it is illegal whether or not he holds the suit led)":
    with it off, only when he is known to hold no card of the suit led.

    Spades trump (dealer 0 shows 9S); seat 1 buys and leads; seat 0 shows JH JD and follows
    two clubs: his three cards are 9S JH JD, all known. On a diamond lead he may throw JH
    (he holds JD: he could follow, so owes no trump); on a club lead he may not."""
    opening = "trump 9S, buy 1, stay 0, jacks 0 JH JD, play 1 AC, play 0 9C, play 1 KC, play 0 10C"
    loose = {"must_follow": False}
    v = judge("ramsas", 2, [deal(opening, "play 1 AD, play 0 JH")], options=loose)
    assert v["deals"] == [D(0)]
    v = judge("ramsas", 2, [deal(opening, "play 1 QC, play 0 JH, play 0 9S")], options=loose)
    assert v["deals"] == [D(0, rejected=[(9, "must_trump")])]
    v = judge(
        "ramsas", 2, [deal(opening, "play 1 QC, play 0 JH")], options={**loose, "must_trump": False}
    )
    assert v["deals"] == [D(0)]
    v = judge("ramsas", 2, [deal(opening, "play 1 AD, play 0 JH")])
    assert v["deals"] == [D(0, rejected=[(9, "must_follow")])]


# -- Ramsas: scoring -----------------------------------------------------------
def test_ramsas_no_trick_penalty_three_becomes_minus_two_and_below_zero_stays():
    """RULES.md §1: "a playing player with no trick loses 5 if his total is above 0 at that
    moment (a total of 3 becomes -2; a total of 0 or less is not reduced)".

    Two players. Deal 1 (dealer 0, hearts): seat 1 wins 3 tricks, seat 0 two: [2, 3].
    Deal 2 (dealer 1, diamonds): seat 0 takes all five; seat 1 at 3 loses 5, to -2.
    Deal 3 (dealer 0, hearts): seat 0 takes all five again; seat 1 at -2 loses nothing."""
    first = deal(
        "trump 9H, buy 1, stay 0, play 1 AS, play 0 9S, play 1 KS, play 0 10S,"
        "play 1 QS, play 0 JS, play 1 AD, play 0 9H, play 0 AC, play 1 KC"
    )
    second = deal(
        "trump KD, buy 0, stay 1, play 0 AD, play 1 KD, play 0 AS, play 1 9S,"
        "play 0 AH, play 1 9H, play 0 AC, play 1 9C, play 0 KS, play 1 10S"
    )
    third = deal(
        "trump 9H, buy 1, stay 0, play 1 9S, play 0 10S, play 0 AS, play 1 9C,"
        "play 0 AC, play 1 10C, play 0 AD, play 1 9D, play 0 9H, play 1 10D"
    )
    v = judge("ramsas", 2, [first, second, third])
    assert v == {
        "deals": [D(0, "finished", [2, 3]), D(1, "finished", [5, -5]), D(0, "finished", [5, 0])],
        "totals": [12, -2],
        "finished": False,
        "winners": [],
    }


def test_ramsas_forgotten_fold_round_spares_those_who_answered_too():
    """RULES.md §1: "If the first card is played before every answer was given (the table
    forgot to ask), all who have not answered play, and no one suffers the no-trick penalty
    in this deal." No one: also seat 0, who did answer (`stay`) and takes no trick at 5.

    Dealer 1 shows 9S; nobody buys; seats 2 and 0 stay, seat 1 is not asked; seat 2 leads
    the trump ace and takes every trick."""
    tricks = (
        "play 2 AS, play 0 AH, play 1 9S, play 2 KS, play 0 KH, play 1 9H,"
        "play 2 QS, play 0 QH, play 1 9D, play 2 JS, play 0 JH, play 1 9C,"
        "play 2 10S, play 0 10H, play 1 10C"
    )
    forgot = deal("trump 9S, no_buy 2, no_buy 0, no_buy 1, stay 2, stay 0", tricks)
    asked = deal("trump 9S, no_buy 2, no_buy 0, no_buy 1, stay 2, stay 0, stay 1", tricks)
    v = judge("ramsas", 3, [deal(LONE_FIVE), forgot])
    assert v["deals"][1] == D(1, "finished", [0, 0, 5]) and v["totals"] == [5, 0, 5]
    v = judge("ramsas", 3, [deal(LONE_FIVE), asked])
    assert v["deals"][1] == D(1, "finished", [-5, 0, 5]) and v["totals"] == [0, 0, 5]


def test_ramsas_stopped_match_highest_total_wins():
    """RECORDS.md: "`stopped` ... (any game ...). The match is then finished and the winners
    are ranked by the game's rule (highest total ...); a last deal still open is not
    counted." """
    v = judge(
        "ramsas", 3, [deal(LONE_FIVE), deal("trump 9S, buy 2, fold 0, fold 1")[:2]], stopped=True
    )
    assert v == {
        "deals": [D(0, "finished", [5, 0, 0]), D(1)],
        "totals": [5, 0, 0],
        "finished": True,
        "winners": [0],
    }


# -- Kortų domino: penalties at the end of a deal ----------------------------------
ALL = [
    r + s
    for s in "SHDC"
    for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
]
P0 = ["3S", "4S", "5S", "6S", "7S", "8S", "9S"]  # 42 points, none fits 2H
P1 = [c for c in ALL if c not in P0 and c != "2H"]  # 320 points


def _blocked() -> list[dict]:
    """Starter 2H; seat 1 draws the whole stock (37) and passes, seat 0 passes: blocked.
    Seat 0 reveals, then seat 1's reveal proves his draw (1) and his pass (2)."""
    return deal("starter 2H, draw 1 37, pass 1, pass 0") + [
        {"type": "reveal", "player": 0, "cards": P0},
        {"type": "reveal", "player": 1, "cards": P1},
    ]


def test_domino_annul_penalty_wins_over_the_reveal_that_ends_the_deal():
    """RULES.md: "`"annul"`: the deal is annulled at once (no points, same dealer deals
    again)" — also when the proving entry is the last reveal, which would finish the deal."""
    v = judge("domino", 2, [_blocked(), deal("starter 5S")], options={"violation_penalty": "annul"})
    assert v == {
        "deals": [
            D(0, "annulled", [0, 0], violations=[(1, 5, 1, "false_draw"), (2, 5, 1, "false_pass")]),
            D(0),
        ],
        "totals": [0, 0],
        "finished": False,
        "winners": [],
    }


def test_domino_penalty_points_count_toward_the_limit():
    """RULES.md: "`"points"`: the offender ... gains them (penalty-point games) at the end of
    the deal" and §4 "The match ends after the deal in which someone's total reaches
    `limit`": 320 + 2 × 5 = 330 reaches 325; without the penalty 320 does not."""
    v = judge("domino", 2, [_blocked()], options={"limit": 325})
    assert (v["totals"], v["finished"]) == ([42, 320], False)
    v = judge("domino", 2, [_blocked()], options={"limit": 325, "violation_penalty": "points"})
    assert v["deals"][0]["points"] == [42, 330]
    assert (v["totals"], v["finished"], v["winners"]) == ([42, 330], True, [0])
