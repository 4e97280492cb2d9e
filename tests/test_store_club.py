"""Club mode: many tables writing to one PostgreSQL store at once, and what opening a
server says when it cannot be used.

The concurrency tests run real processes against the session's PostgreSQL server
(``conftest.postgres_server``), where writes truly run at the same time: every
acknowledged entry must be stored exactly once, each match must give the referee's
verdict, and two writers on one match must never fork it.
"""

from __future__ import annotations

import json
import multiprocessing
import sys
import threading
import time

import pytest
from conftest import rows
from postgres import free_port
from referee_cli import referee_cli

from app.cli import main
from bench.table import PLAYERS, next_entry
from models import DatabaseUnavailable, StaleMatch, Store, StoreFault
from models.migrate import HEAD, ForeignDatabase, NewerDatabase
from rules import load
from rules.match import Status
from rules.record import verdict

TABLES = 20
ENTRIES = 200
DEVICES = 8  # starting at once on a new database


def play(url, seed, entries, match_id, start, results):
    """One table (a process of its own): enter ``entries`` legal entries on a match – its
    own new one, or ``match_id`` shared with another table – and report each
    acknowledged entry as (deal, index, event), the time each took and the StaleMatch
    answers. On StaleMatch the table sees the match as stored and goes on from there.
    Told the store is busy (a lock waited for past its limit: on a machine loaded far
    beyond a club's server, twenty matches begun at once queue on the roster's lock),
    nothing was stored, and the table taps again, as an operator would."""
    import random

    rng = random.Random(seed)
    try:
        store = Store(url)
        start.wait()
        while True:
            try:
                if match_id is None:
                    live = store.create_match(
                        game="devynake", players=PLAYERS, options={"deals": None}
                    )
                else:
                    live = store.resume(match_id)
                break
            except StoreFault as fault:  # twenty new matches wait on the roster's lock
                if fault.kind != "busy":
                    raise
        acknowledged, seconds, stale = [], [], 0
        while len(acknowledged) + stale < entries:
            began = time.perf_counter()
            try:
                current = live.match.current
                if current is None or current.status is not Status.OPEN:
                    live.start_deal()
                    continue
                event = next_entry(live.match, rng)
                outcome = live.add_entry(event)
            except StaleMatch:
                stale += 1
                continue
            except StoreFault as fault:
                if fault.kind != "busy":
                    raise
                continue  # told busy, nothing stored: the operator taps again
            seconds.append(time.perf_counter() - began)
            assert outcome.accepted, outcome.refusal
            acknowledged.append((live.match.current.number, outcome.index, event))
        mine = verdict(live.match, live.names) if match_id is None else None
        results.put((seed, live.match_id, acknowledged, seconds, stale, mine))
        store.close()
    except BaseException as exc:
        results.put((seed, None, repr(exc), [], 0, None))
        raise


def run_tables(url, count, entries, match_id=None):
    """``count`` tables at once (forked processes), each reporting as ``play`` says."""
    context = multiprocessing.get_context("fork")
    start, results = context.Barrier(count), context.Queue()
    tables = [
        context.Process(target=play, args=(url, seed, entries, match_id, start, results))
        for seed in range(count)
    ]
    for table in tables:
        table.start()
    reports = [results.get(timeout=600) for _ in tables]
    for table in tables:
        table.join(60)
    failed = [report[2] for report in reports if report[1] is None]
    assert not failed, failed
    return reports


def stored_events(store, match_id):
    record = json.loads(store.export_record(match_id))
    return record, [
        (number, index, event)
        for number, deal in enumerate(record["deals"])
        for index, event in enumerate(deal["events"])
    ]


def referee(files):
    """``python -m rules`` on each file (in this process: ``referee_cli``); their verdicts."""
    verdicts = []
    for file in files:
        run = referee_cli(str(file))
        assert run.returncode == 0, run.stderr
        verdicts.append(json.loads(run.stdout))
    return verdicts


