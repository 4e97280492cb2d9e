"""The headless referee: ``python -m rules RECORD.json [--text] [--lang lt]``.

Prints the verdict of a match record (exit 0), or one line on stderr when
the file is not a match record (exit 2). Never a traceback for bad input.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import NoReturn

from .errors import ReadError, RecordError
from .reader import MAX_BYTES, read_record
from .record import load, verdict
from .verdict_text import as_text


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, exit 2, as for a bad record
        print(f"rules: {message}", file=sys.stderr)
        raise SystemExit(2)


def read_file(path: str) -> bytes:
    """The file's bytes, one more than the reader's limit at most (then it says too large)."""
    try:
        with open(path, "rb") as handle:
            return handle.read(MAX_BYTES + 1)
    except OSError as exc:
        raise ReadError("cannot_read", problem=exc.strerror or str(exc)) from None


def main(argv: list[str] | None = None) -> int:
    parser = _Parser(prog="python -m rules", description="Referee a match record.")
    parser.add_argument("record", help="match record (JSON)")
    parser.add_argument("--text", action="store_true", help="a verdict for people")
    parser.add_argument("--lang", choices=("en", "lt"), default="en", help="message language")
    args = parser.parse_args(argv)
    try:
        match, names = load(read_record(read_file(args.record)))
    except RecordError as exc:
        print(f"{args.record}: {exc.line()}", file=sys.stderr)
        return 2
    result = verdict(match, names, args.lang)
    if args.text:
        sys.stdout.write(as_text(result, args.lang))
    else:
        json.dump(result, sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
