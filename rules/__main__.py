"""The headless referee: ``python -m rules RECORD.json [--text] [--lang lt]``.

Prints the verdict of a match record (exit 0), or one line on stderr when
the file is not a match record (exit 2). Never a traceback for bad input.
"""

from __future__ import annotations

import argparse
import io
import json
import sys

from .record import RecordError, load, verdict
from .verdict_text import as_text


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, exit 2, as for a bad record
        print(f"rules: {message}", file=sys.stderr)
        raise SystemExit(2)


def main(argv: list[str] | None = None) -> int:
    parser = _Parser(prog="python -m rules", description="Referee a match record.")
    parser.add_argument("record", help="match record (JSON)")
    parser.add_argument("--text", action="store_true", help="a verdict for people")
    parser.add_argument("--lang", choices=("en", "lt"), default="en", help="message language")
    args = parser.parse_args(argv)
    # JSON allows whole numbers of any length (a record is then refused or judged, not
    # unreadable), and "\ud800" escapes that are no text: such a lone surrogate, e.g. in a
    # name or a refused card, goes out as the same JSON escape rather than failing to encode.
    sys.set_int_max_str_digits(0)
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(errors="backslashreplace")
    try:
        # A byte-order mark (some editors write one) is not part of the record.
        with open(args.record, encoding="utf-8-sig") as handle:
            data = json.load(handle)
    except OSError as exc:
        print(f"{args.record}: cannot read: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except UnicodeDecodeError:
        print(f"{args.record}: not UTF-8 text", file=sys.stderr)
        return 2
    except json.JSONDecodeError as exc:
        print(
            f"{args.record}: not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}",
            file=sys.stderr,
        )
        return 2
    except RecursionError:
        print(f"{args.record}: not JSON: nested too deeply", file=sys.stderr)
        return 2
    try:
        match, names = load(data)
    except RecordError as exc:
        print(f"{args.record}: not a match record: {exc}", file=sys.stderr)
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
