"""The table on a 360 × 740 phone, in a real browser, checked by what is on screen where.

Bounding boxes, not only identifiers: a verdict that exists but has scrolled
away is lost at a real table. Each test creates its match in its own database,
resumes it from the home screen and taps as a player would.
"""

from __future__ import annotations

import json

from webapp import (
    PHONE,
    TABLET,
    boxes,
    browser_page,
    by_id,
    inside,
    label,
    need_browser,
    open_app,
    serve,
    shot,
    tap,
    within,
)

from app.settings_model import THEMES


def store_at(folder):
    from models import Store

    return Store(folder / "partija.db")


def resume(page, url, match_id, first):
    open_app(page, url, first=f"resume-{match_id}")
    tap(page, f"resume-{match_id}", until=first)


def devynake(tmp_path, **options):
    store = store_at(tmp_path)
    live = store.create_match(
        game="devynake", players=["Ona", "Jonas", "Rūta"], options={"deck": 36, **options}
    )
    live.start_deal()
    store.close()
    return live.match_id


def targets(page, prefix):
    """Every control whose identifier starts with ``prefix``: (identifier, box)."""
    nodes = page.locator(f'[flt-semantics-identifier^="{prefix}"]')
    found = []
    for i in range(nodes.count()):
        node = nodes.nth(i)
        found.append((node.get_attribute("flt-semantics-identifier"), node.bounding_box()))
    return found


def assert_big_enough(page):
    """Every card and button on screen is at least 48 × 48 px (a thumb, not a stylus).

    A control the scrolling cuts at the screen's edge shows only part of its box: it is
    measured once scrolled into view, by the tests that scroll.
    """
    seen = targets(page, "card-") + targets(page, "action-") + targets(page, "choice-")
    assert seen
    whole = [
        (i, b) for i, b in seen if b is not None and b["y"] + b["height"] < PHONE["height"] - 1
    ]
    small = [(i, b) for i, b in whole if b["width"] < 47.5 or b["height"] < 47.5]
    assert not small, small


def test_a_refusal_in_the_lowest_suit_row_is_seen_with_the_expected_now_line(tmp_path):
    """36 cards on a phone: the whole picker, the expected-now line and the verdict at once."""
    need_browser()
    match_id = devynake(tmp_path)
    with serve(tmp_path) as url, browser_page(PHONE) as page:
        resume(page, url, match_id, "card-9H")
        tap(page, "card-9H")  # Jonas
        # The lowest suit row (clubs), its last card: refused, the first card of a row is a nine.
        inside(page, "card-AC")
        tap(page, "card-AC", until="notice-refused")
        shot(page, "phone-devynake36-refused-lt")
        inside(page, "expected-now")
        inside(page, "notice-refused")
        inside(page, "action-undo")
        cards = boxes(page, '[flt-semantics-identifier^="card-"]')
        for suit in "SHDC":  # no card of the deck is below the fold, nor cut by it
            for rank in ("6", "7", "8", "9", "10", "J", "Q", "K", "A"):
                box = cards[f"card-{rank}{suit}"]
                within(page, f"card-{rank}{suit}", box)
                assert box["height"] >= 47.5, (rank, suit, box)  # a cut card's box is shorter
        assert "Rūta" in label(page, "expected-now")
        assert "Rūta" in label(page, "last-entry")  # what was refused: her ace of clubs
        assert_big_enough(page)


def test_a_flagged_violation_stays_until_the_table_rules(tmp_path):
    """A false pass, proven: marked, still asked after more taps, named when annulled."""
    need_browser()
    match_id = devynake(tmp_path)
    with serve(tmp_path) as url, browser_page(PHONE) as page:
        resume(page, url, match_id, "card-9H")
        tap(page, "action-pass")  # Jonas passes, holding a nine
        tap(page, "card-9H")  # Rūta
        tap(page, "card-10H")  # Ona
        tap(page, "card-9S", until="notice-violation")  # Jonas: his pass was false
        inside(page, "notice-violation")
        tap(page, "card-8S")  # Rūta: the game goes on …
        tap(page, "card-10S")  # Ona
        inside(page, "notice-violation")  # … and the question stays
        shot(page, "phone-violation-waits-lt")
        tap(page, "action-lists", until="entry-1")  # a phone shows the entries when asked
        assert "pažeidimas" in label(page, "entry-1")
        assert "įrodymas" in label(page, "entry-4")
        tap(page, "action-annul-violation", until="deal-summary")
        summary = label(page, "deal-summary")
        assert "anuliuota" in summary and "Pažeidimas – Jonas" in summary
        assert by_id(page, "notice-violation").count() == 0
        shot(page, "phone-violation-annulled-lt")


def test_a_card_played_out_of_turn_is_refused_for_the_real_player(tmp_path):
    need_browser()
    match_id = devynake(tmp_path)
    with serve(tmp_path) as url, browser_page(PHONE) as page:
        resume(page, url, match_id, "card-9H")
        tap(page, "action-other-player", until="seat-2")
        tap(page, "seat-2")  # Rūta put it down, not Jonas
        assert "Rūta" in label(page, "expected-now")
        tap(page, "card-9H", until="notice-refused")
        text = label(page, "notice-refused")
        assert "Rūta" in text and "Jonas" in text  # "Dabar eina Jonas, ne Rūta."
        inside(page, "notice-refused")
        shot(page, "phone-out-of-turn-lt")
    store = store_at(tmp_path)
    record = json.loads(store.export_record(match_id))
    store.close()
    assert record["deals"][0]["events"] == []  # nothing was stored


