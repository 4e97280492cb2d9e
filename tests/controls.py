"""Looking into Flet controls built without a page: a board is a tree of columns, rows,
containers and texts, with memoized components (the small cards) as leaves."""

from __future__ import annotations

# The components that are the leaves of a board (a card, a suit sign); any other component
# (a devynake suit row) is drawn and looked into.
LEAVES = ("SmallCard", "SuitMark")


def drawn(control: object) -> list[object]:
    """The control and everything inside it, depth first, down to the leaf components."""
    from flet.components.component import Component, Renderer

    found = [control]
    if isinstance(control, Component) and control.fn.__name__ not in LEAVES:
        # Drawn as Flet draws it: in its own frame, where its hooks (its kept parts) live.
        found += drawn(Renderer(control).render(control.fn, *control.args, **control.kwargs))
    for part in ("controls", "content"):
        inner = getattr(control, part, None)
        for child in inner if isinstance(inner, list) else [inner] if inner else []:
            found += drawn(child)
    return found


def texts(control: object) -> list[object]:
    """The texts inside ``control``, in order (anything with a string ``value``)."""
    return [c for c in drawn(control) if isinstance(getattr(c, "value", None), str)]
