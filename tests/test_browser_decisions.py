"""The table never guesses and never drops a decision, and fits a phone with every deck
(issue 28), in a real browser at 360 × 740: domino's two ends, the whole deck in view with
a refusal or a waiting violation in each game (a 52-card deck on a 1024 × 768 tablet too),
a ruling after the deal's last card and one that waits across a restart, ending a match
that asks first however long it was open, and an entry line of three shown whole.
"""

from __future__ import annotations

import json
import random

from webapp import (
    PHONE,
    TABLET,
    boxes,
    browser_page,
    by_id,
    go,
    in_page,
    inside,
    label,
    need_browser,
    open_app,
    serve,
    shot,
    tap,
    type_into,
    wait_label,
    within,
)

from rules import GAMES, Match
from rules.cards import deck
from rules.devynake import DevynakeDeal


def store_at(folder):
    from models import Store

    return Store(folder / "partija.db")


def whole_deck_in_view(page, cards) -> None:
    """Every card of the deck whole on the screen: a card partly scrolled out of view lies
    inside it (its semantics node is cut at the scrolling column's edge), but its box is
    shorter than the others'."""
    found = boxes(page, '[flt-semantics-identifier^="card-"]')
    shown = {str(card): found.get(f"card-{card}") for card in cards}
    assert None not in shown.values(), [card for card, box in shown.items() if box is None]
    for card, box in shown.items():
        within(page, f"card-{card}", box)
    tallest = max(box["height"] for box in shown.values())
    cut = {card: box for card, box in shown.items() if box["height"] < tallest - 0.5}
    assert not cut, cut
    inside(page, "expected-now")


def show(page, url: str, route: str, first: str, *, loaded: bool) -> None:
    """Open ``route``: by the app's own routing once it is ``loaded`` (``go``: no new load,
    which costs Chromium seconds of CPU), else by loading it."""
    if loaded:
        go(page, route, first)
    else:
        open_app(page, url.rstrip("/") + route, first=first)


def create(folder, game, players, **options):
    store = store_at(folder)
    try:
        live = store.create_match(game=game, players=players, options=options)
        live.start_deal()
        return live.match_id
    finally:
        store.close()


# -- domino: a card for both ends is asked about, never guessed ----------------------------
def test_domino_asks_which_end_and_plays_through_without_a_wrong_refusal(tmp_path):
    need_browser()
    match_id = create(tmp_path, "domino", ["Ona", "Jonas"])
    with serve(tmp_path) as url, browser_page(PHONE) as page:
        open_app(page, f"{url.rstrip('/')}/match/{match_id}", first="card-7H")
        tap(page, "card-7H", until="line-ends")  # the starter; the ends stay in view
        tap(page, "card-7S")  # Jonas: one card on the line, either end makes one line
        inside(page, "line-ends")
        tap(page, "card-7D", until="choice-left")  # Ona: fits 7♥ and 7♠: which end?
        wait_label(page, "expected-now", "Prie kurio galo dėti būgnų septynakę?")
        shot(page, "phone-domino-which-end-lt")
        tap(page, "choice-left")
        wait_label(page, "last-entry", "kairiojo galo")
        tap(page, "card-KS")  # Jonas: fits the right end (7♠) only: no question
        wait_label(page, "last-entry", "vynų karalius")
        tap(page, "card-KD", until="choice-right")  # Ona: K♠ right, 7♦ left: asked again
        tap(page, "choice-right")
        wait_label(page, "last-entry", "būgnų karalius")
        assert by_id(page, "notice-refused").count() == 0  # nothing legal was refused
    store = store_at(tmp_path)
    events = json.loads(store.export_record(match_id))["deals"][0]["events"]
    store.close()
    assert [e.get("end") for e in events[1:]] == ["right", "left", "right", "right"]


def domino_with_two_aces_named() -> tuple[dict, int]:
    """A domino record played from the legal entries until two aces can go down at once,
    then played so, each naming the suit it stands for; the record, and that entry's
    number."""
    rng = random.Random(4)
    match = Match(GAMES["domino"](2, {}), 0)
    match.start_deal()
    events = []
    aces: list[dict] = []
    while not aces:
        assert match.current is not None and match.current.status.value == "open"
        legal = [entry.to_record() for entry in match.legal_entries()]
        aces = [e for e in legal if "cards" in e and all(c["card"][0] == "A" for c in e["cards"])]
        event = aces[0] if aces else rng.choice(legal)
        if aces:
            event["cards"] = [{**placed, "suit": "D"} for placed in event["cards"]]
        assert match.apply(event).refusal is None
        events.append(event)
    record = {"format": 1, "game": "domino", "players": ["Ona", "Jonas"], "options": {}}
    return {**record, "first_dealer": 0, "deals": [{"events": events}]}, len(events)


