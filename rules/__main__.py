"""The headless referee: ``python -m rules RECORD.json [--text] [--lang lt]``.

Prints the verdict of a match record (exit 0), or one line on stderr when
the file is not a match record (exit 2). Never a traceback for bad input. An
output that cannot take the verdict (a pipe closed early, a full disk) is one
line on stderr and exit 1: the verdict was not delivered.
"""

from __future__ import annotations

import argparse
import json
import os
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
        raise ReadError("cannot_read", problem=exc.strerror or str(exc), errno=exc.errno) from None


def main(argv: list[str] | None = None) -> int:
    parser = _Parser(prog="python -m rules", description="Referee a match record.")
    parser.add_argument("record", help="match record (JSON)")
    parser.add_argument("--text", action="store_true", help="a verdict for people")
    parser.add_argument("--lang", choices=("en", "lt"), default="en", help="message language")
    args = parser.parse_args(argv)
    try:
        match, names = load(read_record(read_file(args.record)))
    except RecordError as exc:
        print(f"{args.record}: {exc.line(args.lang)}", file=sys.stderr)
        return 2
    result = verdict(match, names, args.lang)
    if args.text:
        text = as_text(result, args.lang)
    else:
        text = json.dumps(result, ensure_ascii=False, indent=1) + "\n"
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except OSError as exc:
        _silence_stdout()
        print(f"rules: cannot write the verdict: {exc.strerror or exc}", file=sys.stderr)
        return 1
    return 0


def _silence_stdout() -> None:
    """Point standard output at nothing, so the exit's own flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


if __name__ == "__main__":
    sys.exit(main())
