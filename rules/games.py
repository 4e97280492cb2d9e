"""The games the referee knows, by their record id."""

from __future__ import annotations

from .bumas import Bumas
from .devynake import Devynake
from .domino import Domino
from .match import Game
from .ramsas import Ramsas

GAMES: dict[str, type[Game]] = {cls.id: cls for cls in (Bumas, Devynake, Domino, Ramsas)}
