"""Kill the app at random moments, again and again: nothing it acknowledged may be lost.

**Playing** (each of the four games, ``KILLS`` children each, one database
file per game). A child opens the store, resumes the game's open match (or
creates one) and prints "ready"; then it plays through ``Store`` and
``LiveMatch`` as the app does: entries, new deals, new matches when one
ends, and now and then an undo (every other child begins with one), a
replacement of the current deal's last entry or an annulment. Before each
call it prints what it asks ("try"); after the call returned it prints what
the store answered ("ok" – the screen's "accepted"). The parent waits for
"ready", lets a random time pass (the experiment: so that kills land inside
commits, undos, replacements and new deals as well as between them) and
kills the child with SIGKILL. Then it checks the file against everything
the children acknowledged so far:

* ``PRAGMA integrity_check`` is ok and ``PRAGMA foreign_key_check`` finds nothing;
* the rows are compared with the acknowledged history, match by match, deal
  row by deal row and entry row by entry row, undone ones included: every
  acknowledged match (game, players), deal (number) and entry (sequence
  number, event) is there; a deal or entry is undone (``undone_at``) if and
  only if its undo was acknowledged; a replaced entry is undone and its
  ``replaced_by`` names the acknowledged replacement; no entry is marked
  refused;
* nothing is stored that was never acknowledged, except the one call in
  flight at the kill ("try" printed, "ok" not), which must be on disk
  entirely or not at all;
* the store opens again and every match replays (``resume``) with no refused
  entry, its cached totals and status as the replay gives them.

It prints, for each game, after how many acknowledged entries each kill
landed, how many kills landed inside a store call (asked, not yet answered)
and how many of those calls had already reached the disk, and how many
undone and replaced rows the file holds; it requires some undone ones.

**Migrating** (from revision 0001, from 0002, and a first start on no file).
A database is built at the old revision with the project's own migration
functions and filled with matches of every game, undone rows included. Each
child opens a fresh copy, which upgrades it to ``HEAD`` in one transaction;
the first child is killed once it is open (that times the upgrade), the
others a random time after the upgrade began. The file must then hold
exactly the old database (schema and every row; no file counts as an empty
one) or exactly the one a clean upgrade gives, never anything in between,
and a later open must succeed and give the upgraded one. A file upgraded
only half-way (0001 to 0002) is shown to be told apart from both.

**The check itself.** ``MUTANTS`` are deliberately broken stores patched into
a child: an undo that marks the whole deal undone, an ``add_entry`` that
acknowledges an entry it never writes, writes acknowledged long before they
are committed, a replacement that loses its ``replaced_by``. Killed once
their fault has shown (``TRIGGERS``), each must be reported by the same
check; the real store, killed after all those triggers, must not be.

The children are forked from one "zygote" process (this file run as a
script) that imported the store once: a fresh interpreter per kill spends
about a second importing SQLAlchemy. Each child opens the database itself,
after the fork.
"""

from __future__ import annotations

import copy
import importlib
import itertools
import json
import os
import queue
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import threading
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager, suppress
from dataclasses import dataclass, field
from itertools import zip_longest
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT
from sqlalchemy import Connection, create_engine, text, update
from sqlmodel import col

from bench.table import devynake_record, next_entry
from models import Store, StoreFault, migrate
from models.engine import make_engine, open_database
from models.live import RAISE_REVISION, LiveMatch
from models.migrate import HEAD, run_migrations
from models.tables import EntryRow, utcnow
from rules.match import Match, Status
from rules.record import FORMAT, load

KILLS = 6  # per game
FAULT_EXIT = 4  # a child that met a store fault (its server killed) ends with this
MIGRATION_KILLS = 5  # per old revision: the first after the upgrade, to time it
KILL_DELAY_S = (0.0, 0.6)  # how long after the state waited for the kill comes
TIMEOUT_S = 60.0  # for a line the child owes; only a hung child makes the test wait this long
GAMES = ("ramsas", "bumas", "devynake", "domino")
PLAYERS = ["Ona", "Jonas", "Rūta"]


# -- a table that enters only legal entries, for every game ------------------------------

WEIGHTS = {"play": 12.0, "stay": 3.0, "redeal": 0.3, "jacks": 0.3, "ramsas": 0.05}
JACK_PAIRS = (("JH", "JD"), ("JS", "JC"))


def table_entry(match: Match, rng: random.Random) -> dict[str, Any]:
    """A legal entry for the open deal of ``match``, in canonical form.

    The kinds the deal expects now, each tried with every card (or seat,
    count, pair of jacks, hand to reveal) and kept where the rules accept
    it; a kind is drawn by weight, then one of its legal entries.
    """
    assert match.current is not None and match.current.deal is not None
    deal = match.current.deal
    if match.game.id == "devynake":
        return next_entry(match, rng)
    expected = deal.expected()
    seats = range(match.game.seats) if expected.player is None else (expected.player,)
    legal = {}
    for kind in expected.kinds:
        found = [raw for raw in _candidates(match, deal, kind, seats, rng) if match.is_legal(raw)]
        if found:
            legal[kind] = found
    if not legal:
        return {"type": "annul"}
    kinds = sorted(legal)
    kind = rng.choices(kinds, [WEIGHTS.get(k, 1.0) for k in kinds])[0]
    return match.parse(rng.choice(legal[kind])).to_record()


