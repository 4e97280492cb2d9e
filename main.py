"""Partija: start the app (``uv run main.py [--web] [--port N]``; the same as ``partija``)."""

from app.cli import main

if __name__ == "__main__":
    raise SystemExit(main(prog="main.py"))
