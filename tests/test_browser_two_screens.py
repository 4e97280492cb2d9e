"""Two screens on one match in a real browser: the other tab follows, a stale tab is told.

The hostile case from the campaign: A resumes a match and plays 9H; B, a second
tab, resumes it and undoes 9H. A must not go on from its old picture: it is
redrawn as stored (the server tells every tab of the match), and a tap based on
an old picture (a change made outside this server) is refused with a word and the
table reloaded. The stored match always replays with no refusal.
"""

from __future__ import annotations

import json

from webapp import PHONE, browser_page, by_id, label, need_browser, open_app, serve, tap, wait_label

from rules import load


def new_match(folder):
    from models import Store

    store = Store(folder / "partija.db")
    live = store.create_match(game="devynake", players=["Ona", "Jonas", "Rūta"])
    live.start_deal()
    store.close()
    return live.match_id


def stored_events(folder, match_id):
    from models import Store

    store = Store(folder / "partija.db")
    record = json.loads(store.export_record(match_id))
    store.close()
    match, _ = load(record)
    assert all(not log.rejected for log in match.deals)
    return [e["card"] for deal in record["deals"] for e in deal["events"]]


def test_the_other_tab_follows_an_undo(tmp_path):
    need_browser()
    match_id = new_match(tmp_path)
    with (
        serve(tmp_path) as url,
        browser_page(PHONE) as a,
        a.context.browser.new_page(viewport=PHONE) as b,
    ):
        b.set_default_timeout(60_000)
        for page in (a, b):
            open_app(page, url, first=f"resume-{match_id}")
            tap(page, f"resume-{match_id}", until="expected-now")
        tap(a, "card-9H")
        wait_label(a, "last-entry", "1.")
        wait_label(b, "last-entry", "1.")  # B was told by the server, without a tap
        tap(b, "action-undo")
        # A is redrawn as stored: no entry, Jonas to lead again, and it says why
        a.wait_for_function(
            """() => !(document.querySelector('[flt-semantics-identifier="last-entry"]')
                       ?.textContent || '').includes('1.')"""
        )
        by_id(a, "notice-info").first.wait_for()
        assert "Jonas" in label(a, "expected-now")
        tap(a, "card-9H")
        wait_label(a, "last-entry", "1.")
    assert stored_events(tmp_path, match_id) == ["9H"]


def test_a_tap_on_an_old_picture_is_told_and_reloaded(tmp_path):
    need_browser()
    match_id = new_match(tmp_path)
    with serve(tmp_path) as url, browser_page(PHONE) as page:
        open_app(page, url, first=f"resume-{match_id}")
        tap(page, f"resume-{match_id}", until="expected-now")
        # Another program (another server, the command line) plays 9H on the same file.
        from models import Store

        store = Store(tmp_path / "partija.db")
        store.resume(match_id).add_entry({"type": "play", "player": 1, "card": "9H"})
        store.close()
        tap(page, "card-9H", until="notice-info")  # this screen still shows no card played
        assert "Another screen" in label(page, "notice-info") or "kitas ekranas" in label(
            page, "notice-info"
        )
        wait_label(page, "last-entry", "1.")  # reloaded: 9H is there now
        assert "Rūta" in label(page, "expected-now")
    assert stored_events(tmp_path, match_id) == ["9H"]
