"""An evening's rounds: seats drawn, seats moved on, each round's matches at their tables."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from models import Store
from models.rounds import (
    RoundError,
    Unfinished,
    begin_round,
    draw,
    movement,
    next_seating,
    unfinished,
)
from rules.errors import RecordError


def seating(tables: int, seats: int) -> list[tuple[str, list[str]]]:
    return [(str(t + 1), [f"P{t}-{s}" for s in range(seats)]) for t in range(tables)]


@given(st.integers(1, 8), st.integers(2, 6))
def test_a_movement_seats_everyone_once_and_moves_seat_s_by_s_tables(tables, seats):
    before = seating(tables, seats)
    after = movement(before)
    assert [t for t, _ in after] == [t for t, _ in before]
    assert sorted(n for _, ps in after for n in ps) == sorted(n for _, ps in before for n in ps)
    for t, (_, players) in enumerate(before):
        for s, name in enumerate(players):
            assert after[(t + s) % tables][1][s] == name


@given(st.integers(1, 6), st.integers(2, 5), st.integers(0, 10_000))
def test_a_draw_keeps_the_tables_and_their_sizes(tables, seats, seed):
    before = seating(tables, seats)
    drawn = draw(before, random.Random(seed))
    assert [(t, len(ps)) for t, ps in drawn] == [(t, len(ps)) for t, ps in before]
    assert sorted(n for _, ps in drawn for n in ps) == sorted(n for _, ps in before for n in ps)


def test_a_seating_that_cannot_be_is_refused():
    with pytest.raises(RoundError):
        movement([])
    with pytest.raises(RoundError):
        movement([("1", ["Ona", "Jonas", "Rūta"]), ("2", ["Ana", "Bob"])])
    with pytest.raises(RoundError):
        draw([("1", ["Ona", "Jonas"]), ("2", ["ona", "Bob"])], random.Random(1))


def test_rounds_from_the_command_line(tmp_path, cli_text):
    db = tmp_path / "p.db"
    assert cli_text("--db", db, "club", "round").returncode == 2  # no round yet to move on from
    game = ("--game", "devynake", "--deals", "1")
    first = cli_text("--db", db, "club", "round", *game, "--table", "1=A,B,C", "--table", "2=D,E,F")
    assert first.returncode == 0, first.stderr
    lines = [line.split("\t") for line in first.stdout.splitlines()]
    assert [(r, t, p) for r, t, _, p in lines] == [("1", "1", "A, B, C"), ("1", "2", "D, E, F")]
    second = cli_text("--db", db, "club", "round")
    assert second.returncode == 0, second.stderr
    lines = [line.split("\t") for line in second.stdout.splitlines()]
    assert [(r, t, p) for r, t, _, p in lines] == [("2", "1", "A, E, C"), ("2", "2", "D, B, F")]
    store = Store(db)
    summaries = {s.id: s for s in store.list_matches()}
    moved = summaries[int(lines[0][2])]
    assert (moved.table, moved.round, moved.players) == ("1", 2, ["A", "E", "C"])
    assert store.last_round()[2] == {"deals": 1}  # the options go on with the rounds
    store.close()
    refused = cli_text("--db", db, "club", "round", "--table", "3=A,A,B")
    assert refused.returncode == 2 and refused.stderr.count("\n") == 1


def test_begin_round_seats_the_first_round_then_moves_the_players_on(tmp_path):
    store = Store(tmp_path / "p.db")
    first = begin_round(
        store,
        [(" 1 ", ["A", " B", "C"]), ("2", ["D", "E", "F"])],
        game="devynake",
        options={"deals": 1},
    )
    assert [(s.number, s.table, s.players) for s in first] == [
        (1, "1", ["A", "B", "C"]),
        (1, "2", ["D", "E", "F"]),
    ]
    assert next_seating(store) == [("1", ["A", "E", "C"]), ("2", ["D", "B", "F"])]
    for seated in first:
        store.resume(seated.match_id).stop()
    second = begin_round(store)
    assert [(s.number, s.table, s.players) for s in second] == [
        (2, "1", ["A", "E", "C"]),
        (2, "2", ["D", "B", "F"]),
    ]
    assert {m.id: (m.game, m.round) for m in store.round_matches(2)} == {
        s.match_id: ("devynake", 2) for s in second
    }
    assert store.last_round()[2] == {"deals": 1}  # the options go on with the rounds
    store.close()


def test_a_round_still_being_played_is_refused_or_stopped_as_asked(tmp_path):
    store = Store(tmp_path / "p.db")
    first = begin_round(store, [("1", ["A", "B"]), ("2", ["C", "D"])], game="ramsas")
    store.resume(first[1].match_id).stop()
    with pytest.raises(RoundError) as refused:
        begin_round(store, left=Unfinished.REFUSE)
    assert refused.value.key == "round_unfinished" and refused.value.facts == {"tables": "1"}
    assert "(stalai: 1)" in refused.value.message("lt")
    assert store.last_round()[0] == 1 and [m.id for m in unfinished(store)] == [first[0].match_id]
    second = begin_round(store, left=Unfinished.STOP)
    assert [s.number for s in second] == [2, 2] and unfinished(store) == [
        m for m in store.round_matches(2)
    ]
    stopped = {m.id: m.stopped for m in store.round_matches(1)}
    assert stopped == {first[0].match_id: True, first[1].match_id: True}
    store.close()


@pytest.mark.parametrize(
    ("seating", "error"),
    [
        ([("1", ["A", "B", "C"]), ("2", ["D", "a", "E"])], RoundError),  # a player twice
        ([("1", ["A", "B", "C"]), ("1", ["D", "E", "F"])], RoundError),  # a table twice
        ([("1", ["A", "B", "C"]), ("", ["D", "E", "F"])], RoundError),  # a table unnamed
        ([("1", ["A", "B", "C"]), ("2", [" ", ""])], RoundError),  # a table without players
        ([("1", ["A", "B", "C"]), ("2", ["D"])], RecordError),  # too few for the game
        ([("1", ["A", "B", "C"]), ("2", list("DEFGHIJKLMNOP"))], RecordError),  # too many
    ],
)
def test_a_round_that_cannot_be_seated_changes_nothing(tmp_path, seating, error):
    store = Store(tmp_path / "p.db")
    begin_round(store, [("1", ["X", "Y", "Z"])], game="devynake")
    with pytest.raises(error):
        begin_round(store, seating, game="devynake", left=Unfinished.STOP)
    assert store.last_round()[0] == 1 and len(unfinished(store)) == 1  # nothing stopped
    assert len(store.list_matches()) == 1  # nothing begun
    store.close()
