"""The referee's catalogues as the tests read them: its keys, and every wording of a key;
and every text a user may read in a language.

A key's wordings are all its texts in every language: each plural form and each
variant (``msgctxt``) too, so a check over them holds for whatever a sentence becomes.
"""

from __future__ import annotations

import re
import string
from functools import cache

from babel.messages.pofile import read_po

from app.i18n import CATALOGUES as APP_CATALOGUES
from app.i18n import catalogue
from app.rules_text import RULES_DIR
from rules.i18n import CATALOGUES, LANGUAGES
from rules.messages import AGREEING


def key_of(message) -> str:
    return message.id[0] if isinstance(message.id, tuple) else message.id


def forms(message) -> tuple[str, ...]:
    return message.string if isinstance(message.string, tuple) else (message.string,)


@cache
def template_keys() -> tuple[str, ...]:
    """Every key of the template (``rules/translations/rules.pot``)."""
    with (CATALOGUES / "rules.pot").open("rb") as pot:
        return tuple(sorted(key_of(m) for m in read_po(pot) if m.id))


def keys(kind: str) -> list[str]:
    """The last parts of the template's keys of one kind: ``keys("refusal")`` gives reasons."""
    return [k.removeprefix(f"{kind}.") for k in template_keys() if k.startswith(f"{kind}.")]


def wordings(key: str, lang: str | None = None) -> list[str]:
    """Every text of ``key`` in ``lang`` (or in every language): forms and variants."""
    return [
        text
        for language in ([lang] if lang else LANGUAGES)
        for message in catalogue(language, CATALOGUES)
        if message.id and key_of(message) == key
        for text in forms(message)
    ]


def facts(text: str) -> set[str]:
    """The facts a text names (words that only agree with its card are not facts); a fact named
    in another grammatical case (``{card.gen}``) is the fact."""
    named = {name for _, name, _, _ in string.Formatter().parse(text) if name}
    return {re.split(r"[.\[]", name)[0] for name in named} - AGREEING


def texts(lang: str) -> list[tuple[str, str]]:
    """Every text in ``lang`` a user may read, with where it is from: both catalogues (each
    form and variant) and the rules pages, line by line."""
    found = [
        (f"{folder.parent.name}/{key_of(message)}", text)
        for folder in (APP_CATALOGUES, CATALOGUES)
        for message in catalogue(lang, folder)
        if message.id
        for text in forms(message)
    ]
    for page in sorted(RULES_DIR.glob(f"*.{lang}.md")):
        lines = page.read_text(encoding="utf-8").splitlines()
        found += [(page.name, line) for line in lines if line]
    return found
