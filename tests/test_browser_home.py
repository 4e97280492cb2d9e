"""The home screen in a real browser: four games with their identifiers, language switch."""

from __future__ import annotations

import pytest
from webapp import PHONE, TABLET, browser_page, by_id, need_browser, open_app, serve, shot

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
            assert by_id(page, f"game-{game}").count() == 1, game
        assert "Pradeda devynakė" in (
            by_id(page, "game-devynake").get_attribute("aria-label")
            or by_id(page, "game-devynake").inner_text()
        )
        shot(page, f"home-{name}-lt")
        by_id(page, "action-language").click()
        page.wait_for_timeout(800)
        assert page.get_by_text("Games", exact=True).count() == 1
        shot(page, f"home-{name}-en")
