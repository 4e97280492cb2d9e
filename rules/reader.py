"""The one reader of record files: bytes in, the parsed record out, or one ``ReadError``.

The referee (``python -m rules``), ``main.py import`` and the app's import
all read a file through ``read_record``, so the same bad file gets the same
answer everywhere. It is pure (the callers read the file) and bounded: each
limit below is checked before the work it guards, so a hostile file is
refused in time proportional to its size, never more.

* at most ``MAX_BYTES`` bytes; UTF-8 (a byte-order mark at the start is
  skipped); a lone surrogate escape (``"\\ud800"``) is no text;
* JSON nested at most ``MAX_DEPTH`` levels, at most ``MAX_CONTAINERS``
  arrays and objects, numbers of at most ``MAX_DIGITS`` digits (each of
  these refused before the parser runs), finite numbers only (no ``NaN``,
  ``Infinity``, ``1e400``);
* at most ``MAX_DEALS`` deals and ``MAX_ENTRIES`` entries in a deal.

Whether the value is a match record (its shape, game, options) is
``record.load``'s business.
"""

from __future__ import annotations

import json
import math
import re
from itertools import accumulate
from typing import Any

from .errors import ReadError

__all__ = [
    "MAX_BYTES",
    "MAX_CONTAINERS",
    "MAX_DEALS",
    "MAX_DEPTH",
    "MAX_DIGITS",
    "MAX_ENTRIES",
    "ReadError",
    "read_record",
]

MAX_BYTES = 16 * 1024 * 1024
MAX_DEPTH = 64
# Arrays and objects in one file. The shortest entry (``{"type":"annul"}``) takes 16 bytes,
# so a record of MAX_BYTES holds about a million; building many more small containers
# (``[[],[],…]``) would take the parser seconds.
MAX_CONTAINERS = 1_500_000
MAX_DIGITS = 20
MAX_DEALS = 10_000
MAX_ENTRIES = 10_000

_BOM = b"\xef\xbb\xbf"
# A JSON string (escapes included), so that brackets and digits inside names are not
# counted. Possessive (``*+``) and with its closing quote optional: every match starts at
# a quote and never gives back what it took, so the scan is linear in the text whatever
# it holds (an unterminated string runs to the end; the parser then refuses the file).
_STRING = re.compile(r'"[^"\\]*+(?:\\.[^"\\]*+)*+"?', re.S)
# A number with more than MAX_DIGITS digits: it starts with a digit that follows no part
# of a number (a sign may), and between two of its digits a number has at most two other
# characters (".", "e+"); outside strings nothing else joins digits. Led by the digit, the
# search skips to digits at C speed.
_LONG_NUMBER = re.compile(r"[0-9](?<![.eE+0-9][0-9])(?:[-+.eE]{0,2}[0-9]){" + str(MAX_DIGITS) + "}")
# An exponent: only a number with one can be too large for a float (20 digits cannot).
_EXPONENT = re.compile(r"[0-9][eE]")
# The bracket bytes of the text outside strings, "{" and "}" counted as "[" and "]".
_AS_BRACKETS = bytes.maketrans(b"{}", b"[]")
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_STEP = [0] * 256
_STEP[ord("[")], _STEP[ord("]")] = 1, -1
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def read_record(data: bytes | str) -> Any:
    """The JSON value of a record file, within the limits above; else ``ReadError``.

    Every step is one pass of C code over the text, none of which can go back over
    what it read: bytes in, the value or the refusal out, in time linear in the size.
    """
    if isinstance(data, bytes):
        if len(data) > MAX_BYTES:
            raise ReadError("too_large", limit=_size(MAX_BYTES))
        if data.startswith(_BOM):
            data = data[len(_BOM) :]
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ReadError("not_utf8", position=exc.start) from None
    else:
        if len(data) > MAX_BYTES:  # characters: never fewer than their bytes
            raise ReadError("too_large", limit=_size(MAX_BYTES))
        text = data.removeprefix("\ufeff")
    outside = _STRING.sub("", text)
    _check_digits(outside)
    _check_nesting(outside)
    floats = _float if _EXPONENT.search(outside) else float
    try:
        value = json.loads(text, parse_float=floats, parse_constant=_constant)
    except json.JSONDecodeError as exc:
        raise ReadError("not_json", detail=exc.msg, line=exc.lineno, column=exc.colno) from None
    except RecursionError:  # unbalanced brackets, left to the parser: nested too deep anyway
        raise ReadError("too_deep", limit=MAX_DEPTH) from None
    if _SURROGATE_ESCAPE.search(text):
        _check_text(value)
    _check_sizes(value)
    return value


def _size(count: int) -> str:
    return f"{count // (1024 * 1024)} MiB"


def _check_digits(outside: str) -> None:
    """Refuse a number of more than ``MAX_DIGITS`` digits before any is converted (``int`` of
    a long one is slow); ``outside`` is the text without its strings."""
    found = _LONG_NUMBER.search(outside)
    if found:
        raise ReadError("number_too_long", limit=MAX_DIGITS, start=found.group()[:12])


def _check_nesting(outside: str) -> None:
    """Refuse more than ``MAX_CONTAINERS`` arrays and objects, or nesting deeper than
    ``MAX_DEPTH``, before the parser builds or recurses into them."""
    brackets = outside.encode("utf-8", "surrogatepass").translate(_AS_BRACKETS, _NOT_BRACKETS)
    opens = brackets.count(b"[")
    if opens > MAX_CONTAINERS:
        raise ReadError("too_many_containers", limit=MAX_CONTAINERS)
    if opens <= MAX_DEPTH or opens * 2 != len(brackets):
        return  # too few to nest so deep; or unbalanced, no JSON, which the parser refuses
    if max(accumulate(map(_STEP.__getitem__, brackets))) > MAX_DEPTH:
        raise ReadError("too_deep", limit=MAX_DEPTH)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ReadError("not_finite", text=text)
    return value


def _constant(text: str) -> Any:
    raise ReadError("not_finite", text=text)


def _check_text(value: Any) -> None:
    """Refuse a lone surrogate escape in any string: it is no character and cannot be kept."""
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError as exc:
        escape = f"\\u{ord(exc.object[exc.start]):04x}"
        raise ReadError("lone_surrogate", escape=escape) from None


def _check_sizes(value: Any) -> None:
    if not isinstance(value, dict) or not isinstance(value.get("deals"), list):
        return
    deals = value["deals"]
    if len(deals) > MAX_DEALS:
        raise ReadError("too_many_deals", limit=MAX_DEALS)
    for number, deal in enumerate(deals):
        if isinstance(deal, dict):
            events = deal.get("events")
            if isinstance(events, list) and len(events) > MAX_ENTRIES:
                raise ReadError("too_many_entries", number=number, limit=MAX_ENTRIES)
