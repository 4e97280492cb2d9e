"""The one record reader (``rules.reader``): its limits, and the same answer from the referee,
``main.py import`` and the app's import for the same bad file."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest
from conftest import ROOT, record

from app.model import AppModel
from models import Store
from rules.errors import ReadError
from rules.reader import MAX_BYTES, MAX_DEALS, MAX_DEPTH, MAX_ENTRIES, read_record

GOOD = json.dumps(record("devynake", 3, [[{"type": "play", "player": 1, "card": "9H"}]]))


def nested(depth: int) -> bytes:
    """A record whose one entry has a field nested so that the file is ``depth`` deep."""
    inner = "[" * (depth - 5) + "]" * (depth - 5)
    deals = '[{"events": [{"type": "annul", "x": %s}]}]' % inner
    return (
        json.dumps(record("devynake", 3, [])).replace('"deals": []', '"deals": ' + deals).encode()
    )


BAD = {
    "not UTF-8": b'{"format": 1, "game": "\xff"}',
    "not JSON": b'{"format": 1,',
    "too deep": nested(MAX_DEPTH + 1),
    "brackets": b"[" * 100_000,
    "long number": b'{"format": ' + b"9" * 5000 + b"}",
    "NaN": b'{"format": NaN}',
    "overflow": b'{"format": 1e400}',
    "lone surrogate": GOOD.replace('"P0"', '"\\ud800"').encode(),
    "not a record": b'{"format": 1, "game": "chess", "players": [], "options": {}, "deals": []}',
}


def test_what_it_takes():
    assert read_record(GOOD.encode()) == json.loads(GOOD)
    assert read_record(b"\xef\xbb\xbf" + GOOD.encode()) == json.loads(GOOD)  # a BOM
    assert read_record("\ufeff" + GOOD) == json.loads(GOOD)
    assert read_record(nested(MAX_DEPTH))["deals"][0]["events"][0]["type"] == "annul"
    assert read_record(b'{"a": "\\ud83d\\ude00", "b": "\\\\ud800"}') == {"a": "😀", "b": "\\ud800"}
    assert read_record(b'{"n": -99999999999999999999, "f": 1.5e-300}')["n"] == -(10**20 - 1)
    assert read_record(b'["[[[[", "}}}"]') == ["[[[[", "}}}"]  # brackets in text are text


@pytest.mark.parametrize(
    "data, reason",
    [
        (b" " * (MAX_BYTES + 1), "too_large"),
        (b"\xff", "not_utf8"),
        (b"\xef\xbb", "not_utf8"),
        (b"{nope", "not_json"),
        (b"", "not_json"),
        (nested(MAX_DEPTH + 1), "too_deep"),
        (b"[" * 100_000, "too_deep"),
        (b"9" * 21, "number_too_long"),
        (b"-1." + b"0" * 20, "number_too_long"),
        (b"[NaN]", "not_finite"),
        (b"[Infinity]", "not_finite"),
        (b"[-1e400]", "not_finite"),
        (b'["\\udc00"]', "lone_surrogate"),
        (b'{"\\ud800": 1}', "lone_surrogate"),
        (json.dumps({"deals": [{}] * (MAX_DEALS + 1)}).encode(), "too_many_deals"),
        (json.dumps({"deals": [{"events": [0] * (MAX_ENTRIES + 1)}]}).encode(), "too_many_entries"),
    ],
)
def test_what_it_refuses(data, reason):
    with pytest.raises(ReadError) as refused:
        read_record(data)
    assert refused.value.reason == reason
    for lang in ("en", "lt"):
        line = refused.value.line(lang)
        assert line and "\n" not in line


def test_a_five_million_digit_number_is_refused_at_once():
    data = b'{"format": 1, "deals": [{"events": [{"count": ' + b"7" * 5_000_000 + b"}]}]}"
    start = time.perf_counter()
    with pytest.raises(ReadError) as refused:
        read_record(data)
    took = time.perf_counter() - start
    assert refused.value.reason == "number_too_long"
    assert took < 1.0, f"{took:.2f} s"


# -- the three readers agree ------------------------------------------------------
def referee(path) -> str:
    run = subprocess.run(
        [sys.executable, "-m", "rules", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert run.returncode == 2 and run.stdout == "" and "Traceback" not in run.stderr
    [line] = run.stderr.splitlines()
    return line.removeprefix(f"{path}: ")


def importer(path, db, capfd) -> str:
    from app.cli import main

    good = path.with_name("good.json")
    good.write_text(GOOD, encoding="utf-8")
    status = main(["--db", str(db), "import", str(good), str(path)], prog="main.py")
    out, err = capfd.readouterr()
    assert status == 2 and out == "" and "Traceback" not in err
    [line] = err.splitlines()
    return line.removeprefix(f"main.py: {path}: ")


@pytest.mark.parametrize("name", sorted(BAD))
def test_the_referee_main_import_and_the_app_give_one_answer(name, tmp_path, capfd):
    """RECORDS.md: exit status "2 when the file is not a match record …: then one line on
    stderr says what and where, and nothing on stdout. It never prints a traceback for bad
    input." The same line from ``main.py import``, which creates no database for it, and the
    same problem in the app's message, which stores nothing of the files it was given."""
    path = tmp_path / "bad.json"
    path.write_bytes(BAD[name])
    db = tmp_path / "p.db"
    said = referee(path)
    assert importer(path, db, capfd) == said
    assert not db.exists()  # nothing is created for a file that is not taken
    store = Store(db)
    try:
        app = AppModel.start(store, None, local=False)
        app.lang = "en"
        app.import_files([GOOD.encode(), BAD[name]])
        assert said.removeprefix("not a match record: ") in app.message
        assert store.list_matches() == []  # all or nothing
    finally:
        store.close()
