"""Command line of ``main.py`` and of the ``partija`` command: start the app, or work on its store.

    partija [--web] [--port N]          the app (desktop, or served to a browser)
    partija [--db PATH] import FILE...  store match records; print each new match id
    partija [--db PATH] export ID       the match's record (JSON) on stdout
    partija [--db PATH] matches         one line per match: id, game, players, status, totals
    partija [--db PATH] csv ID          points per deal and totals as CSV
    partija [--db PATH] backup FILE     everything (matches, players, settings) in one file
    partija [--db PATH] restore FILE    add what a backup holds and the store lacks
    partija [--db PATH] club init --name NAME [--pin PIN] [--organiser-pin PIN]
                                        the club's name and the operators' PIN
    partija [--db PATH] --web --club [--public-url URL]
                                        serve the club: PIN log-in, watch links
    partija --web --host ADDRESS --public-url URL | --allow-host NAME...
                                        serve other machines, answering these names only
    partija [--db PATH] club ratings    each game's standings: name, ordinal, rated matches
    partija [--db PATH] club ratings --rebuild
                                        recompute the ratings from the stored matches
    partija [--db PATH] club round --game GAME --table NAME=P1,P2,P3... [--draw] [--deals N]
                                        the evening's first round: a match at each table
    partija [--db PATH] club round      the next round: the same tables, players moved on
    partija [--db PATH] club member NAME... [--guest]
                                        make roster players the club's members (or guests)
    partija [--db PATH] club results FOLDER
                                        the finished matches' records, standings and rating
                                        changes (results.json, results.csv)
    partija --version                   "partija <version>"

``main.py`` takes the same arguments. A bad file or an unusable database gives one line on
stderr and exit 2, in the language of the terminal's locale (Lithuanian for ``lt_…``,
else English).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import pathlib
import sys
import unicodedata
from collections.abc import Callable
from typing import Any

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


def language() -> str:
    """The language of the command line's messages: the locale's (``LC_ALL``, ``LC_MESSAGES``,
    ``LANG``, the first one set) when it is Lithuanian, else English – a terminal with no
    locale of its own (``C``) reads English."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name)
        if value:
            return "lt" if value.lower().startswith("lt") else "en"
    return "en"


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
        metavar="PATH|URL",
        help="database file, or a PostgreSQL URL postgresql+psycopg://user@host/dbname "
        "(default: $PARTIJA_DB, else a file in the app's data folder)",
    )
    parser.add_argument(
        "--club",
        action="store_true",
        help="with --web: serve a club (operators log in with the PIN; matches can be watched)",
    )
    parser.add_argument(
        "--public-url",
        metavar="URL",
        help="the address other machines' browsers open (http://NAME:PORT): the server "
        "answers it, and a club's watch links are built from it",
    )
    parser.add_argument(
        "--allow-host",
        metavar="NAME[:PORT]",
        action="append",
        default=[],
        help="a further host name or address browsers may open this server by (repeatable); "
        "with --host beyond loopback this or --public-url is needed",
    )
    commands = parser.add_subparsers(dest="command", title="store commands", metavar="COMMAND")
    command = commands.add_parser("import", help="store match records; print each new match id")
    command.add_argument("files", nargs="+", metavar="FILE.json")
    command = commands.add_parser("export", help="print a match as a record (JSON)")
    command.add_argument("id", type=int)
    commands.add_parser("matches", help="one line per match: id, game, players, status, totals")
    command = commands.add_parser("csv", help="print a match's points per deal and totals as CSV")
    command.add_argument("id", type=int)
    command = commands.add_parser(
        "backup", help="write every match, player and setting to one file (a backup)"
    )
    command.add_argument("file", metavar="FILE")
    command = commands.add_parser(
        "restore", help="add the matches, players and settings of a backup the store lacks"
    )
    command.add_argument("file", metavar="FILE")
    command = commands.add_parser("club", help="a club's server: its name and PIN, the ratings")
    club = command.add_subparsers(dest="club", title="club commands", metavar="WHAT", required=True)
    command = club.add_parser("init", help="set the club's name and the operators' PIN")
    command.add_argument("--name", required=True, help="the club's name, shown at log-in")
    command.add_argument(
        "--pin",
        help="the operators' PIN, 4 digits or more (default: $PARTIJA_CLUB_PIN, else asked)",
    )
    command.add_argument(
        "--organiser-pin",
        help="the organiser's PIN: any table's match on any device (default: kept)",
    )
    command = club.add_parser("ratings", help="each game's standings, best first")
    command.add_argument(
        "--rebuild",
        action="store_true",
        help="recompute every game's ratings from the stored matches first",
    )
    command = club.add_parser(
        "round", help="begin a round: a match at each table (without --table: players move on)"
    )
    command.add_argument("--game", help="the game played (default: the last round's)")
    command.add_argument(
        "--table",
        action="append",
        default=[],
        metavar="NAME=P1,P2,...",
        help="a table and its players, seat by seat (repeat for each table)",
    )
    command.add_argument("--draw", action="store_true", help="draw the seats by lot")
    command.add_argument("--deals", type=int, help="deals per match (default: the game's)")
    command = club.add_parser("member", help="make roster players members of the club")
    command.add_argument("names", nargs="+", metavar="NAME")
    command.add_argument("--guest", action="store_true", help="make them guests instead")
    command = club.add_parser(
        "results", help="write the finished matches, standings and rating changes to FOLDER"
    )
    command.add_argument("folder", metavar="FOLDER")
    args = parser.parse_args(argv)
    from app.logs import start_logging
    from models.location import log_folder  # not models.engine: that loads SQLAlchemy

    start_logging(log_folder(args.db))
    if args.command is None:
        from app.hosts import HostError, allowed_hosts, is_loopback, named_hosts, url_of

        try:
            named = named_hosts(args.public_url, args.allow_host, args.port)
            hosts = allowed_hosts(args.host, args.port, named)
        except HostError as exc:
            return _fail(prog, str(exc))
        # served beyond loopback: the address to open is a name given, not the one bound
        public = args.public_url or (url_of(named[0]) if named else None)
        shown = None if is_loopback(args.host) else public
        if args.db:  # the app opens its store where the environment says
            os.environ["PARTIJA_DB"] = args.db
        watch = None
        if args.club:
            club, problem = _serve_club(args, public)
            if club is None:
                return _fail(prog, problem)
            watch = _watch_check(club)
        from app.run import run

        run(web=args.web, port=args.port, host=args.host, hosts=hosts, url=shown, watch=watch)
        return 0
    return _store_command(args, prog)