def _candidates(
    match: Match, deal: Any, kind: str, seats: range | tuple[int, ...], rng: random.Random
) -> Iterator[dict[str, Any]]:
    cards = sorted(match.deck)
    if kind in ("trump", "starter"):
        yield from ({"type": kind, "card": str(card)} for card in cards)
    elif kind == "redeal":
        yield {"type": kind}
    elif kind == "play":
        fitting = getattr(deal, "fitting", None)
        if fitting is not None and getattr(deal, "top", True) is not None:
            cards = sorted(fitting())  # bumas, domino: only these can fit
        ends = ({"end": "left"}, {"end": "right"}) if match.game.id == "domino" else ({},)
        for seat, card, end in itertools.product(seats, cards, ends):
            yield {"type": "play", "player": seat, "card": str(card), **end}
    elif kind == "draw":
        yield from ({"type": kind, "player": s, "count": n} for s in seats for n in (1, 2))
    elif kind == "jacks":
        yield from (
            {"type": kind, "player": s, "cards": list(p)} for s in seats for p in JACK_PAIRS
        )
    elif kind == "reveal":  # domino: a hand of the right size from the cards not yet seen
        free = [card for card in cards if deal.gone[card] < match.game.options["decks"]]
        for seat in seats:
            if deal.hands[seat] and seat not in deal.revealed:
                hand = rng.sample(free, deal.hands[seat])
                yield {"type": kind, "player": seat, "cards": [str(card) for card in hand]}
    else:
        yield from ({"type": kind, "player": seat} for seat in seats)


def played_record(game: str, deals: int, rng: random.Random) -> dict[str, Any]:
    """A record of up to ``deals`` whole deals of ``game`` (fewer if the match ends first)."""
    if game == "devynake":
        return devynake_record(deals, rng, tuple(PLAYERS))
    record: dict[str, Any] = {
        "format": FORMAT,
        "game": game,
        "players": PLAYERS,
        "options": {},
        "deals": [],
    }
    match, _ = load(record)
    while len(match.deals) < deals and not match.finished:
        log = match.start_deal()
        events = []
        while log.status is Status.OPEN:
            event = table_entry(match, rng) if log.entries < 500 else {"type": "annul"}
            assert match.apply(event).accepted
            events.append(event)
        record["deals"].append({"events": events})
    return record


# -- the child: plays, prints what it asks and what the store answered ---------------------


def say(*line: Any) -> None:
    """One line on stdout in one write: a kill cannot leave half of it."""
    os.write(1, (json.dumps(line, ensure_ascii=False) + "\n").encode())


def child_play(
    db: str, game: str, seed: int, options: dict | None, mutant: str | None, undo_first: bool
) -> None:
    rng = random.Random(seed)
    if mutant is not None:
        MUTANTS[mutant]()
    store = Store(db)
    going = [m for m in store.list_matches() if m.status == "open" and m.game == game]
    live = store.resume(max(m.id for m in going)) if going else _create(store, game, options)
    say("ready", live.match_id)
    try:
        if undo_first and live.match.current is not None:
            _undo(live)  # the call that replays the whole match
        while True:
            live = _step(store, live, game, options, rng)
    except StoreFault as fault:  # the server went down under it: the call in flight unanswered
        say("fault", fault.kind)
        raise SystemExit(FAULT_EXIT) from None


def _step(
    store: Store, live: LiveMatch, game: str, options: dict | None, rng: random.Random
) -> LiveMatch:
    """One call to the store, chosen at random among those the table could make now."""
    log, r = live.match.current, rng.random()
    if live.match.finished:
        if r < 0.15:
            _undo(live)
        else:
            live = _create(store, game, options)
    elif log is None or log.status is not Status.OPEN:
        if log is not None and r < 0.1:
            _undo(live)
        else:
            _deal(live)
    elif r < 0.06:
        _undo(live)
    elif r < 0.09 and log.entries:
        _replace(live, rng)
    elif r < 0.095:
        _entry(live, {"type": "annul"})
    else:
        _entry(live, table_entry(live.match, rng))
    return live


def _create(store: Store, game: str, options: dict | None) -> LiveMatch:
    say("try", "create", {"game": game, "players": PLAYERS})
    live = store.create_match(game=game, players=PLAYERS, options=options)
    say("ok", "create", {"match": live.match_id, "game": live.match.game.id, "players": live.names})
    return live


def _deal(live: LiveMatch) -> None:
    say("try", "deal", {"match": live.match_id, "deal": len(live.match.deals)})
    log = live.start_deal()
    say("ok", "deal", {"match": live.match_id, "deal": log.number})


def _entry(live: LiveMatch, event: dict[str, Any]) -> None:
    log = live.match.current
    assert log is not None
    asked = {"match": live.match_id, "deal": log.number, "index": log.entries, "event": event}
    say("try", "entry", asked)
    outcome = live.add_entry(event)
    if outcome.entry is None:
        say("refused", "entry", asked, str(outcome.refusal))
        raise SystemExit(3)
    entry = outcome.entry.to_record()
    say("ok", "entry", {**asked, "index": outcome.index, "event": entry})


def _undo(live: LiveMatch) -> None:
    log = live.match.current
    assert log is not None
    index, event = (
        (log.accepted[-1][0], log.accepted[-1][1].to_record()) if log.accepted else (None, None)
    )
    say("try", "undo", {"match": live.match_id, "deal": log.number, "index": index, "event": event})
    undone = live.undo()
    assert undone is not None
    answer = {"deal": undone.deal, "index": undone.index, "event": undone.event}
    say("ok", "undo", {"match": live.match_id, **answer})


