"""The games the app plays: one plug-in each (``plugin.GameUI``), listed here once.

A fifth game adds its rules module (``rules/<game>.py``), its plug-in
(``app/games/<game>.py``), its rules pages (``assets/rules/<game>.<lang>.md``) and its
words in the catalogues, and one line below; ``register`` takes a game in at run time
the same way (the tests' toy game).
"""

from __future__ import annotations

from app.games.bumas import BumasUI
from app.games.devynake import DevynakeUI
from app.games.domino import DominoUI
from app.games.plugin import GameUI
from app.games.ramsas import RamsasUI
from rules.games import register as register_rules

GAMES: dict[str, GameUI] = {}


def register(game: GameUI) -> None:
    """Take ``game`` in: the app lists it, and the referee plays its rules."""
    register_rules(game.rules)
    GAMES[game.id] = game


def ordered() -> list[GameUI]:
    """The games in the app's order: the players' favourite first."""
    return sorted(GAMES.values(), key=lambda game: game.order)


def game_ui(game_id: str) -> GameUI:
    return GAMES[game_id]


for _game in (RamsasUI(), BumasUI(), DevynakeUI(), DominoUI()):
    register(_game)
