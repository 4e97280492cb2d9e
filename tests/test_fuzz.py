"""The fuzzing campaign (``bench/fuzz.py``): a small run finds nothing, and the campaign does
find a target that breaks its promises.

The full campaign (100 000 cases, minutes) is marked ``campaign`` and left out of the
default run: ``uv run pytest -m campaign``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench import fuzz
from models.live import LiveMatch
from rules.match import Match


def test_a_small_campaign_finds_nothing(tmp_path):
    report = fuzz.campaign(seed=1, cases=500, workers=1, cli_every=125, workdir=str(tmp_path))
    assert report.findings == [], report.text()
    assert report.done == 500 and not report.timed_out
    for name in [*fuzz.TARGETS, "referee (subprocess)"]:
        assert report.counts[f"target {name}"] > 0, name
    for game in ("bumas", "devynake", "domino", "ramsas"):
        assert report.counts[f"game {game}"] > 0, game
    assert report.counts["file accepted"] > 0 and report.counts["entry accepted"] > 0
    assert "findings: 0" in report.text()


def test_the_same_seed_makes_the_same_cases():
    """A pool built anew is the pool the campaigns of this process share (seed 1)."""
    pool = fuzz.shared_pool(1)
    again = fuzz.build_pool(1)
    for number in (0, 1, 17, 999):
        a, b = fuzz.make_case(1, number, pool), fuzz.make_case(1, number, again)
        assert (a.target, a.mutations, a.reproducer()) == (b.target, b.mutations, b.reproducer())


def test_a_referee_that_raises_is_a_finding(tmp_path, monkeypatch):
    apply = Match.apply

    def broken(self, raw):  # a KeyError for one kind of broken entry
        if isinstance(raw, dict) and raw.get("player") == -1:
            raise KeyError("player")
        return apply(self, raw)

    monkeypatch.setattr(Match, "apply", broken)
    report = fuzz.campaign(seed=1, cases=200, workers=1, cli_every=0, workdir=str(tmp_path))
    found = [f for f in report.findings if "KeyError" in f["what"]]
    assert found, report.text()
    first = found[0]
    assert Path(first["file"]).is_file() and "Traceback" in first["trace"]
    assert f"--seed 1 --only {first['case']}" in report.text()
    # the case again, alone, by its number: the same finding
    alone = fuzz.campaign(seed=1, workers=1, cli_every=0, only=first["case"], workdir=str(tmp_path))
    assert [f["what"] for f in alone.findings] == [first["what"]]


def test_a_refused_entry_that_changes_the_live_match_is_a_finding(tmp_path, monkeypatch):
    add_entry = LiveMatch.add_entry

    def leaky(self, raw):  # a refusal that still counts a point
        outcome = add_entry(self, raw)
        if outcome.refusal is not None:
            self.match.totals[0] += 1
        return outcome

    monkeypatch.setattr(LiveMatch, "add_entry", leaky)
    report = fuzz.campaign(seed=1, cases=200, workers=1, cli_every=0, workdir=str(tmp_path))
    assert any(f["target"] == "live" and "changed" in f["what"] for f in report.findings)
    case = next(f for f in report.findings if f["target"] == "live")
    record = json.loads(Path(case["file"]).read_text(encoding="utf-8"))
    assert record["game"] == case["game"]  # the reproducer is the entries as a record


def test_a_case_over_its_time_bound_is_a_finding(tmp_path, monkeypatch):
    read_record = fuzz.read_record

    def slow(data):
        if b"\xef\xbb\xbf" in data:  # a byte-order mark: one kind of case
            while True:  # a target that spins, made so: the case's CPU bound must cut it
                pass
        return read_record(data)

    monkeypatch.setattr(fuzz, "read_record", slow)
    report = fuzz.campaign(
        seed=1, cases=120, workers=1, cli_every=0, case_seconds=0.5, workdir=str(tmp_path)
    )
    found = [f["what"] for f in report.findings]
    assert any("no answer within 0.5 s of CPU time" in what for what in found), report.text()


def test_a_failing_campaign_exits_1(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(fuzz, "read_record", lambda data: {}["missing"])
    # seed 1: the pool the other campaigns of this process built (``fuzz.shared_pool``)
    argv = ["--seed", "1", "--cases", "20", "--workers", "1", "--cli-every", "0"]
    argv += ["--workdir", str(tmp_path)]
    assert fuzz.main(argv) == 1
    assert "unexpected KeyError" in capsys.readouterr().out


@pytest.mark.campaign
def test_the_full_campaign_finds_nothing():
    report = fuzz.campaign(seed=0, cases=fuzz.DEFAULT_CASES, workers=2)
    print(report.text())
    assert report.findings == [], report.text()
    assert report.done == fuzz.DEFAULT_CASES
