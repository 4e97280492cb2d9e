"""Command line of ``main.py``: start the app, or work on its store for backups and scripting.

    main.py [--web] [--port N]          the app (desktop, or served to a browser)
    main.py [--db PATH] import FILE...  store match records; print each new match id
    main.py [--db PATH] export ID       the match's record (JSON) on stdout
    main.py [--db PATH] matches         one line per match: id, game, players, status, totals
    main.py [--db PATH] csv ID          points per deal and totals as CSV

A bad file or an unusable database gives one line on stderr and exit 2.
"""

from __future__ import annotations

import argparse
import os
import sys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="main.py", description="Partija – card game referee")
    parser.add_argument(
        "--web", action="store_true", help="serve the app to a browser on 127.0.0.1"
    )
    parser.add_argument("--port", type=int, default=8550, help="port for --web (default 8550)")
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

        run(web=args.web, port=args.port)
        return 0
    return _store_command(args)


def _store_command(args: argparse.Namespace) -> int:
    from models import (
        DatabaseUnavailable,
        ForeignDatabase,
        NewerDatabase,
        RecordRejected,
        Store,
        UnknownMatch,
        check_records,
    )
    from models.files import read_record_file
    from rules.errors import RecordError

    records = []
    if args.command == "import":  # every file read and checked before the database is opened
        path = ""
        try:
            for path in args.files:
                records.append(read_record_file(path))
            records = check_records(records)
        except RecordRejected as exc:
            return _fail(f"{args.files[exc.position]}: {exc.line()}")
        except RecordError as exc:
            return _fail(f"{path}: {exc.line()}")
    try:
        store = Store(args.db)
    except (DatabaseUnavailable, NewerDatabase, ForeignDatabase) as exc:
        return _fail(str(exc))
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
    except UnknownMatch as exc:
        return _fail(str(exc))
    finally:
        store.close()
    return 0


def _fail(message: str) -> int:
    print(f"main.py: {message}", file=sys.stderr)
    return 2
