"""The games the referee knows, by their record id."""

from __future__ import annotations

from .bumas import Bumas
from .devynake import Devynake
from .domino import Domino
from .match import Game
from .ramsas import Ramsas

GAMES: dict[str, type[Game]] = {}


def register(game: type[Game]) -> None:
    """Take a game's rules in: records name it by its ``id`` (the app's plug-ins call this,
    ``app.games.register``)."""
    GAMES[game.id] = game


for _game in (Bumas, Devynake, Domino, Ramsas):
    register(_game)
