"""Every shared sample scenario, through the same command line the contract names."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from conftest import ROOT, SCENARIOS

CHECKER = SCENARIOS.parent / "tools" / "check_scenarios.py"
NAMES = sorted(p.name.removesuffix(".expected.json") for p in SCENARIOS.glob("*.expected.json"))


def test_scenarios_exist():
    assert NAMES, f"no scenarios in {SCENARIOS}"


def _known(name: str) -> None:
    from rules import GAMES

    game = json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))["game"]
    if game not in GAMES:
        pytest.skip(f"the {game} engine is not written yet")


@pytest.mark.parametrize("name", NAMES)
def test_scenario_verdict(name, tmp_path):
    """Run the shared checker on one scenario: its closing line must say it passed."""
    _known(name)
    folder = tmp_path / name
    folder.mkdir()
    for suffix in (".json", ".expected.json"):
        (folder / f"{name}{suffix}").write_bytes((SCENARIOS / f"{name}{suffix}").read_bytes())
    run = subprocess.run(
        [sys.executable, str(CHECKER), "--cmd", f"{sys.executable} -m rules", str(folder)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.strip().endswith("1 passed, 0 failed")


@pytest.mark.parametrize("name", NAMES)
def test_scenario_lithuanian_messages(name):
    """The same verdict in Lithuanian: same codes, every message non-empty and different text."""
    _known(name)
    base = [sys.executable, "-m", "rules", str(SCENARIOS / f"{name}.json")]
    en = json.loads(subprocess.run(base, capture_output=True, text=True, cwd=ROOT).stdout)
    lt = json.loads(
        subprocess.run(base + ["--lang", "lt"], capture_output=True, text=True, cwd=ROOT).stdout
    )
    for d_en, d_lt in zip(en["deals"], lt["deals"]):
        for key in ("rejected", "violations"):
            assert [r["code"] for r in d_en[key]] == [r["code"] for r in d_lt[key]]
            for a, b in zip(d_en[key], d_lt[key]):
                assert a["message"] and b["message"] and a["message"] != b["message"]
