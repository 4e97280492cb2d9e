"""Whole deals played through the real app in a browser, checked against the headless referee.

The match is created in the test's own database before the app starts; the
test resumes it from the home screen and enters every entry by tapping the
cards and buttons by their semantics identifiers, as a player would.
"""

from __future__ import annotations

import json

import pytest
from conftest import SCENARIOS
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
    type_into,
    wait_label,
)

from rules import load, verdict


def create(db_dir, record):
    from models import Store

    store = Store(db_dir / "partija.db")
    live = store.create_match(
        game=record["game"],
        players=record["players"],
        options=record["options"],
        first_dealer=record.get("first_dealer", 0),
    )
    live.start_deal()
    store.close()
    return live.match_id


def enter(page, event, names):
    """Enter one record event the way a player does at the table."""
    kind = event["type"]
    if kind in ("play", "trump", "starter"):
        tap(page, f"card-{event['card']}")
    elif kind == "jacks":
        tap(page, "action-jacks")
        # The seat may be chosen already (the player expected): then the tap changes nothing.
        by_id(page, f"seat-{event['player']}").first.click()
        wait_label(page, "expected-now", names[event["player"]])
        for card in event["cards"]:
            tap(page, f"card-{card}")
        tap(page, "action-confirm")
    else:
        tap(page, f"action-{kind}")


def totals_shown(page, seats):
    """Each seat's total as its label ends ("Ona 12", "Jonas −5": a true minus sign)."""
    shown = [label(page, f"total-{seat}").split()[-1] for seat in range(seats)]
    return [int(total.replace("\N{MINUS SIGN}", "-")) for total in shown]


@pytest.mark.parametrize(
    "scenario, size, name",
    [
        ("devynake-full-deal", PHONE, "devynake-phone"),
        ("ramsas-two-players", TABLET, "ramsas-tablet"),
    ],
)
def test_whole_deal_through_the_app(tmp_path, scenario, size, name):
    need_browser()
    record = json.loads((SCENARIOS / f"{scenario}.json").read_text(encoding="utf-8"))
    match_id = create(tmp_path, record)
    expected = verdict(*load(record))
    refused = {r["event"] for r in expected["deals"][0]["rejected"]}
    with serve(tmp_path) as url, browser_page(size) as page:
        open_app(page, url, first=f"resume-{match_id}")
        tap(page, f"resume-{match_id}", until="expected-now")
        for index, event in enumerate(record["deals"][0]["events"]):
            enter(page, event, record["players"])
            if index in refused:
                assert by_id(page, "notice-refused").count() == 1, index
                shot(page, f"{name}-refused")
            elif event["type"] == "play":
                assert by_id(page, "notice-refused").count() == 0, index
            if index == 4 and scenario.startswith("ramsas"):
                shot(page, f"{name}-trick")
        shot(page, f"{name}-end")
        assert totals_shown(page, len(record["players"])) == expected["totals"]
    from models import Store

    store = Store(tmp_path / "partija.db")
    stored = json.loads(store.export_record(match_id))
    store.close()
    accepted = [e for i, e in enumerate(record["deals"][0]["events"]) if i not in refused]
    assert stored["deals"][0]["events"] == accepted


def test_new_match_through_the_form(tmp_path):
    """Choose the game, type three names (Lithuanian letters), start: the deal is stored."""
    need_browser()
    with serve(tmp_path) as url, browser_page(PHONE) as page:
        open_app(page, url, first="game-devynake")
        tap(page, "game-devynake", until="new-name")
        for seat, name in enumerate(["Ona", "Jonas", "Rūta"]):
            type_into(page, "new-name", name)
            tap(page, "action-add-player", until=f"dealer-{seat}")
        shot(page, "new-match-phone")
        for target in ("dealer-0", "dealer-1", "dealer-2"):  # on screen whole (not cut)
            box = by_id(page, target).first.bounding_box()
            assert box["width"] >= 48 and box["height"] >= 48, (target, box)
        # A phone puts a player's buttons under the name, whose line keeps the width the
        # name needs: with them beside it "Jonas" broke into "Jona" and "s".
        for seat in range(3):
            gender = by_id(page, f"gender-{seat}").first.bounding_box()
            dealer = by_id(page, f"dealer-{seat}").first.bounding_box()
            assert dealer["y"] >= gender["y"] + gender["height"] - 1, (seat, gender, dealer)
        tap(page, "action-start", until="card-9H")
        shot(page, "devynake-start-phone")
    from models import Store

    store = Store(tmp_path / "partija.db")
    [summary] = store.list_matches()
    store.close()
    assert summary.game == "devynake" and summary.players == ["Ona", "Jonas", "Rūta"]
