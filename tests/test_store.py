"""The store's operations on real databases (an SQLite file, PostgreSQL): play, undo, annul,
replace, stop, resume, list."""

from __future__ import annotations

import json
import random
import unicodedata

import pytest
from conftest import SCENARIOS, rows
from sqlalchemy.engine.default import DefaultDialect

import models.live
from bench.table import next_entry
from models import StaleMatch, Store, StoreFault, UnknownMatch
from rules import Code, RecordError, Refused, Status
from rules.record import load, verdict

FULL_DEAL = json.loads((SCENARIOS / "devynake-full-deal.json").read_text(encoding="utf-8"))
NAMES = FULL_DEAL["players"]
EVENTS = FULL_DEAL["deals"][0]["events"]  # a whole deal with one false pass; seat 2 scores 5


@pytest.fixture
def store(store_url):
    opened = Store(store_url)
    yield opened
    opened.close()


def full_deal_match(store, **options):
    live = store.create_match(game="devynake", players=NAMES, options=options, first_dealer=1)
    live.start_deal()
    for event in EVENTS:
        assert live.add_entry(event).accepted
    return live


def test_entries_survive_closing_the_store(store_url):
    first = Store(store_url)
    live = full_deal_match(first)
    expected = live.verdict()
    first.close()
    again = Store(store_url)
    assert again.resume(live.match_id).verdict() == expected
    again.close()


def test_the_store_agrees_with_the_referee(store):
    live = full_deal_match(store)
    replayed, names = load(FULL_DEAL)
    assert live.verdict() == verdict(replayed, names)
    [summary] = store.list_matches()
    assert summary.totals == [0, 0, 5, 0] and summary.status == "open"


def test_refused_entry_changes_nothing(store, store_url):
    live = store.create_match(game="devynake", players=NAMES)
    live.start_deal()
    before = store.export_record(live.match_id)
    outcome = live.add_entry({"type": "play", "player": 1, "card": "10H"})
    assert outcome.refusal is not None and outcome.refusal.code is Code.NOT_PLAYABLE
    assert store.export_record(live.match_id) == before
    assert rows(store_url, "SELECT count(*) FROM entries") == [(0,)]
    assert live.match.current.entries == 0


def test_entries_are_stored_canonically_in_order_with_time(store, store_url):
    live = store.create_match(game="devynake", players=NAMES)
    live.start_deal()
    live.add_entry({"player": 1, "type": "play", "card": "9♥"})
    live.add_entry({"type": "pass", "player": 2})
    stored = rows(store_url, "SELECT seq, event, at IS NOT NULL, refused FROM entries ORDER BY id")
    assert stored == [
        (0, '{"type":"play","player":1,"card":"9H"}', 1, 0),
        (1, '{"type":"pass","player":2}', 1, 0),
    ]


def test_next_deal_only_after_the_current_one_ends(store):
    live = store.create_match(game="devynake", players=NAMES, first_dealer=1)
    live.start_deal()
    with pytest.raises(Refused) as refused:
        live.start_deal()
    assert refused.value.code is Code.WRONG_PHASE
    for event in EVENTS:
        live.add_entry(event)
    assert live.start_deal().dealer == 2


def test_last_deal_finishes_the_match(store):
    live = full_deal_match(store, deals=1)
    assert live.match.finished and live.match.winners == [2]
    with pytest.raises(Refused) as refused:
        live.start_deal()
    assert refused.value.code is Code.MATCH_OVER
    [summary] = store.list_matches()
    assert summary.status == "finished" and summary.finished_at is not None
    stats = {s.name: s for s in store.player_stats()}
    assert stats["Rūta"].wins == 1 and stats["Rūta"].win_rate == 1.0
    assert stats["Ona"].win_rate == 0.0 and stats["Ona"].points_per_deal == 0.0
    assert stats["Rūta"].points_per_deal == 5.0


def test_violations_count_against_the_offender(store):
    live = full_deal_match(store)
    [violation] = live.verdict()["deals"][0]["violations"]
    stats = {s.name: s.violations for s in store.player_stats()}
    assert stats == {name: int(seat == violation["player"]) for seat, name in enumerate(NAMES)}


