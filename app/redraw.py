"""Redrawing a screen when news comes from elsewhere: another tab, another process.

The news arrives on another thread (Flet's PubSub runs its handlers on its thread
pool; ``models.changes`` listens on a thread of its own), and the screen is redrawn
on its session's event loop. A screen whose browser has gone keeps its session,
and its subscriptions, until the session expires: ``page.run_task`` then fails on
the missing connection, after making a coroutine that nothing will run.
"""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable

import flet as ft


def redraw_soon(page: ft.Page, redraw: Callable[[], Awaitable[None]]) -> None:
    """Run ``redraw`` on the page's event loop, from any thread, if the page is still
    connected; for a page whose browser has gone, nothing (no coroutine is made). The
    connection is looked at again on its loop, where it changes."""
    with contextlib.suppress(RuntimeError):  # the session destroyed, or the loop closed
        loop = getattr(page.session.connection, "loop", None)
        if loop is None:
            return

        def start() -> None:
            with contextlib.suppress(RuntimeError):
                if page.session.connection is not None:
                    page.run_task(redraw)

        loop.call_soon_threadsafe(start)
