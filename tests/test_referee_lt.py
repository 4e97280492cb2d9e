"""``python -m rules --lang lt`` says what the app says, and changes nothing but the messages."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from conftest import ROOT, SCENARIOS
from referee_cli import referee_cli

from app.i18n import tr
from app.notices import sentence
from app.table.model import TableModel
from models import Store

RECORDS = sorted(p for p in SCENARIOS.glob("*.json") if not p.name.endswith(".expected.json"))


def referee(path, *args):
    out = referee_cli(str(path), *args)
    assert out.returncode == 0, out.stderr
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
            refused = tr("lt", "history.refused", reason=sentence(r["message"]))
            assert f"{r['event'] + 1}. {refused}" in lines
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
        runs = [referee_cli(str(path), *args) for args in ((), ("--lang", "lt"))]
        assert [run.returncode for run in runs] == [2, 2]
        assert english in runs[0].stderr and lithuanian in runs[1].stderr


def lone_player_record(**top):
    """A Ramsas record in which Jogaila is refused a card because of a trump known to be his."""
    record = json.loads((SCENARIOS / "ramsas-two-players.json").read_text(encoding="utf-8"))
    return {**record, "players": ["Ona", "Jogaila"], **top}


@pytest.mark.parametrize(
    ("genders", "pronoun"), [(None, "jo"), (["f", "m"], "jo"), (["f", "f"], "jos")]
)
def test_a_records_genders_choose_the_wording(tmp_path, genders, pronoun):
    record = lone_player_record(**({} if genders is None else {"genders": genders}))
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    said = [r["message"] for d in referee(path, "--lang", "lt")["deals"] for r in d["rejected"]]
    about = [m for m in said if m.startswith("Jogaila") and (" jo " in m or " jos " in m)]
    assert about and all(f" {pronoun} " in m for m in about), said


@pytest.mark.parametrize("genders", [["f"], ["f", "m", "m"], ["f", "x"], "fm", None, [1, 0]])
def test_genders_of_another_length_or_value_make_the_file_invalid(tmp_path, genders):
    path = tmp_path / "r.json"
    path.write_text(json.dumps(lone_player_record(genders=genders)), encoding="utf-8")
    run = referee_cli(str(path), "--lang", "lt")
    assert run.returncode == 2 and run.stdout == ""
    assert "„genders“ turi būti sąrašas" in run.stderr and len(run.stderr.splitlines()) == 1


def test_the_referee_needs_nothing_but_the_standard_library(tmp_path):
    """``python -S`` leaves out every installed package: the rules' catalogues are read with
    ``gettext`` alone, from the package's own folder (a checkout needs no build step)."""
    path = SCENARIOS / "ramsas-two-players.json"
    run = subprocess.run(
        [sys.executable, "-S", "-m", "rules", str(path), "--text", "--lang", "lt"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("Partija 1 (dalija ") and "taškai:" in run.stdout
