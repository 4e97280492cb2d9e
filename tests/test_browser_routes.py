"""Screens are routes on a stack: a URL opens its screen directly, and the browser's back
button (as a phone's back gesture) walks back through the screens visited."""

from __future__ import annotations

from webapp import PHONE, TABLET, browser_page, by_id, label, need_browser, open_app, serve, tap


def stored_match(folder, game: str = "devynake", players=("Ona", "Jonas", "Rūta")) -> int:
    from models import Store

    store = Store(folder / "partija.db")
    try:
        live = store.create_match(game=game, players=list(players))
        live.start_deal()
        return live.match_id
    finally:
        store.close()


def test_back_walks_back_through_the_screens(tmp_path):
    need_browser()
    match_id = stored_match(tmp_path)
    with serve(tmp_path) as url, browser_page(PHONE) as page:
        open_app(page, url, first=f"resume-{match_id}")
        tap(page, f"resume-{match_id}", until="card-9H")
        assert page.url.endswith(f"/match/{match_id}")
        tap(page, "action-rules", until="rules-options")  # the table's rules, its options
        assert page.url.endswith(f"/match/{match_id}/rules")
        page.go_back()
        by_id(page, "card-9H").first.wait_for()  # back at the table
        tap(page, "card-9H")
        page.go_back()
        by_id(page, "action-new-match").first.wait_for()  # then Home
        tap(page, "nav-history", until=f"match-{match_id}")
        tap(page, f"match-{match_id}", until="match-headline")
        page.go_back()
        by_id(page, f"match-{match_id}").first.wait_for()  # the list again


def test_a_url_opens_its_screen(tmp_path):
    need_browser()
    match_id = stored_match(tmp_path)
    with serve(tmp_path) as url, browser_page(PHONE) as page:
        url = url.rstrip("/")
        open_app(page, f"{url}/match/{match_id}", first="card-9H")
        tap(page, "action-home", until="action-new-match")  # with Home beneath it
        open_app(page, f"{url}/rules/domino?at=aces", first="rule-aces")
        assert by_id(page, "rules-options").count() == 0  # no match: no options in force
        open_app(page, f"{url}/history/{match_id}", first="match-headline")
        tap(page, "action-back", until=f"match-{match_id}")
        open_app(page, f"{url}/match/{match_id + 1}", first="not-found")
        open_app(page, f"{url}/no/such/screen", first="not-found")


# Whether anything on the screen (a screen reader's words) says ``text``.
SAYS = """(text) => Array.from(document.querySelectorAll('flt-semantics'))
  .some(n => ((n.getAttribute('aria-label') || '') + '|' + (n.textContent || '')).includes(text))"""


def test_another_match_opened_in_the_same_tab_is_shown_whole(tmp_path):
    """The tab keeps its Flet session when a URL is opened in it: the new match must not be
    patched into the old one's parts. On a tablet the scoreboard stands beside the table,
    and a three-player one drawn over by a two-player match once left the first match on
    the screen (the server's redraw failed in Flet's table check and sent nothing)."""
    need_browser()
    ids = stored_match(tmp_path), stored_match(tmp_path, "domino", ("Ona", "Jonas"))
    with serve(tmp_path) as url, browser_page(TABLET) as page:
        url = url.rstrip("/")
        open_app(page, f"{url}/match/{ids[0]}", first="card-9H")
        tap(page, "card-9H", until="total-2")
        open_app(page, f"{url}/match/{ids[1]}", first="expected-now")
        by_id(page, "total-2").wait_for(state="detached")  # two players now, not three
        assert "Jonas" in label(page, "total-1")
        # The past match's scoreboard, too: Rūta plays only in the first.
        open_app(page, f"{url}/history/{ids[0]}", first="match-headline")
        page.wait_for_function(SAYS, arg="Rūta")
        open_app(page, f"{url}/history/{ids[1]}", first="match-headline")
        page.wait_for_function(f"!({SAYS})('Rūta')")
        page.wait_for_function(SAYS, arg="Jonas")
