"""Two screens on one match in a real browser: the other tab follows, a stale tab is told.

The hostile case from the campaign: A opens a match by its link and plays 9H; B, a
second tab, opens it too and undoes 9H. A must not go on from its old picture: it is
redrawn as stored (the server tells every tab of the match), and a tap based on
an old picture (a change made outside this server) is refused with a word and the
table reloaded. The stored match always replays with no refusal.
"""

from __future__ import annotations

import json

from webapp import (
    PHONE,
    another_page,
    browser_page,
    by_id,
    label,
    need_browser,
    open_app,
    serve,
    tap,
    wait_label,
)

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
        another_page(PHONE) as b,
    ):
        b.set_default_timeout(60_000)
        for page in (a, b):
            open_app(page, f"{url.rstrip('/')}/match/{match_id}", first="expected-now")
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
        open_app(page, f"{url.rstrip('/')}/match/{match_id}", first="expected-now")
        # Another program (another server, the command line) plays 9H on the same file.
        from models import Store

        store = Store(tmp_path / "partija.db")
        store.resume(match_id).add_entry({"type": "play", "player": 1, "card": "9H"})
        store.close()
        tap(page, "card-9H", until="notice-info")  # this screen still shows no card played
        told = label(page, "notice-info")  # what the other program recorded, and that it won
        assert "Kitas ekranas ką tik įrašė: Jonas" in told or "has just recorded: Jonas" in told
        wait_label(page, "last-entry", "1.")  # reloaded: 9H is there now
        assert "Rūta" in label(page, "expected-now")
    assert stored_events(tmp_path, match_id) == ["9H"]


ROUNDS = 20
LAG_MS = 80  # the lagging tab's messages reach the server this much later
NAMES = ["Ona", "Jonas", "Rūta"]
# A slow uplink, as a phone on a far Wi-Fi has: what the page sends leaves ``partijaLag``
# ms later, in order. The news the server sends back arrives at once.
UPLINK = """(() => {
  const send = WebSocket.prototype.send;
  let last = 0;
  window.partijaLag = 0;
  WebSocket.prototype.send = function (data) {
    const at = Math.max(Date.now() + window.partijaLag, last);
    last = at;
    setTimeout(() => send.call(this, data), at - Date.now());
  };
})();"""
# Each tab taps its card at one moment of the browser's clock (both tabs share it), and
# notes what its screen said was expected at that moment.
AT_ONCE = """([identifier, at]) => {
  window.partijaTap = null;
  setTimeout(() => {
    const now = document.querySelector('[flt-semantics-identifier="expected-now"]');
    window.partijaTap = (now?.getAttribute('aria-label') || '') + (now?.textContent || '');
    document.querySelector(`[flt-semantics-identifier="${identifier}"]`).click();
  }, Math.max(0, at - Date.now()));
  return true;
}"""
# The tab was told its tap lost the race, and what the other tab recorded.
TOLD = """() => {
  const node = document.querySelector('[flt-semantics-identifier="notice-info"]');
  const words = (node?.getAttribute('aria-label') || '') + (node?.textContent || '');
  return words.includes('Kitas ekranas ką tik įrašė') || words.includes('has just recorded');
}"""
# The number of the last entry a tab shows ("Paskutinis: 7. …"), 0 before any.
LAST_NUMBER = r"""() => {
  const node = document.querySelector('[flt-semantics-identifier="last-entry"]');
  const found = ((node?.getAttribute('aria-label') || '') + (node?.textContent || ''))
    .match(/: (\d+)\. /);
  return found ? Number(found[1]) : 0;
}"""


def stored_record(folder, match_id):
    from models import Store

    store = Store(folder / "partija.db")
    record = json.loads(store.export_record(match_id))
    store.close()
    return record


def play(player, card):
    return {"type": "play", "player": player, "card": card}


def two_cards(record):
    """Two cards either of which the player to act may play now, the second also one the
    next player may play after the first: a tap made for one player and stored for the
    next would be accepted by the rules, only its player wrong."""
    match, _ = load(record)
    player = match.current.deal.expected().player
    legal = [str(c) for c in sorted(match.deck) if match.is_legal(play(player, str(c)))]
    for first in legal:
        after = json.loads(json.dumps(record))
        after["deals"][-1]["events"].append(play(player, first))
        then, _ = load(after)
        following = then.current.deal.expected().player
        for second in legal:
            if second != first and then.is_legal(play(following, second)):
                return first, second
    return None


def showing(page, count):
    """Wait until the tab shows ``count`` entries or more; how many it shows."""
    page.wait_for_function(f"() => ({LAST_NUMBER})() >= {count}")
    return page.evaluate(LAST_NUMBER)


def test_two_tabs_tapping_in_the_same_frame_never_credit_a_tap_to_another_player(tmp_path):
    """Two tabs of one match tap another card each at the same moment, 20 times, one of
    them (in turn) on a slow uplink: its tap reaches the server after the other tab's
    entry was stored and this tab's match was read again, but was made on the picture
    before. Every stored entry must be for the player its tab showed to act when it was
    tapped; the lagging tap is refused, naming what the other tab recorded, and its tab
    shows the table as stored."""
    need_browser()
    from models import Store

    match_id = new_match(tmp_path)
    store = Store(tmp_path / "partija.db")
    live = store.resume(match_id)
    for seat, card in ((1, "9H"), (2, "9D"), (0, "9S")):  # three suits open: choices
        live.add_entry(play(seat, card))
    store.close()
    made = {}  # card: what its tab showed to act when it was tapped
    told = 0
    with (
        serve(tmp_path) as url,
        browser_page(PHONE, fresh=True) as a,  # its own: the script stays with the page
        another_page(PHONE) as b,
    ):
        b.set_default_timeout(60_000)
        for page in (a, b):
            page.add_init_script(UPLINK)
            open_app(page, f"{url.rstrip('/')}/match/{match_id}", first="expected-now")
        for round_ in range(ROUNDS):
            record = stored_record(tmp_path, match_id)
            count = len(record["deals"][-1]["events"])
            for page in (a, b):
                assert showing(page, count) == count  # both tabs show the stored match
            pair = two_cards(record)
            assert pair is not None, "the deal ran out of choices"
            prompt, lagging = (a, b) if round_ % 2 else (b, a)
            lagging.evaluate(f"() => window.partijaLag = {LAG_MS}")
            at = a.evaluate("() => Date.now()") + 300
            for page, card in zip((prompt, lagging), pair):
                page.evaluate(AT_ONCE, [f"card-{card}", at])
            for page, card in zip((prompt, lagging), pair):
                page.wait_for_function("() => window.partijaTap !== null")
                made[card] = page.evaluate("() => window.partijaTap")
            # Both tabs end showing what was stored: the prompt tab's entry.
            for page in (prompt, lagging):
                assert showing(page, count + 1) == count + 1
            lagging.wait_for_function(TOLD)  # once its tap has reached the server
            told += 1
            lagging.evaluate("() => window.partijaLag = 0")
    events = stored_record(tmp_path, match_id)["deals"][-1]["events"][3:]
    assert len(events) == ROUNDS and told == ROUNDS
    for event in events:
        assert NAMES[event["player"]] in made[event["card"]], (event, made[event["card"]])
