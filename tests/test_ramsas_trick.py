"""A finished Ramsas trick stays in view: the view keeps it with its winner and where each
trick began; the board shows it, and the entry list can be cut into tricks.

Three players, dealer 0 shows 9H (hearts are trumps), Rūta (seat 1) buys and leads.
"""

from __future__ import annotations

import pytest
from conftest import deal, record
from controls import drawn, texts
from flet.components.component import Component, Renderer

from app.games.ramsas import RamsasUI
from app.kept import Kept
from rules import GAMES, Card, Match, load
from rules.ramsas import RamsasView

board = RamsasUI().board
trick_of_entries = RamsasUI().entry_groups
NAMES = ["Ona", "Rūta", "Jonas"]
OPENING = "trump 9H, buy 1, stay 2, stay 0"  # entries 0-3
FIRST = "play 1 AH, play 2 10H, play 0 9H"  # 4-6: Rūta's ace wins
SECOND = "play 1 KS, play 2 AS, play 0 QS"  # 7-9: Jonas's ace wins, he leads next


def cards(*codes: str) -> tuple[Card, ...]:
    return tuple(Card.parse(code) for code in codes)


def table(*texts: str) -> Match:
    return load(record("ramsas", NAMES, [deal(*texts)]))[0]


def view(*texts: str) -> RamsasView:
    log = table(*texts).current
    assert log is not None and log.deal is not None and not log.rejected
    return log.deal.view()


def trick(pairs: tuple[tuple[int, Card], ...]) -> tuple[tuple[int, ...], tuple[Card, ...]]:
    return tuple(seat for seat, _ in pairs), tuple(card for _, card in pairs)


# -- the view ---------------------------------------------------------------
def test_before_any_trick_there_is_no_last_trick():
    v = view(OPENING, "play 1 AH")
    assert (v.last_trick, v.last_winner, v.trick_leads) == ((), None, (4,))


def test_a_finished_trick_stays_with_its_winner_and_the_trick_is_empty():
    v = view(OPENING, FIRST)
    assert v.trick == ()
    assert trick(v.last_trick) == ((1, 2, 0), cards("AH", "10H", "9H"))
    assert v.last_winner == 1 == v.turn


def test_after_the_next_lead_both_the_trick_and_the_last_one_show():
    v = view(OPENING, FIRST, SECOND, "play 2 AD")
    assert trick(v.trick) == ((2,), cards("AD"))
    assert trick(v.last_trick) == ((1, 2, 0), cards("KS", "AS", "QS"))
    assert v.last_winner == 2


def test_trick_leads_are_the_entry_indices_of_each_first_card():
    # A refused entry takes an index too (the record's numbering): Ona out of turn at 5.
    match = table(OPENING, "play 1 AH, play 0 9C, play 2 10H, play 0 9H", SECOND, "play 2 AD")
    log = match.current
    assert log is not None and log.deal is not None
    assert [i for i, _ in log.rejected] == [5]
    assert log.deal.view().trick_leads == (4, 8, 11)


def test_the_last_trick_of_the_deal_stays_once_the_deal_is_over():
    sweep = deal(
        "trump 9H, buy 1, stay 0",
        "play 1 AH, play 0 9H",
        "play 1 KH, play 0 10S",
        "play 1 QH, play 0 10C",
        "play 1 AS, play 0 9S",
        "play 1 AC, play 0 9C",
    )
    log = load(record("ramsas", 2, [sweep]))[0].deals[0]
    assert log.deal is not None
    v = log.deal.view()
    assert (v.trick, trick(v.last_trick), v.last_winner) == ((), ((1, 0), cards("AC", "9C")), 1)
    assert v.trick_leads == (3, 5, 7, 9, 11)


@pytest.mark.parametrize(
    "entries",
    [
        (OPENING, FIRST),  # taking back a trick's last card: the trick is open again
        (OPENING, FIRST, "play 1 KS"),  # taking back a lead: the finished trick is back
        (OPENING, FIRST, SECOND, "play 2 AD"),
    ],
)
def test_undo_gives_the_view_before_the_last_entry(entries):
    """Undo replays the record without its last entry; the view must be the one the table
    had before that entry, and replaying the whole record the one it has now."""
    events = deal(*entries)
    live = Match(GAMES["ramsas"](3))
    live.start_deal()
    views = []
    for event in events:
        live.push(event)
        assert live.current is not None and live.current.deal is not None
        views.append(live.current.deal.view())
    assert views[-1] != views[-2]
    for kept, seen in ((events[:-1], views[-2]), (events, views[-1])):
        replayed = load(record("ramsas", NAMES, [kept]))[0].current
        assert replayed is not None and replayed.deal is not None
        assert replayed.deal.view() == seen


