"""Kortų domino: a line of cards matched at its two ends (RULES.md §4).

A starter card opens the line; each card then goes to one end and must
match that end's card in suit or rank. With ``ace_wild`` an ace fits any
end and counts as the suit its player names, so an end is kept as the
*face* it shows (rank and counted suit), not as the card itself. Play ends
when someone is out or every player passed in turn; then every player still
holding cards shows them, and those cards are the deal's penalty points.
Draws and passes are the shared stock discipline (``stock.py``); a reveal
proves their exclusions like a play.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from .cards import ACE, SUITS, Card, Suit
from .codes import Code
from .entries import (
    RULINGS,
    Drew,
    End,
    Entry,
    HandRevealed,
    Passed,
    Placement,
    Played,
    Refused,
    StarterTurned,
)
from .knowledge import Violation
from .match import CardStates, Expected, Reason
from .options import Option, switch, whole
from .stock import StockDeal, StockGame


class Domino(StockGame):
    id = "domino"
    MIN_SEATS, MAX_SEATS = 2, 6
    ENTRY_TYPES = frozenset({"starter", "play", "draw", "pass", "reveal", *RULINGS})
    LOWEST_WINS = True
    LINE_PLAYS = True
    GOAL = "limit"
    OPTIONS = (
        Option(
            "decks",
            lambda seats: 1 if seats <= 4 else 2,
            choices=(1, 2),
        ),
        switch(
            "ace_wild",
            True,
        ),
        switch(
            "multi_play",
            True,
        ),
        Option(
            "ace_declare",
            "optional",
            choices=("optional", "required"),
        ),
        Option(
            "ace_points",
            1,
            choices=(1, 14),
        ),
        whole(
            "limit",
            100,
        ),
    )

    def __init__(self, seats: int, options: Any = None) -> None:
        super().__init__(seats, options)
        # The cards that fit a pair of end faces, worked out once per pair and game.
        self.fitting_cache: dict[frozenset[Card], frozenset[Card]] = {}

    def points_range(self) -> tuple[int, int]:
        """From going out to holding every card there is."""
        return 0, self.copies * sum(self.value(card) for card in self.deck())

    def new_deal(self, dealer: int, totals: list[int]) -> DominoDeal:
        return DominoDeal(self, dealer, totals)

    def value(self, card: Card) -> int:
        """Penalty points of a card left in hand: face value, J 11, Q 12, K 13, A by option."""
        return self.options["ace_points"] if card.rank == ACE else card.rank


@dataclass(frozen=True, slots=True)
class DominoView:
    """The public table: the face each end shows (None before the starter), the stock,
    each hand's count, whose turn it is, and the players still to show their hands."""

    left: Card | None
    right: Card | None
    stock: int
    hands: tuple[int, ...]
    turn: int
    to_reveal: tuple[int, ...]


