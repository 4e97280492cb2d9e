"""Each game declares its seats and options once; the referee, the new-match form and Home
read those declarations (RULES.md gives the limits)."""

from __future__ import annotations

import pytest

from app.home import players_line
from app.new_match import NewMatchModel
from rules import GAMES
from rules.options import Option, OptionError
from rules.record import MAX_PLAYERS


def names(count: int) -> list[str]:
    return [f"P{i}" for i in range(count)]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_option_declares_its_values(game):
    spec = GAMES[game]
    assert 2 <= spec.MIN_SEATS <= spec.MAX_SEATS <= MAX_PLAYERS
    for option in spec.all_options():
        assert isinstance(option, Option)
        if option.choices:
            assert all(option.allows(c) for c in option.choices)
            assert not option.allows(None) and not option.allows("?")
        elif option.listed:
            low = option.minimum
            assert option.allows([low]) and not option.allows([low - 1])
            assert not option.allows([]) and not option.allows(low) and not option.allows(None)
            for seats in range(spec.MIN_SEATS, spec.MAX_SEATS + 1):
                most = option.max_items(seats)
                assert option.allows([low] * most, seats)
                assert not option.allows([low] * (most + 1), seats)
        else:
            assert option.allows(option.minimum) and not option.allows(option.minimum - 1)
            assert option.allows(None) is option.open_ended
        for seats in range(spec.MIN_SEATS, spec.MAX_SEATS + 1):
            default = option.default_for(seats)
            assert option.allows(default), (option.name, seats)
        for cap in option.max_seats:
            assert spec.MIN_SEATS <= cap <= spec.MAX_SEATS
    # Every seating from the fewest to the most seats is possible with some choice.
    for seats in range(spec.MIN_SEATS, spec.MAX_SEATS + 1):
        choices = [{}] + [{o.name: c} for o in spec.OPTIONS if o.max_seats for c in o.choices]
        assert any(spec.seat_limits(c)[1] >= seats for c in choices), seats


def test_true_is_not_the_number_one():
    decks = GAMES["bumas"].OPTIONS[0]
    assert decks.allows(1) and not decks.allows(True) and not decks.allows(1.0)


def test_bumas_seats_follow_the_decks():
    """RULES.md §2: "2–6 players (up to 10 with two decks)"."""
    bumas = GAMES["bumas"]
    assert bumas.seat_limits() == (2, 6) == bumas.seat_limits({"decks": 1})
    assert bumas.seat_limits({"decks": 2}) == (2, 10)
    with pytest.raises(OptionError) as refused:
        bumas(7)
    assert str(refused.value) == (
        "bumas with decks 1 is played by 2–6 players, not 7; with decks 2, up to 10"
    )
    with pytest.raises(OptionError) as refused:
        bumas(11, {"decks": 2})
    assert str(refused.value) == "bumas is played by 2–10 players, not 11"
    assert "2–10" in refused.value.message("lt")


def test_ramsas_deck_seats_and_defaults_come_from_one_table():
    """RULES.md §1: "5 cards to each player plus the 4-card *pirkinys* must fit"."""
    ramsas = GAMES["ramsas"]
    assert [ramsas.seat_limits({"deck": d})[1] for d in (24, 32, 36)] == [4, 5, 6]
    assert ramsas.seat_limits() == (2, 6)  # the default deck follows the seats
    with pytest.raises(OptionError) as refused:
        ramsas(5, {"deck": 24})
    assert str(refused.value).endswith("not 5; with deck 32, up to 5")
    with pytest.raises(OptionError) as refused:
        ramsas(7)
    assert str(refused.value) == "ramsas is played by 2–6 players, not 7"


def test_the_form_takes_seven_to_ten_for_bumas_with_two_decks():
    form = NewMatchModel(game="bumas", players=names(8))
    assert form.validated("en") is None
    assert form.error == "This game needs 2–6 players. With “Number of decks” 2: up to 10 players."
    form.set_option("decks", 2)
    assert form.seat_limits() == (2, 10)
    plan = form.validated("en")
    assert plan is not None and plan["options"] == {"decks": 2} and len(plan["players"]) == 8
    for count in (7, 10):
        assert NewMatchModel(game="bumas", players=names(count), options={"decks": 2}).validated(
            "lt"
        )
    form = NewMatchModel(game="bumas", players=names(10), options={"decks": 2})
    form.add_player("Ona", "en")
    assert form.error == "No more than 10 players." and len(form.players) == 10


def test_the_form_and_home_say_the_real_ranges():
    assert players_line("en", "bumas") == "2–10 players"
    assert players_line("lt", "devynake") == "3–5 žaidėjai"
    form = NewMatchModel(game="devynake", players=names(2))
    assert form.validated("en") is None and form.error == "This game needs 3–5 players."
    form = NewMatchModel(game="ramsas", players=names(5), options={"deck": 24})
    assert form.validated("en") is None
    assert form.error == "This game needs 2–4 players. With “Deck” 32: up to 5 players."
