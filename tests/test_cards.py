"""Cards parse and print per RECORDS.md; decks have the right cards."""

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
