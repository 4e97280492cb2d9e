"""What a tap on the table means now: the table's input mode, one tagged value.

Most of the time a card tapped is the card played (``Playing``). The other modes each
hold what they need and nothing else, so a view reads one field and never a mix of
flags: the table is choosing who played the next card (``AskingWho``), picking several
cards for one entry (``Picking``), answering a question about a tapped card
(``Answering``: a wild ace's suit, which end of the line), or correcting an earlier
entry (``Correcting``).
"""

from __future__ import annotations

from dataclasses import dataclass

from app.games.plugin import Question


@dataclass(frozen=True)
class Playing:
    """A tapped card is the card played – by ``seat`` when the table said someone else
    played ("Padėjo kitas"), else by the player the rules expect."""

    seat: int | None = None


@dataclass(frozen=True)
class AskingWho:
    """ "Someone else played": the seats are offered; a card tapped now is not entered."""


@dataclass(frozen=True)
class Picking:
    """Cards are tapped to pick them for one entry of ``kind`` (jacks, a hand shown,
    several cards of one rank), for ``seat``; ``confirm`` makes the entry."""

    kind: str
    seat: int
    picked: tuple[str, ...] = ()

    def toggled(self, code: str) -> Picking:
        picked = tuple(c for c in self.picked if c != code)
        return Picking(self.kind, self.seat, picked if code in self.picked else (*picked, code))


@dataclass(frozen=True)
class Answering:
    """A tapped card stands for more than one entry: the table answers ``question``."""

    question: Question


@dataclass(frozen=True)
class Correcting:
    """Entry ``index`` of the current deal is being corrected: the card tapped replaces it."""

    index: int


Mode = Playing | AskingWho | Picking | Answering | Correcting
