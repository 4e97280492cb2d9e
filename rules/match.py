"""The match framework shared by all games.

A ``Game`` holds what is fixed for a match (seats, options); a ``Deal`` is
the mutable state of one deal; a ``Match`` is the fold of all entries: it
applies them one at a time, refusing or applying each, and derives deal
points, totals, the end of the match and its winners.

Each entry costs the same at any point of a match: nothing is replayed.
Only loading a match or undoing an entry replays from the start.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, ClassVar

from .cards import Card
from .codes import Code
from .entries import (
    RULINGS,
    Annulled,
    CardShown,
    CardsShown,
    Entry,
    Placement,
    Played,
    RamsasDeclared,
    Refused,
    StarterTurned,
    Stood,
    TrumpShown,
)
from .knowledge import Knowledge, Violation
from .options import COMMON, Option, OptionError, check, resolve


class Status(str, Enum):
    OPEN = "open"
    FINISHED = "finished"
    ANNULLED = "annulled"


@dataclass(frozen=True, slots=True)
class Expected:
    """What the table owes the referee now: who acts (None: anyone, the table) and what."""

    player: int | None
    kinds: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Reason:
    """One reason of a deal's points, for the words the app puts on it.

    ``key`` names the reason (``tricks``, ``out``, ``bank``, ``blocked`` ...);
    ``seats`` the players it is about, in the order the reason gives them;
    ``count`` a number it tells (tricks, cards left); ``extra`` a refinement
    (``jacks``, ``no_trick``); ``points`` (seat, points) pairs it lists.
    """

    key: str
    seats: tuple[int, ...] = ()
    count: int = 0
    extra: str | None = None
    points: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True, slots=True)
class CardStates:
    """For the card entry expected now: the cards it would accept, and the cards gone.

    Every other card of the deck would be refused for another reason (or no card
    entry is expected at all).
    """

    fits: frozenset[Card] = frozenset()
    gone: frozenset[Card] = frozenset()


class Game(ABC):
    """Fixed settings of one match: game id, number of seats, options.

    The seat limits, the options with their choices and the seats a choice
    allows are declared here once, as class attributes; the referee, the
    new-match form and Home read them.
    """

    id: ClassVar[str]
    MIN_SEATS: ClassVar[int]
    MAX_SEATS: ClassVar[int]  # the most seats with any choice of options
    ENTRY_TYPES: ClassVar[frozenset[str]]
    OPTIONS: ClassVar[tuple[Option, ...]]
    LOWEST_WINS: ClassVar[bool] = False  # domino counts penalty points
    # Plays go to an end of a line: a play names its end and a wild ace's suit, and may
    # list several cards (domino's multi-play).
    LINE_PLAYS: ClassVar[bool] = False

    def __init__(self, seats: int, options: Any = None) -> None:
        given = check(self.all_options(), {} if options is None else options)
        self.check_seats(seats, given)
        check(self.all_options(), given, seats)  # a list option as long as the seats allow
        self.seats = seats
        self.options = resolve(self.all_options(), given, seats)
        self._deck = self.build_deck()
        self._in_order = tuple(sorted(self._deck))

    @classmethod
    def all_options(cls) -> tuple[Option, ...]:
        """The game's own options, then the common ones."""
        return cls.OPTIONS + COMMON

    @classmethod
    def _seat_caps(cls, options: Mapping[str, Any]) -> list[tuple[Option, Any, int]]:
        """The options whose value caps the seats: given, or a default that does not follow
        the number of seats (one that does is chosen to fit them)."""
        caps = []
        for option in cls.OPTIONS:
            if option.name in options:
                value = options[option.name]
            elif callable(option.default):
                continue
            else:
                value = option.default
            cap = option.seat_cap(value)
            if cap is not None:
                caps.append((option, value, cap))
        return caps

    @classmethod
    def seat_limits(cls, options: Mapping[str, Any] | None = None) -> tuple[int, int]:
        """Fewest and most seats with these options (the others at their defaults)."""
        caps = [cap for _, _, cap in cls._seat_caps(options or {})]
        return cls.MIN_SEATS, min([cls.MAX_SEATS, *caps])

    @classmethod
    def check_seats(cls, seats: object, options: Mapping[str, Any] | None = None) -> None:
        """``OptionError`` if the game with these options is not played by ``seats``; it says
        which option limits the seats and which choice of it would allow them."""
        low, high = cls.seat_limits(options)
        if type(seats) is int and low <= seats <= high:
            return
        facts = {"game": cls.id, "low": low, "high": high, "seats": seats}
        capping = [(o, v) for o, v, cap in cls._seat_caps(options or {}) if cap == high]
        if type(seats) is not int or seats < low or high == cls.MAX_SEATS or not capping:
            raise OptionError("seats", **facts)
        option, value = capping[0]
        facts.update(option=option.name, value=value)
        for other, most in zip(option.choices, option.max_seats):
            if most >= seats:
                raise OptionError("seats_with_more", other=other, more=most, **facts)
        raise OptionError("seats_with", **facts)

    def deck(self) -> frozenset[Card]:
        """Every card this game's deck holds: fixed by the options, so built once per game."""
        return self._deck

    def deck_in_order(self) -> tuple[Card, ...]:
        """The deck's cards by rank, then suit: sorted once per game."""
        return self._in_order

    @abstractmethod
    def build_deck(self) -> frozenset[Card]:
        """Build the deck the options ask for (called once, by ``__init__``)."""

    @property
    def copies(self) -> int:
        """How many of each card are in play: two with two decks."""
        return 1

    @abstractmethod
    def points_range(self) -> tuple[int, int]:
        """The least and the most one seat can score in one deal, before violation penalties."""

    @abstractmethod
    def new_deal(self, dealer: int, totals: list[int]) -> Deal:
        """The state of a new deal dealt by ``dealer`` with these totals at its start."""

    def match_winners(self, totals: list[int], counted: int, last: Deal) -> list[int] | None:
        """Winners if the match ended with ``last`` (finished or annulled), else None."""
        return None

    def ranked_winners(self, totals: list[int]) -> list[int]:
        """Winners of a match the table stopped: best total, ties share."""
        best = min(totals) if self.LOWEST_WINS else max(totals)
        return [seat for seat, total in enumerate(totals) if total == best]


