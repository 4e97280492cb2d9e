"""Cards as small values that parse and print themselves.

A card is written rank then suit (``"10H"``, ``"9♠"``, ``"th"``); output is
always the canonical form. Decks are tuples of distinct cards; a game that
plays with two decks counts copies itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Suit(str, Enum):
    """The four suits, by their letter in records."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    # Equal to its letter (a str mixin), so hashed as its letter too: in C, not in Python,
    # which every set and dict of cards feels.
    __hash__ = str.__hash__

    @property
    def symbol(self) -> str:
        return _SYMBOLS[self]

    @property
    def red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @classmethod
    def parse(cls, text: str) -> Suit:
        """A suit from its letter or symbol, any case; ``ValueError`` otherwise."""
        if not isinstance(text, str):
            raise ValueError(f"not a suit: {text!r}")
        key = _plain(text).upper()
        for suit, symbol in _SYMBOLS.items():
            if key in (suit.value, symbol, _SYMBOL_VARIANTS.get(symbol)):
                return suit
        raise ValueError(f"not a suit: {text!r}")


_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
# White (outline) symbols are accepted too: some keyboards offer only those.
_SYMBOL_VARIANTS = {"♠": "♤", "♥": "♡", "♦": "♢", "♣": "♧"}
# Phones write a suit symbol as an emoji: the symbol followed by a presentation selector.
_SELECTORS = str.maketrans("", "", "\ufe0e\ufe0f")


def _plain(text: str) -> str:
    """The text without surrounding space and without emoji/text presentation selectors."""
    return text.translate(_SELECTORS).strip()


SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)

JACK, QUEEN, KING, ACE = 11, 12, 13, 14
_RANK_NAMES = {10: "10", JACK: "J", QUEEN: "Q", KING: "K", ACE: "A"}
_RANK_PARSE = {"T": 10, "J": JACK, "Q": QUEEN, "K": KING, "A": ACE}


def rank_name(rank: int) -> str:
    return _RANK_NAMES.get(rank, str(rank))


_RANK_TEXTS = [rank_name(rank) for rank in range(ACE + 1)]  # by rank: "2" … "10", "J" … "A"


class CardError(ValueError):
    """The text is not a card."""


# Every card made so far, by rank and suit: ``Card`` hands out one object per card.
_CARDS: dict[tuple[int, Suit], Card] = {}


@dataclass(frozen=True, order=True, slots=True, init=False)
class Card:
    """One card: rank 2..14 (ace high) and suit.

    There is one object per card, as an enum has one member per name: ``Card(10,
    Suit.HEARTS)`` is the ten of hearts every time. So equal cards are the same object,
    and the sets and dicts of cards every entry consults hash and compare them in C, by
    identity, where a dataclass would do it in Python.
    """

    rank: int
    suit: Suit

    def __new__(cls, rank: int, suit: Suit) -> Card:
        card = _CARDS.get((rank, suit))
        if card is None:
            card = object.__new__(cls)
            object.__setattr__(card, "rank", rank)
            object.__setattr__(card, "suit", Suit(suit))
            card = _CARDS.setdefault((rank, card.suit), card)
        return card

    __hash__ = object.__hash__
    __eq__ = object.__eq__

    def __reduce__(self) -> tuple[type[Card], tuple[int, Suit]]:
        """Copies and pickles come back as the one object of their card."""
        return Card, (self.rank, self.suit)

    @classmethod
    def parse(cls, text: object) -> Card:
        """Parse ``"10H"``, ``"th"``, ``"10♥"``, ``"A♠"``; raise ``CardError`` naming the input."""
        known = _CANONICAL.get(text) if type(text) is str else None
        if known is not None:  # the form records and the app write: no parsing needed
            return known
        if not isinstance(text, str):
            raise CardError(f"not a card: {text!r}")
        body = _plain(text)
        if len(body) < 2:
            raise CardError(f"not a card: {text!r}")
        rank_text, suit_text = body[:-1].upper(), body[-1]
        if rank_text in _RANK_PARSE:
            rank = _RANK_PARSE[rank_text]
        elif (
            rank_text.isdigit()
            and rank_text.isascii()
            and 2 <= int(rank_text) <= 10
            and not rank_text.startswith("0")
        ):
            rank = int(rank_text)
        else:
            raise CardError(f"not a card: {text!r}")
        try:
            suit = Suit.parse(suit_text)
        except ValueError:
            raise CardError(f"not a card: {text!r}") from None
        return cls(rank, suit)

    def __str__(self) -> str:
        return _RANK_TEXTS[self.rank] + self.suit._value_

    @property
    def label(self) -> str:
        """For people: rank and suit symbol, ``10♥``."""
        return f"{rank_name(self.rank)}{self.suit.symbol}"

    @property
    def is_jack(self) -> bool:
        return self.rank == JACK


# Every card by its canonical text ("10H", "AS"): the fast path of ``Card.parse``.
_CANONICAL: dict[str, Card] = {
    f"{rank_name(rank)}{suit.value}": Card(rank, suit)
    for suit in Suit
    for rank in range(2, ACE + 1)
}


def deck(size: int) -> tuple[Card, ...]:
    """A one-copy deck of 24 (9–A), 32 (7–A), 36 (6–A) or 52 cards, suit by suit."""
    lowest = {24: 9, 32: 7, 36: 6, 52: 2}.get(size)
    if lowest is None:
        raise ValueError(f"no deck of {size} cards")
    return tuple(Card(rank, suit) for suit in SUITS for rank in range(lowest, ACE + 1))