# -- the entry list ---------------------------------------------------------
def test_entries_are_grouped_by_trick_and_the_opening_by_none():
    v = view(OPENING, FIRST, SECOND, "play 2 AD")
    groups = {**dict.fromkeys((4, 5, 6), 1), **dict.fromkeys((7, 8, 9), 2), 10: 3}
    assert trick_of_entries(v, range(11)) == groups


def test_the_entry_list_groups_its_accepted_entries_around_a_refused_one():
    log = table(OPENING, "play 1 AH, play 0 9C, play 2 10H, play 0 9H", "play 1 KS").current
    assert log is not None and log.deal is not None
    accepted = [i for i, _ in log.accepted]
    assert trick_of_entries(log.deal.view(), accepted) == {4: 1, 6: 1, 7: 1, 8: 2}


def test_no_trick_before_the_first_lead():
    assert trick_of_entries(view(OPENING), range(4)) == {}


# -- the board --------------------------------------------------------------
def words(control: object) -> list[str]:
    return [text.value for text in texts(control)]


def shown_cards(control: object) -> list[Card | None]:
    """The cards the board draws, in order: the trump card, the seats, the last trick."""
    return [c.args[0] for c in drawn(control) if isinstance(c, Component)]


def build(v: RamsasView, lang: str = "lt") -> object:
    return Renderer().render(board, v, tuple(NAMES), lang, Kept())


def test_board_shows_the_finished_trick_and_who_won_it():
    b = build(view(OPENING, FIRST))
    assert "Kirtį laimėjo Rūta" in words(b)
    # The trump card, then the seats in order: Ona's 9H, Rūta's AH, Jonas's 10H.
    assert shown_cards(b) == list(cards("9H", "9H", "AH", "10H"))
    assert "Rūta won the trick" in words(build(view(OPENING, FIRST), "en"))


def test_board_after_the_next_lead_shows_it_and_the_last_trick_below():
    b = build(view(OPENING, FIRST, SECOND, "play 2 AD"))
    assert "Ankstesnis kirtis: laimėjo Jonas" in words(b)
    assert not any(t.startswith("Kirtį laimėjo") for t in words(b))
    assert shown_cards(b) == [*cards("9H"), None, None, *cards("AD", "KS", "AS", "QS")]


def test_board_before_any_trick_names_no_winner():
    b = build(view(OPENING, "play 1 AH"))
    assert not any("laimėjo" in t for t in words(b))
    assert shown_cards(b) == [*cards("9H"), None, *cards("AH"), None]


def test_a_long_name_keeps_to_one_line_on_its_seat():
    b = Renderer().render(
        board, view(OPENING), ("Ona", "Aleksandras Vytautas", "Jonas"), "lt", Kept()
    )
    seat_names = [t for t in texts(b) if t.value == "Aleksandras Vytautas"]
    assert [t.max_lines for t in seat_names] == [1]


def test_the_trick_strip_gives_names_the_room_there_is():
    """Above the cards: six seats share a phone's 348 px at their narrowest and stay inside
    it; fewer seats, or a wider phone (one held sideways: 688 px), give each seat the
    board's width, so "Kristupas" is read whole and not taken for "Kristina"."""
    from app.games.ramsas import SEAT_W, STRIP_GAP, STRIP_SEAT, STRIP_TRUMP

    strip = RamsasUI().strip

    def seat_widths(names: tuple[str, ...], room: float) -> list[float]:
        match = load(record("ramsas", list(names), [deal("trump 9H")]))[0]
        drawn_strip = Renderer().render(strip, match.current.deal.view(), names, "lt", room)
        _trump, *seats = drawn_strip.content.controls
        return [seat.width for seat in seats]

    six = ("Ona", "Kristupas", "Rūta", "Petras", "Eglė", "Aleksandras")
    phone = seat_widths(six, 348)
    assert phone == [STRIP_SEAT] * 6
    assert STRIP_TRUMP + 6 * (STRIP_SEAT + STRIP_GAP) <= 348
    assert seat_widths(six[:4], 348) == [71] * 4
    assert seat_widths(six, 688) == [SEAT_W] * 6
