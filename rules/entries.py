"""Entries: what the table enters, as frozen, past-tense values.

Like cards, entries parse and print themselves: ``Entry.from_record`` reads
the record's JSON object, ``to_record`` gives it back in canonical form and
``str`` is that object as compact JSON. Parsing checks only the shape
(``bad_event``) and that card texts are cards (``bad_card``); whether a card
is in this game's deck, and everything else, is the game's business.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import TYPE_CHECKING, Any, ClassVar, Self

from .cards import Card, CardError, Suit
from .codes import Code

if TYPE_CHECKING:
    from .match import Game


class End(str, Enum):
    """Which end of the domino line a card goes to."""

    LEFT = "left"
    RIGHT = "right"


class Refused(ValueError):
    """An entry that is not applied, with its code and the facts for the message.

    ``reason`` picks a more precise sentence than the code's own (for example
    why a card is not playable); ``params`` fill it (seat numbers as ints,
    cards as ``Card``).
    """

    def __init__(self, code: Code, reason: str | None = None, **params: Any) -> None:
        self.code = code
        self.reason = reason or code.value
        self.params = params
        super().__init__(code, self.reason)

    def __str__(self) -> str:
        # Written when asked for: a record's refused entries are many, and the text of
        # their facts (cards and suits by ``repr``) cost more than refusing them.
        return f"{self.code.value}: {self.reason} {self.params}"


def _as_card(card: Card | str) -> Card:
    return card if isinstance(card, Card) else Card.parse(card)


@dataclass(frozen=True, slots=True)
class Placement:
    """One card put down: its end of the line and named suit matter in domino only."""

    card: Card
    end: End | None = None
    suit: Suit | None = None

    @classmethod
    def of(
        cls, card: Card | str, end: End | str | None = None, suit: Suit | str | None = None
    ) -> Self:
        """From card text or ``Card``, an end (``"left"``) and a suit (``"H"``), as written."""
        return cls(
            _as_card(card),
            None if end is None else End(end),
            None if suit is None else Suit.parse(suit),
        )

    def to_record(self) -> dict[str, Any]:
        out: dict[str, Any] = {"card": str(self.card)}
        if self.end is not None:
            out["end"] = self.end.value
        if self.suit is not None:
            out["suit"] = self.suit.value
        return out


@dataclass(frozen=True, slots=True)
class Entry:
    """Base of all entries; ``player`` is a seat index, or None for table entries."""

    TYPE: ClassVar[str] = ""
    player: int | None = None

    def to_record(self) -> dict[str, Any]:
        """The entry as a record's JSON object, in canonical form."""
        out: dict[str, Any] = {"type": self.TYPE}
        if self.player is not None:
            out["player"] = self.player
        return out

    def __str__(self) -> str:
        return json.dumps(self.to_record(), ensure_ascii=False, separators=(",", ":"))

    @staticmethod
    def from_record(raw: object, game: Game | None = None) -> Entry:
        """The entry a record's JSON object stands for, or ``Refused`` (``bad_event`` /
        ``bad_card``). With ``game``, its seats, entry types and play fields are checked;
        without, any type and seat are taken and a play may have domino's fields."""
        if game is None:
            return parse_entry(raw, None, frozenset(ENTRY_TYPES), line=True)
        return parse_entry(raw, game.seats, game.ENTRY_TYPES, line=game.LINE_PLAYS)


@dataclass(frozen=True, slots=True)
class Played(Entry):
    """``play``: one card, or in domino several of one rank (``cards``)."""

    TYPE: ClassVar[str] = "play"
    placements: tuple[Placement, ...] = ()
    multi: bool = False  # written with ``cards`` in the record

    @classmethod
    def of(
        cls,
        player: int,
        card: Card | str,
        end: End | str | None = None,
        suit: Suit | str | None = None,
    ) -> Self:
        """One card played (in domino at ``end``, an ace naming ``suit``)."""
        return cls(player, (Placement.of(card, end, suit),))

    @classmethod
    def several(cls, player: int, *placements: Placement) -> Self:
        """Domino's multi-play: the ``cards`` form."""
        return cls(player, placements, multi=True)

    def at(self, end: End | str | None = None, suit: Suit | str | None = None) -> Played:
        """The same one-card play at another end, or naming a suit."""
        first = self.placements[0]
        placed = Placement(
            first.card,
            first.end if end is None else End(end),
            first.suit if suit is None else Suit.parse(suit),
        )
        return replace(self, placements=(placed,))

    @property
    def card(self) -> Card:
        return self.placements[0].card

    @property
    def cards(self) -> tuple[Card, ...]:
        placements = self.placements
        if len(placements) == 1:  # nearly every play: no generator to run
            return (placements[0].card,)
        return tuple(p.card for p in placements)

    def to_record(self) -> dict[str, Any]:
        out = Entry.to_record(self)
        if self.multi:
            out["cards"] = [p.to_record() for p in self.placements]
        else:
            out.update(self.placements[0].to_record())
        return out