class Deal(ABC):
    """The state of one deal; games subclass it.

    ``check`` raises ``Refused`` without changing anything; ``apply`` changes
    the state and returns the violations the entry proves. The framework
    checks shape, deal/match end and annulment before either is called.
    """

    hands: list[int]  # how many cards each seat holds, as the referee counts them

    def __init__(self, game: Game, dealer: int, totals: list[int]) -> None:
        self.game = game
        self.seats = game.seats
        self.dealer = dealer
        self.start_totals = list(totals)
        self.status = Status.OPEN
        self.points: list[int] | None = None
        self.knowledge = Knowledge(game.seats)
        self.match_winners: list[int] | None = None  # a deal that ends the match at once

    def left_of(self, seat: int) -> int:
        return (seat + 1) % self.seats

    def finish(self, points: list[int]) -> None:
        self.status, self.points = Status.FINISHED, list(points)

    def annul(self) -> None:
        """No points, and no decision: a win the deal reached (a trick to the target) is void
        with it, since the same dealer deals again."""
        self.status, self.points = Status.ANNULLED, [0] * self.seats
        self.match_winners = None

    @abstractmethod
    def check(self, entry: Entry, index: int) -> None:
        """Raise ``Refused`` if ``entry`` may not be applied now."""

    @abstractmethod
    def legal_entries(self) -> list[Entry]:
        """Every entry of the open deal that ``check`` accepts now, rulings aside (the match
        lists those): OpenSpiel's ``legal_actions``, for random playouts and property tests.

        Each game says what it lists. Where the accepted entries are too many to list (a
        hand shown, cards played together), it lists a part of them and says which; the
        rest of what it lists is complete (``tests/test_legal_entries.py``).
        """

    def accepts(self, entry: Entry) -> bool:
        """Does ``check`` accept ``entry`` now? (``legal_entries`` confirms what it lists.)"""
        try:
            self.check(entry, 0)
        except Refused:
            return False
        return True

    @abstractmethod
    def apply(self, entry: Entry, index: int) -> list[Violation]:
        """Apply a checked entry; return the violations it proves."""

    @abstractmethod
    def expected(self) -> Expected:
        """Who is to act now and with which kinds of entry."""

    @abstractmethod
    def view(self) -> Any:
        """What is on the table now, as a small frozen value (each game has its own)."""

    def reasons(self) -> tuple[Reason, ...]:
        """Why the finished deal scored what it did (none while it is open)."""
        return ()

    def card_entry(self, card: Card) -> Entry | None:
        """The entry a tap on ``card`` stands for now: the trump or starter card shown, or
        the expected player's play; None when no card is expected."""
        expected = self.expected()
        if "trump" in expected.kinds:
            return TrumpShown(None, card)
        if "starter" in expected.kinds:
            return StarterTurned(None, card)
        if "play" in expected.kinds and expected.player is not None:
            return Played(expected.player, (Placement(card),))
        return None

    def card_states(self) -> CardStates:
        """Which cards of the deck the expected card entry would take, and which are gone.

        This default asks ``check`` about every card; games with a cheaper way to know
        (the cards that fit, the cards played) say so themselves.
        """
        fits: set[Card] = set()
        gone: set[Card] = set()
        for card in self.game.deck():
            entry = self.card_entry(card)
            if entry is None:
                return CardStates()
            try:
                self.check(entry, 0)
            except Refused as refusal:
                if refusal.code is Code.CARD_GONE:
                    gone.add(card)
            else:
                fits.add(card)
        return CardStates(frozenset(fits), frozenset(gone))


