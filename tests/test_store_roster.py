"""Roster rename and merge, per-game statistics, and settings kept across restarts."""

from __future__ import annotations

import json

import pytest
from conftest import SCENARIOS

from models import RosterError, Store


@pytest.fixture
def store(store_url):
    s = Store(store_url)
    yield s
    s.close()


def scenario(name):
    return json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))


def test_rename_keeps_the_matches(store):
    [match_id] = store.import_records([scenario("ramsas-two-players")])
    store.rename_player("Jonas", "Jonas Jonaitis")
    assert "Jonas Jonaitis" in store.roster() and "Jonas" not in store.roster()
    assert json.loads(store.export_record(match_id))["players"] == ["Ona", "Jonas Jonaitis"]


def test_rename_to_a_taken_name_is_refused(store):
    store.import_records([scenario("ramsas-two-players")])
    with pytest.raises(RosterError) as caught:
        store.rename_player("Jonas", "Ona")
    assert caught.value.key == "roster.taken"
    with pytest.raises(RosterError):
        store.rename_player("Jonas", "   ")
    with pytest.raises(RosterError):
        store.rename_player("Nobody", "X")


def test_merge_moves_matches_and_stats(store):
    first = scenario("ramsas-two-players")
    second = {**first, "players": ["Ona", "Jonukas"]}
    store.import_records([first, second])
    store.merge_players("Jonas", "Jonukas")
    assert "Jonukas" not in store.roster()
    jonas = next(s for s in store.player_stats() if s.name == "Jonas")
    assert jonas.matches == 2 and jonas.points == 12 and jonas.deals == 2 and jonas.violations == 2


def test_merge_refused_when_both_sat_at_one_table(store):
    store.import_records([scenario("ramsas-two-players")])
    with pytest.raises(RosterError) as caught:
        store.merge_players("Ona", "Jonas")
    assert caught.value.key == "roster.same_table"


def test_stats_per_game(store):
    store.import_records([scenario("ramsas-two-players"), scenario("devynake-full-deal")])
    ona_ramsas = next(s for s in store.player_stats("ramsas") if s.name == "Ona")
    ona_all = next(s for s in store.player_stats() if s.name == "Ona")
    assert (ona_ramsas.matches, ona_ramsas.points) == (1, 4)
    assert (ona_all.matches, ona_all.deals) == (2, 2)
    assert next(s for s in store.player_stats("domino") if s.name == "Ona").matches == 0


def test_settings_survive_a_restart(store_url):
    store = Store(store_url)
    store.save_setting("lang", "en")
    store.save_setting("defaults.ramsas", {"target": 25})
    store.save_setting("lang", "lt")
    store.close()
    again = Store(store_url)
    assert again.settings() == {"lang": "lt", "defaults.ramsas": {"target": 25}}
    again.close()