def test_twenty_tables_at_once_lose_nothing_and_fork_nothing(postgres_server, tmp_path):
    url = postgres_server.create_database()
    Store(url).close()  # migrated before the tables start, as a club's server would be
    began = time.perf_counter()
    reports = run_tables(url, TABLES, ENTRIES)
    elapsed = time.perf_counter() - began
    store = Store(url)
    files = []
    for seed, match_id, acknowledged, _, stale, _ in reports:
        _, events = stored_events(store, match_id)
        assert events == acknowledged, f"table {seed}: stored entries differ from acknowledged"
        assert stale == 0  # each table has its own match: nobody else writes to it
        files.append(tmp_path / f"{match_id}.json")
        files[-1].write_bytes(store.export_record(match_id))
    for (seed, _, _, _, _, mine), theirs in zip(reports, referee(files)):
        assert mine == theirs, f"table {seed}: the live match and the referee disagree"
    assert len({report[1] for report in reports}) == TABLES
    assert len(store.roster()) == len(PLAYERS)  # the tables seated the same people once
    store.close()
    seconds = sorted(s for report in reports for s in report[3])
    print(
        f"\n{TABLES} tables × {ENTRIES} entries on PostgreSQL: {len(seconds)} entries in "
        f"{elapsed:.1f} s, {len(seconds) / elapsed:.0f} entries/s, "
        f"p50 {seconds[len(seconds) // 2] * 1e3:.1f} ms, "
        f"p99 {seconds[int(len(seconds) * 0.99)] * 1e3:.1f} ms"
    )
    postgres_server.drop_database(url)


def test_two_tables_on_one_match_never_fork_it(postgres_server):
    url = postgres_server.create_database()
    store = Store(url)
    match_id = store.create_match(
        game="devynake", players=PLAYERS, options={"deals": None}
    ).match_id
    reports = run_tables(url, 2, ENTRIES, match_id)
    record, events = stored_events(store, match_id)
    store.close()
    acknowledged = sorted(entry for report in reports for entry in report[2])
    assert events == acknowledged  # each acknowledged entry once, nothing else
    match, _ = load(record)
    assert all(not log.rejected for log in match.deals)  # one line of play, not two mixed
    stale = [report[4] for report in reports]
    assert sum(stale) > 0, "the two tables never met: the test proved nothing"
    print(f"\ntwo tables on one match: {len(events)} entries stored, StaleMatch {stale}")
    postgres_server.drop_database(url)


def test_the_loser_waits_for_the_winner_then_is_told_and_sees_its_entry(postgres_server):
    """The winner's transaction is held open after its write; the loser's write waits on
    the match's row lock (seen in pg_stat_activity), and when the winner commits the
    loser gets StaleMatch and its screen shows the winner's entry."""
    url = postgres_server.create_database()
    first, second = Store(url), Store(url)
    winner = first.create_match(game="devynake", players=PLAYERS)
    winner.start_deal()
    loser = second.resume(winner.match_id)
    inside, release = threading.Event(), threading.Event()
    commit = winner.match.commit

    def held_commit(entry):
        inside.set()
        assert release.wait(60)
        return commit(entry)

    winner.match.commit = held_commit
    done = threading.Thread(
        target=winner.add_entry, args=({"type": "play", "player": 1, "card": "9H"},)
    )
    done.start()
    assert inside.wait(60)
    answer: list[BaseException] = []

    def enter():
        try:
            loser.add_entry({"type": "play", "player": 1, "card": "9S"})
        except StaleMatch as stale:
            answer.append(stale)

    racing = threading.Thread(target=enter)
    racing.start()
    waiting = 0
    for _ in range(600):
        waiting = postgres_server.value(
            "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
        )
        if waiting:
            break
        time.sleep(0.05)
    assert waiting == 1, "the second write never waited for the first"
    release.set()
    done.join(60)
    racing.join(60)
    assert len(answer) == 1
    assert [e.to_record() for _, e in loser.match.current.accepted] == [
        {"type": "play", "player": 1, "card": "9H"}
    ]
    assert loser.add_entry({"type": "play", "player": 2, "card": "10H"}).accepted
    assert json.loads(second.export_record(winner.match_id))["deals"][0]["events"] == [
        {"type": "play", "player": 1, "card": "9H"},
        {"type": "play", "player": 2, "card": "10H"},
    ]
    first.close()
    second.close()
    postgres_server.drop_database(url)


