"""The seeds' open choices as options (RULES.md §5), and two corrections of issue 25:
a suit named by a card that cannot name one, and a ``ramsas`` that claims all four jacks."""

from __future__ import annotations

import json

import pytest
from conftest import D, record
from conftest import compared as judge
from hypothesis import given
from hypothesis import strategies as st
from referee_cli import referee_cli

from app.describe import option_value
from app.i18n import tr
from app.new_match import NewMatchModel, _typed_list
from rules import GAMES
from rules.errors import OptionError
from rules.options import help_text

NEW = {
    "ramsas": ("instant_win", "forgot_waiver"),
    "domino": ("ace_declare",),
    "devynake": ("bank_shares",),
}


def play(player, card, **more):
    return {"type": "play", "player": player, "card": card, **more}


@pytest.mark.parametrize("game, name", [(g, n) for g, names in NEW.items() for n in names])
def test_each_option_is_declared_once_with_a_line_in_each_language(game, name):
    [option] = [o for o in GAMES[game].OPTIONS if o.name == name]
    for text in (help_text(game, option, "en"), help_text(game, option, "lt")):
        assert text and "\n" not in text and text.endswith(".")
    for lang in ("lt", "en"):
        assert tr(lang, f"option.{name}") != f"option.{name}"
        assert option_value(lang, option.default_for(3)) != ""
    # The default keeps today's reading: a record without the option means what it meant.
    assert (
        GAMES[game](3).options[name]
        == {
            "instant_win": "target",
            "forgot_waiver": True,
            "ace_declare": "optional",
            "bank_shares": [2, 1],
        }[name]
    )


@pytest.mark.parametrize(
    "game, seats, options",
    [
        ("ramsas", 2, {"instant_win": "one short"}),
        ("ramsas", 2, {"instant_win": True}),
        ("ramsas", 2, {"forgot_waiver": 0}),
        ("domino", 2, {"ace_declare": "always"}),
        ("domino", 2, {"ace_declare": None}),
        ("devynake", 3, {"bank_shares": []}),
        ("devynake", 3, {"bank_shares": [1, 1, 1]}),  # three shares, two players after the first
        ("devynake", 3, {"bank_shares": [0]}),
        ("devynake", 3, {"bank_shares": [-1, 2]}),
        ("devynake", 3, {"bank_shares": [True]}),
        ("devynake", 3, {"bank_shares": [1.0]}),
        ("devynake", 3, {"bank_shares": 2}),
        ("devynake", 3, {"bank_shares": "2,1"}),
        ("devynake", 3, {"bank_shares": [[2], 1]}),
    ],
)
def test_an_invalid_value_makes_the_record_invalid_naming_the_option(
    game, seats, options, tmp_path
):
    with pytest.raises(OptionError):
        GAMES[game](seats, options)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record(game, seats, [], options=options)))
    done = referee_cli(str(path))
    assert done.returncode == 2 and done.stdout == ""
    [line] = done.stderr.splitlines()
    assert f"'{next(iter(options))}'" in line


def test_bank_shares_may_be_as_long_as_the_players_after_the_first():
    assert GAMES["devynake"](5, {"bank_shares": [4, 3, 2, 1]}).options["bank_shares"] == [
        4,
        3,
        2,
        1,
    ]
    with pytest.raises(OptionError):
        GAMES["devynake"](4, {"bank_shares": [4, 3, 2, 1]})


# -- Ramsas: instant_win and forgot_waiver -----------------------------------------------
# Dealer P1 shows KH. Nobody buys; both play; P0 leads. Tricks: P1, P1, P0, P1, P1.
DEAL = [
    {"type": "trump", "card": "KH"},
    {"type": "no_buy", "player": 0},
    {"type": "no_buy", "player": 1},
    {"type": "stay", "player": 0},
    {"type": "stay", "player": 1},
    *[play(p, c) for p, c in [(0, "10D"), (1, "QD"), (1, "9S"), (0, "9C"), (1, "10C"),
                              (0, "JC"), (0, "QC"), (1, "KH"), (1, "AD"), (0, "9D")]],
]  # fmt: skip


