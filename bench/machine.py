"""What every benchmark prints beside its figures: the machine's load then."""

from __future__ import annotations

import os


def load_average() -> str:
    """The load averaged over 1, 5 and 15 minutes, as ``uptime`` shows it."""
    return " ".join(f"{x:.2f}" for x in os.getloadavg())
