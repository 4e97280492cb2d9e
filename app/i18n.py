"""The app's strings, from the gettext catalogues in ``assets/translations``.

Each language has one ``.po`` file, the source its translator edits, whose
``msgid`` is a stable key (``home.title``) and whose ``msgstr`` is the text;
``messages.pot`` is the template extracted from the code (``app.catalogues``).
Beside each ``.po`` lies its compiled ``.mo`` (``app.catalogues`` writes both, with
Babel; a test checks the ``.mo`` is current), which a start reads with the
standard ``gettext`` machinery alone: compiling the ``.po`` took 60 ms of
every start. Plural forms follow the language's gettext rule (Lithuanian has
three: 1 korta, 2 kortos, 10 kortų).

A sentence about people may need another wording for their grammatical
genders ("liko žaisti vienas" / "viena"): that wording is the same key with
a ``msgctxt`` of the genders in order (``f``, ``mf``, ``ff``), as gettext
keeps variants; a language that needs none has none.

The referee's sentences are a domain of their own beside these, ``rules``
(``rules/i18n.py``), read without Babel; ``LANGUAGES`` is the one list of both.
"""

from __future__ import annotations

import gettext
import io
import pathlib
from collections.abc import Sequence
from datetime import UTC, datetime
from functools import cache
from typing import TYPE_CHECKING

from rules.grammar import FEMININE, gender_of
from rules.i18n import LANGUAGES as LANGUAGES  # the one list of languages, the referee's too
from rules.i18n import MINUS
from rules.i18n import number as number  # points and totals: a true minus sign, no hyphen

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog

DEFAULT_LANGUAGE = "lt"
CATALOGUES = pathlib.Path(__file__).resolve().parent.parent / "assets" / "translations"


@cache
def catalogue(lang: str, folder: pathlib.Path = CATALOGUES) -> Catalog:
    """The language's ``.po`` file in ``folder`` (the app's, or the referee's ``rules`` domain)
    as Babel reads it (its plural rule from the locale)."""
    from babel.messages.pofile import read_po

    with (folder / f"{lang}.po").open("rb") as source:
        return read_po(source, locale=lang)


def compiled(lang: str, folder: pathlib.Path = CATALOGUES) -> bytes:
    """The language's ``.po`` in ``folder`` compiled, as its ``.mo`` file should hold it."""
    from babel.messages.mofile import write_mo

    source = catalogue(lang, folder)
    # The .po files carry no creation date, and Babel would write the moment of compiling:
    # a fixed one makes the same .po compile to the same bytes on every machine.
    source.creation_date = datetime(2026, 1, 1, tzinfo=UTC)
    out = io.BytesIO()
    write_mo(out, source)
    return out.getvalue()


@cache
def _mo(lang: str) -> bytes:
    """The compiled catalogue: its ``.mo`` file, or the ``.po`` compiled when there is none."""
    path = CATALOGUES / f"{lang}.mo"
    return path.read_bytes() if path.exists() else compiled(lang)


@cache
def own(lang: str) -> gettext.GNUTranslations:
    """The language's own texts, with no fallback to another language."""
    return gettext.GNUTranslations(io.BytesIO(_mo(lang)))


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The compiled catalogue; a key English lacks is looked up in Lithuanian."""
    found = gettext.GNUTranslations(io.BytesIO(_mo(lang)))
    if lang != DEFAULT_LANGUAGE:
        found.add_fallback(translations(DEFAULT_LANGUAGE))
    return found


def _language(lang: str) -> gettext.NullTranslations:
    return translations(lang if lang in LANGUAGES else DEFAULT_LANGUAGE)


def _variant(lang: str, key: str, about: Sequence[str]) -> str | None:
    """The wording of ``key`` for the genders of the people named, if one is needed and kept."""
    genders = "".join(gender_of(name) for name in about)
    if FEMININE not in genders or lang not in LANGUAGES:
        return None
    # The language's own catalogue: a fallback would lend English the Lithuanian wording.
    text = own(lang).pgettext(genders, key)
    return text if text and text != key else None


def tr(lang: str, key: str, *, about: Sequence[str] = (), **params: object) -> str:
    """The text for ``key`` in ``lang`` (falling back to Lithuanian, then the key itself).

    ``about`` names the people the sentence is about, in order: when one of
    them is feminine the wording for their genders is taken, if ``lang`` has one.
    """
    text = _variant(lang, key, about) or _language(lang).gettext(key)
    return text.format(**params) if params else text


def trn(lang: str, key: str, count: int, **params: object) -> str:
    """The plural form of ``key`` that ``count`` takes in ``lang``; ``{count}`` is filled too."""
    text = _language(lang).ngettext(key, key, count)
    return text.format(count=format_number(lang, count), **params)


def N_(key: str) -> str:
    """Mark a key that is translated elsewhere (kept in a table, passed on), for extraction."""
    return key


def signed(value: int) -> str:
    """Points won or lost, with their sign: "+5", "−5" (a true minus sign)."""
    return number(value, sign=True)


def format_number(lang: str, value: float) -> str:
    """A number as the language writes it: "1,25" in Lithuanian, "1.25" in English, a negative
    one with a true minus sign (U+2212), where Babel's locales give a hyphen."""
    from babel.numbers import format_decimal

    return format_decimal(value, locale=lang).replace("-", MINUS)


def format_time(lang: str, moment: datetime) -> str:
    """A stored time on the device's clock, as the language writes it ("2026-12-02 09:30").

    The store keeps UTC; SQLite gives it back without a zone, so a naive time is UTC.
    """
    from babel.dates import format_datetime

    aware = moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
    return format_datetime(aware.astimezone(), "short", locale=lang)


def format_percent(lang: str, value: float) -> str:
    """A share as a percentage in the language's way: "50 %" in Lithuanian, "50%" in English."""
    from babel.numbers import format_percent as percent

    return percent(value, locale=lang).replace("-", MINUS)
