"""One module per game: its board (the public table, drawn from the view ``rules`` gives)
and the words for the reasons of a deal's points. A fifth game adds one module here."""

from __future__ import annotations

from types import ModuleType

from app.games import bumas, devynake, domino, ramsas

GAME_VIEWS: dict[str, ModuleType] = {
    "devynake": devynake,
    "ramsas": ramsas,
    "domino": domino,
    "bumas": bumas,
}
