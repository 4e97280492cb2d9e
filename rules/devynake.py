"""Pradeda devynakė: a layout game from the nines (RULES.md §3).

Rows grow from each suit's nine one rank at a time, down to the deck's
lowest rank and up to the ace. Every pass excludes the cards that fitted at
that moment from the passer's hand for the rest of the deal (hands only
shrink), so a later card among them proves a false pass.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import ACE, SUITS, Card, Suit, deck
from .codes import Code
from .entries import RULINGS, Entry, Passed, Placement, Played, Refused
from .knowledge import Moment, Violation
from .match import CardStates, Deal, Expected, Game, Reason
from .options import Option, listed, whole

NINE = 9


class Devynake(Game):
    id = "devynake"
    MIN_SEATS, MAX_SEATS = 3, 5
    ENTRY_TYPES = frozenset({"play", "pass", *RULINGS})
    OPTIONS = (
        Option(
            "deck",
            36,
            choices=(36, 32),
        ),
        Option(
            "scoring",
            "cards",
            choices=("cards", "bank"),
        ),
        whole(
            "stake",
            3,
        ),
        listed(
            "bank_shares",
            [2, 1],
            max_items=lambda seats: seats - 1,
        ),
        whole(
            "deals",
            lambda seats: seats,
            open_ended=True,
        ),
    )

    def build_deck(self) -> frozenset[Card]:
        return frozenset(deck(self.options["deck"]))

    @property
    def lowest(self) -> int:
        return 6 if self.options["deck"] == 36 else 7

    def points_range(self) -> tuple[int, int]:
        """At most every card (``cards``), or the whole bank (``bank``)."""
        if self.options["scoring"] == "cards":
            return 0, int(self.options["deck"])
        return 0, int(self.options["stake"]) * self.seats

    def new_deal(self, dealer: int, totals: list[int]) -> DevynakeDeal:
        return DevynakeDeal(self, dealer, totals)

    def match_winners(self, totals: list[int], counted: int, last: Deal) -> list[int] | None:
        deals = self.options["deals"]
        if deals is not None and counted >= deals:
            return self.ranked_winners(totals)
        return None


@dataclass(frozen=True, slots=True)
class DevynakeView:
    """The public table: each suit's row (lowest, highest placed; None before its nine),
    in ``SUITS`` order, the cards left in each hand and whose turn it is."""

    rows: tuple[tuple[int, int] | None, ...]
    hands: tuple[int, ...]
    turn: int


class DevynakeDeal(Deal):
    game: Devynake

    def __init__(self, game: Devynake, dealer: int, totals: list[int]) -> None:
        super().__init__(game, dealer, totals)
        size, seats = game.options["deck"], game.seats
        extra = size % seats
        # Dealt one at a time from the dealer's left: the first `extra` get one more.
        self.hands = [
            size // seats + (1 if (seat - dealer - 1) % seats < extra else 0)
            for seat in range(seats)
        ]
        self.rows: dict[Suit, tuple[int, int]] = {}  # suit -> (lowest, highest) placed
        self.lowest = game.lowest
        self.turn = self.left_of(dealer)
        self.out: list[int] = []  # seats in the order they went out
        self.last_placed: Moment | None = None  # the card a pass is told by

    # -- what fits ------------------------------------------------------
    def needs(self, suit: Suit) -> list[int]:
        """Ranks that fit the suit's row now."""
        row = self.rows.get(suit)
        if row is None:
            return [NINE]
        low, high = row
        ranks = [low - 1] if low > self.lowest else []
        if high < ACE:
            ranks.append(high + 1)
        return ranks

    def fits(self, card: Card) -> bool:
        """Whether the card fits its suit's row now (is in ``fitting``)."""
        row = self.rows.get(card.suit)
        if row is None:
            return card.rank == NINE
        rank = card.rank
        return (rank == row[0] - 1 and rank >= self.lowest) or (rank == row[1] + 1 <= ACE)

    def fitting(self) -> frozenset[Card]:
        return frozenset([Card(rank, suit) for suit in SUITS for rank in self.needs(suit)])

    def placed(self, card: Card) -> bool:
        row = self.rows.get(card.suit)
        return row is not None and row[0] <= card.rank <= row[1]

    # -- checking -------------------------------------------------------
    def check(self, entry: Entry, index: int) -> None:
        player = entry.player
        assert player is not None
        if self.hands[player] == 0:
            raise Refused(Code.NOT_IN_PLAY, "out_of_cards", player=player)
        if player != self.turn:
            raise Refused(Code.NOT_YOUR_TURN, player=player, expected=self.turn)
        if isinstance(entry, Played):
            card = entry.card
            if self.placed(card):
                raise Refused(Code.CARD_GONE, card=card)
            if not self.fits(card):
                raise self._why_not(card)

    def legal_entries(self) -> list[Entry]:
        """The player to act plays a card next to a row (a nine first), or passes: a pass is
        always taken, and proven false later if he held a card that fitted."""
        turn = self.turn
        fitting = self.fitting()
        plays: list[Entry] = [
            Played(turn, (Placement(c),)) for c in self.game.deck_in_order() if c in fitting
        ]
        return [e for e in [*plays, Passed(turn)] if self.accepts(e)]

    def _why_not(self, card: Card) -> Refused:
        if not self.rows:
            return Refused(Code.NOT_PLAYABLE, "first_nine", card=card)
        if card.suit not in self.rows:
            return Refused(Code.NOT_PLAYABLE, "row_missing", card=card, suit=card.suit)
        needs = [Card(r, card.suit) for r in self.needs(card.suit)]
        return Refused(Code.NOT_PLAYABLE, "row_adjacent", card=card, suit=card.suit, needs=needs)

    # -- applying -------------------------------------------------------
    def apply(self, entry: Entry, index: int) -> list[Violation]:
        player = entry.player
        assert player is not None
        violations: list[Violation] = []
        if isinstance(entry, Passed):
            self.knowledge.exclude(
                player, index, Code.FALSE_PASS, self.fitting(), moment=self.last_placed
            )
        elif isinstance(entry, Played):
            card = entry.card
            violations = self.knowledge.prove(player, [card], index)
            low, high = self.rows.get(card.suit, (card.rank, card.rank))
            self.rows[card.suit] = (min(low, card.rank), max(high, card.rank))
            self.hands[player] -= 1
            self.last_placed = (player, card)
            if self.hands[player] == 0:
                self.out.append(player)
        if not self._maybe_end():
            self._advance()
        return violations

    def _advance(self) -> None:
        seat = self.left_of(self.turn)
        while self.hands[seat] == 0:
            seat = self.left_of(seat)
        self.turn = seat

    def _maybe_end(self) -> bool:
        if not self.out:
            return False
        points = [0] * self.seats
        if self.game.options["scoring"] == "cards":
            points[self.out[0]] = sum(self.hands)
        elif sum(1 for h in self.hands if h) <= 1:
            self._share_bank(points)
        else:
            return False
        self.finish(points)
        return True

    def _share_bank(self, points: list[int]) -> None:
        """The bank by ``bank_shares`` in the order players went out: the k-th out gets his
        share of it rounded down, the last one with a share what is left (RULES.md §5)."""
        shares = self.game.options["bank_shares"]
        bank = self.game.options["stake"] * self.seats
        paid = 0
        for seat, share in zip(self.out, shares[:-1]):
            points[seat] = bank * share // sum(shares)
            paid += points[seat]
        points[self.out[len(shares) - 1]] = bank - paid

    def expected(self) -> Expected:
        return Expected(self.turn, ("play", "pass"))

    def view(self) -> DevynakeView:
        return DevynakeView(tuple(self.rows.get(s) for s in SUITS), tuple(self.hands), self.turn)

    def card_states(self) -> CardStates:
        """The cards next to a row fit; the cards in the rows are gone."""
        gone = frozenset(
            Card(rank, suit)
            for suit, (low, high) in self.rows.items()
            for rank in range(low, high + 1)
        )
        return CardStates(self.fitting(), gone)

    def reasons(self) -> tuple[Reason, ...]:
        if not self.out:
            return ()
        if self.game.options["scoring"] == "bank":
            sharing = tuple(self.out[: len(self.game.options["bank_shares"])])
            points = self.points or [0] * self.seats
            return (Reason("bank", sharing, points=tuple((s, points[s]) for s in sharing)),)
        return (Reason("out", (self.out[0],), count=sum(self.hands)),)
