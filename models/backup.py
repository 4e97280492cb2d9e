"""Backups: one file with everything a player would miss, and a daily copy of the database.

**The backup file** ("Atsarginė kopija", ``main.py backup FILE`` / ``restore FILE``) is
JSON Lines in UTF-8, one object a line, so that any size of store is written and read a
line at a time, each line through the one bounded reader of record files
(``rules.reader``: size, depth, digits):

    {"format": "partija-backup", "version": 1, "written": "2026-12-02T17:00:00+00:00"}
    {"player": {"name": "Rūta", "gender": "f"}}
    {"setting": {"key": "lang", "value": "lt"}}
    {"match": {"created_at": "…", "finished_at": null, "record": {…RECORDS.md record…}}}
    {"end": {"players": 5, "settings": 3, "matches": 12}}

A match travels as its record – every entry, the table's rulings included – with the
moment it was created, which is its identity: a restore adds only the matches the store
does not have (the same creation time, game, first dealer and options; a store holding
two such matches – one file imported twice – counts both), so restoring a backup twice,
or on the phone it came from, adds nothing. Players keep their genders (a name the
roster already has keeps the roster's), settings fill only keys the store lacks (the
club's among them), and the ratings are computed again. All of it is one transaction;
a file that is not a whole backup of this version (a line unreadable or out of place,
the last line missing, a count that does not add up, a record the rules refuse) is
refused before anything is written, in one line naming the line at fault.

JSON rather than an SQLite file: restoring reads a file that came from elsewhere, and
the record reader is the part of Partija built and fuzzed for hostile input; a database
file would be opened by SQLite with its whole schema and every page to trust.

**Daily copies** (the app, on a file): once a day the database is copied with SQLite's
backup API – a consistent copy of a live database, never a copy of its bytes mid-write –
into ``backups/`` beside it; the copies of the last ``KEEP_DAYS`` days are kept.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections import Counter
from collections.abc import Iterable, Iterator
from contextlib import closing
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime
from pathlib import Path
from typing import IO, Any

from sqlmodel import Session, col, select

from rules.errors import RecordError
from rules.grammar import GENDERS
from rules.names import BadName, clean_name
from rules.reader import MAX_BYTES, MAX_DEALS, MAX_ENTRIES, ReadError, read_record
from rules.record import load

from .faults import TEXTS, Told, one_line
from .ratings import rebuild_ratings
from .records import CheckedRecord, Roster, insert_matches, read_match, roster_names
from .settings import read_settings, write_setting
from .tables import MatchRow, Player

FORMAT = "partija-backup"
VERSION = 1
MAX_BACKUP_BYTES = 1 << 30  # a backup is read no further than this
MAX_KEY = 200  # a setting's key
KEEP_DAYS = 7
COPIES = "backups"
Identity = tuple[str, str, int, str]  # a match's, across devices (``identity``)

PROBLEMS: dict[str, tuple[str, str]] = {
    "not_backup": ("it does not start as one", "ji taip neprasideda"),
    "newer": (
        "it was written by a newer Partija (version {version})",
        "ją įrašė naujesnė Partija (versija {version})",
    ),
    "too_large": ("it is larger than {limit}", "ji didesnė nei {limit}"),
    "line_too_long": ("line {line} is longer than {limit}", "{line} eilutė ilgesnė nei {limit}"),
    "unreadable": ("line {line}: {reason}", "{line} eilutė: {reason}"),
    "unknown": ("line {line} is none of its kinds", "{line} eilutė – nežinomo tipo"),
    "player": ("line {line}: not a player", "{line} eilutė: ne žaidėjas"),
    "setting": ("line {line}: not a setting", "{line} eilutė: ne nustatymas"),
    "match": ("line {line}: not a match ({reason})", "{line} eilutė: ne partija ({reason})"),
    "after_end": ("there is more after its last line", "po paskutinės eilutės yra daugiau"),
    "no_end": (
        "it ends early (its last line is missing)",
        "ji nutrūksta (trūksta paskutinės eilutės)",
    ),
    "counts": (
        "its last line counts other than it holds",
        "paskutinė eilutė skaičiuoja ne tiek, kiek joje yra",
    ),
}


class BackupRefused(Told, ValueError):
    """A file that cannot be restored; nothing was changed. One line, either language."""

    def __init__(self, file: Path | str, problem: str, **facts: Any) -> None:
        self.file, self.problem, self.problem_facts = file, problem, facts
        super().__init__("backup_refused", file=file)

    def message(self, lang: str = "en") -> str:
        english, lithuanian = PROBLEMS[self.problem]
        facts = {
            k: (v.message(lang) if isinstance(v, RecordError) else v)
            for k, v in self.problem_facts.items()
        }
        problem = (lithuanian if lang == "lt" else english).format(**facts)
        english, lithuanian = TEXTS["backup_refused"]
        return one_line(
            (lithuanian if lang == "lt" else english).format(file=self.file, problem=problem)
        )


@dataclass(frozen=True)
class BackupMatch:
    created_at: datetime  # aware, UTC: the match's identity, with the fields below
    finished_at: datetime | None
    record: dict[str, Any]

    def identity(self) -> Identity:
        return identity(
            self.created_at,
            str(self.record["game"]),
            int(self.record.get("first_dealer", 0)),
            self.record["options"],
        )


@dataclass
class Backup:
    """A backup file read whole and checked: nothing in it is refused by the store."""

    players: dict[str, str]  # name: gender
    settings: dict[str, Any]
    matches: list[BackupMatch]


@dataclass(frozen=True)
class Restored:
    """What a restore added, and how many of its matches the store had already."""

    matches: int
    present: int
    players: int
    settings: int


def identity(created: datetime, game: str, first_dealer: int, options: Any) -> Identity:
    """What makes two matches the same one across devices: the moment it was created
    (microseconds, UTC), its game, first dealer and options."""
    moment = created.replace(tzinfo=UTC) if created.tzinfo is None else created.astimezone(UTC)
    return (moment.isoformat(), game, first_dealer, json.dumps(options, sort_keys=True))


# -- writing ------------------------------------------------------------------------------------


def backup_lines(session_for: Any, written: datetime) -> Iterator[bytes]:
    """The backup's lines, each read in a transaction of its own (``session_for()``): a
    match is written whole as it was at one moment, and a store in use is never held."""

    def line(value: Any) -> bytes:
        return (json.dumps(value, ensure_ascii=False, separators=(",", ":")) + "\n").encode()

    yield line({"format": FORMAT, "version": VERSION, "written": written.isoformat()})
    with session_for() as session:
        players = list(session.exec(select(Player.name, Player.gender).order_by(col(Player.id))))
        settings = read_settings(session)
        ids = list(session.exec(select(MatchRow.id).order_by(col(MatchRow.id))))
    for name, gender in players:
        yield line({"player": {"name": name, "gender": gender}})
    for key, value in sorted(settings.items()):
        yield line({"setting": {"key": key, "value": value}})
    count = 0
    for match_id in ids:
        with session_for() as session:
            row = session.get(MatchRow, match_id)
            if row is None:
                continue
            stored = read_match(session, match_id)
        finished = _utc(row.finished_at).isoformat() if row.finished_at else None
        match = {"created_at": _utc(row.created_at).isoformat(), "finished_at": finished}
        yield line({"match": {**match, "record": stored.record()}})
        count += 1
    yield line({"end": {"players": len(players), "settings": len(settings), "matches": count}})


def write_file(path: Path, lines: Iterable[bytes]) -> None:
    """Write the file whole or not at all: beside it first, synced, then put in its place."""
    part = path.with_name(f".{path.name}.part")
    try:
        with part.open("wb") as out:
            for chunk in lines:
                out.write(chunk)
            out.flush()
            os.fsync(out.fileno())
        os.replace(part, path)
    finally:
        part.unlink(missing_ok=True)


def _utc(moment: datetime) -> datetime:
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


# -- reading ------------------------------------------------------------------------------------


def read_backup(source: IO[bytes], name: Path | str) -> Backup:
    """The backup in ``source`` checked whole; ``BackupRefused`` for anything else."""
    players: dict[str, str] = {}
    settings: dict[str, Any] = {}
    matches: list[BackupMatch] = []
    read, number, end = 0, 0, None
    while True:
        raw = source.readline(MAX_BYTES + 1)
        if not raw:
            break
        number += 1
        read += len(raw)
        if read > MAX_BACKUP_BYTES:
            raise BackupRefused(name, "too_large", limit=f"{MAX_BACKUP_BYTES >> 20} MiB")
        if len(raw) > MAX_BYTES:
            raise BackupRefused(name, "line_too_long", line=number, limit=f"{MAX_BYTES >> 20} MiB")
        if end is not None:
            raise BackupRefused(name, "after_end")
        try:
            value = read_record(raw)
        except ReadError as exc:
            if number == 1:
                raise BackupRefused(name, "not_backup") from None
            raise BackupRefused(name, "unreadable", line=number, reason=exc) from None
        if number == 1:
            _header(value, name)
            continue
        kind = next(iter(value)) if isinstance(value, dict) and len(value) == 1 else None
        if kind == "player":
            player, gender = _player(value["player"], name, number)
            players.setdefault(player, gender)
        elif kind == "setting":
            key, setting = _setting(value["setting"], name, number)
            settings[key] = setting
        elif kind == "match":
            matches.append(_match(value["match"], name, number))
        elif kind == "end":
            end = value["end"]
        else:
            raise BackupRefused(name, "unknown" if number > 1 else "not_backup", line=number)
    if number == 0:
        raise BackupRefused(name, "not_backup")
    if end is None:
        raise BackupRefused(name, "no_end")
    counts = {"players": len(players), "settings": len(settings), "matches": len(matches)}
    if end != counts:
        raise BackupRefused(name, "counts")
    return Backup(players, settings, matches)


def _header(value: Any, name: Path | str) -> None:
    if not isinstance(value, dict) or value.get("format") != FORMAT:
        raise BackupRefused(name, "not_backup")
    version = value.get("version")
    if type(version) is not int:
        raise BackupRefused(name, "not_backup")
    if version != VERSION:
        raise BackupRefused(name, "newer", version=version)


def _player(value: Any, name: Path | str, line: int) -> tuple[str, str]:
    if not isinstance(value, dict) or set(value) != {"name", "gender"}:
        raise BackupRefused(name, "player", line=line)
    if value["gender"] not in GENDERS or not isinstance(value["name"], str):
        raise BackupRefused(name, "player", line=line)
    try:
        return clean_name(value["name"]), value["gender"]
    except BadName:
        raise BackupRefused(name, "player", line=line) from None


def _setting(value: Any, name: Path | str, line: int) -> tuple[str, Any]:
    if not isinstance(value, dict) or set(value) != {"key", "value"}:
        raise BackupRefused(name, "setting", line=line)
    key = value["key"]
    if not isinstance(key, str) or not key or len(key) > MAX_KEY or one_line(key) != key:
        raise BackupRefused(name, "setting", line=line)
    return key, value["value"]


def _match(value: Any, name: Path | str, line: int) -> BackupMatch:
    def refused(reason: Any) -> BackupRefused:
        return BackupRefused(name, "match", line=line, reason=reason)

    if not isinstance(value, dict) or set(value) != {"created_at", "finished_at", "record"}:
        raise refused("created_at, finished_at, record")
    created = _moment(value["created_at"])
    finished = _moment(value["finished_at"]) if value["finished_at"] is not None else None
    if created is None or (value["finished_at"] is not None and finished is None):
        raise refused("created_at, finished_at")
    record = value["record"]
    deals = record.get("deals") if isinstance(record, dict) else None
    if isinstance(deals, list) and (
        len(deals) > MAX_DEALS
        or any(
            isinstance(d, dict)
            and isinstance(d.get("events"), list)
            and len(d["events"]) > MAX_ENTRIES
            for d in deals
        )
    ):
        raise refused(ReadError("too_many_entries", number=0, limit=MAX_ENTRIES))
    try:
        load(record)
        roster_names(record["players"])
    except RecordError as exc:
        raise refused(exc) from None
    return BackupMatch(created, finished, record)


def _moment(value: Any) -> datetime | None:
    """An ISO time with its zone, as a backup writes it; None for anything else."""
    if not isinstance(value, str) or len(value) > 40:
        return None
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        return None
    return moment.astimezone(UTC) if moment.tzinfo is not None else None


# -- restoring -------------------------------------------------------------------------------


def restore(session: Session, backup: Backup) -> Restored:
    """Merge the backup into the store, in the caller's transaction (see the docstring)."""
    roster = Roster(session)
    players = 0
    for name, gender in backup.players.items():
        if roster.find(name) is None:
            roster.add(name, gender)
            players += 1
    have = Counter(
        identity(created, game, first_dealer, json.loads(options))
        for created, game, first_dealer, options in session.exec(
            select(MatchRow.created_at, MatchRow.game, MatchRow.first_dealer, MatchRow.options)
        )
    )
    new = []
    present = 0
    for match in backup.matches:
        same = match.identity()
        if have[same]:
            have[same] -= 1
            present += 1
            continue
        loaded, names = load(match.record)
        genders = [backup.players.get(n, "") for n in names]
        checked = CheckedRecord.loaded(match.record, loaded, roster_names(names), genders)
        new.append(replace(checked, created_at=match.created_at, finished_at=match.finished_at))
    insert_matches(session, new, roster)
    added = len(new)
    settings = 0
    stored = read_settings(session)
    for key, value in backup.settings.items():
        if key not in stored:
            write_setting(session, key, value)
            settings += 1
    if added:
        rebuild_ratings(session)
    return Restored(added, present, players, settings)


# -- daily copies -------------------------------------------------------------------------------


def daily_copy(file: Path, today: date, keep: int = KEEP_DAYS) -> Path | None:
    """Today's copy of the database file in ``backups/`` beside it, made with SQLite's
    backup API if there is none yet (None then: nothing to do); copies of more than
    ``keep`` days are removed, oldest first."""
    folder = file.parent / COPIES
    target = folder / f"{file.stem}-{today.isoformat()}.db"
    made = None
    if not target.exists():
        folder.mkdir(exist_ok=True)
        part = folder / f".{target.name}.part"
        try:
            with closing(sqlite3.connect(file)) as source, closing(sqlite3.connect(part)) as copy:
                source.backup(copy)
            with part.open("rb+") as written:
                os.fsync(written.fileno())
            os.replace(part, target)
        finally:
            part.unlink(missing_ok=True)
        made = target
    copies = sorted(folder.glob(f"{file.stem}-????-??-??.db"))
    for old in copies[: max(0, len(copies) - keep)]:
        old.unlink()
    return made