def test_a_long_entry_line_shows_whole_in_the_entries(tmp_path):
    """Two aces put down at once name both, the suits they stand for and their ends: a line
    of three on a phone, which its row grows to hold (a row of fixed height cut its last
    line in half)."""
    need_browser()
    record, number = domino_with_two_aces_named()
    store = store_at(tmp_path)
    [match_id] = store.import_records([record])
    store.close()
    with serve(tmp_path) as url, browser_page(PHONE) as page:
        open_app(page, f"{url.rstrip('/')}/match/{match_id}", first="action-lists")
        tap(page, "action-lists", until=f"entry-{number}")
        long, short = (by_id(page, f"entry-{n}").first.bounding_box() for n in (number, 1))
        assert long is not None and short is not None
        assert label(page, f"entry-{number}").count("(") == 2  # two aces, each its suit
        assert long["height"] >= short["height"] + 10, (long, short)


# -- the whole deck in view, with a refusal and with a waiting violation --------------------
# Each game: a match whose deal waits with a flagged violation after these taps; then a
# wrong card tapped for a refusal.
VIOLATIONS = {
    "devynake": (
        ["Ona", "Jonas", "Rūta"],
        {"deck": 36},
        ["action-pass", "card-9H", "card-10H", "card-9S"],
        "card-AC",
    ),
    "bumas": (
        ["Ona", "Jonas"],
        {"decks": 2},
        ["card-8H", "action-draw", "card-8C", "card-9C", "card-9H"],
        "card-2D",
    ),
    "domino": (
        ["Ona", "Jonas"],
        {},
        ["card-7H", "action-draw", "card-7S", "card-KS", "card-3H"],
        "card-2D",
    ),
}


def test_the_whole_deck_stays_in_view_with_a_refusal_or_a_waiting_violation(tmp_path):
    need_browser()
    matches = {}
    with serve(tmp_path) as url, browser_page(PHONE) as page:
        for game, (players, options, taps, wrong) in VIOLATIONS.items():
            matches[game] = match_id = create(tmp_path, game, players, **options)
            cards = sorted(GAMES[game](len(players), options).deck())
            show(page, url, f"/match/{match_id}", "expected-now", loaded=len(matches) > 1)
            for identifier in taps:
                tap(page, identifier)
            by_id(page, "notice-violation").first.wait_for()
            whole_deck_in_view(page, cards)
            inside(page, "notice-violation")
            shot(page, f"phone-{game}-violation-waits-lt")
            tap(page, wrong, until="notice-refused")
            whole_deck_in_view(page, cards)
            inside(page, "notice-refused")
            shot(page, f"phone-{game}-refused-lt")
        # The same tables on a 1024 × 768 tablet, the entries and scoreboard beside them,
        # each resumed from the store.
        page.set_viewport_size(TABLET)
        for game, (players, options, _, wrong) in VIOLATIONS.items():
            cards = sorted(GAMES[game](len(players), options).deck())
            show(page, url, f"/match/{matches[game]}", "notice-violation", loaded=True)
            whole_deck_in_view(page, cards)
            inside(page, "notice-violation")
            shot(page, f"tablet-{game}-violation-waits-lt")
            tap(page, wrong, until="notice-refused")
            whole_deck_in_view(page, cards)
            inside(page, "notice-refused")
            shot(page, f"tablet-{game}-refused-lt")


TEN = [
    "Ona",
    "Kristupas",
    "Rūta",
    "Petras",
    "Eglė",
    "Vytautas",
    "Aistė",
    "Gediminas",
    "Asta",
    "Jonas",
]


def test_four_to_ten_players_keep_a_52_card_deck_in_view_on_a_phone(tmp_path):
    """Four players' totals take two lines on a phone, and bumas and domino pin the pile's
    top card (or the line's ends) and the draw buttons: the deck's eight lines still show
    whole (its last line was cut by 28 px). Ten players' totals keep to two lines too
    (they took three, and cut the last line by 30 px), every total whole."""
    need_browser()
    with serve(tmp_path) as url, browser_page(PHONE) as page:
        tables = (
            ("bumas", 4, {"decks": 2}, "8H"),
            ("domino", 4, {}, "7H"),
            ("bumas", 10, {"decks": 2}, "8H"),
        )
        for number, (game, seats, options, first) in enumerate(tables):
            match_id = create(tmp_path, game, TEN[:seats], **options)
            show(page, url, f"/match/{match_id}", f"card-{first}", loaded=number > 0)
            tap(page, f"card-{first}", until="action-draw")
            whole_deck_in_view(page, sorted(GAMES[game](seats, options).deck()))
            totals = boxes(page, '[flt-semantics-identifier^="total-"]')
            assert len(totals) == seats
            for seat, box in totals.items():
                within(page, seat, box)
            assert len({round(box["y"]) for box in totals.values()}) <= 2, totals  # two lines
            if seats == 10:  # a name cut short on screen is whole for a screen reader
                assert label(page, "total-7") == "Gediminas 0"
            shot(page, f"phone-{game}-{seats}-players-lt")


