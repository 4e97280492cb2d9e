"""Entries: what the table enters, as frozen, past-tense values.

Each entry parses itself from the record's JSON object and prints itself
back in canonical form. Parsing checks only the shape (``bad_event``) and
that card texts are cards (``bad_card``); whether a card is in this game's
deck, and everything else, is the game's business.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any, ClassVar

from .cards import Card, CardError, Suit
from .codes import Code


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
        super().__init__(f"{code.value}: {self.reason} {params}")


@dataclass(frozen=True, slots=True)
class Placement:
    """One card put down: its end of the line and named suit matter in domino only."""

    card: Card
    end: End | None = None
    suit: Suit | None = None

    def to_dict(self) -> dict[str, Any]:
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

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.TYPE}
        if self.player is not None:
            out["player"] = self.player
        return out


@dataclass(frozen=True, slots=True)
class Played(Entry):
    """``play``: one card, or in domino several of one rank (``cards``)."""

    TYPE: ClassVar[str] = "play"
    placements: tuple[Placement, ...] = ()
    multi: bool = False  # written with ``cards`` in the record

    @property
    def card(self) -> Card:
        return self.placements[0].card

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(p.card for p in self.placements)

    def to_dict(self) -> dict[str, Any]:
        out = Entry.to_dict(self)
        if self.multi:
            out["cards"] = [p.to_dict() for p in self.placements]
        else:
            out.update(self.placements[0].to_dict())
        return out


@dataclass(frozen=True, slots=True)
class Passed(Entry):
    TYPE: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class Drew(Entry):
    TYPE: ClassVar[str] = "draw"
    count: int = 1

    def to_dict(self) -> dict[str, Any]:
        return {**Entry.to_dict(self), "count": self.count}


@dataclass(frozen=True, slots=True)
class CardShown(Entry):
    """A table card turned face up: ``starter`` (domino) or ``trump`` (ramsas)."""

    card: Card | None = None

    def to_dict(self) -> dict[str, Any]:
        return {**Entry.to_dict(self), "card": str(self.card)}


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

    def to_dict(self) -> dict[str, Any]:
        return {**Entry.to_dict(self), "cards": [str(c) for c in self.cards]}


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

    def to_dict(self) -> dict[str, Any]:
        out = Entry.to_dict(self)
        if self.cards is not None:
            out["cards"] = [str(c) for c in self.cards]
        return out


@dataclass(frozen=True, slots=True)
class Annulled(Entry):
    TYPE: ClassVar[str] = "annul"


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
    )
}
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
}
LINE_PLAY_FIELDS = frozenset({"player", "card", "end", "suit"})
SEVERAL_FIELDS = frozenset({"player", "cards"})  # each of the cards with its end and suit
PLACEMENT_FIELDS = frozenset({"card", "end", "suit"})


def parse_entry(raw: object, seats: int, types: frozenset[str], *, line: bool = False) -> Entry:
    """Build an entry from a record's JSON object, or raise ``Refused``.

    ``types`` are the entry types the game knows: another game's type is a
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
        if not 0 <= player < seats:
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
