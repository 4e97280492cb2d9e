"""Controls kept from one drawing to the next while they show the same.

Flet's diff passes over the same object in the same place without a look
inside. A fresh control, even one equal to the last, is walked field by field
(a Container has some fifty) and configured anew: on a tap that is most of
the server's work. So the parts of a screen that a tap leaves as they were
are handed to Flet as the objects it already has.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import flet as ft

KeptT = TypeVar("KeptT", bound=ft.BaseControl)


class Kept:
    """Controls of the last drawing kept by their values, handed out again while these stay.

    Controls not asked for in a drawing are let go at its end (``done``), so what is
    kept never outgrows one screen.
    """

    def __init__(self) -> None:
        self.last: dict[object, ft.BaseControl] = {}
        self.now: dict[object, ft.BaseControl] = {}

    def get(self, key: object, make: Callable[..., KeptT], *args: object) -> KeptT:
        """The control kept under ``key``, else ``make(*args)``; a second use of ``key`` in
        one drawing gets a control of its own (one control is never in two places)."""
        if key in self.now:
            return make(*args)
        control = self.last.get(key) or make(*args)
        self.now[key] = control
        return control  # type: ignore[return-value]  # kept under the key it was made for

    def done(self) -> None:
        self.last, self.now = self.now, {}


def use_kept() -> Kept:
    """A component's own ``Kept``, with the drawing before this one's controls to hand out.

    Called where the component is drawn (a hook): what the last drawing asked for may
    be kept by this one, what it did not is let go.
    """
    kept: Kept = ft.use_memo(Kept, [])
    kept.done()
    return kept
