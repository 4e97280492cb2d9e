"""The app's server: it says where to open it once it is ready, and listens on loopback only."""

from __future__ import annotations

import pathlib
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
