"""``python -m rules`` run inside the test process.

The command's entry point is ``rules.__main__.main``; a subprocess adds only an
interpreter's start, about a tenth of a second a case. So the many cases of the record
contract run here, and the few that only a real process shows – a closed pipe, a full
disk, ``python -S``, the interpreter's exit status – keep a subprocess
(``test_cli.py``, ``test_cli_output.py``, ``test_referee_lt.py``, ``test_scenarios.py``).
"""

from __future__ import annotations

import contextlib
import io
import subprocess

from rules.__main__ import main


def referee_cli(*argv: str) -> subprocess.CompletedProcess[str]:
    """The exit status, standard output and standard error of ``python -m rules ARGV``."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(argv))
        except SystemExit as exit_:  # the argument parser's refusal
            code = exit_.code if isinstance(exit_.code, int) else 1
    return subprocess.CompletedProcess(
        ["python", "-m", "rules", *argv], code, out.getvalue(), err.getvalue()
    )
