"""The test suite timed whole, beside a fixed piece of work that says how fast the machine is.

    uv run python bench/suite.py [PYTEST ARGUMENTS ...]

Runs ``pytest`` (the README's test command, two workers; any arguments are passed
on) and prints its wall time and the CPU time of everything it started: Chromium,
the app's servers, PostgreSQL and the crash tests' children are processes of their
own, outside pytest's own CPU time. The CPU is read from a cgroup of the run's own
(cgroup v1 ``cpuacct`` or v2 ``cpu.stat``) where this user may make one; otherwise
from ``getrusage`` of the children, which misses what detaches itself (PostgreSQL's
server) and says so.

The same 2-core machine has run the same suite in 4 min 35 s one afternoon and in
7 min 15 s on another day, its load under 1 both times: the machine itself was
slower (a card tap in ``bench/tap.py`` took 6.0 ms and 10.0 ms at p50). So before and
after the suite the bench times a fixed piece of work, the referee replaying the
project's scenario records (``tests/scenarios``) a fixed number of times, in this
process's CPU time, and prints the suite's CPU ÷ that work's: a figure of the suite
that holds from one day's machine to another's, as far as Python's speed tells
Chromium's. The load (``os.getloadavg``) is printed before and after.
"""

from __future__ import annotations

import contextlib
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.machine import load_average  # noqa: E402

REPLAYS = 150  # replays of every scenario record: about 1 s of CPU on this machine


def scenario_records() -> list[Any]:
    """The project's scenario records (not their expected verdicts), read once."""
    files = sorted(
        path
        for path in (ROOT / "tests" / "scenarios").glob("*.json")
        if not path.name.endswith(".expected.json")
    )
    return [json.loads(path.read_text(encoding="utf-8")) for path in files]


def reference_seconds(records: list[Any]) -> float:
    """CPU seconds of the fixed work: every record replayed by the referee ``REPLAYS`` times."""
    from rules.record import load

    start = time.process_time()
    for _ in range(REPLAYS):
        for record in records:
            load(record)
    return time.process_time() - start


def reference(records: list[Any]) -> float:
    """The fixed work's median of three, after one untimed turn that warms what it uses."""
    reference_seconds(records[:1])
    return statistics.median(reference_seconds(records) for _ in range(3))


class Cgroup:
    """A CPU-accounting cgroup of the run's own; ``usage`` is its CPU seconds so far."""

    def __init__(self, folder: Path, usage_file: str) -> None:
        self.folder = folder
        self.usage_file = usage_file

    @classmethod
    def make(cls) -> Cgroup | None:
        name = f"partija-suite-{os.getpid()}"
        for base, usage in (
            (Path("/sys/fs/cgroup/cpuacct"), "cpuacct.usage"),
            (Path("/sys/fs/cgroup"), "cpu.stat"),
        ):
            folder = base / name
            with contextlib.suppress(OSError):  # no such hierarchy here, or not ours to add to
                folder.mkdir()
                if (folder / usage).exists():
                    return cls(folder, usage)
                folder.rmdir()
        return None

    def enter(self) -> None:
        """Called in the child before ``exec``: it and all it starts are counted."""
        (self.folder / "cgroup.procs").write_text(str(os.getpid()))

    def usage(self) -> float:
        text = (self.folder / self.usage_file).read_text()
        if self.usage_file == "cpuacct.usage":
            return int(text) / 1e9
        fields = dict(line.split() for line in text.splitlines())
        return int(fields["usage_usec"]) / 1e6

    def remove(self) -> None:
        """Let the folder go; processes left in it (none, normally) keep it."""
        with contextlib.suppress(OSError):
            self.folder.rmdir()


@contextlib.contextmanager
def counted() -> Iterator[tuple[str, Any]]:
    """How the run's CPU is counted: a cgroup where one can be made, else the children's rusage."""
    group = Cgroup.make()
    if group is not None:
        try:
            yield "a cgroup of the run's own", group
        finally:
            group.remove()
    else:
        yield "getrusage of the children (PostgreSQL's detached server not counted)", None


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    arguments = sys.argv[1:]
    records = scenario_records()
    load_before = load_average()
    print(f"load before: {load_before}", flush=True)
    before = reference(records)
    print(f"fixed work before the suite: {before * 1e3:.0f} ms of CPU", flush=True)
    with counted() as (how, group):
        rusage_start = children_cpu()
        start = time.monotonic()
        returncode = subprocess.call(
            [sys.executable, "-m", "pytest", *arguments],
            cwd=ROOT,
            preexec_fn=group.enter if group is not None else None,
        )
        wall = time.monotonic() - start
        cpu = group.usage() if group is not None else children_cpu() - rusage_start
    load_after = load_average()
    after = reference(records)
    work = statistics.mean([before, after])
    minutes, seconds = divmod(wall, 60)
    print()
    print(f"pytest exit code {returncode}")
    print(f"load before → after: {load_before} → {load_after}")
    print(f"fixed work after the suite: {after * 1e3:.0f} ms of CPU (before {before * 1e3:.0f})")
    print(f"suite: {int(minutes)} min {seconds:.0f} s wall, {cpu:.0f} s of CPU ({how})")
    print(f"suite CPU ÷ fixed work: {cpu / work:.0f}  (the machine's speed taken out)")
    sys.exit(returncode)


if __name__ == "__main__":
    main()