# The scoreboard's cells, each a text of its own in Flutter's accessibility tree.
_SCORE_CELLS = """() => Array.from(
    document.querySelectorAll('[flt-semantics-identifier="score-table"] span'))
  .map(n => { const r = n.getBoundingClientRect();
              return {text: n.textContent, x: r.x, y: r.y, width: r.width, height: r.height}; })"""


def test_ramsas_36_keeps_the_trick_and_the_deck_in_view_with_a_waiting_violation(tmp_path):
    """Six players with long names and the 36-card deck: the trick above the cards, the
    whole deck below; while they buy and stay, the trump card beside the buttons (the
    strip's empty seats and the buttons' own line cut the deck's last line by 21 px). On a
    tablet the scoreboard beside shows every player's column, the names cut to fit (the
    last three columns were off the screen)."""
    need_browser()
    players = ["Konstantinas", "Aleksandra", "Gediminas", "Kristupas", "Vytautas", "Dovilė"]
    match_id = create(tmp_path, "ramsas", players)
    cards = sorted(GAMES["ramsas"](6).deck())
    with serve(tmp_path) as url, browser_page(PHONE) as page:
        open_app(page, f"{url.rstrip('/')}/match/{match_id}", first="card-9D")
        tap(page, "card-6D", until="action-buy")  # the trump card: diamonds
        for step in ("no_buy", "stay"):
            trump, buttons = inside(page, "trump"), inside(page, f"action-{step}")
            assert abs(trump["y"] + trump["height"] / 2 - buttons["y"] - buttons["height"] / 2) < 2
            whole_deck_in_view(page, cards)
            for _ in players:
                tap(page, f"action-{step}")
        # Trick 1: Aleksandra leads spades, Gediminas plays a club; the 10 of spades
        # (Konstantinas) wins. Trick 2: Konstantinas leads spades, and Gediminas plays one:
        # his club did not follow suit.
        for code in ("6S", "6C", "7S", "8S", "9S", "10S", "JS", "KS", "QS"):
            tap(page, f"card-{code}")
        by_id(page, "notice-violation").first.wait_for()
        inside(page, "trick")
        inside(page, "notice-violation")
        whole_deck_in_view(page, cards)
        shot(page, "phone-ramsas36-violation-waits-lt")
        page.set_viewport_size(TABLET)  # and on a tablet, the scoreboard beside the table
        by_id(page, "score-table").first.wait_for()
        inside(page, "notice-violation")
        whole_deck_in_view(page, cards)
        totals = [cell for cell in in_page(page, _SCORE_CELLS) if cell["text"] == "0"]
        assert len(totals) == len(players), totals  # the totals' row: each player's 0
        for cell in totals:  # each whole across the screen (the side pane scrolls down to it)
            assert cell["x"] >= 0 and cell["x"] + cell["width"] <= TABLET["width"], totals
        shot(page, "tablet-ramsas36-violation-waits-lt")


# -- a ruling after the deal's last card, and one that waits across a restart ---------------
def last_card_proves(seed: int) -> tuple[dict, dict] | None:
    """A devynakė record whose deal ends with a card that proves its player's earlier pass:
    (the record without that card, the card's entry); None when this seed gives none."""
    rng = random.Random(seed)
    cards = sorted(deck(32))
    rng.shuffle(cards)
    game = GAMES["devynake"](3, {"deck": 32})
    match = Match(game, 0)
    match.start_deal()
    hands = {1: cards[:11], 2: cards[11:22], 0: cards[22:]}
    held = {1: hands[1][-1]}  # Jonas keeps this card to the end, passing once while it fits
    passed = False
    events = []
    while match.current.status.value == "open":
        if len(events) > 200:  # Jonas's kept card holds back his others: a deal with no end
            return None
        deal = match.current.deal
        assert isinstance(deal, DevynakeDeal)
        seat, fits = deal.turn, deal.fitting()
        playable = [c for c in sorted(hands[seat]) if c in fits]
        if seat in held and len(hands[seat]) > 1:
            playable = [c for c in playable if c != held[seat]]
            if held[seat] in fits and not passed:
                playable, passed = [], True
        event = (
            {"type": "play", "player": seat, "card": str(playable[0])}
            if playable
            else {"type": "pass", "player": seat}
        )
        if playable:
            hands[seat].remove(playable[0])
        outcome = match.apply(event)
        assert outcome.accepted, (event, outcome.refusal)
        events.append(event)
    last = events[-1]
    proven = match.current.violations
    if (
        not passed
        or last.get("card") != str(held[1])
        or [v.proof for v in proven] != [len(events) - 1]
    ):
        return None
    record = {
        "format": 1,
        "game": "devynake",
        "players": ["Ona", "Jonas", "Rūta"],
        "options": {"deck": 32},
        "deals": [{"events": events[:-1]}],
    }
    return record, last


