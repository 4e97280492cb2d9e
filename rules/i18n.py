"""The referee's words: the ``rules`` gettext domain, read with the standard library alone.

Every sentence, word and plural the referee says lives in ``rules/translations``: one
``.po`` per language, the source its translator edits (``msgid`` a stable key such as
``refusal.must_follow``, ``msgstr`` the text), the template ``rules.pot`` of the keys
the code uses, and beside each ``.po`` its compiled ``.mo``, which is what is read here,
so that ``python -m rules`` runs from a plain checkout. ``uv run python -m app.catalogues``
extracts the template and compiles the catalogues of both domains, the app's and this one.

A text that agrees with something is kept in variants under a ``msgctxt`` naming it,
as gettext keeps variants: a sentence about people has a wording for their genders in
order (``f``, ``mf``) where the language needs one, and a word that agrees with a card
(``word.placed``) a wording for the card's rank (``A``). Counts take the language's
plural forms, which each ``.mo`` carries.
"""

from __future__ import annotations

import gettext
from functools import cache
from pathlib import Path

# The languages of the app and the referee, Lithuanian first. A language is added by
# writing its ``.po`` files (rules/translations, assets/translations), compiling them and
# adding its code here.
LANGUAGES = ("lt", "en")
CATALOGUES = Path(__file__).resolve().parent / "translations"
# The referee's language where one it does not have is asked for (its command line's default).
FALLBACK = "en"
MINUS = "\u2212"  # a negative number's sign in every language here


@cache
def catalogue(lang: str) -> gettext.GNUTranslations:
    """The language's compiled catalogue (``FALLBACK``'s for a language there is none of)."""
    with (CATALOGUES / f"{lang if lang in LANGUAGES else FALLBACK}.mo").open("rb") as mo:
        return gettext.GNUTranslations(mo)


def tr(lang: str, key: str, context: str = "") -> str:
    """The text of ``key``; its variant for ``context`` when the language keeps one."""
    found = catalogue(lang)
    if context:
        variant = found.pgettext(context, key)
        if variant != key:
            return variant
    return found.gettext(key)


def trn(lang: str, key: str, count: int, context: str = "") -> str:
    """The plural form of ``key`` that ``count`` takes; its variant for ``context`` if kept."""
    found = catalogue(lang)
    if context:
        variant = found.npgettext(context, key, key, count)
        if variant != key:
            return variant
    return found.ngettext(key, key, count)


def number(value: int, *, sign: bool = False) -> str:
    """A whole number as every language here writes it: a negative one with a true minus
    sign (U+2212), not a hyphen; with ``sign``, a positive one with its plus."""
    return f"{value:+d}".replace("-", MINUS) if sign else str(value).replace("-", MINUS)


def known(lang: str, key: str) -> str | None:
    """The text of ``key``, or ``None`` where the catalogue has none (keys made of what another
    program said: its words are shown as they came where they have no translation)."""
    text = catalogue(lang).gettext(key)
    return None if text == key else text
