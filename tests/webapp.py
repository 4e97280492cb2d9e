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
import re
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.parse
import weakref
from collections.abc import Iterator
from typing import Any, ClassVar

import app_server
import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
# The tests drive Chromium's headless shell where it is installed (Debian package
# 'chromium-headless-shell'): the same engine without the browser's own window interface,
# which cost a sixth of the browser tests' CPU (docs/benchmarks.md, "The test suite").
HEADLESS_SHELL = shutil.which("chromium-headless-shell")
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
    if not os.path.exists(_Chromium.executable):
        pytest.skip(
            "Chromium is not installed (Debian package 'chromium-headless-shell' or "
            "'chromium'): browser tests skipped"
        )
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
    with app_port() as port:
        yield from _serve_on(port, data_dir, extra_env, kill=kill, mode=mode)


def _serve_on(
    port: int,
    data_dir: pathlib.Path,
    extra_env: dict[str, str] | None,
    *,
    kill: bool,
    mode: tuple[str, ...],
) -> Iterator[str]:
    env = {**os.environ, "PARTIJA_DB": str(data_dir / "partija.db"), **(extra_env or {})}
    env.pop("DISPLAY", None)
    log = data_dir / "server.log"
    log.write_bytes(b"")  # a server started again in the same folder: its own log
    server = app_server.start([*mode, "--port", str(port)], env, log)
    try:
        yield _ready_url(server, log)
    finally:
        app_server.stop(server, kill=kill)


def _ready_url(server: app_server.Server, log: pathlib.Path) -> str:
    """The address the server prints once it is ready (read from its log as it grows)."""
    deadline = time.monotonic() + WAIT_MS / 1000
    while time.monotonic() < deadline:
        found = READY.search(log.read_bytes())  # there from the start (``app_server.start``)
        if found:
            return found.group(1).decode() + "/"
        try:  # the log read again in 10 ms, or at once if the server has ended
            server.wait(0.01)
        except subprocess.TimeoutExpired:
            continue
        raise RuntimeError(log.read_text(errors="replace"))
    raise RuntimeError(f"the app did not say it was ready in {WAIT_MS // 1000} s")


class _Chromium:
    """One Playwright and one Chromium for every browser test of a test process.

    Starting Playwright's driver and launching Chromium cost a browser test about
    1.3 s of CPU. Loading the app costs 3.5-3.9 s more, most of it compiling the
    Flutter client; a profile kept on disk for the process keeps the compiled code
    (the server lets the browser keep the client: ``app/startup_text.py``), but only
    for an address it has seen: so the servers of a process take their ports from a
    pool of its own (``_Ports``).

    A test's first page (``browser_page``) is kept for the next test: a new window costs
    its first load of the app half a second more (a new renderer process, its WebGL set
    up anew). The tests stay apart: at a test's end its app leaves the kept page (its
    session, kept in the tab's ``sessionStorage``, cleared; the page left on a still file
    of the same site) and its other pages are closed; its start clears every cookie and
    every site's storage but the cache. Each page is a window of its own, as each phone
    is a screen of its own: a tab behind another draws nothing, and Flutter in it hears
    no keys.

    Playwright's synchronous API runs its event loop in a greenlet and leaves it marked
    as the thread's running loop, which ``asyncio.run`` in any later test of the
    process refuses. So the loop is marked running only inside ``browser_page``.
    """

    executable: ClassVar[str] = HEADLESS_SHELL or CHROMIUM
    playwright: Any = None
    context: Any = None
    keeper: Any = None  # a blank page kept open, through which windows are opened
    kept: Any = None  # the page a test's ``browser_page`` gives, kept test after test
    profile: pathlib.Path | None = None
    loop: asyncio.AbstractEventLoop | None = None

    @classmethod
    @contextlib.contextmanager
    def used(cls) -> Iterator[Any]:
        """The kept browser context, with Playwright's loop marked running until the block ends."""
        asyncio.events._set_running_loop(cls.loop)
        try:
            if cls.playwright is None:
                from playwright.sync_api import sync_playwright

                cls.playwright = sync_playwright().start()
                cls.loop = asyncio.events._get_running_loop()
                atexit.register(cls.stop)
            if cls.context is None or cls.keeper.is_closed():  # first, or Chromium has died
                if cls.profile is not None:
                    shutil.rmtree(cls.profile, ignore_errors=True)
                cls.profile = pathlib.Path(tempfile.mkdtemp(prefix="partija-chromium-"))
                cls.context = cls.playwright.chromium.launch_persistent_context(
                    str(cls.profile), executable_path=cls.executable, args=CHROMIUM_ARGS
                )
                cls.keeper = cls.context.pages[0] if cls.context.pages else cls.context.new_page()
            yield cls.context
        finally:
            asyncio.events._set_running_loop(None)

    @classmethod
    def window(cls) -> Any:
        """A new page in a window of its own."""
        cdp = cls.context.new_cdp_session(cls.keeper)
        with cls.context.expect_page() as opened:
            cdp.send("Target.createTarget", {"url": "about:blank", "newWindow": True})
        cdp.detach()
        page = opened.value
        page.on("websocket", lambda socket: _SOCKETS.__setitem__(page, socket))
        page.set_default_timeout(WAIT_MS)
        return page

    @classmethod
    def first_page(cls, fresh: bool) -> Any:
        """The kept page; ``fresh``: a new one, closed at the test's end."""
        if fresh:
            return cls.window()
        if cls.kept is None or cls.kept.is_closed():
            cls.kept = cls.window()
        return cls.kept

    @classmethod
    def close_pages(cls) -> None:
        """Close the test's pages but the kept one, which its app leaves."""
        for page in cls.context.pages:
            if page is not cls.keeper and page is not cls.kept:
                with contextlib.suppress(Exception):
                    page.close()
        if cls.kept is None:
            return
        try:
            if cls.kept.url.startswith("http"):
                cls.kept.evaluate("() => sessionStorage.clear()")
                # A file of the web client's that Flet serves as it is (no app in it).
                cls.kept.goto(urllib.parse.urljoin(cls.kept.url, "/version.json"))
        except Exception:  # its server has gone, or the page is stuck: a new one next time
            with contextlib.suppress(Exception):
                cls.kept.close()
            cls.kept = None

    @classmethod
    def forget(cls) -> None:
        """Clear cookies and every origin's storage but the cache."""
        cls.context.clear_cookies()
        cdp = cls.context.new_cdp_session(cls.keeper)
        for port in _Ports.known:
            cdp.send(
                "Storage.clearDataForOrigin",
                {"origin": f"http://127.0.0.1:{port}", "storageTypes": _STORAGE},
            )
        cdp.detach()

    @classmethod
    def stop(cls) -> None:
        asyncio.events._set_running_loop(cls.loop)
        with contextlib.suppress(Exception):
            cls.context.close()
        with contextlib.suppress(Exception):
            cls.playwright.stop()
        if cls.profile is not None:
            shutil.rmtree(cls.profile, ignore_errors=True)


