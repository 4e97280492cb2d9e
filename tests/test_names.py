"""Players' names: cleaned once, compared by person, never able to break a screen or a file."""

from __future__ import annotations

import csv
import io
import json
import unicodedata

import pytest
from conftest import record
from hypothesis import given
from hypothesis import strategies as st

from app.new_match import NewMatchModel
from models import RecordRejected, RosterError, Store
from rules.names import MAX_NAME, BadName, clean_name, name_key

COMPOSED = "Rūta"
DECOMPOSED = unicodedata.normalize("NFD", COMPOSED)


def test_decomposed_letters_are_the_same_name():
    assert DECOMPOSED != COMPOSED
    assert clean_name(DECOMPOSED) == COMPOSED


@pytest.mark.parametrize(
    "typed, kept",
    [
        ("  Ona  ", "Ona"),
        ("Ona\nPetraitė", "Ona Petraitė"),
        ("Ona\tJonaitė", "Ona Jonaitė"),
        ("Jo\u200bnas", "Jonas"),  # zero-width space
        ("\u202eanoJ", "anoJ"),  # right-to-left override
        ("Ona\u2066x\u2069", "Onax"),  # isolates
        ("On\x07a", "Ona"),  # a bell
        ("\ufeffOna", "Ona"),  # byte-order mark
        ("Ž" * MAX_NAME, "Ž" * MAX_NAME),
    ],
)
def test_clean_name(typed, kept):
    assert clean_name(typed) == kept


@pytest.mark.parametrize(
    "typed, reason",
    [
        ("", "empty"),
        ("   ", "empty"),
        ("\u200b\u200d", "empty"),
        ("x" * (MAX_NAME + 1), "too_long"),
        ("x" * 10_000, "too_long"),
        ("Ona\ud800", "unusable"),
        ("Ona\ue000", "unusable"),
    ],
)
def test_names_that_cannot_be(typed, reason):
    with pytest.raises(BadName) as refused:
        clean_name(typed)
    assert refused.value.reason == reason


@given(st.text(max_size=80))
def test_a_clean_name_is_one_visible_line(text):
    try:
        name = clean_name(text)
    except BadName:
        return
    assert name == name.strip() and 0 < len(name) <= MAX_NAME
    assert "  " not in name
    assert all(unicodedata.category(c) not in ("Cc", "Cf", "Cs", "Zl", "Zp") for c in name)
    assert clean_name(name) == name  # cleaning twice changes nothing
    name.encode("utf-8")


def test_keys_compare_case_and_typing():
    assert name_key("jonas") == name_key("JONAS") == name_key("Jonas")
    assert name_key(DECOMPOSED.lower()) == name_key(COMPOSED)
    assert name_key("Ruta") != name_key("Rūta")  # a different letter is a different name


@pytest.fixture
def store(store_url):
    opened = Store(store_url)
    yield opened
    opened.close()


def test_one_person_in_two_spellings_is_one_player(store):
    store.create_match(game="devynake", players=[COMPOSED, "Jonas", "Ona"])
    live = store.create_match(game="devynake", players=[DECOMPOSED, "jonas", "ONA"])
    assert live.names == [COMPOSED, "Jonas", "Ona"]  # the roster's spelling
    assert store.roster() == ["Jonas", "Ona", COMPOSED]


def test_one_person_cannot_take_two_seats(store):
    with pytest.raises(RecordRejected, match="at the table already"):
        store.import_records([record("devynake", ["Ona", "Jonas", "ona"], [])])
    assert store.list_matches() == []


def test_imported_names_are_cleaned_or_the_record_refused(store):
    [match_id] = store.import_records([record("devynake", ["O\nna", "Jo\u202enas", "Rūta"], [])])
    assert json.loads(store.export_record(match_id))["players"] == ["O na", "Jonas", "Rūta"]
    with pytest.raises(RecordRejected, match="at most 40 characters"):
        store.import_records([record("devynake", ["x" * 10_000, "Jonas", "Rūta"], [])])
    assert len(store.list_matches()) == 1


def test_rename_compares_by_person(store):
    store.create_match(game="devynake", players=["Ona", "Jonas", "Rūta"])
    store.rename_player("Jonas", "JONAS")  # a change of case is a rename
    assert "JONAS" in store.roster()
    with pytest.raises(RosterError) as taken:
        store.rename_player("JONAS", "ona")
    assert taken.value.key == "roster.taken"
    with pytest.raises(RosterError) as bad:
        store.rename_player("Ona", "\u200b")
    assert bad.value.key == "name.empty"


def test_the_form_takes_the_rosters_spelling_and_keeps_a_refused_name():
    form = NewMatchModel(game="devynake")
    assert form.add_player("jonas", "lt", ["Jonas", "Ona"])
    assert form.players == ["Jonas"]
    assert not form.add_player("JONAS", "lt", ["Jonas"])
    assert "Jonas" in (form.error or "")
    assert not form.add_player("x" * 41, "en", [])
    assert form.error == "A name can have at most 40 characters."
    assert form.players == ["Jonas"]


def test_csv_names_are_never_formulas(store):
    live = store.create_match(game="devynake", players=["=cmd()", "+Ona", "@Jonas", "-Rūta"])
    rows = list(csv.reader(io.StringIO(store.totals_csv(live.match_id))))
    assert rows[0][3:] == ["'=cmd()", "'+Ona", "'@Jonas", "'-Rūta"]
