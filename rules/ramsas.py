"""Ramsas: the trick game of seed 003 (RULES.md §1).

A deal runs through four phases: the dealer shows the trump card, the
players buy the pirkinys in turn, say whether they play, then play five
tricks. The referee never sees a hand, so each obligation (follow, trump,
head, overtrump, lead the trump ace) is checked twice: at once when the
player is *known* to hold a card that would have met it (shown jacks, the
dealer's trump card), and later, when a card he plays proves he held one
when he broke it. Hands only shrink, so an exclusion lasts the deal.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from functools import cached_property
from itertools import combinations
from typing import NamedTuple

from .cards import ACE, SUITS, Card, Suit, deck
from .codes import Code
from .entries import (
    RULINGS,
    Bought,
    DeclinedToBuy,
    Entry,
    Folded,
    JacksShown,
    Placement,
    Played,
    RamsasDeclared,
    Redealt,
    Refused,
    Stayed,
    TrumpShown,
)
from .knowledge import Moment, Violation
from .match import Deal, Expected, Game, Reason, Status
from .options import Option, switch, whole

HAND = 5  # cards per player, hence tricks per deal
PIRKINYS = 4  # cards face down on the table
LONE_BONUS = 5  # the one player left when everyone else folds
JACKS_BONUS = 5
NO_TRICK_PENALTY = 5
NINE = 9  # what a trump ace proven not led counts as
REDEAL_SEATS, REDEAL_DECK = 4, 24


DECKS = (24, 32, 36)
# Five cards to each player and the pirkinys must fit: 24 cards seat 4, 32 seat 5, 36 seat 6.
DECK_SEATS = tuple((size - PIRKINYS) // HAND for size in DECKS)


def _default_deck(seats: int) -> int:
    """The smallest deck that fits: 24 cards up to four players, 32 for five, 36 for six."""
    return next((size for size, most in zip(DECKS, DECK_SEATS) if most >= seats), DECKS[-1])


class Ramsas(Game):
    id = "ramsas"
    MIN_SEATS, MAX_SEATS = 2, max(DECK_SEATS)
    ENTRY_TYPES = frozenset(
        {"trump", "redeal", "buy", "no_buy", "stay", "fold", "jacks", "ramsas", "play", *RULINGS}
    )
    OPTIONS = (
        Option(
            "deck",
            _default_deck,
            choices=DECKS,
            max_seats=DECK_SEATS,
        ),
        whole(
            "target",
            20,
        ),
        switch(
            "must_follow",
            True,
        ),
        switch(
            "must_trump",
            True,
        ),
        switch(
            "must_head",
            False,
        ),
        switch(
            "must_overtrump",
            False,
        ),
        Option(
            "instant_win",
            "target",
            choices=("target", "one_short"),
        ),
        switch(
            "forgot_waiver",
            True,
        ),
        switch(
            "dealer_keeps_trump",
            False,
        ),
    )

    def build_deck(self) -> frozenset[Card]:
        return frozenset(deck(self.options["deck"]))

    @cached_property
    def suits(self) -> dict[Suit, frozenset[Card]]:
        """The deck's cards of each suit."""
        return {suit: frozenset(c for c in self.deck() if c.suit is suit) for suit in SUITS}

    def points_range(self) -> tuple[int, int]:
        """From the no-trick penalty to five tricks with the jack bonus (a lone player's +5
        lies between)."""
        return -NO_TRICK_PENALTY, HAND + JACKS_BONUS

    def new_deal(self, dealer: int, totals: list[int]) -> RamsasDeal:
        return RamsasDeal(self, dealer, totals)

    def match_winners(self, totals: list[int], counted: int, last: Deal) -> list[int] | None:
        """After a deal in which a total reached the target: with ``instant_win`` ``target``
        only a lone player's +5 gets there at a deal's end (tricks end the match at once),
        and whoever reached it wins; with ``one_short`` the highest total wins."""
        if max(totals) < self.options["target"]:
            return None
        if self.options["instant_win"] == "one_short":
            return self.ranked_winners(totals)
        return [seat for seat, total in enumerate(totals) if total >= self.options["target"]]


class Phase(Enum):
    TRUMP = "trump"  # the dealer has yet to show the trump card
    BUYING = "buying"
    FOLDING = "folding"  # each player says whether he plays
    PLAYING = "playing"  # jacks may still be shown until the first card