def launch_with(executable: str) -> None:
    """The Chromium this process launches, set before its first page: ``bench/browser.py``
    measures in the whole browser, as its earlier figures were."""
    _Chromium.executable = executable


# Every kind of site storage Chromium keeps, but its cache.
_STORAGE = "cookies,file_systems,indexeddb,local_storage,websql,service_workers,cache_storage"


class _Ports:
    """The ports this process's servers listen on, reused test after test (see ``_Chromium``).

    A server takes the first port of the pool that none of this process's live servers
    holds and that is free now; if none is, a new one joins the pool.
    """

    known: ClassVar[list[int]] = []
    held: ClassVar[set[int]] = set()

    @classmethod
    def take(cls) -> int:
        for port in cls.known:
            if port not in cls.held and _bindable(port):
                cls.held.add(port)
                return port
        port = free_port()
        cls.known.append(port)
        cls.held.add(port)
        return port

    @classmethod
    def give_back(cls, port: int) -> None:
        cls.held.discard(port)


def _bindable(port: int) -> bool:
    with socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


# Each page's latest WebSocket to the app (``type_into`` waits on what it sends).
_SOCKETS: weakref.WeakKeyDictionary[Any, Any] = weakref.WeakKeyDictionary()


@contextlib.contextmanager
def app_port() -> Iterator[int]:
    """A port for one server of the app, kept for this process's later servers."""
    port = _Ports.take()
    try:
        yield port
    finally:
        _Ports.give_back(port)


@contextlib.contextmanager
def browser_page(viewport: dict[str, int], *, fresh: bool = False) -> Iterator[Any]:
    """A page of its own size; every page the test opened (``another_page`` makes more)
    is closed at its end, or left by its app when it is the kept one (``_Chromium``).
    ``fresh``: a new page, for a test that changes the page itself (an init script)."""
    with _Chromium.used():
        _Chromium.forget()
        page = _Chromium.first_page(fresh)
        page.set_viewport_size(viewport)
        try:
            yield page
        finally:
            _Chromium.close_pages()


def another_page(viewport: dict[str, int]) -> Any:
    """One more page for the test running ``browser_page`` (a second phone, the room's
    board): a window of its own, so a session of its own."""
    page = _Chromium.window()
    page.set_viewport_size(viewport)
    return page


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
# this changes (the server's answer is drawn in one frame). A screen (``view:<route>``)
# by its name only: its text is its parts'.
_SCREEN_TEXT = """() => Array.from(document.querySelectorAll('[flt-semantics-identifier]'))
  .map(n => n.getAttribute('flt-semantics-identifier').startsWith('view:')
            ? n.getAttribute('flt-semantics-identifier')
            : n.getAttribute('flt-semantics-identifier') + '=' +
              (n.getAttribute('aria-label') || '') + '|' +
              (n.getAttribute('aria-selected') || '') + '|' + (n.textContent || ''))
  .join('\\n')"""


