"""The browser tests' servers are forked from a zygote that imported the app (``app_server``):
a forked server must do and say what ``main.py`` run with the same arguments and
environment does, and end as it ends."""

from __future__ import annotations

import contextlib
import os
import re
import subprocess
import sys

import app_server
import pytest
from conftest import ROOT
from webapp import READY, app_port

from models import Store


def store_with(path, game: str, players: list[str]) -> None:
    store = Store(path)
    store.create_match(game=game, players=players, first_dealer=0)
    store.close()


def forked(argv: list[str], env: dict[str, str], log) -> tuple[int, str]:
    server = app_server.start(argv, env, log)
    code = server.wait(app_server.TIMEOUT_S)
    return code, log.read_text()


def spawned(argv: list[str], env: dict[str, str]) -> tuple[int, str]:
    run = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *argv],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        check=False,
    )
    return run.returncode, run.stdout.decode()


def test_a_forked_server_says_what_main_py_says_with_the_same_environment(tmp_path):
    """Two stores, each named by its environment only: each run lists its own store's
    match, word for word as ``main.py`` does; a bad command fails as it fails."""
    store_with(tmp_path / "a.db", "devynake", ["Ona", "Jonas", "Rūta"])
    store_with(tmp_path / "b.db", "domino", ["Petras", "Asta"])
    for name, player, other in (("a", "Rūta", "Asta"), ("b", "Asta", "Rūta")):
        env = {**os.environ, "PARTIJA_DB": str(tmp_path / f"{name}.db"), "LANG": "en_US"}
        listing = spawned(["matches"], env)
        assert listing[0] == 0 and player in listing[1] and other not in listing[1], listing
        assert forked(["matches"], env, tmp_path / f"{name}-matches.log") == listing
    failed = spawned(["export", "7"], env)
    assert failed[0] == 2, failed
    assert forked(["export", "7"], env, tmp_path / "export.log") == failed


@pytest.mark.parametrize("kill, code", [(False, 0), (True, -9)])
def test_a_forked_web_server_serves_and_ends_as_main_py(tmp_path, kill, code):
    """Ready on its port, it ends by itself on SIGTERM (exit 0, nothing left unsaid in
    its log), or is killed as a phone dies."""
    log = tmp_path / "server.log"
    env = {**os.environ, "PARTIJA_DB": str(tmp_path / "partija.db")}
    with app_port() as port:
        server = app_server.start(["--web", "--port", str(port)], env, log)
        while not READY.search(log.read_bytes()):
            assert server.poll() is None, log.read_text()
            server_wait_briefly(server)
        app_server.stop(server, kill=kill)
    assert server.poll() == code
    if not kill:
        assert "Traceback" not in log.read_text()
        assert re.search(rf"Partija: http://127\.0\.0\.1:{port}\b", log.read_text())


def server_wait_briefly(server: app_server.Server) -> None:
    """Let the server run a moment (it ends only when told to: the wait always runs out)."""
    with contextlib.suppress(subprocess.TimeoutExpired):
        server.wait(0.02)