def test_one_short_plays_a_deal_out_when_a_total_passes_the_target():
    """Target 3: with "target" P1's third trick (entry 12) wins at once; with "one_short"
    nobody began one short, so the deal is played out and the highest total wins after it."""
    v = judge("ramsas", 2, [DEAL], first_dealer=1, options={"target": 3})
    assert v == {
        "deals": [D(1, "finished", [1, 3], [(13, "deal_over"), (14, "deal_over")])],
        "totals": [1, 3],
        "finished": True,
        "winners": [1],
    }
    v = judge(
        "ramsas", 2, [DEAL], first_dealer=1, options={"target": 3, "instant_win": "one_short"}
    )
    assert v == {
        "deals": [D(1, "finished", [1, 4])],
        "totals": [1, 4],
        "finished": True,
        "winners": [1],
    }


def test_one_short_wins_at_the_first_trick_and_totals_over_the_target_do_not():
    """Target 5: P1 starts deal 2 at 4. P0 shows jacks: her first trick (entry 5) brings her
    to 7. With "target" she wins there; with "one_short" P1's trick at entry 7 wins."""
    second = [
        {"type": "trump", "card": "AC"},
        {"type": "no_buy", "player": 0},
        {"type": "stay", "player": 0},
        {"type": "jacks", "player": 0, "cards": ["JH", "JD"]},
        *[play(p, c) for p, c in [(1, "9H"), (0, "JH"), (0, "QS"), (1, "KS")]],
    ]
    v = judge("ramsas", 2, [DEAL, second], first_dealer=1, options={"target": 5})
    assert (v["deals"][1], v["winners"]) == (
        D(0, "finished", [6, 0], [(6, "deal_over"), (7, "deal_over")]),
        [0],
    )
    options = {"target": 5, "instant_win": "one_short"}
    v = judge("ramsas", 2, [DEAL, second], first_dealer=1, options=options)
    assert (v["deals"][1], v["totals"], v["winners"]) == (D(0, "finished", [6, 1]), [7, 5], [1])


def test_one_short_ties_share_the_win():
    # Both at 4 of target 5 after two deals would need a long record; a tie at the end of a
    # played-out deal is the ranked winners' rule, the same as a stopped match's.
    game = GAMES["ramsas"](3, {"target": 5, "instant_win": "one_short"})
    assert game.match_winners([6, 6, 2], 1, None) == [0, 1]  # type: ignore[arg-type]
    assert game.match_winners([4, 3, 2], 1, None) is None  # type: ignore[arg-type]


def test_forgot_waiver_off_keeps_the_no_trick_loss():
    """Deal 2: P1 leads before anyone said whether he plays; P0 takes every trick. P1 began
    at 4 and took none: no loss with the waiver (the default), −5 without it."""
    second = [
        {"type": "trump", "card": "AC"},
        {"type": "no_buy", "player": 1},
        {"type": "no_buy", "player": 0},
        *[play(p, c) for p, c in [(1, "9H"), (0, "AH"), (0, "AC"), (1, "9C"), (0, "KC"),
                                  (1, "10C"), (0, "AS"), (1, "KS"), (0, "AD"), (1, "KD")]],
    ]  # fmt: skip
    on = judge("ramsas", 2, [DEAL, second], first_dealer=1)
    off = judge("ramsas", 2, [DEAL, second], first_dealer=1, options={"forgot_waiver": False})
    assert (on["deals"][1]["points"], off["deals"][1]["points"]) == ([5, 0], [5, -5])


# -- Kortų domino: a suit named by a card that cannot name one, ace_declare ------------------
def test_a_suit_on_a_card_that_cannot_name_one_is_not_playable_whatever_it_names():
    v = judge(
        "domino",
        2,
        [
            [
                {"type": "starter", "card": "8H"},
                play(1, "9H", suit="H"),  # 1 its own suit, on a plain card
                {"type": "play", "player": 1, "cards": [{"card": "9H", "suit": "H"}]},  # 2
                play(1, "9H"),
                play(0, "9C", suit="C"),  # 4
                play(0, "AH", suit="S"),  # a wild ace names any suit
            ]
        ],
    )
    assert v["deals"][0]["rejected"] == [
        (1, "not_playable"),
        (2, "not_playable"),
        (4, "not_playable"),
    ]
    v = judge(
        "domino",
        2,
        [[{"type": "starter", "card": "8H"}, play(1, "AH", suit="H"), play(1, "AH")]],
        options={"ace_wild": False},
    )
    assert v["deals"][0]["rejected"] == [(1, "not_playable")]