@dataclass(frozen=True, slots=True)
class Passed(Entry):
    TYPE: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class Drew(Entry):
    TYPE: ClassVar[str] = "draw"
    count: int = 1

    def to_record(self) -> dict[str, Any]:
        return {**Entry.to_record(self), "count": self.count}


@dataclass(frozen=True, slots=True)
class CardShown(Entry):
    """A table card turned face up: ``starter`` (domino) or ``trump`` (ramsas)."""

    card: Card | None = None

    @classmethod
    def of(cls, card: Card | str) -> Self:
        return cls(None, _as_card(card))

    def to_record(self) -> dict[str, Any]:
        return {**Entry.to_record(self), "card": str(self.card)}


@dataclass(frozen=True, slots=True)
class StarterTurned(CardShown):
    TYPE: ClassVar[str] = "starter"


@dataclass(frozen=True, slots=True)
class TrumpShown(CardShown):
    TYPE: ClassVar[str] = "trump"


@dataclass(frozen=True, slots=True)
class Redealt(Entry):
    TYPE: ClassVar[str] = "redeal"


@dataclass(frozen=True, slots=True)
class Bought(Entry):
    TYPE: ClassVar[str] = "buy"


@dataclass(frozen=True, slots=True)
class DeclinedToBuy(Entry):
    TYPE: ClassVar[str] = "no_buy"


@dataclass(frozen=True, slots=True)
class Stayed(Entry):
    TYPE: ClassVar[str] = "stay"


@dataclass(frozen=True, slots=True)
class Folded(Entry):
    TYPE: ClassVar[str] = "fold"


@dataclass(frozen=True, slots=True)
class CardsShown(Entry):
    """A hand or part of it shown: ``jacks`` (ramsas) or ``reveal`` (domino)."""

    cards: tuple[Card, ...] = field(default_factory=tuple)

    @classmethod
    def of(cls, player: int, *cards: Card | str) -> Self:
        return cls(player, tuple(_as_card(c) for c in cards))

    def to_record(self) -> dict[str, Any]:
        return {**Entry.to_record(self), "cards": [str(c) for c in self.cards]}


@dataclass(frozen=True, slots=True)
class JacksShown(CardsShown):
    TYPE: ClassVar[str] = "jacks"


@dataclass(frozen=True, slots=True)
class HandRevealed(CardsShown):
    TYPE: ClassVar[str] = "reveal"


@dataclass(frozen=True, slots=True)
class RamsasDeclared(Entry):
    """``ramsas``: all four jacks shown, optionally listed (``cards``; then exactly those)."""

    TYPE: ClassVar[str] = "ramsas"
    cards: tuple[Card, ...] | None = None

    def to_record(self) -> dict[str, Any]:
        out = Entry.to_record(self)
        if self.cards is not None:
            out["cards"] = [str(c) for c in self.cards]
        return out


@dataclass(frozen=True, slots=True)
class Annulled(Entry):
    TYPE: ClassVar[str] = "annul"


@dataclass(frozen=True, slots=True)
class Stood(Entry):
    """``stand``: the table lets the flagged violation of entry ``event`` of this deal stand."""

    TYPE: ClassVar[str] = "stand"
    event: int = 0

    def to_record(self) -> dict[str, Any]:
        return {**Entry.to_record(self), "event": self.event}


# The table's rulings on flagged violations: the match judges them, not the deal.
RULINGS = ("annul", "stand")

ENTRY_TYPES: dict[str, type[Entry]] = {
    cls.TYPE: cls
    for cls in (
        Played,
        Passed,
        Drew,
        StarterTurned,
        TrumpShown,
        Redealt,
        Bought,
        DeclinedToBuy,
        Stayed,
        Folded,
        JacksShown,
        HandRevealed,
        RamsasDeclared,
        Annulled,
        Stood,
    )
}


def simple_entry(kind: str, player: int | None = None) -> Entry:
    """An entry with no field but its player, if any: ``pass``, ``buy``, ``no_buy``,
    ``stay``, ``fold``, ``ramsas`` (the four jacks unlisted), ``redeal``, ``annul``."""
    if kind not in SIMPLE:
        raise ValueError(f"a {kind!r} entry takes more than its player")
    return ENTRY_TYPES[kind]() if player is None else ENTRY_TYPES[kind](player)


# The fields each entry type takes besides ``type`` (RECORDS.md, "Entries"). A play at
# the ends of a line (domino) also takes ``end``, ``suit`` and, instead of ``card``, ``cards``.
FIELDS: dict[str, frozenset[str]] = {
    "play": frozenset({"player", "card"}),
    "pass": frozenset({"player"}),
    "draw": frozenset({"player", "count"}),
    "starter": frozenset({"card"}),
    "trump": frozenset({"card"}),
    "redeal": frozenset(),
    "buy": frozenset({"player"}),
    "no_buy": frozenset({"player"}),
    "stay": frozenset({"player"}),
    "fold": frozenset({"player"}),
    "jacks": frozenset({"player", "cards"}),
    "ramsas": frozenset({"player", "cards"}),
    "reveal": frozenset({"player", "cards"}),
    "annul": frozenset(),
    "stand": frozenset({"event"}),
}
LINE_PLAY_FIELDS = frozenset({"player", "card", "end", "suit"})
SEVERAL_FIELDS = frozenset({"player", "cards"})  # each of the cards with its end and suit
PLACEMENT_FIELDS = frozenset({"card", "end", "suit"})
SIMPLE = frozenset({k for k, f in FIELDS.items() if f <= {"player"}} | {"ramsas"})