class DominoDeal(StockDeal):
    game: Domino

    def __init__(self, game: Domino, dealer: int, totals: list[int]) -> None:
        super().__init__(game, dealer, totals)
        self.ends: dict[End, Card] | None = None  # the face each end shows; None before the starter
        self.gone: Counter[Card] = Counter()  # cards on the line or revealed
        self.play_over = False  # someone is out or the deal is blocked: hands are shown
        self.revealed: dict[int, int] = {}  # seat -> points of the hand he showed
        self.wild = bool(game.options["ace_wild"])  # an ace fits any end

    def fits(self, card: Card, face: Card) -> bool:
        return card.suit == face.suit or card.rank == face.rank or (self.wild and card.rank == ACE)

    def face(self, placement: Placement) -> Card:
        """What the end shows once the card is placed: a wild ace counts as its named suit."""
        card = placement.card
        if self.wild and card.rank == ACE and placement.suit is not None:
            return Card(ACE, placement.suit)
        return card

    def fitting(self) -> frozenset[Card]:
        assert self.ends is not None
        faces = frozenset(self.ends.values())
        cache = self.game.fitting_cache
        fits = cache.get(faces)
        if fits is None:
            fits = cache[faces] = frozenset(
                c for c in self.game.deck() if any(self.fits(c, f) for f in faces)
            )
        return fits

    # -- checking -------------------------------------------------------
    def check(self, entry: Entry, index: int) -> None:
        player = entry.player
        if player is not None and self.hands[player] == 0:
            raise Refused(Code.NOT_IN_PLAY, "out_of_cards", player=player)
        if isinstance(entry, StarterTurned):
            if self.ends is not None:
                raise Refused(Code.WRONG_PHASE, "starter_twice")
            return
        if self.ends is None:
            raise Refused(Code.WRONG_PHASE, "no_starter")
        assert player is not None
        if self.play_over:
            if not isinstance(entry, HandRevealed):
                raise Refused(Code.WRONG_PHASE, "play_over")
            if player in self.revealed:
                raise Refused(Code.WRONG_PHASE, "revealed_twice", player=player)
            self._check_reveal(player, entry.cards)
            return
        if isinstance(entry, HandRevealed):
            raise Refused(Code.WRONG_PHASE, "not_over")
        self.check_turn(player)
        if isinstance(entry, Played):
            self._check_play(player, entry)
        elif isinstance(entry, Drew):
            self.check_draw(entry)
        else:
            self.check_pass(player)

    def legal_entries(self) -> list[Entry]:
        """What ``check`` accepts now, each end named (a play without one goes right):

        * the starter: any card of the deck;
        * the player to act: each card that fits an end, at that end, a wild ace naming
          each suit (and none, unless ``ace_declare`` is ``required``); a draw of one card
          up to the stock; a pass once the stock is empty;
        * with ``multi_play``, for each set of two or more different cards of one rank that
          he may hold, and each end one of them fits: the set at that end, led by its lowest
          card that fits and then in card order, its wild aces all naming one suit (or none).
          The same cards in another order, split between the ends or naming other suits are
          accepted too and not listed;
        * once play is over, each player still to show his hand: one showing for each run
          of as many cards as he holds among those not yet seen, in card order and wrapping
          round (each such card is in one of them). Any of those cards may be shown.
        """
        if self.ends is None:
            return [StarterTurned(None, card) for card in self.game.deck_in_order()]
        if self.play_over:
            found = self._showings()
        else:
            turn = self.turn
            fitting = self.fitting()
            cards = [c for c in self.game.deck_in_order() if c in fitting]
            found = [Played(turn, (p,)) for p in self._placements(cards)]
            if self.game.options["multi_play"]:
                found += [Played(turn, ps, multi=True) for ps in self._multi_plays()]
            found += [Drew(turn, count) for count in range(1, self.stock + 1)]
            found.append(Passed(turn))
        return [e for e in found if self.accepts(e)]

    def _suits(self, card: Card) -> tuple[Suit | None, ...]:
        """The suits a card may name: a wild ace any (or none), another card none."""
        return (None, *SUITS) if self.wild and card.rank == ACE else (None,)

    def _placements(self, cards: list[Card]) -> list[Placement]:
        return [Placement(c, end, suit) for c in cards for end in End for suit in self._suits(c)]

    def _multi_plays(self) -> list[tuple[Placement, ...]]:
        assert self.ends is not None
        copies, hand = self.game.copies, self.hands[self.turn]
        left = [c for c in self.game.deck_in_order() if self.gone[c] < copies]
        found = []
        for rank in sorted({card.rank for card in self.fitting()}):
            cards = [c for c in left if c.rank == rank]
            for size in range(2, min(len(cards), hand) + 1):
                for chosen in combinations(cards, size):
                    for end in End:
                        lead = next((c for c in chosen if self.fits(c, self.ends[end])), None)
                        if lead is None:
                            continue
                        order = [lead, *(c for c in chosen if c is not lead)]
                        for suit in self._suits(lead):
                            found.append(tuple(Placement(c, end, suit) for c in order))
        return found

    def _showings(self) -> list[Entry]:
        copies = self.game.copies
        unseen = [c for c in self.game.deck_in_order() for _ in range(copies - self.gone[c])]
        found: list[Entry] = []
        for seat, count in enumerate(self.hands):
            if not count or seat in self.revealed or count > len(unseen):
                continue
            starts = range(len(unseen)) if count < len(unseen) else range(1)
            runs = dict.fromkeys(
                tuple(unseen[(start + k) % len(unseen)] for k in range(count)) for start in starts
            )
            found += [HandRevealed(seat, run) for run in runs]
        return found

    def _check_play(self, player: int, entry: Played) -> None:
        cards = entry.cards
        self._check_available(cards, Code.CARD_GONE)
        if len(cards) > self.hands[player]:
            raise Refused(Code.NOT_HELD, "more_than_held", player=player, count=self.hands[player])
        if len(cards) > 1 and not self.game.options["multi_play"]:
            raise Refused(Code.NOT_PLAYABLE, "multi_off")
        if len({card.rank for card in cards}) > 1:
            raise Refused(Code.NOT_PLAYABLE, "one_rank")
        assert self.ends is not None
        ends = dict(self.ends)
        for placement in entry.placements:  # each card may go on the one before it
            card, end = placement.card, placement.end or End.RIGHT
            self._check_suit(placement)
            if not self.fits(card, ends[end]):
                raise Refused(Code.NOT_PLAYABLE, f"no_fit_{end.value}", card=card, face=ends[end])
            ends[end] = self.face(placement)

    def _check_suit(self, placement: Placement) -> None:
        """Only a wild ace names a suit (any other card naming one, even its own, is refused),
        and with ``ace_declare`` ``required`` a wild ace must name it."""
        card = placement.card
        wild_ace = self.wild and card.rank == ACE
        if placement.suit is not None and not wild_ace:
            reason = "ace_not_wild" if card.rank == ACE else "no_suit_choice"
            raise Refused(Code.NOT_PLAYABLE, reason, card=card)
        if wild_ace and placement.suit is None and self.game.options["ace_declare"] == "required":
            raise Refused(Code.NOT_PLAYABLE, "suit_not_named", card=card)

    def _check_available(self, cards: tuple[Card, ...], code: Code) -> None:
        """Refuse with ``code`` a card whose every copy is on the line or shown already."""
        copies = self.game.copies
        for card in cards:
            if self.gone.get(card, 0) + cards.count(card) > copies:
                raise Refused(code, "card_gone", card=card)

    def _check_reveal(self, player: int, cards: tuple[Card, ...]) -> None:
        if len(cards) != self.hands[player]:
            raise Refused(
                Code.HAND_MISMATCH,
                "reveal_count",
                player=player,
                count=self.hands[player],
                given=len(cards),
            )
        self._check_available(cards, Code.HAND_MISMATCH)

    # -- applying -------------------------------------------------------
    def apply(self, entry: Entry, index: int) -> list[Violation]:
        player = entry.player
        if isinstance(entry, StarterTurned):
            assert entry.card is not None
            self.ends = {End.LEFT: entry.card, End.RIGHT: entry.card}
            self.gone[entry.card] += 1
            self.take(1)
            return []
        assert player is not None and self.ends is not None
        if isinstance(entry, HandRevealed):
            return self._reveal(player, entry.cards, index)
        if isinstance(entry, Drew):
            self.draw(entry, index)
            return []
        if not isinstance(entry, Played):
            self.pass_turn(player, index)
            self.play_over = self.blocked
            return []
        for placement in entry.placements:
            self.ends[placement.end or End.RIGHT] = self.face(placement)
        self.gone.update(entry.cards)
        violations = self.play_cards(player, entry.cards, index)
        if self.hands[player] == 0:
            self.play_over = True
        else:
            self.end_turn()
        return violations

    def _reveal(self, player: int, cards: tuple[Card, ...], index: int) -> list[Violation]:
        violations = self.knowledge.prove(player, cards, index)
        self.gone.update(cards)
        self.revealed[player] = sum(self.game.value(card) for card in cards)
        if all(seat in self.revealed for seat in range(self.seats) if self.hands[seat]):
            self.finish([self.revealed.get(seat, 0) for seat in range(self.seats)])
        return violations

    def view(self) -> DominoView:
        ends = self.ends or {}
        to_reveal = tuple(s for s, n in enumerate(self.hands) if n and s not in self.revealed)
        return DominoView(
            ends.get(End.LEFT),
            ends.get(End.RIGHT),
            self.stock,
            tuple(self.hands),
            self.turn,
            to_reveal if self.play_over else (),
        )

    def card_states(self) -> CardStates:
        """Cards whose every copy is on the line are gone; the rest fits either end or not."""
        decks = self.game.options["decks"]
        gone = frozenset(card for card, n in self.gone.items() if n >= decks)
        if self.ends is None:
            return CardStates(self.game.deck() - gone, gone)
        if self.play_over:
            return CardStates()
        return CardStates(self.fitting() - gone, gone)

    def reasons(self) -> tuple[Reason, ...]:
        out = [s for s, n in enumerate(self.hands) if n == 0]
        first = Reason("domino_out", (out[0],)) if out else Reason("blocked")
        return (first, Reason("revealed", points=tuple(sorted(self.revealed.items()))))

    def expected(self) -> Expected:
        if self.ends is None:
            return Expected(None, ("starter",))
        if self.play_over:
            return Expected(None, ("reveal",))
        return Expected(self.turn, self.moves())
