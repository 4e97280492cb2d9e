"""Command line of ``main.py``: start the app on the desktop or serve it to a browser."""
from __future__ import annotations

import argparse


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="main.py", description="Partija – card game referee")
    parser.add_argument("--web", action="store_true", help="serve the app to a browser on 127.0.0.1")
    parser.add_argument("--port", type=int, default=8550, help="port for --web (default 8550)")
    args = parser.parse_args(argv)
    from app.run import run
    run(web=args.web, port=args.port)
    return 0
