"""Deals with a stock to draw from: Kortų domino and Bumas (RULES.md §2, §4).

Both games keep the same turn discipline: the player to act plays a card,
or draws until he can, or, only when nothing can be drawn, passes. A draw
does not end the turn: the same player plays the card found, draws again or
(stock exhausted) passes. Both games also learn the same from it:

* a draw (a run of draws by one player counts as one) says every card that
  fitted when he started drawing was missing from his hand. His older
  exclusions are lifted (he now holds unseen cards) and those cards are
  excluded under ``false_draw`` with one spare: the card found is played
  right after and may be any of them;
* a pass says the cards that fit now are missing (``false_pass``). After a
  draw in the same turn no card was found, so the draw's spare is spent and
  one later card proves both.

The games say which cards fit (``fitting``) and how the stock refills.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterable
from typing import ClassVar

from .cards import Card, deck
from .codes import Code
from .entries import Drew, Refused
from .knowledge import Moment, Violation
from .match import Deal, Game

HAND = 7  # cards dealt to each player in both games
DECK = 52


class StockGame(Game):
    """Both games deal from one or two full decks and end the match at a total (``GOAL``)."""

    GOAL: ClassVar[str]  # the option naming the total that ends the match

    def build_deck(self) -> frozenset[Card]:
        return frozenset(deck(DECK))

    @property
    def copies(self) -> int:
        return int(self.options["decks"])

    def match_winners(self, totals: list[int], counted: int, last: Deal) -> list[int] | None:
        """Once someone's total reaches the goal: the best totals (ties share)."""
        if max(totals) >= self.options[self.GOAL]:
            return self.ranked_winners(totals)
        return None


class StockDeal(Deal):
    """Hand counts, the stock, whose turn it is, and the exclusions draws and passes make."""

    def __init__(self, game: Game, dealer: int, totals: list[int]) -> None:
        super().__init__(game, dealer, totals)
        self.hands = [HAND] * self.seats
        self.stock = DECK * game.copies - HAND * self.seats
        self.turn = self.left_of(dealer)
        self.drawing = False  # the player to act has drawn this turn
        self.passes = 0  # consecutive passes; every player passing in turn blocks the deal
        self.last_placed: Moment | None = None  # the card a pass or a draw is told by

    @abstractmethod
    def fitting(self) -> frozenset[Card]:
        """Every card that could be played now."""

    def drawable(self) -> int:
        """How many cards a draw may take now."""
        return self.stock

    def take(self, count: int) -> None:
        """Remove ``count`` drawn cards from the stock (checked against ``drawable``)."""
        self.stock -= count

    @property
    def blocked(self) -> bool:
        """Every player passed in turn: nothing can be played or drawn any more."""
        return self.passes == self.seats

    # -- checking -------------------------------------------------------
    def check_turn(self, player: int) -> None:
        if player != self.turn:
            raise Refused(Code.NOT_YOUR_TURN, player=player, expected=self.turn)

    def check_draw(self, entry: Drew) -> None:
        left = self.drawable()
        if entry.count > left:
            raise Refused(Code.STOCK_EMPTY, None if left else "stock_gone", left=left)

    def check_pass(self, player: int) -> None:
        if self.stock:
            raise Refused(Code.MUST_DRAW, player=player)
        if self.drawable():  # only a reshuffle can refill the stock
            raise Refused(Code.MUST_DRAW, "must_reshuffle", player=player)

    # -- applying -------------------------------------------------------
    def draw(self, entry: Drew, index: int) -> None:
        player = entry.player
        assert player is not None
        if not self.drawing:
            self.knowledge.lift(player)
            self.knowledge.exclude(
                player, index, Code.FALSE_DRAW, self.fitting(), spare=1, moment=self.last_placed
            )
            self.drawing = True
        self.take(entry.count)
        self.hands[player] += entry.count
        self.passes = 0

    def pass_turn(self, player: int, index: int) -> None:
        """Record a pass and give the turn to the left; the caller sees ``blocked``."""
        if self.drawing:
            # The draw found nothing to play: showing no card spends its spare.
            self.knowledge.prove(player, (), index)
        self.knowledge.exclude(
            player, index, Code.FALSE_PASS, self.fitting(), moment=self.last_placed
        )
        self.passes += 1
        self.end_turn()

    def play_cards(self, player: int, cards: Iterable[Card], index: int) -> list[Violation]:
        """Take played cards out of the player's hand; return the exclusions they prove."""
        cards = list(cards)
        violations = self.knowledge.prove(player, cards, index)
        self.hands[player] -= len(cards)
        if cards:
            self.last_placed = (player, cards[-1])
        self.passes = 0
        return violations

    def end_turn(self) -> None:
        self.drawing = False
        self.turn = self.left_of(self.turn)

    def moves(self) -> tuple[str, ...]:
        """The entry kinds open to the player to act: he draws while he can, else passes."""
        return ("play", "draw") if self.drawable() else ("play", "pass")
