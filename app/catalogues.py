"""The catalogues' template, ``assets/translations/messages.pot``, extracted from the code,
and the compiled catalogues (``lt.mo``, ``en.mo``) that a start reads.

    uv run python -m app.catalogues     # after keys or texts change: template and .mo again

Babel walks ``app/`` and ``models/`` with the extractor below, which reads
each file's syntax tree for the keys the code uses: a literal key given to
``tr``, ``trn`` or ``RosterError`` is asked for, so the template has it even
where a catalogue lacks it; a key kept as a plain string and translated later
(``"correct.done"``) is used when the source catalogue has it; a key built at
run time (``f"game.{game}.name"``) is a family, and the template holds every
key of the Lithuanian source catalogue that belongs to it. ``tests/test_i18n.py``
checks that the template is up to date and that both catalogues hold exactly its keys.
"""

from __future__ import annotations

import ast
import io
import re
from collections.abc import Collection, Iterator
from pathlib import Path
from typing import IO, Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import write_po

from app.i18n import CATALOGUES, DEFAULT_LANGUAGE, LANGUAGES, catalogue, compiled

ROOT = Path(__file__).resolve().parent.parent
_MENTION = "<key>"  # the extractor's name for a string that is not given to a keyword
_MENTIONED = "mentioned"  # the comment that marks such a string among Babel's results
_BUILT = "built at run time"
TEMPLATE = CATALOGUES / "messages.pot"
# Where the key is among a call's arguments (1-based), as Babel's keyword specs say it;
# ``trn`` names its one key twice: it is both the singular and the plural id.
KEYWORDS: dict[str, Any] = {"tr": (2,), "trn": (2, 2), "RosterError": (1,), _MENTION: (1,)}
FOLDERS = ("app", "models")
_ANY = "\x00"  # stands for a part of a key built at run time, until it becomes a pattern
# A built key's fixed start: a family is a key's prefix with a dot ("game."), so an
# f-string such as f"{index + 1}. " is no family of every key.
_FAMILY_START = re.compile(r"[a-z_]+\.")


def _key(node: ast.expr) -> str | None:
    """A literal key, or a built one with ``_ANY`` for each part filled at run time."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(
            str(part.value) if isinstance(part, ast.Constant) else _ANY for part in node.values
        )
    return None


def extract_keys(
    fileobj: IO[bytes], keywords: Collection[str], comment_tags: Collection[str], options: Any
) -> Iterator[tuple[int, str, tuple[str | None, ...], list[str]]]:
    """Babel's extraction method: (line, function, arguments, comments) for each call of a
    keyword, and every other string as a mention (``template`` keeps those that are keys)."""
    for node in ast.walk(ast.parse(fileobj.read())):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if name in keywords:
                yield node.lineno, name, tuple(_key(arg) for arg in node.args), []
        elif isinstance(node, (ast.Constant, ast.JoinedStr)):
            key = _key(node)
            if key:
                yield node.lineno, _MENTION, (key,), [_MENTIONED]


def _family(key: str) -> re.Pattern[str]:
    return re.compile(".+".join(re.escape(part) for part in key.split(_ANY)))


# Babel's method map: every Python file through ``extract_keys`` (Babel takes a callable too).
METHODS: list[tuple[str, Any]] = [("**.py", extract_keys)]


def template() -> Catalog:
    """What the code uses: keys asked for, keys mentioned, each family's keys in the source."""
    source = catalogue(DEFAULT_LANGUAGE)
    # Each key of the source, and its id as Babel keeps it (a plural's is a pair).
    ids: dict[str, Any] = {m.id if isinstance(m.id, str) else m.id[0]: m.id for m in source if m.id}
    pot = Catalog(project="Partija", fuzzy=False)
    for folder in FOLDERS:
        for _, _, message, comments, _ in extract_from_dir(
            ROOT / folder, METHODS, keywords=KEYWORDS
        ):
            key = message[0] if isinstance(message, tuple) else message
            if _ANY in key:
                if _FAMILY_START.match(key):
                    family = _family(key)
                    for msgid in [k for k in ids if family.fullmatch(k)]:
                        pot.add(ids[msgid], auto_comments=[_BUILT])
            elif _MENTIONED not in comments:
                pot.add(message)
            elif key in ids:
                pot.add(ids[key])
    return pot


def template_text() -> bytes:
    """The template as the file holds it: no dates, versions or places, so that it changes
    only when the keys do (two branches adding keys then differ only in those)."""
    out = io.BytesIO()
    write_po(out, template(), omit_header=True, sort_output=True, width=100, no_location=True)
    return out.getvalue()


def main() -> None:
    TEMPLATE.write_bytes(template_text())
    print(f"{TEMPLATE.relative_to(ROOT)}: {len(template())} keys")
    for lang in LANGUAGES:  # what a start reads (``app.i18n``): compiled once, here
        (CATALOGUES / f"{lang}.mo").write_bytes(compiled(lang))
        print(f"{(CATALOGUES / lang).relative_to(ROOT)}.mo: compiled")


if __name__ == "__main__":
    main()
