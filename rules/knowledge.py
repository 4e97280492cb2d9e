"""What the referee knows about hidden hands, and how later cards prove rule breaks.

The referee never sees a hand. It learns two kinds of facts from entries:

* cards *known to be in* a hand (shown jacks, the dealer's trump card);
* cards a player is *proven not to hold* since some entry of his (a pass,
  an off-suit card, a draw): an *exclusion*.

In games without drawing a hand only shrinks, so an exclusion lasts the
whole deal; a draw of unseen cards lifts the player's older exclusions.
When he later plays or reveals an excluded card, the entry that made the
exclusion is proven illegal: one violation per offending entry, reported
at the first proof, after which that exclusion is spent.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple

from .cards import Card
from .codes import Code

# The last card put down before an entry, and who put it down: the moment a sentence names
# ("when Ona played the king of hearts"), where the entry number alone says little.
Moment = tuple[int, Card]


@dataclass(frozen=True, slots=True)
class Violation:
    """Entry ``event`` of ``player`` broke rule ``code``; entry ``proof`` shows it with ``card``.

    ``moment``: the card last put down before entry ``event`` (None: none yet in the deal,
    or the entry led a trick); the sentence names it. The verdict's JSON leaves it out.
    """

    event: int
    proof: int
    player: int
    code: Code
    card: Card
    moment: Moment | None = None

    def to_dict(self) -> dict[str, int | str]:
        return {
            "event": self.event,
            "player": self.player,
            "code": self.code.value,
            "proof": self.proof,
        }


class Exclusion(NamedTuple):
    """Since entry ``event``, the player held none of ``cards`` (else ``code`` was broken).

    ``spare`` cards of the set may appear without proof: after a draw, the
    card found (playable) is played at once, and it may be any of them. (A named tuple:
    most cards played make one, and a frozen dataclass costs four times as much.)
    """

    event: int
    code: Code
    cards: frozenset[Card]
    spare: int = 0
    moment: Moment | None = None


class Knowledge:
    """Per-seat known cards and exclusions for one deal."""

    def __init__(self, seats: int) -> None:
        self.known: list[Counter[Card]] = [Counter() for _ in range(seats)]
        self.exclusions: list[list[Exclusion]] = [[] for _ in range(seats)]

    def exclude(
        self,
        player: int,
        event: int,
        code: Code,
        cards: Iterable[Card],
        spare: int = 0,
        moment: Moment | None = None,
    ) -> None:
        cards = frozenset(cards)
        if cards:
            self.exclusions[player].append(Exclusion(event, code, cards, spare, moment))

    def lift(self, player: int) -> None:
        """The player took unseen cards: what he lacked before may be his now."""
        self.exclusions[player].clear()

    def prove(self, player: int, cards: Iterable[Card], proof: int) -> list[Violation]:
        """The player showed ``cards`` at entry ``proof``: report each exclusion they break."""
        cards = list(cards)
        exclusions = self.exclusions[player]
        if len(cards) == 1:  # nearly every play: break nothing and spend no spare, keep all
            card = cards[0]
            for ex in exclusions:
                if ex.spare or card in ex.cards:
                    break
            else:
                return []
        found: list[Violation] = []
        kept: list[Exclusion] = []
        for ex in exclusions:
            hits = [c for c in cards if c in ex.cards]
            if len(hits) > ex.spare:
                found.append(Violation(ex.event, proof, player, ex.code, hits[ex.spare], ex.moment))
            else:
                # The card found by a draw is on the table now: no spare is left.
                kept.append(ex._replace(spare=0) if ex.spare else ex)
        self.exclusions[player] = kept
        return found

    def add_known(self, player: int, cards: Iterable[Card]) -> None:
        self.known[player].update(cards)

    # ``get``, not ``[]``: a Counter's missing key costs a Python call (``__missing__``).
    def drop_known(self, player: int, card: Card) -> None:
        known = self.known[player]
        count = known.get(card, 0)
        if count > 1:
            known[card] = count - 1
        elif count:
            del known[card]

    def holder(self, card: Card) -> int | None:
        """A seat known to hold ``card``, if any."""
        for seat, known in enumerate(self.known):
            if known.get(card):
                return seat
        return None
