"""CI gate: ``mypy --strict`` clean on rules/ and models/; on app/ no more errors than recorded.

The app's count is kept in ``.ci/mypy-app-baseline``. It may only go down: a change
that adds an error fails here, and one that removes errors is asked to lower the file.
"""

from __future__ import annotations

import pathlib
import re
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
BASELINE = HERE / "mypy-app-baseline"
ERROR = re.compile(r"^(?P<path>[\w/.-]+\.py):\d+(?::\d+)?: error: ", re.M)


def errors(*paths: str) -> list[str]:
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", *paths],
        capture_output=True,
        text=True,
        cwd=HERE.parent,
        check=False,
    )
    if run.returncode not in (0, 1):  # 2: mypy itself failed (bad config, crash)
        sys.exit(f"mypy did not run: {run.stderr or run.stdout}")
    return [line for line in run.stdout.splitlines() if ERROR.match(line)]


def main() -> int:
    core = errors("rules", "models")
    if core:
        print("\n".join(core))
        print(f"mypy --strict: {len(core)} errors in rules/ and models/ (must be 0)")
        return 1
    app = [line for line in errors("app") if line.startswith("app/")]
    allowed = int(BASELINE.read_text().split()[0])
    if len(app) > allowed:
        print("\n".join(app))
        print(f"mypy --strict: {len(app)} errors in app/, more than the baseline {allowed}")
        return 1
    if len(app) < allowed:
        print(
            f"mypy --strict app/: {len(app)} errors, below the baseline {allowed}: "
            f"write {len(app)} into {BASELINE.relative_to(HERE.parent)}"
        )
        return 1
    print(f"mypy --strict: rules/ and models/ clean; app/ at its baseline of {allowed}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