def _store_command(args: argparse.Namespace, prog: str) -> int:
    from app.logs import log
    from models import (
        BackupRefused,
        DatabaseUnavailable,
        ForeignDatabase,
        NewerDatabase,
        RecordRejected,
        Store,
        StoreFault,
        Told,
        UnknownMatch,
        check_records,
    )
    from models.club import ClubError
    from models.files import read_record_file
    from models.roster import RosterError
    from rules.errors import RecordError

    lang = language()
    records = []
    if args.command == "import":  # every file read and checked before the database is opened
        path = ""
        try:
            for path in args.files:
                records.append(read_record_file(path))
            records = check_records(records)
        except RecordRejected as exc:
            return _fail(prog, f"{args.files[exc.position]}: {exc.line(lang)}")
        except RecordError as exc:
            return _fail(prog, f"{path}: {exc.line(lang)}")
    try:
        store = Store(args.db)
    except (DatabaseUnavailable, NewerDatabase, ForeignDatabase, StoreFault) as exc:
        return _fail(prog, exc.message(lang))
    if store.moved_aside is not None:
        log.error("%s", store.moved_aside.message())
        print(store.moved_aside.message(lang), file=sys.stderr)
    try:
        _run_store_command(args, store, records, lang)
    except (UnknownMatch, StoreFault, ClubError, BackupRefused, Told) as exc:
        return _fail(prog, exc.message(lang))
    except RecordError as exc:  # a round's game, players or deals the rules refuse
        return _fail(prog, exc.line(lang))
    except RosterError as exc:  # ``club member``: a name the roster lacks
        from app.i18n import tr

        return _fail(prog, tr(lang, exc.key, **exc.facts))
    except OSError as exc:  # the output closed (a pipe into head) or full (a disk, /dev/full)
        _silence_stdout()
        return _fail(prog, Told("output", reason=exc.strerror or exc).message(lang))
    finally:
        store.close()
    return 0


