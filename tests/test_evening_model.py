"""The organiser's evening as his screen holds it: tables seated, refused, rounds begun."""

from __future__ import annotations

from app.evening_model import EveningModel
from models import Store


def seated(ev: EveningModel, tables: list[list[str]]) -> None:
    for index, players in enumerate(tables):
        for name in players:
            assert ev.add_player(index, name, "en", []), ev.error


def test_a_bad_seating_is_refused_in_one_sentence_and_begins_nothing(tmp_path):
    store = Store(tmp_path / "p.db")
    ev = EveningModel.new("devynake")
    seated(ev, [["Ona", "Jonas", "Rūta"], ["Eglė"]])
    assert not ev.add_player(1, "  ", "en", [])
    assert ev.error == "Type the player's name."
    assert not ev.add_player(1, "ona", "lt", [])  # at table 1 already
    assert ev.error == "Ona: jau prie stalo 1, o žaidėjas sėdi tik prie vieno stalo."
    assert [t.seats.players for t in ev.tables] == [["Ona", "Jonas", "Rūta"], ["Eglė"]]
    assert not ev.start(store, "en")  # one player at table 2
    assert ev.error is not None and ev.error.startswith("Table 2: ") and "\n" not in ev.error
    ev.rename_table(1, " 1 ")
    seated(ev, [[], ["Tomas", "Asta"]])
    assert not ev.start(store, "en")
    assert ev.error == "Table “1” is named twice: give the tables different names."
    ev.rename_table(1, "")
    assert not ev.start(store, "en") and ev.error == "Table 2 needs a name."
    assert store.list_matches() == [] and store.last_round() is None
    ev.rename_table(1, "Prie lango")
    assert ev.start(store, "en"), ev.error
    assert store.last_round()[3] == [
        ("1", ["Ona", "Jonas", "Rūta"]),
        ("Prie lango", ["Eglė", "Tomas", "Asta"]),
    ]
    store.close()


def test_the_next_round_waits_for_the_round_unless_the_organiser_stops_it(tmp_path):
    store = Store(tmp_path / "p.db")
    ev = EveningModel.new("ramsas")
    seated(ev, [["A", "B"], ["C", "D"]])
    assert ev.start(store, "en"), ev.error
    ev.preview()
    assert not ev.next_round(store, "en")
    assert ev.stop_offered and ev.previewing and "(tables: 1, 2)" in (ev.error or "")
    assert store.last_round()[0] == 1
    assert ev.next_round(store, "en", stop=True), ev.error
    assert not ev.previewing and ev.error is None
    assert store.last_round()[0] == 2
    assert all(m.stopped for m in store.round_matches(1))
    store.close()


def test_a_new_seating_over_a_round_being_played_stops_it_only_when_asked(tmp_path):
    store = Store(tmp_path / "p.db")
    ev = EveningModel.new("ramsas")
    seated(ev, [["A", "B"], ["C", "D"]])
    assert ev.start(store, "en"), ev.error
    ev.seat_anew()
    assert not ev.start(store, "en") and ev.stop_offered
    assert store.last_round()[0] == 1 and not any(m.stopped for m in store.round_matches(1))
    assert ev.start(store, "en", stop=True), ev.error
    assert store.last_round()[0] == 2 and all(m.stopped for m in store.round_matches(1))
    assert not ev.seating and not ev.stop_offered
    store.close()
