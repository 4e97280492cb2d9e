"""Each player's gender: guessed for old rows, kept in the roster, used by the table's sentences."""

from __future__ import annotations

import json
import sqlite3

import pytest
from test_store_schema import _first_schema_database

from app.new_match import NewMatchModel
from models import Store
from rules.codes import Code
from rules.entries import Refused
from rules.grammar import FEMININE, MASCULINE
from rules.messages import refusal_message


@pytest.fixture
def store(store_url):
    s = Store(store_url)
    yield s
    s.close()


def test_the_upgrade_guesses_the_gender_of_existing_players(tmp_path):
    file = tmp_path / "old.db"
    _first_schema_database(file)
    Store(file).close()
    with sqlite3.connect(file) as connection:
        rows = dict(connection.execute("SELECT name, gender FROM players"))
    assert rows == {"Ona": "f", "Jonas": "m", "Rūta": "f", "Petras": "m"}


def lone(names: list[str]) -> str:
    return refusal_message(Refused(Code.WRONG_PHASE, "lone_player", player=0), "lt", names)


def test_the_roster_keeps_a_gender_the_name_does_not_tell(store):
    live = store.create_match(
        game="devynake", players=["Kim", "Jogaila", "Ona"], genders=[FEMININE, MASCULINE, ""]
    )
    assert live.genders == [FEMININE, MASCULINE, FEMININE]
    assert store.roster_genders() == {"Kim": "f", "Jogaila": "m", "Ona": "f"}
    resumed = store.resume(live.match_id)
    assert resumed.genders == [FEMININE, MASCULINE, FEMININE]
    # The names the table gets carry the genders: its sentences need no other argument.
    assert lone(resumed.names[:1]).endswith("prieš ją niekas nežaistų.")
    assert lone(resumed.names[1:2]).endswith("prieš jį niekas nežaistų.")
    assert store.replay(live.match_id).genders == resumed.genders


def test_a_known_player_keeps_the_rosters_gender_and_a_change_is_kept(store):
    store.create_match(game="devynake", players=["Kim", "Jonas", "Ona"], genders=["f", "m", "f"])
    live = store.create_match(game="devynake", players=["Kim", "Jonas", "Ona"], genders=["m"] * 3)
    assert live.genders == ["f", "m", "f"]
    store.set_gender("kim", MASCULINE)
    assert store.roster_genders()["Kim"] == MASCULINE
    assert store.resume(live.match_id).genders[0] == MASCULINE
    with pytest.raises(ValueError):
        store.set_gender("Kim", "x")


def test_the_form_guesses_a_new_names_gender_and_lets_it_change():
    form = NewMatchModel(game="devynake")
    for name in ("Rūta", "Tomas", "Jonas"):
        assert form.add_player(name, "lt", ["Jonas"])
    assert [form.gender(seat) for seat in range(3)] == [FEMININE, MASCULINE, None]
    form.toggle_gender(1)
    form.toggle_gender(2)  # a roster player keeps the roster's gender
    assert [form.gender(seat) for seat in range(3)] == [FEMININE, FEMININE, None]
    plan = form.validated("lt")
    assert plan is not None and plan["genders"] == [FEMININE, FEMININE, ""]


def test_the_roster_screen_changes_a_gender_and_says_so(store):
    from app.model import AppModel

    store.create_match(game="devynake", players=["Ona", "Jonas", "Rūta"])
    model = AppModel.start(store, None, local=False)
    model.set_gender("Ona", MASCULINE)
    assert model.message == "Ona: dabar sakoma „jis“."
    assert model.roster_genders()["Ona"] == MASCULINE


def test_an_export_writes_the_rosters_genders_and_an_import_keeps_them(store, tmp_path):
    live = store.create_match(
        game="devynake", players=["Kim", "Jogaila", "Ona"], genders=[FEMININE, "", MASCULINE]
    )
    record = json.loads(store.export_record(live.match_id))
    assert record["genders"] == [FEMININE, MASCULINE, MASCULINE]
    assert record["players"] == ["Kim", "Jogaila", "Ona"]
    # Into another store, where the names are new: they take the record's genders.
    other = Store(tmp_path / "other.db")
    [copy] = other.import_records([record])
    assert other.roster_genders() == {"Kim": "f", "Jogaila": "m", "Ona": "m"}
    assert json.loads(other.export_record(copy)) == record
    other.close()
    # A name the roster knows keeps the roster's gender, whatever the record says.
    [again] = store.import_records([{**record, "genders": [MASCULINE] * 3}])
    assert json.loads(store.export_record(again))["genders"] == record["genders"]
