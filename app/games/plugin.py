"""What the app knows of a game, in one place: a game is a plug-in.

Each game has its rules (``rules/<game>.py``, a ``rules.match.Game``) and one app module
(``app/games/<game>.py``) with a ``GameUI`` subclass that declares everything the screens
need: its place in lists and its emblem on Home, the paragraph of its rules page that
explains each code, its board (the public table), the words for why a deal scored what it
did, and its special inputs – entries made by picking cards (Ramsas' jacks, domino's
reveal and multi-play) and a tapped card that needs a question answered first (domino's
wild ace, a card that fits both ends). ``app.games`` registers them; no other module of
the app names a game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from app.i18n import tr
from rules.cards import Card, Suit
from rules.entries import Entry, Played, simple_entry
from rules.match import Expected, Game, Reason

if TYPE_CHECKING:
    import flet as ft

    from app.kept import Kept


class Table(Protocol):
    """What a game's hooks may read of the table they serve (``app.table.model``)."""

    @property
    def match(self) -> Any: ...  # rules.match.Match

    @property
    def names(self) -> list[str]: ...

    @property
    def lang(self) -> str: ...

    def expected(self) -> Expected | None: ...


@dataclass(frozen=True)
class Option:
    """One answer to a question the table is asked before an entry is made: the words on
    its button, what it shows (a card, a suit), and the entry it makes."""

    key: str  # for the button's identifier: "choice-<key>"
    label: str
    entry: Entry | Question  # a question in turn: asked next (a wild ace: the end, the suit)
    card: Card | None = None
    suit: Suit | None = None


@dataclass(frozen=True)
class Question:
    """A tapped card (or picked cards) that stands for more than one entry: the table
    chooses one, with one tap. Never answered from an earlier choice."""

    text: str
    options: tuple[Option, ...]


@dataclass(frozen=True)
class Pick:
    """An entry made by picking cards on the picker (or none: ``cards`` False), for one of
    the seats ``GameUI.pick_seats`` offers."""

    kind: str  # the entry kind, also the button's: "jacks", "reveal", "multi", "ramsas"
    cards: bool = True
    choose_seat: bool = True  # the table says whose entry it is; else the player to act


@dataclass(frozen=True)
class GameUI:
    """A game as the app sees it. Subclasses set the class attributes and draw the board;
    every hook has a default that fits a game with nothing special."""

    rules: ClassVar[type[Game]]
    order: ClassVar[int]  # place in the app's lists, the players' favourite first
    emblem: ClassVar[Suit]  # the suit sign on its Home tile
    # The paragraph of the game's rules page (``assets/rules/<id>.<lang>.md``) that
    # explains each refusal and violation code it can produce.
    anchors: ClassVar[Mapping[str, str]] = {}
    picks: ClassVar[Mapping[str, Pick]] = {}
    titles: Mapping[str, str] = field(default_factory=dict)  # name by language, if not catalogued

    @property
    def id(self) -> str:
        return self.rules.id

    def title(self, lang: str) -> str:
        """The game's name: its catalogue's ``game.<id>.name``."""
        return self.titles.get(lang) or tr(lang, f"game.{self.id}.name")

    # -- drawing --------------------------------------------------------------
    def board(self, view: Any, names: tuple[str, ...], lang: str, kept: Kept) -> ft.Control:
        """The public table, from the deal's view (``Deal.view``)."""
        raise NotImplementedError

    def reason(self, lang: str, why: Reason, names: tuple[str, ...]) -> str:
        """One short sentence for one reason of a deal's points (``Deal.reasons``)."""
        raise NotImplementedError

    @property
    def has_strip(self) -> bool:
        """Whether the game keeps part of its table in view above the cards (``strip``)."""
        return type(self).strip is not GameUI.strip

    def strip(self, view: Any, names: tuple[str, ...], lang: str, room: float) -> ft.Control:
        """What of the public table must stay in view above the cards on a phone, whose
        board is below them, one line high (the line's two ends, the pile's top card, the
        trick), in ``room`` px of width; a game with none leaves it."""
        raise NotImplementedError

    def strip_head(self, view: Any, lang: str) -> ft.Control | None:
        """While no card can be played (Ramsas's buying and staying rounds), what of the
        strip still tells something, short enough to stand at the head of the line of the
        moment's buttons: a phone's height then goes to the cards, the strip's empty seats
        left out. None (the default): the strip stays whole."""
        return None

    def entry_groups(self, view: Any, indices: Sequence[int]) -> dict[int, int]:
        """For the entry list's headers: the group (a trick: 1, 2 …) of each entry index;
        none by default."""
        return {}

    # -- entering -------------------------------------------------------------
    def card_entry(self, table: Table, entry: Played) -> Entry | Question:
        """What a tapped card stands for, given the one-card play the tap would make: the
        play itself by default, or a question when it could mean more than one entry."""
        return entry

    def play_actions(self, table: Table) -> list[str]:
        """Entry kinds offered to the player to act beside a card tapped (each a ``Pick``
        of his): none by default."""
        return []

    def pick_seats(self, table: Table, kind: str) -> list[int]:
        """The seats offered for a picked entry: everybody by default."""
        return list(range(len(table.names)))

    def picked_entry(
        self, table: Table, kind: str, seat: int, cards: Sequence[Card]
    ) -> Entry | Question:
        """The entry the picked cards make (``Pick.cards`` False: the kind alone)."""
        if not self.picks[kind].cards:
            return simple_entry(kind, seat)
        entry: Entry = table.match.parse(
            {"type": kind, "player": seat, "cards": [str(card) for card in cards]}
        )
        return entry
