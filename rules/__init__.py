"""Partija's rules engine: pure, no screen, no database, no I/O.

A match is its list of entries; ``Match`` folds them one at a time,
refusing illegal ones with a ``Code`` and proving later rule breaks as
``Violation`` values.
"""

from .cards import Card, CardError, Suit, deck
from .codes import Code
from .entries import Entry, Refused
from .games import GAMES
from .knowledge import Violation
from .match import Deal, EntryRefused, Expected, Game, Match, Outcome, Status
from .record import RecordError, load, verdict

__all__ = [
    "GAMES",
    "Card",
    "CardError",
    "Code",
    "Deal",
    "Entry",
    "EntryRefused",
    "Expected",
    "Game",
    "Match",
    "Outcome",
    "RecordError",
    "Refused",
    "Status",
    "Suit",
    "Violation",
    "deck",
    "load",
    "verdict",
]