def events(store, match_id):
    return json.loads(store.export_record(match_id))["deals"][0]["events"]


def held_write(winner):
    """Start ``winner``'s write of 9H and hold its transaction open (the match's row locked)
    until the returned event is set; the thread writing it."""
    inside, release = threading.Event(), threading.Event()
    commit = winner.match.commit

    def held_commit(entry):
        inside.set()
        assert release.wait(60)
        return commit(entry)

    winner.match.commit = held_commit
    done = threading.Thread(
        target=winner.add_entry, args=({"type": "play", "player": 1, "card": "9H"},)
    )
    done.start()
    assert inside.wait(60)
    return release, done


@pytest.mark.parametrize(
    ("limit", "kind", "words"),
    [
        ("LOCK_TIMEOUT_S", "busy", "is busy: another program has been writing to it for 0.5 s"),
        ("STATEMENT_TIMEOUT_S", "timeout", "did not finish in 0.5 s"),
    ],
    ids=["lock", "statement"],
)
def test_a_write_that_waits_too_long_is_told_and_not_stored(
    postgres_server, monkeypatch, limit, kind, words
):
    """Another table holds the match's row: the waiting write gives up after the lock (or
    statement) timeout with one sentence, nothing of it stored – never a hung table."""
    import models.engine

    monkeypatch.setattr(models.engine, limit, 0.5)
    url = postgres_server.create_database()
    first, second = Store(url), Store(url)
    winner = first.create_match(game="devynake", players=PLAYERS)
    winner.start_deal()
    waiting = second.resume(winner.match_id)
    release, done = held_write(winner)
    try:
        with pytest.raises(StoreFault) as told:
            waiting.add_entry({"type": "play", "player": 1, "card": "9S"})
    finally:
        release.set()
        done.join(60)
    assert told.value.kind == kind
    assert words in told.value.message("en") and "\n" not in told.value.message("lt")
    assert events(first, winner.match_id) == [{"type": "play", "player": 1, "card": "9H"}]
    assert waiting.refresh()  # the winner's entry, committed once let go
    assert waiting.add_entry({"type": "play", "player": 2, "card": "10H"}).accepted
    first.close()
    second.close()
    postgres_server.drop_database(url)


def test_a_server_gone_mid_write_leaves_the_entry_unacknowledged_and_says_so(postgres_server):
    """The connection of a write waiting on the match's row is ended by the server (as
    when it goes down): the table is told the entry was not saved and why, nothing of it
    is stored, and the next write, once the server answers, reads the match anew."""
    from app.table.model import TableModel

    url = postgres_server.create_database()
    first, second = Store(url), Store(url)
    winner = first.create_match(game="devynake", players=PLAYERS)
    winner.start_deal()
    table = TableModel(second.resume(winner.match_id), "lt")
    release, done = held_write(winner)
    try:
        ended = []

        def end_the_waiting_write():
            for _ in range(600):  # until the write waits on the row: then its connection ends
                if postgres_server.value(
                    "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                    f" WHERE datname = '{name(url)}' AND wait_event_type = 'Lock'"
                ):
                    ended.append(True)
                    return
                time.sleep(0.05)

        ender = threading.Thread(target=end_the_waiting_write)
        ender.start()
        table.tap_card("9S")  # waits on the winner's row until its connection is ended
        ender.join(60)
    finally:
        release.set()
        done.join(60)
    assert ended, "the write never waited on the row"
    assert table.notice.kind == "refused"
    assert table.notice.text.startswith("Neįrašyta: Nepavyksta pasiekti")
    assert events(first, winner.match_id) == [{"type": "play", "player": 1, "card": "9H"}]
    table.refresh_from_store()  # the server answers again: the table as stored
    table.shown(table.keeper.revision)
    assert table.entries() == [(1, "Jonas – širdžių devynakė")]
    table.tap_card("10H")
    assert table.notice is None and len(table.entries()) == 2
    first.close()
    second.close()
    postgres_server.drop_database(url)