def parse_entry(
    raw: object, seats: int | None, types: frozenset[str], *, line: bool = False
) -> Entry:
    """Build an entry from a record's JSON object, or raise ``Refused``.

    ``seats``: how many seats the table has (None: any seat from 0). ``types``
    are the entry types the game knows: another game's type is a
    ``bad_event`` like an unknown one. ``line``: plays go to an end of a line
    (domino), so a play may name its ``end`` and a ``suit`` and may list
    several cards (``cards``); elsewhere those fields are foreign. A field the
    type does not take is ``bad_event``; shape errors come before card errors.
    """
    if not isinstance(raw, dict):
        raise Refused(Code.BAD_EVENT, "not_object")
    kind = raw.get("type")
    if not isinstance(kind, str) or kind not in ENTRY_TYPES or kind not in types:
        raise Refused(Code.BAD_EVENT, "unknown_type", type=str(kind))
    fields = FIELDS[kind]
    if line and kind == "play":
        fields = SEVERAL_FIELDS if "cards" in raw and "card" not in raw else LINE_PLAY_FIELDS
    _check_fields(raw, fields)
    player = None
    if "player" in fields:
        player = raw.get("player")
        if type(player) is not int:
            raise Refused(Code.BAD_EVENT, "bad_field", field="player")
        if player < 0 or (seats is not None and player >= seats):
            raise Refused(Code.BAD_EVENT, "no_such_seat", seat=player)
    if kind == "play":
        return _parse_play(raw, player)
    if kind == "draw":
        count = raw.get("count")
        if type(count) is not int or count < 1:
            raise Refused(Code.BAD_EVENT, "bad_field", field="count")
        return Drew(player, count)
    if kind in ("starter", "trump"):
        text = _require(raw, "card", str)
        return ENTRY_TYPES[kind](None, _card(text))  # type: ignore[call-arg]
    if kind == "stand":
        event = raw.get("event")
        if type(event) is not int or event < 0:
            raise Refused(Code.BAD_EVENT, "bad_field", field="event")
        return Stood(None, event)
    if kind == "ramsas" and "cards" not in raw:
        return RamsasDeclared(player)
    if kind in ("jacks", "reveal", "ramsas"):
        texts = _require(raw, "cards", list)
        if not all(isinstance(t, str) for t in texts):
            raise Refused(Code.BAD_EVENT, "bad_field", field="cards")
        return ENTRY_TYPES[kind](player, tuple(_card(t) for t in texts))  # type: ignore[call-arg]
    return ENTRY_TYPES[kind](player)


def _check_fields(raw: dict[str, Any], fields: frozenset[str]) -> None:
    """Refuse a field the entry does not take (``cards`` beside ``card`` among them)."""
    for name in raw:
        if name != "type" and name not in fields:
            raise Refused(Code.BAD_EVENT, "foreign_field", field=name)


def _require(raw: dict[str, Any], name: str, kind: type) -> Any:
    value = raw.get(name)
    if not isinstance(value, kind):
        raise Refused(Code.BAD_EVENT, "bad_field", field=name)
    return value


def _card(text: str) -> Card:
    try:
        return Card.parse(text)
    except CardError:
        raise Refused(Code.BAD_CARD, "not_a_card", text=text) from None


def _parse_play(raw: dict[str, Any], player: int | None) -> Played:
    if "cards" in raw:
        items = raw["cards"]
        if not isinstance(items, list) or not items or not all(isinstance(i, dict) for i in items):
            raise Refused(Code.BAD_EVENT, "bad_field", field="cards")
        for item in items:
            _check_fields(item, PLACEMENT_FIELDS)
        shapes = [_placement_shape(item) for item in items]
        return Played(player, tuple(_placement(*s) for s in shapes), multi=True)
    shape = _placement_shape(raw)
    return Played(player, (_placement(*shape),))


def _placement_shape(raw: dict[str, Any]) -> tuple[str, End | None, Suit | None]:
    text = _require(raw, "card", str)
    end = raw.get("end")
    if end is not None:
        try:
            end = End(end)
        except ValueError:
            raise Refused(Code.BAD_EVENT, "bad_field", field="end") from None
    suit = raw.get("suit")
    if suit is not None:
        try:
            suit = Suit.parse(suit)
        except ValueError:
            raise Refused(Code.BAD_EVENT, "bad_field", field="suit") from None
    return text, end, suit


def _placement(text: str, end: End | None, suit: Suit | None) -> Placement:
    return Placement(_card(text), end, suit)
