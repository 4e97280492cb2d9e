"""Bumas: shed cards onto one pile, matching the top card's rank or suit (RULES.md §2).

The first player puts down any card; every later card must match the top
card in rank or suit. Draws and passes are the shared stock discipline
(``stock.py``). With ``reshuffle`` the pile under the top card becomes the
stock when a draw needs more than is left, so those cards can be drawn and
played again: "gone" means on the pile now, not played once. The first
player out wins the deal; a deal where everyone passes in turn has no winner.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from .cards import Card
from .codes import Code
from .entries import RULINGS, Drew, Entry, Passed, Placement, Played, Refused
from .knowledge import Violation
from .match import CardStates, Expected, Reason
from .options import Option, switch, whole
from .stock import StockDeal, StockGame


class Bumas(StockGame):
    id = "bumas"
    MIN_SEATS, MAX_SEATS = 2, 10
    ENTRY_TYPES = frozenset({"play", "draw", "pass", *RULINGS})
    GOAL = "target"
    OPTIONS = (
        Option(
            "decks",
            1,
            choices=(1, 2),
            max_seats=(6, 10),  # RULES.md §2: "2–6 players (up to 10 with two decks)"
        ),
        switch(
            "reshuffle",
            True,
        ),
        whole(
            "target",
            5,
        ),
    )

    def __init__(self, seats: int, options: Any = None) -> None:
        super().__init__(seats, options)
        self._matching: dict[Card, frozenset[Card]] = {}

    def points_range(self) -> tuple[int, int]:
        return 0, 1  # the deal's winner gets 1

    def new_deal(self, dealer: int, totals: list[int]) -> BumasDeal:
        return BumasDeal(self, dealer, totals)

    def matching(self, top: Card) -> frozenset[Card]:
        """The deck's cards of the top card's rank or suit: worked out once per top card."""
        fits = self._matching.get(top)
        if fits is None:
            fits = frozenset(c for c in self.deck() if c.suit == top.suit or c.rank == top.rank)
            self._matching[top] = fits
        return fits


@dataclass(frozen=True, slots=True)
class BumasView:
    """The public table: the top card of the pile, the stock and each hand's count."""

    top: Card | None
    stock: int
    hands: tuple[int, ...]
    turn: int


class BumasDeal(StockDeal):
    game: Bumas

    def __init__(self, game: Bumas, dealer: int, totals: list[int]) -> None:
        super().__init__(game, dealer, totals)
        self.top: Card | None = None
        self.pile: Counter[Card] = Counter()  # every card on the pile now, the top included
        self.piled = 0  # how many cards ``pile`` holds: asked at every turn, so kept, not summed

    @property
    def under(self) -> int:
        """Cards under the top card: what a reshuffle turns into the stock."""
        return max(self.piled - 1, 0)

    def fitting(self) -> frozenset[Card]:
        assert self.top is not None
        return self.game.matching(self.top)

    def drawable(self) -> int:
        return self.stock + (self.under if self.game.options["reshuffle"] else 0)

    def take(self, count: int) -> None:
        if count > self.stock:  # the pile under the top card is turned into the stock
            assert self.top is not None
            self.stock += self.under
            self.pile = Counter({self.top: 1})
            self.piled = 1
        self.stock -= count

    # -- checking -------------------------------------------------------
    def check(self, entry: Entry, index: int) -> None:
        player = entry.player
        assert player is not None
        if self.top is None and not isinstance(entry, Played):
            raise Refused(Code.WRONG_PHASE, "first_card")
        self.check_turn(player)
        if isinstance(entry, Played):
            self._check_play(entry)
        elif isinstance(entry, Drew):
            self.check_draw(entry)
        else:
            self.check_pass(player)

    def legal_entries(self) -> list[Entry]:
        """The player to act plays a card that matches the top card (any card first) while a
        copy is off the pile, draws from one card up to what the stock (and a reshuffle)
        allows, or passes when nothing can be drawn."""
        turn = self.turn
        cards = self.game.deck() if self.top is None else self.fitting()
        found: list[Entry] = [
            Played(turn, (Placement(c),)) for c in self.game.deck_in_order() if c in cards
        ]
        if self.top is not None:
            found += [Drew(turn, count) for count in range(1, self.drawable() + 1)]
            found.append(Passed(turn))
        return [e for e in found if self.accepts(e)]

    def _check_play(self, entry: Played) -> None:
        card, top = entry.card, self.top
        if self.pile.get(card, 0) >= self.game.copies:  # ``get``: no ``__missing__`` in Python
            raise Refused(Code.CARD_GONE, card=card)
        if top is not None and card.suit != top.suit and card.rank != top.rank:
            raise Refused(Code.NOT_PLAYABLE, "pile_mismatch", card=card, top=top)

    # -- applying -------------------------------------------------------
    def apply(self, entry: Entry, index: int) -> list[Violation]:
        player = entry.player
        assert player is not None
        if isinstance(entry, Drew):
            self.draw(entry, index)
            return []
        if not isinstance(entry, Played):
            self.pass_turn(player, index)
            if self.blocked:
                self.finish([0] * self.seats)
            return []
        violations = self.play_cards(player, entry.cards, index)
        self.top = entry.card
        self.pile[entry.card] += 1
        self.piled += 1
        if self.hands[player] == 0:
            self.finish([1 if seat == player else 0 for seat in range(self.seats)])
        else:
            self.end_turn()
        return violations

    def view(self) -> BumasView:
        return BumasView(self.top, self.stock, tuple(self.hands), self.turn)

    def card_states(self) -> CardStates:
        """Every copy on the pile: gone; the rest fits when it matches the top card."""
        decks = self.game.options["decks"]
        gone = frozenset(card for card, n in self.pile.items() if n >= decks)
        fitting = self.game.deck() if self.top is None else self.fitting()
        return CardStates(fitting - gone, gone)

    def reasons(self) -> tuple[Reason, ...]:
        out = [s for s, n in enumerate(self.hands) if n == 0]
        return (Reason("bumas_out", (out[0],)),) if out else (Reason("blocked"),)

    def expected(self) -> Expected:
        if self.top is None:
            return Expected(self.turn, ("play",))
        return Expected(self.turn, self.moves())