def test_a_new_deal_opens_at_the_top_of_its_cards(tmp_path):
    """A player scrolled down to look at the board; "next deal", pinned, is still in view,
    and the new deal's cards open from the top, not half scrolled away."""
    import random

    from bench.table import devynake_record

    need_browser()
    record = devynake_record(2, random.Random(3))  # its last deal ends with four violations
    last = record["deals"][-1]["events"].pop()
    assert last["type"] == "play"
    store = store_at(tmp_path)
    [match_id] = store.import_records([record])
    store.close()
    with serve(tmp_path) as url, browser_page(PHONE) as page:
        resume(page, url, match_id, "expected-now")
        tap(page, f"card-{last['card']}", until="deal-summary")
        # The player scrolls down to see the board; "next deal" stays in view, pinned.
        page.mouse.move(180, 600)
        page.mouse.wheel(0, 2000)
        inside(page, "action-next_deal")
        # Its violations wait for the table: "next deal" asks first, then they stand.
        tap(page, "action-next_deal", until="action-confirm-next_deal-yes")
        tap(page, "action-confirm-next_deal-yes", until="card-9S")
        page.wait_for_function(
            """() => {
                const node = document.querySelector('[flt-semantics-identifier="card-6S"]');
                return node && node.getBoundingClientRect().top >= 0;
            }"""
        )
        inside(page, "card-6S")
        inside(page, "expected-now")


def test_the_theme_choices_keep_their_words_whole_at_360_px(tmp_path):
    """Review item 17: „Kaip įrenginyje" broke mid-word on a phone. The choices wrap to a
    new row rather than squeeze: each is one line of words, as tall as its neighbours and
    inside the screen."""
    need_browser()
    with serve(tmp_path) as url, browser_page(PHONE) as page:
        open_app(page, url, first="nav-settings")
        tap(page, "nav-settings", until="settings-theme-system")
        assert label(page, "settings-theme-system") == "Kaip sistemoje"
        boxes = {value: inside(page, f"settings-theme-{value}") for value in THEMES}
        heights = {round(box["height"]) for box in boxes.values()}
        assert len(heights) == 1, boxes  # a label on two lines makes its button taller
        shot(page, "settings-phone-lt")


# A table's node in the semantics tree is as wide as the screen gives it; what it holds
# beyond that (a sideways scroller's content) is its scroll width. Nothing while the
# text that shows the table is drawn whole is not there yet.
BEYOND = """([identifier, text]) => {
    const nodes = Array.from(document.querySelectorAll('flt-semantics'));
    if (!nodes.some(n => (n.getAttribute('aria-label') || n.textContent) === text)) return null;
    const table = document.querySelector(`[flt-semantics-identifier="${identifier}"]`);
    return table && {px: table.scrollWidth - table.clientWidth};
}"""


def test_the_players_statistics_fit_a_phone_in_both_languages(tmp_path):
    """All six columns of the players' statistics (the violations last) are on a 360 px
    screen, nothing of them left to scroll sideways to, in Lithuanian and in English: the
    headings cut short there ("Pažeid.", "Viol."), whole for a screen reader; a tablet
    draws them whole, and has the room for them."""
    import random

    from bench.table import devynake_record

    need_browser()
    store = store_at(tmp_path)
    store.import_records([devynake_record(3, random.Random(5), ("Ona", "Kristupas", "Rūta"))])
    store.close()
    with serve(tmp_path) as url, browser_page(PHONE) as page:
        open_app(page, url.rstrip("/") + "/players", first="player-stats")
        # the last column's heading in each language
        assert page.wait_for_function(BEYOND, arg=["player-stats", "Pažeidimai"]).json_value() == {
            "px": 0
        }
        tap(page, "action-language", until="player-stats")
        assert page.wait_for_function(BEYOND, arg=["player-stats", "Violations"]).json_value() == {
            "px": 0
        }
        short = page.wait_for_function(HEADING, arg="Violations").json_value()
        page.set_viewport_size(TABLET)
        page.wait_for_function(
            f"(short) => ({HEADING})('Violations') > short + 20", arg=short
        )  # the word drawn whole: "Viol." was some 35 px
        assert page.wait_for_function(BEYOND, arg=["player-stats", "Violations"]).json_value() == {
            "px": 0
        }
        shot(page, "tablet-players-en")


# The width of the node a screen reader reads ``text`` for.
HEADING = """(text) => {
    const node = Array.from(document.querySelectorAll('flt-semantics'))
        .find(n => (n.getAttribute('aria-label') || n.textContent) === text);
    return node && node.getBoundingClientRect().width;
}"""


def test_five_players_scores_fit_a_phone(tmp_path):
    """A match's scoreboard with five players: every player's column on a 360 px screen."""
    import random

    from bench.table import devynake_record

    need_browser()
    store = store_at(tmp_path)
    names = ("Ona", "Kristupas", "Rūta", "Petras", "Eglė")
    [match_id] = store.import_records([devynake_record(4, random.Random(5), names)])
    store.close()
    with serve(tmp_path) as url, browser_page(PHONE) as page:
        open_app(page, url.rstrip("/") + f"/history/{match_id}", first="score-table")
        assert page.wait_for_function(BEYOND, arg=["score-table", "Eglė"]).json_value() == {"px": 0}