def _run_store_command(args: argparse.Namespace, store: Any, records: list[Any], lang: str) -> None:
    """Print what the command asks for; everything is flushed before it returns."""
    if args.command == "backup":
        matches = store.backup(args.file)
        print(_said(lang, "backup", file=args.file, matches=matches))
    elif args.command == "restore":
        done = store.restore(args.file)
        print(
            _said(
                lang,
                "restore",
                file=args.file,
                matches=done.matches,
                present=done.present,
                players=done.players,
                settings=done.settings,
            )
        )
    elif args.command == "import":
        for match_id in store.import_records(records):
            print(match_id)
    elif args.command == "export":
        sys.stdout.buffer.write(store.export_record(args.id))
    elif args.command == "csv":
        sys.stdout.write(store.totals_csv(args.id))
    elif args.command == "club" and args.club == "init":
        _club_init(store, args.name, args.pin, args.organiser_pin)
    elif args.command == "club" and args.club == "round":
        _round(store, args)
    elif args.command == "club" and args.club == "member":
        for name in args.names:
            store.set_member(name, not args.guest)
            print(f"{one_line(name)}\t{'guest' if args.guest else 'member'}")
    elif args.command == "club" and args.club == "results":
        from models.evening import write_results

        count = write_results(store, pathlib.Path(args.folder))
        print(_said(lang, "results", folder=args.folder, matches=count))
    elif args.command == "club":
        _ratings(store, rebuild=args.rebuild)
    else:
        for m in store.list_matches():
            status = "stopped" if m.stopped else m.status
            players = ", ".join(one_line(name) for name in m.players)
            print(f"{m.id}\t{m.game}\t{players}\t{status}\t{' '.join(map(str, m.totals))}")
    sys.stdout.flush()


def _serve_club(args: argparse.Namespace, public: str | None) -> tuple[Any, str]:
    """Set the app up as a club's server: the club (``models.club.Club``), or None and why
    it cannot be. The watch links go to ``public`` (``--public-url``, else the first
    ``--allow-host``), else to the address served on."""
    from models import DatabaseUnavailable, ForeignDatabase, NewerDatabase, Store, StoreFault
    from models.club import SETTING, Club
    from models.faults import Told

    lang = language()
    if not args.web:
        return None, Told("club_web").message(lang)
    try:
        store = Store(args.db)
    except (DatabaseUnavailable, NewerDatabase, ForeignDatabase, StoreFault) as exc:
        return None, exc.message(lang)
    try:
        club = Club.from_setting(store.settings().get(SETTING))
    finally:
        store.close()
    if club is None:
        return None, Told("club_none").message(lang)
    from app.hosts import url_of

    os.environ["PARTIJA_CLUB"] = "1"
    os.environ["PARTIJA_PUBLIC_URL"] = public or url_of((args.host, args.port))
    return club, ""


def _watch_check(club: Any) -> Callable[[str], bool]:
    """Whether a watch (or board) token is one the club gave (the server answers others 404)."""
    return lambda token: club.watched_match(token) is not None or club.is_board(token)


