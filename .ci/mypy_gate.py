"""CI gate: ``mypy --strict`` clean on the app's code – rules/, models/, app/ and main.py.

Tests and benchmarks are checked by running them; the code that ships is checked here.
"""

from __future__ import annotations

import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
CHECKED = ("rules", "models", "app", "main.py")


def main() -> int:
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", *CHECKED],
        capture_output=True,
        text=True,
        cwd=HERE.parent,
        check=False,
    )
    if run.returncode not in (0, 1):  # 2: mypy itself failed (bad config, crash)
        sys.exit(f"mypy did not run: {run.stderr or run.stdout}")
    print(run.stdout, end="")
    return run.returncode


if __name__ == "__main__":
    sys.exit(main())
