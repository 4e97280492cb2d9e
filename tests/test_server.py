"""The app's server: it says where to open it once it is ready, and listens on loopback only."""

from __future__ import annotations

import pathlib
import urllib.error
import urllib.request

import pytest
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


@pytest.mark.parametrize(
    "host, headers, admitted",
    [
        ("127.0.0.1", {"host": "127.0.0.1:8550"}, True),
        ("127.0.0.1", {"host": "localhost:8550", "origin": "http://localhost:8550"}, True),
        ("127.0.0.1", {"host": "127.0.0.1:8550", "origin": "http://evil.example"}, False),
        ("127.0.0.1", {"host": "evil.example:8550"}, False),
        ("127.0.0.1", {}, False),
        ("0.0.0.0", {"host": "192.0.2.7:8550", "origin": "http://192.0.2.7:8550"}, True),
        ("0.0.0.0", {"host": "192.0.2.7:8550", "origin": "http://evil.example"}, False),
    ],
)
def test_the_guard_decides_by_host_and_origin(host, headers, admitted):
    from app.server import SameOriginGuard, allowed_hosts

    guard = SameOriginGuard(lambda *a: None, allowed_hosts(host, 8550))  # type: ignore[arg-type]
    scope = {"type": "websocket", "headers": [(k.encode(), v.encode()) for k, v in headers.items()]}
    assert guard.admits(scope) is admitted
