"""Python's garbage collections, moved from the taps to the pauses between them.

A full collection walks every object the collector tracks: 10–30 ms with a table
open here, more on a club server with several. Left to itself, Python starts one
when enough objects have outlived two younger collections, and that moment is
nearly always mid-tap, since a tap is what makes objects; so one tap in a
hundred waited for it. The younger collections are smaller but many: a tap makes
some 2 000 objects, so Python ran about three of the youngest (0.3 ms each) and,
one tap in four, a middle one (3 ms, up to 13) inside the tap. Moved to the pauses
they cost a tap 0.2–0.4 ms less at the median on the server (``bench/tap.py``,
runs alternated; ``docs/benchmarks.md``).

So, once per process: the objects alive after the imports (the modules, some
100 000 objects) are frozen out of the collector's reach; Python's own full
collections are turned off and its youngest run only after ``BACKSTOP`` new
objects (Python's own threshold is 700); and a task on the event loop runs the
collection that is due – the youngest after ``YOUNG`` new objects, a middle one
or a full one after as many younger ones as Python's own thresholds say – once
the process has been quiet for ``QUIET`` seconds, that is, it made next to no
objects: after the verdict is on screen and before the next card. A process that
is never quiet (a club server with many busy tables) still runs Python's youngest
collections at ``BACKSTOP``, and a full one once it has been due for ``LONGEST``
seconds, so what cycles hold stays bounded.
"""

from __future__ import annotations

import asyncio
import gc
import threading
import time
from concurrent.futures import Future

import flet as ft

QUIET = 0.03  # seconds with next to no new objects: nobody is waiting on this process
LONGEST = 5.0  # seconds a due full collection may wait for a quiet moment
BUSY = 64  # objects made (net) in QUIET seconds that still count as quiet
# When a collection is due: Python's own thresholds, read before this module changes them
# (new objects before the youngest, younger collections before each older one).
YOUNG, MIDDLE, DUE = gc.get_threshold()
BACKSTOP = 20_000  # new objects after which Python runs the youngest itself (ten taps)

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
    """Python's own full collections off and its youngest held back to ``BACKSTOP``
    while the quiet-time ones run; as before after (when the event loop ends, as a
    test's does)."""
    threshold = gc.get_threshold()
    gc.set_threshold(BACKSTOP, threshold[1], 1 << 30)
    try:
        await quiet_collections()
    finally:
        gc.set_threshold(*threshold)


async def quiet_collections(
    quiet: float = QUIET, longest: float = LONGEST, busy: int = BUSY
) -> None:
    """Run the collection that is due in each quiet moment; see the module."""
    due_since: float | None = None
    while True:
        before = gc.get_count()
        await asyncio.sleep(quiet)
        now = gc.get_count()
        still = now[1] == before[1] and abs(now[0] - before[0]) < busy
        if now[2] < DUE:
            due_since = None
            if still and (now[0] >= YOUNG or now[1] >= MIDDLE):
                gc.collect(1 if now[1] >= MIDDLE else 0)  # the one Python would run
            continue
        due_since = due_since or time.monotonic()
        if still or time.monotonic() - due_since >= longest:
            gc.collect()
            due_since = None
