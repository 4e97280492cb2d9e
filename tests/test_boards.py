"""Every game's board is readable on a phone held at arm's length beside the cards: no text
under 14 px, no card so small that its rank is."""

from __future__ import annotations

import random

import pytest
from controls import drawn, texts
from flet.components.component import Component, Renderer
from randomplay import new_match, random_entry

from app.games import GAMES as GAME_UIS
from app.games.common import SMALL_CARD, TEXT
from app.kept import Kept
from rules import GAMES

SMALL_CARD_DEFAULT = 40  # SmallCard's width when a board gives none


def mid_deal_view(game: str, seats: int) -> object:
    """The game's table a few legal entries into a deal, so that cards lie on the board."""
    rng = random.Random(14)
    match = new_match(game, seats, rng)
    match.start_deal()
    for _ in range(20):
        raw = random_entry(match, rng)
        if raw is not None:
            match.push(raw)
    assert match.current is not None and match.current.deal is not None
    return match.current.deal.view()


@pytest.mark.parametrize("game", sorted(GAME_UIS))
def test_board_text_and_card_ranks_are_readable(game):
    seats = GAMES[game].seat_limits()[1]  # the most the default options allow
    names = tuple(f"P{i}" for i in range(seats))
    view = mid_deal_view(game, seats)
    board = Renderer().render(GAME_UIS[game].board, view, names, "lt", Kept())
    sizes = [text.size for text in texts(board)]
    assert sizes and all(size is not None and size >= TEXT for size in sizes)
    cards = [c for c in drawn(board) if isinstance(c, Component)]
    assert cards
    assert all(c.kwargs.get("width", SMALL_CARD_DEFAULT) >= SMALL_CARD for c in cards)
