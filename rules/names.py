"""Players' names as the table types them, made safe to show, store and compare.

A name is what the table calls a person: it is shown on every screen, written
into records, CSV files and terminal lines. So it is one line of visible text:
Unicode NFC (a "Rūta" typed with a combining macron is the same "Rūta"), any run
of white space one space, invisible format characters (zero-width joiners,
bidirectional overrides, soft hyphens) and control characters removed, and at
most ``MAX_NAME`` characters. Two names are the same person when their keys
(case folded) are equal: "jonas" is "Jonas".
"""

from __future__ import annotations

import contextlib
import unicodedata

MAX_NAME = 40

# Categories dropped without a word: controls (Cc) and invisible format marks (Cf:
# zero-width space and joiners, bidirectional embeddings, overrides and isolates,
# soft hyphen, byte-order mark). White space among them becomes a space first.
_DROPPED = frozenset({"Cc", "Cf"})
# Categories refused: no one types them, and they cannot all be stored or shown.
_REFUSED = frozenset({"Cs", "Co", "Cn"})  # lone surrogates, private use, unassigned


class BadName(ValueError):
    """A name that cannot be used; ``reason`` is ``empty``, ``too_long`` or ``unusable``."""

    def __init__(self, reason: str, name: str) -> None:
        super().__init__(f"{reason}: {name!r}")
        self.reason = reason
        self.name = name


def clean_name(text: str) -> str:
    """The name as it is kept, or ``BadName`` saying why it cannot be one."""
    kept = []
    for char in unicodedata.normalize("NFC", text):
        category = unicodedata.category(char)
        if char.isspace() or category in ("Zl", "Zp"):
            kept.append(" ")
        elif category in _REFUSED:
            raise BadName("unusable", text.encode("utf-8", "backslashreplace").decode())
        elif category not in _DROPPED:
            kept.append(char)
    name = unicodedata.normalize("NFC", " ".join("".join(kept).split()))
    if not name:
        raise BadName("empty", text)
    if len(name) > MAX_NAME:
        raise BadName("too_long", name)
    return name


def name_key(name: str) -> str:
    """What two spellings of one person share: the clean name, case folded.

    Never raises: a name kept before names were cleaned still has a key.
    """
    with contextlib.suppress(BadName):
        name = clean_name(name)
    return unicodedata.normalize("NFC", name.casefold())
