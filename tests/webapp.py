"""Run the real app in web mode and drive it with Playwright in Debian's Chromium.

Used by the browser tests; they are skipped, with the reason, where Chromium
or Playwright is missing. The app runs with its own database file in a
temporary folder, so tests never touch a player's data.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import os
import pathlib
import queue
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from typing import Any

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


READY = re.compile(rb"Partija: (http://\S+)")
# Chromium on a machine busy with other work can take many seconds per step; the tests
# wait for what they need, and only this long before they call it a failure.
WAIT_MS = 60_000


@contextlib.contextmanager
def serve(
    data_dir: pathlib.Path,
    extra_env: dict[str, str] | None = None,
    *,
    kill: bool = False,
    mode: tuple[str, ...] = ("--web",),
) -> Iterator[str]:
    """Start ``main.py --web`` on a free port; yield its URL once it says it is ready.

    ``kill``: end it with SIGKILL, as when a phone dies, instead of asking it to stop.
    ``mode``: the arguments before ``--port`` (``()``: the desktop mode, which serves
    the web client where there is no display).
    The server's output goes to ``server.log`` in ``data_dir``.
    """
    port = free_port()
    env = {**os.environ, "PARTIJA_DB": str(data_dir / "partija.db"), **(extra_env or {})}
    env.pop("DISPLAY", None)
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), *mode, "--port", str(port)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    ready: queue.Queue[str | None] = queue.Queue()
    copier = threading.Thread(
        target=_copy_output, args=(proc, data_dir / "server.log", ready), daemon=True
    )
    copier.start()
    try:
        try:
            url = ready.get(timeout=WAIT_MS / 1000)
        except queue.Empty:
            raise RuntimeError(f"the app did not say it was ready in {WAIT_MS // 1000} s") from None
        if url is None:
            raise RuntimeError((data_dir / "server.log").read_text(errors="replace"))
        yield url
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL if kill else signal.SIGTERM)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(10)
        copier.join(10)


def _copy_output(
    proc: subprocess.Popen[bytes], log_path: pathlib.Path, ready: queue.Queue[str | None]
) -> None:
    """Copy the server's output to its log; hand over the address it prints when ready
    (None if it ends before)."""
    told = False
    assert proc.stdout is not None
    with open(log_path, "wb") as log:
        for line in proc.stdout:
            log.write(line)
            log.flush()
            found = READY.search(line)
            if found and not told:
                ready.put(found.group(1).decode() + "/")
                told = True
    if not told:
        ready.put(None)


class _Chromium:
    """One Playwright and one Chromium for every browser test of a test process.

    Starting Playwright's driver and launching Chromium cost a browser test about
    1.3 s of CPU; each test still has a browser context of its own (cookies,
    storage, cache), so the tests stay as far apart as with a browser each.

    Playwright's synchronous API runs its event loop in a greenlet and leaves it marked
    as the thread's running loop, which ``asyncio.run`` in any later test of the
    process refuses. So the loop is marked running only inside ``browser_page``.
    """

    playwright: Any = None
    browser: Any = None
    loop: asyncio.AbstractEventLoop | None = None

    @classmethod
    @contextlib.contextmanager
    def used(cls) -> Iterator[Any]:
        """The browser, with Playwright's loop marked running until the block ends."""
        asyncio.events._set_running_loop(cls.loop)
        try:
            if cls.playwright is None:
                from playwright.sync_api import sync_playwright

                cls.playwright = sync_playwright().start()
                cls.loop = asyncio.events._get_running_loop()
                atexit.register(cls.stop)
            if cls.browser is None or not cls.browser.is_connected():
                cls.browser = cls.playwright.chromium.launch(
                    executable_path=CHROMIUM, args=CHROMIUM_ARGS
                )
            yield cls.browser
        finally:
            asyncio.events._set_running_loop(None)

    @classmethod
    def stop(cls) -> None:
        asyncio.events._set_running_loop(cls.loop)
        with contextlib.suppress(Exception):
            cls.browser.close()
        with contextlib.suppress(Exception):
            cls.playwright.stop()


@contextlib.contextmanager
def browser_page(viewport: dict[str, int]) -> Iterator[Any]:
    """A page in a browser context of its own; every context the test opened
    (``page.context.browser.new_page`` makes one too) is closed at its end."""
    with _Chromium.used() as browser:
        try:
            page = browser.new_context(viewport=viewport).new_page()
            page.set_default_timeout(WAIT_MS)
            yield page
        finally:
            for opened in list(browser.contexts):
                with contextlib.suppress(Exception):
                    opened.close()


