"""Whether this server runs a club, and where its watch links lead: all that the first
screen and the web server need to know of club mode, without the club's screens
(``app.club``) and its PIN gate, which only a club's server loads."""

from __future__ import annotations

import os

WATCH_PREFIX = "/watch/"
BOARD_PREFIX = "/board/"  # the club's board (``app.board``), with its token


def club_mode() -> bool:
    """Whether this server runs a club (``--club``: operators log in, matches are watched)."""
    return os.environ.get("PARTIJA_CLUB") == "1"


def public_url() -> str:
    """Where phones reach this server: ``--public-url``, else the address it listens on."""
    return os.environ.get("PARTIJA_PUBLIC_URL", "http://127.0.0.1:8550").rstrip("/")
