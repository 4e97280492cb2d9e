"""What the store writes to files and reads from them: record JSON and totals CSV.

A record is written the same way every time (key order kept, ``indent=1``
like the shared scenarios, letters unescaped, one final newline), so the
same match always gives the same bytes.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

from rules.__main__ import read_file
from rules.match import Match
from rules.reader import read_record


def record_bytes(record: dict[str, Any]) -> bytes:
    """The bytes of a match record file."""
    return (json.dumps(record, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


def read_record_file(path: str | Path) -> Any:
    """A record file's JSON value through the one reader (``rules.reader``), or its
    ``ReadError``: read as the referee reads it (``rules.__main__.read_file``: a regular
    file only, no further than the reader's size limit)."""
    return read_record(read_file(path))


def spreadsheet_text(text: str) -> str:
    """A text cell a spreadsheet shows as text: one that starts like a formula gets a quote."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def totals_csv(match: Match, names: list[str]) -> str:
    """One row per deal (number, dealer, status, each seat's points), then the totals.

    Names are the only free text; they are kept from being read as formulas.
    Points stay numbers.
    """
    names = [spreadsheet_text(name) for name in names]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["deal", "dealer", "status", *names])
    for log in match.deals:
        points = log.points if log.points is not None else [""] * len(names)
        writer.writerow([log.number + 1, names[log.dealer], log.status.value, *points])
    writer.writerow(["total", "", "finished" if match.finished else "open", *match.totals])
    return out.getvalue()
