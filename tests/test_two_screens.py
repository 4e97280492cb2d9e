"""Two screens on one match: the database decides, a stale screen is told and reloads.

Each ``Store`` here is a screen of its own (its own engine and memory), on one file.
Nothing acknowledged may ever replay as refused.
"""

from __future__ import annotations

import json
import threading

import pytest

from models import StaleMatch, Store
from rules import load


@pytest.fixture
def screens(store_url):
    first = Store(store_url)
    live = first.create_match(game="devynake", players=["Ona", "Jonas", "Rūta"])
    live.start_deal()
    second = Store(store_url)
    yield first, second, live.match_id
    first.close()
    second.close()


def replayed_without_refusal(store, match_id):
    record = json.loads(store.export_record(match_id))
    match, _ = load(record)
    assert all(not log.rejected for log in match.deals), [log.rejected for log in match.deals]
    return [e for deal in record["deals"] for e in deal["events"]]


def play(seat, card):
    return {"type": "play", "player": seat, "card": card}


def test_a_stale_screen_is_told_and_shows_the_table_as_it_is(screens):
    first, second, match_id = screens
    a, b = first.resume(match_id), second.resume(match_id)
    assert a.add_entry(play(1, "9H")).refusal is None
    with pytest.raises(StaleMatch) as told:
        b.add_entry(play(1, "9S"))  # b still thinks nothing was played
    assert "Another screen" in told.value.message("en")
    assert "kitas ekranas" in told.value.message("lt")
    # b now holds the stored match: the next card is Rūta's
    assert b.match.current.deal.expected().player == 2
    assert b.add_entry(play(2, "10H")).refusal is None
    assert replayed_without_refusal(first, match_id) == [play(1, "9H"), play(2, "10H")]


def test_an_undo_on_one_screen_is_not_undone_by_the_other(screens):
    """The hostile case: A plays 9H, B undoes it, A's stale screen plays 10H."""
    first, second, match_id = screens
    a, b = first.resume(match_id), second.resume(match_id)
    assert a.add_entry(play(1, "9H")).refusal is None
    b.refresh()
    assert b.undo() is not None
    with pytest.raises(StaleMatch):
        a.add_entry(play(2, "10H"))
    assert a.match.current.deal.expected().player == 1  # 9H is gone on A's screen too
    assert replayed_without_refusal(first, match_id) == []
    assert b.add_entry(play(1, "9H")).refusal is None  # a is stale again
    with pytest.raises(StaleMatch):  # and its undo takes back nothing
        a.undo()
    assert replayed_without_refusal(first, match_id) == [play(1, "9H")]


def test_refresh_follows_the_other_screen(screens):
    first, second, match_id = screens
    a, b = first.resume(match_id), second.resume(match_id)
    assert not b.refresh()
    a.add_entry(play(1, "9H"))
    assert b.refresh()
    assert b.match.current.entries == a.match.current.entries
    assert b.revision == a.revision
    assert not b.refresh()


def test_two_screens_entering_the_same_card_at_once(screens):
    first, second, match_id = screens
    a, b = first.resume(match_id), second.resume(match_id)
    start = threading.Barrier(2)
    answers: list[str] = []

    def enter(live):
        start.wait()
        try:
            outcome = live.add_entry(play(1, "9H"))
        except StaleMatch:
            answers.append("stale")
        else:
            answers.append("refused" if outcome.refusal else "accepted")

    threads = [threading.Thread(target=enter, args=(live,)) for live in (a, b)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert sorted(answers) == ["accepted", "stale"]
    assert replayed_without_refusal(first, match_id) == [play(1, "9H")]


def test_a_stale_correction_and_a_stale_new_deal_are_refused(screens):
    first, second, match_id = screens
    a, b = first.resume(match_id), second.resume(match_id)
    a.add_entry(play(1, "9H"))
    with pytest.raises(StaleMatch):
        b.replace(deal=0, index=0, raw=play(1, "9S"))
    a.add_entry(play(2, "10H"))
    with pytest.raises(StaleMatch):
        b.annul()
    a.add_entry(play(0, "8H"))
    with pytest.raises(StaleMatch):
        b.stop()
    assert replayed_without_refusal(first, match_id) == [
        play(1, "9H"),
        play(2, "10H"),
        play(0, "8H"),
    ]
    assert not first.resume(match_id).match.stopped


def test_a_write_names_the_revision_its_screen_showed(screens):
    """Memory followed the other screen (``refresh``), but the tap was made on the picture
    before: it is refused and nothing is stored; on the picture after, it goes in."""
    first, second, match_id = screens
    a, b = first.resume(match_id), second.resume(match_id)
    shown = b.revision  # b's screen: Jonas to play
    assert a.add_entry(play(1, "9H")).refusal is None
    assert b.refresh()  # b's memory has Rūta to play now, its screen not yet
    for write in (
        lambda: b.add_entry(play(1, "10H"), shown),
        lambda: b.undo(shown),
        lambda: b.replace(deal=0, index=0, raw=play(1, "9S"), revision=shown),
        lambda: b.annul(shown),
        lambda: b.stop(shown),
    ):
        with pytest.raises(StaleMatch):
            write()
    assert replayed_without_refusal(first, match_id) == [play(1, "9H")]
    assert b.add_entry(play(2, "10H"), b.revision).refusal is None  # made on the new picture
    assert replayed_without_refusal(first, match_id) == [play(1, "9H"), play(2, "10H")]
