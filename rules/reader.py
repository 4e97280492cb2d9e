"""The one reader of record files: bytes in, the parsed record out, or one ``ReadError``.

The referee (``python -m rules``), ``main.py import`` and the app's import
all read a file through ``read_record``, so the same bad file gets the same
answer everywhere. It is pure (the callers read the file) and bounded: each
limit below is checked before the work it guards, so a hostile file is
refused in time proportional to its size, never more.

* at most ``MAX_BYTES`` bytes; UTF-8 (a byte-order mark at the start is
  skipped); a lone surrogate escape (``"\\ud800"``) is no text;
* JSON nested at most ``MAX_DEPTH`` levels, numbers of at most
  ``MAX_DIGITS`` digits (refused before any conversion), finite numbers
  only (no ``NaN``, ``Infinity``, ``1e400``);
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
    "MAX_DEALS",
    "MAX_DEPTH",
    "MAX_DIGITS",
    "MAX_ENTRIES",
    "ReadError",
    "read_record",
]

MAX_BYTES = 16 * 1024 * 1024
MAX_DEPTH = 64
MAX_DIGITS = 20
MAX_DEALS = 10_000
MAX_ENTRIES = 10_000

_BOM = b"\xef\xbb\xbf"
# A JSON string (escapes included), so that brackets inside names are not counted.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_DEPTH_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
_NOT_DIGITS = "+-.eE"


def read_record(data: bytes | str) -> Any:
    """The JSON value of a record file, within the limits above; else ``ReadError``."""
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
    _check_depth(text)
    try:
        value = json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except json.JSONDecodeError as exc:
        raise ReadError("not_json", detail=exc.msg, line=exc.lineno, column=exc.colno) from None
    except RecursionError:  # only if the depth scan was wrong about a file that is no JSON
        raise ReadError("too_deep", limit=MAX_DEPTH) from None
    if _SURROGATE_ESCAPE.search(text):
        _check_text(value)
    _check_sizes(value)
    return value


def _size(count: int) -> str:
    return f"{count // (1024 * 1024)} MiB"


def _check_depth(text: str) -> None:
    """Refuse nesting deeper than ``MAX_DEPTH`` before the parser recurses into it."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    if brackets and max(accumulate(map(_DEPTH_STEP.__getitem__, brackets))) > MAX_DEPTH:
        raise ReadError("too_deep", limit=MAX_DEPTH)


def _check_digits(text: str) -> None:
    """Count the digits of a number's text, not converting it (``int`` of a long one is slow)."""
    if len(text) > MAX_DIGITS and len(text) - sum(map(text.count, _NOT_DIGITS)) > MAX_DIGITS:
        raise ReadError("number_too_long", limit=MAX_DIGITS, start=text[:12])


def _int(text: str) -> int:
    _check_digits(text)
    return int(text)


def _float(text: str) -> float:
    _check_digits(text)
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
