"""Entries as values: they print themselves as record JSON and parse back, as cards do."""

from __future__ import annotations

import json

import pytest
from conftest import entry
from hypothesis import given
from hypothesis import strategies as st

from rules import GAMES, Code, Entry, Match, Refused
from rules.cards import Card, Suit, deck
from rules.entries import (
    Drew,
    End,
    HandRevealed,
    JacksShown,
    Placement,
    Played,
    RamsasDeclared,
    TrumpShown,
    simple_entry,
)


def test_an_entry_prints_as_compact_record_json():
    assert str(Played.of(1, "th")) == '{"type":"play","player":1,"card":"10H"}'
    assert str(TrumpShown.of("9♠")) == '{"type":"trump","card":"9S"}'
    assert str(Drew(0, 3)) == '{"type":"draw","player":0,"count":3}'
    assert str(JacksShown.of(2, "JH", "JD")) == '{"type":"jacks","player":2,"cards":["JH","JD"]}'
    assert str(simple_entry("annul")) == '{"type":"annul"}'
    assert str(simple_entry("ramsas", 1)) == '{"type":"ramsas","player":1}'
    several = Played.several(0, Placement.of("5H", "left"), Placement.of("AH", suit="C"))
    assert several.to_record() == {
        "type": "play",
        "player": 0,
        "cards": [{"card": "5H", "end": "left"}, {"card": "AH", "suit": "C"}],
    }


def test_from_record_reads_what_to_record_writes():
    for value in (
        Played.of(1, "AH"),
        Played.of(1, "AH", "left", "S"),
        Played.several(1, Placement.of("5H"), Placement.of("5D", End.LEFT)),
        TrumpShown.of("KH"),
        Drew(1, 2),
        HandRevealed.of(0, "5C", "6C"),
        RamsasDeclared(1),
        RamsasDeclared(1, tuple(Card.parse(c) for c in ("JH", "JD", "JS", "JC"))),
        simple_entry("pass", 2),
        simple_entry("redeal"),
    ):
        assert Entry.from_record(value.to_record()) == value
        assert Entry.from_record(json.loads(str(value))) == value


def test_from_record_with_a_game_checks_its_seats_types_and_fields():
    devynake = GAMES["devynake"](3)
    with pytest.raises(Refused) as refused:
        Entry.from_record({"type": "play", "player": 3, "card": "9H"}, devynake)
    assert (refused.value.code, refused.value.reason) == (Code.BAD_EVENT, "no_such_seat")
    with pytest.raises(Refused) as refused:
        Entry.from_record(Played.of(1, "9H", "left").to_record(), devynake)
    assert refused.value.reason == "foreign_field"
    with pytest.raises(Refused) as refused:
        Entry.from_record(Drew(1).to_record(), devynake)
    assert refused.value.reason == "unknown_type"


def test_a_match_takes_values_and_record_objects_alike():
    by_value, by_record = Match(GAMES["devynake"](3)), Match(GAMES["devynake"](3))
    for match in (by_value, by_record):
        match.start_deal()
    for text in ("play 1 9H", "play 2 8H", "pass 0", "play 1 10H", "play 2 2H", "play 0 7H"):
        one, other = by_value.apply(entry(text)), by_record.apply(entry(text).to_record())
        assert (one.accepted, one.refusal and one.refusal.code) == (
            other.accepted,
            other.refusal and other.refusal.code,
        )
    assert [r.code for _, r in by_value.current.rejected] == [Code.BAD_CARD, Code.NOT_YOUR_TURN]
    # A value is checked for the game it is given to, as its record would be.
    assert by_value.apply(Drew(0)).refusal.code is Code.BAD_EVENT


def test_simple_entry_is_only_for_entries_without_fields():
    with pytest.raises(ValueError):
        simple_entry("draw", 1)


cards = st.sampled_from(deck(52))
players = st.integers(0, 9)
values = st.one_of(
    st.builds(
        Played.of,
        players,
        cards,
        st.none() | st.sampled_from(["left", "right"]),
        st.none() | st.sampled_from(list(Suit)),
    ),
    st.builds(
        lambda p, items: Played.several(p, *(Placement.of(c, e) for c, e in items)),
        players,
        st.lists(st.tuples(cards, st.none() | st.sampled_from(list(End))), min_size=1),
    ),
    st.builds(Drew, players, st.integers(1, 60)),
    st.builds(TrumpShown.of, cards),
    st.builds(lambda p, cs: HandRevealed.of(p, *cs), players, st.lists(cards)),
    st.builds(
        simple_entry,
        st.sampled_from(["pass", "buy", "no_buy", "stay", "fold", "ramsas"]),
        players,
    ),
)


@given(values)
def test_any_entry_value_survives_its_record(value):
    assert Entry.from_record(json.loads(str(value))) == value