def open_app(page: Any, url: str, first: str = "action-language") -> None:
    """Load the app, switch on Flutter's accessibility tree, and wait for ``first`` to show."""
    page.goto(url)
    page.wait_for_function("document.getElementById('loading') === null")
    placeholder = page.locator("flt-semantics-placeholder")
    placeholder.wait_for(state="attached")
    # The placeholder goes away once the tree is on; a click before Flutter listens is lost,
    # so click until it has gone.
    deadline = time.monotonic() + WAIT_MS / 1000
    while placeholder.count() and time.monotonic() < deadline:
        with contextlib.suppress(Exception):
            placeholder.dispatch_event("click")
        with contextlib.suppress(Exception):
            placeholder.wait_for(state="detached", timeout=2000)
    by_id(page, first).first.wait_for()


def by_id(page: Any, identifier: str) -> Any:
    return page.locator(f'[flt-semantics-identifier="{identifier}"]')


def label(page: Any, identifier: str) -> str:
    node = by_id(page, identifier).first
    node.wait_for()
    return str(node.get_attribute("aria-label") or node.inner_text())


# Everything the app tells a screen reader, as one string: a tap has been handled once
# this changes (the server's answer is drawn in one frame).
_SCREEN_TEXT = """() => Array.from(document.querySelectorAll('[flt-semantics-identifier]'))
  .map(n => n.getAttribute('flt-semantics-identifier') + '=' +
            (n.getAttribute('aria-label') || '') + '|' + (n.getAttribute('aria-selected') || '') +
            '|' + (n.textContent || ''))
  .join('\\n')"""


def in_page(page: Any, script: str, arg: Any = None) -> Any:
    """Run ``script`` (a function returning a truthy value, or a promise of one) in the page,
    within the wait limit.

    ``page.evaluate`` has no time limit: a page whose renderer is stuck would hold the
    whole test run. ``wait_for_function`` has one, and fails the test instead.
    """
    return page.wait_for_function(script, arg=arg, timeout=WAIT_MS).json_value()


def screen_text(page: Any) -> str:
    return str(in_page(page, f"() => ({_SCREEN_TEXT})() || ' '"))


def tap(page: Any, identifier: str, *, until: str | None = None) -> None:
    """Tap a control and wait until the screen has answered.

    ``until``: the identifier that must then be on screen; without it, any change of
    what the screen says counts as the answer.
    """
    before = screen_text(page)
    by_id(page, identifier).first.click()
    if until is not None:
        by_id(page, until).first.wait_for()
        return
    page.wait_for_function(f"(before) => ({_SCREEN_TEXT})() !== before", arg=before)


def wait_label(page: Any, identifier: str, text: str) -> str:
    """Wait until the control's label contains ``text``; return the label."""
    selector = f'[flt-semantics-identifier="{identifier}"]'
    page.wait_for_function(
        """([selector, text]) => Array.from(document.querySelectorAll(selector))
             .some(n => ((n.getAttribute('aria-label') || '') + (n.textContent || ''))
             .includes(text))""",
        arg=[selector, text],
    )
    return label(page, identifier)


def shot(page: Any, name: str) -> pathlib.Path:
    """A screenshot of the screen once it has settled.

    Flutter updates its semantics tree (what the tests wait on) before a large new
    screen is painted, sometimes frames later: so pictures are taken frame after frame
    until four in a row are the same (at most 40 tries).
    """
    SHOTS.mkdir(exist_ok=True)
    path = SHOTS / f"{name}.png"
    before, same = b"", 0
    for _ in range(40):
        in_page(
            page,
            "() => new Promise(done => requestAnimationFrame(() => "
            "requestAnimationFrame(() => done(true))))",
        )
        picture = page.screenshot()
        same = same + 1 if picture == before else 0
        before = picture
        if same == 3:
            break
    path.write_bytes(before)
    return path


def type_into(page: Any, identifier: str, text: str) -> None:
    """Type into a text field as a person does: tap it and type into whatever has the focus.

    Flutter puts its own editor in place of the input once it has the focus; keys
    typed before that land nowhere. So the text is checked, and typed again (the
    field emptied first) until the editor holds it.
    """
    from playwright.sync_api import TimeoutError as NotYet

    for _ in range(5):
        by_id(page, identifier).locator("input").first.click()
        page.wait_for_function(
            "() => ['INPUT', 'TEXTAREA'].includes(document.activeElement?.tagName)"
        )
        page.keyboard.press("Control+A")
        page.keyboard.press("Backspace")
        page.keyboard.type(text, delay=30)
        try:
            page.wait_for_function(
                "(text) => document.activeElement?.value === text", arg=text, timeout=10_000
            )
            return
        except NotYet:  # the keys went to the input Flutter was replacing: again
            continue
    raise AssertionError(f"the field {identifier} never took {text!r}")