def _replace(live: LiveMatch, rng: random.Random) -> None:
    """Put another legal entry in place of the current deal's last one."""
    log = live.match.current
    assert log is not None
    before = _without_last_entry(live)
    asked = {
        "match": live.match_id,
        "deal": log.number,
        "index": log.entries - 1,
        "event": table_entry(before, rng),
    }
    say("try", "replace", asked)
    result = live.replace(deal=log.number, index=log.entries - 1, raw=asked["event"])
    if result.refusal is not None or result.now_refused:
        say("refused", "replace", asked, str(result.refusal or result.now_refused))
        raise SystemExit(3)
    say("ok", "replace", asked)


def _without_last_entry(live: LiveMatch) -> Match:
    """The live match as it was before its last entry, rebuilt from memory (not the store).

    Closed deals are taken as their results, as a resumed match holds them; the open
    deal is played again without its last entry.
    """
    match = live.match
    before = Match(match.game, match.first_dealer)
    for log in match.deals[:-1]:
        assert log.points is not None
        before.add_result(log.status, log.points)
    before.start_deal()
    for _, entry in match.deals[-1].accepted[:-1]:
        before.apply(entry.to_record())
    return before


def child_open(db: str) -> None:
    """Open (and so upgrade) the database; say when the upgrade begins and ends."""
    real = migrate.run_migrations

    def traced(*args: Any) -> None:
        say("migrating")  # inside the upgrade's transaction: BEGIN IMMEDIATE has run
        real(*args)
        say("migrated")  # not yet committed

    migrate.run_migrations = traced
    Store(db)
    say("ready")
    while True:
        signal.pause()  # until the parent kills it


# -- broken stores: the check must catch each of them ------------------------------------


def mutant_undo_marks_whole_deal() -> None:
    """Undo takes back the last entry – and marks every other entry of its deal undone too."""
    real = LiveMatch.undo

    def undo(self: LiveMatch) -> Any:
        undone = real(self)
        if undone is not None and undone.index is not None:
            with self._writing() as session:
                session.exec(
                    update(EntryRow)
                    .where(col(EntryRow.deal_id) == self._deal_ids[undone.deal])
                    .where(col(EntryRow.undone_at).is_(None))
                    .values(undone_at=utcnow())
                )
        return undone

    LiveMatch.undo = undo  # type: ignore[method-assign]


def mutant_drops_entry() -> None:
    """Every seventh entry is checked and applied in memory, acknowledged, and never written."""
    real = LiveMatch.add_entry
    calls = itertools.count(1)

    def add_entry(self: LiveMatch, raw: Any) -> Any:
        if next(calls) % 7:
            return real(self, raw)
        with self._lock:
            return self.match.apply(raw)

    LiveMatch.add_entry = add_entry  # type: ignore[method-assign]


def mutant_acks_before_commit() -> None:
    """Writes go into one long transaction committed every hundred-thousandth write:
    acknowledged long before they are on disk (as a store that batched its commits would).
    Every write path takes its transaction from ``_transaction``, so all of them share the
    long one (were one left out, it would wait for the lock and end the child busy).

    The batch is larger than any child gets to write: a parent slow to kill (a loaded
    machine) lets the child write until its output pipe is full, some 2 000 writes, and a
    batch of 1 000 once ended there, the kill landing between a commit and its answer."""
    state: dict[str, Any] = {"writes": 0}

    @contextmanager
    def _transaction(self: LiveMatch) -> Iterator[Connection]:
        if "connection" not in state:
            state["connection"] = self._engine.connect()
            state["connection"].begin()
        connection = state["connection"]
        now = self.revision + 1
        RAISE_REVISION.run(connection, match=self.match_id, was=self.revision, now=now)
        yield connection
        self.revision = now
        state["writes"] += 1
        if state["writes"] % 100_000 == 0:
            connection.commit()
            connection.begin()

    LiveMatch._transaction = _transaction  # type: ignore[method-assign]


def mutant_replace_loses_link() -> None:
    """A replacement is written, but the replaced entry does not name it (``replaced_by``)."""
    real = LiveMatch.replace

    def replace(self: LiveMatch, *, deal: int, index: int, raw: Any) -> Any:
        result = real(self, deal=deal, index=index, raw=raw)
        with self._writing() as session:
            session.exec(
                update(EntryRow)
                .where(col(EntryRow.deal_id) == self._deal_ids[deal])
                .values(replaced_by=None)
            )
        return result

    LiveMatch.replace = replace  # type: ignore[method-assign]


MUTANTS: dict[str, Callable[[], None]] = {
    "undo_marks_whole_deal": mutant_undo_marks_whole_deal,
    "drops_entry": mutant_drops_entry,
    "acks_before_commit": mutant_acks_before_commit,
    "replace_loses_link": mutant_replace_loses_link,
}
CHILDREN: dict[str, Callable[..., None]] = {"play": child_play, "open": child_open}


def zygote() -> None:
    """Fork one child per job read from stdin; say its pid, and how it ended."""
    # Imported once here, not in each child's upgrade: a kill then lands in the migration.
    for module in ("alembic.command", "alembic.config", "alembic.script"):
        importlib.import_module(module)

    for line in sys.stdin:
        job = json.loads(line)
        pid = os.fork()
        if pid == 0:
            # The child says its own pid, first: were the zygote to say it after the fork,
            # a quick child's first line could come before it on the shared pipe.
            say("pid", os.getpid())
            code = 0
            try:
                CHILDREN[job.pop("mode")](**job)
            except SystemExit as stop:
                code = stop.code if isinstance(stop.code, int) else 1
            except BaseException:
                traceback.print_exc()
                code = 1
            finally:
                sys.stderr.flush()
                os._exit(code)
        _, status = os.waitpid(pid, 0)
        os.write(1, b"\n")  # should a child ever leave half a line, it stays on its own
        say("ended", pid, os.waitstatus_to_exitcode(status))


