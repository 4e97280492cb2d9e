"""Every target a finger taps is at least 48 × 48 px on every screen, on a 360 × 740 phone:
cards, buttons, chips, switches, the bar's icons – each looked at where it shows whole,
the screen scrolled from top to bottom."""

from __future__ import annotations

from webapp import PHONE, browser_page, go, in_page, need_browser, open_app, serve, tap, type_into

# Everything a tap acts on: Flutter marks it a button, a switch or a tappable node; a card
# or an action of the table by its identifier.
TARGETS = """() => Array.from(document.querySelectorAll(
  'flt-semantics[role=button], flt-semantics[role=switch], flt-semantics[role=checkbox], ' +
  'flt-semantics[flt-tappable], [flt-semantics-identifier^="card-"], ' +
  '[flt-semantics-identifier^="action-"]')).map(n => {
    const box = n.getBoundingClientRect();
    let node = n, id = '';
    while (node && !id) {
      id = (node.getAttribute && node.getAttribute('flt-semantics-identifier')) || '';
      node = node.parentElement;
    }
    const label = (n.getAttribute('aria-label') || n.textContent || '').slice(0, 30);
    return {id, label, x: box.left, y: box.top, w: box.width, h: box.height};
  })"""


FRAMES = (
    "() => new Promise(done => requestAnimationFrame(() => "
    "requestAnimationFrame(() => done(true))))"
)


def small_targets(page, top: int = 60, steps: int = 8) -> list[dict]:
    """The targets under 48 px among those shown whole, the screen scrolled down in steps
    (a target cut by the bar or the screen's edge is looked at where it shows whole). A
    table, whose cards all show under its pinned top, is looked at unscrolled (``steps``
    1): scrolled, a card under the pinned top would show cut."""
    found: dict[tuple[str, str], dict] = {}
    page.mouse.move(PHONE["width"] / 2, PHONE["height"] - 120)
    for step in range(steps):
        if step:  # the next part of the screen
            page.mouse.wheel(0, 300)
            in_page(page, FRAMES)  # the frames that scroll and update the semantics tree
        for target in page.evaluate(TARGETS):
            whole = (
                target["w"] > 0
                and target["y"] >= top
                and target["y"] + target["h"] <= PHONE["height"] - 1
            )
            if whole and (target["w"] < 47.5 or target["h"] < 47.5):
                found[(target["id"], target["label"])] = target
            elif whole:  # seen whole and big enough once: not small
                found.pop((target["id"], target["label"]), None)
    return list(found.values())


def stored(folder) -> dict[str, int]:
    from models import Store

    store = Store(folder / "partija.db")
    try:
        ids = {}
        for game, players in (
            ("devynake", ["Ona", "Jonas", "Rūta"]),
            ("domino", ["Ona", "Jonas"]),
            ("ramsas", ["Ona", "Jonas", "Rūta"]),
            ("bumas", ["Ona", "Jonas"]),
        ):
            live = store.create_match(game=game, players=players)
            live.start_deal()
            ids[game] = live.match_id
        return ids
    finally:
        store.close()


def test_every_target_on_every_screen_is_big_enough(tmp_path):
    need_browser()
    ids = stored(tmp_path)
    with serve(tmp_path) as url, browser_page(PHONE) as page:
        url = url.rstrip("/")
        open_app(page, url, first="action-new-match")
        seen = {"/": small_targets(page)}
        for route, first in (
            ("/history", f"match-{ids['domino']}"),
            (f"/history/{ids['domino']}", "match-headline"),
            ("/settings", "settings-language-lt"),
            ("/rules/ramsas", "rules-search"),
        ):
            go(page, route, first)
            seen[route] = small_targets(page)
        # The rules' search field spans the screen as its paragraphs do (it was 300 px wide).
        field = page.locator('[flt-semantics-identifier="rules-search"]').first.bounding_box()
        rule = page.locator('[flt-semantics-identifier^="rule-"]').first.bounding_box()
        assert field is not None and rule is not None
        assert abs(field["width"] - rule["width"]) <= 1 and field["width"] >= 330, (field, rule)
        # The new-match form with a new player (his gender is asked) and a known one.
        go(page, "/new", "new-name")
        type_into(page, "new-name", "Aistė")
        tap(page, "action-add-player", until="gender-0")
        seen["/new"] = small_targets(page)
        # The players' screen with one chosen (rename, merge, gender).
        go(page, "/players", "stats-all")
        seen["/players"] = small_targets(page)
        # Each table, and its other modes: a question (domino's two ends), picking cards
        # (Ramsas' jacks), correcting an entry, choosing who played.
        go(page, f"/match/{ids['domino']}", "card-7H")
        tap(page, "card-7H")
        tap(page, "card-7S")
        tap(page, "card-7D", until="choice-left")
        seen["domino question"] = small_targets(page, top=0, steps=1)
        go(page, f"/match/{ids['ramsas']}", "card-9D")
        tap(page, "card-9D", until="action-buy")
        seen["ramsas buying"] = small_targets(page, top=0, steps=1)
        for answer in ("no_buy", "no_buy", "no_buy", "stay", "stay", "stay"):
            tap(page, f"action-{answer}")
        tap(page, "action-jacks", until="action-confirm")
        seen["ramsas jacks"] = small_targets(page, top=0, steps=1)
        go(page, f"/match/{ids['devynake']}", "card-9H")
        tap(page, "card-9H")
        tap(page, "action-other-player", until="seat-0")
        seen["devynake who"] = small_targets(page, top=0, steps=1)
        go(page, f"/match/{ids['bumas']}", "card-8H")
        tap(page, "card-8H", until="action-draw-more")
        seen["bumas"] = small_targets(page, top=0, steps=1)
    small = {screen: found for screen, found in seen.items() if found}
    assert not small, small
