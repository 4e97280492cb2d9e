"""The record reader on hostile files of the whole 16 MiB it takes, and the referee's answer to
the worst of them, the way a user meets it.

    uv run python bench/reader.py [--runs N]

For each shape: CPU seconds of ``read_record`` on the file (least and most of the runs), and
what it answered. Then ``python -m rules`` on the file of issue 25 (an unterminated string of
escaped quotes) the whole way, process start to exit: wall seconds, exit status, lines on
stderr. The target on a 2-core machine: every file accepted or refused in under 2 s.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules.errors import ReadError  # noqa: E402
from rules.reader import MAX_BYTES, read_record  # noqa: E402

SHAPES = {
    "escaped quotes, unterminated": ('"', '\\"', ""),
    "escaped quotes, closed": ('{"a": "', '\\"', '"}'),
    "quotes": ("", '"', ""),
    "backslashes": ('"', "\\", ""),
    "brackets": ("", "[", ""),
    "closers": ("", "]", ""),
    "empty lists": ("[", "[],", "[]]"),
    "empty objects": ("[", "{},", "{}]"),
    "nested 64 deep": ("[", "[" * 63 + "]" * 63 + ",", "[]]"),
    "small ints": ("[", "1,", "1]"),
    "twenty-digit numbers": ("[", "12345678901234567890,", "1]"),
    "floats with exponents": ("[", "1.5e+300,", "1]"),
    "short strings": ("[", '"a",', '"a"]'),
    "strings with brackets": ("[", '"[{[{",', '"x"]'),
    "surrogate pairs": ("[", '"\\ud83d\\ude00",', '"x"]'),
    "entries": ('{"deals": [{"events": [', '{"type":"pass","player":1},', "{}]}]}"),
}


def text(head: str, unit: str, tail: str) -> bytes:
    count = (MAX_BYTES - len(head) - len(tail)) // len(unit.encode())
    return (head + unit * count + tail).encode()[:MAX_BYTES]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    one, five, _ = os.getloadavg()
    print(f"load: {one:.2f} {five:.2f} (1, 5 min); cores {os.cpu_count()}")
    print(f"{'shape':30} {'CPU s (min-max)':>16}  answer")
    worst = 0.0
    for name, parts in SHAPES.items():
        data = text(*parts)
        times, answer = [], ""
        for _ in range(args.runs):
            start = time.process_time()
            try:
                read_record(data)
                answer = "read"
            except ReadError as error:
                answer = error.reason
            times.append(time.process_time() - start)
        worst = max(worst, max(times))
        print(f"{name:30} {min(times):7.2f}-{max(times):5.2f}     {answer}")
    print(f"slowest: {worst:.2f} s CPU (target < 2 s)")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "worst.json"
        path.write_bytes(text(*SHAPES["escaped quotes, unterminated"]))
        for _ in range(args.runs):
            start = time.perf_counter()
            done = subprocess.run(
                [sys.executable, "-m", "rules", str(path)],
                capture_output=True,
                text=True,
                cwd=ROOT,
                check=False,
            )
            took = time.perf_counter() - start
            lines = done.stderr.splitlines()
            print(
                f"python -m rules on 16 MiB of escaped quotes: {took:.2f} s wall, "
                f"exit {done.returncode}, {len(lines)} line: {lines[0][-60:] if lines else ''}"
            )


if __name__ == "__main__":
    main()
