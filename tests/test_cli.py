"""The headless referee's command line: exit codes, stderr, and never a traceback."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from conftest import ROOT, record
from referee_cli import referee_cli


def run(tmp_path, content, *args, raw=False):
    path = tmp_path / "record.json"
    if raw:
        path.write_bytes(content)
    else:
        path.write_text(json.dumps(content), encoding="utf-8")
    return referee_cli(str(path), *args)


GOOD = record("devynake", ["Ona", "Jonas", "Rūta"], [[{"type": "play", "player": 1, "card": "9H"}]])


def test_verdict_json(tmp_path):
    out = run(tmp_path, GOOD)
    assert out.returncode == 0 and out.stderr == ""
    verdict = json.loads(out.stdout)
    assert verdict["players"] == ["Ona", "Jonas", "Rūta"]
    assert verdict["deals"][0] == {
        "dealer": 0,
        "status": "open",
        "points": None,
        "rejected": [],
        "violations": [],
    }
    assert verdict["totals"] == [0, 0, 0] and verdict["finished"] is False
    assert verdict["winners"] == []


def test_text_verdict_in_both_languages(tmp_path):
    bad = record(
        "devynake", ["Ona", "Jonas", "Rūta"], [[{"type": "play", "player": 1, "card": "8H"}]]
    )
    en = run(tmp_path, bad, "--text")
    lt = run(tmp_path, bad, "--text", "--lang", "lt")
    assert en.returncode == lt.returncode == 0
    assert "not_playable" in en.stdout and "nine" in en.stdout
    assert "devynakė" in lt.stdout and "Žaidimas tęsiasi" in lt.stdout


@pytest.mark.parametrize(
    "content, where",
    [
        (b"{not json", "not JSON"),
        (b"\xff\xfe\x00", "not UTF-8"),
        (b"[1, 2]", "object"),
        (b"[" * 100000, "not JSON"),
    ],
)
def test_not_json(tmp_path, content, where):
    out = run(tmp_path, content, raw=True)
    assert out.returncode == 2 and out.stdout == ""
    assert where in out.stderr and "Traceback" not in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize(
    "change, where",
    [
        ({"format": 2}, "format"),
        ({"format": "1"}, "format"),
        ({"game": "poker"}, "unknown game"),
        ({"game": 5}, "game"),
        ({"players": "Ona"}, "players"),
        ({"players": ["Ona", "Jonas"]}, "3–5"),
        ({"players": ["A"] * 11}, "players"),
        ({"options": {"deck": 52}}, "deck"),
        ({"options": {"colour": "red"}}, "unknown option"),
        ({"options": {"deals": 0}}, "deals"),
        ({"options": {"deals": True}}, "deals"),
        ({"options": {"violation_penalty": "shout"}}, "violation_penalty"),
        ({"options": []}, "options"),
        ({"deals": {}}, "deals"),
        ({"deals": [[]]}, "deals[0]"),
        ({"first_dealer": 3}, "first_dealer"),
        ({"first_dealer": "0"}, "first_dealer"),
        ({"stopped": "yes"}, "stopped"),
    ],
)
def test_not_a_record(tmp_path, change, where):
    out = run(tmp_path, {**GOOD, **change})
    assert out.returncode == 2 and out.stdout == ""
    assert where in out.stderr and "Traceback" not in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1


def test_missing_options_is_invalid(tmp_path):
    content = dict(GOOD)
    del content["options"]
    out = run(tmp_path, content)
    assert out.returncode == 2 and "options" in out.stderr


def test_missing_file(tmp_path):
    out = subprocess.run(
        [sys.executable, "-m", "rules", str(tmp_path / "nope.json")],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert out.returncode == 2 and out.stdout == "" and "cannot read" in out.stderr


@pytest.mark.parametrize("args", [[], ["--lang", "fr", "x.json"], ["x.json", "--nope"]])
def test_bad_arguments_are_one_line_and_exit_2(args):
    out = subprocess.run(
        [sys.executable, "-m", "rules", *args], capture_output=True, text=True, cwd=ROOT
    )
    assert out.returncode == 2 and out.stdout == ""
    [line] = out.stderr.splitlines()
    assert line.startswith("rules: ") and "Traceback" not in out.stderr


@pytest.mark.parametrize(
    "event",
    [
        "play",
        5,
        None,
        [],
        {},
        {"type": "jump", "player": 0},
        {"type": "buy", "player": 1},  # another game's entry
        {"type": "play", "player": 7, "card": "9H"},
        {"type": "play", "player": -1, "card": "9H"},
        {"type": "play", "player": True, "card": "9H"},
        {"type": "play", "player": 1},
        {"type": "play", "player": "1", "card": "9H"},
        {"type": "play", "player": 1, "card": 9},
        {"type": "pass"},
    ],
)
def test_bad_entries_are_refused_not_fatal(tmp_path, event):
    content = record("devynake", 3, [[event, {"type": "play", "player": 1, "card": "9H"}]])
    out = run(tmp_path, content)
    assert out.returncode == 0, out.stderr
    deal = json.loads(out.stdout)["deals"][0]
    assert [(r["event"], r["code"]) for r in deal["rejected"]] == [(0, "bad_event")]


@pytest.mark.parametrize("card", ["1H", "XX", "5H", "2S"])
def test_bad_cards(tmp_path, card):
    content = record("devynake", 3, [[{"type": "play", "player": 1, "card": card}]])
    deal = json.loads(run(tmp_path, content).stdout)["deals"][0]
    assert [(r["event"], r["code"]) for r in deal["rejected"]] == [(0, "bad_card")]


def test_a_byte_order_mark_is_not_part_of_the_record(tmp_path):
    out = run(tmp_path, "\ufeff".encode() + json.dumps(GOOD).encode(), raw=True)
    assert out.returncode == 0 and json.loads(out.stdout)["game"] == "devynake"
