"""Looking into Flet controls built without a page: a board is a tree of columns, rows,
containers and texts, with memoized components (the small cards) as leaves."""

from __future__ import annotations


def drawn(control: object) -> list[object]:
    """The control and everything inside it, depth first, down to the components."""
    found = [control]
    for part in ("controls", "content"):
        inner = getattr(control, part, None)
        for child in inner if isinstance(inner, list) else [inner] if inner else []:
            found += drawn(child)
    return found


def texts(control: object) -> list[object]:
    """The texts inside ``control``, in order (anything with a string ``value``)."""
    return [c for c in drawn(control) if isinstance(getattr(c, "value", None), str)]