def in_page(page: Any, script: str, arg: Any = None) -> Any:
    """Run ``script`` (a function returning a truthy value, or a promise of one) in the page,
    within the wait limit.

    ``page.evaluate`` has no time limit: a page whose renderer is stuck would hold the
    whole test run. ``wait_for_function`` has one, and fails the test instead.
    """
    return page.wait_for_function(script, arg=arg, timeout=WAIT_MS).json_value()


# The boxes of the nodes a selector finds (the first node of each identifier, as
# ``by_id(...).first``), read in one round trip to the browser instead of one a node,
# once some are on screen and all stand still over two frames: a screen still moving in,
# or not drawn yet, is read again two frames later, within the wait's limit (a promise
# counts as an answer to ``wait_for_function``, whatever it holds).
_BOXES = """async (selector) => {
    const read = () => {
        const boxes = {};
        for (const node of document.querySelectorAll(selector)) {
            const id = node.getAttribute('flt-semantics-identifier');
            const r = node.getBoundingClientRect();
            if (!(id in boxes) && r.width > 0 && r.height > 0)
                boxes[id] = {x: r.x, y: r.y, width: r.width, height: r.height};
        }
        return boxes;
    };
    const frame = () => new Promise(done => requestAnimationFrame(() => done()));
    let before = read();
    for (;;) {
        await frame();
        await frame();
        const after = read();
        const shown = Object.keys(after).length > 0;
        if (shown && JSON.stringify(before) === JSON.stringify(after)) return after;
        before = after;
    }
}"""


def boxes(page: Any, selector: str) -> dict[str, dict[str, float]]:
    """Each identifier's box (x, y, width, height) among the nodes ``selector`` finds,
    once they are drawn and stand still."""
    return dict(in_page(page, _BOXES, selector))


def inside(page: Any, identifier: str) -> dict[str, float]:
    """The control's box, asserted to lie whole inside the page's screen."""
    box = boxes(page, f'[flt-semantics-identifier="{identifier}"]')[identifier]
    within(page, identifier, box)
    return box


def within(page: Any, identifier: str, box: dict[str, float]) -> None:
    """The box lies whole inside the page's screen (half a pixel of rounding allowed)."""
    screen = page.viewport_size
    assert box["x"] >= 0 and box["y"] >= 0, (identifier, box)
    assert box["x"] + box["width"] <= screen["width"] + 0.5, (identifier, box)
    assert box["y"] + box["height"] <= screen["height"] + 0.5, (identifier, box)


def screen_text(page: Any) -> str:
    return str(in_page(page, f"() => ({_SCREEN_TEXT})() || ' '"))


def go(page: Any, route: str, first: str) -> None:
    """Open ``route`` inside the app already loaded, as the browser's back and forward
    buttons do (the app's own routing, no new load); wait for the new screen, then for
    ``first`` on it (the screen before may have shown a ``first`` of its own).

    A load costs Chromium 2-4 s of CPU: a test that visits many screens goes this way,
    one that is about what a URL opens loads it (``open_app``).
    """
    # The screens shown now (``view:<route>``, as ``app.routes.view`` names them): the new
    # one animates in over them, both on screen for a moment, and a tap then can land on
    # the old one's card of the same name. So the wait is until they have gone.
    page.evaluate(
        """(route) => {
            window.partijaOldViews = Array.from(
                document.querySelectorAll('[flt-semantics-identifier^="view:"]'));
            history.pushState(null, '', route);
            window.dispatchEvent(new PopStateEvent('popstate', {state: null}));
        }""",
        route,
    )
    page.wait_for_function(
        """() => window.partijaOldViews.every(node => !node.isConnected)
              && document.querySelector('[flt-semantics-identifier^="view:"]') !== null"""
    )
    by_id(page, first).first.wait_for()


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

    Flutter takes over the field's input a moment after it has the focus; keys typed
    before that land in the input and show there, but Flutter never hears them and
    empties it when it takes over. So the typing counts only once the page has sent
    the app the field's new value; until then the field is emptied and typed again.
    """
    import msgpack
    from playwright.sync_api import TimeoutError as NotYet

    sent = b"\xa5value" + msgpack.packb(text)  # the end of the value's update, as Flet sends it
    for _ in range(5):
        by_id(page, identifier).locator("input").first.click()
        page.wait_for_function(
            "() => ['INPUT', 'TEXTAREA'].includes(document.activeElement?.tagName)"
        )
        try:
            with _SOCKETS[page].expect_event(
                "framesent",
                predicate=lambda frame: isinstance(frame, bytes) and frame.endswith(sent),
                timeout=10_000,
            ):
                page.keyboard.press("Control+A")
                page.keyboard.press("Backspace")
                page.keyboard.type(text, delay=30)
            return
        except NotYet:  # the keys went to the input before Flutter took it over: again
            continue
    raise AssertionError(f"the field {identifier} never took {text!r}")
