"""Partija's rules engine: pure, no screen, no database, no I/O.

A match is its list of entries; ``Match`` folds them one at a time,
refusing illegal ones with a ``Code`` and proving later rule breaks as
``Violation`` values.
"""

from .cards import Card, CardError, Suit, deck
from .codes import Code
from .entries import Entry, Refused
from .errors import OptionError, ReadError, RecordError
from .games import GAMES
from .knowledge import Violation
from .match import Deal, EntryRefused, Expected, Game, Match, Outcome, Status
from .reader import read_record
from .record import load, verdict

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
    "OptionError",
    "Outcome",
    "ReadError",
    "RecordError",
    "Refused",
    "Status",
    "Suit",
    "Violation",
    "deck",
    "load",
    "read_record",
    "verdict",
]
