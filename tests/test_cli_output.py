"""Output that cannot lie: one line per match whatever a name holds; a closed or full output
is one line on stderr and a non-zero exit, never a traceback."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys

import pytest
from conftest import ROOT, SCENARIOS

from app.cli import one_line
from models import Store


def cli(db, *args, stdout=subprocess.PIPE):
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--db", str(db), *args],
        stdout=stdout,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        timeout=120,
        check=False,
    )


@pytest.fixture
def db(tmp_path):
    path = tmp_path / "partija.db"
    store = Store(path)
    store.import_records([json.loads((SCENARIOS / "devynake-full-deal.json").read_bytes())])
    store.close()
    return path


def test_one_line_escapes_what_could_forge_a_line():
    assert one_line("Ona") == "Ona"
    assert one_line("Rūta Žemaitė") == "Rūta Žemaitė"
    assert one_line("Ona\n2\tx") == "Ona\\n2\\tx"
    assert one_line("\x1b[31mred") == "\\x1b[31mred"
    assert one_line("a\u202eb") == "a\\u202eb"


def test_a_name_kept_by_an_older_version_cannot_forge_lines(db):
    # Names are cleaned on the way in now; a database written before may still hold one.
    with sqlite3.connect(db) as raw:
        raw.execute("UPDATE players SET name = ? WHERE name = 'Ona'", ("Ona\n99\tfake\x1b[2J",))
    run = cli(db, "matches")
    assert run.returncode == 0, run.stderr
    lines = run.stdout.decode().splitlines()
    assert len(lines) == 1
    assert "\\n99\\tfake\\x1b[2J" in lines[0] and "\x1b" not in lines[0]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full on this system")
def test_a_full_output_is_one_line_and_exit_2(db):
    with open("/dev/full", "wb") as full:
        run = cli(db, "export", "1", stdout=full)
    assert run.returncode == 2
    [line] = run.stderr.decode().splitlines()
    assert line.startswith("main.py: cannot write the output:")


def test_a_closed_output_is_one_line_and_nonzero(db):
    read_end, write_end = os.pipe()
    os.close(read_end)  # as `| head -c1` does once it has its byte
    try:
        run = cli(db, "matches", stdout=write_end)
    finally:
        os.close(write_end)
    assert run.returncode == 2
    [line] = run.stderr.decode().splitlines()
    assert "cannot write the output" in line


def referee(*args, stdout):
    return subprocess.run(
        [sys.executable, "-m", "rules", str(SCENARIOS / "devynake-full-deal.json"), *args],
        stdout=stdout,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        timeout=120,
        check=False,
    )


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full on this system")
@pytest.mark.parametrize("form", [(), ("--text",)], ids=["json", "text"])
def test_the_referee_into_a_full_output_says_so_in_one_line(form):
    with open("/dev/full", "wb") as full:
        run = referee(*form, stdout=full)
    assert run.returncode == 1
    [line] = run.stderr.decode().splitlines()
    assert line == "rules: cannot write the verdict: No space left on device"


def test_the_referee_into_a_closed_pipe_says_so_in_one_line():
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        run = referee(stdout=write_end)
    finally:
        os.close(write_end)
    assert run.returncode == 1
    [line] = run.stderr.decode().splitlines()
    assert line.startswith("rules: cannot write the verdict:")
