"""Command line of ``main.py`` and of the ``partija`` command: start the app, or work on its store.

    partija [--web] [--port N]          the app (desktop, or served to a browser)
    partija [--db PATH] import FILE...  store match records; print each new match id
    partija [--db PATH] export ID       the match's record (JSON) on stdout
    partija [--db PATH] matches         one line per match: id, game, players, status, totals
    partija [--db PATH] csv ID          points per deal and totals as CSV
    partija --version                   "partija <version>"

``main.py`` takes the same arguments. A bad file or an unusable database gives one line on
stderr and exit 2.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import sys

PYPROJECT = pathlib.Path(__file__).resolve().parent.parent / "pyproject.toml"


def version() -> str:
    """The installed package's version; from ``pyproject.toml`` when the tree is not installed."""
    import importlib.metadata

    try:
        return importlib.metadata.version("partija")
    except importlib.metadata.PackageNotFoundError:
        pass
    import tomllib

    try:
        with PYPROJECT.open("rb") as file:
            return str(tomllib.load(file)["project"]["version"])
    except (OSError, KeyError, tomllib.TOMLDecodeError):
        return "unknown"


class _PrintVersion(argparse.Action):
    """``--version``: looked up only when asked for, so starting the app costs nothing more."""

    def __init__(self, option_strings: list[str], dest: str, **kwargs: object) -> None:
        super().__init__(option_strings, dest, nargs=0, help="print the version and exit")

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        print(f"partija {version()}")
        parser.exit()


def main(argv: list[str] | None = None, prog: str = "partija") -> int:
    parser = argparse.ArgumentParser(prog=prog, description="Partija – card game referee")
    parser.add_argument("--version", action=_PrintVersion)
    parser.add_argument(
        "--web", action="store_true", help="serve the app to a browser on 127.0.0.1"
    )
    parser.add_argument("--port", type=int, default=8550, help="port for --web (default 8550)")
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to serve on (default 127.0.0.1: this machine only)",
    )
    parser.add_argument(
        "--db",
        metavar="PATH",
        help="database file (default: $PARTIJA_DB, else the app's data folder)",
    )
    commands = parser.add_subparsers(dest="command", title="store commands", metavar="COMMAND")
    command = commands.add_parser("import", help="store match records; print each new match id")
    command.add_argument("files", nargs="+", metavar="FILE.json")
    command = commands.add_parser("export", help="print a match as a record (JSON)")
    command.add_argument("id", type=int)
    commands.add_parser("matches", help="one line per match: id, game, players, status, totals")
    command = commands.add_parser("csv", help="print a match's points per deal and totals as CSV")
    command.add_argument("id", type=int)
    args = parser.parse_args(argv)
    if args.command is None:
        if args.db:  # the app opens its store where the environment says
            os.environ["PARTIJA_DB"] = args.db
        from app.run import run

        run(web=args.web, port=args.port, host=args.host)
        return 0
    return _store_command(args, prog)


def _store_command(args: argparse.Namespace, prog: str) -> int:
    from models import (
        DatabaseUnavailable,
        ForeignDatabase,
        NewerDatabase,
        RecordRejected,
        Store,
        UnknownMatch,
    )
    from models.files import BadFile, read_json_file

    try:
        records = [read_json_file(path) for path in args.files] if args.command == "import" else []
        store = Store(args.db)
    except (BadFile, DatabaseUnavailable, NewerDatabase, ForeignDatabase) as exc:
        return _fail(prog, str(exc))
    if store.moved_aside is not None:
        print(store.moved_aside.message(), file=sys.stderr)
    try:
        if args.command == "import":
            for match_id in store.import_records(records):
                print(match_id)
        elif args.command == "export":
            sys.stdout.buffer.write(store.export_record(args.id))
        elif args.command == "csv":
            sys.stdout.write(store.totals_csv(args.id))
        else:
            for m in store.list_matches():
                status = "stopped" if m.stopped else m.status
                print(
                    f"{m.id}\t{m.game}\t{', '.join(m.players)}\t{status}\t"
                    f"{' '.join(str(t) for t in m.totals)}"
                )
    except RecordRejected as exc:
        return _fail(prog, f"{args.files[exc.position]}: not a match record: {exc}")
    except UnknownMatch as exc:
        return _fail(prog, str(exc))
    finally:
        store.close()
    return 0


def _fail(prog: str, message: str) -> int:
    print(f"{prog}: {message}", file=sys.stderr)
    return 2
