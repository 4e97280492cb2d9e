"""The games the referee knows, by their record id."""
from __future__ import annotations

from .devynake import Devynake
from .match import Game

GAMES: dict[str, type[Game]] = {cls.id: cls for cls in (Devynake,)}