class Duty(NamedTuple):
    """What a card breaks if its player held one of ``cards``: refused at once when he is
    known to hold one, otherwise recorded and proven when he plays one later. (A named
    tuple: made for most cards played, and a frozen dataclass costs four times as much.)"""

    refusal: Code
    violation: Code
    reason: str
    cards: frozenset[Card]


@dataclass(frozen=True, slots=True)
class TrumpDoubt:
    """With ``must_follow`` off, a card that neither followed nor trumped broke ``must_trump``
    only if its player held a trump *and* no card of the suit led. Unless that is known at
    once (a trump known in his hand, and no card of the suit led he could hold), the second
    half is proven only once his whole hand of that moment has been seen: the cards known
    to be in it then and those he played after."""

    event: int
    led: Suit
    size: int  # cards left in his hand after that card
    known: frozenset[Card]
    after: frozenset[Card] = frozenset()
    moment: Moment | None = None  # the trick's card before his (``Violation.moment``)


@dataclass(frozen=True, slots=True)
class RamsasView:
    """The public table: the trump card, the buyer, whose turn it is, who folded and who
    showed jacks, the cards of the trick by seat and the tricks each has won.

    A finished trick is gone from ``trick`` at once, but the table still sees it until the
    next lead, and players ask what fell last: ``last_trick`` (in play order) and
    ``last_winner`` keep the latest finished trick. ``trick_leads`` is the entry index of
    each trick's first card, in order, so the entry list can be cut into tricks.
    """

    trump_card: Card | None
    buyer: int | None
    turn: int | None
    folded: frozenset[int]
    jacks: tuple[bool, ...]
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[int, ...]
    last_trick: tuple[tuple[int, Card], ...]
    last_winner: int | None
    trick_leads: tuple[int, ...]


