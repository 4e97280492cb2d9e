"""Sample scenarios through the command line the contract names (``python -m rules``).

The project's own copies in ``tests/scenarios`` run everywhere; the shared folder's
scenarios, with the shared checker, run as well wherever ``../shared`` is present.
"""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys

import pytest
from conftest import ROOT, SCENARIOS, need_shared
from referee_cli import referee_cli

NAMES = sorted(p.name.removesuffix(".expected.json") for p in SCENARIOS.glob("*.expected.json"))


def referee(record: pathlib.Path, *args: str) -> dict:
    run = referee_cli(str(record), *args)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def digest(verdict: dict) -> dict:
    """The parts of a verdict a scenario fixes (the shared checker compares the same)."""
    return {
        "deals": [
            {
                "dealer": d.get("dealer"),
                "status": d.get("status"),
                "points": d.get("points"),
                "rejected": sorted([r["event"], r["code"]] for r in d.get("rejected", [])),
                "violations": sorted(
                    [v["event"], v["proof"], v["player"], v["code"], v.get("ruling", "")]
                    for v in d.get("violations", [])
                ),
            }
            for d in verdict.get("deals", [])
        ],
        "totals": verdict.get("totals"),
        "finished": verdict.get("finished"),
        "winners": sorted(verdict.get("winners") or []),
    }


def test_the_project_keeps_its_samples():
    assert len(NAMES) >= 5, f"sample scenarios missing from {SCENARIOS}"
    games = {json.loads((SCENARIOS / f"{n}.json").read_bytes())["game"] for n in NAMES}
    assert games == {"ramsas", "bumas", "devynake", "domino"}


@pytest.mark.parametrize("name", NAMES)
def test_scenario_verdict(name):
    expected = json.loads((SCENARIOS / f"{name}.expected.json").read_text(encoding="utf-8"))
    assert digest(referee(SCENARIOS / f"{name}.json")) == digest(expected)


@pytest.mark.parametrize("name", NAMES)
def test_scenario_lithuanian_messages(name):
    """The same verdict in Lithuanian: same codes, every message non-empty and different text."""
    en = referee(SCENARIOS / f"{name}.json")
    lt = referee(SCENARIOS / f"{name}.json", "--lang", "lt")
    assert digest(en) == digest(lt)
    for d_en, d_lt in zip(en["deals"], lt["deals"]):
        for key in ("rejected", "violations"):
            for a, b in zip(d_en[key], d_lt[key]):
                assert a["message"] and b["message"] and a["message"] != b["message"]


def test_the_rulings_and_the_seeds_options_have_samples():
    """Issue 25: rulings after a deal's end and each seed option have scenarios here."""
    records = [json.loads((SCENARIOS / f"{n}.json").read_bytes()) for n in NAMES]
    events = [e for r in records for d in r["deals"] for e in d["events"]]
    assert {"stand", "annul"} <= {e.get("type") for e in events}
    given = {name for r in records for name in r["options"]}
    assert {"instant_win", "forgot_waiver", "ace_declare", "bank_shares"} <= given


def test_every_shared_scenario_with_the_shared_checker(tmp_path):
    """Where ``../shared`` is present, all its scenarios and the project's own pass its
    checker."""
    checker = need_shared("tools/check_scenarios.py")
    folder = need_shared("scenarios")
    run = subprocess.run(
        [
            sys.executable,
            str(checker),
            "--cmd",
            f"{sys.executable} -m rules",
            str(folder),
            str(SCENARIOS),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.strip().splitlines()[-1].endswith(" 0 failed")
