"""Match records through the store: import, export, and back, exactly."""

from __future__ import annotations

import json

import pytest
from conftest import SCENARIOS, record
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from models import RecordRejected, Store
from rules import GAMES
from rules.record import load, verdict

NAMES = sorted(p.name.removesuffix(".expected.json") for p in SCENARIOS.glob("*.expected.json"))


@pytest.fixture
def store(store_url):
    opened = Store(store_url)
    yield opened
    opened.close()


def judged(data: bytes | dict) -> dict:
    """The verdict of a record (as bytes or as an object)."""
    return verdict(*load(json.loads(data) if isinstance(data, bytes) else data))


@pytest.mark.parametrize("name", NAMES)
def test_scenario_round_trip(store, name):
    original = json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))
    if original["game"] not in GAMES:
        pytest.skip(f"the {original['game']} engine is not registered in rules/games.py yet")
    [match_id] = store.import_records([original])
    exported = store.export_record(match_id)
    assert judged(exported) == judged(original)
    assert store.export_record(match_id) == exported
    [again] = store.import_records([json.loads(exported)])
    assert store.export_record(again) == exported
    assert store.resume(match_id).verdict() == judged(original)


def test_imported_events_are_kept_verbatim(store):
    events = [
        {"player": 1, "type": "pass", "note": "key order and extra fields stay"},
        {"type": "play", "player": 2, "card": "9♥"},
        "not an object",
        {"type": "play", "player": 0, "card": "th"},
        {"type": "draw", "player": 1, "count": 1},
        {"type": "play", "player": 1.0, "card": "8H"},
    ]
    original = record("devynake", ["Ona", "Jonas", "Rūta"], [events], first_dealer=0)
    [match_id] = store.import_records([original])
    exported = json.loads(store.export_record(match_id))
    assert exported["deals"][0]["events"] == events
    assert [list(e) for e in exported["deals"][0]["events"] if isinstance(e, dict)] == [
        list(e) for e in events if isinstance(e, dict)
    ]
    assert judged(exported) == judged(original)


def test_deals_after_the_end_and_a_stop_survive(store):
    nine = [{"type": "play", "player": 1, "card": "9H"}, {"type": "annul"}]
    original = record(
        "devynake",
        3,
        [nine, [], [{"type": "pass", "player": 2}]],
        options={"deals": None},
        stopped=True,
    )
    [match_id] = store.import_records([original])
    exported = json.loads(store.export_record(match_id))
    assert exported["stopped"] is True and judged(exported) == judged(original)
    assert judged(exported)["finished"]


def test_import_is_all_or_nothing(store):
    good = record("devynake", 3, [[]])
    with pytest.raises(RecordRejected) as rejected:
        store.import_records([good, {"format": 1, "game": "devynake"}])
    assert rejected.value.position == 1
    assert store.list_matches() == []


def test_app_matches_export_like_imported_ones(store):
    live = store.create_match(
        game="devynake",
        players=["Ona", "Jonas", "Rūta"],
        options={"deals": 2, "scoring": "bank"},
        first_dealer=2,
    )
    live.start_deal()
    live.add_entry({"type": "play", "player": 0, "card": "9♠"})
    exported = store.export_record(live.match_id)
    assert json.loads(exported) == {
        "format": 1,
        "game": "devynake",
        "players": ["Ona", "Jonas", "Rūta"],
        "genders": ["f", "m", "f"],
        "options": {"deals": 2, "scoring": "bank"},
        "first_dealer": 2,
        "deals": [{"events": [{"type": "play", "player": 0, "card": "9S"}]}],
        "stopped": False,
    }
    assert judged(exported) == live.verdict()


event = st.one_of(
    st.fixed_dictionaries({"type": st.just("pass"), "player": st.integers(-1, 3)}),
    st.fixed_dictionaries(
        {
            "type": st.just("play"),
            "player": st.integers(0, 2),
            "card": st.sampled_from(["9H", "9S", "8H", "10H", "9♦", "xx", "2C"]),
        }
    ),
    st.just({"type": "annul"}),
    st.dictionaries(st.text(max_size=3), st.integers() | st.text(max_size=3), max_size=2),
)


@settings(
    max_examples=40,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(deals=st.lists(st.lists(event, max_size=8), max_size=3), stopped=st.booleans())
def test_any_record_round_trips_exactly(store, deals, stopped):
    original = record("devynake", ["Ona", "Jonas", "Rūta"], deals, stopped=stopped)
    [match_id] = store.import_records([original])
    exported = store.export_record(match_id)
    assert judged(exported) == judged(original)
    [again] = store.import_records([json.loads(exported)])
    assert store.export_record(again) == exported


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)


@given(JSON_VALUES)
def test_values_are_stored_as_json_dumps_writes_them(value):
    """The store's one encoder writes what ``json.dumps`` compact, unescaped, writes."""
    from models.records import dumps

    assert dumps(value) == json.dumps(value, ensure_ascii=False, separators=(",", ":"))