# -- the parent: runs and kills children --------------------------------------------------


@dataclass
class Run:
    lines: list[list]  # the child's lines, in order
    times: list[float]  # when each of them arrived (time.monotonic)
    code: int  # exit code: -SIGKILL when the parent killed it
    errors: str  # what it wrote on stderr
    delay: float  # seconds from the state waited for to the kill

    @property
    def killed(self) -> bool:
        return self.code == -signal.SIGKILL


class Zygote:
    """The process the children are forked from (this file run as a script)."""

    def __init__(self) -> None:
        path = os.pathsep.join([str(ROOT), str(ROOT / "tests")])
        self.process = subprocess.Popen(
            [sys.executable, __file__, "zygote"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": path},
        )
        self.lines: queue.Queue[tuple[float, list]] = queue.Queue()
        self.errors: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._read_errors, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for raw in self.process.stdout:
            if raw.strip():
                try:
                    line = json.loads(raw)
                except ValueError:
                    line = ["unreadable", raw.decode(errors="replace")]
                self.lines.put((time.monotonic(), line))
        self.lines.put((time.monotonic(), ["eof"]))

    def _read_errors(self) -> None:
        assert self.process.stderr is not None
        for raw in self.process.stderr:
            self.errors.append(raw.decode(errors="replace"))

    def _next(self) -> tuple[float, list]:
        try:
            at, line = self.lines.get(timeout=TIMEOUT_S)
        except queue.Empty:
            raise AssertionError(f"no line from the child in {TIMEOUT_S} s") from None
        if line[0] == "eof":
            raise AssertionError("the zygote ended:\n" + "".join(self.errors))
        return at, line

    def run(
        self,
        job: dict[str, Any],
        wait_for: Callable[[list[list]], bool],
        delay: tuple[float, float],
        rng: random.Random,
        kill: Callable[[int], None] | None = None,
    ) -> Run:
        """Start a child; once its lines satisfy ``wait_for``, kill it after a random delay.

        ``kill``: what the kill is, given the child's pid (default: SIGKILL to the child);
        the child is then waited for until it ends.
        """
        assert self.process.stdin is not None
        errors = len(self.errors)
        self.process.stdin.write((json.dumps(job) + "\n").encode())
        self.process.stdin.flush()
        _, first = self._next()
        assert first[0] == "pid", first
        pid, lines, times, pause, ended = first[1], [], [], 0.0, None
        try:
            while not wait_for(lines):  # waiting on the child's own lines, not on a clock
                at, line = self._next()
                if line[0] == "ended":  # by itself: there is nothing left to kill
                    ended = line
                    break
                lines.append(line)
                times.append(at)
            else:
                pause = rng.uniform(*delay)
                # The experiment itself: the kill lands a random time after the state waited for.
                time.sleep(pause)
        finally:
            if ended is None:
                with suppress(ProcessLookupError):  # it ended during the pause
                    (kill or _sigkill)(pid)
        while ended is None:
            at, line = self._next()
            if line[0] == "ended":
                ended = line
            else:
                lines.append(line)
                times.append(at)
        return Run(lines, times, ended[2], "".join(self.errors[errors:]), pause)

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(10)


def _sigkill(pid: int) -> None:
    os.kill(pid, signal.SIGKILL)


@pytest.fixture(scope="module")
def zygote_process() -> Iterator[Zygote]:
    process = Zygote()
    yield process
    process.close()


# -- what was acknowledged, and what is on disk ------------------------------------------


class Unexpected(Exception):
    """An answer of the store that does not fit the history acknowledged before it."""


class History:
    """What the children were told, as the rows it should have left: matches, deal rows and
    entry rows in the order they were written."""

    def __init__(self) -> None:
        self.matches: list[dict[str, Any]] = []

    def copy(self) -> History:
        other = History()
        other.matches = copy.deepcopy(self.matches)
        return other

    def rows(self) -> list[dict[str, Any]]:
        return [{k: v for k, v in m.items() if k != "id"} for m in self.matches]

    def apply(self, kind: str, p: dict[str, Any]) -> None:
        if kind == "create":
            self.matches.append(
                {"id": p.get("match"), "game": p["game"], "players": p["players"], "deals": []}
            )
            return
        match = next((m for m in self.matches if m["id"] == p["match"]), None)
        if match is None:
            raise Unexpected(f"{kind} in match {p['match']}, which was never acknowledged")
        live = [deal for deal in match["deals"] if not deal["undone"]]
        if kind == "deal":
            if p["deal"] != len(live):
                raise Unexpected(f"new deal {p['deal']} after {len(live)} acknowledged deals")
            match["deals"].append({"number": p["deal"], "undone": False, "entries": []})
            return
        if not 0 <= p["deal"] < len(live):
            raise Unexpected(f"{kind} in deal {p['deal']}, of {len(live)} acknowledged deals")
        deal = live[p["deal"]]
        entries = [entry for entry in deal["entries"] if not entry["undone"]]
        if kind == "undo" and p["index"] is None:
            if entries or p["deal"] != len(live) - 1:
                raise Unexpected(f"undo of deal {p['deal']}'s start, which is not the last")
            deal["undone"] = True
            return
        if kind == "entry":
            if p["index"] != len(entries):
                raise Unexpected(f"entry {p['index']} after {len(entries)} acknowledged entries")
            deal["entries"].append(_entry_row(p))
            return
        if kind == "undo" and p["index"] != len(entries) - 1:
            raise Unexpected(f"undo of entry {p['index']} of {len(entries)} acknowledged entries")
        if not 0 <= p["index"] < len(entries):
            raise Unexpected(f"{kind} of entry {p['index']} of {len(entries)} acknowledged")
        old = entries[p["index"]]
        if kind == "undo" and old["event"] != p["event"]:
            raise Unexpected(f"undo of {p['event']}, the acknowledged entry is {old['event']}")
        old["undone"] = True
        if kind == "replace":
            old["replaced_by"] = (p["index"], p["event"])
            deal["entries"].append(_entry_row(p))


def _entry_row(p: dict[str, Any]) -> dict[str, Any]:
    return {
        "seq": p["index"],
        "event": p["event"],
        "refused": False,
        "undone": False,
        "replaced_by": None,
    }


def stored_rows(connection: Connection) -> list[dict[str, Any]]:
    """The matches on disk, in the same shape as ``History.matches``: every row, undone ones too
    (an SQLite file or a PostgreSQL database)."""

    def query(sql: str, **params: Any) -> list[Any]:
        return list(connection.execute(text(sql), params).all())

    matches = []
    for match_id, game in query("SELECT id, game FROM matches ORDER BY id"):
        players = [
            name
            for (name,) in query(
                "SELECT p.name FROM seats s JOIN players p ON p.id = s.player_id"
                " WHERE s.match_id = :match ORDER BY s.seat",
                match=match_id,
            )
        ]
        deals = []
        for deal_id, number, deal_undone in query(
            "SELECT id, number, undone_at IS NOT NULL FROM deals WHERE match_id = :match"
            " ORDER BY id",
            match=match_id,
        ):
            rows = query(
                "SELECT id, seq, event, refused, undone_at IS NOT NULL, replaced_by"
                " FROM entries WHERE deal_id = :deal ORDER BY id",
                deal=deal_id,
            )
            key = {row[0]: (row[1], json.loads(row[2])) for row in rows}
            entries = [
                {
                    "seq": seq,
                    "event": json.loads(event),
                    "refused": bool(refused),
                    "undone": bool(undone),
                    "replaced_by": None if by is None else key.get(by, f"row {by} elsewhere"),
                }
                for _, seq, event, refused, undone, by in rows
            ]
            deals.append({"number": number, "undone": bool(deal_undone), "entries": entries})
        matches.append({"id": match_id, "game": game, "players": players, "deals": deals})
    return matches


def differences(acknowledged: list[dict], stored: list[dict]) -> list[str]:
    """How the rows on disk differ from the acknowledged ones, in words; [] when they do not."""
    out = []
    for m, (want, have) in enumerate(zip_longest(acknowledged, stored), 1):
        if have is None:
            out.append(f"match {m} ({want['game']}): acknowledged, not on disk")
        elif want is None:
            out.append(f"match {m} ({have['game']}): on disk, never acknowledged")
        else:
            if (want["game"], want["players"]) != (have["game"], have["players"]):
                out.append(
                    f"match {m}: {have['game']} {have['players']} on disk, acknowledged"
                    f" {want['game']} {want['players']}"
                )
            for d, (wd, hd) in enumerate(zip_longest(want["deals"], have["deals"]), 1):
                out += _deal_differences(f"match {m}, deal row {d}", wd, hd)
    return out


def _deal_differences(at: str, want: dict | None, have: dict | None) -> list[str]:
    if have is None:
        assert want is not None
        return [f"{at} (deal {want['number']}): acknowledged, not on disk"]
    if want is None:
        return [f"{at} (deal {have['number']}): on disk, never acknowledged"]
    at = f"{at} (deal {want['number']})"
    out = []
    if want["number"] != have["number"]:
        out.append(f"{at}: numbered {have['number']} on disk")
    if want["undone"] != have["undone"]:
        out.append(
            f"{at}: its acknowledged undo is not on disk"
            if want["undone"]
            else f"{at}: undone on disk, its undo never acknowledged"
        )
    if want["entries"] == have["entries"]:
        return out
    wanted, found = Counter(map(_key, want["entries"])), Counter(map(_key, have["entries"]))
    out += [f"{at}: acknowledged entry {s} {e} is not on disk" for s, e in wanted - found]
    out += [f"{at}: entry {s} {e} is on disk, never acknowledged" for s, e in found - wanted]
    pairs = {key: [[], []] for key in wanted & found}  # the same entry, acknowledged and stored
    for side, entries in enumerate((want["entries"], have["entries"])):
        for entry in entries:
            if _key(entry) in pairs:
                pairs[_key(entry)][side].append(entry)
    for (seq, event), (wants, haves) in pairs.items():
        for w, h in zip(wants, haves):
            what = f"{at}, entry {seq} {event}"
            if w["undone"] != h["undone"]:
                out.append(
                    f"{what}: its acknowledged undo is not on disk"
                    if w["undone"]
                    else f"{what}: undone on disk, its undo never acknowledged"
                )
            elif w["replaced_by"] != h["replaced_by"]:
                out.append(
                    f"{what}: replaced on disk by {h['replaced_by']}, acknowledged"
                    f" replacement {w['replaced_by']}"
                )
            elif w["refused"] != h["refused"]:
                out.append(f"{what}: marked refused on disk")
    return out


def _key(entry: dict) -> tuple[int, str]:
    return entry["seq"], json.dumps(entry["event"], ensure_ascii=False)


@dataclass
class Kill:
    """Where one kill landed."""

    calls: Counter = field(default_factory=Counter)  # acknowledged calls of this child, by kind
    in_flight: str | None = None  # the call asked and not answered when the kill came
    on_disk: bool = False  # that call had reached the disk
    problems: list[str] = field(default_factory=list)


def check_after_kill(
    run: Run, db: Path | str, history: History, *, fault_ends: bool = False
) -> Kill:
    """Take in what the child acknowledged, then compare the database with it (see the
    docstring). ``db``: a file, or a PostgreSQL URL (its server checks its own pages and
    keys). ``fault_ends``: the child may have ended itself on a store fault (its server
    was killed under it) rather than be killed."""
    kill = Kill()
    asked, answers = take_in(run.lines, history, kill)
    kill.in_flight = asked[0] if asked else None
    if isinstance(db, Path):
        with closing(sqlite3.connect(db)) as connection:
            integrity = connection.execute("PRAGMA integrity_check").fetchall()
            if integrity != [("ok",)]:
                kill.problems.append(f"PRAGMA integrity_check: {integrity}")
            elif connection.execute("PRAGMA foreign_key_check").fetchall():
                kill.problems.append("PRAGMA foreign_key_check finds rows without their parent")
    engine = create_engine(db if isinstance(db, str) else f"sqlite:///{db}")
    try:
        with engine.connect() as connection:
            stored = stored_rows(connection) if not kill.problems else []
    finally:
        engine.dispose()
    rows = [{k: v for k, v in match.items() if k != "id"} for match in stored]
    found = differences(history.rows(), rows) if not kill.problems else []
    if found and asked is not None:  # the call in flight may have reached the disk, all of it
        with_it = history.copy()
        try:
            with_it.apply(*asked)
        except Unexpected:
            pass
        else:
            found_with_it = differences(with_it.rows(), rows)
            if not found_with_it:
                history.matches, kill.on_disk = with_it.matches, True
            found = min(found, found_with_it, key=len)
    flight = f" (in flight at the kill: {list(asked)})" if asked else ""
    kill.problems += [f"{problem}{flight}" for problem in found[:8]]
    if not kill.problems:
        for match, row in zip(history.matches, stored):
            match["id"] = row["id"]
        kill.problems += replay_problems(db)
    kill.problems += answers
    if not run.killed and not (fault_ends and run.code == FAULT_EXIT):
        kill.problems.append(f"the child stopped by itself (exit {run.code}):\n{run.errors}")
    return kill


def take_in(
    lines: list[list], history: History, kill: Kill
) -> tuple[tuple[str, dict] | None, list[str]]:
    """Apply the acknowledged calls to ``history``; the call in flight, and answers that do
    not fit what was asked or what was acknowledged before."""
    asked: tuple[str, dict] | None = None
    problems = []
    for line in lines:
        if line[0] == "try":
            asked = (line[1], line[2])
        elif line[0] == "ok":
            if asked is None or asked[0] != line[1]:
                problems.append(f"answer {line[1:]} to no question")
            elif any(line[2].get(k) != v for k, v in asked[1].items()):
                problems.append(f"the store answered {line[1:]} to {list(asked)}")
            try:
                history.apply(line[1], line[2])
            except Unexpected as exc:
                problems.append(f"acknowledged {line[1:]}: {exc}")
            kill.calls[line[1]] += 1
            asked = None
        elif line[0] == "refused":
            problems.append(f"the store refused a legal call: {line[1:]}")
    return asked, problems


def replay_problems(db: Path | str) -> list[str]:
    """The store opens again; every match replays without a refused entry; caches agree."""
    out = []
    store = Store(db)
    try:
        for summary in store.list_matches():
            live = store.resume(summary.id)
            result = live.verdict()
            refused = [
                (number, rejected["event"], rejected["code"])
                for number, deal in enumerate(result["deals"])
                for rejected in deal["rejected"]
            ]
            if refused:
                out.append(f"match {summary.id} replays with refused entries {refused}")
            if summary.totals != result["totals"]:
                out.append(
                    f"match {summary.id}: cached totals {summary.totals}, replayed"
                    f" {result['totals']}"
                )
            if summary.status != ("finished" if live.match.finished else "open"):
                out.append(f"match {summary.id}: cached status {summary.status} wrong")
    finally:
        store.close()
    return out


def undone_rows(db: Path | str) -> dict[str, int]:
    engine = create_engine(db if isinstance(db, str) else f"sqlite:///{db}")
    with engine.connect() as connection:
        one = lambda sql: connection.execute(text(sql)).scalar_one()  # noqa: E731
        counts = {
            "matches": one("SELECT count(*) FROM matches"),
            "entries": one("SELECT count(*) FROM entries"),
            "undone entries": one("SELECT count(*) FROM entries WHERE undone_at IS NOT NULL"),
            "replaced": one("SELECT count(*) FROM entries WHERE replaced_by IS NOT NULL"),
            "undone deals": one("SELECT count(*) FROM deals WHERE undone_at IS NOT NULL"),
        }
    engine.dispose()
    return counts


def ready(lines: list[list]) -> bool:
    return any(line[0] == "ready" for line in lines)


def describe(game: str, kills: list[Kill], rows: dict[str, int]) -> str:
    entries = [kill.calls["entry"] for kill in kills]
    inside = [kill for kill in kills if kill.in_flight]
    kinds = Counter(kill.in_flight for kill in inside)
    return (
        f"crash test {game}: {len(kills)} kills after {entries} acknowledged entries"
        f" (and {sum(k.calls['undo'] for k in kills)} undos,"
        f" {sum(k.calls['replace'] for k in kills)} replacements,"
        f" {sum(k.calls['deal'] for k in kills)} new deals);"
        f" {len(inside)} inside a store call ({dict(kinds)}),"
        f" {sum(k.on_disk for k in inside)} of them already on disk; on disk now: {rows}"
    )


# -- the tests ----------------------------------------------------------------------------

needs_fork = pytest.mark.skipif(
    not hasattr(os, "fork") or not hasattr(signal, "SIGKILL"), reason="needs fork and SIGKILL"
)


@needs_fork
@pytest.mark.parametrize("game", GAMES)
def test_killed_while_playing_loses_nothing_acknowledged(game, tmp_path, zygote_process, capsys):
    db = tmp_path / "p.db"
    rng = random.Random(f"crash {game}")
    history = History()
    kills = []
    for n in range(KILLS):
        job = {"mode": "play", "db": str(db), "game": game, "seed": rng.randrange(2**32)}
        job.update(options=None, mutant=None, undo_first=n % 2 == 1)
        run = zygote_process.run(job, ready, KILL_DELAY_S, rng)
        kill = check_after_kill(run, db, history)
        assert not kill.problems, f"{game}, kill {n + 1}:\n" + "\n".join(kill.problems)
        kills.append(kill)
    rows = undone_rows(db)
    with capsys.disabled():
        print("\n" + describe(game, kills, rows))
    assert sum(kill.calls["entry"] for kill in kills) > KILLS  # the children did get to play
    assert rows["undone entries"] + rows["undone deals"] > 0  # and to undo


TRIGGERS: dict[str, Callable[[list[list]], bool]] = {
    "undo_marks_whole_deal": lambda lines: any(
        line[:2] == ["ok", "undo"] and line[2]["index"] for line in lines
    ),
    "drops_entry": lambda lines: sum(line[:2] == ["ok", "entry"] for line in lines) >= 8,
    "acks_before_commit": lambda lines: sum(line[:2] == ["ok", "entry"] for line in lines) >= 3,
    "replace_loses_link": lambda lines: any(line[:2] == ["ok", "replace"] for line in lines),
}


@needs_fork
@pytest.mark.parametrize("mutant", [None, *MUTANTS])
def test_the_check_catches_a_broken_store(mutant, tmp_path, zygote_process, capsys):
    """Each broken store is reported; the real one, killed after every trigger, is not."""
    db = tmp_path / "p.db"
    rng = random.Random(f"mutant {mutant}")
    triggers = [TRIGGERS[mutant]] if mutant else list(TRIGGERS.values())

    def triggered(lines: list[list]) -> bool:
        return ready(lines) and all(trigger(lines) for trigger in triggers)

    job = {"mode": "play", "db": str(db), "game": "devynake", "seed": rng.randrange(2**32)}
    job.update(options={"deals": None}, mutant=mutant, undo_first=False)
    run = zygote_process.run(job, triggered, KILL_DELAY_S, rng)
    kill = check_after_kill(run, db, History())
    if mutant is None:
        assert not kill.problems, "\n".join(kill.problems)
        return
    with capsys.disabled():
        print(
            f"\nmutant {mutant}: {len(kill.problems)} problems found, the first: "
            f"{kill.problems[0] if kill.problems else None}"
        )
    assert kill.problems, f"the check did not catch the mutant {mutant}"


# -- a killed migration -------------------------------------------------------------------


@pytest.fixture(scope="module")
def old_records() -> list[dict[str, Any]]:
    """Matches of every game for the old databases: many devynake ones (cheap to make), so
    that replaying them all (revision 0002 fills the caches) takes a while."""
    rng = random.Random("old records")
    records = [played_record(game, 2, rng) for game in GAMES for _ in range(3)]
    return records + [played_record("devynake", 3, rng) for _ in range(20)]


def old_database(file: Path, revision: str, records: list[dict[str, Any]]) -> None:
    """A database at ``revision`` (0001 or 0002), built with the project's own migrations.

    The matches are written as the first schema's tables hold them, with an undone entry
    in every third deal and an undone empty deal in every fourth match; 0002 then fills
    the caches by replaying them.
    """
    engine = make_engine(file)
    with engine.begin() as connection:
        run_migrations(connection, file, None, "0001")
        sql = connection.exec_driver_sql
        at = "2024-05-01 18:00:00.000000"
        for name in PLAYERS:
            sql("INSERT INTO players (name, created_at) VALUES (?, ?)", (name, at))
        for m, record in enumerate(records):
            match, _ = load(record)
            match_id = sql(
                "INSERT INTO matches (game, options, first_dealer, stopped, status, created_at,"
                " finished_at) VALUES (?, ?, 0, 0, ?, ?, ?) RETURNING id",
                (
                    record["game"],
                    json.dumps(record["options"]),
                    "finished" if match.finished else "open",
                    at,
                    at if match.finished else None,
                ),
            ).scalar_one()
            for seat in range(len(PLAYERS)):
                sql("INSERT INTO seats VALUES (?, ?, ?)", (match_id, seat, seat + 1))
            deals = [deal["events"] for deal in record["deals"]]
            for number, events in enumerate(deals + ([[]] if m % 4 == 0 else [])):
                undone = at if number == len(deals) else None
                deal_id = sql(
                    "INSERT INTO deals (match_id, number, started_at, undone_at)"
                    " VALUES (?, ?, ?, ?) RETURNING id",
                    (match_id, number, at, undone),
                ).scalar_one()
                rows = [
                    (deal_id, seq, json.dumps(event), at, None) for seq, event in enumerate(events)
                ]
                if number % 3 == 0 and undone is None:
                    rows.append((deal_id, len(events), json.dumps({"type": "annul"}), at, at))
                for row in rows:
                    sql(
                        "INSERT INTO entries (deal_id, seq, event, refused, at, undone_at)"
                        " VALUES (?, ?, ?, 0, ?, ?)",
                        row,
                    )
        if revision != "0001":
            run_migrations(connection, file, "0001", revision)
    engine.dispose()


def dump(file: Path) -> dict[str, Any]:
    """Everything in the database: its check, its schema and every row of every table.

    No file at all is the same as an empty database.
    """
    if not file.exists():
        return {"integrity": [("ok",)], "revision": None, "schema": [], "rows": {}}
    with closing(sqlite3.connect(file)) as connection:
        schema = sorted(connection.execute("SELECT type, name, tbl_name, sql FROM sqlite_master"))
        tables = {name for kind, name, _, _ in schema if kind == "table"}
        revision = "SELECT version_num FROM alembic_version"
        return {
            "integrity": connection.execute("PRAGMA integrity_check").fetchall(),
            "revision": connection.execute(revision).fetchall()
            if "alembic_version" in tables
            else None,
            "schema": schema,
            "rows": {
                name: sorted(connection.execute(f'SELECT * FROM "{name}"').fetchall(), key=repr)
                for kind, name, _, _ in schema
                if kind == "table"
            },
        }


def between(state: dict[str, Any], old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """What of ``state`` is neither as in ``old`` nor as in ``new``."""
    parts = [
        part
        for part in ("integrity", "revision", "schema")
        if state[part] not in (old[part], new[part])
    ]
    for table in sorted(set(state["rows"]) | set(old["rows"]) | set(new["rows"])):
        rows = state["rows"].get(table)
        if rows != old["rows"].get(table) and rows != new["rows"].get(table):
            parts.append(f"the rows of {table}")
    return parts or ["each part is as in one of them, but not all as in the same one"]


@needs_fork
@pytest.mark.parametrize("revision", [None, "0001", "0002"], ids=["first-start", "0001", "0002"])
def test_killed_while_migrating_leaves_old_or_new_never_between(
    revision, tmp_path, zygote_process, old_records, capsys
):
    """From 0001 and 0002; and a first start, which creates the schema in a new file."""
    old_file, new_file = tmp_path / "old.db", tmp_path / "new.db"
    if revision is not None:
        old_database(old_file, revision, old_records)
        assert not Path(f"{old_file}-wal").exists()  # the whole database is in the one file
        shutil.copyfile(old_file, new_file)
    open_database(new_file).engine.dispose()
    old, new = dump(old_file), dump(new_file)
    assert old["revision"] == (revision and [(revision,)]) and new["revision"] == [(HEAD,)]
    assert old["rows"].get("entries", []) == new["rows"]["entries"]  # the upgrade keeps them
    if revision == "0001":  # a file upgraded only half-way is told apart from both
        halfway = tmp_path / "halfway.db"
        old_database(halfway, "0002", old_records)
        assert between(dump(halfway), old, new) == [
            "revision",
            "schema",
            "the rows of alembic_version",
            "the rows of matches",  # 0004 gives every match its revision column
        ]

    rng = random.Random(f"migration {revision}")
    landed, took = [], 0.0
    for n in range(MIGRATION_KILLS):
        file = tmp_path / f"kill{n}.db"
        if revision is not None:
            shutil.copyfile(old_file, file)
        # The first child is killed once it said "ready", which times the upgrade; the others a
        # random time after it began, up to half as long again as the upgrade took.
        phase = "ready" if n == 0 else "migrating"
        run = zygote_process.run(
            {"mode": "open", "db": str(file)},
            lambda lines, phase=phase: [phase] in lines,
            (0.0, 0.0) if n == 0 else (0.0, took * 1.5),
            rng,
        )
        assert run.killed, f"the child stopped by itself (exit {run.code}):\n{run.errors}"
        if n == 0:
            took = run.times[run.lines.index(["ready"])] - run.times[run.lines.index(["migrating"])]
        state = dump(file)
        assert state in (old, new), f"kill {n + 1} left the database half-migrated: " + ", ".join(
            between(state, old, new)
        )
        landed.append((run.lines[-1][0], "old" if state == old else "new", round(run.delay, 3)))
        Store(file).close()  # a later open succeeds ...
        assert dump(file) == new  # ... and finishes the upgrade
    with capsys.disabled():
        print(
            f"\nkilled migration from {revision or 'no file'} (it takes {took:.3f} s here):"
            f" (last line, file after the kill, delay) = {landed}"
        )


if __name__ == "__main__" and sys.argv[1:] == ["zygote"]:
    zygote()
