"""SIGTERM and SIGINT end the served app, in every state its connections can leave it in.

Each test starts ``main.py --web`` (with and without ``--club``), brings it to one
state – idle; after malformed WebSocket frames, one connection left open without
ever registering; with a live watcher beside one that vanished while the table was
storing entries – then sends the signal and waits for the process to end by
itself. The server promises to end within 5 s (``app.server.DEADLINE``); the test
waits up to a minute, so that a busy machine cannot fail it, and prints the time
measured (``-s`` shows it). A process still there after a minute is killed and the
test fails.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import SCENARIOS
from webapp import (
    PHONE,
    READY,
    ROOT,
    another_page,
    app_port,
    browser_page,
    by_id,
    need_browser,
    open_app,
    tap,
    type_into,
    wait_label,
)

from models.club import SETTING, Club

PIN = "2468"
SIGNALS = {"SIGTERM": signal.SIGTERM, "SIGINT": signal.SIGINT}
PROMISED = 5.0  # seconds: what the server promises
WAITED = 60.0  # seconds: how long the test waits before it calls the server stuck


@dataclass
class Served:
    proc: subprocess.Popen[bytes]
    url: str
    folder: Path
    match_id: int
    club: Club
    output: list[str]

    def stop(self, name: str) -> float:
        """Send the signal; the seconds until the process had ended by itself."""
        start = time.monotonic()
        self.proc.send_signal(SIGNALS[name])
        try:
            code = self.proc.wait(WAITED)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(10)
            pytest.fail(f"{name} did not end the server in {WAITED:.0f} s")
        took = time.monotonic() - start
        assert code == 0, (code, self.log())
        return took

    def log(self) -> str:
        fault_log = self.folder / "partija.log"
        written = fault_log.read_text(errors="replace") if fault_log.exists() else ""
        return "".join(self.output) + written


def setup_store(folder: Path) -> tuple[int, Club]:
    """A club and a devynakė match whose first deal has started."""
    from models import Store

    store = Store(folder / "partija.db")
    club = Club.new("Kortų klubas", PIN)
    store.save_setting(SETTING, club.setting())
    record = json.loads((SCENARIOS / "devynake-full-deal.json").read_text(encoding="utf-8"))
    live = store.create_match(
        game="devynake", players=record["players"], first_dealer=record["first_dealer"]
    )
    live.start_deal()
    store.close()
    return live.match_id, club


@contextlib.contextmanager
def served(folder: Path, club: bool) -> Iterator[Served]:
    with app_port() as port:
        yield from _served_on(port, folder, club)


def _served_on(port: int, folder: Path, club: bool) -> Iterator[Served]:
    match_id, the_club = setup_store(folder)
    env = {**os.environ, "PARTIJA_DB": str(folder / "partija.db")}
    env.pop("DISPLAY", None)
    mode = ["--web", "--club"] if club else ["--web"]
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), *mode, "--port", str(port)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    output: list[str] = []
    ready: queue.Queue[str | None] = queue.Queue()

    def copy() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            output.append(line.decode(errors="replace"))
            found = READY.search(line)
            if found:
                ready.put(found.group(1).decode() + "/")
        ready.put(None)

    copier = threading.Thread(target=copy, daemon=True)
    copier.start()
    try:
        url = ready.get(timeout=WAITED)
        assert url is not None, "".join(output)
        yield Served(proc, url, folder, match_id, the_club, output)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(10)
        copier.join(10)


def report(state: str, mode: str, name: str, took: float, log: str) -> None:
    print(f"\n{state} {mode} {name}: ended in {took:.2f} s")
    assert "Traceback" not in log, log
    assert "never awaited" not in log, log
    assert took < WAITED


# One handler ends the server on either signal (``app.server``): each state is tested in
# each mode once, the signals alternated, so that each mode hears each signal.
@pytest.mark.parametrize("mode, name", [("web", "SIGTERM"), ("club", "SIGINT")])
def test_idle(tmp_path, mode, name):
    with served(tmp_path, mode == "club") as server:
        took = server.stop(name)
        report("idle", mode, name, took, server.log())


@pytest.mark.parametrize("mode, name", [("web", "SIGINT"), ("club", "SIGTERM")])
def test_after_malformed_frames(tmp_path, mode, name):
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    with served(tmp_path, mode == "club") as server, contextlib.ExitStack() as open_sockets:
        address = server.url.replace("http://", "ws://") + "ws"
        sockets = [
            open_sockets.enter_context(connect(address, open_timeout=WAITED)) for _ in "abcd"
        ]
        sockets[0].send("not a binary frame")
        sockets[1].send(b"\x00\xc1")  # no MessagePack
        sockets[2].send(b"\x00\x92\x01\x80")  # [1, {}]: a registration without its fields
        for socket in sockets[:3]:  # each closed by the server
            with pytest.raises(ConnectionClosed):
                socket.recv(WAITED)
        # sockets[3] stays open and never registers: Flet's handler waits on it for good
        open_sockets.enter_context(silent_socket(server.url))  # never answers the close
        took = server.stop(name)
        log = server.log()
        report("malformed", mode, name, took, log)
        assert log.count("WebSocket from 127.0.0.1:") == 3


@contextlib.contextmanager
def silent_socket(url: str) -> Iterator[None]:
    """A WebSocket opened by hand that then reads nothing: it never answers the server's
    close, as a phone that went out of range."""
    import base64
    import socket

    host, port = url.removeprefix("http://").rstrip("/").split(":")
    key = base64.b64encode(os.urandom(16)).decode()
    with socket.create_connection((host, int(port)), timeout=WAITED) as raw:
        raw.sendall(
            f"GET /ws HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n".encode()
        )
        answer = b""
        while b"\r\n\r\n" not in answer:
            answer += raw.recv(1024)
        assert answer.startswith(b"HTTP/1.1 101"), answer
        yield


def open_table(page, server: Served, club: bool) -> None:
    """The match's table: through the club's PIN and Home, or without a club by its link
    (a screen change costs Chromium half as much as a load)."""
    if not club:
        open_app(page, f"{server.url}match/{server.match_id}", first="card-9H")
        return
    open_app(page, server.url, first="pin")
    type_into(page, "pin", PIN)
    tap(page, "action-login", until=f"resume-{server.match_id}")
    tap(page, f"resume-{server.match_id}", until="card-9H")


def open_watcher(page, server: Served, club: bool) -> None:
    """A player's phone on the watch link; without a club, a second tab on the table."""
    if club:
        link = f"{server.url}watch/{server.club.watch_token(server.match_id)}"
        open_app(page, link, first="watching")
    else:
        open_table(page, server, club=False)


# A browser state costs a server and three pages: it is tested once in each mode, the
# live watcher and the vanished one at the same signal (each kind of connection the
# server must let go of at once, as at a club's table when the evening ends).
@pytest.mark.parametrize("mode, name", [("web", "SIGTERM"), ("club", "SIGINT")])
def test_with_a_live_watcher_and_one_vanished_mid_update(tmp_path, mode, name):
    need_browser()
    club = mode == "club"
    with served(tmp_path, club) as server, browser_page(PHONE) as table:
        open_table(table, server, club)
        live, leaving = another_page(PHONE), another_page(PHONE)
        for watcher in (live, leaving):
            open_watcher(watcher, server, club)
        by_id(table, "card-9H").first.click()  # the update goes out to the watchers ...
        leaving.close()  # ... as one of them vanishes
        tap(table, "card-10H")  # and the next one finds it gone
        wait_label(live, "last-entry", "2.")  # while the other one follows every card
        took = server.stop(name)
        report("live and vanished watchers", mode, name, took, server.log())