def test_a_server_database_is_migrated_and_a_newer_or_foreign_one_refused(postgres_server):
    url = postgres_server.create_database()
    Store(url).close()
    assert rows(url, "SELECT version_num FROM alembic_version") == [(HEAD,)]
    postgres_server.admin("UPDATE alembic_version SET version_num = '9999'", name(url))
    with pytest.raises(NewerDatabase, match="newer version"):
        Store(url)
    foreign = postgres_server.create_database()
    postgres_server.admin("CREATE TABLE invoices (id integer)", name(foreign))
    with pytest.raises(ForeignDatabase):
        Store(foreign)
    assert rows(foreign, "SELECT count(*) FROM invoices") == [(0,)]
    for made in (url, foreign):
        postgres_server.drop_database(made)


def name(url):
    return url.rsplit("/", 1)[1]


@pytest.fixture
def log_here(monkeypatch, tmp_path):
    """The command line's log in the test's folder (a server has no file to log beside)."""
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path))


def test_a_dropped_table_is_the_servers_own_words_not_a_traceback(postgres_server):
    url = postgres_server.create_database()
    store = Store(url)
    live = store.create_match(game="devynake", players=PLAYERS)
    live.start_deal()
    postgres_server.admin("DROP TABLE entries", name(url))
    with pytest.raises(StoreFault) as told:
        live.add_entry({"type": "play", "player": 1, "card": "9H"})
    assert told.value.kind == "unavailable"
    assert 'relation "entries" does not exist' in told.value.message("en")
    store.close()
    postgres_server.drop_database(url)


def test_entries_the_server_refuses_on_import_are_told_and_nothing_is_stored(postgres_server):
    """An import's entries go to the server in bulk (``COPY``), past SQLAlchemy: a refusal
    there is one sentence in the server's words all the same, and the import stores
    nothing at all."""
    url = postgres_server.create_database()
    store = Store(url)
    record = {
        "format": 1,
        "game": "devynake",
        "players": list(PLAYERS),
        "options": {},
        "first_dealer": 0,
        "deals": [{"events": [{"type": "play", "player": 1, "card": "9H"}]}],
    }
    postgres_server.admin(
        "ALTER TABLE entries ADD CONSTRAINT no_nine CHECK (event NOT LIKE '%9H%')", name(url)
    )
    with pytest.raises(StoreFault) as told:
        store.import_records([record])
    assert told.value.kind == "unavailable"
    assert "no_nine" in told.value.message("en") and "\n" not in told.value.message("lt")
    assert rows(url, "SELECT count(*) FROM matches")[0][0] == 0
    assert rows(url, "SELECT count(*) FROM players")[0][0] == 0
    store.close()
    postgres_server.drop_database(url)


def test_connections_the_server_closed_are_made_again_unseen(postgres_server):
    """A server restarted (here: every connection of the database ended by the
    administrator) costs the next call a reconnect, not a fault."""
    url = postgres_server.create_database()
    store = Store(url)
    live = store.create_match(game="devynake", players=PLAYERS)
    live.start_deal()
    ended = postgres_server.value(
        "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
        f" WHERE datname = '{name(url)}'"
    )
    assert ended >= 1
    assert live.add_entry({"type": "play", "player": 1, "card": "9H"}).accepted
    assert len(store.list_matches()) == 1
    store.close()
    postgres_server.drop_database(url)


