"""The table's rulings on flagged violations (RECORDS.md, "Rulings"): ``stand`` and ``annul``,
while the deal is open and after its end, as long as a flagged violation waits."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from conftest import ROOT, D, record, rows
from conftest import compared as judge

from models import Store
from rules.record import load, verdict

# Devynakė, three players: P2 passes at entry 1 holding 8H, which fitted then; playing
# it at entry 4 proves the false pass (event 1, proof 4).
PROVEN = [
    {"type": "play", "player": 1, "card": "9H"},
    {"type": "pass", "player": 2},
    {"type": "play", "player": 0, "card": "9S"},
    {"type": "play", "player": 1, "card": "10H"},
    {"type": "play", "player": 2, "card": "8H"},
]
FALSE_PASS = (1, 4, 2, "false_pass")


def stand(event: object) -> dict:
    return {"type": "stand", "event": event}


ANNUL = {"type": "annul"}


def test_a_violation_stands_while_the_deal_is_open_and_then_nothing_waits():
    v = judge("devynake", 3, [[*PROVEN, stand(1), stand(1), stand(4), stand(0)]])
    assert v["deals"] == [
        D(0, rejected=[(6, "wrong_phase"), (7, "wrong_phase"), (8, "wrong_phase")],
          violations=[(*FALSE_PASS, "stand")])
    ]  # fmt: skip


@pytest.mark.parametrize(
    "bad",
    [
        {"type": "stand"},
        stand("1"),
        stand(-1),
        stand(True),
        stand(1.0),
        stand(None),
        {"type": "stand", "event": 1, "player": 0},
    ],
)
def test_a_malformed_stand_is_bad_event(bad):
    v = judge("devynake", 3, [[*PROVEN, bad]])
    assert v["deals"][0]["rejected"] == [(5, "bad_event")]
    assert v["deals"][0]["violations"] == [FALSE_PASS]  # still waiting


def test_a_stand_with_nothing_to_rule_on_is_wrong_phase():
    """None proven, an index past the entries, or a violation under another penalty."""
    v = judge("devynake", 3, [[stand(0), *PROVEN[:2], stand(1), stand(99)]])
    assert v["deals"][0]["rejected"] == [(0, "wrong_phase"), (3, "wrong_phase"), (4, "wrong_phase")]
    v = judge("devynake", 3, [[*PROVEN, stand(1)]], options={"violation_penalty": "points"})
    assert v["deals"][0]["rejected"] == [(5, "wrong_phase")]


def test_after_an_annul_every_ruling_is_deal_over():
    v = judge("devynake", 3, [[*PROVEN, ANNUL, stand(1), ANNUL]])
    assert v["deals"] == [
        D(0, "annulled", [0, 0, 0], [(6, "deal_over"), (7, "deal_over")], [FALSE_PASS])
    ]
    v = judge("devynake", 3, [[*PROVEN, stand(1)]], options={"violation_penalty": "annul"})
    assert v["deals"][0]["rejected"] == [(5, "deal_over")]


# Bumas, two players: P0 draws at entry 1 although 9H fitted on 8H; playing it at entry 4
# proves the false draw. P1 goes out with entry 13: the deal is finished, P1 scores 1.
BUMAS = [
    {"type": "play", "player": 1, "card": "8H"},
    {"type": "draw", "player": 0, "count": 1},
    *[
        {"type": "play", "player": p, "card": c}
        for p, c in [
            (0, "8C"), (1, "9C"), (0, "9H"), (1, "KH"), (0, "5H"), (1, "5S"), (0, "2S"),
            (1, "2D"), (0, "3D"), (1, "3C"), (0, "4C"), (1, "4H"),
        ]
    ],
]  # fmt: skip
FALSE_DRAW = (1, 4, 0, "false_draw")
KEYS = ("event", "proof", "player", "code")


def test_a_finished_deal_takes_rulings_while_a_violation_waits():
    v = judge("bumas", 2, [[*BUMAS, {"type": "play", "player": 0, "card": "6C"}, stand(1)]])
    assert v["deals"] == [D(0, "finished", [0, 1], [(14, "deal_over")], [(*FALSE_DRAW, "stand")])]
    # Once every violation is decided the deal takes nothing, rulings included.
    v = judge("bumas", 2, [[*BUMAS, stand(1), stand(1), ANNUL]])
    assert v["deals"][0]["rejected"] == [(15, "deal_over"), (16, "deal_over")]
    # Under the points penalty nothing waits: the finished deal takes no ruling at all.
    v = judge("bumas", 2, [[*BUMAS, stand(1)]], options={"violation_penalty": "points"})
    assert v["deals"][0]["rejected"] == [(14, "deal_over")]


def test_annulling_a_finished_deal_takes_its_points_back_and_the_dealer_deals_again():
    v = judge("bumas", 2, [[*BUMAS, ANNUL], [{"type": "play", "player": 1, "card": "7H"}]])
    assert v == {
        "deals": [D(0, "annulled", [0, 0], [], [FALSE_DRAW]), D(0)],
        "totals": [0, 0],
        "finished": False,
        "winners": [],
    }


def test_annulling_the_deal_that_ended_the_match_reopens_it():
    """Bumas to one win: the deal that won it is annulled after its end; the match goes on
    and the next deal, by the same dealer, is played."""
    options = {"target": 1}
    v = judge("bumas", 2, [[*BUMAS]], options=options)
    assert (v["finished"], v["winners"], v["totals"]) == (True, [1], [0, 1])
    again = [{"type": "play", "player": 1, "card": "7H"}]
    v = judge("bumas", 2, [[*BUMAS, ANNUL], again], options=options)
    assert v == {
        "deals": [D(0, "annulled", [0, 0], [], [FALSE_DRAW]), D(0)],
        "totals": [0, 0],
        "finished": False,
        "winners": [],
    }


def test_a_stopped_match_takes_no_ruling_and_a_deal_after_the_end_none():
    match, _ = load(record("bumas", 2, [BUMAS], options={"target": 1}))
    match.start_deal()
    assert match.apply(ANNUL).refusal.code.value == "match_over"
    match, _ = load(record("bumas", 2, [BUMAS]))
    match.stop()
    assert match.apply(stand(1)).refusal.code.value == "match_over"


def test_the_verdict_marks_the_ruling_in_json_and_words(tmp_path):
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record("bumas", ["Ona", "Jonas"], [[*BUMAS, stand(1)]])))

    def run(*args: str) -> str:
        done = subprocess.run(
            [sys.executable, "-m", "rules", str(path), *args],
            capture_output=True,
            text=True,
            cwd=ROOT,
            check=True,
        )
        return done.stdout

    [violation] = json.loads(run())["deals"][0]["violations"]
    assert violation["ruling"] == "stand"
    assert "the table let it stand" in run("--text")
    assert "stalas nutarė palikti" in run("--text", "--lang", "lt")
    without = record("bumas", ["Ona", "Jonas"], [BUMAS])
    [waiting] = verdict(*load(without))["deals"][0]["violations"]
    assert "ruling" not in waiting


def test_the_store_keeps_rulings_through_play_resume_export_and_import(tmp_path):
    """A ruling is an entry like any other: stored with the deal, cached in its violations,
    read back on resume, exported and imported (RECORDS.md: the record is the match)."""
    path = tmp_path / "p.db"
    store = Store(path)
    try:
        [match_id] = store.import_records([record("bumas", ["Ona", "Jonas"], [BUMAS])])
        live = store.resume(match_id)
        assert [v.event for v in live.match.waiting(live.match.current)] == [1]
        assert live.add_entry(stand(1)).accepted
        assert not live.add_entry(stand(1)).accepted  # decided: the finished deal takes nothing
        [[cached]] = rows(str(path), "SELECT violations FROM deals")
        assert json.loads(cached) == [{**dict(zip(KEYS, FALSE_DRAW)), "ruling": "stand"}]
        exported = json.loads(store.export_record(match_id))
        assert exported["deals"][0]["events"][-1] == stand(1)
        [copy] = store.import_records([exported])
        assert json.loads(store.export_record(copy))["deals"] == exported["deals"]
    finally:
        store.close()
    store = Store(path)  # a restart: the ruling is read back, nothing waits
    try:
        live = store.resume(match_id)
        assert live.match.waiting(live.match.current) == []
    finally:
        store.close()


def test_annulling_after_the_end_rewrites_the_stored_outcome(tmp_path):
    store = Store(tmp_path / "p.db")
    try:
        [match_id] = store.import_records(
            [record("bumas", ["Ona", "Jonas"], [BUMAS], options={"target": 1})]
        )
        assert store.list_matches()[0].status == "finished"
        live = store.resume(match_id)
        outcome = live.add_entry(ANNUL)
        assert outcome.accepted and outcome.deal_ended and not live.match.finished
        [row] = store.list_matches()
        assert row.status == "open"
        live.start_deal()  # the match goes on: the same dealer deals again
        assert live.match.current.dealer == 0
    finally:
        store.close()
