"""The app's server: it says where to open it once it is ready, and listens on loopback only."""

from __future__ import annotations

import os
import pathlib
import urllib.error
import urllib.request

import pytest
from conftest import main_process
from webapp import serve


def listening_addresses(port: int) -> set[str]:
    """Local addresses of the sockets listening on ``port``, as the kernel lists them."""
    found = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        path = pathlib.Path(table)
        if not path.exists():
            continue
        for line in path.read_text().splitlines()[1:]:
            local, state = line.split()[1], line.split()[3]
            address, hex_port = local.rsplit(":", 1)
            if state == "0A" and int(hex_port, 16) == port:  # 0A: LISTEN
                found.add(address)
    return found


LOOPBACK = {"0100007F", "00000000000000000000000001000000"}  # 127.0.0.1 and ::1


@pytest.mark.parametrize("mode", [("--web",), ()], ids=["web", "desktop-without-display"])
def test_ready_line_and_loopback_only(tmp_path, mode):
    if not pathlib.Path("/proc/net/tcp").exists():
        pytest.skip("no /proc/net/tcp on this system: listening sockets cannot be listed")
    with serve(tmp_path, mode=mode) as url:
        assert url.startswith("http://127.0.0.1:")
        port = int(url.rstrip("/").rsplit(":", 1)[1])
        with urllib.request.urlopen(url, timeout=30) as answer:
            assert answer.status == 200
        addresses = listening_addresses(port)
        assert addresses and addresses <= LOOPBACK, addresses
    log = (tmp_path / "server.log").read_text(errors="replace")
    assert f"Partija: http://127.0.0.1:{port}" in log


def http_status(url: str, host: str) -> int:
    request = urllib.request.Request(url, headers={"Host": host})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status
    except urllib.error.HTTPError as refused:
        return refused.code


def websocket_opens(url: str, origin: str | None, host: str | None = None) -> bool:
    """Whether the app's WebSocket handshake succeeds with these headers."""
    import asyncio

    import websockets

    headers = {"Host": host} if host else {}

    async def attempt() -> bool:
        try:
            async with websockets.connect(
                url.replace("http://", "ws://") + "ws",
                origin=origin,
                additional_headers=headers,
                open_timeout=30,
            ):
                return True
        except websockets.exceptions.InvalidStatus:
            return False

    return asyncio.run(attempt())


def test_only_its_own_host_and_origin_are_answered(tmp_path):
    with serve(tmp_path) as url:
        port = int(url.rstrip("/").rsplit(":", 1)[1])
        assert http_status(url, f"127.0.0.1:{port}") == 200
        assert http_status(url, f"localhost:{port}") == 200
        assert http_status(url, f"attacker.example:{port}") == 403  # DNS rebinding
        assert websocket_opens(url, f"http://127.0.0.1:{port}")
        assert websocket_opens(url, None)  # a program, not a page in a browser
        assert not websocket_opens(url, "http://attacker.example")  # another site's page
        assert not websocket_opens(url, f"http://localhost:{port + 1}")
        assert not websocket_opens(
            url, f"http://attacker.example:{port}", f"attacker.example:{port}"
        )


LAN = [("partija.lan", 8550), ("192.168.1.10", 8550)]


