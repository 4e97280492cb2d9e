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
import stat
import sys
from typing import NoReturn

from .errors import ReadError, RecordError
from .i18n import LANGUAGES, tr
from .reader import MAX_BYTES, read_record
from .record import load, verdict
from .verdict_text import as_text


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, exit 2, as for a bad record
        print(f"rules: {message}", file=sys.stderr)
        raise SystemExit(2)


# What a path is when it is not a regular file (``stat.S_IFMT``): a record is never read
# from one, since reading a pipe, a socket or a terminal may wait for ever.
NOT_FILES = {
    stat.S_IFIFO: "pipe",
    stat.S_IFSOCK: "socket",
    stat.S_IFCHR: "device",
    stat.S_IFBLK: "device",
    stat.S_IFDIR: "directory",
}


def read_file(path: str | os.PathLike[str]) -> bytes:
    """A regular file's bytes, one more than the reader's limit at most (then it says too
    large); a pipe, socket, device or folder is refused at once, before it is opened.

    It is opened without blocking, and its type is checked again on what was opened: a
    path swapped for a pipe between the two looks still cannot make the read wait.
    ``main.py import`` reads its files here too (``models.files``).
    """
    try:
        _check_kind(os.stat(path).st_mode)
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | getattr(os, "O_BINARY", 0))
        with open(fd, "rb") as handle:
            _check_kind(os.fstat(fd).st_mode)
            return handle.read(MAX_BYTES + 1)
    except OSError as exc:
        raise ReadError("cannot_read", problem=exc.strerror or str(exc), errno=exc.errno) from None


def _check_kind(mode: int) -> None:
    kind = NOT_FILES.get(stat.S_IFMT(mode))
    if kind is not None or not stat.S_ISREG(mode):
        raise ReadError("not_a_file", kind=kind or "device")


def main(argv: list[str] | None = None) -> int:
    parser = _Parser(prog="python -m rules", description="Referee a match record.")
    parser.add_argument("record", help="match record (JSON)")
    parser.add_argument("--text", action="store_true", help="a verdict for people")
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="message language")
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
        problem = exc.strerror or str(exc)
        print(tr(args.lang, "cli.cannot_write").format(problem=problem), file=sys.stderr)
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