def _club_init(store: Any, name: str, pin: str | None, organiser: str | None = None) -> None:
    """``club init``: the club's name and PIN; the watch links' secret is kept if the club
    was set up before, so the links already handed out stay good."""
    from dataclasses import replace

    from models.club import SETTING, Club, ClubError

    if pin is None:
        pin = os.environ.get("PARTIJA_CLUB_PIN")
    if pin is None:
        if not sys.stdin.isatty():
            raise ClubError("club_no_pin")
        import getpass

        pin = getpass.getpass("PIN: ")
    old = Club.from_setting(store.settings().get(SETTING))
    club = Club.new(name, pin, old.secret if old else None)
    if organiser is not None:
        club = club.with_organiser(organiser)
    elif old is not None and old.organiser is not None:  # kept when only the PIN changes
        club = replace(club, organiser=old.organiser)
    store.save_setting(SETTING, club.setting())
    print(f"club {one_line(club.name)}: PIN set; serve it with --web --club")


def _round(store: Any, args: argparse.Namespace) -> None:
    """``club round``: the tables given (drawn by lot with ``--draw``), else the last
    round's moved on (``models.rounds.begin_round``); one line per table: round, table,
    match id, players."""
    import random

    from models.rounds import begin_round

    seating = []
    for given in args.table:
        table, _, players = given.partition("=")
        seating.append((table, players.split(",")))
    begun = begin_round(
        store,
        seating,
        game=args.game,
        options=None if args.deals is None else {"deals": args.deals},
        rng=random.SystemRandom() if args.draw else None,
    )
    for seated in begun:
        players = ", ".join(map(one_line, seated.players))
        print(f"{seated.number}\t{one_line(seated.table)}\t{seated.match_id}\t{players}")


def _ratings(store: Any, *, rebuild: bool) -> None:
    """``club ratings``: with ``--rebuild`` one line per game of what was rated; without, each
    game's standings (a game with no rated match is left out)."""
    from rules.games import GAMES

    if rebuild:
        for game in store.rebuild_ratings():
            print(f"{game.game}: {game.matches} matches, {game.players} players")
        return
    for game in sorted(GAMES):
        table = store.standings(game)
        if table:
            print(game)
        for standing in table:
            print(f"  {one_line(standing.name)}\t{standing.ordinal:.2f}\t{standing.matches}")


# What ``backup`` and ``restore`` say they did: (English, Lithuanian).
_SAID = {
    "results": (
        "{folder}: results written, finished matches: {matches}",
        "{folder}: rezultatai įrašyti, baigtų žaidimų: {matches}",
    ),
    "backup": (
        "{file}: backup written, matches: {matches}",
        "{file}: kopija įrašyta, žaidimų: {matches}",
    ),
    "restore": (
        "{file}: matches added: {matches} ({present} already here), players: {players}, "
        "settings: {settings}",
        "{file}: pridėta žaidimų: {matches} (jau buvo: {present}), žaidėjų: {players}, "
        "nustatymų: {settings}",
    ),
}


def _said(lang: str, key: str, **facts: object) -> str:
    english, lithuanian = _SAID[key]
    return (lithuanian if lang == "lt" else english).format(**facts)


def one_line(text: str) -> str:
    """Text for one field of a line-oriented output: every control, format, separator or
    surrogate character written as an escape, so a name can never forge a line or a column,
    or reach the terminal raw."""
    return "".join(
        char.encode("unicode_escape").decode("ascii")
        if unicodedata.category(char) in ("Cc", "Cf", "Cs", "Zl", "Zp")
        else char
        for char in text
    )


def _silence_stdout() -> None:
    """Point standard output at nothing, so the exit's own flush cannot fail again."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


def _fail(prog: str, message: str) -> int:
    from app.logs import log

    log.warning("%s %s: %s", prog, " ".join(sys.argv[1:]), message)
    print(f"{prog}: {message}", file=sys.stderr)
    return 2