def test_undo_takes_back_entries_then_the_deal_start(store, store_url):
    live = full_deal_match(store)
    live.start_deal()
    undone = live.undo()
    assert (undone.deal, undone.index) == (1, None)  # the start of the empty second deal
    undone = live.undo()
    assert (undone.deal, undone.index, undone.event) == (0, len(EVENTS) - 1, EVENTS[-1])
    assert live.match.current.status is Status.OPEN
    assert store.list_matches()[0].totals == [0, 0, 0, 0]
    assert live.add_entry(EVENTS[-1]).deal_ended
    assert store.list_matches()[0].totals == [0, 0, 5, 0]
    kept = rows(store_url, "SELECT count(*), count(undone_at) FROM entries")
    assert kept == [(len(EVENTS) + 1, 1)]  # the undone entry is kept, marked


def test_undo_everything_then_nothing(store):
    live = store.create_match(game="devynake", players=NAMES)
    live.start_deal()
    live.add_entry({"type": "pass", "player": 1})
    assert live.undo().index == 0
    assert live.undo().index is None
    assert live.undo() is None
    assert live.match.deals == []
    assert json.loads(store.export_record(live.match_id))["deals"] == []


def test_annul_keeps_the_dealer(store):
    live = store.create_match(game="devynake", players=NAMES, first_dealer=3)
    live.start_deal()
    live.add_entry({"type": "play", "player": 0, "card": "9S"})
    outcome = live.annul()
    assert outcome.deal_ended and live.match.current.status is Status.ANNULLED
    assert live.start_deal().dealer == 3
    assert store.resume(live.match_id).verdict() == live.verdict()


def test_replace_reports_entries_that_become_refused(store, store_url):
    live = full_deal_match(store)
    # Seat 3 opens with the nine of hearts instead of spades: his later spades no longer fit.
    result = live.replace(deal=0, index=1, raw={"type": "play", "player": 3, "card": "9H"})
    assert result.refusal is None and result.now_refused
    assert all(isinstance(r, Refused) for _, _, r in result.now_refused)
    verdict_now = live.verdict()
    assert {(0, r["event"]) for r in verdict_now["deals"][0]["rejected"]} == {
        (d, i) for d, i, _ in result.now_refused
    }
    assert store.resume(live.match_id).verdict() == verdict_now
    refused = rows(store_url, "SELECT count(*) FROM entries WHERE refused AND undone_at IS NULL")
    assert refused == [(len(result.now_refused),)]
    [(_old, new)] = rows(
        store_url, "SELECT id, replaced_by FROM entries WHERE replaced_by IS NOT NULL"
    )
    assert rows(store_url, f"SELECT seq, event FROM entries WHERE id = {new}") == [
        (1, '{"type":"play","player":3,"card":"9H"}')
    ]
    assert store.list_matches()[0].totals == [0, 0, 0, 0]  # the deal no longer ends


def test_replace_refused_changes_nothing(store):
    live = full_deal_match(store)
    before = store.export_record(live.match_id)
    result = live.replace(deal=0, index=1, raw={"type": "play", "player": 0, "card": "9H"})
    assert result.refusal is not None and result.refusal.code is Code.NOT_YOUR_TURN
    result = live.replace(deal=0, index=1, raw={"type": "dance"})
    assert result.refusal is not None and result.refusal.code is Code.BAD_EVENT
    assert store.export_record(live.match_id) == before
    with pytest.raises(IndexError):
        live.replace(deal=0, index=len(EVENTS), raw=EVENTS[0])


def test_stop_ranks_by_totals_and_ends_the_match(store):
    live = full_deal_match(store)
    live.start_deal()
    live.add_entry({"type": "pass", "player": 3})
    live.stop()
    assert live.match.winners == [2]
    assert live.add_entry({"type": "pass", "player": 0}).refusal.code is Code.MATCH_OVER
    record = json.loads(store.export_record(live.match_id))
    assert record["stopped"] is True
    resumed = store.resume(live.match_id)
    assert resumed.match.stopped and resumed.verdict() == live.verdict()
    assert store.list_matches()[0].stopped


def test_resume_unknown_match(store):
    with pytest.raises(UnknownMatch):
        store.resume(42)


