"""What a damaged database file still holds, copied into the new one that replaced it.

``engine`` sets a damaged file aside and starts a new one; this module reads the old
file page by page (``pages``) and copies into the new one, in one transaction, every
player and setting it can read and every match it can read *whole*: with its rows as
they were (ids, times, undone and replaced entries, the revision), so the match
replays to the verdict it had. The ratings are then computed again from the matches
recovered (they are a cache of them).

A match is whole when nothing of it can be missing, and the checks are what the store
knows of its own rows:

* its seats run 0, 1, …, its live deals are numbered 0, 1, … and each live deal's live
  entries are 0, 1, …, with every row they name (player, deal) there;
* replayed by the rules, every deal gives exactly the results cached in its row, the
  match the status and winners cached in its, and the entries marked refused are the
  ones the rules refuse: a lost entry or deal inside a closed deal or a finished match
  shows there;
* what a cache cannot show – a match's newest deal, the last entries of a deal still
  open, the last seat of a match going on – is decided by the rows that are missing:
  match, seat, deal and entry rows are never deleted, so their keys run 1, 2, …
  without a gap, and a gap (or a table not read to its end) is rows lost. A match
  still going on is kept only if no lost deal (nor, while its last deal is open, no
  lost entry) can be newer than its last deal's start, by the times of the rows read
  on either side of the gap, and none of its seats can be among those lost.

Players who sat in no recovered match and settings are copied when readable; the
count given is of matches: recovered, of how many the file held (its highest match
key, or as many as it shows).
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, text
from sqlmodel import Session

from rules.errors import RecordError
from rules.grammar import GENDERS
from rules.match import Match
from rules.record import FORMAT, load

from .pages import Column, Table, Value, columns_of, read_tables
from .ratings import rebuild_ratings
from .results import deal_results, match_results

# The tables copied, in an order their references allow; ``ratings`` is rebuilt.
TABLES = ("players", "settings", "matches", "seats", "deals", "entries")
NEVER_DELETED = ("matches", "seats", "deals", "entries")  # keys run 1, 2, … in these


@dataclass(frozen=True)
class Salvaged:
    """What was copied: matches recovered of how many, players and settings."""

    recovered: int
    total: int
    players: int
    settings: int


def salvage(damaged: Path, engine: Engine) -> Salvaged:
    """Copy what can be read of ``damaged`` (and its ``-wal``) into ``engine``'s new,
    empty database, in one transaction."""
    with engine.connect() as connection:
        layout = _layout(connection)
    try:
        tables = read_tables(damaged, layout)
    except OSError:
        return Salvaged(0, 0, 0, 0)
    found = Found(tables)
    whole = found.whole_matches()
    with engine.begin() as connection:
        players = found.copy_players(connection)
        settings = found.copy_settings(connection)
        found.copy_matches(connection, whole)
        with Session(bind=connection) as session:
            rebuild_ratings(session)
            session.flush()
    return Salvaged(len(whole), found.total_matches(), players, settings)


def _layout(connection: Connection) -> dict[str, list[Column]]:
    """The columns of the new file's tables, which the old file is read by when its own
    schema is lost."""
    layout = {}
    for name, sql in connection.exec_driver_sql(
        "SELECT name, sql FROM sqlite_master WHERE type = 'table'"
    ):
        columns = columns_of(sql or "")
        if name in (*TABLES, "ratings") and columns:
            layout[name] = columns
    return layout


def _gaps(table: Table) -> list[tuple[int | None, int | None]]:
    """The keys missing from a table whose keys run 1, 2, …: each as the keys read on
    either side (None: the start of the table, or past its last key read)."""
    keys = sorted(k for k in table.rows if k not in table.disputed)
    gaps: list[tuple[int | None, int | None]] = []
    previous = 0
    for key in keys:
        if key > previous + 1:
            gaps.append((previous or None, key))
        previous = key
    if not table.whole:
        gaps.append((previous or None, None))
    return gaps


class Found:
    """The rows read from the damaged file, by table and key."""

    def __init__(self, tables: dict[str, Table]) -> None:
        self.tables = tables
        self.rows: dict[str, dict[int, dict[str, Value]]] = {
            name: {key: table.named(key) for key in table.rows if key not in table.disputed}
            for name, table in tables.items()
        }
        for name in TABLES:
            self.rows.setdefault(name, {})
        self._players = self._readable_players()

    # -- what is there ----------------------------------------------------------------------
    def total_matches(self) -> int:
        """How many matches the file held, as far as it shows: its highest match key, or
        the highest a seat or deal names."""
        named = [r.get("match_id") for name in ("seats", "deals") for r in self.rows[name].values()]
        keys = [*self.rows["matches"], *(k for k in named if isinstance(k, int))]
        return max(keys, default=0)

    def _readable_players(self) -> dict[int, dict[str, Value]]:
        """Players with a name and gender as the store writes them, one per name."""
        out, names = {}, set()
        for key in sorted(self.rows["players"]):
            row = self.rows["players"][key]
            name, gender = row.get("name"), row.get("gender", "m")
            if not isinstance(name, str) or not name or name in names or gender not in GENDERS:
                continue
            if not isinstance(row.get("created_at"), str):
                continue
            names.add(name)
            out[key] = row
        return out

    # -- which matches are whole -------------------------------------------------------------
    def whole_matches(self) -> list[int]:
        seats: dict[Any, list[dict[str, Value]]] = defaultdict(list)
        for row in self.rows["seats"].values():
            seats[row.get("match_id")].append(row)
        deals: dict[Any, list[tuple[int, dict[str, Value]]]] = defaultdict(list)
        for key, row in self.rows["deals"].items():
            deals[row.get("match_id")].append((key, row))
        entries: dict[Any, list[dict[str, Value]]] = defaultdict(list)
        for row in self.rows["entries"].values():
            entries[row.get("deal_id")].append(row)
        lost_deal = self._newest_lost("deals", "started_at")
        lost_entry = self._newest_lost("entries", "at")
        lost_seats = self._lost_seats()
        whole = []
        for key in sorted(self.rows["matches"]):
            row = self.rows["matches"][key]
            try:
                match = self._replayed(row, seats[key], deals[key], entries)
            except (_NotWhole, RecordError, ValueError, TypeError, KeyError):
                continue
            # A finished match whose deals are all closed has shown every row it has in
            # its caches (a seat lost would change every deal's points); one going on can
            # have lost its newest rows without a trace there: a new deal, or the last
            # entries of its deal still open (a closed deal takes no more entries).
            if match.finished and match.deals and _closed(match):
                whole.append(key)
                continue
            start = _last_start(row, deals[key])
            open_deal = bool(match.deals) and not _closed(match)
            if (
                any(low <= key and (high is None or key <= high) for low, high in lost_seats)
                or not _older(lost_deal, start)
                or (open_deal and not _older(lost_entry, start))
            ):
                continue
            whole.append(key)
        return whole

    def _newest_lost(self, name: str, stamp: str) -> str | None:
        """The latest time a lost row of ``name`` (deals, entries) can have been written,
        by the time ``stamp`` of the row read after it ("": any time, as far as the file
        shows; None: none was lost)."""
        newest: str | None = None
        table = self.tables.get(name)
        for _, after in _gaps(table) if table is not None else [(None, None)]:
            moment = self.rows[name][after].get(stamp) if after is not None else None
            if not isinstance(moment, str):
                return ""
            newest = moment if newest is None else max(newest, moment)
        return newest

    def _lost_seats(self) -> list[tuple[int, int | None]]:
        """The matches whose seats may be among those lost, as ranges of match keys (the
        seats of a match are written with it, in the order of the matches)."""
        table = self.tables.get("seats")
        if table is None:
            return [(1, None)]
        ranges = []
        for before, after in _gaps(table):
            low = self.rows["seats"][before].get("match_id") if before is not None else 1
            high = self.rows["seats"][after].get("match_id") if after is not None else None
            ranges.append(
                (low if isinstance(low, int) else 1, high if isinstance(high, int) else None)
            )
        return ranges

    def _replayed(
        self,
        row: dict[str, Value],
        seats: list[dict[str, Value]],
        deals: list[tuple[int, dict[str, Value]]],
        entries: dict[Any, list[dict[str, Value]]],
    ) -> Match:
        """The match replayed from its rows; ``_NotWhole`` if a row of it is missing or
        its replay differs from what its rows cached."""
        seated = sorted(seats, key=lambda s: _int(s.get("seat")))
        if [s.get("seat") for s in seated] != list(range(len(seated))):
            raise _NotWhole
        names = []
        for seat in seated:
            player = self._players.get(_int(seat.get("player_id")))
            if player is None:
                raise _NotWhole
            names.append(player["name"])
        live = sorted(
            ((key, d) for key, d in deals if d.get("undone_at") is None),
            key=lambda pair: _int(pair[1].get("number")),
        )
        if [d.get("number") for _, d in live] != list(range(len(live))):
            raise _NotWhole
        events, refused = [], []
        for key, _ in live:
            rows = sorted(
                (e for e in entries[key] if e.get("undone_at") is None),
                key=lambda e: _int(e.get("seq")),
            )
            if [e.get("seq") for e in rows] != list(range(len(rows))):
                raise _NotWhole
            events.append([json.loads(_text(e.get("event"))) for e in rows])
            refused.append({i for i, e in enumerate(rows) if e.get("refused")})
        options = json.loads(_text(row.get("options")))
        record = {
            "format": FORMAT,
            "game": row.get("game"),
            "players": names,
            "options": options,
            "first_dealer": row.get("first_dealer"),
            "deals": [{"events": e} for e in events],
            "stopped": bool(row.get("stopped")),
        }
        match, _ = load(record)
        for (_, deal), log, marked in zip(live, match.deals, refused):
            cached = {k: deal.get(k) for k in ("status", "points", "violations")}
            if cached != deal_results(log) or marked != {i for i, _ in log.rejected}:
                raise _NotWhole
        if {k: row.get(k) for k in ("status", "winners")} != match_results(match):
            raise _NotWhole
        return match

    # -- copying --------------------------------------------------------------------------------
    def copy_players(self, connection: Connection) -> int:
        _insert(connection, self.tables.get("players"), self._players.values())
        return len(self._players)

    def copy_settings(self, connection: Connection) -> int:
        kept = []
        for row in self.rows["settings"].values():
            key, value = row.get("key"), row.get("value")
            if not isinstance(key, str) or not isinstance(value, str):
                continue
            try:
                json.loads(value)
            except ValueError:
                continue
            kept.append(row)
        _insert(connection, self.tables.get("settings"), kept)
        return len(kept)

    def copy_matches(self, connection: Connection, whole: list[int]) -> None:
        chosen = set(whole)
        _insert(connection, self.tables.get("matches"), (self.rows["matches"][k] for k in whole))
        seats = [r for r in self.rows["seats"].values() if r.get("match_id") in chosen]
        _insert(connection, self.tables.get("seats"), seats)
        deals = {k: r for k, r in self.rows["deals"].items() if r.get("match_id") in chosen}
        _insert(connection, self.tables.get("deals"), deals.values())
        entries = {k: r for k, r in self.rows["entries"].items() if r.get("deal_id") in deals}
        # A replaced entry names its replacement, a later row: the links are written once
        # every row is in (a link to a replacement that was lost is dropped).
        links = [
            {"id": key, "by": row["replaced_by"]}
            for key, row in entries.items()
            if row.get("replaced_by") in entries
        ]
        _insert(
            connection,
            self.tables.get("entries"),
            ({**r, "replaced_by": None} for r in entries.values()),
        )
        if links:
            connection.execute(text("UPDATE entries SET replaced_by = :by WHERE id = :id"), links)


class _NotWhole(Exception):
    """A row of the match is missing, or its rows disagree with its replay."""


def _int(value: Value) -> int:
    if not isinstance(value, int):
        raise _NotWhole
    return value


def _text(value: Value) -> str:
    if not isinstance(value, str):
        raise _NotWhole
    return value


def _closed(match: Match) -> bool:
    """Whether every deal of the match is closed (finished or annulled)."""
    return all(log.status.value != "open" for log in match.deals)


def _last_start(row: dict[str, Value], deals: list[tuple[int, dict[str, Value]]]) -> str:
    """When the match's last live deal started (its creation, before any deal)."""
    starts = [d.get("started_at") for _, d in deals if d.get("undone_at") is None]
    moments = [s for s in starts if isinstance(s, str)]
    created = row.get("created_at")
    return max(moments, default=created if isinstance(created, str) else "")


def _older(newest_lost: str | None, start: str) -> bool:
    """Whether everything lost was written before ``start`` (a match going on since then
    cannot have lost anything): SQLite keeps times as text of one fixed width."""
    if newest_lost is None:
        return True
    return bool(newest_lost) and bool(start) and newest_lost < start


def _insert(connection: Connection, table: Table | None, rows: Iterable[dict[str, Value]]) -> None:
    """Insert rows as read, by the columns the old and the new file share."""
    rows = list(rows)
    if table is None or not rows:
        return
    new = {
        row[1] for row in connection.exec_driver_sql(f"PRAGMA table_info({table.name})").fetchall()
    }
    names = [c.name for c in table.columns if c.name in new]
    marks = ", ".join(f":{n}" for n in names)
    quoted = ", ".join(f'"{n}"' for n in names)
    connection.execute(
        text(f"INSERT INTO {table.name} ({quoted}) VALUES ({marks})"),
        [{n: row.get(n) for n in names} for row in rows],
    )