@dataclass
class DealLog:
    """One deal of a match as the verdict reports it."""

    number: int
    dealer: int
    deal: Deal | None  # None: dealt after the match ended
    entries: int = 0
    accepted: list[tuple[int, Entry]] = field(default_factory=list)
    rejected: list[tuple[int, Refused]] = field(default_factory=list)
    violations: list[Violation] = field(default_factory=list)
    points: list[int] | None = None
    closed: Status | None = None  # a deal taken as its result (``Match.add_result``)
    stood: set[int] = field(default_factory=set)  # events whose violation the table let stand

    @property
    def status(self) -> Status:
        if self.closed is not None:
            return self.closed
        return self.deal.status if self.deal else Status.OPEN

    def violation_records(self) -> list[dict[str, int | str]]:
        """The deal's violations as the verdict lists them, a ruling marked (RECORDS.md)."""
        return [
            {**v.to_dict(), "ruling": "stand"} if v.event in self.stood else v.to_dict()
            for v in self.violations
        ]


@dataclass(frozen=True, slots=True)
class Checked:
    """An entry ``Match.check`` accepted, and the moment it did: ``Match.commit`` applies it
    then and only then (the same current deal, with as many entries, and not stopped)."""

    entry: Entry
    log: DealLog
    index: int
    stopped: bool


@dataclass(slots=True)
class Outcome:
    """The result of one entry: refused (with the reason) or applied (with violations it proved).

    A value nobody changes, though not frozen: one is made for every entry, and a frozen
    dataclass costs four times as much to make."""

    index: int
    entry: Entry | None
    refusal: Refused | None = None
    violations: tuple[Violation, ...] = ()
    deal_ended: bool = False
    match_ended: bool = False

    @property
    def accepted(self) -> bool:
        return self.refusal is None


class EntryRefused(Refused):
    """Raised by ``Match.push`` for an entry the rules refuse."""


