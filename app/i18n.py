"""The app's strings, from gettext-style catalogues in ``assets/translations``.

Each language has one ``.po`` file whose ``msgid`` is a stable key (``home.title``)
and whose ``msgstr`` is the text. A small reader is enough: the files are
ours, UTF-8, with plain ``msgid``/``msgstr`` pairs and ``#`` comments.

A sentence about people may need another wording for their grammatical
genders ("liko žaisti vienas" / "viena"): that wording is the same key with
a ``msgctxt`` of the genders in order (``f``, ``mf``, ``ff``), as gettext
keeps variants; a language that needs none has none.
"""

from __future__ import annotations

import ast
import pathlib
from collections.abc import Sequence
from functools import cache

from rules.grammar import FEMININE, gender_of

LANGUAGES = ("lt", "en")
DEFAULT_LANGUAGE = "lt"
CATALOGUES = pathlib.Path(__file__).resolve().parent.parent / "assets" / "translations"
CONTEXT = "\x04"  # between a msgctxt and its msgid in a catalogue's key, as gettext joins them


def read_po(text: str) -> dict[str, str]:
    """Parse ``msgid``/``msgstr`` pairs; adjacent quoted lines are joined.

    An entry with a ``msgctxt`` is kept under ``context + CONTEXT + msgid``.
    """
    entries: dict[str, str] = {}
    field = None
    parts: dict[str, list[str]] = {"msgctxt": [], "msgid": [], "msgstr": []}

    def flush() -> None:
        if parts["msgid"]:
            key = "".join(parts["msgid"])
            if parts["msgctxt"]:
                key = "".join(parts["msgctxt"]) + CONTEXT + key
            entries[key] = "".join(parts["msgstr"])
        parts["msgctxt"], parts["msgid"], parts["msgstr"] = [], [], []

    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("msgctxt "):
            flush()
            field, line = "msgctxt", line[8:]
        elif line.startswith("msgid "):
            if field != "msgctxt":
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


def tr(lang: str, key: str, *, about: Sequence[str] = (), **params: object) -> str:
    """The text for ``key`` in ``lang`` (falling back to Lithuanian, then the key itself).

    ``about`` names the people the sentence is about, in order: when one of
    them is feminine the wording for their genders is taken, if ``lang`` has one.
    """
    genders = "".join(gender_of(name) for name in about)
    variant = catalogue(lang).get(genders + CONTEXT + key) if FEMININE in genders else None
    text = variant or catalogue(lang).get(key) or catalogue(DEFAULT_LANGUAGE).get(key) or key
    return text.format(**params) if params else text