def test_bad_game_or_option_is_a_record_error(store):
    with pytest.raises(RecordError):
        store.create_match(game="poker", players=NAMES)
    with pytest.raises(RecordError):
        store.create_match(game="devynake", players=NAMES, options={"deck": 52})
    assert store.list_matches() == []


def test_list_puts_unfinished_first(store):
    finished = full_deal_match(store, deals=1)
    going = store.create_match(game="devynake", players=NAMES)
    older_going = store.create_match(game="devynake", players=NAMES[:3])
    assert [m.id for m in store.list_matches()] == [
        older_going.match_id,
        going.match_id,
        finished.match_id,
    ]


def test_roster_keeps_one_spelling_per_name(store):
    decomposed = unicodedata.normalize("NFD", "Rūta")
    store.create_match(game="devynake", players=["Ona", decomposed, "Jonas"])
    store.create_match(game="devynake", players=["Rūta", "Ona", "Jonas"])
    assert store.roster() == ["Jonas", "Ona", "Rūta"]
    assert [s.matches for s in store.player_stats()] == [2, 2, 2]


def test_totals_csv(store):
    live = full_deal_match(store)
    live.start_deal()
    assert store.totals_csv(live.match_id) == (
        "deal,dealer,status,Ona,Jonas,Rūta,Petras\n"
        "1,Jonas,finished,0,0,5,0\n"
        "2,Rūta,open,,,,\n"
        "total,,open,0,0,5,0\n"
    )


def test_failed_commit_leaves_memory_as_the_disk(store, monkeypatch):
    live = store.create_match(game="devynake", players=NAMES)
    live.start_deal()
    live.add_entry({"type": "pass", "player": 1})

    def fail(self, *args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(DefaultDialect, "do_commit", fail)  # at the driver: every path
    with pytest.raises(OSError):
        live.add_entry({"type": "play", "player": 2, "card": "9H"})
    monkeypatch.undo()
    assert live.match.current.entries == 1
    assert live.add_entry({"type": "play", "player": 2, "card": "9H"}).accepted
    assert store.resume(live.match_id).verdict() == live.verdict()


def test_a_failed_commit_that_cannot_reload_makes_the_next_write_reload(store, monkeypatch):
    """The server gone at the commit and still gone when memory is to be rebuilt: memory
    may hold the entry the disk lacks, so the next write is refused as stale and reloads
    instead of storing on top of it."""
    live = store.create_match(game="devynake", players=NAMES)
    live.start_deal()
    live.add_entry({"type": "pass", "player": 1})

    def gone(*args, **kwargs):
        raise StoreFault("unreachable", "postgresql+psycopg://club", "server closed")

    monkeypatch.setattr(DefaultDialect, "do_commit", gone)
    monkeypatch.setattr(models.live, "open_stored", gone)
    with pytest.raises(StoreFault):
        live.add_entry({"type": "play", "player": 2, "card": "9H"})
    monkeypatch.undo()
    with pytest.raises(StaleMatch):  # an entry that fits after the one memory still holds
        live.add_entry(next_entry(live.match, random.Random(0)))
    assert live.match.current.entries == 1
    assert live.add_entry({"type": "play", "player": 2, "card": "9H"}).accepted
    assert json.loads(store.export_record(live.match_id))["deals"][0]["events"] == [
        {"type": "pass", "player": 1},
        {"type": "play", "player": 2, "card": "9H"},
    ]


@pytest.mark.parametrize("seed", range(5))
def test_random_table_matches_a_replay(store, seed):
    """Entries, deals, undos and annulments at random: the live match, the caches and a
    replay from the database always agree."""
    rng = random.Random(seed)
    live = store.create_match(game="devynake", players=NAMES[:3], options={"deals": 4})
    for _ in range(150):
        current = live.match.current
        roll = rng.random()
        if roll < 0.05:
            live.undo()
        elif current is None or current.status is not Status.OPEN:
            if live.match.finished:
                break
            live.start_deal()
        elif roll < 0.07:
            live.annul()
        else:
            assert live.add_entry(next_entry(live.match, rng)).accepted
    expected = live.verdict()
    assert store.resume(live.match_id).verdict() == expected
    [summary] = store.list_matches()
    assert summary.totals == expected["totals"]
    assert summary.status == ("finished" if expected["finished"] else "open")
