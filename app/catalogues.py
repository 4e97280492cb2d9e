"""The catalogues' templates, extracted from the code, and the compiled catalogues that
the app and the referee read, for both gettext domains: the app's (``messages``, in
``assets/translations``) and the referee's (``rules``, in ``rules/translations``).

    uv run python -m app.catalogues     # after keys or texts change: templates and .mo again

Babel walks each domain's folders with the extractor below, which reads each
file's syntax tree for the keys the code uses: a literal key given to ``tr``,
``trn`` or ``RosterError`` is asked for, so the template has it even where a
catalogue lacks it; a key kept as a plain string and translated later
(``"correct.done"``) is used when the source catalogue has it; a key built at
run time (``f"game.{game}.name"``) is a family, and the template holds every
key of the Lithuanian source catalogue that belongs to it.

The referee's sentences are chosen by the reasons the engine names: a literal
reason given to ``Refused`` or a ``RecordError`` asks for ``refusal.<reason>`` or
``record.<reason>``, and a reason kept as a plain string (a code, a duty's reason)
is used when the source has its sentence; ``f"refusal.{reason}"`` in the code that
says them is no family, or every sentence would be kept whether named or not.
``tests/test_i18n.py`` checks that both templates are up to date and that every
catalogue holds exactly its template's keys.
"""

from __future__ import annotations

import ast
import io
import re
from collections.abc import Collection, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import write_po

from app.i18n import CATALOGUES, DEFAULT_LANGUAGE, LANGUAGES, catalogue, compiled
from rules.i18n import CATALOGUES as RULES_CATALOGUES

ROOT = Path(__file__).resolve().parent.parent
_MENTION = "<key>"  # the extractor's name for a string that is not given to a keyword
_MENTIONED = "mentioned"  # the comment that marks such a string among Babel's results
_BUILT = "built at run time"
TEMPLATE = CATALOGUES / "messages.pot"
# Where the key is among a call's arguments (1-based), as Babel's keyword specs say it;
# ``trn`` names its one key twice: it is both the singular and the plural id.
KEYWORDS: dict[str, Any] = {"tr": (2,), "trn": (2, 2), "RosterError": (1,), _MENTION: (1,)}
FOLDERS = ("app", "models")
# The calls that name a reason of the referee's (which argument, 1-based) and the kind of
# sentence it asks for; a reason is a key's last part under one of these kinds.
REASONS = {
    "Refused": (2, "refusal."),
    "RecordError": (1, "record."),
    "ReadError": (1, "record."),
    "OptionError": (1, "record."),
}
REASON_KINDS = ("refusal.", "violation.", "record.")
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
    keyword, the key a reason asks for where ``options["reasons"]`` says which calls name
    one (``REASONS``), and every other string as a mention (``template`` keeps those that
    are keys)."""
    reasons: dict[str, tuple[int, str]] = options.get("reasons", {})
    for node in ast.walk(ast.parse(fileobj.read())):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if name in keywords:
                yield node.lineno, name, tuple(_key(arg) for arg in node.args), []
            if name in reasons and len(node.args) >= reasons[name][0]:
                place, kind = reasons[name]
                reason = _key(node.args[place - 1])
                if reason:
                    yield node.lineno, _MENTION, (kind + reason,), []
        elif isinstance(node, (ast.Constant, ast.JoinedStr)):
            key = _key(node)
            if key:
                yield node.lineno, _MENTION, (key,), [_MENTIONED]


def _family(key: str) -> re.Pattern[str]:
    return re.compile(".+".join(re.escape(part) for part in key.split(_ANY)))


# Babel's method map: every Python file through ``extract_keys`` (Babel takes a callable too).
METHODS: list[tuple[str, Any]] = [("**.py", extract_keys)]


@dataclass(frozen=True)
class Domain:
    """One gettext domain: where its catalogues and template are, and which code uses it."""

    catalogues: Path
    template: Path
    folders: tuple[str, ...]
    keywords: dict[str, Any]
    reasons: dict[str, tuple[int, str]] = field(default_factory=dict)


APP = Domain(CATALOGUES, TEMPLATE, FOLDERS, KEYWORDS)
# The referee's: its words are asked for in ``rules/``; ``models/`` names record reasons too.
RULES = Domain(
    RULES_CATALOGUES,
    RULES_CATALOGUES / "rules.pot",
    ("rules", "models"),
    {"tr": (2,), "trn": (2, 2), _MENTION: (1,)},
    REASONS,
)
DOMAINS = (APP, RULES)


def template(domain: Domain = APP) -> Catalog:
    """What the code uses: keys asked for, keys mentioned, each family's keys in the source."""
    source = catalogue(DEFAULT_LANGUAGE, domain.catalogues)
    # Each key of the source, and its id as Babel keeps it (a plural's is a pair).
    ids: dict[str, Any] = {m.id if isinstance(m.id, str) else m.id[0]: m.id for m in source if m.id}
    kinds = REASON_KINDS if domain.reasons else ()
    pot = Catalog(project="Partija", fuzzy=False)
    for folder in domain.folders:
        for _, _, message, comments, _ in extract_from_dir(
            ROOT / folder,
            METHODS,
            options_map={"**.py": {"reasons": domain.reasons}},
            keywords=domain.keywords,
        ):
            key = message[0] if isinstance(message, tuple) else message
            if _ANY in key:
                if _FAMILY_START.match(key) and key.removesuffix(_ANY) not in kinds:
                    family = _family(key)
                    for msgid in [k for k in ids if family.fullmatch(k)]:
                        pot.add(ids[msgid], auto_comments=[_BUILT])
            elif _MENTIONED not in comments:
                pot.add(ids.get(key, message))
            else:
                for msgid in (key, *(kind + key for kind in kinds)):
                    if msgid in ids:
                        pot.add(ids[msgid])
    return pot


def template_text(domain: Domain = APP) -> bytes:
    """The template as the file holds it: no dates, versions or places, so that it changes
    only when the keys do (two branches adding keys then differ only in those)."""
    out = io.BytesIO()
    write_po(out, template(domain), omit_header=True, sort_output=True, width=100, no_location=True)
    return out.getvalue()


def main() -> None:
    for domain in DOMAINS:
        domain.template.write_bytes(template_text(domain))
        print(f"{domain.template.relative_to(ROOT)}: {len(template(domain))} keys")
        for lang in LANGUAGES:  # what a start reads (``app.i18n``, ``rules.i18n``): compiled here
            (domain.catalogues / f"{lang}.mo").write_bytes(compiled(lang, domain.catalogues))
            print(f"{(domain.catalogues / lang).relative_to(ROOT)}.mo: compiled")


if __name__ == "__main__":
    main()