class RamsasDeal(Deal):
    game: Ramsas

    def __init__(self, game: Ramsas, dealer: int, totals: list[int]) -> None:
        super().__init__(game, dealer, totals)
        target = game.options["target"]
        self.vetoed = frozenset(s for s, t in enumerate(totals) if t == target - 1)
        self.phase = Phase.TRUMP
        self.trump_card: Card | None = None
        # Known with the trump card: its suit, and the ace the first leader must lead.
        self.trump: Suit | None = None
        self.trump_ace: Card | None = None
        # The trump ace once its first leader led another card: it counts as the nine.
        self.demoted: Card | None = None
        self.just_dealt = False  # nothing since the trump card: a redeal is still possible
        self.queue: list[int] = []  # who is still to answer in the buying or fold round, in order
        self.buyer: int | None = None
        self.folded: set[int] = set()
        self.forgot_to_ask = False  # the first card came before every fold answer
        self.hands = [HAND] * self.seats
        self.played: set[Card] = set()
        # The cards of each suit not played yet: what the obligations are met with.
        self.unplayed = dict(game.suits)
        self.trick: list[tuple[int, Card]] = []
        # Seat and strength of the card winning the trick so far, kept as the cards fall.
        self.winning: tuple[int, tuple[int, int]] | None = None
        self.last_trick: list[tuple[int, Card]] = []
        self.last_winner: int | None = None
        self.trick_leads: list[int] = []  # entry index of each trick's first card
        self.turn: int | None = None
        self.first_leader: int | None = None
        self.first_lead: Card | None = None
        self.tricks = [0] * self.seats
        self.jacks: list[frozenset[Card]] = [frozenset()] * self.seats
        self.doubts: list[list[TrumpDoubt]] = [[] for _ in range(self.seats)]

    # -- facts ----------------------------------------------------------
    @property
    def started(self) -> bool:
        """The first card is down: stay, fold and jacks are over."""
        return self.first_lead is not None

    def clockwise(self, start: int) -> list[int]:
        return [(start + k) % self.seats for k in range(self.seats)]

    def playing(self) -> list[int]:
        """Seats not folded (during the fold round, the unanswered count as playing)."""
        return [s for s in range(self.seats) if s not in self.folded]

    def next_playing(self, seat: int) -> int:
        """The first seat after ``seat``, clockwise, that has not folded."""
        seat = (seat + 1) % self.seats
        while seat in self.folded:
            seat = (seat + 1) % self.seats
        return seat

    def leader(self) -> int:
        """The first leader: the buyer, else the first player in play from the dealer's left."""
        if self.buyer is not None:
            return self.buyer
        return next(s for s in self.clockwise(self.left_of(self.dealer)) if s not in self.folded)

    def power(self, card: Card, player: int, led: Suit) -> tuple[int, int]:
        """Strength in a trick led with ``led``: trumps over the suit led over the rest, then
        rank, except that a trump ace its first leader did not lead counts as the nine."""
        suit = card.suit
        tier = 2 if suit is self.trump else 1 if suit is led else 0
        return tier, NINE if card is self.demoted and player == self.first_leader else card.rank

    def unknown_slots(self, player: int) -> int:
        return self.hands[player] - sum(self.knowledge.known[player].values())

    def redeal_refusal(self) -> Refused | None:
        if self.game.seats != REDEAL_SEATS or self.game.options["deck"] != REDEAL_DECK:
            return Refused(Code.REDEAL_NOT_ALLOWED, "redeal_table")
        if not self.just_dealt:
            return Refused(Code.REDEAL_NOT_ALLOWED, "redeal_late")
        assert self.trump_card is not None
        if self.trump_card.rank != NINE:
            return Refused(Code.REDEAL_NOT_ALLOWED, "redeal_not_nine", card=self.trump_card)
        return None

    # -- checking -------------------------------------------------------
    def check(self, entry: Entry, index: int) -> None:
        player = entry.player
        if player is not None and player in self.folded:
            raise Refused(Code.NOT_IN_PLAY, player=player)
        if player is not None and self.hands[player] == 0:
            # Out of cards is out of the deal for every entry, before whether it fits the phase.
            raise Refused(Code.NOT_IN_PLAY, "out_of_cards", player=player)
        if isinstance(entry, TrumpShown):
            if self.phase is not Phase.TRUMP:
                raise Refused(Code.WRONG_PHASE, "trump_shown")
            return
        if isinstance(entry, Redealt):
            refusal = self.redeal_refusal()
            if refusal is not None:
                raise refusal
            return
        assert player is not None
        if isinstance(entry, Bought) and player in self.vetoed:
            raise Refused(Code.CANNOT_BUY, "vetoed_buy", player=player)
        if isinstance(entry, Folded) and player in self.vetoed:
            raise Refused(Code.CANNOT_FOLD, "vetoed_fold", player=player)
        if isinstance(entry, Folded) and player == self.buyer:
            raise Refused(Code.CANNOT_FOLD, "buyer_fold", player=player)
        if self.phase is Phase.TRUMP:
            raise Refused(Code.WRONG_PHASE, "trump_first")
        if isinstance(entry, (Bought, DeclinedToBuy)):
            self._check_answer(player, Phase.BUYING, "buying_over")
        elif isinstance(entry, (Stayed, Folded)):
            if isinstance(entry, Stayed) and self._vetoed_stay(player):
                return
            self._check_answer(
                player,
                Phase.FOLDING,
                "buying_now" if self.phase is Phase.BUYING else "folding_over",
            )
        elif isinstance(entry, (JacksShown, RamsasDeclared)):
            self._check_jacks(player, entry)
        elif isinstance(entry, Played):
            self._check_play(player, entry.card)

    def legal_entries(self) -> list[Entry]:
        """What ``check`` accepts now, phase by phase:

        * the trump card: any card of the deck;
        * a redeal, while it may be asked for;
        * buying and the fold round: the answers of the player asked, and a vetoed player's
          ``stay``; in the fold round also the leader's first card, if the table forgot to ask;
        * play: each card the player to act may play; before the first card also each
          player's pairs of jacks and his ``ramsas``, bare and listing the four jacks. Shown
          jacks are listed in card order: the same cards in another order are accepted too.
        """
        if self.phase is Phase.TRUMP:
            return [TrumpShown(None, card) for card in self.game.deck_in_order()]
        found: list[Entry] = [Redealt()]
        if self.phase is Phase.BUYING:
            found += [Bought(self.queue[0]), DeclinedToBuy(self.queue[0])]
        if self.phase is Phase.FOLDING:
            found += [Stayed(self.queue[0]), Folded(self.queue[0])]
        if not self.started:
            found += [Stayed(seat) for seat in sorted(self.vetoed)]
        if self.phase is not Phase.BUYING:
            player = self.turn if self.phase is Phase.PLAYING else self.leader()
            assert player is not None
            cards = [c for c in self.game.deck_in_order() if c not in self.played]
            found += [Played(player, (Placement(c),)) for c in cards]
        if self.phase is Phase.PLAYING and not self.started:
            jacks = self._four_jacks()
            pairs = [(a, b) for a, b in combinations(jacks, 2) if a.suit.red == b.suit.red]
            for seat in range(self.seats):
                found += [JacksShown(seat, pair) for pair in pairs]
                found += [RamsasDeclared(seat), RamsasDeclared(seat, tuple(jacks))]
        return [e for e in found if self.accepts(e)]

    def _vetoed_stay(self, player: int) -> bool:
        """A vetoed player is not asked whether he plays (he must); a table that asks him
        anyway gets his `stay`, from the fold round until the first card, as often as asked."""
        return (
            player in self.vetoed
            and self.phase in (Phase.FOLDING, Phase.PLAYING)
            and not self.started
        )

    def _check_answer(self, player: int, phase: Phase, reason: str) -> None:
        if self.phase is not phase:
            raise Refused(Code.WRONG_PHASE, reason)
        if player != self.queue[0]:
            raise Refused(Code.NOT_YOUR_TURN, player=player, expected=self.queue[0])

    def _check_gone(self, player: int, card: Card) -> None:
        if card in self.played:
            raise Refused(Code.CARD_GONE, card=card)
        if card == self.trump_card and player != self.dealer:
            raise Refused(Code.CARD_GONE, "dealer_trump_card", card=card, other=self.dealer)
        holder = self.knowledge.holder(card)
        if holder is not None and holder != player:
            raise Refused(Code.CARD_GONE, "known_elsewhere", card=card, other=holder)

    def _check_jacks(self, player: int, entry: JacksShown | RamsasDeclared) -> None:
        if self.phase is not Phase.PLAYING or self.started:
            raise Refused(Code.WRONG_PHASE, "jacks_window")
        shown = self._shown_jacks(entry)
        # A ramsas claims the four jacks whatever it lists: each must be his to show
        # before the list itself is judged (RECORDS.md, the ``ramsas`` row).
        claimed = shown if isinstance(entry, JacksShown) else self._four_jacks()
        new = [c for c in dict.fromkeys(claimed) if not self.knowledge.known[player][c]]
        for card in new:
            self._check_gone(player, card)
        if len(new) > self.unknown_slots(player):
            raise Refused(Code.NOT_HELD, player=player, card=new[-1])
        if isinstance(entry, JacksShown):
            pair = frozenset(shown)
            if (
                len(shown) != 2
                or len(pair) != 2
                or not all(c.is_jack for c in pair)
                or len({c.suit.red for c in pair}) != 1
            ):
                raise Refused(Code.NOT_JACKS, "jacks_pair")
            if pair <= self.jacks[player]:
                raise Refused(Code.NOT_JACKS, "jacks_again", player=player)
        elif sorted(shown) != self._four_jacks():
            raise Refused(Code.NOT_JACKS, "ramsas_jacks")

    def _four_jacks(self) -> list[Card]:
        return [c for c in self.game.deck_in_order() if c.is_jack]

    def _shown_jacks(self, entry: JacksShown | RamsasDeclared) -> tuple[Card, ...]:
        """The cards an entry shows: a ``ramsas`` that lists none shows the four jacks."""
        if entry.cards is None:
            return tuple(self._four_jacks())
        return entry.cards

    def _check_play(self, player: int, card: Card) -> None:
        if self.phase is Phase.BUYING:
            raise Refused(Code.WRONG_PHASE, "buying_now")
        if self.phase is Phase.FOLDING:
            # The table forgot to ask: only the leader may start, and only against someone.
            if len(self.playing()) < 2:
                raise Refused(Code.WRONG_PHASE, "lone_player", player=self.queue[0])
            if player != self.leader():
                raise Refused(Code.NOT_YOUR_TURN, player=player, expected=self.queue[0])
        elif player != self.turn:
            raise Refused(Code.NOT_YOUR_TURN, player=player, expected=self.turn)
        self._check_gone(player, card)
        known = self.knowledge.known[player]
        if not known:
            return  # only a card known to be in his hand refuses a card at once
        if self.unknown_slots(player) <= 0 and not known[card]:
            raise Refused(Code.NOT_HELD, player=player, card=card)
        for duty in self._duties(player, card):
            held = sorted(c for c in duty.cards if known[c])
            if held:
                raise Refused(duty.refusal, duty.reason, player=player, card=held[0])
        if self._doubts_trump(card):
            # Refused only when he is known to hold a trump and cannot hold the suit led.
            trumps = sorted(c for c in known if c.suit == self.trump)
            if trumps and not self._may_hold(player, card, self.trick[0][1].suit):
                raise Refused(Code.MUST_TRUMP, "holds_trump", player=player, card=trumps[0])

    def _may_hold(self, player: int, card: Card, suit: Suit) -> bool:
        """Could ``player``, playing ``card``, keep a card of ``suit`` in his hand?

        Yes if one is known to be his; else only if his hand keeps an unknown card and some
        card of the suit is neither on the table nor known elsewhere (the shown trump card
        is only ever the dealer's)."""
        known = self.knowledge.known[player]
        unknown = self.unknown_slots(player) - (0 if known[card] else 1)
        for other in self.game.deck() - self.played - {card}:
            if other.suit != suit:
                continue
            if known[other]:
                return True
            if (
                unknown > 0
                and self.knowledge.holder(other) is None
                and (other != self.trump_card or player == self.dealer)
            ):
                return True
        return False

    def _duties(self, player: int, card: Card) -> list[Duty]:
        """The obligations ``card`` fails, each with the cards that would have met it."""
        options = self.game.options
        if not self.trick:
            if self.first_lead is None and card is not self.trump_ace:
                assert self.trump_ace is not None
                return [
                    Duty(
                        Code.MUST_LEAD_TRUMP_ACE,
                        Code.TRUMP_ACE_NOT_LED,
                        "must_lead_trump_ace",
                        frozenset({self.trump_ace}),
                    )
                ]
            return []
        trump, led = self.trump, self.trick[0][1].suit
        assert trump is not None and self.winning is not None
        beaten_power = self.winning[1]
        # The cards that could have met an obligation: its suit's, not played yet. (This card
        # is among them only where it cannot meet the obligation it fails: a lower card.)
        unplayed = self.unplayed

        def beaters(suit: Suit) -> frozenset[Card]:
            return frozenset(c for c in unplayed[suit] if self.power(c, player, led) > beaten_power)

        duties: list[Duty] = []
        if card.suit == led:
            trumped = led != trump and beaten_power[0] == 2
            if (
                options["must_head"]
                and not trumped
                and self.power(card, player, led) <= beaten_power
            ):
                duties.append(
                    Duty(Code.MUST_HEAD, Code.FAILED_TO_HEAD, "holds_header", beaters(led))
                )
            return duties
        if options["must_follow"]:
            duties.append(
                Duty(
                    Code.MUST_FOLLOW,
                    Code.REVOKE,
                    "holds_suit_led",
                    unplayed[led],
                )
            )
        if card.suit != trump:
            if options["must_trump"] and options["must_follow"] and led != trump:
                duties.append(
                    Duty(
                        Code.MUST_TRUMP,
                        Code.FAILED_TO_TRUMP,
                        "holds_trump",
                        unplayed[trump],
                    )
                )
        elif (
            options["must_overtrump"]
            and beaten_power[0] == 2
            and self.power(card, player, led) <= beaten_power
        ):
            duties.append(
                Duty(
                    Code.MUST_OVERTRUMP,
                    Code.FAILED_TO_OVERTRUMP,
                    "holds_higher_trump",
                    beaters(trump),
                )
            )
        return duties

    def _doubts_trump(self, card: Card) -> bool:
        """With ``must_follow`` off: does this card neither follow nor trump a plain lead?"""
        options = self.game.options
        if not self.trick or options["must_follow"] or not options["must_trump"]:
            return False
        led = self.trick[0][1].suit
        return led != self.trump and card.suit not in (led, self.trump)

    # -- applying -------------------------------------------------------
    def apply(self, entry: Entry, index: int) -> list[Violation]:
        player = entry.player
        self.just_dealt = False
        if isinstance(entry, TrumpShown):
            assert entry.card is not None
            self.trump_card, self.trump = entry.card, entry.card.suit
            self.trump_ace = Card(ACE, self.trump)
            self.knowledge.add_known(self.dealer, [entry.card])
            self.just_dealt = True
            self.queue = [
                s for s in self.clockwise(self.left_of(self.dealer)) if s not in self.vetoed
            ]
            self.phase = Phase.BUYING
            if not self.queue:
                self._start_fold_round()
            return []
        if isinstance(entry, Redealt):
            self.annul()
            return []
        assert player is not None
        if isinstance(entry, Bought):
            self.buyer = player
            if player == self.dealer and not self.game.options["dealer_keeps_trump"]:
                assert self.trump_card is not None
                self.knowledge.drop_known(player, self.trump_card)
            self._start_fold_round()
        elif isinstance(entry, DeclinedToBuy):
            self.queue.pop(0)
            if not self.queue:
                self._start_fold_round()
        elif isinstance(entry, Stayed) and self._vetoed_stay(player):
            pass  # he plays anyway: his answer changes nothing
        elif isinstance(entry, (Stayed, Folded)):
            if isinstance(entry, Folded):
                self.folded.add(player)
            self.queue.pop(0)
            if not self.queue:
                self._end_fold_round()
        elif isinstance(entry, (JacksShown, RamsasDeclared)):
            shown = frozenset(self._shown_jacks(entry))
            self.knowledge.add_known(
                player, [c for c in shown if not self.knowledge.known[player][c]]
            )
            self.jacks[player] |= shown
            if len(self.jacks[player]) == 4:
                self.match_winners = [player]
                self.finish([0] * self.seats)
        elif isinstance(entry, Played):
            if self.phase is Phase.FOLDING:
                # Everyone not yet asked plays, and nobody loses 5 for no trick this deal.
                self.forgot_to_ask = True
                self.queue.clear()
                self._begin_play()
            return self._play(player, entry.card, index)
        return []

    def _start_fold_round(self) -> None:
        origin = self.buyer if self.buyer is not None else self.dealer
        self.queue = [
            s
            for s in self.clockwise(self.left_of(origin))
            if s != self.buyer and s not in self.vetoed
        ]
        self.phase = Phase.FOLDING
        if not self.queue:
            self._end_fold_round()

    def _end_fold_round(self) -> None:
        playing = self.playing()
        if len(playing) < 2:
            points = [0] * self.seats
            for seat in playing:
                points[seat] = LONE_BONUS
            self.finish(points)
            return
        self._begin_play()

    def _begin_play(self) -> None:
        self.phase = Phase.PLAYING
        self.turn = self.first_leader = self.leader()

    def _play(self, player: int, card: Card, index: int) -> list[Violation]:
        found = self.knowledge.prove(player, [card], index)
        found += self._settle_doubts(player, card, index)
        if found:
            # One report per offending entry: its other exclusions are spent with it.
            events = {v.event for v in found}
            self.knowledge.exclusions[player] = [
                ex for ex in self.knowledge.exclusions[player] if ex.event not in events
            ]
        # The card before his in the trick: the moment a violation of this card is told by.
        moment = self.trick[-1] if self.trick else None
        for duty in self._duties(player, card):
            self.knowledge.exclude(player, index, duty.violation, duty.cards, moment=moment)
        doubt = self._doubts_trump(card)
        if self.first_lead is None:
            self.first_lead = card
            if card is not self.trump_ace:
                self.demoted = self.trump_ace
        self.knowledge.drop_known(player, card)
        self.played.add(card)
        self.unplayed[card.suit] -= {card}
        self.hands[player] -= 1
        if doubt and self.hands[player]:
            known = frozenset(self.knowledge.known[player].elements())
            self.doubts[player].append(
                TrumpDoubt(index, self.trick[0][1].suit, self.hands[player], known, moment=moment)
            )
        if not self.trick:
            self.trick_leads.append(index)
        self.trick.append((player, card))
        power = self.power(card, player, self.trick[0][1].suit)
        if self.winning is None or power > self.winning[1]:  # the earlier of equals wins
            self.winning = (player, power)
        if len(self.trick) < self.seats - len(self.folded):  # someone in play is still to play
            self.turn = self.next_playing(player)
            return found
        winner = self.winning[0]
        self.tricks[winner] += 1
        self.last_trick, self.last_winner = self.trick, winner
        self.trick, self.winning = [], None
        self.turn = winner
        if self._wins_at_once(winner):
            self.match_winners = [winner]
            self.finish([self._earned(s) for s in range(self.seats)])
        elif not any(self.hands[s] for s in self.playing()):
            self.finish([self._final(s) for s in range(self.seats)])
        return found

    def _wins_at_once(self, winner: int) -> bool:
        """Does the trick just won end the match? With ``instant_win`` ``target``, when the
        winner's running total reaches the target; with ``one_short``, when he began the
        deal one point short of it (RULES.md §5)."""
        target: int = self.game.options["target"]
        if self.game.options["instant_win"] == "one_short":
            return self.start_totals[winner] == target - 1
        return self.start_totals[winner] + self._earned(winner) >= target

    def _settle_doubts(self, player: int, card: Card, index: int) -> list[Violation]:
        found: list[Violation] = []
        kept: list[TrumpDoubt] = []
        for doubt in self.doubts[player]:
            after = doubt.after | {card}
            seen = doubt.known | after
            if any(c.suit == doubt.led for c in seen):
                continue  # he could follow, so he owed no trump
            if len(seen) < doubt.size:
                kept.append(replace(doubt, after=after))
                continue
            # Name a trump he played since, if any, else one known to be in his hand.
            trumps = [c for c in sorted(after) + sorted(doubt.known) if c.suit == self.trump]
            if trumps:
                found.append(
                    Violation(
                        doubt.event, index, player, Code.FAILED_TO_TRUMP, trumps[0], doubt.moment
                    )
                )
        self.doubts[player] = kept
        return found

    def _earned(self, seat: int) -> int:
        """Tricks so far plus the jack bonus, which is due with the first trick."""
        if not self.tricks[seat]:
            return 0
        return self.tricks[seat] + (JACKS_BONUS if self.jacks[seat] else 0)

    def _final(self, seat: int) -> int:
        if seat in self.folded:
            return 0
        earned = self._earned(seat)
        if not self.tricks[seat] and self.start_totals[seat] > 0 and not self._waived():
            return -NO_TRICK_PENALTY
        return earned

    def _waived(self) -> bool:
        """No −5 this deal: the table forgot to ask who plays, and the waiver is on."""
        return self.forgot_to_ask and bool(self.game.options["forgot_waiver"])

    def view(self) -> RamsasView:
        return RamsasView(
            self.trump_card,
            self.buyer,
            self.turn,
            frozenset(self.folded),
            tuple(bool(j) for j in self.jacks),
            tuple(self.trick),
            tuple(self.tricks),
            tuple(self.last_trick),
            self.last_winner,
            tuple(self.trick_leads),
        )

    def reasons(self) -> tuple[Reason, ...]:
        if self.status is not Status.FINISHED:
            return ()
        if self.match_winners is not None and not any(self.tricks):
            return (Reason("ramsas_declared", (self.match_winners[0],)),)
        playing = self.playing()
        if len(playing) < 2:
            return tuple(Reason("lone", (s,)) for s in playing) or (Reason("all_fold"),)
        reasons = []
        for seat in playing:
            extra = None
            if self.tricks[seat] and self.jacks[seat]:
                extra = "jacks"
            elif not self.tricks[seat] and self.points is not None and self.points[seat] < 0:
                extra = "no_trick"
            reasons.append(Reason("tricks", (seat,), count=self.tricks[seat], extra=extra))
        if self._waived():
            reasons.append(Reason("forgot"))
        return tuple(reasons)

    def expected(self) -> Expected:
        if self.status is not Status.OPEN:
            return Expected(None, ())
        if self.phase is Phase.TRUMP:
            return Expected(None, ("trump",))
        redeal = ("redeal",) if self.redeal_refusal() is None else ()
        if self.phase is Phase.BUYING:
            return Expected(self.queue[0], ("buy", "no_buy") + redeal)
        if self.phase is Phase.FOLDING:
            return Expected(self.queue[0], ("stay", "fold") + redeal)
        if not self.started:
            return Expected(self.turn, ("play", "jacks", "ramsas") + redeal)
        return Expected(self.turn, ("play",))
