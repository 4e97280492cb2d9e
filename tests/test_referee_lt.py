"""``python -m rules --lang lt`` says what the app says, and changes nothing but the messages."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from conftest import ROOT, SCENARIOS

from app.notices import sentence
from app.table.model import TableModel
from models import Store

RECORDS = sorted(p for p in SCENARIOS.glob("*.json") if not p.name.endswith(".expected.json"))


def referee(path, *args):
    out = subprocess.run(
        [sys.executable, "-m", "rules", str(path), *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=True,
    )
    return json.loads(out.stdout)


def without_messages(verdict):
    for deal in verdict["deals"]:
        for item in deal["rejected"] + deal["violations"]:
            item.pop("message")
    return verdict


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_the_lithuanian_verdict_has_the_apps_sentences(path, tmp_path):
    lt, en = referee(path, "--lang", "lt"), referee(path)
    store = Store(tmp_path / "p.db")
    [match_id] = store.import_records([json.loads(path.read_text(encoding="utf-8"))])
    table = TableModel(store.replay(match_id), "lt")
    said = 0
    for number, deal in enumerate(lt["deals"]):
        lines = table.deal_lines(number)
        for r in deal["rejected"]:
            assert f"{r['event'] + 1}. atmesta: {sentence(r['message'])}" in lines
            said += 1
        for v in deal["violations"]:
            assert f"   ! {sentence(v['message'])}" in lines
            said += 1
    store.close()
    assert said
    assert without_messages(lt) == without_messages(en)


def test_a_bad_file_is_said_in_lithuanian_only_when_asked(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": }', encoding="utf-8")
    for path, english, lithuanian in (
        (bad, "not JSON: Expecting value", "ne JSON: trūksta reikšmės"),
        (tmp_path / "none.json", "No such file or directory", "tokio failo nėra"),
    ):
        runs = [
            subprocess.run(
                [sys.executable, "-m", "rules", str(path), *args],
                capture_output=True,
                text=True,
                cwd=ROOT,
                timeout=60,
            )
            for args in ((), ("--lang", "lt"))
        ]
        assert [run.returncode for run in runs] == [2, 2]
        assert english in runs[0].stderr and lithuanian in runs[1].stderr
