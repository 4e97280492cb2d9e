"""How a table screen shares its width: the play column and the picker's cards."""

from __future__ import annotations

import pytest

from app.table.picker import line_width, per_line
from app.table.screen import PANES, SIDE_MIN, play_room


@pytest.mark.parametrize("count, big", [(c, b) for c in range(1, 14) for b in (True, False)])
def test_a_line_of_the_width_it_takes_holds_its_cards_and_no_more(count: int, big: bool) -> None:
    assert per_line(line_width(count, big), big) == count


def test_a_phone_keeps_its_whole_width_and_a_phones_cards() -> None:
    assert play_room(360, 13) == (348, False)
    assert play_room(360, 9) == (348, False)


def test_a_36_card_deck_on_a_tablet_keeps_the_tablets_split_and_big_cards() -> None:
    assert play_room(1024, 9) == ((1024 - PANES) * 7 / 12, True)


def test_a_52_card_deck_on_a_landscape_tablet_is_a_line_a_suit() -> None:
    """Two lines a suit made eight lines of 63 px on a 1024 × 768 tablet: the clubs were
    below the screen's edge. The table now takes the room one line of 13 needs."""
    room, big = play_room(1024, 13)
    assert per_line(room, big) >= 13
    assert 1024 - PANES - room >= SIDE_MIN  # the entries and scoreboard keep a phone's width
    room, big = play_room(1280, 13)
    assert big and per_line(room, big) >= 13  # where there is room, the big cards stay


def test_a_narrow_tablet_keeps_its_split_where_a_line_of_13_would_crowd_the_side() -> None:
    room, big = play_room(800, 13)
    assert (room, big) == ((800 - PANES) * 7 / 12, True)
    assert per_line(room, big) < 13  # two lines a suit: a portrait tablet has the height
