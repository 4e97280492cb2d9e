"""A club's server in a real browser: the operator's PIN, a table, a player watching it.

The club and a devynakė match are set up in the test's own database; the
server runs as a club would run it (``--web --club``).
"""

from __future__ import annotations

import json

from conftest import SCENARIOS
from webapp import (
    PHONE,
    browser_page,
    by_id,
    label,
    need_browser,
    open_app,
    serve,
    shot,
    tap,
    type_into,
    wait_label,
)

from models.club import SETTING, Club

PIN = "2468"


def club_store(folder):
    from models import Store

    store = Store(folder / "partija.db")
    store.save_setting(SETTING, Club.new("Kortų klubas", PIN).setting())
    record = json.loads((SCENARIOS / "devynake-full-deal.json").read_text(encoding="utf-8"))
    record["options"] = {"deals": 1}  # finished after its one deal: rated
    store.import_records([record])
    live = store.create_match(game="devynake", players=["Ona", "Jonas", "Rūta"])
    live.start_deal()
    store.close()
    return live.match_id


def entry_controls(page):
    """The identifiers on screen that would enter something at a table."""
    nodes = page.locator(
        '[flt-semantics-identifier^="card-"], [flt-semantics-identifier^="action-"]'
    )
    found = {nodes.nth(i).get_attribute("flt-semantics-identifier") for i in range(nodes.count())}
    return found - {"action-language", "action-theme"}


def test_operator_logs_in_and_a_watcher_sees_each_card_appear(tmp_path):
    need_browser()
    match_id = club_store(tmp_path)
    with serve(tmp_path, mode=("--web", "--club")) as url, browser_page(PHONE) as table:
        open_app(table, url, first="pin")
        assert by_id(table, f"resume-{match_id}").count() == 0  # nothing before the PIN
        type_into(table, "pin", "1357")
        tap(table, "action-login", until="notice-refused")  # a wrong PIN is refused
        assert by_id(table, f"resume-{match_id}").count() == 0
        type_into(table, "pin", PIN)
        tap(table, "action-login", until=f"resume-{match_id}")
        tap(table, "nav-club", until=f"live-{match_id}")  # the club page: live, standings
        assert "Ona 0" in label(table, f"live-{match_id}")
        tap(table, "standing-devynake-1", until="rating-chart")
        shot(table, "club-page-phone-lt")
        tap(table, "action-home", until=f"resume-{match_id}")
        tap(table, f"resume-{match_id}", until="card-9H")
        tap(table, "action-watch-link", until="watch-link")
        link = label(table, "watch-link")
        assert link.startswith(url.rstrip("/") + "/watch/")
        with table.context.browser.new_page(viewport=PHONE) as phone:
            phone.set_default_timeout(60_000)
            open_app(phone, link, first="watching")
            assert entry_controls(phone) == set()  # a watcher can never send an entry
            for number, card in enumerate(["9H", "10H", "8H"], start=1):
                tap(table, f"card-{card}")
                wait_label(phone, "last-entry", f"{number}.")
            assert entry_controls(phone) == set()
        # A link this club did not give opens nothing (a new tab: a reload keeps its session).
        with table.context.browser.new_page(viewport=PHONE) as stranger:
            stranger.set_default_timeout(60_000)
            forged = f"{url.rstrip('/')}/watch/{match_id}-{'0' * 32}"
            open_app(stranger, forged, first="watch-unknown")
            assert entry_controls(stranger) == set()