def test_an_unreachable_server_is_one_sentence_in_both_languages(log_here, capsys):
    pytest.importorskip("psycopg", reason="the PostgreSQL driver is not installed")
    url = f"postgresql+psycopg://partija:secret@127.0.0.1:{free_port()}/club"
    with pytest.raises(StoreFault) as told:
        Store(url)
    assert told.value.kind == "unreachable"
    for lang, words in (("en", "cannot be reached"), ("lt", "Nepavyksta pasiekti")):
        sentence = told.value.message(lang)
        assert words in sentence and "\n" not in sentence and "secret" not in sentence
    assert main(["--db", url, "matches"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "cannot be reached" in err


def test_the_app_tells_an_unreachable_server_in_the_players_language(monkeypatch):
    pytest.importorskip("psycopg", reason="the PostgreSQL driver is not installed")
    from app.run import open_store

    monkeypatch.setenv("PARTIJA_DB", f"postgresql://partija@127.0.0.1:{free_port()}/club")
    store, problem = open_store("lt")
    assert store is None and "Nepavyksta pasiekti" in problem


def test_without_the_driver_the_app_says_what_to_install(log_here, monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "psycopg", None)  # import psycopg now fails
    url = "postgresql://partija@127.0.0.1/club"
    with pytest.raises(StoreFault) as told:
        Store(url)
    assert told.value.kind == "no_driver"
    assert "uv sync --group club" in told.value.message("en")
    assert "tvarkyklė neįdiegta" in told.value.message("lt")
    assert main(["--db", url, "matches"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "driver is not installed" in err


def test_a_url_of_another_database_is_refused_in_one_line(log_here, capsys):
    with pytest.raises(DatabaseUnavailable, match="PostgreSQL URL"):
        Store("mysql://partija@127.0.0.1/club")
    assert main(["--db", "mysql://partija:secret@127.0.0.1/club", "matches"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "mysql://partija:***@127.0.0.1/club" in err
    assert "secret" not in err


def open_at_once(url, start, results):
    try:
        start.wait()
        Store(url).close()
        results.put("opened")
    except BaseException as exc:
        results.put(repr(exc))


def test_devices_starting_at_once_on_a_new_database_migrate_it_once(postgres_server):
    url = postgres_server.create_database()
    context = multiprocessing.get_context("fork")
    start, results = context.Barrier(DEVICES), context.Queue()
    devices = [
        context.Process(target=open_at_once, args=(url, start, results)) for _ in range(DEVICES)
    ]
    for device in devices:
        device.start()
    answers = [results.get(timeout=120) for _ in devices]
    for device in devices:
        device.join(60)
    assert answers == ["opened"] * DEVICES
    assert rows(url, "SELECT version_num FROM alembic_version") == [(HEAD,)]
    postgres_server.drop_database(url)


def test_two_devices_saving_a_new_setting_at_once_both_succeed(postgres_server):
    """The first device's save is held open; the second's waits on the key, then
    replaces the value instead of failing on the key's uniqueness."""
    from sqlmodel import Session

    from models.engine import make_server_engine, server_url
    from models.settings import write_setting

    url = postgres_server.create_database()
    first, second = make_server_engine(server_url(url)), Store(url)
    saved: list[BaseException | None] = []

    def save():
        try:
            second.save_setting("lang", "en")
        except BaseException as exc:
            saved.append(exc)
        else:
            saved.append(None)

    with Session(first) as session, session.begin():
        write_setting(session, "lang", "lt")
        racing = threading.Thread(target=save)
        racing.start()
        for _ in range(600):
            if postgres_server.value(
                "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
            ):
                break
            time.sleep(0.05)
        else:
            pytest.fail("the second save never waited for the first")
    racing.join(60)
    assert saved == [None]
    assert second.settings() == {"lang": "en"}
    first.dispose()
    second.close()
    postgres_server.drop_database(url)