@pytest.mark.parametrize(
    "host, named, headers, admitted",
    [
        ("127.0.0.1", [], {"host": "127.0.0.1:8550"}, True),
        ("127.0.0.1", [], {"host": "localhost:8550", "origin": "http://localhost:8550"}, True),
        ("127.0.0.1", [], {"host": "[::1]:8550", "origin": "http://127.0.0.1:8550"}, True),
        ("127.0.0.1", [], {"host": "127.0.0.1:8550", "origin": "http://evil.example"}, False),
        ("127.0.0.1", [], {"host": "127.0.0.1:8550", "origin": "null"}, False),
        ("127.0.0.1", [], {"host": "evil.example:8550"}, False),
        ("127.0.0.1", [], {"host": "127.0.0.1:8551"}, False),
        ("127.0.0.1", [], {}, False),
        ("127.0.0.2", [], {"host": "127.0.0.2:8550"}, True),
        ("0.0.0.0", LAN, {"host": "partija.lan:8550", "origin": "http://partija.lan:8550"}, True),
        ("0.0.0.0", LAN, {"host": "PARTIJA.lan:8550", "origin": "http://192.168.1.10:8550"}, True),
        ("0.0.0.0", LAN, {"host": "192.168.1.10:8550"}, True),
        (
            "0.0.0.0",
            LAN,
            {"host": "evil.example:8550", "origin": "http://evil.example:8550"},
            False,
        ),
        ("0.0.0.0", LAN, {"host": "partija.lan:8550", "origin": "http://evil.example:8550"}, False),
        ("0.0.0.0", LAN, {"host": "192.168.1.11:8550"}, False),
        ("0.0.0.0", LAN, {"host": "127.0.0.1:8550"}, False),  # only the names given
        ("0.0.0.0", LAN, {"host": "partija.lan"}, False),  # port 80: not served
        ("0.0.0.0", LAN, {"host": "partija.lan:8550@evil.example"}, False),
        ("0.0.0.0", LAN, {"host": "partija.lan:8550/x"}, False),
        ("::", [("partija.lan", 80)], {"host": "partija.lan"}, True),
    ],
)
def test_the_guard_decides_by_host_and_origin(host, named, headers, admitted):
    from app.hosts import allowed_hosts
    from app.server import SameOriginGuard

    guard = SameOriginGuard(lambda *a: None, allowed_hosts(host, 8550, named))  # type: ignore[arg-type]
    headers = [(k.encode(), v.encode()) for k, v in headers.items()]
    for kind, scheme in (("http", "http"), ("websocket", "ws")):
        scope = {"type": kind, "scheme": scheme, "headers": headers}
        assert guard.admits(scope) is admitted


def test_named_hosts_come_from_the_public_url_and_each_allow_host():
    from app.hosts import HostError, named_hosts

    assert named_hosts("http://Partija.LAN:8550/", ["192.168.1.10", "kortos:9000"], 8550) == [
        ("partija.lan", 8550),
        ("192.168.1.10", 8550),
        ("kortos", 9000),
    ]
    assert named_hosts("https://club.example", ["[fe80::1]"], 8550) == [
        ("club.example", 443),
        ("fe80::1", 8550),
    ]
    for public, allow in [("ftp://x", []), ("http://", []), (None, ["a b"]), (None, ["x:port"])]:
        with pytest.raises(HostError):
            named_hosts(public, allow, 8550)


@pytest.mark.parametrize(
    "args",
    [
        ("--web", "--host", "0.0.0.0"),
        ("--web", "--host", "::"),
        ("--web", "--host", "192.168.1.10", "--port", "8600"),
        ("--web", "--club", "--host", "0.0.0.0"),
        ("--host", "0.0.0.0"),  # the desktop mode serves the web client without a display
    ],
)
def test_serving_beyond_loopback_without_a_name_does_not_start(tmp_path, args):
    done = main_process("--db", str(tmp_path / "p.db"), *args)
    assert done.returncode == 2, done
    assert done.stdout == "" and "Traceback" not in done.stderr
    (line,) = done.stderr.splitlines()
    assert "--public-url" in line and "--allow-host" in line
    assert ("8600" if "8600" in args else "8550") in line


def test_a_name_that_is_no_host_is_refused_in_one_line(tmp_path):
    done = main_process("--db", str(tmp_path / "p.db"), "--web", "--allow-host", "evil/x")
    assert done.returncode == 2 and "--allow-host evil/x" in done.stderr
    assert len(done.stderr.splitlines()) == 1


