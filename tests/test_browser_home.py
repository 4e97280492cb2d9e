"""The home screen in a real browser: four games with their identifiers, language switch."""

from __future__ import annotations

import pytest
from webapp import (
    PHONE,
    TABLET,
    browser_page,
    by_id,
    label,
    need_browser,
    open_app,
    serve,
    shot,
    tap,
)

GAMES = ("ramsas", "bumas", "devynake", "domino")


@pytest.fixture
def url(tmp_path):
    """A fresh app and database per test: the language chosen in one test is kept."""
    need_browser()
    with serve(tmp_path) as address:
        yield address


@pytest.mark.parametrize("size, name", [(PHONE, "phone"), (TABLET, "tablet")])
def test_home_lists_the_four_games(url, size, name):
    with browser_page(size) as page:
        open_app(page, url)
        for game in GAMES:
            by_id(page, f"game-{game}").first.wait_for()
            assert by_id(page, f"game-{game}").count() == 1, game
        assert "Pradeda devynakė" in label(page, "game-devynake")
        shot(page, f"home-{name}-lt")
        tap(page, "action-language")
        page.get_by_text("Games", exact=True).wait_for()
        assert page.get_by_text("Games", exact=True).count() == 1
        shot(page, f"home-{name}-en")