def test_ace_declare_required_refuses_an_ace_without_a_suit_but_not_a_starter_ace():
    v = judge(
        "domino",
        2,
        [
            [
                {"type": "starter", "card": "AS"},  # a starter ace keeps its suit
                play(1, "AH"),  # 1 no suit named
                {"type": "play", "player": 1, "cards": [{"card": "AH"}]},  # 2
                play(1, "5S"),  # fits the starter's spades
                play(0, "AD", suit="S"),
            ]
        ],
        options={"ace_declare": "required"},
    )
    assert v["deals"][0]["rejected"] == [(1, "not_playable"), (2, "not_playable")]
    # With wild aces off there is nothing to declare: an ace is a plain card.
    v = judge(
        "domino",
        2,
        [[{"type": "starter", "card": "5H"}, play(1, "AH")]],
        options={"ace_declare": "required", "ace_wild": False},
    )
    assert v["deals"][0]["rejected"] == []


# -- Ramsas: a ramsas claims all four jacks --------------------------------------------
def test_a_ramsas_with_a_partial_list_is_card_gone_when_a_jack_is_elsewhere():
    opening = [
        {"type": "trump", "card": "KH"},
        {"type": "no_buy", "player": 0},
        {"type": "no_buy", "player": 1},
        {"type": "stay", "player": 0},
        {"type": "stay", "player": 1},
        {"type": "jacks", "player": 0, "cards": ["JH", "JD"]},
    ]
    ramsas = [
        {"type": "ramsas", "player": 1, "cards": ["JS", "JC"]},
        {"type": "ramsas", "player": 1, "cards": ["JS"]},
        {"type": "ramsas", "player": 1},
    ]
    v = judge("ramsas", 2, [opening + ramsas], first_dealer=1)
    assert v["deals"][0]["rejected"] == [(6, "card_gone"), (7, "card_gone"), (8, "card_gone")]
    # The dealer's shown trump card is a jack: only he can hold it, whatever is listed.
    answers = [{"type": kind, "player": p} for kind in ("no_buy", "stay") for p in (1, 0)]
    v = judge("ramsas", 2, [[{"type": "trump", "card": "JC"}, *answers, ramsas[1]]])
    assert v["deals"][0]["rejected"] == [(5, "card_gone")]


# -- Pradeda devynakė: bank_shares ---------------------------------------------------------
@given(
    shares=st.lists(st.integers(1, 9), min_size=1, max_size=4),
    stake=st.integers(1, 50),
    seats=st.integers(3, 5),
)
def test_the_bank_is_shared_by_the_order_out_and_the_last_share_takes_the_rest(
    shares, stake, seats
):
    if len(shares) > seats - 1:
        shares = shares[: seats - 1]
    game = GAMES["devynake"](seats, {"scoring": "bank", "stake": stake, "bank_shares": shares})
    deal = game.new_deal(0, [0] * seats)
    deal.out = [(s + 2) % seats for s in range(seats - 1)]  # the order they went out
    points = [0] * seats
    deal._share_bank(points)
    bank = stake * seats
    assert sum(points) == bank
    total = sum(shares)
    for k, share in enumerate(shares[:-1]):
        assert points[deal.out[k]] == bank * share // total
    assert all(points[seat] == 0 for seat in deal.out[len(shares) :])


def test_the_default_shares_are_two_thirds_and_the_rest():
    """RULES.md §3: a bank of 4 splits 2 and 2, a bank of 8 splits 5 and 3."""
    for stake, seats, split in ((1, 4, (2, 2)), (2, 4, (5, 3))):
        deal = GAMES["devynake"](seats, {"scoring": "bank", "stake": stake}).new_deal(
            0, [0] * seats
        )
        deal.out = [1, 2, 3]
        points = [0] * seats
        deal._share_bank(points)
        assert (points[1], points[2]) == split


# -- the new-match form ----------------------------------------------------------------
def test_the_form_takes_bank_shares_as_typed():
    assert _typed_list("3, 2 1") == [3, 2, 1]
    assert _typed_list("2,x") == "2,x" and _typed_list("") == []
    form = NewMatchModel(game="devynake", players=["Ona", "Jonas", "Rūta"])
    form.set_option("bank_shares", _typed_list("2,x"))
    assert form.validated("lt") is None and tr("lt", "option.bank_shares") in form.error
    form.set_option("bank_shares", _typed_list("1"))
    assert form.validated("lt")["options"]["bank_shares"] == [1]
    assert option_value("lt", [2, 1]) == "2, 1"