def test_the_command_line_hands_the_server_its_names(monkeypatch, tmp_path):
    """What ``--host 0.0.0.0 --public-url … --allow-host …`` serves, without binding it."""
    import app.run
    from app.cli import main
    from models import Store
    from models.club import SETTING, Club

    served = {}
    monkeypatch.setattr(app.run, "run", lambda **kw: served.update(kw))
    monkeypatch.setenv("PARTIJA_DB", str(tmp_path / "p.db"))
    args = ["--web", "--host", "0.0.0.0", "--public-url", "http://partija.lan:8550"]
    assert main([*args, "--allow-host", "192.168.1.10", "--allow-host", "kortos:80"]) == 0
    assert served["hosts"] == {("partija.lan", 8550), ("192.168.1.10", 8550), ("kortos", 80)}
    assert served["host"] == "0.0.0.0" and served["watch"] is None
    assert served["url"] == "http://partija.lan:8550"  # printed once ready: the name to open
    assert main(["--web", "--allow-host", "partija.lan"]) == 0  # on loopback
    assert served["hosts"] >= {("partija.lan", 8550), ("127.0.0.1", 8550)}
    assert served["url"] is None
    # a club: the watch links go to the first name given, when there is no public URL
    store = Store(tmp_path / "p.db")
    store.save_setting(SETTING, Club.new("Klubas", "2468").setting())
    store.close()
    for name in ("PARTIJA_PUBLIC_URL", "PARTIJA_CLUB"):  # set by the command: put back after
        monkeypatch.setenv(name, "")
    assert main(["--web", "--club", "--host", "::", "--allow-host", "[fd00::7]"]) == 0
    assert served["url"] == "http://[fd00::7]:8550" and served["watch"] is not None
    assert os.environ["PARTIJA_PUBLIC_URL"] == "http://[fd00::7]:8550"
    assert served["watch"]("1-" + "0" * 32) is False


def test_other_names_are_refused_by_the_running_server(tmp_path):
    with serve(tmp_path, mode=("--web", "--allow-host", "partija.lan")) as url:
        port = int(url.rstrip("/").rsplit(":", 1)[1])
        assert http_status(url, f"partija.lan:{port}") == 200
        assert http_status(url, f"127.0.0.1:{port}") == 200
        assert http_status(url, f"evil.example:{port}") == 403
        assert http_status(url, f"partija.lan:{port + 1}") == 403
        assert websocket_opens(url, f"http://partija.lan:{port}", f"partija.lan:{port}")
        assert websocket_opens(url, f"http://partija.lan:{port}")  # a page of an allowed name
        assert not websocket_opens(url, f"http://evil.example:{port}", f"partija.lan:{port}")


def frames_answer(url: str, frames: list[str | bytes]) -> int | None:
    """Open the app's WebSocket, send ``frames`` at once, and return the code the server
    closes it with (None: it stayed open)."""
    import asyncio

    import websockets

    async def attempt() -> int | None:
        async with websockets.connect(url.replace("http://", "ws://") + "ws") as socket:
            for frame in frames:
                await socket.send(frame)
            try:
                await asyncio.wait_for(socket.wait_closed(), 30)
            except TimeoutError:
                return None
            return socket.close_code

    return asyncio.run(attempt())


def test_malformed_frames_close_their_connection_with_one_line(tmp_path):
    import msgpack

    with serve(tmp_path) as url:
        assert frames_answer(url, ["hello"]) == 1003  # a text frame
        assert frames_answer(url, ["a", "b", b"\x00\xc1", "c", "d"]) == 1003  # five, at once
        assert frames_answer(url, [b"\x00\xc1"]) == 1007  # not MessagePack
        assert frames_answer(url, [b"\x00" + msgpack.packb([99, {}])]) == 1007  # no such action
        assert frames_answer(url, [b"\x00" + msgpack.packb([1, {"x": 1}])]) == 1007  # its fields
        with urllib.request.urlopen(url, timeout=30) as answer:  # the server serves on
            assert answer.status == 200
        assert websocket_opens(url, None)
    told = [
        line
        for line in (tmp_path / "partija.log").read_text(encoding="utf-8").splitlines()
        if "WebSocket from 127.0.0.1:" in line
    ]
    assert len(told) == 5, told
    assert sum("sent a text frame" in line for line in told) == 2
    output = (tmp_path / "server.log").read_text(errors="replace")
    assert "Traceback" not in output and "Receive loop error" not in output, output


def test_a_sent_message_is_not_written_out_whole():
    """Flet formats every message it sends into a debug line; after ``serve``'s set-up
    that costs the message's action, not a walk over the whole patch."""
    from flet.messaging.protocol import Message, MessageAction

    from app.server import short_message_repr

    short_message_repr()
    message = Message(MessageAction.PATCH_CONTROL, {"patch": [list(range(10_000))]})
    assert len(repr(message)) < 100 and "PATCH_CONTROL" in repr(message)