class Match:
    """A match is its entries: this folds them into deals, totals and the outcome."""

    def __init__(self, game: Game, first_dealer: int = 0) -> None:
        if type(first_dealer) is not int or not 0 <= first_dealer < game.seats:
            raise OptionError("first_dealer", last=game.seats - 1)
        self.game = game
        self.deck = game.deck()  # fixed by the options: built once, not per entry
        self.first_dealer = first_dealer
        self.deals: list[DealLog] = []
        self.totals = [0] * game.seats
        self.counted = 0  # finished deals; annulled ones do not count
        self.winners: list[int] | None = None
        self.stopped = False

    @property
    def finished(self) -> bool:
        return self.winners is not None

    @property
    def current(self) -> DealLog | None:
        return self.deals[-1] if self.deals else None

    def next_dealer(self) -> int:
        last = self.current
        if last is None:
            return self.first_dealer
        return self._dealer_after(last.dealer, last.status)

    def _dealer_after(self, dealer: int, status: Status) -> int:
        """Who deals after a deal ``dealer`` dealt: the same player again if it was annulled."""
        return dealer if status is Status.ANNULLED else (dealer + 1) % self.game.seats

    def start_deal(self) -> DealLog:
        """Begin the next deal (the record's next ``deals`` item, or the app's 'next deal')."""
        dealer = self.next_dealer()
        deal = None if self.finished else self.game.new_deal(dealer, self.totals)
        log = DealLog(len(self.deals), dealer, deal)
        self.deals.append(log)
        return log

    def add_result(self, status: Status, points: list[int]) -> DealLog:
        """Take a closed deal as its known result instead of replaying its entries.

        The log has the deal's dealer, status and points, and no deal state and
        no entries: what the totals, the next dealer and the scoreboard need.
        Resuming a stored match this way and replaying only its last deal gives
        the same match state as replaying every entry, for a match that none of
        these deals ended (the caller knows: the store caches the match's end).
        """
        current = self.current
        if self.finished or (current is not None and current.status is Status.OPEN):
            raise ValueError("a result follows a closed deal of a match going on")
        if status is Status.OPEN or len(points) != self.game.seats:
            raise ValueError(f"not the result of a closed deal: {status.value} {points}")
        log = DealLog(len(self.deals), self.next_dealer(), None, points=list(points), closed=status)
        self.deals.append(log)
        if status is Status.FINISHED:
            self.counted += 1
        self.totals = [t + p for t, p in zip(self.totals, points)]
        return log

    def add_results(self, results: Sequence[tuple[Status, list[int]]]) -> None:
        """``add_result`` for each of many closed deals (a stored match resumed): the same
        logs, all checked before any is added, the match's own checks made once."""
        current = self.current
        if results and (self.finished or (current is not None and current.status is Status.OPEN)):
            raise ValueError("a result follows a closed deal of a match going on")
        seats = self.game.seats
        for status, points in results:
            if status is Status.OPEN or len(points) != seats:
                raise ValueError(f"not the result of a closed deal: {status.value} {points}")
        dealer = self.next_dealer()
        totals, counted, deals = list(self.totals), self.counted, self.deals
        for status, points in results:
            deals.append(DealLog(len(deals), dealer, None, points=list(points), closed=status))
            if status is Status.FINISHED:
                counted += 1
            totals = [t + p for t, p in zip(totals, points)]
            dealer = self._dealer_after(dealer, status)
        self.totals, self.counted = totals, counted

    def keep_result_only(self, number: int) -> None:
        """Let closed deal ``number`` keep its result only, as ``add_result`` makes it
        (its dealer, status, points, and the violations the store caches with them).

        A long match played in one sitting would otherwise keep every card of every
        deal alive, and Python's full collection walks them all, on a tap now and then.
        The table needs the entries of the deal being played; the store has the rest.
        """
        log = self.deals[number]
        if log.status is Status.OPEN or log.points is None:
            raise ValueError(f"deal {number} is not closed")
        self.deals[number] = DealLog(
            log.number,
            log.dealer,
            None,
            violations=list(log.violations),
            points=list(log.points),
            closed=log.status,
            stood=set(log.stood),
        )

    def stop(self) -> None:
        """The table ends the match now: rank by totals; an open deal does not count."""
        self.stopped = True
        if not self.finished:
            self.winners = self.game.ranked_winners(self.totals)

    def parse(self, raw: object) -> Entry:
        """The entry ``raw`` (a record's JSON object, or an ``Entry``) stands for in this game,
        or ``Refused`` with ``bad_event`` / ``bad_card``."""
        if isinstance(raw, Entry):  # a value is checked as the record it prints
            raw = raw.to_record()
        entry = Entry.from_record(raw, self.game)
        for card in cards_of(entry):
            if card not in self.deck:
                raise Refused(Code.BAD_CARD, "not_in_deck", card=card)
        return entry

    def check(self, raw: object) -> Checked:
        """Raise ``Refused`` if ``raw`` would be refused now; else the parsed entry, accepted
        now (``commit`` applies it while nothing else has changed the match)."""
        log = self.current
        entry = self._check(raw, log)
        assert log is not None  # ``_check`` refuses an entry with no deal
        return Checked(entry, log, log.entries, self.stopped)

    def _check(self, raw: object, log: DealLog | None) -> Entry:
        """``check`` against the current deal's ``log``, which the caller has at hand."""
        entry = self.parse(raw)
        if log is None:
            raise Refused(Code.WRONG_PHASE, "no_deal")
        if log.deal is None:
            raise Refused(Code.MATCH_OVER)
        if entry.TYPE in RULINGS:
            self._check_ruling(entry, log)
            return entry
        if log.status is not Status.OPEN:
            raise Refused(Code.DEAL_OVER)
        if self.finished:  # the table stopped the match with this deal still open
            raise Refused(Code.MATCH_OVER)
        log.deal.check(entry, log.entries)
        return entry

    def waiting(self, log: DealLog) -> list[Violation]:
        """The deal's flagged violations still waiting for the table's ruling."""
        if log.status is Status.ANNULLED or self.game.options["violation_penalty"] != "flag":
            return []
        return [v for v in log.violations if v.event not in log.stood]

    def _check_ruling(self, entry: Entry, log: DealLog) -> None:
        """``annul`` or ``stand``: the table rules while the deal is open, and after its end
        while one of its flagged violations waits (RECORDS.md, "Rulings")."""
        waiting = self.waiting(log)
        if log.status is not Status.OPEN and not waiting:
            raise Refused(Code.DEAL_OVER)
        if self.stopped or (self.finished and log.status is Status.OPEN):
            raise Refused(Code.MATCH_OVER)
        if isinstance(entry, Stood) and all(v.event != entry.event for v in waiting):
            raise Refused(Code.WRONG_PHASE, "nothing_to_stand", number=entry.event + 1)

    def legal_entries(self) -> list[Entry]:
        """Every entry ``check`` accepts now: the current deal's (``Deal.legal_entries`` says
        which it lists) and the table's rulings, ``annul`` and a ``stand`` for each flagged
        violation still waiting. Nothing once the match is over or before its first deal."""
        log = self.current
        if log is None or log.deal is None:
            return []
        found = []
        if log.status is Status.OPEN and not self.finished:
            found = log.deal.legal_entries()
        rulings = [
            Annulled(),
            *(Stood(None, e) for e in dict.fromkeys(v.event for v in self.waiting(log))),
        ]
        return found + [r for r in rulings if self._rules(r, log)]

    def _rules(self, ruling: Entry, log: DealLog) -> bool:
        """Does ``_check_ruling`` accept ``ruling`` now?"""
        try:
            self._check_ruling(ruling, log)
        except Refused:
            return False
        return True

    def card_states(self) -> CardStates:
        """The cards a tap would enter now, and those gone (see ``Deal.card_states``)."""
        log = self.current
        if log is None or log.deal is None or log.status is not Status.OPEN or self.finished:
            return CardStates()
        return log.deal.card_states()

    def is_legal(self, raw: object) -> bool:
        try:
            self.check(raw)
        except Refused:
            return False
        return True

    def apply(self, raw: object) -> Outcome:
        """Apply one entry of the current deal, or refuse it leaving everything as it was."""
        log = self.current
        index = log.entries if log else 0
        try:
            entry = self._check(raw, log)
        except Refused as refusal:
            # Kept without the frames it was raised through: they would keep every
            # refused entry's call stack alive, cycles only a full collection frees (a
            # record of 10 000 deals with refusals spent half its replay collecting them).
            refusal.__traceback__ = None
            if log is not None:
                log.entries += 1
                log.rejected.append((index, refusal))
            return Outcome(index, None, refusal)
        assert log is not None  # ``_check`` refuses an entry with no deal
        return self._commit(entry, log)

    def commit(self, checked: Checked) -> Outcome:
        """Apply an entry that ``check`` accepted, without checking it again: only at the
        moment it was accepted, else ``ValueError`` and nothing changes."""
        log = checked.log
        if (
            log is not self.current
            or log.entries != checked.index
            or self.stopped != checked.stopped
        ):
            raise ValueError(f"the match changed since {checked.entry} was checked")
        return self._commit(checked.entry, log)

    def _commit(self, entry: Entry, log: DealLog) -> Outcome:
        assert log.deal is not None
        index = log.entries
        log.entries += 1
        log.accepted.append((index, entry))
        deal = log.deal
        if isinstance(entry, Stood):
            log.stood.add(entry.event)  # it stays recorded; nothing else changes
            return Outcome(index, entry)
        if isinstance(entry, Annulled):
            if deal.status is Status.FINISHED:
                self._take_back(log)
            deal.annul()
            violations: list[Violation] = []
        else:
            violations = deal.apply(entry, index)
            log.violations.extend(violations)
            if violations and self.game.options["violation_penalty"] == "annul":
                deal.annul()
        if deal.status is Status.OPEN:
            return Outcome(index, entry, None, tuple(violations))
        self._close(log)
        return Outcome(index, entry, None, tuple(violations), True, self.finished)

    def push(self, raw: object) -> Outcome:
        """Like ``apply``, but raise ``EntryRefused`` for a refused entry."""
        outcome = self.apply(raw)
        if outcome.refusal is not None:
            r = outcome.refusal
            raise EntryRefused(r.code, r.reason, **r.params)
        return outcome

    def _take_back(self, log: DealLog) -> None:
        """Undo what closing the finished deal ``log`` did to the match (its points, its
        count, any end it brought), so that it can close again as annulled. The match was
        going on when the deal began: no deal starts after its end."""
        assert log.points is not None
        self.totals = [t - p for t, p in zip(self.totals, log.points)]
        self.counted -= 1
        self.winners = None

    def _close(self, log: DealLog) -> None:
        deal = log.deal
        assert deal is not None and deal.points is not None
        points = list(deal.points)
        if deal.status is Status.FINISHED:
            self.counted += 1
            if self.game.options["violation_penalty"] == "points":
                cost = self.game.options["penalty_points"]
                for v in log.violations:
                    points[v.player] += cost if self.game.LOWEST_WINS else -cost
        log.points = points
        self.totals = [t + p for t, p in zip(self.totals, points)]
        if deal.match_winners is not None:
            self.winners = list(deal.match_winners)
        else:
            self.winners = self.game.match_winners(self.totals, self.counted, deal)


def cards_of(entry: Entry) -> Iterable[Card]:
    if isinstance(entry, Played):
        return entry.cards
    if isinstance(entry, CardShown):
        return (entry.card,) if entry.card else ()
    if isinstance(entry, CardsShown):
        return entry.cards
    if isinstance(entry, RamsasDeclared):
        return entry.cards or ()
    return ()
