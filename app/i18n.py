"""The app's strings, from gettext-style catalogues in ``assets/translations``.

Each language has one ``.po`` file whose ``msgid`` is a stable key (``home.title``)
and whose ``msgstr`` is the text. A small reader is enough: the files are
ours, UTF-8, with plain ``msgid``/``msgstr`` pairs and ``#`` comments.
"""

from __future__ import annotations

import ast
import pathlib
from functools import cache

LANGUAGES = ("lt", "en")
DEFAULT_LANGUAGE = "lt"
CATALOGUES = pathlib.Path(__file__).resolve().parent.parent / "assets" / "translations"


def read_po(text: str) -> dict[str, str]:
    """Parse ``msgid``/``msgstr`` pairs; adjacent quoted lines are joined."""
    entries: dict[str, str] = {}
    key: str | None = None
    field = None
    parts: dict[str, list[str]] = {"msgid": [], "msgstr": []}

    def flush() -> None:
        nonlocal key
        if parts["msgid"]:
            entries["".join(parts["msgid"])] = "".join(parts["msgstr"])
        parts["msgid"], parts["msgstr"] = [], []
        key = None

    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("msgid "):
            flush()
            field, line = "msgid", line[6:]
        elif line.startswith("msgstr "):
            field, line = "msgstr", line[7:]
        if field is None or not line.startswith('"'):
            raise ValueError(f"not a catalogue line: {raw!r}")
        parts[field].append(ast.literal_eval(line))
    flush()
    entries.pop("", None)  # the header entry
    return entries


@cache
def catalogue(lang: str) -> dict[str, str]:
    return read_po((CATALOGUES / f"{lang}.po").read_text(encoding="utf-8"))


def tr(lang: str, key: str, **params: object) -> str:
    """The text for ``key`` in ``lang`` (falling back to Lithuanian, then the key itself)."""
    text = catalogue(lang).get(key) or catalogue(DEFAULT_LANGUAGE).get(key) or key
    return text.format(**params) if params else text
