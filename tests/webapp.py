"""Run the real app in web mode and drive it with Playwright in Debian's Chromium.

Used by the browser tests; they are skipped, with the reason, where Chromium
or Playwright is missing. The app runs with its own database file in a
temporary folder, so tests never touch a player's data.
"""

from __future__ import annotations

import contextlib
import os
import pathlib
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
SHOTS = ROOT / "screenshots"
PHONE = {"width": 360, "height": 740}
TABLET = {"width": 1024, "height": 768}
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def need_browser() -> None:
    if not os.path.exists(CHROMIUM):
        pytest.skip("Chromium is not installed (Debian package 'chromium'): browser tests skipped")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        pytest.skip("Playwright is not installed: browser tests skipped")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def serve(
    data_dir: pathlib.Path, extra_env: dict[str, str] | None = None, *, kill: bool = False
) -> Iterator[str]:
    """Start ``main.py --web`` on a free port; yield its URL; stop it by PID afterwards.

    ``kill``: end it with SIGKILL, as when a phone dies, instead of asking it to stop.
    """
    port = free_port()
    env = {**os.environ, "PARTIJA_DB": str(data_dir / "partija.db"), **(extra_env or {})}
    env.pop("DISPLAY", None)
    log = open(data_dir / "server.log", "wb")  # noqa: SIM115 - closed in finally
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), "--web", "--port", str(port)],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                raise RuntimeError((data_dir / "server.log").read_text(errors="replace"))
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1):
                break
            time.sleep(0.2)
        else:
            raise RuntimeError("the app did not start within 60 s")
        yield f"http://127.0.0.1:{port}/"
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL if kill else signal.SIGTERM)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(10)
        log.close()


@contextlib.contextmanager
def browser_page(viewport: dict[str, int]) -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport=viewport)
            yield page
        finally:
            browser.close()


def open_app(page, url: str) -> None:
    """Load the app, wait for Flutter to draw, and switch on its accessibility tree."""
    page.goto(url)
    page.wait_for_function("document.getElementById('loading') === null", timeout=60000)
    page.wait_for_timeout(1500)
    page.evaluate("document.querySelector('flt-semantics-placeholder')?.click()")
    page.wait_for_timeout(500)


def by_id(page, identifier: str):
    return page.locator(f'[flt-semantics-identifier="{identifier}"]')


def shot(page, name: str) -> pathlib.Path:
    SHOTS.mkdir(exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path))
    return path
