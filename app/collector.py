"""Python's full garbage collections, moved from the taps to the pauses between them.

A full collection walks every object the collector tracks: 10–30 ms with a table
open here, more on a club server with several. Left to itself, Python starts one
when enough objects have outlived two younger collections, and that moment is
nearly always mid-tap, since a tap is what makes objects; so one tap in a
hundred waited for it.

So, once per process: the objects alive after the imports (the modules, some
100 000 objects) are frozen out of the collector's reach; Python's own full
collections are turned off (the two younger generations still collect as
before); and a task on the event loop runs a full collection when one is due
(as many younger collections as Python's own threshold) and the process has
been quiet for ``QUIET`` seconds, that is, it made next to no objects: after
the verdict is on screen and before the next card. A process that is never quiet
(a club server with many busy tables) collects anyway once a collection has been
due for ``LONGEST`` seconds, so what cycles hold stays bounded.
"""

from __future__ import annotations

import asyncio
import gc
import threading
import time
from concurrent.futures import Future

import flet as ft

QUIET = 0.03  # seconds with next to no new objects: nobody is waiting on this process
LONGEST = 5.0  # seconds a due collection may wait for a quiet moment
BUSY = 64  # objects made (net) in QUIET seconds that still count as quiet
DUE = gc.get_threshold()[2]  # younger collections between full ones: Python's own default

_task: Future[None] | None = None
_frozen_again = threading.Lock()  # taken for good by the freeze after the store's modules


def keep_out_of_collections(*, again: bool = False) -> None:
    """Move everything alive now (the modules) out of the collector's reach, once per
    process; ``again``: once more, after the store's and the other screens' modules were
    loaded in the background (``app.run.StoreOpening``), which the first freeze missed."""
    if not gc.get_freeze_count() or (again and _frozen_again.acquire(blocking=False)):
        gc.freeze()


def collect_when_quiet(page: ft.Page) -> None:
    """Freeze what is alive now and start the quiet-time collector, once per process."""
    global _task
    keep_out_of_collections()
    if _task is None or _task.done():
        try:
            loop = page.session.connection.loop
        except RuntimeError:  # a session in memory, with no loop of its own: Python's way
            return
        _task = asyncio.run_coroutine_threadsafe(instead_of_pythons(), loop)


async def instead_of_pythons() -> None:
    """Python's own full collections off while the quiet-time ones run; on again after
    (when the event loop ends, as a test's does)."""
    threshold = gc.get_threshold()
    gc.set_threshold(threshold[0], threshold[1], 1 << 30)
    try:
        await quiet_collections()
    finally:
        gc.set_threshold(*threshold)


async def quiet_collections(
    quiet: float = QUIET, longest: float = LONGEST, busy: int = BUSY
) -> None:
    """Run a full collection in each quiet moment that one is due; see the module."""
    due_since: float | None = None
    while True:
        before = gc.get_count()
        await asyncio.sleep(quiet)
        now = gc.get_count()
        if now[2] < DUE:
            due_since = None
            continue
        due_since = due_since or time.monotonic()
        still = now[1] == before[1] and abs(now[0] - before[0]) < busy
        if still or time.monotonic() - due_since >= longest:
            gc.collect()
            due_since = None