def proved_by_the_last_card() -> tuple[dict, dict]:
    for seed in range(500):
        found = last_card_proves(seed)
        if found is not None:
            return found
    raise AssertionError("no seed gives a deal ended by the card that proves its pass")


def stored_before_the_last_card(folder) -> tuple[int, dict]:
    """That match stored in ``folder``, its last card still to come: its id, and the card."""
    record, last = proved_by_the_last_card()
    store = store_at(folder)
    try:
        [match_id] = store.import_records([record])
    finally:
        store.close()
    return match_id, last


def test_a_violation_proven_by_the_deals_last_card_can_be_annulled(tmp_path):
    need_browser()
    match_id, last = stored_before_the_last_card(tmp_path)
    with serve(tmp_path) as url, browser_page(PHONE) as page:
        open_app(page, f"{url.rstrip('/')}/match/{match_id}", first="expected-now")
        tap(page, f"card-{last['card']}", until="deal-summary")  # the deal ends ...
        by_id(page, "notice-violation").first.wait_for()  # ... and its violation waits
        tap(page, "action-annul-violation", until="deal-summary")
        wait_label(page, "deal-summary", "anuliuota")
    store = store_at(tmp_path)
    events = json.loads(store.export_record(match_id))["deals"][0]["events"]
    store.close()
    assert events[-1] == {"type": "annul"}


def test_a_waiting_violation_survives_a_restart(tmp_path):
    need_browser()
    match_id, last = stored_before_the_last_card(tmp_path)
    with serve(tmp_path) as url, browser_page(PHONE) as page:
        open_app(page, f"{url.rstrip('/')}/match/{match_id}", first="expected-now")
        tap(page, f"card-{last['card']}", until="notice-violation")
    with serve(tmp_path) as url, browser_page(PHONE) as page:  # the server started anew
        open_app(page, f"{url.rstrip('/')}/match/{match_id}", first="notice-violation")
        tap(page, "action-next_deal", until="action-confirm-next_deal-yes")  # asked first
        tap(page, "action-keep-playing", until="action-let-stand")  # back: the ruling waits
        tap(page, "action-let-stand")  # ruled on: it stands
        by_id(page, "notice-violation").first.wait_for(state="detached")
        tap(page, "action-next_deal", until="card-9H")  # nothing waits: no question
    store = store_at(tmp_path)
    deals = json.loads(store.export_record(match_id))["deals"]
    store.close()
    assert deals[0]["events"][-1]["type"] == "stand" and len(deals) == 2


# -- a long-open table: ending the match asks, whatever moved before -------------------------
def test_ending_a_long_match_asks_after_a_watch_link_and_a_correction(tmp_path):
    from bench.table import devynake_record
    from models.club import SETTING, Club

    need_browser()
    pin = "2468"
    record = devynake_record(5, random.Random(5))
    record["options"] = {"deals": None, "violation_penalty": "points"}
    record["deals"].append({"events": []})
    store = store_at(tmp_path)
    store.save_setting(SETTING, Club.new("Kortų klubas", pin).setting())
    [match_id] = store.import_records([record])
    store.close()
    with serve(tmp_path, mode=("--web", "--club")) as url, browser_page(PHONE) as page:
        open_app(page, url, first="pin")
        type_into(page, "pin", pin)
        tap(page, "action-login", until=f"resume-{match_id}")
        tap(page, f"resume-{match_id}", until="expected-now")
        tap(page, "action-watch-link", until="watch-link")  # the QR opened ...
        inside(page, "watch-link")  # ... whole on the phone's screen ...
        shot(page, "phone-watch-link-lt")
        tap(page, "action-watch-close")  # ... and closed
        by_id(page, "watch-link").first.wait_for(state="detached")
        tap(page, "action-pass")  # an entry, then corrected into a card
        tap(page, "action-lists", until="correct-1")
        tap(page, "correct-1", until="action-cancel")  # correcting: a card or cancel
        tap(page, "action-cancel")
        expected = label(page, "expected-now")
        tap(page, "action-stop", until="action-confirm-stop-yes")  # asked, nothing else
        assert by_id(page, "watch-link").count() == 0
        assert by_id(page, "deal-summary").count() == 0  # the deal was not annulled
        assert label(page, "expected-now") == expected
        tap(page, "action-confirm-stop-yes", until="match-finished")
        assert by_id(page, "card-9H").count() == 0  # a finished match takes no card
        assert by_id(page, "action-reopen").count() == 1
