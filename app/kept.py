"""Controls kept from one drawing to the next while they show the same.

Flet's diff passes over the same object in the same place without a look
inside. A fresh control, even one equal to the last, is walked field by field
(a Container has some fifty) and configured anew: on a tap that is most of
the server's work. So the parts of a screen that a tap leaves as they were
are handed to Flet as the objects it already has.

The contract: ``get`` hands back a control kept under a key, ``call`` the
component a slot got last time while it is called with arguments each the
same object or equal (``Same`` makes controls given as one argument equal
only to the very same controls), ``handler`` a handler that calls what the
latest drawing gave; whatever a drawing did not ask for is let go at the
next (``done``, which ``use_kept`` calls as the drawing starts).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import partial
from typing import Generic, ParamSpec, TypeVar, overload

import flet as ft

KeptT = TypeVar("KeptT", bound=ft.BaseControl)
P = ParamSpec("P")
ItemT = TypeVar("ItemT")


class Kept:
    """Controls of the last drawing kept by their values, handed out again while these stay.

    Controls not asked for in a drawing are let go at its end (``done``), so what is
    kept never outgrows one screen.
    """

    def __init__(self) -> None:
        self.last: dict[object, ft.BaseControl] = {}
        self.now: dict[object, ft.BaseControl] = {}
        # What each slot's component was called with, for ``call``.
        self.last_calls: dict[object, tuple[object, tuple[object, ...], dict[str, object]]] = {}
        self.now_calls: dict[object, tuple[object, tuple[object, ...], dict[str, object]]] = {}
        # The handler each slot was last given, for ``handler``.
        self.last_handlers: dict[object, Callable[..., None]] = {}
        self.now_handlers: dict[object, Callable[..., None]] = {}

    def get(self, key: object, make: Callable[..., KeptT], *args: object) -> KeptT:
        """The control kept under ``key``, else ``make(*args)``; a second use of ``key`` in
        one drawing gets a control of its own (one control is never in two places)."""
        if key in self.now:
            return make(*args)
        control = self.last.get(key) or make(*args)
        self.now[key] = control
        return control  # type: ignore[return-value]  # kept under the key it was made for

    def call(
        self, slot: object, component: Callable[..., ft.Control], *args: object, **kwargs: object
    ) -> ft.Control:
        """``component(*args, **kwargs)`` – or, when the last drawing called it in ``slot``
        with the same arguments (each the same object or equal, as Flet's memo compares
        them), the very component it got then.

        A memoized component called anew is a new object for the diff to reconcile with
        the old one and compare its arguments; the same object it passes over.
        """
        called = (component, args, kwargs)
        last = self.last_calls.get(slot)
        kept = self.last.get(slot)
        control: ft.BaseControl
        if slot not in self.now and last is not None and kept is not None and same(last, called):
            control = kept
        else:
            control = component(*args, **kwargs)
        if slot not in self.now:
            self.now[slot] = control
            self.now_calls[slot] = called
        return control  # type: ignore[return-value]  # what ``component`` returned before

    def handler(self, slot: object, latest: Callable[P, None]) -> Callable[P, None]:
        """A handler for a control to keep: it calls ``latest``, or what a later drawing
        gave for ``slot`` in its place.

        A kept control holds the handler it was made with, and a handler closes over the
        drawing that made it (its match state, its deal): called after a later drawing,
        that one would act on a screen already gone.
        """
        self.now_handlers[slot] = latest
        return partial(self._call_latest, slot)

    def _call_latest(self, slot: object, *args: object, **kwargs: object) -> None:
        latest = self.now_handlers.get(slot) or self.last_handlers.get(slot)
        if latest is not None:
            latest(*args, **kwargs)

    def done(self) -> None:
        """A drawing starts: what the one before used is what this one may keep."""
        self.last, self.now = self.now, {}
        self.last_calls, self.now_calls = self.now_calls, {}
        self.last_handlers, self.now_handlers = self.now_handlers, {}


def same(
    last: tuple[object, tuple[object, ...], dict[str, object]],
    now: tuple[object, tuple[object, ...], dict[str, object]],
) -> bool:
    """Two calls of one component with arguments each identical or equal."""
    (component, args, kwargs), (component_now, args_now, kwargs_now) = last, now
    return (
        component is component_now
        and len(args) == len(args_now)
        and all(a is b or a == b for a, b in zip(args, args_now))
        and kwargs.keys() == kwargs_now.keys()
        and all(kwargs[k] is kwargs_now[k] or kwargs[k] == kwargs_now[k] for k in kwargs)
    )


class Same(Generic[ItemT]):
    """Controls (or any objects) handed to a component as one argument, equal only to the
    very same objects in the same order.

    A kept button is the same object while it shows the same: a component given the
    buttons of the moment as ``Same`` is then called with equal arguments, and ``call``
    hands back the component it got last time. Flet's own equality of controls would
    compare them field by field, and one made anew is news anyway.
    """

    __slots__ = ("items",)

    def __init__(self, items: Sequence[ItemT]) -> None:
        self.items = tuple(items)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Same)
            and len(self.items) == len(other.items)
            and all(a is b for a, b in zip(self.items, other.items))
        )

    __hash__ = None  # type: ignore[assignment]  # compared, never a key

    def __iter__(self) -> Iterator[ItemT]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)


KeptKind = TypeVar("KeptKind", bound=Kept)


@overload
def use_kept() -> Kept: ...


@overload
def use_kept(kind: Callable[[], KeptKind]) -> KeptKind: ...


def use_kept(kind: Callable[[], Kept] = Kept) -> Kept:
    """A component's own ``Kept`` (or ``kind`` of it), with the drawing before this one's
    controls to hand out.

    Called where the component is drawn (a hook): what the last drawing asked for may
    be kept by this one, what it did not is let go.
    """
    kept: Kept = ft.use_memo(kind, [])
    kept.done()
    return kept
