"""The home screen in a real browser: four games with their identifiers, language switch."""

from __future__ import annotations

from webapp import (
    PHONE,
    TABLET,
    browser_page,
    by_id,
    inside,
    label,
    need_browser,
    open_app,
    serve,
    shot,
    tap,
)

GAMES = ("ramsas", "bumas", "devynake", "domino")


def test_home_lists_the_four_games_on_a_phone_and_a_tablet_in_both_languages(tmp_path):
    """One load: the phone in Lithuanian, then English; the same page turned into a tablet
    (Flutter lays the screen out anew for its size), then Lithuanian again."""
    need_browser()
    with serve(tmp_path) as url, browser_page(PHONE) as page:
        open_app(page, url)
        for game in GAMES:
            by_id(page, f"game-{game}").first.wait_for()
            assert by_id(page, f"game-{game}").count() == 1, game
        assert "Pradeda devynakė" in label(page, "game-devynake")
        shot(page, "home-phone-lt")
        tap(page, "action-language")
        page.get_by_text("Games", exact=True).wait_for()
        assert page.get_by_text("Games", exact=True).count() == 1
        shot(page, "home-phone-en")
        page.set_viewport_size(TABLET)
        # Laid out anew for the tablet's screen: two games a line, every one on screen.
        page.wait_for_function(SIDE_BY_SIDE)
        for game in GAMES:
            inside(page, f"game-{game}")
        shot(page, "home-tablet-en")
        tap(page, "action-language")
        page.get_by_text("Žaidimai", exact=True).wait_for()
        for game in GAMES:
            assert by_id(page, f"game-{game}").count() == 1, game
        assert "Pradeda devynakė" in label(page, "game-devynake")
        shot(page, "home-tablet-lt")


# Ramsas and Bumas on one line, as a tablet shows them (a phone puts each on its own).
SIDE_BY_SIDE = """() => {
    const box = game => document.querySelector(`[flt-semantics-identifier="game-${game}"]`)
        ?.getBoundingClientRect();
    const [ramsas, bumas] = [box('ramsas'), box('bumas')];
    return ramsas && bumas && Math.abs(ramsas.y - bumas.y) < 1 && bumas.x > ramsas.right;
}"""
