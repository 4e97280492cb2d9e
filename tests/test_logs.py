"""The fault log beside the database: every fault the user is told of is written there too."""

from __future__ import annotations

import logging
import subprocess
import sys

from conftest import ROOT, main_process


class Kept(logging.Handler):
    """A handler that keeps what it is given, for a test to read."""

    def __init__(self) -> None:
        super().__init__()
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


def test_a_fault_is_told_and_logged_with_its_context(tmp_path):
    db = tmp_path / "partija.db"
    run = main_process("--db", str(db), "export", "7")
    assert run.returncode == 2 and "no match 7" in run.stderr
    text = (tmp_path / "partija.log").read_text(encoding="utf-8")
    assert "WARNING" in text and "export 7" in text and "no match 7" in text


def test_a_bad_file_is_logged_with_its_name(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    run = main_process("--db", str(tmp_path / "partija.db"), "import", str(bad))
    assert run.returncode == 2
    assert str(bad) in (tmp_path / "partija.log").read_text(encoding="utf-8")


def test_an_unwritable_log_folder_does_not_stop_anything(tmp_path):
    (tmp_path / "blocked").write_text("a file where the folder would be")
    run = main_process("--db", str(tmp_path / "blocked" / "partija.db"), "matches")
    assert run.returncode == 2  # the database cannot be there either: one line, no traceback
    assert "Traceback" not in run.stderr
    assert "no log file" in run.stderr


def test_the_log_rotates(tmp_path):
    from app import logs

    code = (
        "import logging, sys, pathlib; sys.path.insert(0, sys.argv[2]);"
        "from app.logs import start_logging, log;"
        "start_logging(pathlib.Path(sys.argv[1]));"
        f"[log.warning('x' * 1000) for _ in range({logs.MAX_BYTES // 1000 * 2})]"
    )
    subprocess.run([sys.executable, "-c", code, str(tmp_path), str(ROOT)], check=True, timeout=60)
    assert (tmp_path / "partija.log").exists() and (tmp_path / "partija.log.1").exists()
    assert (tmp_path / "partija.log").stat().st_size <= logs.MAX_BYTES + 2000


def test_a_log_that_cannot_be_written_says_nothing(tmp_path):
    """The log's disk is full (here its file is /dev/full): the fault the user is told is
    the one line on stderr, never logging's own "--- Logging error ---" and traceback."""
    import os

    if not os.path.exists("/dev/full"):
        import pytest

        pytest.skip("no /dev/full here")
    (tmp_path / "partija.log").symlink_to("/dev/full")
    run = main_process("--db", str(tmp_path / "partija.db"), "export", "7")
    assert run.returncode == 2
    assert run.stderr.splitlines() == ["main.py: no match 7"]


def test_a_task_that_failed_unawaited_is_logged(tmp_path):
    """Flet runs a route change as a task nobody awaits: its failure must leave a trace."""
    code = (
        "import asyncio, gc, sys, pathlib; sys.path.insert(0, sys.argv[2]);"
        "from app.logs import start_logging, log_loop_faults;"
        "start_logging(pathlib.Path(sys.argv[1]));"
        "loop = asyncio.new_event_loop(); log_loop_faults(loop); log_loop_faults(loop);"
        "exec('async def fail():\\n    raise ValueError(\"a drawing that failed\")');"
        # Waited for, never asked for its result: its exception is never retrieved.
        "task = loop.create_task(fail()); loop.run_until_complete(asyncio.wait([task]));"
        "del task; gc.collect(); loop.close()"
    )
    run = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    logged = (tmp_path / "partija.log").read_text()
    assert logged.count("uncaught exception in the event loop") == 1  # one handler a loop
    assert "ValueError: a drawing that failed" in logged
    assert "a drawing that failed" in run.stderr  # and still where asyncio says it


def test_a_screen_whose_drawing_stops_is_logged(tmp_path):
    """An exception in a drawing ends the session's one drawing task (Flet's own, named
    privately): the screen would freeze. The log says so, with the exception, and the
    drawing starts again."""
    import asyncio
    import random

    from bench.tap import Table, stored

    class Broken:
        def update(self) -> None:
            raise ValueError("a drawing that failed")

    kept = Kept()
    logging.getLogger("partija").addHandler(kept)

    async def run() -> None:
        table = Table("10", tmp_path / "p.db", stored(2, random.Random(1)))
        table.start()
        await table.open()  # the app draws: its drawing task is alive
        table.session.schedule_update(Broken())  # type: ignore[arg-type]
        for _ in range(20):
            await asyncio.sleep(0)
        for _ in range(3):  # and the screen draws on: each tap is answered (none hangs)
            await asyncio.wait_for(table.tap(True), 30)
        assert len(table.taps) >= 2  # (a deal's end draws no card tap)

    try:
        asyncio.run(run())
    finally:
        logging.getLogger("partija").removeHandler(kept)
    [record] = [r for r in kept.records if "stopped drawing" in r.getMessage()]
    assert "a drawing that failed" in record.getMessage() and record.exc_info


def test_a_screen_whose_browser_left_mid_drawing_is_one_line(tmp_path):
    """A watcher's phone closed while the server drew its screen: Flet's web connection
    has dropped its send queue before the session is told, and the drawing fails on it.
    That is no fault: one line at INFO, no traceback; and the drawing starts again (the
    phone may come back to the same session)."""
    import asyncio
    import random

    from bench.tap import Table, stored

    class Gone:
        def update(self) -> None:  # as Flet 1.0.5's send fails on the dropped queue
            raise AttributeError("'NoneType' object has no attribute 'put_nowait'")

    kept = Kept()
    logger = logging.getLogger("partija")
    level = logger.level
    logger.addHandler(kept)
    logger.setLevel(logging.INFO)

    async def run() -> None:
        table = Table("10", tmp_path / "p.db", stored(2, random.Random(1)))
        table.start()
        await table.open()
        wire = table.session.connection
        wire._FletApp__send_queue = None  # as Flet's web connection leaves it, closed
        table.session.schedule_update(Gone())  # a drawing meets it
        for _ in range(20):
            await asyncio.sleep(0)
        del wire._FletApp__send_queue  # the phone is back
        await asyncio.wait_for(table.tap(True), 30)  # and its screen draws on
        assert table.taps

    try:
        asyncio.run(run())
    finally:
        logger.removeHandler(kept)
        logger.setLevel(level)
    said = [r for r in kept.records if "drawn" in r.getMessage() or "drawing" in r.getMessage()]
    assert [(r.levelno, r.exc_info) for r in said] == [(logging.INFO, None)], said
    assert "left while it was drawn" in said[0].getMessage()
