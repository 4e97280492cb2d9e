"""Cards parse and print per RECORDS.md; decks have the right cards."""

import copy
import pickle
from dataclasses import FrozenInstanceError

import pytest

from rules.cards import ACE, Card, CardError, Suit, deck


@pytest.mark.parametrize(
    "text, canonical",
    [
        ("10H", "10H"),
        ("TH", "10H"),
        ("th", "10H"),
        ("10♥", "10H"),
        ("a♠", "AS"),
        ("qd", "QD"),
        ("2C", "2C"),
        ("9♣", "9C"),
        ("K♦", "KD"),
        (" jS ", "JS"),
        ("10♡", "10H"),
    ],
)
def test_parse_and_print(text, canonical):
    assert str(Card.parse(text)) == canonical


@pytest.mark.parametrize(
    "text", ["", "H", "1H", "11H", "10X", "010H", "AA", "10", "1OH", "٣H", None, 10, ["AS"]]
)
def test_not_a_card(text):
    with pytest.raises(CardError):
        Card.parse(text)


def test_label_uses_symbols():
    assert Card.parse("10h").label == "10♥"


@pytest.mark.parametrize("size, lowest", [(24, 9), (32, 7), (36, 6), (52, 2)])
def test_decks(size, lowest):
    cards = deck(size)
    assert len(cards) == len(set(cards)) == size
    assert min(c.rank for c in cards) == lowest and max(c.rank for c in cards) == ACE
    assert {c.suit for c in cards} == set(Suit)


def test_no_other_deck():
    with pytest.raises(ValueError):
        deck(40)


def test_one_object_per_card():
    """Equal cards are the same object, however made: sets and dicts of cards hash them by
    identity, so an equal copy that was another object would be another key."""
    ten = Card(10, Suit.HEARTS)
    assert ten is Card.parse("10H") is Card.parse("t♥") is Card(10, "H")  # type: ignore[arg-type]
    assert ten is copy.copy(ten) is copy.deepcopy(ten) is pickle.loads(pickle.dumps(ten))
    assert ten.suit is Suit.HEARTS
    assert set(deck(52)) == {Card.parse(str(card)) for card in deck(52)}
    assert {ten: 1}[Card(10, Suit.HEARTS)] == 1
    assert ten != Card(10, Suit.SPADES) and ten != (10, "H") and ten < Card(11, Suit.HEARTS)


def test_a_card_stays_as_made():
    ten = Card(10, Suit.HEARTS)
    with pytest.raises(FrozenInstanceError):
        ten.rank = 11  # type: ignore[misc]
    assert Card(10, Suit.HEARTS).rank == 10


def test_no_card_of_another_suit():
    with pytest.raises(ValueError):
        Card(10, "X")  # type: ignore[arg-type]
