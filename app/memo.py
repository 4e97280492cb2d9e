"""Flet's ``memo`` with a type, so that ``mypy --strict`` checks the components it wraps.

``ft.memo`` is untyped, and an untyped decorator turns off the checks of the whole
function under it. The component it returns is drawn again only when its arguments
change, and takes a ``key`` besides its own arguments: so its calls are left open.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import flet as ft


def memo(component: Callable[..., ft.Control]) -> Callable[..., ft.Control]:
    """``ft.memo(component)``, typed."""
    return cast(Callable[..., Any], ft.memo(component))  # type: ignore[no-untyped-call]
